/*
 * store.c - the public storage calls: pick a backend from the --db text
 * and forward each call to it.  No SQL here; each backend speaks its own
 * engine's dialect (store_sqlite.c, store_pg.c).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "store_be.h"
#include "store_people.h"

_Thread_local char store_why[256];

const char *store_error(void)
{
    return store_why;
}

int store_open(store **out, const char *where, char *err, size_t errlen)
{
    if (strncmp(where, "postgresql://", 13) == 0 ||
        strncmp(where, "postgres://", 11) == 0)
        return store_pg_open(out, where, err, errlen);
    if (strncmp(where, "sqlite:", 7) == 0)
        where += 7;
    if (!*where) {
        snprintf(err, errlen, "sqlite: wants a directory");
        return TTY_FAILED;
    }
    return store_sqlite_open(out, where, err, errlen);
}

void store_close(store *st)
{
    if (!st)
        return;
    store_group_close(st->group);   /* its queue committed first */
    st->ops->close(st);
}

void store_set_wait(store *st, int ms)
{
    st->ops->set_wait(st, ms);
}

const char *store_backend(const store *st)
{
    return st->ops->name;
}

int store_schema_version(store *st)
{
    return st->ops->schema_version(st);
}

int store_save_new(store *st, const char *code, const char *game,
                   const void *data, size_t len)
{
    return st->ops->save(st, code, game, data, len, 1);
}

int store_save_as(store *st, const char *code, const char *game,
                  const void *data, size_t len)
{
    return st->ops->save(st, code, game, data, len, 0);
}

int store_load(store *st, const char *code, char *game, size_t game_size,
               void **data, size_t *len)
{
    return st->ops->load(st, code, game, game_size, data, len);
}

int store_forget(store *st, const char *code)
{
    return st->ops->forget(st, code);
}

int store_table_get(store *st, const char *name, void **data, size_t *len)
{
    return st->ops->table_get(st, name, data, len);
}

int store_table_update(store *st, const char *name,
                       void (*fn)(void *arg, const void *old, size_t oldlen,
                                  void **out, size_t *outlen),
                       void *arg)
{
    return st->ops->table_update(st, name, fn, arg);
}

int store_table_put(store *st, const char *name, const void *data,
                    size_t len)
{
    return st->ops->table_put(st, name, data, len);
}

int store_hof_add(store *st, const char *game, const char *metric,
                  const char *name, long value, const char *detail)
{
    return st->ops->hof_add(st, game, metric, name, value,
                            detail ? detail : "");
}

int store_hof_top(store *st, const char *game, const char *metric, int rank,
                  store_hof_row *rows, int n)
{
    return st->ops->hof_top(st, game, metric, rank, rows, n);
}

int store_ban_add(store *st, const char *range, const char *reason)
{
    return st->ops->ban_add(st, range, reason);
}

int store_ban_get(store *st, const char *range, char *reason, size_t size,
                  long *at)
{
    return st->ops->ban_get(st, range, reason, size, at);
}

int store_ban_remove(store *st, const char *range)
{
    return st->ops->ban_remove(st, range);
}

int store_ban_list(store *st,
                   void (*fn)(void *arg, const char *range,
                              const char *reason, long at),
                   void *arg)
{
    return st->ops->ban_list(st, fn, arg);
}

int store_presence_sync(store *st, const char *server,
                        const store_presence_row *rows, int n, long now,
                        long expire)
{
    return st->ops->presence_sync(st, server, rows, n, now, expire);
}

int store_presence_list(store *st, const char *except, long since,
                        void (*fn)(void *arg, const store_presence_row *r),
                        void *arg)
{
    return st->ops->presence_list(st, except, since, fn, arg);
}

int store_lobby_meet(store *st, const char *key, const char *server,
                     long session, long now, long since,
                     store_lobby_seat *seat)
{
    if (!st->ops->lobby_meet)
        return TTY_NOSTORE;
    return st->ops->lobby_meet(st, key, server, session, now, since, seat);
}

int store_lobby_leave(store *st, long id)
{
    if (!st->ops->lobby_leave)
        return TTY_NOSTORE;
    return st->ops->lobby_leave(st, id);
}

int store_lobby_beat(store *st, const char *server, long now, long since,
                     int fresh)
{
    if (!st->ops->lobby_beat)
        return TTY_NOSTORE;
    return st->ops->lobby_beat(st, server, now, since, fresh);
}

const char *store_shared_uri(const store *st)
{
    return st && st->ops->uri ? st->ops->uri(st) : NULL;
}

/* ---- accounts and what belongs to them ---- */

int store_acct_add(store *st, const char *key, const char *name,
                   const char *hash)
{
    return st->ops->acct_add(st, key, name, hash);
}

int store_acct_get(store *st, const char *key, char name[STORE_NAME_SIZE],
                   char hash[STORE_HASH_SIZE])
{
    return st->ops->acct_get(st, key, name, hash);
}

int store_acct_set_hash(store *st, const char *key, const char *hash)
{
    return st->ops->acct_set_hash(st, key, hash);
}

int store_acct_nowatch(store *st, const char *key)
{
    return st->ops->acct_nowatch(st, key);
}

int store_acct_set_nowatch(store *st, const char *key, int nowatch)
{
    return st->ops->acct_set_nowatch(st, key, nowatch);
}

int store_acct_delete(store *st, const char *key)
{
    int rc = st->ops->acct_delete(st, key);
    /* What it kept about itself and others goes with it (its results
     * stay, as its opponents' history). */
    if (rc == TTY_OK)
        store_people_forget(st, key);
    return rc;
}

int store_acct_list(store *st, void (*fn)(void *arg, const store_acct_row *r),
                    void *arg)
{
    return st->ops->acct_list(st, fn, arg);
}

int store_save_owned(store *st, const char *code, const char *game,
                     const void *data, size_t len, const char *owner,
                     const char *partner, const char *note, int fresh)
{
    return st->ops->save_owned(st, code, game, data, len, owner, partner,
                               note, fresh);
}

int store_load_owned(store *st, const char *code, char *game,
                     size_t game_size, void **data, size_t *len,
                     char owner[STORE_NAME_SIZE],
                     char partner[STORE_NAME_SIZE])
{
    return st->ops->load_owned(st, code, game, game_size, data, len, owner,
                               partner);
}

int store_saves_of(store *st, const char *owner, store_save_row *rows, int n)
{
    return st->ops->saves_of(st, owner, rows, n);
}

int store_forget_owned(store *st, const char *code, const char *owner)
{
    return st->ops->forget_owned(st, code, owner);
}

int store_hof_add_acct(store *st, const char *game, const char *metric,
                       const char *name, const char *account, long value,
                       const char *detail)
{
    return st->ops->hof_add_acct(st, game, metric, name, account, value,
                                 detail);
}

int store_hof_board(store *st, const char *game, const char *metric,
                    int rank, store_hof_entry *rows, int n)
{
    return st->ops->hof_board(st, game, metric, rank, rows, n);
}

/* ---- an account's SSH public keys ---- */

int store_key_add(store *st, const char *account, const char *type,
                  const char *blob, const char *comment)
{
    return st->ops->key_add(st, account, type, blob, comment);
}

int store_key_list(store *st, const char *account, store_key_row *rows,
                   int n)
{
    return st->ops->key_list(st, account, rows, n);
}

int store_key_delete(store *st, const char *account, long id)
{
    return st->ops->key_delete(st, account, id);
}

int store_key_has(store *st, const char *account, const char *type,
                  const char *blob)
{
    return st->ops->key_has(st, account, type, blob);
}

/* ---- the recordings' index ---- */

long store_rec_add(store *st, const store_rec_row *r)
{
    return st->ops->rec_add(st, r);
}

int store_rec_finish(store *st, long id, long duration_ms, long size,
                     const char *result)
{
    return st->ops->rec_finish(st, id, duration_ms, size, result);
}

int store_rec_get(store *st, long id, store_rec_row *r)
{
    return st->ops->rec_get(st, id, r);
}

int store_rec_list(store *st, const char *player, int oldest_first,
                   int limit, void (*fn)(void *arg, const store_rec_row *r),
                   void *arg)
{
    return st->ops->rec_list(st, player, oldest_first, limit, fn, arg);
}

int store_rec_remove(store *st, long id)
{
    return st->ops->rec_remove(st, id);
}

int store_rec_best(store *st, const char *game, const char *metric,
                   int lowest_first, int limit,
                   void (*fn)(void *arg, const store_rec_row *r), void *arg)
{
    return st->ops->rec_best(st, game, metric, lowest_first, limit, fn, arg);
}

int store_limit_add(store *st, const char *kind, const char *key, long now,
                    long until, int max)
{
    return st->ops->limit_add(st, kind, key, now, until, max);
}

int store_limit_count(store *st, const char *kind, const char *key,
                      long now)
{
    return st->ops->limit_count(st, kind, key, now);
}

int store_limit_clear(store *st, const char *kind, const char *key)
{
    return st->ops->limit_clear(st, kind, key);
}
