/*
 * gj_rush.c - the headquarters rusher: a simple, single-minded opponent
 * the computer opponent is measured against (tests/bench/bench_gj.c) and
 * tested with.  Not in the original; not offered to players.
 *
 * An officer that can step into the enemy headquarters does.  Otherwise
 * the strongest officer that can get a step closer to it does (the
 * General first, then the Lieutenant General, the Major General, the
 * Colonel and on down), attacking whatever stands in the way; when no
 * officer can get closer, any legal move.  It reads only its view.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "gj.h"

/* Steps a one-square mover needs to reach side's HQ on an empty board,
 * the river crossed on the bridges. */
static void rush_distances(int side, uint8_t d[GJ_SQUARES])
{
    int8_t empty[GJ_SQUARES];
    memset(empty, -1, sizeof empty);
    memset(d, 99, GJ_SQUARES);
    int queue[GJ_SQUARES], head = 0, tail = 0;
    queue[tail++] = gj_hq(side);
    d[gj_hq(side)] = 0;
    while (head < tail) {
        int sq = queue[head++];
        uint64_t n = gj_dests(empty, side, sq, GJ_SPY);
        while (n) {
            int q = __builtin_ctzll(n);
            n &= n - 1;
            if (d[q] == 99) {
                d[q] = (uint8_t)(d[sq] + 1);
                queue[tail++] = q;
            }
        }
    }
}

int gj_ai_rush(const gj_view *v, gj_rng *r, gj_move *out)
{
    gj_move moves[GJ_MAX_MOVES], best[GJ_MAX_MOVES];
    int n = gj_view_moves(v, moves), nbest = 0, best_rank = -1;
    if (n == 0)
        return -1;
    uint8_t d[GJ_SQUARES];
    rush_distances(!v->me, d);
    for (int i = 0; i < n; i++) {
        int t = v->type[v->at[moves[i].from]];
        if (!gj_is_officer(t))
            continue;
        if (moves[i].to == gj_hq(!v->me)) {
            *out = moves[i];
            return 0;
        }
        /* The order of strength: the generals, then the field officers. */
        int rank = t >= GJ_MAJGEN ? t : t - GJ_2LT;
        if (d[moves[i].to] >= d[moves[i].from] || rank < best_rank)
            continue;
        if (rank > best_rank) {
            best_rank = rank;
            nbest = 0;
        }
        best[nbest++] = moves[i];
    }
    if (nbest)
        *out = best[gj_rng_below(r, (uint32_t)nbest)];
    else
        *out = moves[gj_rng_below(r, (uint32_t)n)];
    return 0;
}
