/*
 * bg_play.c - Backgammon's run: the title, the choice of players, the
 * lobby that pairs two terminals, and resuming a saved game.
 *
 * Two terminals: the first player to choose "play a person" waits in the
 * lobby under the key "backgammon" (Q or Escape gives up); the second
 * pairs with them.  The first plays blue and chooses the rules (and
 * under the standard rules the match's length or money play); the
 * computer then decides, as ever, who begins.  The first to arrive is the
 * host: its coroutine runs the match for both terminals and lets the
 * guest go when the match is over.  A saved two-terminal game is resumed
 * by both players typing its one code, which brings them together again
 * in the lobby under "backgammon:CODE"; each then proves their colour
 * (games/side.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bg_ui.h"

static const char bg_title[] =
    "\nBACKGAMMON\n"
    "A 1 OR 2 PLAYER VERSION OF THE FAMOUS BOARD GAME, AFTER AN ATARI\n"
    "400/800 TYPE-IN.\n"
    "\n"
    "  1  ONE PLAYER AGAINST ATARI, THE COMPUTER\n"
    "  2  TWO PLAYERS ON THIS TERMINAL\n"
    "  3  PLAY A PERSON ON ANOTHER TERMINAL\n"
    "  4  DEMO: ATARI PLAYS BOTH SIDES\n"
    "  I  INSTRUCTIONS\n"
    "  Q  BACK TO THE MENU\n";

/* A match on this terminal alone: the person's colour against ATARI,
 * or both colours (the hot seat, the demo).  Takes m. */
static void play_here(tty_io *io, bg_match *m)
{
    int colour = BG_BOTH;
    if (m->mode == BG_MODE_ONE)
        colour = m->kind[BG_BLUE] == BG_HUMAN ? BG_BLUE : BG_GREEN;
    if (bg_match_attach(m, io, colour))
        bg_match_run(m);
    bg_match_free(m);
}

/* ---- two terminals -------------------------------------------------------- */

/* What the old way of resuming (below) looks at. */
struct bg_unbound { const bg_match *m; tty_io *io, *peer; };

/* On a resume of a save from before colours were bound (side.h), the
 * way it was then: which colour the host played, by the names when they
 * decide, else by asking the host.  Nothing proves the answer: such a
 * save is resumed this way once, and bound from then on. */
static int host_colour_unbound(void *ctx)
{
    const struct bg_unbound *u = ctx;
    const bg_match *m = u->m;
    tty_io *io = u->io, *peer = u->peer;
    char me[BG_NAME_MAX + 1], other[BG_NAME_MAX + 1], q[80], line[16];
    const char (*name)[BG_NAME_MAX + 1] = m->g.name;
    bg_ask_default_name(io, me);
    bg_ask_default_name(peer, other);
    if (strcmp(name[0], name[1]) != 0 && strcmp(me, other) != 0) {
        if (!strcmp(me, name[BG_BLUE]) || !strcmp(other, name[BG_GREEN]))
            return BG_BLUE;
        if (!strcmp(me, name[BG_GREEN]) || !strcmp(other, name[BG_BLUE]))
            return BG_GREEN;
    }
    tty_msg(peer, "\nTHE OTHER PLAYER IS CHOOSING SIDES...\n");
    snprintf(q, sizeof q, "WHICH SIDE DID YOU PLAY, BLUE (%s) OR GREEN "
             "(%s)? ", name[BG_BLUE], name[BG_GREEN]);
    for (;;) {
        int n = wrap_ask(io, q, line, sizeof line);
        if (n < 0)
            return n;
        if (line[0] == 'B')
            return BG_BLUE;
        if (line[0] == 'G')
            return BG_GREEN;
        tty_msg(io, "B FOR BLUE OR G FOR GREEN, PLEASE.\n");
    }
}

/* Wait in the lobby for the other player: under "backgammon" for a new
 * game, under "backgammon:CODE" to resume one.  tty_lobby's answer. */
static int meet(tty_io *io, const char *code, tty_io **peer)
{
    char key[32], who[64], waiting[160];
    if (code) {
        snprintf(key, sizeof key, "backgammon:%s", code);
        snprintf(who, sizeof who, "THE OTHER PLAYER TO RESUME %s", code);
    } else {
        snprintf(key, sizeof key, "backgammon");
        snprintf(who, sizeof who, "A PERSON TO CHOOSE BACKGAMMON ON "
                 "ANOTHER TERMINAL");
    }
    snprintf(waiting, sizeof waiting, "WAITING FOR %s.\nPRESS Q OR ESCAPE "
             "TO GIVE UP.\n", who);
    int rc = tty_lobby(io, key, waiting, peer);
    if (rc == TTY_CANCEL)
        wrap_printf(io, 0, 0, "NOBODY CAME.%s\n",
                   code ? "  THE GAME STAYS SAVED." : "");
    return rc;
}

/* The host of a new pair plays blue and chooses the rules while the
 * guest waits.  The match, or NULL (the guest is told why). */
static bg_match *pair_up(tty_io *io, tty_io *peer)
{
    char names[2][BG_NAME_MAX + 1];
    bg_ask_default_name(io, names[BG_BLUE]);
    bg_ask_default_name(peer, names[BG_GREEN]);
    wrap_printf(peer, 0, 0, "\nYOU PLAY GREEN AGAINST %s, WHO IS CHOOSING "
                "THE RULES...\n", names[BG_BLUE]);
    wrap_printf(io, 0, 0, "\nYOU PLAY BLUE AGAINST %s.\n", names[BG_GREEN]);
    bg_state g;
    int rules = bg_ask_rules(io);
    if (rules >= 0) {
        bg_state_new(&g, names[BG_BLUE], names[BG_GREEN], rules, BG_BLUE);
        if (bg_ask_stakes(io, &g) < 0)
            rules = TTY_EOF;
    }
    bg_match *m = rules < 0 ? NULL : bg_match_new(io, BG_MODE_TWO);
    if (m)
        m->g = g;
    else
        wrap_printf(peer, 0, 0, "%s HAS %s: THE GAME IS OFF.\n",
                    names[BG_BLUE], rules < 0 ? "HUNG UP" : "NO ROOM");
    return m;
}

/* Two terminals.  m is a resumed match (its code in m->code), or NULL
 * for a fresh one; it is taken.  1 when nobody came to a fresh game
 * (choose again), TTY_EOF after a hang-up, else 0.  The guest's session
 * comes back here when the host lets it go, the game over. */
static int two_terminals(tty_io *io, bg_match *m)
{
    tty_io *peer = NULL;
    int rc = meet(io, m ? m->code : NULL, &peer);
    if (rc != TTY_LOBBY_HOST) {
        int again = rc == TTY_CANCEL && !m;
        bg_match_free(m);
        return rc == TTY_EOF ? TTY_EOF : again;
    }
    /* The host runs the match for both terminals. */
    int host = BG_BLUE;
    if (!m) {
        m = pair_up(io, peer);
        if (m)
            side_bind_both(&m->keys, "backgammon", host, io, peer);
    } else {
        /* Each player shows their colour before the game is shown. */
        const char *const names[2] = { bg_colour_name(BG_BLUE),
                                       bg_colour_name(BG_GREEN) };
        struct bg_unbound u = { m, io, peer };
        if (side_resume(&m->keys, "backgammon", names, io, peer,
                        host_colour_unbound, &u, &host) != 0) {
            bg_match_free(m);
            m = NULL;
        }
        for (int c = 0; m && c < 2; c++)
            wrap_printf(c == host ? io : peer, 0, 0,
                        "\nYOU PLAY %s AGAINST %s.\n", bg_colour_name(c),
                        m->g.name[!c]);
    }
    if (m) {
        m->kind[BG_BLUE] = m->kind[BG_GREEN] = BG_HUMAN;
        if (bg_match_attach(m, io, host) && bg_match_attach(m, peer, !host))
            bg_match_run(m);
        bg_match_free(m);
    }
    tty_lobby_release(peer);
    return tty_hungup(io) ? TTY_EOF : 0;
}

/* ---- starting and resuming ---------------------------------------------- */

static int resume(tty_io *io, const tty_launch *launch)
{
    bg_match *m = calloc(1, sizeof *m);
    if (!m)
        return 0;
    if (bg_store_unpack(m, launch->data, launch->len) != 0) {
        tty_msg(io, "THAT SAVED GAME CANNOT BE READ.\n");
        free(m);
        return 0;
    }
    snprintf(m->code, sizeof m->code, "%s", launch->code);
    if (m->mode == BG_MODE_TWO)
        return two_terminals(io, m);
    play_here(io, m);
    return 0;
}

int bg_play_run(tty_io *io, const tty_launch *launch)
{
    if (launch && launch->data)
        return resume(io, launch);
    /* An invitation from the menu: the player chose a person already. */
    if (launch && launch->two) {
        tty_msg(io, "\nBACKGAMMON\n");
        return two_terminals(io, NULL) == TTY_EOF ? TTY_EOF : 0;
    }
    char line[16];
    wrap_print(io, 0, 0, bg_title);
    for (;;) {
        int n = wrap_ask(io, "\nPLAYERS (RETURN: 1)? ", line, sizeof line);
        if (n < 0)
            return 0;
        if (n == 0)
            strcpy(line, "1");
        if (!strcmp(line, "3")) {
            if (two_terminals(io, NULL) != 1)
                return 0;
            wrap_print(io, 0, 0, bg_title); /* nobody came: choose again */
            continue;
        }
        if (line[0] >= '1' && line[0] <= '4' && !line[1]) {
            static const int modes[] = { BG_MODE_ONE, BG_MODE_HOTSEAT, 0,
                                         BG_MODE_DEMO };
            bg_match *m = bg_ask_match(io, modes[line[0] - '1']);
            if (m)
                play_here(io, m);
            return 0;
        }
        if (line[0] == 'Q')
            return 0;
        if (line[0] == 'I' || line[0] == 'H' || line[0] == '?') {
            tty_msg(io, "\n");
            for (int i = 0; bg_instructions[i]; i++) {
                wrap_print(io, 0, 0, bg_instructions[i]);
                tty_msg(io, "\n");
            }
            continue;
        }
        tty_msg(io, "TYPE A NUMBER FROM 1 TO 4, I OR Q.\n");
    }
}
