/*
 * gj_ai_int.h - what the computer opponent's files share (gj_ai.c, the
 * chooser and its evaluation; gj_guard.c, the watch on its own
 * headquarters): its beliefs on the enemy pieces and a position being
 * looked at.  Not part of the engine's interface (gj.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef GJ_AI_INT_H
#define GJ_AI_INT_H

#include "gj.h"

enum { GJ_AI_WIN = 1000 };

/* What the chooser knows: the view, and its beliefs on the enemy. */
typedef struct gj_ai {
    const gj_view *v;
    int me, foe;
    float p[GJ_PIECES][GJ_TYPES];    /* beliefs on enemy pieces */
    float worth[GJ_PIECES];          /* expected value of an enemy piece */
    float officer[GJ_PIECES];        /* probability it is an officer */
    uint8_t dist[2][GJ_SQUARES];     /* steps to side s's HQ */
    uint64_t step[GJ_SQUARES];       /* one square on from each, an empty
                                        board (the river on the bridges) */
    int level;                       /* 0, or GJ_AI_PLAIN */
    long nodes;
} gj_ai;

/*
 * A position being scored: who stands where, and what the fights looked
 * at on the way have taught: enemy piece told[k] is now known to be one of
 * the types in mask[k] (one that beat the piece of ours it met, say).
 */
enum { GJ_AI_TOLD = 4 };
typedef struct gj_ai_pos {
    int8_t at[GJ_SQUARES];
    int8_t sq[GJ_PIECES];
    int8_t told[GJ_AI_TOLD];         /* -1: nothing learnt */
    uint16_t mask[GJ_AI_TOLD];
} gj_ai_pos;

/* Steps from each square to side's HQ for a one-square mover that goes
 * on only through the squares in 'open' (it may still stop on another):
 * a breadth-first walk out from the HQ.  99 where there is no way. */
void gj_ai_walk(const gj_ai *c, int side, uint64_t open,
                uint8_t d[GJ_SQUARES]);
/* The beliefs on enemy piece e in position b, by type: c->p[e] itself, or
 * those beliefs narrowed by what b has taught, written into tmp. */
const float *gj_ai_row(const gj_ai *c, const gj_ai_pos *b, int e,
                       float tmp[GJ_TYPES]);
/* The chance that enemy piece e is an officer in position b: the cached
 * c->officer[e], or summed over the beliefs b has narrowed. */
float gj_ai_officer(const gj_ai *c, const gj_ai_pos *b, int e);
/* Outcome probabilities (indexed by enum gj_outcome) of the piece on
 * 'from' going to 'to' in b, either side's: GJ_MOVED onto an empty
 * square; a fight as the beliefs (on the enemy piece in it) give it. */
void gj_ai_move_odds(const gj_ai *c, const gj_ai_pos *b, int from, int to,
                     float pr[4]);
/* b after the piece on from goes to 'to' (onto whatever stands there)
 * with that outcome; at the guard's level what the fight teaches about
 * the enemy piece in it is kept. */
void gj_ai_apply(const gj_ai *c, gj_ai_pos *b, int from, int to,
                 int outcome);

/*
 * The guard of our headquarters (gj_guard.c).
 * gj_guard_open: the chance that the enemy can enter our HQ with its very
 * next move in b (an enemy piece beside it that may be an officer able to
 * take it: the HQ empty, or held by a piece such an officer beats).
 * gj_guard_next: the same one move later: the worst, over the enemy's
 * moves that bring a possible officer beside our HQ, of the chance left
 * after our best answer to it.  Each is 0 when nothing threatens.
 */
float gj_guard_open(const gj_ai *c, const gj_ai_pos *b);
float gj_guard_next(const gj_ai *c, const gj_ai_pos *b);
/* Further off: for each enemy piece two to eight steps from our HQ, the
 * chance it is an officer that beats the best piece we could have in the
 * HQ before it arrives, weighted down with the distance; our_move says
 * whether we move next in b (a move in hand) or the enemy does. */
float gj_guard_cover(const gj_ai *c, const gj_ai_pos *b, int our_move);
/* The race between the two HQs: the fewest moves an officer of ours needs
 * to walk into the enemy's empty HQ over empty squares, and the fewest a
 * piece of theirs that may be an officer needs to reach ours, fighting
 * through any piece of ours but a Landmine; 99 where there is no way. */
void gj_guard_race(const gj_ai *c, const gj_ai_pos *b, int *ours,
                   int *theirs);

#endif
