/*
 * gj_guard.c - the computer opponent's watch on its own headquarters.
 *
 * A game is lost the moment an enemy officer steps into our HQ, and an
 * officer moves one square at a time: so the HQ is in danger exactly when
 * an enemy piece that may be an officer stands beside it (on B or E of the
 * back rank, or C or D of the rank before it) and the HQ is empty or held
 * by a piece such an officer beats.  The chooser (gj_ai.c) first keeps
 * that chance as low as any move can (the HQ is never left open when a
 * defence exists), and among the moves that do, weighs the same chance
 * one move on: after each enemy move that brings a possible officer
 * beside the HQ (or takes its holder, or steps out of it), how open our
 * best answer leaves it.  Further off, the evaluation weighs how well the
 * HQ could still be held against each possible officer nearing it (the
 * cover), and who is first in the race to the two HQs.  All of it reads
 * only what the view and the beliefs allow.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "gj_ai_int.h"

/* The positions a one-square mover enters side's HQ from. */
static uint64_t beside_hq(const gj_ai *c, int side)
{
    return c->step[gj_hq(side)];
}

/* The chance that an enemy piece, with beliefs p, is an officer that
 * takes our piece of type d in the HQ (d < 0: the HQ empty). */
static float takes(const float *p, int d)
{
    float s = 0;
    for (int t = 0; t < GJ_MINE; t++)
        if (gj_is_officer(t) && (d < 0 || gj_outcome(t, d) == GJ_ATTACKER))
            s += p[t];
    return s;
}

float gj_guard_open(const gj_ai *c, const gj_ai_pos *b)
{
    int hq = gj_hq(c->me);
    int holder = b->at[hq];
    /* An enemy piece in our HQ is no officer (the game would be over), and
     * its own officers cannot step onto it. */
    if (holder >= 0 && GJ_SIDE_OF(holder) == c->foe)
        return 0;
    int d = holder < 0 ? -1 : gj_fights_as(b->at, c->v->type, hq);
    float safe = 1;
    uint64_t near = beside_hq(c, c->me);
    while (near) {
        int q = __builtin_ctzll(near);
        near &= near - 1;
        int e = b->at[q];
        if (e < 0 || GJ_SIDE_OF(e) != c->foe)
            continue;
        float tmp[GJ_TYPES];
        float x = takes(gj_ai_row(c, b, e, tmp), d);
        safe *= 1 - (x < 1 ? x : 1);
    }
    return 1 - safe;
}

/* How open our best answer leaves the HQ in b (our move): the least, over
 * our moves, of the chance expected over their outcomes; a move that
 * enters the enemy HQ with an officer ends the game. */
static float best_answer(const gj_ai *c, const gj_ai_pos *b)
{
    gj_move moves[GJ_MAX_MOVES];
    int n = gj_gen_moves(b->at, c->v->type, c->me, moves);
    float least = gj_guard_open(c, b);  /* no move at all: as it stands */
    if (n == 0)
        return least;
    least = 1;
    for (int i = 0; i < n && least > 0; i++) {
        int from = moves[i].from, to = moves[i].to;
        int wins = to == gj_hq(c->foe) &&
                   gj_is_officer(c->v->type[b->at[from]]);
        float pr[4], open = 0;
        gj_ai_move_odds(c, b, from, to, pr);
        for (int o = GJ_MOVED; o <= GJ_BOTH && open < least; o++) {
            if (pr[o] <= 0 || (wins && (o == GJ_MOVED || o == GJ_ATTACKER)))
                continue;
            gj_ai_pos after = *b;
            gj_ai_apply(c, &after, from, to, o);
            open += pr[o] * gj_guard_open(c, &after);
        }
        if (open < least)
            least = open;
    }
    return least;
}

/* The enemy plays from -> to in b: how open our best answer leaves our
 * HQ, expected over the move's outcomes.  An officer that took our HQ's
 * holder has won: that chance is gj_guard_open's, kept as low as it goes
 * already; what is weighed here is what comes after. */
static float answered(const gj_ai *c, const gj_ai_pos *b, int from, int to)
{
    float pr[4], open = 0;
    gj_ai_move_odds(c, b, from, to, pr);
    for (int o = GJ_MOVED; o <= GJ_BOTH; o++) {
        if (pr[o] <= 0 || (to == gj_hq(c->me) && o == GJ_ATTACKER))
            continue;
        gj_ai_pos after = *b;
        gj_ai_apply(c, &after, from, to, o);
        open += pr[o] * best_answer(c, &after);
    }
    return open;
}

float gj_guard_next(const gj_ai *c, const gj_ai_pos *b)
{
    int hq = gj_hq(c->me), holder = b->at[hq];
    uint64_t near = beside_hq(c, c->me), targets = near | GJ_BIT(hq);
    float worst = 0;
    if (holder >= 0 && GJ_SIDE_OF(holder) == c->foe) {
        /* An enemy piece in our HQ keeps its officers out only until it
         * steps away (where to matters little: anywhere but our HQ). */
        uint64_t out = gj_dests(b->at, c->foe, hq, GJ_SPY);
        if (out)
            worst = answered(c, b, hq, __builtin_ctzll(out));
    }
    for (int e = c->foe * GJ_SIDE_PIECES; e < (c->foe + 1) * GJ_SIDE_PIECES;
         e++) {
        int sq = b->sq[e];
        if (sq < 0)
            continue;
        float officer = gj_ai_officer(c, b, e);
        /* Only an officer wins, and an officer steps one square; a piece
         * that may be one steps beside the HQ or onto its holder. */
        uint64_t to = gj_dests(b->at, c->foe, sq, GJ_SPY) & targets;
        if (officer <= 0)
            to &= GJ_BIT(hq);   /* any piece may still empty the HQ */
        while (to) {
            int q = __builtin_ctzll(to);
            to &= to - 1;
            if (q == hq && b->at[hq] < 0)
                continue;       /* walking in: gj_guard_open's chance */
            float open = answered(c, b, sq, q);
            if (open > worst)
                worst = open;
        }
    }
    return worst;
}


/* The squares a piece of ours may walk through (the empty ones), and
 * those an enemy officer may: the empty ones and ours but a Landmine (or
 * a Banner that fights as one), which it may fight its way through. */
static void open_squares(const gj_ai *c, const gj_ai_pos *b, uint64_t *empty,
                         uint64_t *fight)
{
    *empty = *fight = 0;
    for (int sq = 0; sq < GJ_SQUARES; sq++) {
        int id = b->at[sq];
        if (id < 0) {
            *empty |= GJ_BIT(sq);
            *fight |= GJ_BIT(sq);
        } else if (GJ_SIDE_OF(id) == c->me &&
                   gj_fights_as(b->at, c->v->type, sq) != GJ_MINE) {
            *fight |= GJ_BIT(sq);
        }
    }
}

void gj_guard_race(const gj_ai *c, const gj_ai_pos *b, int *ours,
                   int *theirs)
{
    uint8_t d[GJ_SQUARES];
    uint64_t empty, theirs_open;
    open_squares(c, b, &empty, &theirs_open);
    /* Ours: an officer walking in over empty squares to an empty HQ. */
    *ours = 99;
    if (b->at[gj_hq(c->foe)] < 0) {
        gj_ai_walk(c, c->foe, empty, d);
        for (int j = c->me * GJ_SIDE_PIECES;
             j < (c->me + 1) * GJ_SIDE_PIECES; j++)
            if (b->sq[j] >= 0 && gj_is_officer(c->v->type[j]) &&
                d[b->sq[j]] < *ours)
                *ours = d[b->sq[j]];
    }
    /* Theirs: any piece that may be an officer, fighting through any of
     * our pieces but a Landmine (or a Banner that fights as one). */
    *theirs = 99;
    int hq = gj_hq(c->me), holder = b->at[hq], late = 0;
    if (holder >= 0 && GJ_SIDE_OF(holder) == c->foe)
        late = 1;       /* their own piece must step out first */
    else if (holder >= 0 &&
             gj_fights_as(b->at, c->v->type, hq) == GJ_MINE)
        return;
    gj_ai_walk(c, c->me, theirs_open, d);
    for (int e = c->foe * GJ_SIDE_PIECES; e < (c->foe + 1) * GJ_SIDE_PIECES;
         e++) {
        if (b->sq[e] < 0 || b->sq[e] == hq || d[b->sq[e]] + late >= *theirs)
            continue;
        if (gj_ai_officer(c, b, e) >= 0.02f)
            *theirs = d[b->sq[e]] + late;
    }
}

/* How much a possible officer k steps from our HQ weighs, k = 1..8 (one
 * beside it weighs what the evaluation's own count of it does). */
static const float cover_weight[9] = {
    0, 0.5f, 0.3f, 0.2f, 0.12f, 0.08f, 0.05f, 0.03f, 0.02f
};

float gj_guard_cover(const gj_ai *c, const gj_ai_pos *b, int our_move)
{
    int hq = gj_hq(c->me);
    uint8_t ours[GJ_SQUARES], theirs[GJ_SQUARES];
    uint64_t empty, fight;
    open_squares(c, b, &empty, &fight);
    gj_ai_walk(c, c->me, empty, ours);
    gj_ai_walk(c, c->me, fight, theirs);
    /* The pieces that could hold the HQ: what stands in it, and whoever
     * can walk in over empty squares, with the moves each needs. */
    int ntypes = 0, type[GJ_SIDE_PIECES], steps[GJ_SIDE_PIECES];
    for (int j = c->me * GJ_SIDE_PIECES; j < (c->me + 1) * GJ_SIDE_PIECES;
         j++) {
        int sq = b->sq[j], t = c->v->type[j];
        if (sq < 0 || (sq != hq && (t == GJ_MINE || t == GJ_BANNER)))
            continue;
        if (sq != hq && ours[sq] == 99)
            continue;
        type[ntypes] = sq == hq ? gj_fights_as(b->at, c->v->type, hq) : t;
        /* Into an HQ one of ours holds only once the holder steps out. */
        steps[ntypes++] = sq == hq ? 0 : ours[sq] + (b->at[hq] >= 0);
    }
    /* A piece beside the HQ is the evaluation's to count when the enemy
     * moves next (it may walk in); with us to move, it is in only if no
     * piece of ours gets there first.  One of theirs in the HQ keeps its
     * officers out until it steps away. */
    int holder = b->at[hq], nearest = 2;
    if (our_move && (holder < 0 || GJ_SIDE_OF(holder) == c->me))
        nearest = 1;
    float open = 0;
    for (int e = c->foe * GJ_SIDE_PIECES; e < (c->foe + 1) * GJ_SIDE_PIECES;
         e++) {
        int sq = b->sq[e];
        if (sq < 0 || sq == hq || theirs[sq] < nearest || theirs[sq] > 8)
            continue;
        float tmp[GJ_TYPES];
        const float *p = gj_ai_row(c, b, e, tmp);
        /* The best cover: one that beats what it may be, in time (it
         * must stand in the HQ before the enemy could step in: with the
         * enemy to move, a move sooner than it needs; with us to move,
         * by the move it needs).  One that comes late is no cover at
         * all: a piece that keeps coming, as a rusher's does, is in
         * first.  (Counting it as half a cover once let the General
         * dawdle two steps off while an officer walked in.) */
        float least = takes(p, -1);
        for (int i = 0; i < ntypes && least > 0; i++) {
            if (steps[i] > theirs[sq] - !our_move)
                continue;
            float x = takes(p, type[i]);
            if (x < least)
                least = x;
        }
        open += cover_weight[theirs[sq]] * least;
    }
    return open;
}
