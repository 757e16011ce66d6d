/*
 * metrics.c - count, and write the counts out as Prometheus text.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "metrics.h"
#include "srv.h"

#define METRICS_TRANSPORTS 8
#define METRICS_SOURCES 12
#define METRICS_GAMES 16
#define METRICS_LAG_MS 100              /* the probe's period */

static const double metrics_save_le[] = { 0.001, 0.0025, 0.005, 0.01, 0.025,
                                          0.05, 0.1, 0.25, 0.5, 1, 2.5, 5 };
static const double metrics_lag_le[] = { 0.001, 0.0025, 0.005, 0.01, 0.025,
                                         0.05, 0.1, 0.25, 0.5, 1 };
#define METRICS_NSAVE (sizeof metrics_save_le / sizeof metrics_save_le[0])
#define METRICS_NLAG (sizeof metrics_lag_le / sizeof metrics_lag_le[0])

typedef struct metrics_hist {
    unsigned long long bucket[16];      /* cumulative at render */
    unsigned long long count;
    double sum;
} metrics_hist;

static struct {
    unsigned long long refused[METRICS_REFUSED_N];
    struct { const char *name; unsigned long long in, out, started; }
        bytes[METRICS_TRANSPORTS];
    struct { const char *name; unsigned long long started, over[5]; }
        games[METRICS_GAMES];
    unsigned long long saves_failed, login_failures;
    unsigned long long events[METRICS_EVENT_N][METRICS_OUTCOME_N];
    metrics_hist save, lag;
    metrics_source_fn sources[METRICS_SOURCES];
    int nsources;
    uv_timer_t lag_timer;
    uint64_t lag_due_ns;
    int started;
} m;

static const char *const metrics_refusal_name[METRICS_REFUSED_N] = {
    "full", "per_address", "banned", "closing", "proxy_header", "origin",
    "web_busy"
};

static void metrics_observe(metrics_hist *h, const double *le, size_t n,
                            double v)
{
    for (size_t i = 0; i < n; i++)
        if (v <= le[i]) {
            h->bucket[i]++;
            break;
        }
    h->count++;
    h->sum += v;
}

static void metrics_lag_tick(uv_timer_t *t)
{
    uint64_t now = uv_hrtime();
    double late = now > m.lag_due_ns ? (double)(now - m.lag_due_ns) / 1e9 : 0;
    metrics_observe(&m.lag, metrics_lag_le, METRICS_NLAG, late);
    m.lag_due_ns = now + (uint64_t)METRICS_LAG_MS * 1000000;
    (void)t;
}

void metrics_start(void)
{
    if (m.started)
        return;
    uv_timer_init(srv_loop, &m.lag_timer);
    /* The probe must not keep a stopping server alive. */
    uv_unref((uv_handle_t *)&m.lag_timer);
    m.lag_due_ns = uv_hrtime() + (uint64_t)METRICS_LAG_MS * 1000000;
    uv_timer_start(&m.lag_timer, metrics_lag_tick, METRICS_LAG_MS,
                   METRICS_LAG_MS);
    m.started = 1;
}

void metrics_stop(void)
{
    if (m.started)
        uv_timer_stop(&m.lag_timer);
}

void metrics_refused(metrics_refusal why)
{
    if (why < METRICS_REFUSED_N)
        m.refused[why]++;
}

static int metrics_transport(const char *name)
{
    for (int i = 0; i < METRICS_TRANSPORTS; i++) {
        if (!m.bytes[i].name) {
            m.bytes[i].name = name;
            return i;
        }
        if (m.bytes[i].name == name || strcmp(m.bytes[i].name, name) == 0)
            return i;
    }
    return METRICS_TRANSPORTS - 1;      /* more kinds than places: share */
}

void metrics_bytes_in(const char *transport, size_t n)
{
    m.bytes[metrics_transport(transport)].in += n;
}

void metrics_bytes_out(const char *transport, size_t n)
{
    m.bytes[metrics_transport(transport)].out += n;
}

void metrics_session_started(const char *transport)
{
    m.bytes[metrics_transport(transport)].started++;
}

/* How a game ended, in the order the exposition lists them; the last
 * is any other word. */
static const char *const metrics_game_result[5] = {
    "finished", "ended", "stopped", "hangup", "other"
};

void metrics_game(const char *game, const char *result)
{
    int i = 0;
    /* Game names are the registry's own strings: a handful, compared as
     * pointers first. */
    while (i < METRICS_GAMES && m.games[i].name && m.games[i].name != game &&
           strcmp(m.games[i].name, game) != 0)
        i++;
    if (i == METRICS_GAMES)
        return;
    m.games[i].name = game;
    if (!result) {
        m.games[i].started++;
        return;
    }
    int r = 0;
    while (r < 4 && strcmp(metrics_game_result[r], result) != 0)
        r++;
    m.games[i].over[r]++;
}

static void metrics_games_render(buf *out)
{
    buf_printf(out, "# HELP ttyarcade_sessions_started_total Sessions "
                    "begun, by door.\n"
                    "# TYPE ttyarcade_sessions_started_total counter\n");
    for (int i = 0; i < METRICS_TRANSPORTS && m.bytes[i].name; i++)
        buf_printf(out, "ttyarcade_sessions_started_total{transport=\"%s\"}"
                        " %llu\n", metrics_label(m.bytes[i].name),
                   m.bytes[i].started);
    buf_printf(out, "# HELP ttyarcade_games_started_total Games begun, new "
                    "or resumed, by game.\n"
                    "# TYPE ttyarcade_games_started_total counter\n");
    for (int i = 0; i < METRICS_GAMES && m.games[i].name; i++)
        buf_printf(out, "ttyarcade_games_started_total{game=\"%s\"} %llu\n",
                   metrics_label(m.games[i].name), m.games[i].started);
    buf_printf(out, "# HELP ttyarcade_games_finished_total Games over, by "
                    "game and result (finished: played to the end; ended: "
                    "the player left, idled or was kicked; stopped: the "
                    "server stopped; hangup: the line dropped).\n"
                    "# TYPE ttyarcade_games_finished_total counter\n");
    for (int i = 0; i < METRICS_GAMES && m.games[i].name; i++)
        for (int r = 0; r < 5; r++)
            buf_printf(out, "ttyarcade_games_finished_total{game=\"%s\","
                            "result=\"%s\"} %llu\n",
                       metrics_label(m.games[i].name),
                       metrics_game_result[r], m.games[i].over[r]);
}

void metrics_save(double seconds, int ok)
{
    metrics_observe(&m.save, metrics_save_le, METRICS_NSAVE, seconds);
    if (!ok)
        m.saves_failed++;
}

void metrics_login_failure(void)
{
    m.login_failures++;
}

void metrics_event(metrics_event_kind kind, metrics_outcome outcome)
{
    if (kind < METRICS_EVENT_N && outcome < METRICS_OUTCOME_N)
        m.events[kind][outcome]++;
}

static void metrics_events_render(buf *out)
{
    static const char *const name[METRICS_EVENT_N][2] = {
        { "ttyarcade_logins_total",
          "Logins to an account (a password or an SSH key), by result." },
        { "ttyarcade_registrations_total", "New accounts, by result." },
        { "ttyarcade_resume_codes_total", "Resume codes typed, by result." },
    };
    static const char *const result[METRICS_OUTCOME_N] = {
        "ok", "failed", "limited", "busy"
    };
    for (int k = 0; k < METRICS_EVENT_N; k++) {
        buf_printf(out, "# HELP %s %s\n# TYPE %s counter\n", name[k][0],
                   name[k][1], name[k][0]);
        for (int o = 0; o < METRICS_OUTCOME_N; o++)
            buf_printf(out, "%s{result=\"%s\"} %llu\n", name[k][0],
                       result[o], m.events[k][o]);
    }
}

static void metrics_hist_render(buf *out, const char *name,
                                const metrics_hist *h, const double *le,
                                size_t n)
{
    unsigned long long cum = 0;
    for (size_t i = 0; i < n; i++) {
        cum += h->bucket[i];
        buf_printf(out, "%s_bucket{le=\"%g\"} %llu\n", name, le[i], cum);
    }
    buf_printf(out, "%s_bucket{le=\"+Inf\"} %llu\n", name, h->count);
    buf_printf(out, "%s_sum %.6f\n%s_count %llu\n", name, h->sum, name,
                   h->count);
}

/* Label values come from the server's own tables (transport, game and
 * profile names), never from players; still, only safe characters pass. */
const char *metrics_label(const char *v)
{
    for (const char *p = v; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
              *p == '_' || *p == '-' || *p == '(' || *p == ')'))
            return "other";
    return v;
}

void metrics_add_source(metrics_source_fn fn)
{
    for (int i = 0; i < m.nsources; i++)
        if (m.sources[i] == fn)
            return;
    if (m.nsources < METRICS_SOURCES)
        m.sources[m.nsources++] = fn;
}

void metrics_render(buf *out)
{
    buf_printf(out, "# HELP ttyarcade_refused_total Connections "
                        "(and web requests) refused, by reason.\n"
                        "# TYPE ttyarcade_refused_total counter\n");
    for (int i = 0; i < METRICS_REFUSED_N; i++)
        buf_printf(out, "ttyarcade_refused_total{reason=\"%s\"} %llu\n",
                       metrics_refusal_name[i], m.refused[i]);

    buf_printf(out, "# HELP ttyarcade_bytes_total Bytes from and to "
                        "players, by transport.\n"
                        "# TYPE ttyarcade_bytes_total counter\n");
    for (int i = 0; i < METRICS_TRANSPORTS && m.bytes[i].name; i++) {
        const char *t = metrics_label(m.bytes[i].name);
        buf_printf(out, "ttyarcade_bytes_total{transport=\"%s\","
                            "direction=\"in\"} %llu\n", t, m.bytes[i].in);
        buf_printf(out, "ttyarcade_bytes_total{transport=\"%s\","
                            "direction=\"out\"} %llu\n", t, m.bytes[i].out);
    }

    buf_printf(out, "# HELP ttyarcade_save_seconds Time a player waits "
                        "for a save to commit.\n"
                        "# TYPE ttyarcade_save_seconds histogram\n");
    metrics_hist_render(out, "ttyarcade_save_seconds", &m.save,
                        metrics_save_le, METRICS_NSAVE);
    buf_printf(out, "# HELP ttyarcade_saves_failed_total Saves the store "
                        "refused.\n"
                        "# TYPE ttyarcade_saves_failed_total counter\n"
                        "ttyarcade_saves_failed_total %llu\n",
                   m.saves_failed);
    buf_printf(out, "# HELP ttyarcade_login_failures_total Wrong "
                        "passwords and resume codes.\n"
                        "# TYPE ttyarcade_login_failures_total counter\n"
                        "ttyarcade_login_failures_total %llu\n",
                   m.login_failures);
    buf_printf(out, "# HELP ttyarcade_loop_lag_seconds How late the "
                        "loop ran a %d ms timer.\n"
                        "# TYPE ttyarcade_loop_lag_seconds histogram\n",
                   METRICS_LAG_MS);
    metrics_hist_render(out, "ttyarcade_loop_lag_seconds", &m.lag,
                        metrics_lag_le, METRICS_NLAG);
    metrics_events_render(out);
    metrics_games_render(out);
    for (int i = 0; i < m.nsources; i++)
        m.sources[i](out);
}
