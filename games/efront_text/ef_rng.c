/*
 * ef_rng.c - the game's own generator.  The Atari read POKEY's free-running
 * RANDOM register; here every random byte comes from a xorshift64* state
 * kept inside the game, so a campaign is a pure function of its seed and
 * the players' orders, and a save carries the generator with it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "ef.h"
#include "sm64.h"

void ef_rng_seed(ef_rng *r, uint64_t seed)
{
    /* splitmix64's first value scrambles a small seed into a well-mixed,
     * non-zero state */
    uint64_t z = sm64_step(&seed);
    r->s = z ? z : 0x2545f4914f6cdd1dull;
}

uint32_t ef_rng_next(ef_rng *r)
{
    uint64_t x = r->s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    r->s = x;
    return (uint32_t)((x * 0x2545f4914f6cdd1dull) >> 32);
}

int ef_rng_byte(ef_rng *r)
{
    return (int)(ef_rng_next(r) >> 24);
}
