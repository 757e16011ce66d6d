/*
 * gj_rng.c - the caller's random generator (splitmix64).  The engine never
 * keeps one of its own, so a game is a pure function of its seed and moves.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "gj.h"

void gj_rng_seed(gj_rng *r, uint64_t seed)
{
    r->s = seed;
}

uint64_t gj_rng_next(gj_rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

uint32_t gj_rng_below(gj_rng *r, uint32_t n)
{
    /* Lemire's multiply-shift; the bias for n < 2^16 is far below notice,
     * but reject the few low products anyway so it is exactly uniform. */
    uint64_t m;
    uint32_t lo, t = (uint32_t)(-n) % n;
    do {
        m = (uint64_t)(uint32_t)(gj_rng_next(r) >> 32) * n;
        lo = (uint32_t)m;
    } while (lo < t);
    return (uint32_t)(m >> 32);
}
