/*
 * pacer.h - output no faster than a line speed allows.
 *
 * Character k after the line fell quiet goes at t0 + k character-times,
 * and never before the previous one's time is up: when the loop was late,
 * the schedule starts again from now rather than catching up in a burst
 * no real line could carry.  The timer is a timerfd (microsecond-true);
 * libuv's millisecond timers would cost a 1200-baud line a few percent of
 * its speed to rounding.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef PACER_H
#define PACER_H

#include <stddef.h>
#include <stdint.h>
#include <uv.h>

typedef struct pacer pacer;
struct pacer {
    int fd;             /* timerfd, -1 until first needed */
    uv_poll_t *poll;
    uint64_t t0;        /* epoch (ns, CLOCK_MONOTONIC as uv_hrtime) */
    uint64_t sent;      /* characters sent since t0 */
    uint64_t last_ns;   /* when the last character went (0: none yet) */
    int armed;
    void (*fire)(pacer *p);     /* the next character is due */
    void *owner;
};

void pacer_init(pacer *p, void (*fire)(pacer *p), void *owner);
/* Of n characters waiting, how many may go now at cps_x1000 characters
 * per 1000 s; if not all, the timer is armed for the next. */
size_t pacer_take(pacer *p, uint64_t cps_x1000, size_t n);
int pacer_armed(const pacer *p);
void pacer_stop(pacer *p);
/* Stop, and forget the schedule: the next take starts a new one (the
 * line's speed changed; the old schedule's times mean nothing now). */
void pacer_restart(pacer *p);
/* Release the timer (the owner is going away). */
void pacer_close(pacer *p);

#endif
