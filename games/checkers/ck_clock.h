/*
 * ck_clock.h - the monotonic clock for callers of the engine: the tools,
 * the bench and the dialogue pass ck_clock_ms as a search's clock.  The
 * engine itself never reads a clock; it calls the one it is given.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef CK_CLOCK_H
#define CK_CLOCK_H

#include <stdint.h>

/* Milliseconds since an arbitrary origin (a ck_clock_fn; ctx unused). */
uint64_t ck_clock_ms(void *ctx);
/* Seconds since an arbitrary origin, for timing. */
double ck_clock_seconds(void);

#endif
