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
 * way out was N at WANT TO PLAY); wins and losses go to the hall of
 * fame.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
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

static void sc_prompt(sc_session *p, int ask, int x)
{
    if (ask == SC_ASK_WANT) {
        tty_msg(p->io, sc_msg_over);
        return;
    }
    tty_msg(p->io, sc_msg_contin);
    if (ask == SC_ASK_Y) {
        tty_print(p->io, '0' + x);
        tty_msg(p->io, sc_msg_y);
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

/* Register L as INAGN and INY leave it when the key has come. */
static uint8_t sc_counter(sc_session *p)
{
    return (uint8_t)tty_random(p->io);
}

/* PLAYIN to the end of one game (BOMB, PHASOR or CAPTURED).  Returns
 * TTY_EOF if the player hung up, SC_LEAVE if they left. */
static int sc_game_play(sc_session *p)
{
    tty_io *io = p->io;
    for (;;) {
        /* PLAYIN: MY LAST POSITION WAS, then TRYMOV and the counter. */
        tty_msg(io, sc_msg_playin);
        tty_print(io, '0' + p->g.x);
        tty_msg(io, sc_msg_y);
        tty_print(io, '0' + p->g.y);
        int turn = sc_turn(&p->g);
        sc_view_update(p);
        if (turn == SC_CAPTURED) {
            tty_msg(io, sc_msg_captured);
            tty_hof_add(io, "spacecapture", "wins", 1, "CAPTURED");
            return 0;
        }
        if (turn == SC_PHASOR) {
            tty_msg(io, sc_msg_phasor);
            tty_hof_add(io, "spacecapture", "losses", 1,
                        "OUT OF PHASOR ENERGY");
            return 0;
        }
        /* CONTIN, INX, INY */
        tty_msg(io, sc_msg_contin);
        int x = sc_answer(p, SC_ASK_X, 0);
        if (x == TTY_EOF || x == SC_LEAVE)
            return x;
        x = sc_coord(x);
        tty_msg(io, sc_msg_y);
        int y = sc_answer(p, SC_ASK_Y, x);
        if (y == TTY_EOF || y == SC_LEAVE)
            return y;
        /* HITEST, then BOMB or ZERSEC */
        uint8_t l = sc_counter(p);
        if (sc_fire(&p->g, x, sc_coord(y), l) == SC_HIT) {
            tty_msg(io, sc_msg_bomb);
            tty_hof_add(io, "spacecapture", "losses", 1, "HIT THE SHIP");
            return 0;
        }
        sc_view_update(p);
    }
}

static int sc_run(tty_io *io, const tty_launch *launch)
{
    (void)launch;
    sc_session p = { .io = io };
    sc_view_open(&p);
    tty_msg(io, sc_msg_start);      /* START */
    for (;;) {
        tty_msg(io, sc_msg_over);   /* OVER */
        int c = sc_answer(&p, SC_ASK_WANT, 0);
        if (c == TTY_EOF)
            break;
        if (c == SC_LEAVE || sc_want(c) == SC_NO) {
            tty_msg(io, sc_msg_poor);   /* and HLT */
            tty_msg(io, "\r\n");
            break;
        }
        sc_start(&p.g, sc_counter(&p)); /* NOTNO */
        sc_view_update(&p);
        c = sc_game_play(&p);
        if (c == TTY_EOF)
            break;
        if (c == SC_LEAVE) {
            tty_msg(io, sc_msg_poor);
            tty_msg(io, "\r\n");
            break;
        }
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
