/*
 * sc_game.c - Space Capture, the dialogue: the flow chart of the 8008
 * listing (START, OVER, INAGN/NOTNO, PLAYIN, CONTIN, INX/INY, HITEST,
 * ZERSEC, PHASOR, BOMB, CAPTURED) walked on the contract, the engine's
 * messages printed byte for byte.
 *
 * The book's register L counted while CKINP found no key, so its value
 * when Y came depended on how long the player took.  Here the session's
 * generator stands in for it (seeded by --seed, or stirred by the
 * player's answer times) and is read at the two places the listing reads
 * L: the Y of WANT TO PLAY and the Y coordinate of every shot.
 *
 * Beyond the book: lower-case y and n answer WANT TO PLAY; keys that
 * cannot be an answer are passed over unechoed (the listing's INPUTN
 * echoed them; not echoing lets line-mode clients, which send CR LF after
 * each key, play cleanly); G shows the paper grid; Q at any question
 * leaves with the book's POOR SPORT! (mid-game too: the listing's only
 * way out was N at WANT TO PLAY); a game is kept under a resume code
 * after every shot (keep.h) and picked up at the next YOU ARE FIRING TO;
 * wins and losses go to the hall of fame.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "sc_dialog.h"

static const tty_hof_metric sc_hof[] = {
    { "wins", "SHIPS CAPTURED", TTY_HOF_COUNT },
    { "losses", "GAMES LOST", TTY_HOF_COUNT },
    { 0, 0, 0 }
};

/* The key that leaves the game from any question (not in the book). */
#define SC_LEAVE 'Q'

/* What the dialogue is waiting for, so that the prompt can be printed
 * again after the grid or a new window size. */
enum { SC_ASK_WANT, SC_ASK_X, SC_ASK_Y };

/*
 * ",  Y = " after an X digit, as the book prints it; on a window too
 * narrow for the whole line ("MY LAST POSITION WAS:  X = 2,  Y = 2" is 36
 * columns) the Y goes on a line of its own after the comma, never cut by
 * the window's edge (a deviation the man page notes).
 */
static void sc_print_y(tty_io *io)
{
    size_t line = strlen(sc_msg_playin) - 3 + 1 + strlen(sc_msg_y) + 1;
    if ((int)line > wrap_width(tty_get_caps(io)))
        tty_msg(io, ",\r\nY = ");
    else
        tty_msg(io, sc_msg_y);
}

static void sc_prompt(sc_session *p, int ask, int x)
{
    if (ask == SC_ASK_WANT) {
        wrap_print(p->io, 0, 0, sc_msg_over);
        return;
    }
    wrap_print(p->io, 0, 0, sc_msg_contin);
    if (ask == SC_ASK_Y) {
        tty_print(p->io, '0' + x);
        sc_print_y(p->io);
    }
}

/*
 * INAGN and INX/INY: wait for a key the listing acts on and echo it; any
 * other key waits on, as the listing's loops do.  Returns the key (folded
 * to upper case) or TTY_EOF.  x is the X typed when asking for Y.
 */
static int sc_answer(sc_session *p, int ask, int x)
{
    for (;;) {
        int c = tty_inkey(p->io);
        if (c == TTY_EOF)
            return c;
        if (c == TTY_KEY_RESIZE) {
            sc_view_resize(p);
            sc_prompt(p, ask, x);
            continue;
        }
        if (c >= 'a' && c <= 'z')
            c -= 'a' - 'A';
        if (c == 'G') {
            tty_echo(p->io, c);
            if (sc_view_grid(p))
                sc_prompt(p, ask, x);
            continue;
        }
        if (c == SC_LEAVE) {
            tty_echo(p->io, c);
            return c;
        }
        if (ask == SC_ASK_WANT ? sc_want(c) != SC_WAIT : sc_coord(c) != 0) {
            tty_echo(p->io, c);
            return c;
        }
    }
}

/* Register L as INAGN and INY leave it when the key has come: the next
 * value the operator gave with --counter (so that a run such as the
 * book's sample game replays through the dialogue), else the session's
 * generator. */
static uint8_t sc_counter(sc_session *p)
{
    if (p->counter && *p->counter) {
        const char *at = p->counter;
        char *end;
        unsigned long l = strtoul(at, &end, 10);
        p->counter = *end == ',' ? end + 1 : NULL;
        if (end != at && l <= 255)
            return (uint8_t)l;
    }
    return (uint8_t)tty_random(p->io);
}

/*
 * The game on, as kept after every shot: 'S' 'K' 1, the session's
 * generator (16 bytes, little-endian, so that a seeded game goes on as it
 * would have), then the engine's save (sc_save.c).
 */
enum { SC_KEEP_HEAD = 19, SC_KEEP_MAX = SC_KEEP_HEAD + SC_SAVE_MAX };

static void sc_keep(sc_session *p)
{
    uint8_t buf[SC_KEEP_MAX];
    tty_rng_state r;
    tty_random_get(p->io, &r);
    buf[0] = 'S';
    buf[1] = 'K';
    buf[2] = 1;
    for (int i = 0; i < 16; i++)
        buf[3 + i] = (uint8_t)(r.s[i / 8] >> (8 * (i % 8)));
    size_t n = sc_save(&p->g, buf + SC_KEEP_HEAD, SC_SAVE_MAX);
    if (n)
        keep_store(&p->k, p->io, buf, SC_KEEP_HEAD + n);
}

/* A kept game back: 0, or -1 if the bytes are not one. */
static int sc_unkeep(sc_session *p, const uint8_t *buf, size_t len)
{
    if (len < SC_KEEP_HEAD || buf[0] != 'S' || buf[1] != 'K' || buf[2] != 1 ||
        sc_load(&p->g, buf + SC_KEEP_HEAD, len - SC_KEEP_HEAD) != 0 ||
        p->g.nreports == 0 || p->g.nfired == 0)
        return -1;
    tty_rng_state r = { { 0, 0 } };
    for (int i = 0; i < 16; i++)
        r.s[i / 8] |= (uint64_t)buf[3 + i] << (8 * (i % 8));
    tty_random_set(p->io, &r);
    return 0;
}

static void sc_report(sc_session *p, int x, int y)
{
    wrap_print(p->io, 0, 0, sc_msg_playin);
    tty_print(p->io, '0' + x);
    sc_print_y(p->io);
    tty_print(p->io, '0' + y);
}

/* PLAYIN to the end of one game (BOMB, PHASOR or CAPTURED), or from the
 * position a kept game was left in.  Returns TTY_EOF if the player hung
 * up (the game stays kept), SC_LEAVE if they left. */
static int sc_game_play(sc_session *p, int resumed)
{
    tty_io *io = p->io;
    for (;;) {
        if (resumed) {
            /* where the ship was last reported; it has moved since */
            resumed = 0;
            sc_report(p, p->g.report[p->g.nreports - 1][0],
                      p->g.report[p->g.nreports - 1][1]);
        } else {
            /* PLAYIN: MY LAST POSITION WAS, then TRYMOV and the counter. */
            sc_report(p, p->g.x, p->g.y);
            int turn = sc_turn(&p->g);
            sc_view_update(p);
            if (turn == SC_CAPTURED) {
                wrap_print(io, 0, 0, sc_msg_captured);
                keep_forget(&p->k, io);
                tty_hof_add(io, "spacecapture", "wins", 1, "CAPTURED");
                return 0;
            }
            if (turn == SC_PHASOR) {
                wrap_print(io, 0, 0, sc_msg_phasor);
                keep_forget(&p->k, io);
                tty_hof_add(io, "spacecapture", "losses", 1,
                            "OUT OF PHASOR ENERGY");
                return 0;
            }
            if (p->g.nfired > 0)
                sc_keep(p);         /* a shot answered: committed */
        }
        /* CONTIN, INX, INY */
        wrap_print(io, 0, 0, sc_msg_contin);
        int x = sc_answer(p, SC_ASK_X, 0);
        if (x == TTY_EOF || x == SC_LEAVE)
            return x;
        x = sc_coord(x);
        sc_print_y(io);
        int y = sc_answer(p, SC_ASK_Y, x);
        if (y == TTY_EOF || y == SC_LEAVE)
            return y;
        /* HITEST, then BOMB or ZERSEC */
        uint8_t l = sc_counter(p);
        if (sc_fire(&p->g, x, sc_coord(y), l) == SC_HIT) {
            wrap_print(io, 0, 0, sc_msg_bomb);
            keep_forget(&p->k, io);
            tty_hof_add(io, "spacecapture", "losses", 1, "HIT THE SHIP");
            return 0;
        }
        sc_view_update(p);
    }
}

static int sc_run(tty_io *io, const tty_launch *launch)
{
    sc_session p = { .io = io, .counter = tty_option(io, "counter") };
    keep_init(&p.k, "spacecapture", launch);
    sc_view_open(&p);
    int c = 0;
    if (launch && launch->code) {
        if (sc_unkeep(&p, launch->data, launch->len) != 0) {
            wrap_print(io, 0, 0, "\r\n(THAT SAVE IS NOT A SPACE CAPTURE "
                                 "GAME: A NEW GAME.)");
            keep_forget(&p.k, io);
            memset(&p.g, 0, sizeof p.g);
        } else {
            wrap_print(io, 0, 0, "\r\n(RESUMED.)");     /* not in the book */
            sc_view_update(&p);
            c = sc_game_play(&p, 1);
        }
    } else {
        wrap_print(io, 0, 0, sc_msg_start);      /* START */
    }
    while (c != TTY_EOF && c != SC_LEAVE) {
        wrap_print(io, 0, 0, sc_msg_over);   /* OVER */
        c = sc_answer(&p, SC_ASK_WANT, 0);
        if (c == TTY_EOF || c == SC_LEAVE || sc_want(c) == SC_NO)
            break;
        sc_start(&p.g, sc_counter(&p)); /* NOTNO */
        sc_view_update(&p);
        c = sc_game_play(&p, 0);
    }
    if (c == SC_LEAVE)
        keep_forget(&p.k, io);      /* left on purpose: not kept */
    if (c != TTY_EOF) {
        wrap_print(io, 0, 0, sc_msg_poor);   /* and HLT */
        tty_msg(io, "\r\n");
    }
    sc_view_close(&p);
    return 0;
}

const tty_game sc_game = {
    .name = "spacecapture",
    .title = "SPACE CAPTURE",
    .source = "SCELBI 1976",
    .run = sc_run,
    .hof = sc_hof,
    .tool = 0,
    .tool_main = 0,
};
