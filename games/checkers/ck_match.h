/*
 * ck_match.h - engine against engine: the 3-move openings, and one game
 * between two players from a start, with the draw rules of a real game.
 * Used by the training (ck_train.c) and by bench_ck.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef CK_MATCH_H
#define CK_MATCH_H

#include "ck_egdb.h"
#include "ck_search.h"
#include "ck_state.h"

/*
 * Every opening of three moves (black, white, black) from the opening
 * position, each position once, in the order of the move lists: the
 * positions tournament play starts from by drawing a 3-move ballot.  This
 * is the whole set; the deck the American Checker Federation draws from
 * leaves out a few it holds to be lost (deviation: no published deck is
 * copied here).  Returns the count (at most max).
 */
#define CK_MAX_BALLOTS 512
int ck_ballots(ck_pos *out, int max);

/* A random position of n pieces (2 to 24) for tests and benchmarks: the
 * colours alternate, black first, each piece a king one time in 'kings'
 * (0: never), men never on their crowning row, either side to move. */
void ck_random_pos(ck_rng *r, int n, int kings, ck_pos *p);

typedef struct ck_player {
    ck_limits lim;
    const ck_egdb *egdb;    /* may be NULL */
    /* Another engine instead of the search (a bench's peer): fills *m
     * with a legal move of g->pos, or returns -1 to forfeit the game. */
    int (*move)(void *ctx, const ck_state *g, ck_move *m);
    void *move_ctx;
} ck_player;

/* Called with each position of the game as it comes up (may be NULL). */
typedef void (*ck_match_seen_fn)(void *ctx, const ck_pos *p);

/*
 * Play a game from start: black is pl[0], white pl[1], each with its own
 * table (tt[0], tt[1]; cleared first; NULL for none).  A player's time
 * budget runs on clock.  When judge is not NULL the game ends as soon as
 * the position is in that database, with the database's result (the rest
 * is known).  Returns CK_BLACK_WINS, CK_WHITE_WINS or CK_DRAWN (a player
 * that forfeits loses); *plies the length (may be NULL).
 */
int ck_match_game(const ck_pos *start, const ck_player pl[2], ck_tt *tt,
                  ck_rng *rng, ck_clock_fn clock, const ck_egdb *judge,
                  ck_match_seen_fn seen, void *ctx, int *plies);

#endif
