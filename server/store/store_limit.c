/*
 * store_limit.c - the limits' counts on SQLite (schema version 6's
 * limits table, made by sq_steps[6] in store_sqlite.c).
 *
 * An event takes the first free slot of its key below max, inside one
 * immediate transaction: every process on the database file takes its
 * turn on the write lock, so two never take the same slot or count past
 * max.  Events whose time is up are dropped first, for every key (the
 * index on until finds them), and only then.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "store_db.h"

#define SQ_LIMIT_MAX 64         /* the most slots a key is given */

int sq_limit_add(store *base, const char *kind, const char *key, long now,
                 long until, int max)
{
    sq_store *st = (sq_store *)base;
    sqlite3_stmt *old = NULL, *live = NULL, *ins = NULL;
    int rc = STORE_ERROR, ok = 0;
    unsigned char taken[SQ_LIMIT_MAX] = { 0 };
    if (max > SQ_LIMIT_MAX)
        max = SQ_LIMIT_MAX;
    pthread_mutex_lock(&st->lock);
    if (sq_begin(st, "begin") != TTY_OK)
        goto out;
    if (sqlite3_prepare_v2(st->db, "DELETE FROM limits WHERE until <= ?", -1,
                           &old, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(st->db, "SELECT slot FROM limits WHERE kind = ? "
                           "AND key = ?", -1, &live, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(st->db, "INSERT INTO limits(kind, key, slot, "
                           "until) VALUES(?, ?, ?, ?)", -1, &ins,
                           NULL) != SQLITE_OK)
        goto end;
    sqlite3_bind_int64(old, 1, now);
    if (sqlite3_step(old) != SQLITE_DONE)
        goto end;
    sqlite3_bind_text(live, 1, kind, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(live, 2, key, -1, SQLITE_TRANSIENT);
    int n = 0, s;
    while ((s = sqlite3_step(live)) == SQLITE_ROW) {
        int slot = sqlite3_column_int(live, 0);
        n++;
        if (slot >= 0 && slot < SQ_LIMIT_MAX)
            taken[slot] = 1;
    }
    if (s != SQLITE_DONE)
        goto end;
    int free_slot = 0;
    while (free_slot < max && taken[free_slot])
        free_slot++;
    if (n >= max || free_slot >= max) {
        rc = max;               /* the limit is reached: nothing added */
        ok = 1;
        goto end;
    }
    sqlite3_bind_text(ins, 1, kind, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(ins, 2, key, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(ins, 3, free_slot);
    sqlite3_bind_int64(ins, 4, until);
    if (sqlite3_step(ins) != SQLITE_DONE)
        goto end;
    rc = n;
    ok = 1;
end:
    if (sq_end(st, ok, STORE_ERROR, "limit") != TTY_OK)
        rc = STORE_ERROR;
out:
    sqlite3_finalize(old);
    sqlite3_finalize(live);
    sqlite3_finalize(ins);
    pthread_mutex_unlock(&st->lock);
    return rc;
}

int sq_limit_count(store *base, const char *kind, const char *key, long now)
{
    sq_store *st = (sq_store *)base;
    sqlite3_stmt *stmt;
    int rc = STORE_ERROR;
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db, "SELECT count(*) FROM limits WHERE kind = "
                           "? AND key = ? AND until > ?", -1, &stmt,
                           NULL) == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, kind, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 2, key, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(stmt, 3, now);
        if (sqlite3_step(stmt) == SQLITE_ROW) {
            rc = sqlite3_column_int(stmt, 0);
            store_ok();
        } else {
            rc = store_fail(st, STORE_ERROR, "read");
        }
        sqlite3_finalize(stmt);
    } else {
        rc = store_fail(st, STORE_ERROR, "prepare");
    }
    pthread_mutex_unlock(&st->lock);
    return rc;
}

int sq_limit_clear(store *base, const char *kind, const char *key)
{
    int rc = kind ? sq_exec(base, "DELETE FROM limits WHERE kind = ? AND "
                                  "key = ?", "tt", kind, key)
                  : sq_exec(base, "DELETE FROM limits WHERE key = ?", "t",
                            key);
    return rc == STORE_NOTFOUND ? STORE_OK : rc;
}
