/*
 * store_pg.h - what the files of the PostgreSQL backend share:
 * store_pg_conn.c (the pool and one statement on it), store_pg.c (the
 * schema, opening, saves and tables) and store_pg_lists.c (the hall of
 * fame, bans and presence).  Nothing outside server/store includes it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef STORE_PG_H
#define STORE_PG_H

#include <libpq-fe.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>

#include "store_be.h"

#define PG_POOL 4               /* the libuv pool's worker threads */
#define PG_PARAMS 12

/* One connection of the pool.  broken: a statement on it failed in a way
 * that says the connection is gone (libpq learns it only a call later);
 * fresh: opened by this pg_get. */
#define PG_PREPARED 4          /* statements a pipeline prepares, kept */

typedef struct pg_conn {
    PGconn *c;
    int busy, broken, fresh;
    int wait_ms;                /* lock_timeout set on it (0: none yet) */
    const char *prepared[PG_PREPARED]; /* pipelines' statements on it, by
                                          text (named "p0".."p3") */
} pg_conn;

typedef struct pg_store {
    store base;
    char *conninfo;
    pthread_mutex_t lock;
    pthread_cond_t freed;
    pg_conn pool[PG_POOL];
    int wait_ms;                /* store_set_wait: lock_timeout */
} pg_store;

/* Parameters by a format: t text (NULL is SQL NULL), b blob (pointer and
 * size_t, sent as bytes), i long. */
typedef struct pg_params {
    int n;
    const char *val[PG_PARAMS];
    int len[PG_PARAMS];
    int fmt[PG_PARAMS];
    char num[PG_PARAMS][24];
} pg_params;

/* ---- store_pg_conn.c ---- */
/* A new connection (notices silenced, timeouts set), or NULL with libpq's
 * reason in err. */
PGconn *pg_connect(const char *conninfo, char *err, size_t errlen);
/* A connection of the pool for this thread, or NULL (store_error says
 * why) if the database cannot be reached. */
pg_conn *pg_get(pg_store *st);
/* Give it back (rolling back what did not commit); a broken one is
 * closed.  1 if it was broken. */
int pg_put(pg_store *st, pg_conn *p);
void pg_bind(pg_params *p, const char *fmt, va_list ap);
/* One statement on a connection taken with pg_get; failures are noted
 * (store_error, and the connection marked broken if it is gone). */
/* STORE_OK, STORE_NOTFOUND (no row changed), STORE_EXISTS (a unique key
 * taken) or STORE_ERROR for a statement's result. */
int pg_result_rc(const PGresult *r);
/* One statement with parameters already bound, on a pooled connection
 * (text results): its result, or NULL with no connection. */
PGresult *pg_query_params(pg_store *st, const char *sql, const pg_params *p);
PGresult *pg_exec_params(pg_conn *c, const char *sql, const pg_params *p,
                         int binary);
/* A statement without parameters: 0 or -1. */
int pg_cmd(pg_conn *c, const char *sql);
/* One statement on a pooled connection; its result, or NULL if no
 * connection could be had.  binary: columns come back in binary form
 * (bytea as the bytes). */
PGresult *pg_query(pg_store *st, int binary, const char *sql,
                   const char *fmt, ...);
/* One statement that changes rows: STORE_OK, STORE_NOTFOUND (no row
 * changed), STORE_EXISTS (a unique key taken) or STORE_ERROR. */
int pg_change(pg_store *st, const char *sql, const char *fmt, ...);
int pg_ok(const PGresult *r);
/* The i-th statement of a pipeline and its parameters. */
typedef const char *(*pg_stmt_fn)(void *arg, int i, pg_params *p);
/* n statements in one transaction, sent as one pipeline (one round trip
 * to the server for all of them): STORE_OK once COMMIT has succeeded,
 * with each statement's answer in rcs[i] (as pg_change's); else
 * STORE_ERROR, nothing of it committed.  Each statement's text is
 * prepared once on a connection (parsed and planned once, not for every
 * save); its text must stay where it is (a constant). */
int pg_pipeline(pg_store *st, int n, pg_stmt_fn stmt, void *arg, int *rcs);
/* Parameters by a format, as pg_bind. */
void pg_params_of(pg_params *p, const char *fmt, ...);
/* A text column into out, cut to size. */
void pg_copy(char *out, size_t size, const PGresult *r, int row, int col);

/* ---- store_pg.c ---- */
/* Column col of row 0 of a binary result into a malloc'd buffer. */
int pg_blob(const PGresult *r, int col, void **data, size_t *len);

/* ---- store_pg_lists.c ---- */
int pg_hof_add(store *base, const char *game, const char *metric,
               const char *name, long value, const char *detail);
int pg_hof_top(store *base, const char *game, const char *metric, int rank,
               store_hof_row *rows, int n);
int pg_ban_add(store *base, const char *range, const char *reason);
int pg_ban_remove(store *base, const char *range);
int pg_ban_list(store *base, store_ban_fn fn, void *arg);
int pg_ban_get(store *base, const char *range, char *reason, size_t size,
               long *at);
int pg_presence_sync(store *base, const char *server,
                     const store_presence_row *rows, int n, long now,
                     long expire);
int pg_presence_list(store *base, const char *except, long since,
                     store_presence_fn fn, void *arg);

/* ---- store_pg_lobby.c ---- */
int pg_lobby_meet(store *base, const char *key, const char *server,
                  long session, long now, long since, store_lobby_seat *seat);
int pg_lobby_leave(store *base, long id);
int pg_lobby_beat(store *base, const char *server, long now, long since,
                  int fresh);
const char *pg_uri(const store *base);
int pg_limit_add(store *base, const char *kind, const char *key, long now,
                 long until, int max);
int pg_limit_count(store *base, const char *kind, const char *key, long now);
int pg_limit_clear(store *base, const char *kind, const char *key);
int pg_sql_rows(store *base, const char *sql, const store_arg *args,
                int nargs, store_row_fn fn,
                void *arg);
int pg_sql_batch(store *base, const store_stmt *stmts, int n);

/* ---- store_pg_acct.c ---- */
int pg_acct_add(store *base, const char *key, const char *name,
                const char *hash);
int pg_acct_get(store *base, const char *key, char name[STORE_NAME_SIZE],
                char hash[STORE_HASH_SIZE]);
int pg_acct_set_hash(store *base, const char *key, const char *hash);
int pg_acct_nowatch(store *base, const char *key);
int pg_acct_set_nowatch(store *base, const char *key, int nowatch);
int pg_acct_delete(store *base, const char *key);
int pg_acct_list(store *base, void (*fn)(void *arg, const store_acct_row *r),
                 void *arg);
int pg_save_owned(store *base, const char *code, const char *game,
                  const void *data, size_t len, const char *owner,
                  const char *partner, const char *note, int fresh);
int pg_write_group(store *base, store_write *first);
int pg_load_owned(store *base, const char *code, char *game,
                  size_t game_size, void **data, size_t *len,
                  char owner[STORE_NAME_SIZE], char partner[STORE_NAME_SIZE]);
int pg_saves_of(store *base, const char *owner, store_save_row *rows, int n);
int pg_forget_owned(store *base, const char *code, const char *owner);
int pg_hof_add_acct(store *base, const char *game, const char *metric,
                    const char *name, const char *account, long value,
                    const char *detail);
int pg_hof_board(store *base, const char *game, const char *metric, int rank,
                 store_hof_entry *rows, int n);

/* ---- store_pg_acct.c: SSH keys ---- */
int pg_key_add(store *base, const char *account, const char *type,
               const char *blob, const char *comment);
int pg_key_list(store *base, const char *account, store_key_row *rows,
                int n);
int pg_key_delete(store *base, const char *account, long id);
int pg_key_has(store *base, const char *account, const char *type,
               const char *blob);

/* ---- store_pg_rec.c ---- */
long pg_rec_add(store *base, const store_rec_row *r);
int pg_rec_finish(store *base, long id, long duration_ms, long size,
                  const char *result);
int pg_rec_get(store *base, long id, store_rec_row *r);
int pg_rec_list(store *base, const char *player, int oldest_first, int limit,
                void (*fn)(void *arg, const store_rec_row *r), void *arg);
int pg_rec_remove(store *base, long id);
int pg_rec_best(store *base, const char *game, const char *metric,
                int lowest_first, int limit,
                void (*fn)(void *arg, const store_rec_row *r), void *arg);

#endif
