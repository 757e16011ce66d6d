/*
 * relay_pg.c - relay.h on PostgreSQL's LISTEN/NOTIFY.
 *
 * One connection, in libpq's non-blocking mode, watched by a uv_poll:
 * readable means notifications or the result of our own NOTIFYs; the
 * connection is never waited on by the loop.  Opening it (name lookup,
 * TLS, LISTEN) blocks, so that runs on a worker thread and the loop takes
 * the connection when it is ready.
 *
 * Sending: lines wait per destination; when the connection is idle, every
 * waiting line goes in one query (NOTIFY statements, one per destination
 * and 7,900 bytes), so a busy moment costs one round trip, not one per
 * keystroke.  A notification's payload is "SEQ SENDER\nLINE\nLINE...":
 * SEQ counts this server's notifications, because PostgreSQL folds
 * identical notifications sent in one transaction into one, and two
 * payloads of the same bytes (a screen drawn twice) must both arrive.
 *
 * Holds: a resume code in play is a session-level advisory lock taken on
 * this connection (the key is a 64-bit hash of the code; the other locks
 * of the store use the two-key space, which is separate).  Its statement
 * goes in the same batch as the lines, and its answer is matched to it by
 * order: results come back in the order the statements were sent.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "relay.h"
#include "srv.h"
#include "store_pg.h"

#define RELAY_PAYLOAD 7900      /* PostgreSQL's limit is 8000 */
#define RELAY_DESTS 64          /* servers talked to at once */

#define RELAY_HOLD_KEY 7413     /* the hash's seed: ttyarcade's holds */

typedef struct relay_ask {
    char sql[320];
    relay_hold_fn done;         /* NULL: nobody waits for the answer */
    void *arg;
    struct relay_ask *next;
} relay_ask;

typedef struct relay_dest {
    char name[32];
    buf lines;                  /* "LINE\n..." not yet sent */
} relay_dest;

static struct {
    char *uri;
    char name[32];
    relay_line_fn on_line;
    relay_state_fn on_state;
    PGconn *c;                  /* the loop's, once up */
    uv_poll_t poll;
    int poll_open, poll_events;
    int connecting, stopping;
    int in_flight;              /* a batch awaits its results */
    int told_failing;           /* the log has said it cannot listen */
    unsigned long long seq;     /* notifications sent (SEQ) */
    relay_ask *asks, **asks_tail;   /* not sent yet */
    relay_ask *asked, **asked_tail; /* sent, in order, awaiting answers */
    uv_timer_t retry, kick;
    relay_dest dest[RELAY_DESTS];
    int ndest;
    struct { unsigned long lines_out, lines_in, downs; } stats;
} rl;

typedef struct relay_open_job {
    uv_work_t work;
    char *uri;
    char name[32];
    PGconn *c;
    char err[256];
} relay_open_job;

static void relay_flush(void);
static void relay_down(const char *why);

/* libpq's message as one log line: its first line. */
static void relay_log(const char *what, const char *why)
{
    srv_log("relay: %s: %.*s", what, (int)strcspn(why, "\n"), why);
}

int relay_up(void)
{
    return rl.c != NULL;
}

void relay_metrics(buf *out)
{
    buf_printf(out, "# HELP ttyarcade_relay_up The relay between servers "
                    "listens.\n"
                    "# TYPE ttyarcade_relay_up gauge\n"
                    "ttyarcade_relay_up %d\n"
                    "# HELP ttyarcade_relay_lines_total Lines to and from "
                    "other servers.\n"
                    "# TYPE ttyarcade_relay_lines_total counter\n"
                    "ttyarcade_relay_lines_total{direction=\"in\"} %lu\n"
                    "ttyarcade_relay_lines_total{direction=\"out\"} %lu\n"
                    "# HELP ttyarcade_relay_drops_total Times the relay's "
                    "connection dropped.\n"
                    "# TYPE ttyarcade_relay_drops_total counter\n"
                    "ttyarcade_relay_drops_total %lu\n",
               relay_up(), rl.stats.lines_in, rl.stats.lines_out,
               rl.stats.downs);
}

/* ---- opening -------------------------------------------------------- */

static void relay_open_work(uv_work_t *w)
{
    relay_open_job *j = w->data;
    j->c = pg_connect(j->uri, j->err, sizeof j->err);
    if (!j->c)
        return;
    /* Its own channel, and the one every server listens on (RELAY_ALL). */
    char chan[64], all[64];
    snprintf(chan, sizeof chan, "ttyarcade:%s", j->name);
    snprintf(all, sizeof all, "ttyarcade:%s", RELAY_ALL);
    char *id = PQescapeIdentifier(j->c, chan, strlen(chan));
    char *aid = PQescapeIdentifier(j->c, all, strlen(all));
    char sql[320];
    snprintf(sql, sizeof sql, "LISTEN %s; LISTEN %s",
             id ? id : "\"ttyarcade\"", aid ? aid : "\"ttyarcade\"");
    PQfreemem(id);
    PQfreemem(aid);
    PGresult *r = PQexec(j->c, sql);
    if (PQresultStatus(r) != PGRES_COMMAND_OK ||
        PQsetnonblocking(j->c, 1) != 0) {
        snprintf(j->err, sizeof j->err, "%s", PQerrorMessage(j->c));
        PQfinish(j->c);
        j->c = NULL;
    }
    PQclear(r);
}

static void relay_poll_cb(uv_poll_t *h, int status, int events);

static void relay_retry_cb(uv_timer_t *t);

static void relay_open_done(uv_work_t *w, int status)
{
    relay_open_job *j = w->data;
    rl.connecting = 0;
    if (status != 0 || !j->c || rl.stopping) {
        if (j->c)
            PQfinish(j->c);
        else if (!rl.stopping && !rl.told_failing) {
            /* once, not at every retry while the database is down */
            relay_log("cannot listen (trying again every 2 s)", j->err);
            rl.told_failing = 1;
        }
        if (!rl.stopping)
            uv_timer_start(&rl.retry, relay_retry_cb, 2000, 0);
        free(j->uri);
        free(j);
        return;
    }
    rl.c = j->c;
    uv_poll_init_socket(srv_loop, &rl.poll, PQsocket(rl.c));
    rl.poll.data = NULL;
    rl.poll_open = 1;
    rl.poll_events = UV_READABLE;
    uv_poll_start(&rl.poll, UV_READABLE, relay_poll_cb);
    srv_log("relay listening as %s", rl.name);
    rl.told_failing = 0;
    free(j->uri);
    free(j);
    if (rl.on_state)
        rl.on_state(1);
    relay_flush();
}

static void relay_open(void)
{
    if (rl.connecting || rl.c || rl.stopping)
        return;
    relay_open_job *j = calloc(1, sizeof *j);
    if (!j || !(j->uri = strdup(rl.uri))) {
        free(j);
        uv_timer_start(&rl.retry, relay_retry_cb, 2000, 0);
        return;
    }
    snprintf(j->name, sizeof j->name, "%s", rl.name);
    j->work.data = j;
    rl.connecting = 1;
    uv_queue_work(srv_loop, &j->work, relay_open_work, relay_open_done);
}

static void relay_retry_cb(uv_timer_t *t)
{
    (void)t;
    relay_open();
}

static void relay_kick_cb(uv_timer_t *t)
{
    (void)t;
    relay_flush();
}

void relay_start(const char *uri, const char *server, relay_line_fn on_line,
                 relay_state_fn on_state)
{
    rl.uri = strdup(uri);
    snprintf(rl.name, sizeof rl.name, "%s", server);
    rl.on_line = on_line;
    rl.on_state = on_state;
    rl.asks_tail = &rl.asks;
    rl.asked_tail = &rl.asked;
    uv_timer_init(srv_loop, &rl.retry);
    uv_timer_init(srv_loop, &rl.kick);
    uv_unref((uv_handle_t *)&rl.retry);
    uv_unref((uv_handle_t *)&rl.kick);
    if (rl.uri)
        relay_open();
}

/* ---- the connection on the loop -------------------------------------- */

static void relay_poll_closed(uv_handle_t *h)
{
    PGconn *c = h->data;
    PQfinish(c);
}

/* Answer every question in list with answer, and empty it. */
static void relay_answer_all(relay_ask **list, relay_ask ***tail, int answer)
{
    relay_ask *a = *list;
    *list = NULL;
    *tail = list;
    while (a) {
        relay_ask *next = a->next;
        if (a->done)
            a->done(a->arg, answer);
        free(a);
        a = next;
    }
}

static void relay_down(const char *why)
{
    if (!rl.c)
        return;
    relay_log("connection lost", why);
    rl.stats.downs++;
    rl.poll.data = rl.c;        /* finished once the poll is closed */
    uv_close((uv_handle_t *)&rl.poll, relay_poll_closed);
    rl.poll_open = 0;
    rl.c = NULL;
    rl.in_flight = 0;
    for (int i = 0; i < rl.ndest; i++)
        buf_free(&rl.dest[i].lines);
    relay_answer_all(&rl.asked, &rl.asked_tail, RELAY_DOWN);
    relay_answer_all(&rl.asks, &rl.asks_tail, RELAY_DOWN);
    if (rl.on_state)
        rl.on_state(0);
    if (!rl.stopping)
        uv_timer_start(&rl.retry, relay_retry_cb, 1000, 0);
}

static void relay_want_write(int on)
{
    int ev = UV_READABLE | (on ? UV_WRITABLE : 0);
    if (ev != rl.poll_events && rl.poll_open) {
        rl.poll_events = ev;
        uv_poll_start(&rl.poll, ev, relay_poll_cb);
    }
}

static void relay_deliver(PGnotify *n)
{
    char *p = n->extra, *nl = strchr(p, '\n'), *from;
    if (!nl)
        return;
    *nl = 0;
    strtoull(p, &from, 10);     /* SEQ: only there to make it unique */
    if (*from++ != ' ')
        return;
    /* Our own line to every server comes back to us too; a line to
     * ourselves by name is meant (the tests send them). */
    if (strcmp(from, rl.name) == 0 &&
        strcmp(n->relname, "ttyarcade:" RELAY_ALL) == 0)
        return;
    for (p = nl + 1; *p; p = nl + 1) {
        nl = strchr(p, '\n');
        if (!nl)
            break;
        *nl = 0;
        rl.stats.lines_in++;
        rl.on_line(from, p);
    }
}

static void relay_read(void)
{
    if (!PQconsumeInput(rl.c)) {
        relay_down(PQerrorMessage(rl.c));
        return;
    }
    while (rl.in_flight && !PQisBusy(rl.c)) {
        PGresult *r = PQgetResult(rl.c);
        if (!r) {
            rl.in_flight = 0;
            /* Statements after a failed one were not run. */
            relay_answer_all(&rl.asked, &rl.asked_tail, RELAY_DOWN);
            break;
        }
        if (PQresultStatus(r) == PGRES_TUPLES_OK && rl.asked) {
            relay_ask *a = rl.asked;
            rl.asked = a->next;
            if (!rl.asked)
                rl.asked_tail = &rl.asked;
            int answer = PQntuples(r) == 1
                             ? (int)strtol(PQgetvalue(r, 0, 0), NULL, 10)
                             : RELAY_DOWN;
            if (a->done)
                a->done(a->arg, answer);
            free(a);
        } else if (PQresultStatus(r) != PGRES_COMMAND_OK &&
                   PQresultStatus(r) != PGRES_TUPLES_OK) {
            relay_log("a statement failed", PQresultErrorMessage(r));
        }
        PQclear(r);
    }
    PGnotify *n;
    while (rl.c && (n = PQnotifies(rl.c))) {
        relay_deliver(n);
        PQfreemem(n);
    }
    if (rl.c && PQstatus(rl.c) == CONNECTION_BAD) {
        relay_down("the server closed it");
        return;
    }
    if (rl.c && !rl.in_flight)
        relay_flush();
}

static void relay_poll_cb(uv_poll_t *h, int status, int events)
{
    (void)h;
    if (!rl.c)
        return;
    if (status < 0) {
        relay_down(uv_strerror(status));
        return;
    }
    if (events & UV_WRITABLE) {
        int f = PQflush(rl.c);
        if (f < 0) {
            relay_down(PQerrorMessage(rl.c));
            return;
        }
        relay_want_write(f == 1);
    }
    if (events & UV_READABLE)
        relay_read();
}

/* ---- sending -------------------------------------------------------- */

static relay_dest *relay_dest_of(const char *to)
{
    for (int i = 0; i < rl.ndest; i++)
        if (strcmp(rl.dest[i].name, to) == 0)
            return &rl.dest[i];
    /* Reuse a destination with nothing waiting before growing. */
    for (int i = 0; i < rl.ndest; i++)
        if (!buf_avail(&rl.dest[i].lines)) {
            snprintf(rl.dest[i].name, sizeof rl.dest[i].name, "%s", to);
            return &rl.dest[i];
        }
    if (rl.ndest == RELAY_DESTS)
        return NULL;
    relay_dest *d = &rl.dest[rl.ndest++];
    memset(d, 0, sizeof *d);
    snprintf(d->name, sizeof d->name, "%s", to);
    return d;
}

int relay_send(const char *to, const char *line)
{
    size_t n = strlen(line);
    if (!rl.c || n > RELAY_LINE_MAX || strchr(line, '\n'))
        return -1;
    relay_dest *d = relay_dest_of(to);
    if (!d)
        return -1;
    buf_add(&d->lines, line, n);
    buf_add(&d->lines, "\n", 1);
    rl.stats.lines_out++;
    /* Sent at the end of this loop turn with whatever else is said. */
    if (!rl.in_flight)
        uv_timer_start(&rl.kick, relay_kick_cb, 0, 0);
    return 0;
}

/* Append "NOTIFY chan, 'payload';" for d's lines, as many notifications
 * as their size needs. */
static int relay_batch_dest(buf *sql, relay_dest *d)
{
    char chan[64];
    snprintf(chan, sizeof chan, "ttyarcade:%s", d->name);
    char *id = PQescapeIdentifier(rl.c, chan, strlen(chan));
    if (!id)
        return -1;
    const char *p = buf_data(&d->lines), *end = p + buf_avail(&d->lines);
    while (p < end) {
        /* whole lines up to the payload's limit */
        char head[64];
        int hn = snprintf(head, sizeof head, "%llu %s\n", ++rl.seq, rl.name);
        size_t room = RELAY_PAYLOAD - (size_t)hn, take = 0;
        while (p + take < end) {
            const char *nl = memchr(p + take, '\n', (size_t)(end - p - take));
            size_t len = (size_t)(nl - (p + take)) + 1;
            if (take && take + len > room)
                break;
            take += len;
        }
        buf payload = { 0 };
        buf_add(&payload, head, (size_t)hn);
        buf_add(&payload, p, take);
        char *lit = PQescapeLiteral(rl.c, buf_data(&payload),
                                    buf_avail(&payload));
        buf_free(&payload);
        if (!lit) {
            PQfreemem(id);
            return -1;
        }
        buf_add(sql, "NOTIFY ", 7);
        buf_add(sql, id, strlen(id));
        buf_add(sql, ", ", 2);
        buf_add(sql, lit, strlen(lit));
        buf_add(sql, ";", 1);
        PQfreemem(lit);
        p += take;
    }
    PQfreemem(id);
    buf_free(&d->lines);
    return 0;
}

static void relay_flush(void)
{
    if (!rl.c || rl.in_flight)
        return;
    buf sql = { 0 };
    for (int i = 0; i < rl.ndest; i++)
        if (buf_avail(&rl.dest[i].lines) &&
            relay_batch_dest(&sql, &rl.dest[i]) != 0)
            buf_free(&rl.dest[i].lines);
    /* The questions after the lines, their answers awaited in order. */
    for (relay_ask *a = rl.asks; a; a = a->next) {
        buf_adds(&sql, a->sql);
        buf_add(&sql, ";", 1);
    }
    if (rl.asks) {
        *rl.asked_tail = rl.asks;
        rl.asked_tail = rl.asks_tail;
        rl.asks = NULL;
        rl.asks_tail = &rl.asks;
    }
    if (!buf_avail(&sql))
        return;
    buf_add(&sql, "", 1);       /* the NUL */
    if (!PQsendQuery(rl.c, buf_data(&sql))) {
        buf_free(&sql);
        relay_down(PQerrorMessage(rl.c));
        return;
    }
    buf_free(&sql);
    rl.in_flight = 1;
    int f = PQflush(rl.c);
    if (f < 0) {
        relay_down(PQerrorMessage(rl.c));
        return;
    }
    relay_want_write(f == 1);
}

/* Queue a question whose SQL is made of fmt with the code's literal
 * (twice: %1$s). */
static void relay_ask_code(const char *fmt, const char *code,
                           relay_hold_fn done, void *arg)
{
    relay_ask *a = rl.c ? calloc(1, sizeof *a) : NULL;
    char *lit = a ? PQescapeLiteral(rl.c, code, strlen(code)) : NULL;
    if (!lit || strlen(lit) > 40) {
        PQfreemem(lit);
        free(a);
        if (done)
            done(arg, RELAY_DOWN);
        return;
    }
    snprintf(a->sql, sizeof a->sql, fmt, lit, RELAY_HOLD_KEY);
    PQfreemem(lit);
    a->done = done;
    a->arg = arg;
    *rl.asks_tail = a;
    rl.asks_tail = &a->next;
    if (!rl.in_flight)
        uv_timer_start(&rl.kick, relay_kick_cb, 0, 0);
}

void relay_hold(const char *code, relay_hold_fn done, void *arg)
{
    /* Held here; or another server holds it for a player waiting in the
     * lobby to resume it with a partner (the partner joins unheld). */
    relay_ask_code("SELECT CASE WHEN pg_try_advisory_lock("
                   "hashtextextended(%1$s, %2$d)) THEN 1 WHEN EXISTS("
                   "SELECT 1 FROM lobby WHERE key LIKE '%%:' || %1$s) "
                   "THEN 2 ELSE 0 END", code, done, arg);
}

void relay_unhold(const char *code)
{
    relay_ask_code("SELECT pg_advisory_unlock(hashtextextended(%1$s, "
                   "%2$d))::integer", code, NULL, NULL);
}

static int relay_pending(void)
{
    if (rl.asks)
        return 1;
    for (int i = 0; i < rl.ndest; i++)
        if (buf_avail(&rl.dest[i].lines))
            return 1;
    return 0;
}

void relay_stop(void)
{
    rl.stopping = 1;
    if (rl.uri) {
        uv_timer_stop(&rl.retry);
        uv_timer_stop(&rl.kick);
    }
    /* The last lines (the games this stop ended) go before the
     * connection closes, so the other servers' players hear of it now
     * rather than by silence: for at most a second, the loop being over. */
    uint64_t until = uv_hrtime() + 1000000000ull;
    while (rl.c && (rl.in_flight || relay_pending()) &&
           uv_hrtime() < until) {
        relay_flush();
        if (!rl.c)
            break;
        struct pollfd p = { .fd = PQsocket(rl.c), .events = POLLIN };
        if (PQflush(rl.c) == 1)
            p.events |= POLLOUT;
        poll(&p, 1, 100);
        relay_read();
    }
    if (rl.c) {
        rl.poll.data = rl.c;
        uv_close((uv_handle_t *)&rl.poll, relay_poll_closed);
        rl.poll_open = 0;
        rl.c = NULL;
    }
}
