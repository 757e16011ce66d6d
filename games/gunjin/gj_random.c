/*
 * gj_random.c - the seed's Random opponent (play_random.asm): "We already
 * have the routines to determine if a move is legal.  We already have a
 * random number generator."  Every legal move is equally likely.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "gj.h"

int gj_ai_random(const gj_view *v, gj_rng *r, gj_move *out)
{
    gj_move moves[GJ_MAX_MOVES];
    int n = gj_view_moves(v, moves);
    if (n == 0)
        return -1;
    *out = moves[gj_rng_below(r, (uint32_t)n)];
    return 0;
}
