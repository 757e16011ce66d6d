/*
 * store_be.h - what a storage backend provides: one table of functions
 * behind the public calls of store.h.  store.c picks the backend from the
 * --db text and forwards every call; store_sqlite.c and store_pg.c fill
 * the table.  Nothing outside server/store includes this.
 *
 * A backend's handle starts with struct store (the table), so store.c can
 * reach the table from any handle and the backend can cast back.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef STORE_BE_H
#define STORE_BE_H

#include "store.h"
#include "store_sql.h"

typedef void (*store_update_fn)(void *arg, const void *old, size_t oldlen,
                                void **out, size_t *outlen);
typedef void (*store_ban_fn)(void *arg, const char *range,
                             const char *reason, long at);
typedef void (*store_presence_fn)(void *arg, const store_presence_row *r);

typedef struct store_ops {
    const char *name;           /* "sqlite", "postgresql" */
    void (*close)(store *st);
    void (*set_wait)(store *st, int ms);
    int (*schema_version)(store *st);
    /* fresh: insert under a new code (STORE_EXISTS if taken); else upsert */
    int (*save)(store *st, const char *code, const char *game,
                const void *data, size_t len, int fresh);
    int (*load)(store *st, const char *code, char *game, size_t game_size,
                void **data, size_t *len);
    int (*forget)(store *st, const char *code);
    int (*table_get)(store *st, const char *name, void **data, size_t *len);
    int (*table_put)(store *st, const char *name, const void *data,
                     size_t len);
    int (*table_update)(store *st, const char *name, store_update_fn fn,
                        void *arg);
    int (*hof_add)(store *st, const char *game, const char *metric,
                   const char *name, long value, const char *detail);
    int (*hof_top)(store *st, const char *game, const char *metric, int rank,
                   store_hof_row *rows, int n);
    int (*ban_add)(store *st, const char *range, const char *reason);
    int (*ban_remove)(store *st, const char *range);
    int (*ban_list)(store *st, store_ban_fn fn, void *arg);
    int (*ban_get)(store *st, const char *range, char *reason,
                   size_t size, long *at);
    /* accounts and what belongs to them (schema version 1) */
    int (*acct_add)(store *st, const char *key, const char *name,
                    const char *hash);
    int (*acct_get)(store *st, const char *key, char name[STORE_NAME_SIZE],
                    char hash[STORE_HASH_SIZE]);
    int (*acct_set_hash)(store *st, const char *key, const char *hash);
    /* schema version 4 */
    int (*acct_nowatch)(store *st, const char *key);
    int (*acct_set_nowatch)(store *st, const char *key, int nowatch);
    int (*acct_delete)(store *st, const char *key);
    int (*acct_list)(store *st, void (*fn)(void *arg,
                                           const store_acct_row *r),
                     void *arg);
    int (*save_owned)(store *st, const char *code, const char *game,
                      const void *data, size_t len, const char *owner,
                      const char *partner, const char *note, int fresh);
    /* the writes of a list in one transaction, in order, each one's rc
     * set: TTY_OK once the transaction has committed, else its failure
     * (store_why says why); every backend has it (store_group.c) */
    int (*write_group)(store *st, store_write *first);
    int (*load_owned)(store *st, const char *code, char *game,
                      size_t game_size, void **data, size_t *len,
                      char owner[STORE_NAME_SIZE],
                      char partner[STORE_NAME_SIZE]);
    int (*saves_of)(store *st, const char *owner, store_save_row *rows,
                    int n);
    int (*forget_owned)(store *st, const char *code, const char *owner);
    int (*hof_add_acct)(store *st, const char *game, const char *metric,
                        const char *name, const char *account, long value,
                        const char *detail);
    int (*hof_board)(store *st, const char *game, const char *metric,
                     int rank, store_hof_entry *rows, int n);
    /* an account's SSH public keys (schema version 2) */
    int (*key_add)(store *st, const char *account, const char *type,
                   const char *blob, const char *comment);
    int (*key_list)(store *st, const char *account, store_key_row *rows,
                    int n);
    int (*key_delete)(store *st, const char *account, long id);
    int (*key_has)(store *st, const char *account, const char *type,
                   const char *blob);
    /* the recordings' index (schema version 3) */
    long (*rec_add)(store *st, const store_rec_row *r);
    int (*rec_finish)(store *st, long id, long duration_ms, long size,
                      const char *result);
    int (*rec_get)(store *st, long id, store_rec_row *r);
    int (*rec_list)(store *st, const char *player, int oldest_first,
                    int limit, void (*fn)(void *arg, const store_rec_row *r),
                    void *arg);
    int (*rec_remove)(store *st, long id);
    int (*rec_best)(store *st, const char *game, const char *metric,
                    int lowest_first, int limit,
                    void (*fn)(void *arg, const store_rec_row *r), void *arg);
    int (*presence_sync)(store *st, const char *server,
                         const store_presence_row *rows, int n, long now,
                         long expire);
    int (*presence_list)(store *st, const char *except, long since,
                         store_presence_fn fn, void *arg);
    /* NULL in a backend only one server uses (store.c says TTY_NOSTORE) */
    int (*lobby_meet)(store *st, const char *key, const char *server,
                      long session, long now, long since,
                      store_lobby_seat *seat);
    int (*lobby_leave)(store *st, long id);
    int (*lobby_beat)(store *st, const char *server, long now, long since,
                      int fresh);
    const char *(*uri)(const store *st);
    /* the limits' counts (schema version 6) */
    int (*limit_add)(store *st, const char *kind, const char *key, long now,
                     long until, int max);
    int (*limit_count)(store *st, const char *kind, const char *key,
                       long now);
    int (*limit_clear)(store *st, const char *kind, const char *key);
    /* statements both engines read alike (store_sql.h) */
    int (*sql_rows)(store *st, const char *sql, const store_arg *args,
                    int nargs, store_row_fn fn, void *arg);
    int (*sql_batch)(store *st, const store_stmt *stmts, int n);
} store_ops;

struct store {
    const store_ops *ops;
    store_group *group;         /* store_group_open's writer, or NULL */
};

/* store_error()'s text: why the last call on this thread failed, set by
 * the backend that failed ("" after a call that did not). */
extern _Thread_local char store_why[256];

int store_sqlite_open(store **out, const char *dir, char *err,
                      size_t errlen);
int store_pg_open(store **out, const char *conninfo, char *err,
                  size_t errlen);

#endif
