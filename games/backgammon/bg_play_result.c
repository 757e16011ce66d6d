/*
 * bg_play_result.c - a match between two terminals, over: its result for
 * the players' ratings, and a match abandoned.
 *
 * FIBS rates matches, and its formula weighs a match by its length: a
 * match under the STANDARD rules counts its points, a game under the
 * ATARI rules (one game, only the win) counts as a match to 1.  Money
 * play is not a match and is never rated; neither is a game on one
 * terminal (against ATARI, or two people taking turns at one keyboard),
 * which has only one handle to give.  The contract decides whether the
 * two players are two accounts (tty_rated).
 *
 * A player whose line dropped and who did not come back within the
 * server's wait (tty_abandoned) loses a rated match, as if resigned: the
 * other is told, the result is rated "abandoned", and the save is
 * forgotten, since the match is over.  Anything else that ends a match
 * early (SAVE, a hang-up on a server that keeps no seat, a money
 * session, guests) keeps it saved, as it always was.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>

#include "bg_ui.h"

/* The terminal of the person playing colour, or NULL. */
static bg_term *term_of(bg_match *m, int colour)
{
    for (int i = 0; i < m->nterm; i++)
        if (m->term[i].colour == colour)
            return &m->term[i];
    return NULL;
}

/* The match's length as FIBS weighs it; 0 when it is not rated. */
static int rated_length(const bg_match *m)
{
    if (m->mode != BG_MODE_TWO || m->from_setup || m->nterm != 2)
        return 0;
    if (m->g.stakes == BG_MATCH)
        return m->g.length;
    return m->g.stakes == BG_SINGLE ? 1 : 0;
}

void bg_result_rate(bg_match *m)
{
    int length = rated_length(m);
    int w = m->g.stakes == BG_MATCH ? bg_state_match_winner(&m->g)
                                    : m->g.winner;
    if (w < 0)
        return;
    bg_term *won = term_of(m, w), *lost = term_of(m, !w);
    if (length && won && lost)
        tty_result(won->io, lost->io, "backgammon", 0, length, "won");
}

int bg_result_abandoned(bg_match *m, bg_term *gone)
{
    int length = rated_length(m);
    bg_term *stayer = term_of(m, !gone->colour);
    if (!length || !stayer || tty_hungup(stayer->io) ||
        !tty_abandoned(gone->io) ||
        !tty_rated(stayer->io, gone->io, "backgammon"))
        return 0;
    char text[BG_TEXT], who[32], other[32];
    bg_who(m, gone->colour, who, sizeof who);
    bg_who(m, stayer->colour, other, sizeof other);
    snprintf(text, sizeof text, "%s HAS NOT COME BACK: THE MATCH IS "
             "ABANDONED, AND %s WINS IT.", who, other);
    bg_term_say(stayer, text);
    /* Forgotten before it is rated: a crash between the two loses a
     * rating, never counts one twice through a resumed save. */
    if (m->code[0])
        tty_forget(stayer->io, m->code);
    tty_result(stayer->io, gone->io, "backgammon", 0, length, "abandoned");
    return 1;
}
