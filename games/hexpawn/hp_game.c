/*
 * hp_game.c - Hexpawn, the dialogue: the 8008 listing's START, AGAIN, PBD,
 * the FM and TO input with ERROR, and the endings (HWIN, ONO, WIN, DRAW,
 * the NO PAWNS rule, NO GOOD) walked on the contract, with the engine's
 * checks, learning and messages.  The engine tool `ttyarcade hexpawn` is
 * hp_tool.c; the hall of fame counts the games each side won.
 *
 * Beyond the book:
 * - the memory is shared by everyone and kept in storage (hp_shared.c):
 *   loaded when a game starts, every lesson written back at once;
 * - L at the FM prompt shows what the machine has learned (a key stops
 *   it), Q leaves, M switches between the shared machine and a fresh one
 *   of the player's own (so a newcomer sees it learn, which the shared
 *   one, unbeatable within a few dozen games, no longer shows);
 * - a game is kept under a resume code after every move (keep.h) and
 *   picked up at the board it was left at;
 * - Return, spaces and other keys that cannot be meant as a square are
 *   passed over unechoed (line-mode clients send CR LF after each key);
 *   printable keys still get the listing's NO! NO!;
 * - a player left with no legal move is told so and the game is a draw:
 *   the book's rule ("a draw when no one can make a legal move"), which
 *   the listing never checks, answering NO! NO! to every key instead.  In
 *   the one position where this happens the machine cannot move either
 *   (model 22, whose list is the draw: tests/unit/test_hp_play.c).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "hp_dialog.h"

static const tty_hof_metric hp_hof[] = {
    { "wins", "GAMES YOU WON", TTY_HOF_COUNT },
    { "losses", "GAMES THE MACHINE WON", TTY_HOF_COUNT },
    { 0, 0, 0 }
};

static const char hp_msg_stuck[] = "\r\nYOU CANNOT MOVE, AND NEITHER CAN I.";

/* What a pass from PBD to the machine's reply can come to, besides the
 * outcomes of hp_play. */
enum {
    HP_BOARD = 100,     /* back to PBD: after NO! NO! or the learned view */
    HP_STUCK,           /* the player has no legal move */
    HP_LEAVE,           /* Q, or the player hung up */
    HP_SWITCH           /* M: the other machine, and a new game */
};

enum { HP_ASK_FM, HP_ASK_TO };

/* INPUT: the next key that can be meant as an answer, echoed.  Returns it
 * (L and Q folded to upper case at FM) or TTY_EOF. */
static int hp_key(hp_session *p, int ask)
{
    for (;;) {
        int c = tty_inkey(p->io);
        if (c == TTY_EOF)
            return c;
        if (c == TTY_KEY_RESIZE) {
            hp_view_resize(p);
            hp_view_board(p);
            if (ask == HP_ASK_TO) {
                tty_print(p->io, '0' + p->st.fm);
                tty_msg(p->io, hp_msg_to);
            }
            continue;
        }
        if (c <= ' ' || c >= 0x7f)
            continue;
        if (ask == HP_ASK_FM && (c == 'l' || c == 'q' || c == 'm'))
            c -= 'a' - 'A';
        tty_echo(p->io, c);
        return c;
    }
}

/* PBD to the machine's reply (MOVE), or back to PBD. */
static int hp_turn(hp_session *p, hp_reply *r)
{
    uint8_t mv[2 * HP_MAX_HMOVES];
    hp_view_board(p);                           /* PBD */
    if (hp_human_moves(&p->st, mv) == 0) {
        wrap_print(p->io, 0, 0, hp_msg_stuck);
        return HP_STUCK;
    }
    int c = hp_key(p, HP_ASK_FM);
    if (c == TTY_EOF || c == 'Q')
        return HP_LEAVE;
    if (c == 'L')
        return hp_view_learned(p) == TTY_EOF ? HP_LEAVE : HP_BOARD;
    if (c == 'M')
        return HP_SWITCH;
    if (hp_fm(&p->st, c) != 0) {                /* FNUM, RTAL */
        wrap_print(p->io, 0, 0, hp_msg_error);           /* ERROR */
        return HP_BOARD;
    }
    tty_msg(p->io, hp_msg_to);
    c = hp_key(p, HP_ASK_TO);
    if (c == TTY_EOF)
        return HP_LEAVE;
    if (hp_to(&p->st, c) != 0) {                /* FNUM, BLK, CKCAP */
        wrap_print(p->io, 0, 0, hp_msg_error);
        return HP_BOARD;
    }
    return hp_play(&p->st, &p->mem, r);         /* HMV ... MOVE */
}

/* The end of a game: CMSG's message, the lesson, the hall of fame. */
static void hp_end(hp_session *p, int outcome, const hp_reply *r)
{
    tty_io *io = p->io;
    char win[HP_WIN_TEXT_SIZE];
    const char *metric = 0;
    switch (outcome) {
    case HP_CONCEDE:
        wrap_print(io, 0, 0, hp_msg_ono);                /* ONO, then HWIN */
        /* fall through */
    case HP_YOU_WIN:
        wrap_print(io, 0, 0, hp_msg_hwin);
        metric = "wins";
        break;
    case HP_I_WIN:
        hp_win_text(win, r->win_char);          /* WIN */
        wrap_print(io, 0, 0, win);
        metric = "losses";
        break;
    case HP_NO_PAWNS:
        wrap_print(io, 0, 0, hp_msg_nopawns);
        metric = "losses";
        break;
    case HP_NO_GOOD:
        wrap_print(io, 0, 0, hp_msg_nogood);
        break;
    case HP_DRAW:
    case HP_STUCK:
        wrap_print(io, 0, 0, hp_msg_draw);
        break;
    }
    /* hp_play has struck the move in p->mem already; the shared memory
     * learns it too, unless the player has a machine of their own */
    if (outcome != HP_STUCK && r->struck >= 0 && !p->own)
        hp_shared_learn(io, &p->mem, r->struck);
    if (metric)
        tty_hof_add(io, "hexpawn", metric, 1, "");
}

/* The game on, as kept after every move: the engine's save of the board
 * and the machine's last move (which the next lesson strikes), then, for
 * a machine of the player's own, its memory (the shared one is stored on
 * its own). */
static void hp_keep(hp_session *p)
{
    uint8_t buf[HP_STATE_BYTES + HP_MEMORY_BYTES];
    size_t n = hp_state_save(&p->st, buf, HP_STATE_BYTES);
    if (n && p->own)
        n += hp_memory_save(&p->mem, buf + n, HP_MEMORY_BYTES);
    if (n)
        keep_store(&p->k, p->io, buf, n);
}

static int hp_unkeep(hp_session *p, const uint8_t *buf, size_t len)
{
    if (len != HP_STATE_BYTES && len != HP_STATE_BYTES + HP_MEMORY_BYTES)
        return -1;
    if (hp_state_load(&p->st, buf, HP_STATE_BYTES) != 0)
        return -1;
    if (len == HP_STATE_BYTES)
        return 0;
    p->own = 1;
    return hp_memory_load(&p->mem, buf + HP_STATE_BYTES, HP_MEMORY_BYTES);
}

/* The machine the next game is played against: the shared one as stored
 * now, or the player's own as it stands. */
static void hp_machine(hp_session *p)
{
    if (!p->own)
        hp_shared_load(p->io, &p->mem);
}

static const char hp_msg_own[] =
    "\r\nA MACHINE OF YOUR OWN: IT KNOWS NOTHING YET AND LEARNS ONLY FROM "
    "YOU.\r\n(M AGAIN: BACK TO THE SHARED ONE.)";
static const char hp_msg_shared[] =
    "\r\nTHE SHARED MACHINE: IT HAS LEARNED FROM EVERYONE.";

static int hp_run(tty_io *io, const tty_launch *launch)
{
    hp_session p = { .io = io };
    keep_init(&p.k, "hexpawn", launch);
    hp_memory_reset(&p.mem);        /* RSTR, unless storage knows more */
    hp_init(&p.st);
    if (launch && launch->code && hp_unkeep(&p, launch->data,
                                            launch->len) != 0) {
        hp_init(&p.st);
        hp_memory_reset(&p.mem);
        p.own = 0;
        keep_forget(&p.k, io);
        launch = NULL;
        hp_view_open(&p);           /* START */
        wrap_print(io, 0, 0, "\r\n(THAT SAVE IS NOT A HEXPAWN GAME: A NEW "
                             "GAME.)");
    } else {
        hp_view_open(&p);           /* START */
        if (launch && launch->code)
            wrap_print(io, 0, 0, /* not in the book */
                       p.own ? "\r\n(RESUMED, WITH YOUR OWN MACHINE.)"
                             : "\r\n(RESUMED.)");
    }
    hp_machine(&p);
    for (;;) {
        hp_reply r = { .struck = -1 };
        int outcome = hp_turn(&p, &r);
        if (outcome == HP_LEAVE) {
            if (!tty_hungup(io))
                keep_forget(&p.k, io);  /* Q: left on purpose */
            break;
        }
        if (outcome == HP_SWITCH) {
            /* the game in progress is abandoned; a new one begins */
            keep_forget(&p.k, io);
            p.own = !p.own;
            if (p.own)
                hp_memory_reset(&p.mem);    /* RSTR: ignorance */
            wrap_print(io, 0, 0, p.own ? hp_msg_own : hp_msg_shared);
            hp_again(&p.st);
            hp_machine(&p);
            hp_view_resize(&p);             /* the pane says which */
            continue;
        }
        if (outcome == HP_GO_ON)
            hp_keep(&p);            /* a move answered: committed */
        if (outcome == HP_BOARD || outcome == HP_GO_ON)
            continue;
        keep_forget(&p.k, io);
        hp_end(&p, outcome, &r);
        hp_again(&p.st);            /* AGAIN: a new game */
        hp_machine(&p);
    }
    tty_msg(io, "\r\n");
    hp_view_close(&p);
    return 0;
}

const tty_game hp_game = {
    .name = "hexpawn",
    .title = "HEXPAWN",
    .source = "SCELBI 1976",
    .run = hp_run,
    .hof = hp_hof,
    .tool = "hexpawn",
    .tool_main = hp_tool_main,
};
