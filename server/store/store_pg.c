/*
 * store_pg.c - the PostgreSQL backend, through libpq: the store that
 * several servers share.
 *
 * Connections: a pool of PG_POOL, each used by one worker thread at a
 * time (a thread waits for a free one).  A connection is opened when
 * first needed; one that breaks (the database restarted, the network
 * dropped) is closed, the call that found it broken fails with
 * STORE_ERROR (the game says the save failed and goes on), and the next
 * call opens a new one.  A call that meets a connection which died while
 * it sat idle in the pool tries once more on a fresh one, so a restart
 * of PostgreSQL between two moves costs the player nothing.
 *
 * Shared memory across servers (store_table_update): the read, the
 * game's change and the write happen in one transaction holding an
 * advisory lock named after the table, so two servers teaching Hexpawn
 * at once both count.  store_table_put takes the same lock.
 *
 * Schema: a schema_version table holds the version; version 0 is the base
 * (as in store_sqlite.c) and pg_steps[k] takes k - 1 to k, all in one
 * transaction under an advisory lock, so servers starting together
 * migrate once.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <libpq-fe.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store_pg.h"
#include "tty.h"

#define PG_POOL 4
#define PG_PARAMS 8
/* Advisory lock keys (first half): 7410 migrations, 7411 the tables. */
#define PG_LOCK_SCHEMA 7410

/* One connection of the pool.  broken: a statement on it failed in a way
 * that says the connection is gone (libpq learns it only a call later). */
typedef struct pg_conn {
    PGconn *c;
    int busy, broken, fresh;
    int wait_ms;                /* lock_timeout set on it (0: none yet) */
} pg_conn;

struct pg_store {
    store base;
    char *conninfo;
    pthread_mutex_t lock;
    pthread_cond_t freed;
    pg_conn pool[PG_POOL];
    int wait_ms;                /* store_set_wait: lock_timeout */
};

static const store_ops pg_ops;

static const char pg_base[] =
    "CREATE TABLE IF NOT EXISTS schema_version(version INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS saves("
    "  code TEXT PRIMARY KEY, game TEXT NOT NULL, data BYTEA NOT NULL,"
    "  saved BIGINT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS tables("
    "  name TEXT PRIMARY KEY, data BYTEA NOT NULL);"
    "CREATE TABLE IF NOT EXISTS hof("
    "  id BIGSERIAL PRIMARY KEY, game TEXT NOT NULL, metric TEXT NOT NULL,"
    "  name TEXT NOT NULL, value BIGINT NOT NULL, detail TEXT NOT NULL,"
    "  at BIGINT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS hof_board ON hof(game, metric);"
    "CREATE TABLE IF NOT EXISTS bans("
    "  range TEXT PRIMARY KEY, reason TEXT NOT NULL, at BIGINT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS presence("
    "  server TEXT NOT NULL, name TEXT NOT NULL, game TEXT NOT NULL,"
    "  since BIGINT NOT NULL, seen BIGINT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS presence_server ON presence(server);";

/* The numbered migrations, as sq_steps in store_sqlite.c: the same
 * version means the same tables in both backends. */
static const char *const pg_steps[] = {
    NULL,
};
#define PG_VERSION ((int)(sizeof pg_steps / sizeof pg_steps[0]) - 1)

/* ---- connections -------------------------------------------------------- */

static void pg_quiet(void *arg, const char *message)
{
    (void)arg;
    (void)message;
}

static PGconn *pg_connect(const char *conninfo, char *err, size_t errlen)
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
static pg_conn *pg_get(pg_store *st)
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
static int pg_put(pg_store *st, pg_conn *p)
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

/* Parameters from a format as store_sqlite.c's: t text, b blob (pointer
 * and size_t), i long. */
typedef struct pg_params {
    int n;
    const char *val[PG_PARAMS];
    int len[PG_PARAMS];
    int fmt[PG_PARAMS];
    char num[PG_PARAMS][24];
} pg_params;

static void pg_bind(pg_params *p, const char *fmt, va_list ap)
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

static PGresult *pg_exec_params(pg_conn *c, const char *sql,
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
static int pg_rc(const PGresult *r)
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
PGresult *pg_query(pg_store *st, int binary, const char *sql,
                   const char *fmt, ...)
{
    pg_params p;
    va_list ap;
    va_start(ap, fmt);
    pg_bind(&p, fmt, ap);
    va_end(ap);
    for (int attempt = 0; attempt < 2; attempt++) {
        pg_conn *c = pg_get(st);
        if (!c)
            return NULL;
        int fresh = c->fresh;
        PGresult *r = pg_exec_params(c, sql, &p, binary);
        if (!pg_put(st, c) || fresh)
            return r;
        PQclear(r);
    }
    return NULL;
}

int pg_change(pg_store *st, const char *sql, const char *fmt, ...)
{
    pg_params p;
    va_list ap;
    va_start(ap, fmt);
    pg_bind(&p, fmt, ap);
    va_end(ap);
    for (int attempt = 0; attempt < 2; attempt++) {
        pg_conn *c = pg_get(st);
        if (!c)
            return STORE_ERROR;
        int fresh = c->fresh;
        PGresult *r = pg_exec_params(c, sql, &p, 0);
        int rc = pg_rc(r);
        PQclear(r);
        if (!pg_put(st, c) || fresh)
            return rc;
    }
    return STORE_ERROR;
}

static int pg_cmd(pg_conn *c, const char *sql)
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

/* ---- opening: the schema and its migrations ------------------------------ */

static int pg_migrate(pg_conn *c, char *err, size_t errlen)
{
    char lock[80];
    snprintf(lock, sizeof lock, "SELECT pg_advisory_xact_lock(%d, 0)",
             PG_LOCK_SCHEMA);
    if (pg_cmd(c, "BEGIN") != 0 || pg_cmd(c, lock) != 0 ||
        pg_cmd(c, pg_base) != 0)
        goto fail;
    PGresult *r = PQexec(c->c, "SELECT version FROM schema_version");
    if (!pg_ok(r)) {
        PQclear(r);
        goto fail;
    }
    int v = PQntuples(r) ? atoi(PQgetvalue(r, 0, 0)) : -1;
    PQclear(r);
    if (v < 0) {
        if (pg_cmd(c, "INSERT INTO schema_version VALUES(0)") != 0)
            goto fail;
        v = 0;
    }
    if (v > PG_VERSION) {
        pg_cmd(c, "ROLLBACK");
        snprintf(err, errlen, "database schema version %d is not one this "
                 "ttyarcade knows (up to %d)", v, PG_VERSION);
        return -1;
    }
    for (; v < PG_VERSION; v++) {
        char bump[64];
        snprintf(bump, sizeof bump, "UPDATE schema_version SET version = %d",
                 v + 1);
        if (pg_cmd(c, pg_steps[v + 1]) != 0 || pg_cmd(c, bump) != 0)
            goto fail;
    }
    if (pg_cmd(c, "COMMIT") == 0)
        return 0;
fail:
    snprintf(err, errlen, "migrating the database: %s",
             PQerrorMessage(c->c));
    if (*err && err[strlen(err) - 1] == '\n')
        err[strlen(err) - 1] = 0;
    pg_cmd(c, "ROLLBACK");
    return -1;
}

int store_pg_open(store **out, const char *conninfo, char *err,
                  size_t errlen)
{
    /* The server must start against a database it can use: the first
     * connection is made now and proves the schema. */
    pg_conn first = { .c = pg_connect(conninfo, err, errlen) };
    PGconn *c = first.c;
    if (!c)
        return STORE_ERROR;
    if (pg_migrate(&first, err, errlen) != 0) {
        PQfinish(c);
        return STORE_ERROR;
    }
    pg_store *st = calloc(1, sizeof *st);
    if (!st || !(st->conninfo = strdup(conninfo))) {
        free(st);
        PQfinish(c);
        snprintf(err, errlen, "out of memory");
        return STORE_ERROR;
    }
    st->base.ops = &pg_ops;
    st->wait_ms = 5000;
    st->pool[0].c = c;
    pthread_mutex_init(&st->lock, NULL);
    pthread_cond_init(&st->freed, NULL);
    *out = &st->base;
    return STORE_OK;
}

static void pg_close(store *base)
{
    pg_store *st = (pg_store *)base;
    for (int i = 0; i < PG_POOL; i++)
        PQfinish(st->pool[i].c);
    pthread_mutex_destroy(&st->lock);
    pthread_cond_destroy(&st->freed);
    free(st->conninfo);
    free(st);
}

static int pg_schema_version(store *base)
{
    PGresult *r = pg_query((pg_store *)base, 0,
                           "SELECT version FROM schema_version", "");
    int v = pg_ok(r) && PQntuples(r) ? atoi(PQgetvalue(r, 0, 0)) : -1;
    PQclear(r);
    return v;
}

/* ---- saves ------------------------------------------------------------- */

static int pg_save(store *base, const char *code, const char *game,
                   const void *data, size_t len, int fresh)
{
    return pg_change((pg_store *)base,
                     fresh ? "INSERT INTO saves(code, game, data, saved) "
                             "VALUES($1, $2, $3, $4)"
                           : "INSERT INTO saves(code, game, data, saved) "
                             "VALUES($1, $2, $3, $4) ON CONFLICT(code) DO "
                             "UPDATE SET game = EXCLUDED.game, "
                             "data = EXCLUDED.data, saved = EXCLUDED.saved",
                     "ttbi", code, game, data, len, (long)time(NULL));
}

/* A bytea column of a binary result into a malloc'd buffer. */
int pg_blob(const PGresult *r, int col, void **data, size_t *len)
{
    int n = PQgetlength(r, 0, col);
    *data = malloc(n ? (size_t)n : 1);
    if (!*data) {
        snprintf(store_why, sizeof store_why, "read: out of memory");
        return TTY_NOMEM;
    }
    if (n)
        memcpy(*data, PQgetvalue(r, 0, col), (size_t)n);
    *len = (size_t)n;
    return STORE_OK;
}

static int pg_load(store *base, const char *code, char *game,
                   size_t game_size, void **data, size_t *len)
{
    PGresult *r = pg_query((pg_store *)base, 1,
                           "SELECT game, data FROM saves WHERE code = $1",
                           "t", code);
    int rc = STORE_ERROR;
    if (pg_ok(r) && PQntuples(r) == 0) {
        rc = STORE_NOTFOUND;
    } else if (pg_ok(r)) {
        /* binary text is the bytes without a terminator */
        int n = PQgetlength(r, 0, 0);
        if ((size_t)n >= game_size)
            n = (int)game_size - 1;
        memcpy(game, PQgetvalue(r, 0, 0), (size_t)n);
        game[n] = 0;
        rc = pg_blob(r, 1, data, len);
    }
    PQclear(r);
    return rc;
}

static int pg_forget(store *base, const char *code)
{
    return pg_change((pg_store *)base, "DELETE FROM saves WHERE code = $1",
                     "t", code);
}

/* ---- tables (Hexpawn's shared memory) ------------------------------------ */

static int pg_table_get(store *base, const char *name, void **data,
                        size_t *len)
{
    PGresult *r = pg_query((pg_store *)base, 1,
                           "SELECT data FROM tables WHERE name = $1", "t",
                           name);
    int rc = STORE_ERROR;
    if (pg_ok(r))
        rc = PQntuples(r) ? pg_blob(r, 0, data, len) : STORE_NOTFOUND;
    PQclear(r);
    return rc;
}

#define PG_TABLE_LOCK "pg_advisory_xact_lock(7411, hashtext($1))"

static int pg_table_put(store *base, const char *name, const void *data,
                        size_t len)
{
    /* One statement, so the lock is held until it commits. */
    return pg_change((pg_store *)base,
                     "WITH l AS (SELECT " PG_TABLE_LOCK ") "
                     "INSERT INTO tables(name, data) SELECT $1, $2 FROM l "
                     "ON CONFLICT(name) DO UPDATE SET data = EXCLUDED.data",
                     "tb", name, data, len);
}

static int pg_table_update(store *base, const char *name, store_update_fn fn,
                           void *arg)
{
    pg_store *st = (pg_store *)base;
    pg_params key;
    const char *v[1] = { name };
    key.n = 1;
    key.val[0] = v[0];
    key.len[0] = 0;
    key.fmt[0] = 0;
    for (int attempt = 0; attempt < 2; attempt++) {
        int rc = STORE_ERROR, called = 0;
        pg_conn *c = pg_get(st);
        if (!c)
            return STORE_ERROR;
        int fresh = c->fresh;
        void *out = NULL;
        size_t outlen = 0;
        PGresult *r = NULL;
        if (pg_cmd(c, "BEGIN") != 0)
            goto done;
        r = pg_exec_params(c, "SELECT " PG_TABLE_LOCK, &key, 0);
        if (!pg_ok(r))
            goto done;
        PQclear(r);
        r = pg_exec_params(c, "SELECT data FROM tables WHERE name = $1",
                           &key, 1);
        if (!pg_ok(r))
            goto done;
        called = 1;
        if (PQntuples(r))
            fn(arg, PQgetvalue(r, 0, 0), (size_t)PQgetlength(r, 0, 0), &out,
               &outlen);
        else
            fn(arg, NULL, 0, &out, &outlen);
        if (out) {
            pg_params put = key;
            put.n = 2;
            put.val[1] = out;
            put.len[1] = (int)outlen;
            put.fmt[1] = 1;
            PQclear(r);
            r = pg_exec_params(c, "INSERT INTO tables(name, data) "
                               "VALUES($1, $2) ON CONFLICT(name) DO UPDATE "
                               "SET data = EXCLUDED.data", &put, 0);
            if (!pg_ok(r))
                goto done;
        }
        if (pg_cmd(c, "COMMIT") == 0)
            rc = STORE_OK;
    done:
        PQclear(r);
        free(out);
        /* pg_put rolls back what did not commit. */
        if (!pg_put(st, c) || fresh || called)
            return rc;
    }
    return STORE_ERROR;
}

/* ---- the hall of fame ---------------------------------------------------- */

static int pg_hof_add(store *base, const char *game, const char *metric,
                      const char *name, long value, const char *detail)
{
    return pg_change((pg_store *)base,
                     "INSERT INTO hof(game, metric, name, value, detail, at) "
                     "VALUES($1, $2, $3, $4, $5, $6)",
                     "tttiti", game, metric, name, value, detail,
                     (long)time(NULL));
}

static int pg_hof_top(store *base, const char *game, const char *metric,
                      int rank, store_hof_row *rows, int n)
{
    const char *sql;
    switch (rank) {
    case TTY_HOF_MAX:
        sql = "SELECT name, value, detail FROM hof WHERE game = $1 AND "
              "metric = $2 ORDER BY value DESC, at, id LIMIT $3";
        break;
    case TTY_HOF_MIN:
        sql = "SELECT name, value, detail FROM hof WHERE game = $1 AND "
              "metric = $2 ORDER BY value ASC, at, id LIMIT $3";
        break;
    case TTY_HOF_SUM:
        sql = "SELECT name, SUM(value), '' FROM hof WHERE game = $1 AND "
              "metric = $2 GROUP BY name ORDER BY 2 DESC, MIN(id) LIMIT $3";
        break;
    default:
        sql = "SELECT name, COUNT(*), '' FROM hof WHERE game = $1 AND "
              "metric = $2 GROUP BY name ORDER BY 2 DESC, MIN(id) LIMIT $3";
        break;
    }
    PGresult *r = pg_query((pg_store *)base, 0, sql, "tti", game, metric,
                           (long)n);
    int count = STORE_ERROR;
    if (pg_ok(r)) {
        for (count = 0; count < n && count < PQntuples(r); count++) {
            pg_copy(rows[count].name, sizeof rows[count].name, r, count, 0);
            rows[count].value = strtol(PQgetvalue(r, count, 1), NULL, 10);
            pg_copy(rows[count].detail, sizeof rows[count].detail, r, count,
                    2);
        }
    }
    PQclear(r);
    return count;
}

/* ---- bans ------------------------------------------------------------------ */

static int pg_ban_add(store *base, const char *range, const char *reason)
{
    return pg_change((pg_store *)base,
                     "INSERT INTO bans(range, reason, at) VALUES($1, $2, $3) "
                     "ON CONFLICT(range) DO UPDATE SET "
                     "reason = EXCLUDED.reason, at = EXCLUDED.at",
                     "tti", range, reason, (long)time(NULL));
}

static int pg_ban_remove(store *base, const char *range)
{
    return pg_change((pg_store *)base, "DELETE FROM bans WHERE range = $1",
                     "t", range);
}

static int pg_ban_list(store *base, store_ban_fn fn, void *arg)
{
    PGresult *r = pg_query((pg_store *)base, 0,
                           "SELECT range, reason, at FROM bans ORDER BY at",
                           "");
    int rc = STORE_ERROR;
    if (pg_ok(r)) {
        for (int i = 0; i < PQntuples(r); i++)
            fn(arg, PQgetvalue(r, i, 0), PQgetvalue(r, i, 1),
               strtol(PQgetvalue(r, i, 2), NULL, 10));
        rc = STORE_OK;
    }
    PQclear(r);
    return rc;
}

/* ---- presence ------------------------------------------------------------ */

/* Append s to a PostgreSQL array literal as one quoted element. */
static int pg_array_add(char **buf, size_t *len, size_t *cap, const char *s)
{
    size_t need = *len + 2 * strlen(s) + 5;    /* , "" } NUL */
    if (need > *cap) {
        size_t ncap = need * 2;
        char *nb = realloc(*buf, ncap);
        if (!nb)
            return -1;
        *buf = nb;
        *cap = ncap;
    }
    char *p = *buf + *len;
    if (*len > 1)
        *p++ = ',';
    *p++ = '"';
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            *p++ = '\\';
        *p++ = *s;
    }
    *p++ = '"';
    *len = (size_t)(p - *buf);
    return 0;
}

static int pg_presence_sync(store *base, const char *server,
                            const store_presence_row *rows, int n, long now,
                            long expire)
{
    /* Three arrays (names, games, start times) make the whole server's
     * list one INSERT, whatever the number of sessions. */
    char *arr[3] = { NULL, NULL, NULL };
    size_t len[3] = { 1, 1, 1 }, cap[3] = { 0, 0, 0 };
    int rc = STORE_ERROR;
    for (int k = 0; k < 3; k++) {
        arr[k] = malloc(cap[k] = 64);
        if (!arr[k])
            goto out;
        arr[k][0] = '{';
    }
    for (int i = 0; i < n; i++) {
        char since[24];
        snprintf(since, sizeof since, "%ld", rows[i].since);
        if (pg_array_add(&arr[0], &len[0], &cap[0], rows[i].name) != 0 ||
            pg_array_add(&arr[1], &len[1], &cap[1], rows[i].game) != 0 ||
            pg_array_add(&arr[2], &len[2], &cap[2], since) != 0)
            goto out;
    }
    for (int k = 0; k < 3; k++) {
        arr[k][len[k]] = '}';
        arr[k][len[k] + 1] = 0;
    }
    rc = pg_change((pg_store *)base,
                   "WITH gone AS (DELETE FROM presence WHERE server = $1 OR "
                   "seen < $2) "
                   "INSERT INTO presence(server, name, game, since, seen) "
                   "SELECT $1, u.name, u.game, u.since, $3 FROM "
                   "unnest($4::text[], $5::text[], $6::bigint[]) "
                   "AS u(name, game, since)",
                   "tiittt", server, now - expire, now, arr[0], arr[1],
                   arr[2]);
    if (rc == STORE_NOTFOUND)
        rc = STORE_OK;      /* a server with nobody on */
out:
    for (int k = 0; k < 3; k++)
        free(arr[k]);
    return rc;
}

static int pg_presence_list(store *base, const char *except, long since,
                            store_presence_fn fn, void *arg)
{
    PGresult *r = pg_query((pg_store *)base, 0,
                           "SELECT server, name, game, since, seen FROM "
                           "presence WHERE server <> $1 AND seen >= $2 "
                           "ORDER BY server, name", "ti",
                           except ? except : "", since);
    int count = STORE_ERROR;
    if (pg_ok(r)) {
        for (count = 0; count < PQntuples(r); count++) {
            store_presence_row row;
            pg_copy(row.server, sizeof row.server, r, count, 0);
            pg_copy(row.name, sizeof row.name, r, count, 1);
            pg_copy(row.game, sizeof row.game, r, count, 2);
            row.since = strtol(PQgetvalue(r, count, 3), NULL, 10);
            row.seen = strtol(PQgetvalue(r, count, 4), NULL, 10);
            fn(arg, &row);
        }
    }
    PQclear(r);
    return count;
}

static void pg_set_wait(store *base, int ms)
{
    /* Applied to each connection the next time it is taken. */
    ((pg_store *)base)->wait_ms = ms;
}

static const store_ops pg_ops = {
    .name = "postgresql",
    .close = pg_close,
    .set_wait = pg_set_wait,
    .schema_version = pg_schema_version,
    .save = pg_save,
    .load = pg_load,
    .forget = pg_forget,
    .table_get = pg_table_get,
    .table_put = pg_table_put,
    .table_update = pg_table_update,
    .hof_add = pg_hof_add,
    .hof_top = pg_hof_top,
    .ban_add = pg_ban_add,
    .ban_remove = pg_ban_remove,
    .ban_list = pg_ban_list,
    .presence_sync = pg_presence_sync,
    .presence_list = pg_presence_list,
};
