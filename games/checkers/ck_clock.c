/* ck_clock.c - CLOCK_MONOTONIC, for whoever drives a search. */
/* SPDX-License-Identifier: BSD-2-Clause */
#include <time.h>

#include "ck_clock.h"

uint64_t ck_clock_ms(void *ctx)
{
    struct timespec t;
    (void)ctx;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

double ck_clock_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}
