/*
 * gj_versus.c - how a match begins: the opening questions (the seed's New
 * Game menu: Versus and Player), the lobby that pairs two terminals, and
 * resuming a saved match.
 *
 * Two terminals: the first player to ask for "gunjin" waits in the lobby;
 * the second pairs with them.  The first plays red and moves first.  The
 * first to arrive is the host: its coroutine runs the match for both
 * terminals, and lets the guest go when the match is over.  A saved
 * two-terminal game is resumed by both players typing its code, which
 * brings them together again in the lobby under "gunjin:CODE"; each then
 * proves their side (games/side.h) before the board is shown.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gj_ui.h"

static const char gj_versus[] =
    "\nGUNJIN SHOGI - JAPANESE MILITARY CHESS, AFTER THE BBC MICRO JMC\n"
    "\n"
    "  1  PLAY THE COMPUTER\n"
    "  2  PLAY THE RANDOM OPPONENT\n"
    "  3  TWO PLAYERS ON THIS TERMINAL\n"
    "  4  PLAY A PERSON ON ANOTHER TERMINAL\n"
    "  5  DEMO: THE COMPUTER PLAYS BOTH SIDES\n"
    "  I  INSTRUCTIONS\n"
    "  Q  BACK TO THE MENU\n";

/* RED or BLUE, Return meaning red; TTY_EOF after a hang-up. */
static int ask_red_blue(tty_io *io, const char *question)
{
    char line[16];
    for (;;) {
        int n = wrap_ask(io, question, line, sizeof line);
        if (n < 0)
            return n;
        if (n == 0 || line[0] == 'R')
            return GJ_RED;
        if (line[0] == 'B')
            return GJ_BLUE;
        tty_msg(io, "TYPE R FOR RED OR B FOR BLUE.\n");
    }
}

static int ask_side(tty_io *io)
{
    return ask_red_blue(io, "PLAY RED OR BLUE (RED MOVES FIRST; RETURN: RED)? ");
}

static int ask_pause(tty_io *io)
{
    char line[16];
    for (;;) {
        int n = wrap_ask(io, "TENTHS OF A SECOND BETWEEN MOVES (RETURN: 5)? ",
                     line, sizeof line);
        if (n < 0)
            return n;
        if (n == 0)
            return 5;
        char *end;
        long v = strtol(line, &end, 10);
        if (!*end && v >= 0 && v <= 99)
            return (int)v;
        tty_msg(io, "A NUMBER FROM 0 TO 99, PLEASE.\n");
    }
}

static void name_of(tty_io *io, char out[GJ_NAME])
{
    snprintf(out, GJ_NAME, "%s", tty_player_name(io));
}

/* Play a match already set up, then free it. */
static void play(gj_match *m)
{
    gj_match_run(m);
    gj_match_free(m);
}

/* ---- two terminals ---------------------------------------------------- */

/* What the old way of resuming (below) looks at. */
struct gj_unbound { const gj_match *m; tty_io *io, *peer; };

/* On a resume of a save from before sides were bound (side.h), the way
 * it was then: which side the host played, by the names when they
 * decide, else by asking the host.  Nothing proves the answer: such a
 * save is resumed this way once, and bound from then on. */
static int host_side_unbound(void *ctx)
{
    const struct gj_unbound *u = ctx;
    const gj_match *m = u->m;
    tty_io *io = u->io, *peer = u->peer;
    const char *me = tty_player_name(io), *other = tty_player_name(peer);
    if (strcmp(m->name[0], m->name[1]) != 0 && strcmp(me, other) != 0) {
        if (!strcmp(me, m->name[GJ_BLUE]) || !strcmp(other, m->name[GJ_RED]))
            return GJ_BLUE;
        if (!strcmp(me, m->name[GJ_RED]) || !strcmp(other, m->name[GJ_BLUE]))
            return GJ_RED;
    }
    tty_printf(peer, "\nTHE OTHER PLAYER IS CHOOSING SIDES...\n");
    tty_printf(io, "\nYOU ARE RESUMING AGAINST %s.\n", other);
    return ask_red_blue(io,
                        "WHICH SIDE DID YOU PLAY, RED OR BLUE (RETURN: RED)? ");
}

/* Meet the other player.  m is a resumed match (its code in m->code), or
 * NULL for a fresh one.  Takes m.  1 when nobody came to a fresh game (ask
 * again), TTY_EOF after a hang-up, else 0. */
static int two_terminals(tty_io *io, gj_match *m)
{
    char key[32], waiting[160];
    if (m) {
        snprintf(key, sizeof key, "gunjin:%s", m->code);
        snprintf(waiting, sizeof waiting, "WAITING FOR THE OTHER PLAYER TO "
                 "RESUME %s.\nPRESS Q OR ESCAPE TO GIVE UP.\n", m->code);
    } else {
        snprintf(key, sizeof key, "gunjin");
        snprintf(waiting, sizeof waiting, "WAITING FOR A PERSON TO CHOOSE "
                 "GUNJIN SHOGI ON ANOTHER TERMINAL.\nPRESS Q OR ESCAPE TO "
                 "GIVE UP.\n");
    }
    tty_io *peer = NULL;
    int rc = tty_lobby(io, key, waiting, &peer);
    if (rc != TTY_LOBBY_HOST) {
        if (rc == TTY_CANCEL)
            tty_msg(io, m ? "NOBODY CAME.  THE GAME STAYS SAVED.\n"
                          : "NOBODY CAME.\n");
        gj_match_free(m);
        return rc == TTY_EOF ? TTY_EOF : rc == TTY_CANCEL && !m ? 1 : 0;
    }
    /* The host runs the match for both terminals. */
    int host = GJ_RED;
    if (!m) {
        m = gj_match_new(io, GJ_MODE_TWO);
        if (!m) {
            tty_lobby_release(peer);
            return 0;
        }
        m->kind[GJ_RED] = m->kind[GJ_BLUE] = GJ_HUMAN;
        side_bind_both(&m->keys, "gunjin", host, io, peer);
    } else {
        /* Each player shows their side before anything of it is shown. */
        const char *const names[2] = { gj_side_name(GJ_RED),
                                       gj_side_name(GJ_BLUE) };
        struct gj_unbound u = { m, io, peer };
        if (side_resume(&m->keys, "gunjin", names, io, peer,
                        host_side_unbound, &u, &host) != 0) {
            tty_lobby_release(peer);
            gj_match_free(m);
            return tty_hungup(io) ? TTY_EOF : 0;
        }
    }
    name_of(io, m->name[host]);
    name_of(peer, m->name[!host]);
    gj_match_attach(m, io, host);
    gj_match_attach(m, peer, !host);
    tty_printf(io, "\nYOU PLAY %s AGAINST %s.\n", gj_side_name(host),
               m->name[!host]);
    tty_printf(peer, "\nYOU PLAY %s AGAINST %s.\n", gj_side_name(!host),
               m->name[host]);
    play(m);
    tty_lobby_release(peer);
    return 0;
}

/* ---- starting and resuming -------------------------------------------- */

static int new_match(tty_io *io, int mode)
{
    if (mode == GJ_MODE_TWO)
        return two_terminals(io, NULL);
    int human = GJ_RED, pause = 0;
    if (mode == GJ_MODE_COMPUTER || mode == GJ_MODE_RANDOM) {
        human = ask_side(io);
        if (human < 0)
            return human;
    }
    if (mode == GJ_MODE_DEMO) {
        pause = ask_pause(io);
        if (pause < 0)
            return pause;
    }
    gj_match *m = gj_match_new(io, mode);
    if (!m)
        return 0;
    m->pause = (uint8_t)pause;
    for (int side = 0; side < 2; side++) {
        switch (mode) {
        case GJ_MODE_COMPUTER:
        case GJ_MODE_RANDOM:
            m->kind[side] = side == human ? GJ_HUMAN
                          : mode == GJ_MODE_COMPUTER ? GJ_COMPUTER_AI
                                                     : GJ_RANDOM_AI;
            break;
        case GJ_MODE_HOTSEAT:
            m->kind[side] = GJ_HUMAN;
            break;
        default:
            m->kind[side] = GJ_COMPUTER_AI;
            break;
        }
        if (m->kind[side] == GJ_HUMAN)
            name_of(io, m->name[side]);
        else
            snprintf(m->name[side], GJ_NAME, "%s",
                     m->kind[side] == GJ_COMPUTER_AI ? "COMPUTER" : "RANDOM");
    }
    gj_term *t = gj_match_attach(m, io, mode == GJ_MODE_DEMO ? GJ_UMPIRE
                                                            : human);
    if (t && mode == GJ_MODE_HOTSEAT)
        m->side_term[GJ_BLUE] = t;      /* one terminal for both sides */
    play(m);
    return tty_hungup(io) ? TTY_EOF : 0;
}

static int resume(tty_io *io, const tty_launch *launch)
{
    gj_match *m = calloc(1, sizeof *m);
    if (!m)
        return 0;
    if (gj_store_unpack(m, launch->data, launch->len) != 0) {
        tty_msg(io, "THAT SAVED GAME CANNOT BE READ.\n");
        free(m);
        return 0;
    }
    snprintf(m->code, sizeof m->code, "%s", launch->code);
    if (m->mode == GJ_MODE_TWO)
        return two_terminals(io, m);
    int side = GJ_UMPIRE;
    if (m->mode == GJ_MODE_COMPUTER || m->mode == GJ_MODE_RANDOM)
        side = m->kind[GJ_RED] == GJ_HUMAN ? GJ_RED : GJ_BLUE;
    else if (m->mode == GJ_MODE_HOTSEAT)
        side = m->g.turn;
    if (side != GJ_UMPIRE)
        name_of(io, m->name[side]);
    gj_term *t = gj_match_attach(m, io, side);
    if (t && m->mode == GJ_MODE_HOTSEAT) {
        name_of(io, m->name[!side]);
        m->side_term[!side] = t;
    }
    play(m);
    return 0;
}

int gj_run(tty_io *io, const tty_launch *launch)
{
    if (launch && launch->data)
        return resume(io, launch);
    /* An invitation from the menu: the player chose a person already. */
    if (launch && launch->two) {
        tty_msg(io, "\nGUNJIN SHOGI\n");
        return two_terminals(io, NULL) == TTY_EOF ? TTY_EOF : 0;
    }
    char line[16];
    wrap_print(io, 0, 0, gj_versus);
    for (;;) {
        int n = wrap_ask(io, "\nVERSUS (RETURN: 1)? ", line, sizeof line);
        if (n < 0)
            return 0;
        if (n == 0)
            strcpy(line, "1");
        if (line[0] >= '1' && line[0] <= '5' && !line[1]) {
            static const int modes[] = {
                GJ_MODE_COMPUTER, GJ_MODE_RANDOM, GJ_MODE_HOTSEAT,
                GJ_MODE_TWO, GJ_MODE_DEMO
            };
            if (new_match(io, modes[line[0] - '1']) != 1)
                return 0;
            wrap_print(io, 0, 0, gj_versus); /* nobody came: choose again */
            continue;
        }
        if (line[0] == 'Q')
            return 0;
        if (line[0] == 'I' || line[0] == 'H' || line[0] == '?') {
            if (gj_help_print(io, GJ_HELP_INTRO) == TTY_EOF)
                return 0;
            continue;
        }
        tty_msg(io, "TYPE A NUMBER FROM 1 TO 5, I OR Q.\n");
    }
}

