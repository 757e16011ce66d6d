/*
 * rng.c - xorshift128+ with splitmix64 seeding.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "rng.h"
#include "sm64.h"

void rng_seed(rng *r, uint64_t seed, uint64_t stream)
{
    uint64_t x = seed ^ (stream * 0xd1b54a32d192ed03ull);
    r->s[0] = sm64_step(&x);
    r->s[1] = sm64_step(&x);
    if (!(r->s[0] | r->s[1]))
        r->s[1] = 1;
}

uint32_t rng_next(rng *r)
{
    uint64_t a = r->s[0], b = r->s[1];
    r->s[0] = b;
    a ^= a << 23;
    r->s[1] = a ^ b ^ (a >> 17) ^ (b >> 26);
    return (uint32_t)((r->s[1] + b) >> 32);
}

uint32_t rng_below(rng *r, uint32_t n)
{
    if (n <= 1)
        return 0;
    /* Reject the top partial range so every value is equally likely. */
    uint32_t limit = (uint32_t)(-n) % n;
    for (;;) {
        uint32_t v = rng_next(r);
        if (v >= limit)
            return v % n;
    }
}

void rng_stir(rng *r, uint64_t v)
{
    uint64_t x = v ^ r->s[0];
    r->s[0] ^= sm64_step(&x);
    r->s[1] ^= sm64_step(&x);
    if (!(r->s[0] | r->s[1]))
        r->s[1] = 1;
}
