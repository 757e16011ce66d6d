/*
 * strhash.h - one hash of a NUL-terminated string (FNV-1a, 32 bits) for
 * the server's small hashed tables (failure counters, held codes).  Not
 * for anything an attacker must not steer: keys are bounded per address
 * by the callers' own limits.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef STRHASH_H
#define STRHASH_H

#include <stdint.h>

static inline uint32_t str_hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

#endif
