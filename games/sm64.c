/*
 * sm64.c - splitmix64 (see sm64.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "sm64.h"

uint64_t sm64_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint64_t sm64_step(uint64_t *state)
{
    return sm64_mix(*state += 0x9e3779b97f4a7c15ull);
}

void sm64_seed(sm64 *r, uint64_t seed)
{
    r->s = seed;
}

uint64_t sm64_next(sm64 *r)
{
    return sm64_step(&r->s);
}

uint32_t sm64_below(sm64 *r, uint32_t n)
{
    /* Lemire's multiply-shift: the top 32 bits times n; a low half below
     * 2^32 mod n marks one of the products that would favour some values. */
    uint64_t m;
    uint32_t t = (uint32_t)(-n) % n;
    do
        m = (sm64_next(r) >> 32) * (uint64_t)n;
    while ((uint32_t)m < t);
    return (uint32_t)(m >> 32);
}

uint32_t sm64_scale(sm64 *r, uint32_t n)
{
    return (uint32_t)(((sm64_next(r) >> 32) * (uint64_t)n) >> 32);
}
