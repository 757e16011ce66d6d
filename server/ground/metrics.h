/*
 * metrics.h - the server's counters for /metrics (Prometheus text format,
 * version 0.0.4): connections refused by reason; sessions begun and bytes
 * in and out by door; games begun and over by game and result; saves and
 * their latency; logins, registrations and resume codes by result; how
 * late the loop runs its timers; and what the layers above add as sources
 * (sessions by transport, game and profile; watchers; the hashing gate;
 * recordings on disk; the relay; uptime and the build).
 *
 * Everything is counted on the loop thread, so nothing here locks.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef METRICS_H
#define METRICS_H

#include <stddef.h>

#include "buf.h"

typedef enum metrics_refusal {
    METRICS_REFUSED_FULL,           /* --max-sessions */
    METRICS_REFUSED_ADDRESS,        /* --max-per-address */
    METRICS_REFUSED_BANNED,
    METRICS_REFUSED_CLOSING,        /* the server is stopping */
    METRICS_REFUSED_PROXY,          /* a trusted proxy sent no header */
    METRICS_REFUSED_ORIGIN,         /* a web page from another site */
    METRICS_REFUSED_WEB_BUSY,       /* a page's store read: WEB_JOBS_MAX */
    METRICS_REFUSED_N
} metrics_refusal;

/* What players tried, and how it went: logins (a password checked),
 * registrations (a new account), resume codes typed. */
typedef enum metrics_event_kind {
    METRICS_LOGIN,
    METRICS_REGISTER,
    METRICS_CODE,
    METRICS_EVENT_N
} metrics_event_kind;
typedef enum metrics_outcome {
    METRICS_OK,
    METRICS_FAILED,             /* a wrong password or code */
    METRICS_LIMITED,            /* refused by the limits */
    METRICS_BUSY,               /* refused: too many hashes waited */
    METRICS_OUTCOME_N
} metrics_outcome;

/* Starts the loop-lag probe on the server's loop. */
void metrics_start(void);
void metrics_stop(void);
void metrics_refused(metrics_refusal why);
/* transport: the session ops' name ("telnet", "web", ...). */
void metrics_bytes_in(const char *transport, size_t n);
void metrics_bytes_out(const char *transport, size_t n);
/* A save (new or over an old code) and how long the player waited. */
void metrics_save(double seconds, int ok);
void metrics_login_failure(void);
void metrics_event(metrics_event_kind kind, metrics_outcome outcome);
/* A session began on a door (its transport's name). */
void metrics_session_started(const char *transport);
/* A game began (result NULL), new or resumed, or is over: result
 * "finished" (played to its end), "ended" (input ended: the player left,
 * was idle or kicked), "stopped" (the server stopping) or "hangup". */
void metrics_game(const char *game, const char *result);
/* A layer above adds its own families to the exposition (the sessions
 * by transport, the relay between servers): fn appends them to out, at
 * every render, on the loop thread.  Registering fn again does nothing. */
typedef void (*metrics_source_fn)(buf *out);
void metrics_add_source(metrics_source_fn fn);
/* A label value as it may stand in the exposition: the value if it has
 * only safe characters, else "other". */
const char *metrics_label(const char *v);
/* Appends the whole exposition to out: the counters here, then every
 * source's families. */
void metrics_render(buf *out);

#endif
