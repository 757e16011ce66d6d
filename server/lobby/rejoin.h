/*
 * rejoin.h - who may take back a seat of a two-player game.
 *
 * A seat (sess_seat.h) is one player's side of a game two play on this
 * server.  A player who resumes the game's code while it is in play may
 * take their own seat back, on their new line, while the other player
 * waits in the game:
 *   - a seat logged in to an account is its account's: the asker must be
 *     logged in to the same one;
 *   - a guest's seat (no account) is proved by the code, the seat's name
 *     and where the asker comes from: the address the seat's line came
 *     from (as the per-address limits read it) when its line dropped, or
 *     else the take-over's rule for a guest, the seat silent for
 *     --takeover-idle.  A guest's name is no account's, so anyone may use
 *     it; the address keeps the other player (on their own line, or a
 *     second one elsewhere) from taking the seat that waits for their
 *     opponent.
 * A seat that waits (its line dropped) is taken back at once; one whose
 * line is up but silent only when its player says so (the menu asks, as
 * the take-over does), and that line is told and let go.
 *
 * Across servers the seat is not taken back: a game with a player on
 * another server ends at a hang-up as it always did (xfar.c), and a
 * player who comes back through another server finds the code held there
 * and may take the game over (takeover.h), which ends it for both, saved.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef REJOIN_H
#define REJOIN_H

#include "sess.h"

typedef struct rejoin {
    sess *host, *guest;         /* the game's two seats, on this server */
    sess *seat;                 /* the one in question (or NULL) */
    int waiting;                /* its line dropped: it waits */
    long idle_s;                /* how long its player has been silent */
} rejoin;

/* The two-player game that plays code here: TTY_OK when r->seat is s's
 * player's own; TTY_BUSY when neither seat is s's (r->seat: the one that
 * waits for its player, if one does), for a game two play is not taken
 * over from either of them; TTY_NOTFOUND when no game of two plays code
 * on this server. */
int rejoin_find(sess *s, const char *code, rejoin *r);

#endif
