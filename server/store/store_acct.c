/*
 * store_acct.c - the SQLite backend's accounts, saves that belong to an
 * account, and hall of fame entries signed by one (schema version 1; the
 * migration is sq_steps[1] in store_sqlite.c).
 *
 * Kept apart from store_sqlite.c so that everything accounts added to the
 * database is in one place; both share the handle of store_db.h and take
 * its lock around every statement.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store_db.h"
#include "tty.h"

static void store_text(char *out, size_t size, sqlite3_stmt *stmt, int col)
{
    const unsigned char *t = sqlite3_column_text(stmt, col);
    snprintf(out, size, "%s", t ? (const char *)t : "");
}

/* ---- accounts ------------------------------------------------------- */

int sq_acct_add(store *base, const char *key, const char *name,
                   const char *hash)
{
    return sq_exec(base,
                   "INSERT INTO accounts(key, name, hash, created) "
                   "VALUES(?, ?, ?, ?)",
                   "ttti", key, name, hash, (long)time(NULL));
}

int sq_acct_get(store *base, const char *key, char name[STORE_NAME_SIZE],
                   char hash[STORE_HASH_SIZE])
{
    sq_store *st = (sq_store *)base;
    sqlite3_stmt *stmt;
    int rc = STORE_ERROR;
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db,
                           "SELECT name, hash FROM accounts WHERE key = ?",
                           -1, &stmt, NULL) == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, key, -1, SQLITE_TRANSIENT);
        int s = sqlite3_step(stmt);
        if (s == SQLITE_ROW) {
            if (name)
                store_text(name, STORE_NAME_SIZE, stmt, 0);
            if (hash)
                store_text(hash, STORE_HASH_SIZE, stmt, 1);
            rc = STORE_OK;
        } else if (s == SQLITE_DONE) {
            rc = STORE_NOTFOUND;
        }
        sqlite3_finalize(stmt);
    }
    if (rc == STORE_ERROR)
        store_fail(st, rc, "load");
    pthread_mutex_unlock(&st->lock);
    return rc;
}

int sq_acct_set_hash(store *base, const char *key, const char *hash)
{
    return sq_exec(base, "UPDATE accounts SET hash = ? WHERE key = ?",
                   "tt", hash, key);
}

int sq_acct_nowatch(store *base, const char *key)
{
    sq_store *st = (sq_store *)base;
    sqlite3_stmt *stmt;
    int rc = STORE_ERROR;
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db,
                           "SELECT nowatch FROM accounts WHERE key = ?", -1,
                           &stmt, NULL) == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, key, -1, SQLITE_TRANSIENT);
        int s = sqlite3_step(stmt);
        if (s == SQLITE_ROW)
            rc = sqlite3_column_int(stmt, 0) != 0;
        else if (s == SQLITE_DONE)
            rc = STORE_NOTFOUND;
        sqlite3_finalize(stmt);
    }
    if (rc == STORE_ERROR)
        store_fail(st, rc, "read");
    pthread_mutex_unlock(&st->lock);
    return rc;
}

int sq_acct_set_nowatch(store *base, const char *key, int nowatch)
{
    return sq_exec(base, "UPDATE accounts SET nowatch = ? WHERE key = ?",
                   "it", (long)(nowatch != 0), key);
}

int sq_acct_delete(store *base, const char *key)
{
    sq_store *st = (sq_store *)base;
    static const char *const steps[] = {
        "DELETE FROM accounts WHERE key = ?1",
        "DELETE FROM saves WHERE owner = ?1",
        "UPDATE saves SET partner = NULL WHERE partner = ?1",
        "UPDATE hof SET account = NULL WHERE account = ?1",
        "DELETE FROM ssh_keys WHERE account = ?1",
    };
    int rc = STORE_ERROR, ok = 0;
    pthread_mutex_lock(&st->lock);
    if ((rc = sq_begin(st, "begin")) != TTY_OK)
        goto out;
    rc = STORE_ERROR;
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        sqlite3_stmt *stmt;
        if (sqlite3_prepare_v2(st->db, steps[i], -1, &stmt, NULL) !=
            SQLITE_OK)
            goto end;
        sqlite3_bind_text(stmt, 1, key, -1, SQLITE_TRANSIENT);
        int s = sqlite3_step(stmt);
        sqlite3_finalize(stmt);
        if (s != SQLITE_DONE)
            goto end;
        if (i == 0 && sqlite3_changes(st->db) == 0) {
            rc = STORE_NOTFOUND;
            goto end;
        }
    }
    ok = 1;
end:
    rc = sq_end(st, ok, rc, "delete account");
out:
    pthread_mutex_unlock(&st->lock);
    return rc;
}

int sq_acct_list(store *base, void (*fn)(void *arg, const store_acct_row *r),
                    void *arg)
{
    sq_store *st = (sq_store *)base;
    sqlite3_stmt *stmt;
    int count = STORE_ERROR;
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db,
                           "SELECT a.name, a.created, (SELECT COUNT(*) FROM "
                           "saves s WHERE s.owner = a.key) FROM accounts a "
                           "ORDER BY a.key", -1, &stmt, NULL) == SQLITE_OK) {
        count = 0;
        while (sqlite3_step(stmt) == SQLITE_ROW) {
            store_acct_row r;
            store_text(r.name, sizeof r.name, stmt, 0);
            r.created = (long)sqlite3_column_int64(stmt, 1);
            r.saves = sqlite3_column_int(stmt, 2);
            fn(arg, &r);
            count++;
        }
        sqlite3_finalize(stmt);
    }
    pthread_mutex_unlock(&st->lock);
    return count;
}

/* ---- saves with an owner -------------------------------------------- */

/* A save under a new code (nothing changes when the code is taken, so a
 * group's transaction goes on), or over an old one, keeping the owner,
 * partner and note a save has where these are NULL or empty. */
static const char sq_save_fresh[] =
    "INSERT INTO saves(code, game, data, saved, owner, partner, note) "
    "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT(code) DO NOTHING";
static const char sq_save_over[] =
    "INSERT INTO saves(code, game, data, saved, owner, partner, note) "
    "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7) "
    "ON CONFLICT(code) DO UPDATE SET game = ?2, "
    "data = ?3, saved = ?4, "
    "owner = COALESCE(?5, owner), "
    "partner = COALESCE(?6, partner), "
    "note = CASE WHEN ?7 = '' THEN note ELSE ?7 END";

int sq_save_owned(store *base, const char *code, const char *game,
                     const void *data, size_t len, const char *owner,
                     const char *partner, const char *note, int fresh)
{
    int rc = sq_exec(base, fresh ? sq_save_fresh : sq_save_over, "ttbittt",
                     code, game, data, len, (long)time(NULL), owner, partner,
                     note ? note : "");
    /* fresh, and no row inserted: the code is taken */
    return fresh && rc == TTY_NOTFOUND ? TTY_EXISTS : rc;
}

static const char sq_forget_sql[] = "DELETE FROM saves WHERE code = ?1";
static const char sq_hof_sql[] =
    "INSERT INTO hof(game, metric, name, value, detail, at, account) "
    "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)";

static void sq_bind_text(sqlite3_stmt *q, int i, const char *t)
{
    if (t)
        sqlite3_bind_text(q, i, t, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(q, i);
}

/* A group's write on the statement of its kind, bound. */
static void sq_write_bind(sqlite3_stmt *q, const store_write *w,
                          sqlite3_int64 now)
{
    sqlite3_reset(q);
    switch (w->kind) {
    case STORE_WRITE_FORGET:
        sq_bind_text(q, 1, w->code);
        break;
    case STORE_WRITE_HOF:
        sq_bind_text(q, 1, w->game);
        sq_bind_text(q, 2, w->metric);
        sq_bind_text(q, 3, w->name);
        sqlite3_bind_int64(q, 4, w->value);
        sq_bind_text(q, 5, w->detail ? w->detail : "");
        sqlite3_bind_int64(q, 6, now);
        sq_bind_text(q, 7, w->owner);
        break;
    default:
        sq_bind_text(q, 1, w->code);
        sq_bind_text(q, 2, w->game);
        sqlite3_bind_blob64(q, 3, w->data ? w->data : "", w->len,
                            SQLITE_STATIC);
        sqlite3_bind_int64(q, 4, now);
        sq_bind_text(q, 5, w->owner);
        sq_bind_text(q, 6, w->partner);
        sq_bind_text(q, 7, w->note ? w->note : "");
        break;
    }
}

/* The writes of a group in one immediate transaction, in order: one
 * commit, one flush of the WAL, for all of them. */
int sq_write_group(store *base, store_write *first)
{
    sq_store *st = (sq_store *)base;
    enum { OVER, FRESH, FORGET, HOF, NSTMT };
    static const char *const sql[NSTMT] = { sq_save_over, sq_save_fresh,
                                            sq_forget_sql, sq_hof_sql };
    sqlite3_stmt *stmt[NSTMT] = { NULL };
    int rc = TTY_FAILED, ok = 0;
    sqlite3_int64 now = (sqlite3_int64)time(NULL);
    pthread_mutex_lock(&st->lock);
    if (sq_begin(st, "begin") != TTY_OK)
        goto out;
    for (store_write *w = first; w; w = w->next) {
        int k = w->kind == STORE_WRITE_FORGET ? FORGET
              : w->kind == STORE_WRITE_HOF    ? HOF
              : w->fresh                      ? FRESH
                                              : OVER;
        if (!stmt[k] && sqlite3_prepare_v2(st->db, sql[k], -1, &stmt[k],
                                           NULL) != SQLITE_OK)
            goto end;
        sq_write_bind(stmt[k], w, now);
        if (sqlite3_step(stmt[k]) != SQLITE_DONE)
            goto end;
        int changed = sqlite3_changes(st->db) > 0;
        w->rc = changed ? TTY_OK : k == FRESH ? TTY_EXISTS : TTY_NOTFOUND;
    }
    ok = 1;
end:
    rc = sq_end(st, ok, TTY_FAILED, "write");
out:
    for (int k = 0; k < NSTMT; k++)
        sqlite3_finalize(stmt[k]);
    pthread_mutex_unlock(&st->lock);
    return rc;
}

int sq_load_owned(store *base, const char *code, char *game,
                     size_t game_size, void **data, size_t *len,
                     char owner[STORE_NAME_SIZE],
                     char partner[STORE_NAME_SIZE])
{
    sq_store *st = (sq_store *)base;
    sqlite3_stmt *stmt;
    int rc = STORE_ERROR;
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db,
                           "SELECT game, data, owner, partner FROM saves WHERE "
                           "code = ?", -1, &stmt, NULL) == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, code, -1, SQLITE_TRANSIENT);
        int s = sqlite3_step(stmt);
        if (s == SQLITE_ROW) {
            store_text(game, game_size, stmt, 0);
            store_text(owner, STORE_NAME_SIZE, stmt, 2);
            if (partner)
                store_text(partner, STORE_NAME_SIZE, stmt, 3);
            int n = sqlite3_column_bytes(stmt, 1);
            const void *p = sqlite3_column_blob(stmt, 1);
            *data = malloc(n ? (size_t)n : 1);
            if (*data) {
                if (n)
                    memcpy(*data, p, (size_t)n);
                *len = (size_t)n;
                rc = STORE_OK;
            }
        } else if (s == SQLITE_DONE) {
            rc = STORE_NOTFOUND;
        }
        sqlite3_finalize(stmt);
    }
    pthread_mutex_unlock(&st->lock);
    return rc;
}

int sq_saves_of(store *base, const char *owner, store_save_row *rows, int n)
{
    sq_store *st = (sq_store *)base;
    sqlite3_stmt *stmt;
    int count = STORE_ERROR;
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db,
                           "SELECT code, game, note, saved FROM saves WHERE "
                           "owner = ?1 OR partner = ?1 "
                           "ORDER BY saved DESC, rowid DESC "
                           "LIMIT ?2", -1, &stmt, NULL) == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, owner, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int(stmt, 2, n);
        count = 0;
        while (count < n && sqlite3_step(stmt) == SQLITE_ROW) {
            store_save_row *r = &rows[count++];
            store_text(r->code, sizeof r->code, stmt, 0);
            store_text(r->game, sizeof r->game, stmt, 1);
            store_text(r->note, sizeof r->note, stmt, 2);
            r->saved = (long)sqlite3_column_int64(stmt, 3);
        }
        sqlite3_finalize(stmt);
    }
    pthread_mutex_unlock(&st->lock);
    return count;
}

int sq_forget_owned(store *base, const char *code, const char *owner)
{
    return sq_exec(base, "DELETE FROM saves WHERE code = ?1 AND "
                   "(owner = ?2 OR partner = ?2)", "tt", code, owner);
}

/* ---- the hall of fame, signed --------------------------------------- */

int sq_hof_add_acct(store *base, const char *game, const char *metric,
                       const char *name, const char *account, long value,
                       const char *detail)
{
    return sq_exec(base,
                   "INSERT INTO hof(game, metric, name, value, detail, "
                   "at, account) VALUES(?, ?, ?, ?, ?, ?, ?)",
                   "tttitit", game, metric, name, value,
                   detail ? detail : "", (long)time(NULL), account);
}

int sq_hof_board(store *base, const char *game, const char *metric,
                    int rank, store_hof_entry *rows, int n)
{
    sq_store *st = (sq_store *)base;
    const char *sql;
    switch (rank) {
    case TTY_HOF_MAX:
        sql = "SELECT name, value, detail, account IS NULL FROM hof WHERE "
              "game = ? AND metric = ? ORDER BY value DESC, at, id LIMIT ?";
        break;
    case TTY_HOF_MIN:
        sql = "SELECT name, value, detail, account IS NULL FROM hof WHERE "
              "game = ? AND metric = ? ORDER BY value ASC, at, id LIMIT ?";
        break;
    case TTY_HOF_SUM:
        sql = "SELECT MIN(name), SUM(value), '', account IS NULL FROM hof "
              "WHERE game = ? AND metric = ? GROUP BY COALESCE(account, "
              "'guest:' || name) ORDER BY 2 DESC, MIN(id) LIMIT ?";
        break;
    default:
        sql = "SELECT MIN(name), COUNT(*), '', account IS NULL FROM hof "
              "WHERE game = ? AND metric = ? GROUP BY COALESCE(account, "
              "'guest:' || name) ORDER BY 2 DESC, MIN(id) LIMIT ?";
        break;
    }
    sqlite3_stmt *stmt;
    int count = STORE_ERROR;
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db, sql, -1, &stmt, NULL) == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, game, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 2, metric, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int(stmt, 3, n);
        count = 0;
        while (count < n && sqlite3_step(stmt) == SQLITE_ROW) {
            store_hof_entry *r = &rows[count++];
            store_text(r->name, sizeof r->name, stmt, 0);
            r->value = (long)sqlite3_column_int64(stmt, 1);
            store_text(r->detail, sizeof r->detail, stmt, 2);
            r->guest = sqlite3_column_int(stmt, 3);
        }
        sqlite3_finalize(stmt);
    }
    pthread_mutex_unlock(&st->lock);
    return count;
}
