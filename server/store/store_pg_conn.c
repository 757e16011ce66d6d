/*
 * store_pg_conn.c - the PostgreSQL backend's connections and statements:
 * a pool of PG_POOL connections, each used by one worker thread at a time
 * (a thread waits for a free one), opened when first needed and closed
 * when a statement finds it broken, so the next call opens a new one; and
 * one statement with parameters on a pooled connection, sent again once
 * on a fresh connection when the pooled one had died while idle.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_pg.h"

static void pg_quiet(void *arg, const char *message)
{
    (void)arg;
    (void)message;
}

PGconn *pg_connect(const char *conninfo, char *err, size_t errlen)
{
    /* Defaults before dbname, so a value in the URI overrides them.  A
     * worker thread must not wait for ever on an address that went away:
     * the connect gives up after 5 s, and over TCP a peer that stops
     * answering is dropped after 30 s (tcp_user_timeout, keepalives)
     * instead of the kernel's many minutes. */
    const char *keys[] = { "connect_timeout", "tcp_user_timeout",
                           "keepalives_idle", "keepalives_interval",
                           "keepalives_count", "dbname", NULL };
    const char *vals[] = { "5", "30000", "10", "5", "3", conninfo, NULL };
    PGconn *c = PQconnectdbParams(keys, vals, 1);
    if (c && PQstatus(c) == CONNECTION_OK) {
        /* Notices (CREATE ... IF NOT EXISTS, a shutdown's warning) would
         * go to stderr; the caller's return code says what matters. */
        PQsetNoticeProcessor(c, pg_quiet, NULL);
        return c;
    }
    if (err)
        snprintf(err, errlen, "%s", c ? PQerrorMessage(c) : "out of memory");
    if (err && *err && err[strlen(err) - 1] == '\n')
        err[strlen(err) - 1] = 0;
    PQfinish(c);
    return NULL;
}

/* A connection of the pool for this thread (p->fresh: opened just now),
 * or NULL if the database cannot be reached. */
pg_conn *pg_get(pg_store *st)
{
    pthread_mutex_lock(&st->lock);
    int i;
    for (;;) {
        for (i = 0; i < PG_POOL && st->pool[i].busy; i++)
            ;
        if (i < PG_POOL)
            break;
        pthread_cond_wait(&st->freed, &st->lock);
    }
    pg_conn *p = &st->pool[i];
    p->busy = 1;
    pthread_mutex_unlock(&st->lock);
    p->fresh = 0;
    p->broken = 0;
    if (p->c && PQstatus(p->c) != CONNECTION_OK) {
        PQfinish(p->c);
        p->c = NULL;
    }
    if (!p->c) {
        p->c = pg_connect(st->conninfo, store_why, sizeof store_why);
        p->fresh = 1;
        p->wait_ms = 0;
        memset(p->prepared, 0, sizeof p->prepared);
    }
    if (p->c && p->wait_ms != st->wait_ms) {
        /* A lock another server holds is waited for this long, as a
         * SQLite lock is for busy_timeout, then the call fails. */
        char set[64];
        snprintf(set, sizeof set, "SET lock_timeout = %d", st->wait_ms);
        PQclear(PQexec(p->c, set));
        p->wait_ms = st->wait_ms;
    }
    if (!p->c) {
        pthread_mutex_lock(&st->lock);
        p->busy = 0;
        pthread_cond_signal(&st->freed);
        pthread_mutex_unlock(&st->lock);
        return NULL;
    }
    return p;
}

/* Give the connection back; a broken one is closed, to be opened again by
 * the next call.  Returns 1 if it was broken. */
int pg_put(pg_store *st, pg_conn *p)
{
    int broken = p->broken || PQstatus(p->c) != CONNECTION_OK;
    if (!broken && PQtransactionStatus(p->c) != PQTRANS_IDLE)
        PQclear(PQexec(p->c, "ROLLBACK"));
    if (broken) {
        PQfinish(p->c);
        p->c = NULL;
    }
    pthread_mutex_lock(&st->lock);
    p->busy = 0;
    pthread_cond_signal(&st->freed);
    pthread_mutex_unlock(&st->lock);
    return broken;
}

/* Note a failed result that means the connection is gone: an error libpq
 * made itself (no SQLSTATE: the socket closed), a connection exception
 * (class 08) or the server shutting down (57P0x). */
static PGresult *pg_note(pg_conn *p, PGresult *r)
{
    ExecStatusType s = PQresultStatus(r);
    if (s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK) {
        store_why[0] = 0;
        return r;
    }
    /* store_error(): PostgreSQL's message, on one line */
    snprintf(store_why, sizeof store_why, "%s",
             r ? PQresultErrorMessage(r) : PQerrorMessage(p->c));
    for (char *q = store_why; *q; q++)
        if (*q == '\n' || *q == '\t')
            *q = *(q + 1) ? ' ' : 0;
    const char *state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : NULL;
    if (!state || strncmp(state, "08", 2) == 0 ||
        strncmp(state, "57P", 3) == 0)
        p->broken = 1;
    return r;
}

/* ---- statements ----------------------------------------------------------- */


void pg_bind(pg_params *p, const char *fmt, va_list ap)
{
    p->n = 0;
    for (int i = 0; fmt[i] && i < PG_PARAMS; i++, p->n++) {
        if (fmt[i] == 't') {
            p->val[i] = va_arg(ap, const char *);
            p->len[i] = 0;
            p->fmt[i] = 0;
        } else if (fmt[i] == 'b') {
            const void *d = va_arg(ap, const void *);
            size_t n = va_arg(ap, size_t);
            p->val[i] = d ? d : "";
            p->len[i] = (int)n;
            p->fmt[i] = 1;      /* bytes as they are, no escaping */
        } else {
            snprintf(p->num[i], sizeof p->num[i], "%ld", va_arg(ap, long));
            p->val[i] = p->num[i];
            p->len[i] = 0;
            p->fmt[i] = 0;
        }
    }
}

void pg_params_of(pg_params *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pg_bind(p, fmt, ap);
    va_end(ap);
}

PGresult *pg_exec_params(pg_conn *c, const char *sql,
                                const pg_params *p, int binary)
{
    return pg_note(c, PQexecParams(c->c, sql, p->n, NULL, p->val, p->len,
                                   p->fmt, binary));
}

int pg_ok(const PGresult *r)
{
    ExecStatusType s = PQresultStatus(r);
    return s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK;
}

/* STORE_OK, STORE_NOTFOUND (no row changed), STORE_EXISTS (a unique key
 * taken) or STORE_ERROR for a statement's result. */
int pg_result_rc(const PGresult *r)
{
    if (pg_ok(r)) {
        const char *n = PQcmdTuples((PGresult *)r);
        return *n && strcmp(n, "0") == 0 ? STORE_NOTFOUND : STORE_OK;
    }
    const char *state = PQresultErrorField(r, PG_DIAG_SQLSTATE);
    if (state && strcmp(state, "23505") == 0)
        return STORE_EXISTS;
    return STORE_ERROR;
}

/* Run one statement on a pooled connection; the result (NULL if no
 * connection could be had).  A connection that had died in the pool is
 * replaced and the statement sent again: it never reached the server. */
static PGresult *pg_run(pg_store *st, int binary, const char *sql,
                        const pg_params *p)
{
    for (int attempt = 0; attempt < 2; attempt++) {
        pg_conn *c = pg_get(st);
        if (!c)
            return NULL;
        int fresh = c->fresh;
        PGresult *r = pg_exec_params(c, sql, p, binary);
        if (!pg_put(st, c) || fresh)
            return r;
        PQclear(r);
    }
    return NULL;
}

PGresult *pg_query_params(pg_store *st, const char *sql, const pg_params *p)
{
    return pg_run(st, 0, sql, p);
}

PGresult *pg_query(pg_store *st, int binary, const char *sql,
                   const char *fmt, ...)
{
    pg_params p;
    va_list ap;
    va_start(ap, fmt);
    pg_bind(&p, fmt, ap);
    va_end(ap);
    return pg_run(st, binary, sql, &p);
}

int pg_change(pg_store *st, const char *sql, const char *fmt, ...)
{
    pg_params p;
    va_list ap;
    va_start(ap, fmt);
    pg_bind(&p, fmt, ap);
    va_end(ap);
    PGresult *r = pg_run(st, 0, sql, &p);
    if (!r)
        return STORE_ERROR;
    int rc = pg_result_rc(r);
    PQclear(r);
    return rc;
}

int pg_cmd(pg_conn *c, const char *sql)
{
    PGresult *r = pg_note(c, PQexec(c->c, sql));
    int ok = pg_ok(r);
    PQclear(r);
    return ok ? 0 : -1;
}

void pg_copy(char *out, size_t size, const PGresult *r, int row, int col)
{
    snprintf(out, size, "%s", PQgetvalue(r, row, col));
}

/* ---- statements in one pipeline --------------------------------------- */

/* Hand libpq's buffered output to the socket, reading what the server
 * answers meanwhile so that neither side waits on a full buffer: 0, or -1
 * when the connection failed or the server stopped answering. */
static int pg_flush_all(PGconn *c)
{
    for (;;) {
        int r = PQflush(c);
        if (r <= 0)
            return r;
        struct pollfd pfd = { PQsocket(c), POLLIN | POLLOUT, 0 };
        if (poll(&pfd, 1, 30000) <= 0)
            return -1;
        if ((pfd.revents & POLLIN) && !PQconsumeInput(c))
            return -1;
    }
}

/* The name of a statement prepared on c (preparing it in the pipeline
 * first when it is new there; *sent counts those), or NULL when c has no
 * room for it (it is then sent as it is). */
static const char *pg_prepared(pg_conn *c, const char *sql, int nparams,
                               int *sent)
{
    static const char *const names[PG_PREPARED] = { "p0", "p1", "p2", "p3" };
    for (int i = 0; i < PG_PREPARED; i++) {
        if (c->prepared[i] == sql)
            return names[i];
        if (!c->prepared[i]) {
            if (!PQsendPrepare(c->c, names[i], sql, nparams, NULL))
                return NULL;
            c->prepared[i] = sql;
            (*sent)++;
            return names[i];
        }
    }
    return NULL;
}

/* The prepared statements, BEGIN, the n statements and COMMIT on one
 * connection, sent at once; then the answers, in order.  *refused: the
 * server answered and refused a statement (the connection is well). */
static int pg_pipeline_on(pg_conn *c, int n, pg_stmt_fn stmt, void *arg,
                          int *rcs, int *refused)
{
    PGconn *pc = c->c;
    pg_params p;
    if (!PQenterPipelineMode(pc) || PQsetnonblocking(pc, 1) != 0) {
        snprintf(store_why, sizeof store_why, "%s", PQerrorMessage(pc));
        c->broken = 1;
        return STORE_ERROR;
    }
    int preps = 0;
    int sent = 1;
    for (int i = 0; sent && i < n; i++) {
        const char *sql = stmt(arg, i, &p);
        if (i == 0)
            sent = PQsendQueryParams(pc, "BEGIN", 0, NULL, NULL, NULL, NULL,
                                     0);
        const char *name = sent ? pg_prepared(c, sql, p.n, &preps) : NULL;
        if (name)
            sent = PQsendQueryPrepared(pc, name, p.n, p.val, p.len, p.fmt,
                                       0);
        else if (sent)
            sent = PQsendQueryParams(pc, sql, p.n, NULL, p.val, p.len,
                                     p.fmt, 0);
    }
    sent = sent &&
           PQsendQueryParams(pc, "COMMIT", 0, NULL, NULL, NULL, NULL, 0) &&
           PQpipelineSync(pc) && pg_flush_all(pc) == 0;
    PQsetnonblocking(pc, 0);
    if (!sent) {
        snprintf(store_why, sizeof store_why, "%s", PQerrorMessage(pc));
        c->broken = 1;          /* its pipeline is in an unknown state */
        return STORE_ERROR;
    }
    /* One result per message sent (a prepare where a statement was new on
     * this connection, just before its first use), each followed by a
     * NULL, then the sync; after a failure the rest come back as
     * PGRES_PIPELINE_ABORTED and the server has rolled the transaction
     * back. */
    int q = 0, nulls = 0, failed = 0, stmt_no = -1;
    for (;;) {
        PGresult *r = PQgetResult(pc);
        if (!r) {
            if (++nulls > 1)
                break;          /* a second NULL: nothing more is coming */
            continue;
        }
        nulls = 0;
        ExecStatusType s = PQresultStatus(r);
        if (s == PGRES_PIPELINE_SYNC) {
            PQclear(r);
            break;
        }
        if (!pg_ok(r) && !failed) {
            pg_note(c, r);      /* the first failure says why */
            failed = 1;
        }
        /* a prepare's answer has no rows changed ("" in cmdTuples) and
         * comes only where one was sent; a statement's is "0" or "1" */
        int is_prep = s == PGRES_COMMAND_OK && !*PQcmdStatus(r);
        if (!is_prep && q > 0 && ++stmt_no < n)
            rcs[stmt_no] = pg_ok(r) ? pg_result_rc(r) : STORE_ERROR;
        q++;
        PQclear(r);
    }
    if (q != n + 2 + preps || !PQexitPipelineMode(pc)) {
        if (!failed)
            snprintf(store_why, sizeof store_why, "%s",
                     PQerrorMessage(pc));
        c->broken = 1;
        return STORE_ERROR;
    }
    if (failed) {
        /* which of this pipeline's statements exist now is not known:
         * the next pipeline starts on a new connection (pg_note marked
         * it already if it is the connection that failed) */
        *refused = !c->broken;
        c->broken = 1;
        return STORE_ERROR;
    }
    store_why[0] = 0;
    return STORE_OK;
}

int pg_pipeline(pg_store *st, int n, pg_stmt_fn stmt, void *arg, int *rcs)
{
    if (n <= 0)
        return STORE_OK;
    for (int attempt = 0; attempt < 2; attempt++) {
        pg_conn *c = pg_get(st);
        if (!c)
            return STORE_ERROR;
        int fresh = c->fresh, refused = 0;
        int rc = pg_pipeline_on(c, n, stmt, arg, rcs, &refused);
        /* A connection that had died in the pool is replaced and the
         * pipeline sent again, as a lone statement is (pg_run); one the
         * server refused (a lock waited for too long) fails as it is,
         * without making its players wait twice. */
        if (!pg_put(st, c) || fresh || refused || rc == STORE_OK)
            return rc;
    }
    return STORE_ERROR;
}
