/*
 * store.c - the SQLite store.
 *
 * A failure keeps SQLite's own message in a per-thread buffer, read with
 * store_error() by the caller on the same worker thread, so the server can
 * log why and no other call's failure can overwrite it in between.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <stdarg.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "store_db.h"
#include "tty.h"

static _Thread_local char store_why[256];

const char *store_error(void)
{
    return store_why;
}

/* Keep why the last call failed; called with the lock held so the
 * connection's message is still the one of this call. */
int store_fail(store *st, int rc, const char *what)
{
    snprintf(store_why, sizeof store_why, "%s: %s", what,
             st && st->db ? sqlite3_errmsg(st->db) : "no database");
    return rc;
}

void store_ok(void)
{
    store_why[0] = 0;
}

void store_set_wait(store *st, int ms)
{
    sqlite3_busy_timeout(st->db, ms);
}

static const char store_schema[] =
    "PRAGMA journal_mode=WAL;"
    "PRAGMA synchronous=FULL;"
    "CREATE TABLE IF NOT EXISTS saves("
    "  code TEXT PRIMARY KEY, game TEXT NOT NULL, data BLOB NOT NULL,"
    "  saved INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS tables("
    "  name TEXT PRIMARY KEY, data BLOB NOT NULL);"
    "CREATE TABLE IF NOT EXISTS hof("
    "  id INTEGER PRIMARY KEY, game TEXT NOT NULL, metric TEXT NOT NULL,"
    "  name TEXT NOT NULL, value INTEGER NOT NULL, detail TEXT NOT NULL,"
    "  at INTEGER NOT NULL);"
    "CREATE INDEX IF NOT EXISTS hof_board ON hof(game, metric);"
    "CREATE TABLE IF NOT EXISTS bans("
    "  range TEXT PRIMARY KEY, reason TEXT NOT NULL, at INTEGER NOT NULL);";

/* A committed write: the directory takes the WAL and the file takes a
 * change, or the server should not start. */
static const char store_probe[] =
    "BEGIN IMMEDIATE;"
    "INSERT OR REPLACE INTO tables(name, data) VALUES('.probe', x'00');"
    "DELETE FROM tables WHERE name = '.probe';"
    "COMMIT;";

int store_open(store **out, const char *dir, char *err, size_t errlen)
{
    char path[4096];
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "cannot create the data directory %s: %s", dir,
                 strerror(errno));
        return TTY_FAILED;
    }
    struct stat sb;
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        snprintf(err, errlen, "the data directory %s is not a directory",
                 dir);
        return TTY_FAILED;
    }
    snprintf(path, sizeof path, "%s/ttyarcade.db", dir);
    store *st = calloc(1, sizeof *st);
    if (!st) {
        snprintf(err, errlen, "out of memory");
        return TTY_NOMEM;
    }
    const char *step = "cannot open";
    char *msg = NULL;
    if (sqlite3_open_v2(path, &st->db,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                            SQLITE_OPEN_FULLMUTEX,
                        NULL) != SQLITE_OK)
        goto fail;
    /* Another process (a second server, `play`) may hold the lock briefly. */
    sqlite3_busy_timeout(st->db, 5000);
    step = "cannot set up";
    if (sqlite3_exec(st->db, store_schema, NULL, NULL, &msg) != SQLITE_OK)
        goto fail;
    /* SQLite opens a file it may not write read-only without a word, and
     * a directory that refuses the WAL shows only at the first commit. */
    step = "cannot write to";
    if (sqlite3_exec(st->db, store_probe, NULL, NULL, &msg) != SQLITE_OK) {
        sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
        goto fail;
    }
    /* Older databases gain the accounts' tables and columns here. */
    if (store_migrate(st->db, err, errlen) != 0) {
        sqlite3_close(st->db);
        free(st);
        return STORE_ERROR;
    }
    pthread_mutex_init(&st->lock, NULL);
    *out = st;
    return TTY_OK;
fail:
    snprintf(err, errlen, "%s the database %s: %s", step, path,
             msg ? msg : st->db ? sqlite3_errmsg(st->db) : "out of memory");
    sqlite3_free(msg);
    sqlite3_close(st->db);
    free(st);
    return TTY_FAILED;
}

void store_close(store *st)
{
    if (!st)
        return;
    sqlite3_close(st->db);
    pthread_mutex_destroy(&st->lock);
    free(st);
}

/* Run one statement with text/blob parameters under the lock.
 * fmt: one letter per parameter: t text, b blob (pointer + size_t), i long. */
static int store_exec(store *st, const char *sql, const char *fmt, ...)
{
    va_list ap;
    sqlite3_stmt *stmt;
    int rc;
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db, sql, -1, &stmt, NULL) != SQLITE_OK) {
        rc = store_fail(st, TTY_FAILED, "prepare");
        goto out;
    }
    va_start(ap, fmt);
    for (int i = 0; fmt[i]; i++) {
        if (fmt[i] == 't') {
            sqlite3_bind_text(stmt, i + 1, va_arg(ap, const char *), -1,
                              SQLITE_TRANSIENT);
        } else if (fmt[i] == 'b') {
            const void *p = va_arg(ap, const void *);
            size_t n = va_arg(ap, size_t);
            sqlite3_bind_blob64(stmt, i + 1, p ? p : "", n, SQLITE_TRANSIENT);
        } else {
            sqlite3_bind_int64(stmt, i + 1, va_arg(ap, long));
        }
    }
    va_end(ap);
    int s = sqlite3_step(stmt);
    if (s == SQLITE_DONE) {
        store_ok();
        rc = sqlite3_changes(st->db) > 0 ? TTY_OK : TTY_NOTFOUND;
    } else if (s == SQLITE_CONSTRAINT) {
        store_ok();
        rc = TTY_EXISTS;
    } else {
        rc = store_fail(st, TTY_FAILED, "write");
    }
    sqlite3_finalize(stmt);
out:
    pthread_mutex_unlock(&st->lock);
    return rc;
}

int store_save_new(store *st, const char *code, const char *game,
                   const void *data, size_t len)
{
    return store_exec(st,
                      "INSERT INTO saves(code, game, data, saved) "
                      "VALUES(?, ?, ?, ?)",
                      "ttbi", code, game, data, len, (long)time(NULL));
}

int store_save_as(store *st, const char *code, const char *game,
                  const void *data, size_t len)
{
    return store_exec(st,
                      "INSERT OR REPLACE INTO saves(code, game, data, saved) "
                      "VALUES(?, ?, ?, ?)",
                      "ttbi", code, game, data, len, (long)time(NULL));
}

int store_forget(store *st, const char *code)
{
    return store_exec(st, "DELETE FROM saves WHERE code = ?", "t", code);
}

int store_table_put(store *st, const char *name, const void *data,
                    size_t len)
{
    return store_exec(st,
                      "INSERT OR REPLACE INTO tables(name, data) VALUES(?, ?)",
                      "tb", name, data, len);
}

int store_hof_add(store *st, const char *game, const char *metric,
                  const char *name, long value, const char *detail)
{
    return store_exec(st,
                      "INSERT INTO hof(game, metric, name, value, detail, at) "
                      "VALUES(?, ?, ?, ?, ?, ?)",
                      "tttiti", game, metric, name, value,
                      detail ? detail : "", (long)time(NULL));
}

/* Copy a blob column into a malloc'd buffer. */
static int store_blob(sqlite3_stmt *stmt, int col, void **data, size_t *len)
{
    int n = sqlite3_column_bytes(stmt, col);
    const void *p = sqlite3_column_blob(stmt, col);
    *data = malloc(n ? (size_t)n : 1);
    if (!*data) {
        snprintf(store_why, sizeof store_why, "read: out of memory");
        return TTY_NOMEM;
    }
    if (n)
        memcpy(*data, p, (size_t)n);
    *len = (size_t)n;
    store_ok();
    return TTY_OK;
}

int store_load(store *st, const char *code, char *game, size_t game_size,
               void **data, size_t *len)
{
    sqlite3_stmt *stmt;
    int rc = TTY_FAILED;
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db,
                           "SELECT game, data FROM saves WHERE code = ?", -1,
                           &stmt, NULL) != SQLITE_OK) {
        rc = store_fail(st, TTY_FAILED, "prepare");
    } else {
        sqlite3_bind_text(stmt, 1, code, -1, SQLITE_TRANSIENT);
        int s = sqlite3_step(stmt);
        if (s == SQLITE_ROW) {
            snprintf(game, game_size, "%s",
                     (const char *)sqlite3_column_text(stmt, 0));
            rc = store_blob(stmt, 1, data, len);
        } else if (s == SQLITE_DONE) {
            store_ok();
            rc = TTY_NOTFOUND;
        } else {
            rc = store_fail(st, TTY_FAILED, "read");
        }
        sqlite3_finalize(stmt);
    }
    pthread_mutex_unlock(&st->lock);
    return rc;
}

int store_table_get(store *st, const char *name, void **data, size_t *len)
{
    sqlite3_stmt *stmt;
    int rc;
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db, "SELECT data FROM tables WHERE name = ?",
                           -1, &stmt, NULL) != SQLITE_OK) {
        rc = store_fail(st, TTY_FAILED, "prepare");
    } else {
        sqlite3_bind_text(stmt, 1, name, -1, SQLITE_TRANSIENT);
        int s = sqlite3_step(stmt);
        if (s == SQLITE_ROW) {
            rc = store_blob(stmt, 0, data, len);
        } else if (s == SQLITE_DONE) {
            store_ok();
            rc = TTY_NOTFOUND;
        } else {
            rc = store_fail(st, TTY_FAILED, "read");
        }
        sqlite3_finalize(stmt);
    }
    pthread_mutex_unlock(&st->lock);
    return rc;
}

int store_table_update(store *st, const char *name,
                       void (*fn)(void *arg, const void *old, size_t oldlen,
                                  void **out, size_t *outlen),
                       void *arg)
{
    sqlite3_stmt *get = NULL, *put = NULL;
    int rc = TTY_FAILED;
    void *out = NULL;
    size_t outlen = 0;
    pthread_mutex_lock(&st->lock);
    /* IMMEDIATE takes the write lock first: no other process can change
     * the table between our read and our write. */
    if (sqlite3_exec(st->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) !=
        SQLITE_OK) {
        store_fail(st, rc, "begin");
        goto out;
    }
    if (sqlite3_prepare_v2(st->db, "SELECT data FROM tables WHERE name = ?",
                           -1, &get, NULL) != SQLITE_OK)
        goto rollback;
    sqlite3_bind_text(get, 1, name, -1, SQLITE_TRANSIENT);
    int s = sqlite3_step(get);
    if (s == SQLITE_ROW)
        fn(arg, sqlite3_column_blob(get, 0),
           (size_t)sqlite3_column_bytes(get, 0), &out, &outlen);
    else if (s == SQLITE_DONE)
        fn(arg, NULL, 0, &out, &outlen);
    else
        goto rollback;
    if (out) {
        if (sqlite3_prepare_v2(st->db,
                               "INSERT OR REPLACE INTO tables(name, data) "
                               "VALUES(?, ?)", -1, &put, NULL) != SQLITE_OK)
            goto rollback;
        sqlite3_bind_text(put, 1, name, -1, SQLITE_TRANSIENT);
        sqlite3_bind_blob64(put, 2, out, outlen, SQLITE_TRANSIENT);
        if (sqlite3_step(put) != SQLITE_DONE)
            goto rollback;
    }
    if (sqlite3_exec(st->db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK) {
        store_ok();
        rc = TTY_OK;
        goto out;
    }
rollback:
    store_fail(st, rc, "update");
    sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
out:
    sqlite3_finalize(get);
    sqlite3_finalize(put);
    free(out);
    pthread_mutex_unlock(&st->lock);
    return rc;
}

int store_hof_top(store *st, const char *game, const char *metric, int rank,
                  store_hof_row *rows, int n)
{
    const char *sql;
    switch (rank) {
    case TTY_HOF_MAX:
        sql = "SELECT name, value, detail FROM hof WHERE game = ? AND "
              "metric = ? ORDER BY value DESC, at, id LIMIT ?";
        break;
    case TTY_HOF_MIN:
        sql = "SELECT name, value, detail FROM hof WHERE game = ? AND "
              "metric = ? ORDER BY value ASC, at, id LIMIT ?";
        break;
    case TTY_HOF_SUM:
        sql = "SELECT name, SUM(value), '' FROM hof WHERE game = ? AND "
              "metric = ? GROUP BY name ORDER BY 2 DESC, MIN(id) LIMIT ?";
        break;
    default:
        sql = "SELECT name, COUNT(*), '' FROM hof WHERE game = ? AND "
              "metric = ? GROUP BY name ORDER BY 2 DESC, MIN(id) LIMIT ?";
        break;
    }
    sqlite3_stmt *stmt;
    int count;
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db, sql, -1, &stmt, NULL) != SQLITE_OK) {
        count = store_fail(st, TTY_FAILED, "prepare");
    } else {
        sqlite3_bind_text(stmt, 1, game, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 2, metric, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int(stmt, 3, n);
        count = 0;
        int s = SQLITE_DONE;
        while (count < n && (s = sqlite3_step(stmt)) == SQLITE_ROW) {
            snprintf(rows[count].name, sizeof rows[count].name, "%s",
                     (const char *)sqlite3_column_text(stmt, 0));
            rows[count].value = (long)sqlite3_column_int64(stmt, 1);
            snprintf(rows[count].detail, sizeof rows[count].detail, "%s",
                     (const char *)sqlite3_column_text(stmt, 2));
            count++;
        }
        if (count < n && s != SQLITE_DONE)
            count = store_fail(st, TTY_FAILED, "read");
        else
            store_ok();
        sqlite3_finalize(stmt);
    }
    pthread_mutex_unlock(&st->lock);
    return count;
}

/* ---- bans (the operator's, by address range) ------------------------- */

int store_ban_add(store *st, const char *range, const char *reason)
{
    return store_exec(st,
                      "INSERT OR REPLACE INTO bans(range, reason, at) "
                      "VALUES(?, ?, ?)",
                      "tti", range, reason, (long)time(NULL));
}

int store_ban_remove(store *st, const char *range)
{
    return store_exec(st, "DELETE FROM bans WHERE range = ?", "t", range);
}

int store_ban_list(store *st,
                   void (*fn)(void *arg, const char *range,
                              const char *reason, long at),
                   void *arg)
{
    sqlite3_stmt *stmt;
    int rc = STORE_ERROR;
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db,
                           "SELECT range, reason, at FROM bans ORDER BY at",
                           -1, &stmt, NULL) == SQLITE_OK) {
        int s;
        while ((s = sqlite3_step(stmt)) == SQLITE_ROW)
            fn(arg, (const char *)sqlite3_column_text(stmt, 0),
               (const char *)sqlite3_column_text(stmt, 1),
               (long)sqlite3_column_int64(stmt, 2));
        if (s == SQLITE_DONE)
            rc = STORE_OK;
        sqlite3_finalize(stmt);
    }
    pthread_mutex_unlock(&st->lock);
    return rc;
}

/* ---- the recordings' index ------------------------------------------
 * Its table is made on first use, so the schema above stays as it is. */

static const char store_rec_schema[] =
    "CREATE TABLE IF NOT EXISTS recordings("
    "  id INTEGER PRIMARY KEY, file TEXT NOT NULL, player TEXT NOT NULL,"
    "  game TEXT NOT NULL, term TEXT NOT NULL, width INTEGER NOT NULL,"
    "  height INTEGER NOT NULL, start INTEGER NOT NULL,"
    "  duration_ms INTEGER NOT NULL, size INTEGER NOT NULL,"
    "  result TEXT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS recordings_player ON recordings(player);";

/* Under the lock. */
static int store_rec_table(store *st)
{
    return sqlite3_exec(st->db, store_rec_schema, NULL, NULL, NULL) ==
                   SQLITE_OK
               ? STORE_OK
               : STORE_ERROR;
}

long store_rec_add(store *st, const store_rec_row *r)
{
    sqlite3_stmt *stmt = NULL;
    long id = STORE_ERROR;
    pthread_mutex_lock(&st->lock);
    if (store_rec_table(st) != STORE_OK ||
        sqlite3_prepare_v2(st->db,
                           "INSERT INTO recordings(file, player, game, term,"
                           " width, height, start, duration_ms, size, result)"
                           " VALUES(?,?,?,?,?,?,?,?,?,?)",
                           -1, &stmt, NULL) != SQLITE_OK)
        goto out;
    sqlite3_bind_text(stmt, 1, r->file, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(stmt, 2, r->player, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(stmt, 3, r->game, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(stmt, 4, r->term, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(stmt, 5, r->width);
    sqlite3_bind_int(stmt, 6, r->height);
    sqlite3_bind_int64(stmt, 7, r->start);
    sqlite3_bind_int64(stmt, 8, r->duration_ms);
    sqlite3_bind_int64(stmt, 9, r->size);
    sqlite3_bind_text(stmt, 10, r->result, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(stmt) == SQLITE_DONE)
        id = (long)sqlite3_last_insert_rowid(st->db);
out:
    sqlite3_finalize(stmt);
    pthread_mutex_unlock(&st->lock);
    return id;
}

int store_rec_finish(store *st, long id, long duration_ms, long size,
                     const char *result)
{
    return store_exec(st, "UPDATE recordings SET duration_ms = ?, size = ?,"
                          " result = ? WHERE id = ?",
                      "iiti", duration_ms, size, result, id);
}

int store_rec_remove(store *st, long id)
{
    return store_exec(st, "DELETE FROM recordings WHERE id = ?", "i", id);
}

static void store_rec_row_read(sqlite3_stmt *stmt, store_rec_row *r)
{
    memset(r, 0, sizeof *r);
    r->id = (long)sqlite3_column_int64(stmt, 0);
    snprintf(r->file, sizeof r->file, "%s",
             (const char *)sqlite3_column_text(stmt, 1));
    snprintf(r->player, sizeof r->player, "%s",
             (const char *)sqlite3_column_text(stmt, 2));
    snprintf(r->game, sizeof r->game, "%s",
             (const char *)sqlite3_column_text(stmt, 3));
    snprintf(r->term, sizeof r->term, "%s",
             (const char *)sqlite3_column_text(stmt, 4));
    r->width = sqlite3_column_int(stmt, 5);
    r->height = sqlite3_column_int(stmt, 6);
    r->start = (long)sqlite3_column_int64(stmt, 7);
    r->duration_ms = (long)sqlite3_column_int64(stmt, 8);
    r->size = (long)sqlite3_column_int64(stmt, 9);
    snprintf(r->result, sizeof r->result, "%s",
             (const char *)sqlite3_column_text(stmt, 10));
}

#define STORE_REC_COLS "id, file, player, game, term, width, height, start," \
                       " duration_ms, size, result"

int store_rec_get(store *st, long id, store_rec_row *r)
{
    sqlite3_stmt *stmt = NULL;
    int rc = STORE_ERROR;
    pthread_mutex_lock(&st->lock);
    if (store_rec_table(st) != STORE_OK ||
        sqlite3_prepare_v2(st->db, "SELECT " STORE_REC_COLS
                           " FROM recordings WHERE id = ?",
                           -1, &stmt, NULL) != SQLITE_OK)
        goto out;
    sqlite3_bind_int64(stmt, 1, id);
    int s = sqlite3_step(stmt);
    if (s == SQLITE_ROW) {
        store_rec_row_read(stmt, r);
        rc = STORE_OK;
    } else if (s == SQLITE_DONE) {
        rc = STORE_NOTFOUND;
    }
out:
    sqlite3_finalize(stmt);
    pthread_mutex_unlock(&st->lock);
    return rc;
}

int store_rec_list(store *st, const char *player, int oldest_first,
                   int limit, void (*fn)(void *arg, const store_rec_row *r),
                   void *arg)
{
    sqlite3_stmt *stmt = NULL;
    int n = STORE_ERROR;
    char sql[256];
    snprintf(sql, sizeof sql, "SELECT " STORE_REC_COLS " FROM recordings"
             " WHERE ?1 IS NULL OR player = ?1 ORDER BY id %s LIMIT ?2",
             oldest_first ? "ASC" : "DESC");
    pthread_mutex_lock(&st->lock);
    if (store_rec_table(st) != STORE_OK ||
        sqlite3_prepare_v2(st->db, sql, -1, &stmt, NULL) != SQLITE_OK)
        goto out;
    if (player)
        sqlite3_bind_text(stmt, 1, player, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(stmt, 2, limit > 0 ? limit : -1);
    n = 0;
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        store_rec_row r;
        store_rec_row_read(stmt, &r);
        fn(arg, &r);
        n++;
    }
out:
    sqlite3_finalize(stmt);
    pthread_mutex_unlock(&st->lock);
    return n;
}

int store_rec_best(store *st, const char *game, const char *metric,
                   int lowest_first, int limit,
                   void (*fn)(void *arg, const store_rec_row *r), void *arg)
{
    sqlite3_stmt *stmt = NULL;
    int n = STORE_ERROR;
    char sql[512];
    /* The entry was made while its game was recorded: same player and
     * game, its time within the recording's. */
    snprintf(sql, sizeof sql,
             "SELECT r.id, r.file, r.player, r.game, r.term, r.width,"
             " r.height, r.start, r.duration_ms, r.size, r.result"
             " FROM hof h JOIN recordings r ON r.player = h.name"
             " AND r.game = h.game AND h.at >= r.start"
             " AND h.at <= r.start + r.duration_ms / 1000 + 2"
             " WHERE h.game = ? AND h.metric = ? AND r.result != 'playing'"
             " ORDER BY h.value %s, h.at, h.id LIMIT ?",
             lowest_first ? "ASC" : "DESC");
    pthread_mutex_lock(&st->lock);
    if (store_rec_table(st) != STORE_OK ||
        sqlite3_prepare_v2(st->db, sql, -1, &stmt, NULL) != SQLITE_OK)
        goto out;
    sqlite3_bind_text(stmt, 1, game, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(stmt, 2, metric, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(stmt, 3, limit);
    n = 0;
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        store_rec_row r;
        store_rec_row_read(stmt, &r);
        fn(arg, &r);
        n++;
    }
out:
    sqlite3_finalize(stmt);
    pthread_mutex_unlock(&st->lock);
    return n;
}
