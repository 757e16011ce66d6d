/*
 * sm64.h - splitmix64, the one small generator the games share.
 *
 * Every engine that must be a pure function of its seed (checkers' search
 * noise, Gunjin, Hexpawn's learner, Eastern Front's seeding, the session's
 * own generator) draws from this: a 64-bit counter stepped by the golden
 * ratio and scrambled by a fixed finalizer.  The state is one integer, so a
 * save carries it as it is.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef SM64_H
#define SM64_H

#include <stdint.h>

typedef struct sm64 { uint64_t s; } sm64;

/* The finalizer alone: a well-mixed 64-bit value from any 64-bit input
 * (hashing, and scrambling a small seed). */
uint64_t sm64_mix(uint64_t z);
/* Step a bare state and return the next value. */
uint64_t sm64_step(uint64_t *state);

void sm64_seed(sm64 *r, uint64_t seed);
uint64_t sm64_next(sm64 *r);
/* Uniform in 0..n-1 (n >= 1), exactly: the multiply-shift with the few
 * biased low products rejected. */
uint32_t sm64_below(sm64 *r, uint32_t n);
/* In 0..n-1 (n >= 1) from one draw, by multiply-shift and no rejection:
 * the bias is below 2^-16 for n < 2^16.  Kept beside sm64_below because
 * checkers' saved games were played with it. */
uint32_t sm64_scale(sm64 *r, uint32_t n);

#endif
