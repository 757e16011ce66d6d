/*
 * store_db.h - the SQLite backend's handle, shared by the files that make
 * it up (store_sqlite.c: opening, the schema's versions, saves, tables,
 * hall of fame, bans, presence; store_acct.c: accounts and what belongs to
 * them).  Nothing outside server/store includes it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef STORE_DB_H
#define STORE_DB_H

#include <pthread.h>
#include <sqlite3.h>

#include "store_be.h"

typedef struct sq_store {
    store base;
    sqlite3 *db;
    pthread_mutex_t lock;
    /* the checkpointer: its own connection and thread (store_sqlite.c) */
    sqlite3 *ckpt_db;
    pthread_t ckpt;
    pthread_mutex_t ckpt_lock;
    pthread_cond_t ckpt_cond;
    int ckpt_want, ckpt_stop, ckpt_running;
} sq_store;

/* Keep why the last call on this thread failed (store_error), while the
 * lock is held so the connection's message is this call's; returns rc.
 * store_ok clears it. */
int store_fail(sq_store *st, int rc, const char *what);
void store_ok(void);
/* A write transaction, the write lock taken at once (IMMEDIATE: no other
 * process changes what it reads before it writes): TTY_OK, or TTY_FAILED
 * with why.  The caller holds st->lock. */
int sq_begin(sq_store *st, const char *what);
/* End it: commit when ok, else (or when the commit fails) roll back and
 * keep why; TTY_OK, or failed. */
int sq_end(sq_store *st, int ok, int failed, const char *what);

/* store_acct.c, in the backend's table */
int sq_acct_add(store *base, const char *key, const char *name,
                const char *hash);
int sq_acct_get(store *base, const char *key, char name[STORE_NAME_SIZE],
                char hash[STORE_HASH_SIZE]);
int sq_acct_set_hash(store *base, const char *key, const char *hash);
int sq_acct_nowatch(store *base, const char *key);
int sq_acct_set_nowatch(store *base, const char *key, int nowatch);
int sq_acct_delete(store *base, const char *key);
int sq_acct_list(store *base, void (*fn)(void *arg, const store_acct_row *r),
                 void *arg);
int sq_save_owned(store *base, const char *code, const char *game,
                  const void *data, size_t len, const char *owner,
                  const char *partner, const char *note, int fresh);
int sq_write_group(store *base, store_write *first);
int sq_load_owned(store *base, const char *code, char *game,
                  size_t game_size, void **data, size_t *len,
                  char owner[STORE_NAME_SIZE], char partner[STORE_NAME_SIZE]);
int sq_saves_of(store *base, const char *owner, store_save_row *rows, int n);
int sq_forget_owned(store *base, const char *code, const char *owner);
int sq_hof_add_acct(store *base, const char *game, const char *metric,
                    const char *name, const char *account, long value,
                    const char *detail);
int sq_hof_board(store *base, const char *game, const char *metric, int rank,
                 store_hof_entry *rows, int n);
/* One statement with parameters (t text, NULL binding NULL; b blob and
 * size_t; i long) under the lock: STORE_OK, STORE_NOTFOUND (no row
 * changed), STORE_EXISTS. */
int sq_exec(store *base, const char *sql, const char *fmt, ...);

/* store_rec.c, in the backend's table */
long sq_rec_add(store *base, const store_rec_row *r);
int sq_rec_finish(store *base, long id, long duration_ms, long size,
                  const char *result);
int sq_rec_get(store *base, long id, store_rec_row *r);
int sq_rec_list(store *base, const char *player, int oldest_first, int limit,
                void (*fn)(void *arg, const store_rec_row *r), void *arg);
int sq_rec_remove(store *base, long id);
int sq_rec_best(store *base, const char *game, const char *metric,
                int lowest_first, int limit,
                void (*fn)(void *arg, const store_rec_row *r), void *arg);

/* store_key.c, in the backend's table */
int sq_key_add(store *base, const char *account, const char *type,
               const char *blob, const char *comment);
int sq_key_list(store *base, const char *account, store_key_row *rows,
                int n);
int sq_key_delete(store *base, const char *account, long id);
int sq_key_has(store *base, const char *account, const char *type,
               const char *blob);

/* store_limit.c, in the backend's table */
int sq_limit_add(store *base, const char *kind, const char *key, long now,
                 long until, int max);
int sq_limit_count(store *base, const char *kind, const char *key, long now);
int sq_limit_clear(store *base, const char *kind, const char *key);

/* store_sqlite_sql.c: statements of both engines (store_sql.h) */
int sq_sql_rows(store *base, const char *sql, const store_arg *args,
                int nargs, store_row_fn fn,
                void *arg);
int sq_sql_batch(store *base, const store_stmt *stmts, int n);

#endif
