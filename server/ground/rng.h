/*
 * rng.h - the per-session random generator (xorshift128+ seeded through
 * splitmix64).  Small, fast and with a state a game can save.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef RNG_H
#define RNG_H

#include <stdint.h>

typedef struct rng { uint64_t s[2]; } rng;

/* Seed from a number and a stream index: --seed N, session k. */
void rng_seed(rng *r, uint64_t seed, uint64_t stream);
uint32_t rng_next(rng *r);
/* Uniform in 0..n-1 without modulo bias (n >= 1). */
uint32_t rng_below(rng *r, uint32_t n);
/* Fold an outside value (a player's answer time) into the state. */
void rng_stir(rng *r, uint64_t v);

#endif
