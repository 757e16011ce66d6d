/*
 * bg_prob.c - what a game is worth when it ends, and the five chances of
 * a position (bg.h, BG_OUT_*) seen from either side.
 *
 * A game's winner scores one point, two for a gammon (the loser has borne
 * off none) and three for a backgammon (borne off none and a tile still
 * on the bar or in the winner's home), times the cube.  The article's
 * game knows none of this: under the ATARI rules only the win counts.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "bg.h"

void bg_probs_swap(float v[BG_NOUT])
{
    float w = v[BG_OUT_WIN], g = v[BG_OUT_WINGAMMON], b = v[BG_OUT_WINBG];
    v[BG_OUT_WIN] = 1.0f - w;
    v[BG_OUT_WINGAMMON] = v[BG_OUT_LOSEGAMMON];
    v[BG_OUT_WINBG] = v[BG_OUT_LOSEBG];
    v[BG_OUT_LOSEGAMMON] = g;
    v[BG_OUT_LOSEBG] = b;
}

float bg_probs_equity(const float v[BG_NOUT])
{
    return 2.0f * v[BG_OUT_WIN] - 1.0f + v[BG_OUT_WINGAMMON] -
           v[BG_OUT_LOSEGAMMON] + v[BG_OUT_WINBG] - v[BG_OUT_LOSEBG];
}

int bg_pos_gammon(const bg_pos *p)
{
    const uint8_t *loser = p->s[1];
    if (bg_pos_off(p, 1) > 0)
        return 1;
    /* The winner's home, points 1-6, is the loser's 19-24. */
    for (int i = 18; i <= BG_BAR; i++)
        if (loser[i])
            return 3;
    return 2;
}
