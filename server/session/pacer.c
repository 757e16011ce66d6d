/*
 * pacer.c - line-speed pacing on a timerfd.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include "pacer.h"
#include "srv.h"

void pacer_init(pacer *p, void (*fire)(pacer *p), void *owner)
{
    p->fd = -1;
    p->poll = NULL;
    p->t0 = p->sent = p->last_ns = 0;
    p->armed = 0;
    p->fire = fire;
    p->owner = owner;
}

/* When character k of the epoch may go. */
static uint64_t pacer_due(const pacer *p, uint64_t cps_x1000, uint64_t k)
{
    unsigned __int128 ns = (unsigned __int128)k * 1000000000000ull;
    return p->t0 + (uint64_t)((ns + cps_x1000 - 1) / cps_x1000);
}

static void pacer_event(uv_poll_t *h, int status, int events)
{
    pacer *p = h->data;
    uint64_t expirations;
    (void)status;
    (void)events;
    if (read(p->fd, &expirations, sizeof expirations) < 0)
        return;     /* spurious: nothing expired */
    uv_poll_stop(p->poll);      /* an idle pacer keeps no loop alive */
    p->armed = 0;
    p->fire(p);
}

static void pacer_arm(pacer *p, uint64_t at_ns)
{
    if (p->fd < 0) {
        p->fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
        if (p->fd < 0)
            abort();
        p->poll = malloc(sizeof *p->poll);
        if (!p->poll)
            abort();
        uv_poll_init(srv_loop, p->poll, p->fd);
        p->poll->data = p;
    }
    struct itimerspec its = { { 0, 0 },
                              { (time_t)(at_ns / 1000000000),
                                (long)(at_ns % 1000000000) } };
    timerfd_settime(p->fd, TFD_TIMER_ABSTIME, &its, NULL);
    if (!p->armed)
        uv_poll_start(p->poll, UV_READABLE, pacer_event);
    p->armed = 1;
}

size_t pacer_take(pacer *p, uint64_t cps_x1000, size_t n)
{
    if (p->armed || !n || !cps_x1000)
        return 0;
    uint64_t now = uv_hrtime();
    /* Quiet, or late: the next character goes now and the schedule
     * counts from here. */
    if (now > pacer_due(p, cps_x1000, p->sent)) {
        p->t0 = now;
        p->sent = 0;
    }
    unsigned __int128 elapsed = (unsigned __int128)(now - p->t0) * cps_x1000;
    uint64_t allowed = 1 + (uint64_t)(elapsed / 1000000000000ull);
    size_t take = allowed > p->sent ? (size_t)(allowed - p->sent) : 0;
    if (take > n)
        take = n;
    p->sent += take;
    if (take)
        p->last_ns = pacer_due(p, cps_x1000, p->sent - 1);
    if (take < n)
        pacer_arm(p, pacer_due(p, cps_x1000, p->sent));
    return take;
}

int pacer_armed(const pacer *p)
{
    return p->armed;
}

void pacer_stop(pacer *p)
{
    if (p->armed)
        uv_poll_stop(p->poll);
    p->armed = 0;
}

void pacer_restart(pacer *p)
{
    pacer_stop(p);
    /* A new speed counts from the last character that went: the next
     * goes a character's time at the new speed after it, never sooner
     * (the line must never see a burst above either speed).  With none
     * yet, due(0) is long past: the next take resets. */
    p->t0 = p->last_ns;
    p->sent = p->last_ns ? 1 : 0;
}

static void pacer_poll_closed(uv_handle_t *h)
{
    free(h);
}

void pacer_close(pacer *p)
{
    pacer_stop(p);
    if (p->poll)
        uv_close((uv_handle_t *)p->poll, pacer_poll_closed);
    if (p->fd >= 0)
        close(p->fd);
    p->fd = -1;
    p->poll = NULL;
}
