/*
 * store_sqlite.c - the SQLite backend: one database file in the data
 * directory, WAL mode, synchronous=FULL, a mutex around the connection.
 * The WAL is copied back into the database (checkpointed) by a thread of
 * its own on a second connection, never by the connection that commits:
 * a checkpoint flushes the database file too, and no save should wait
 * for that as well as for its own commit.
 *
 * Schema: version 0 is the base (saves, tables, hof, bans, presence),
 * created where missing; numbered steps in sq_steps bring a database from
 * the version in PRAGMA user_version to SQ_VERSION in one transaction.
 *
 * A failure keeps SQLite's own message in the per-thread buffer of
 * store_error() (store_why), read by the caller on the same worker thread,
 * so the server can log why and no other call's failure can overwrite it
 * in between.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "store_db.h"
#include "tty.h"

static const store_ops sq_ops;

/* Keep why the last call failed (store_error); called with the lock held
 * so the connection's message is still the one of this call. */
int store_fail(sq_store *st, int rc, const char *what)
{
    snprintf(store_why, sizeof store_why, "%s: %s", what,
             st && st->db ? sqlite3_errmsg(st->db) : "no database");
    return rc;
}

void store_ok(void)
{
    store_why[0] = 0;
}

int sq_begin(sq_store *st, const char *what)
{
    if (sqlite3_exec(st->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) ==
        SQLITE_OK)
        return TTY_OK;
    return store_fail(st, TTY_FAILED, what);
}

int sq_end(sq_store *st, int ok, int failed, const char *what)
{
    if (ok && sqlite3_exec(st->db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK) {
        store_ok();
        return TTY_OK;
    }
    store_fail(st, failed, what);
    sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
    return failed;
}

/* ---- the checkpointer ---------------------------------------------- */

#define SQ_CKPT_PAGES 1000      /* SQLite's own automatic threshold */

/* After every commit on the main connection: the WAL's length in pages. */
static int sq_wal_hook(void *arg, sqlite3 *db, const char *name, int pages)
{
    sq_store *st = arg;
    (void)db;
    (void)name;
    if (pages >= SQ_CKPT_PAGES) {
        pthread_mutex_lock(&st->ckpt_lock);
        st->ckpt_want = 1;
        pthread_cond_signal(&st->ckpt_cond);
        pthread_mutex_unlock(&st->ckpt_lock);
    }
    return SQLITE_OK;
}

/* PASSIVE: copy what no reader still needs, without waiting for anyone;
 * the writer goes on committing meanwhile, and the next commit after a
 * complete checkpoint starts the WAL over. */
static void *sq_ckpt_thread(void *arg)
{
    sq_store *st = arg;
    pthread_mutex_lock(&st->ckpt_lock);
    for (;;) {
        while (!st->ckpt_want && !st->ckpt_stop)
            pthread_cond_wait(&st->ckpt_cond, &st->ckpt_lock);
        if (st->ckpt_stop)
            break;
        st->ckpt_want = 0;
        pthread_mutex_unlock(&st->ckpt_lock);
        sqlite3_wal_checkpoint_v2(st->ckpt_db, "main",
                                  SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
        pthread_mutex_lock(&st->ckpt_lock);
    }
    pthread_mutex_unlock(&st->ckpt_lock);
    return NULL;
}

/* Without its own connection or thread, the main connection checkpoints
 * after its commits, as SQLite does by default. */
static void sq_ckpt_start(sq_store *st, const char *path)
{
    pthread_mutex_init(&st->ckpt_lock, NULL);
    pthread_cond_init(&st->ckpt_cond, NULL);
    if (sqlite3_open_v2(path, &st->ckpt_db,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX,
                        NULL) != SQLITE_OK ||
        sqlite3_exec(st->ckpt_db, "PRAGMA synchronous=FULL", NULL, NULL,
                     NULL) != SQLITE_OK ||
        pthread_create(&st->ckpt, NULL, sq_ckpt_thread, st) != 0) {
        sqlite3_close(st->ckpt_db);
        st->ckpt_db = NULL;
        return;
    }
    st->ckpt_running = 1;
    sqlite3_wal_autocheckpoint(st->db, 0);
    sqlite3_wal_hook(st->db, sq_wal_hook, st);
}

static void sq_ckpt_stop(sq_store *st)
{
    if (st->ckpt_running) {
        pthread_mutex_lock(&st->ckpt_lock);
        st->ckpt_stop = 1;
        pthread_cond_signal(&st->ckpt_cond);
        pthread_mutex_unlock(&st->ckpt_lock);
        pthread_join(st->ckpt, NULL);
        sqlite3_wal_hook(st->db, NULL, NULL);
    }
    sqlite3_close(st->ckpt_db);
    pthread_mutex_destroy(&st->ckpt_lock);
    pthread_cond_destroy(&st->ckpt_cond);
}

static void sq_set_wait(store *base, int ms)
{
    sqlite3_busy_timeout(((sq_store *)base)->db, ms);
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
    "  range TEXT PRIMARY KEY, reason TEXT NOT NULL, at INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS presence("
    "  server TEXT NOT NULL, name TEXT NOT NULL, game TEXT NOT NULL,"
    "  since INTEGER NOT NULL, seen INTEGER NOT NULL);"
    "CREATE INDEX IF NOT EXISTS presence_server ON presence(server);";

/* The numbered migrations: sq_steps[k] takes version k - 1 to k.  Version
 * 0 is the base above (sq_steps[0] stands for it); a later change to the
 * schema is a new step at the end here and in store_pg.c, never an edit of
 * an old one. */
static const char *const sq_steps[] = {
    NULL,
    /* 1: accounts; an owner, a partner and a note on every save; an
     * account on every hall of fame entry */
    "CREATE TABLE accounts("
    "  key TEXT PRIMARY KEY, name TEXT NOT NULL, hash TEXT NOT NULL,"
    "  created INTEGER NOT NULL);"
    "ALTER TABLE saves ADD COLUMN owner TEXT;"
    "ALTER TABLE saves ADD COLUMN note TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE saves ADD COLUMN partner TEXT;"
    "CREATE INDEX saves_owner ON saves(owner, saved);"
    "ALTER TABLE hof ADD COLUMN account TEXT;",
    /* 2: an account's SSH public keys */
    "CREATE TABLE ssh_keys("
    "  id INTEGER PRIMARY KEY, account TEXT NOT NULL, type TEXT NOT NULL,"
    "  blob TEXT NOT NULL, comment TEXT NOT NULL DEFAULT '',"
    "  added INTEGER NOT NULL, UNIQUE(account, type, blob));",
    /* 3: the recordings' index (IF NOT EXISTS: servers of version 2 made
     * it on first use) */
    "CREATE TABLE IF NOT EXISTS recordings("
    "  id INTEGER PRIMARY KEY, file TEXT NOT NULL, player TEXT NOT NULL,"
    "  game TEXT NOT NULL, term TEXT NOT NULL, width INTEGER NOT NULL,"
    "  height INTEGER NOT NULL, start INTEGER NOT NULL,"
    "  duration_ms INTEGER NOT NULL, size INTEGER NOT NULL,"
    "  result TEXT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS recordings_player ON recordings(player);",
    /* 4: a player's choice not to be watched, kept with the account */
    "ALTER TABLE accounts ADD COLUMN nowatch INTEGER NOT NULL DEFAULT 0;",
    /* 5: the two-player lobby shared by servers on one PostgreSQL; made
     * here too so that a version names the same tables, though one server
     * on SQLite keeps its lobby in memory (store_lobby_meet says so) */
    "CREATE TABLE lobby("
    "  id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE,"
    "  server TEXT NOT NULL, session INTEGER NOT NULL, seen INTEGER NOT NULL);",
    /* 6: the limits' counts: slot k of a key is its k-th event in force,
     * so a key holds at most max rows (store_limit.c) */
    "CREATE TABLE limits("
    "  kind TEXT NOT NULL, key TEXT NOT NULL, slot INTEGER NOT NULL,"
    "  until INTEGER NOT NULL, PRIMARY KEY(kind, key, slot));"
    "CREATE INDEX limits_until ON limits(until);",
    /* 7: what players keep about each other (store_people.c): an
     * account's settings, messages, the names it blocks, ratings and the
     * results they came from, and when it was last seen */
    "CREATE TABLE settings("
    "  account TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,"
    "  PRIMARY KEY(account, key));"
    "CREATE TABLE messages("
    "  id INTEGER PRIMARY KEY, recipient TEXT NOT NULL, sender TEXT NOT NULL,"
    "  sender_acct TEXT NOT NULL, body TEXT NOT NULL, sent INTEGER NOT NULL,"
    "  seen INTEGER NOT NULL DEFAULT 0);"
    "CREATE INDEX messages_recipient ON messages(recipient, id);"
    "CREATE TABLE blocks("
    "  account TEXT NOT NULL, blocked TEXT NOT NULL,"
    "  PRIMARY KEY(account, blocked));"
    "CREATE TABLE ratings("
    "  account TEXT NOT NULL, game TEXT NOT NULL, rating REAL NOT NULL,"
    "  experience INTEGER NOT NULL, played INTEGER NOT NULL,"
    "  won INTEGER NOT NULL, PRIMARY KEY(account, game));"
    "CREATE TABLE results("
    "  id INTEGER PRIMARY KEY, game TEXT NOT NULL, winner TEXT NOT NULL,"
    "  loser TEXT NOT NULL, length INTEGER NOT NULL, how TEXT NOT NULL,"
    "  at INTEGER NOT NULL);"
    "CREATE INDEX results_winner ON results(winner, at);"
    "CREATE INDEX results_loser ON results(loser, at);"
    "ALTER TABLE accounts ADD COLUMN seen INTEGER NOT NULL DEFAULT 0;",
    /* 8: a recording made while its player forbade watching, which the
     * public lists leave out */
    "ALTER TABLE recordings ADD COLUMN nowatch INTEGER NOT NULL DEFAULT 0;",
};
#define SQ_VERSION ((int)(sizeof sq_steps / sizeof sq_steps[0]) - 1)
_Static_assert(sizeof sq_steps / sizeof sq_steps[0] - 1 ==
                   STORE_SCHEMA_VERSION,
               "a migration step for every schema version");

static int sq_user_version(sqlite3 *db)
{
    sqlite3_stmt *stmt;
    int v = -1;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &stmt, NULL) ==
        SQLITE_OK) {
        if (sqlite3_step(stmt) == SQLITE_ROW)
            v = sqlite3_column_int(stmt, 0);
        sqlite3_finalize(stmt);
    }
    return v;
}

/* IMMEDIATE: two servers opening an old database at once migrate it once;
 * the second sees the new version when it gets the lock. */
static int sq_migrate(sqlite3 *db, char *err, size_t errlen)
{
    char *msg = NULL;
    if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, &msg) != SQLITE_OK)
        goto fail;
    int v = sq_user_version(db);
    if (v < 0 || v > SQ_VERSION) {
        sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
        snprintf(err, errlen, "database schema version %d is not one this "
                 "ttyarcade knows (up to %d)", v, SQ_VERSION);
        return -1;
    }
    for (; v < SQ_VERSION; v++) {
        char bump[48];
        snprintf(bump, sizeof bump, "PRAGMA user_version = %d", v + 1);
        if (sqlite3_exec(db, sq_steps[v + 1], NULL, NULL, &msg) != SQLITE_OK ||
            sqlite3_exec(db, bump, NULL, NULL, &msg) != SQLITE_OK) {
            sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
            goto fail;
        }
    }
    if (sqlite3_exec(db, "COMMIT", NULL, NULL, &msg) == SQLITE_OK)
        return 0;
    sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
fail:
    snprintf(err, errlen, "migrating the database: %s",
             msg ? msg : sqlite3_errmsg(db));
    sqlite3_free(msg);
    return -1;
}

/* A committed write: the directory takes the WAL and the file takes a
 * change, or the server should not start. */
static const char store_probe[] =
    "BEGIN IMMEDIATE;"
    "INSERT OR REPLACE INTO tables(name, data) VALUES('.probe', x'00');"
    "DELETE FROM tables WHERE name = '.probe';"
    "COMMIT;";

int store_sqlite_open(store **out, const char *dir, char *err,
                      size_t errlen)
{
    char path[4096];
    /* It holds password hashes and every resume code: the owner's alone,
     * whatever the umask (mkdir's and open's modes only lose bits to it). */
    if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
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
    sq_store *st = calloc(1, sizeof *st);
    if (!st) {
        snprintf(err, errlen, "out of memory");
        return TTY_NOMEM;
    }
    st->base.ops = &sq_ops;
    const char *step = "cannot open";
    char *msg = NULL;
    /* Made here, 0600, before SQLite makes it with the umask's mode; its
     * WAL and shared-memory files take the database file's mode. */
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0)
        close(fd);
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
    if (sq_migrate(st->db, err, errlen) != 0) {
        sqlite3_close(st->db);
        free(st);
        return STORE_ERROR;
    }
    pthread_mutex_init(&st->lock, NULL);
    sq_ckpt_start(st, path);
    *out = &st->base;
    return TTY_OK;
fail:
    snprintf(err, errlen, "%s the database %s: %s", step, path,
             msg ? msg : st->db ? sqlite3_errmsg(st->db) : "out of memory");
    sqlite3_free(msg);
    sqlite3_close(st->db);
    free(st);
    return TTY_FAILED;
}

static void sq_close(store *base)
{
    sq_store *st = (sq_store *)base;
    sq_ckpt_stop(st);
    sqlite3_close(st->db);      /* the last connection checkpoints all */
    pthread_mutex_destroy(&st->lock);
    free(st);
}

/* Run one statement with text/blob parameters under the lock.
 * fmt: one letter per parameter: t text, b blob (pointer + size_t), i long. */
int sq_exec(store *base, const char *sql, const char *fmt, ...)
{
    sq_store *st = (sq_store *)base;
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
            const char *t = va_arg(ap, const char *);
            if (t)
                sqlite3_bind_text(stmt, i + 1, t, -1, SQLITE_TRANSIENT);
            else
                sqlite3_bind_null(stmt, i + 1);
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

static int sq_save(store *base, const char *code, const char *game,
                   const void *data, size_t len, int fresh)
{
    return sq_exec(base,
                   fresh ? "INSERT INTO saves(code, game, data, saved) "
                           "VALUES(?, ?, ?, ?)"
                         : "INSERT OR REPLACE INTO saves(code, game, data, "
                           "saved) VALUES(?, ?, ?, ?)",
                   "ttbi", code, game, data, len, (long)time(NULL));
}

static int sq_forget(store *base, const char *code)
{
    return sq_exec(base, "DELETE FROM saves WHERE code = ?", "t", code);
}

static int sq_table_put(store *base, const char *name, const void *data,
                    size_t len)
{
    return sq_exec(base,
                      "INSERT OR REPLACE INTO tables(name, data) VALUES(?, ?)",
                      "tb", name, data, len);
}

static int sq_hof_add(store *base, const char *game, const char *metric,
                  const char *name, long value, const char *detail)
{
    return sq_exec(base,
                      "INSERT INTO hof(game, metric, name, value, detail, at) "
                      "VALUES(?, ?, ?, ?, ?, ?)",
                      "tttiti", game, metric, name, value,
                      detail ? detail : "", (long)time(NULL));
}

/* Copy a blob column into a malloc'd buffer. */
static int sq_blob(sqlite3_stmt *stmt, int col, void **data, size_t *len)
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

static int sq_load(store *base, const char *code, char *game, size_t game_size,
               void **data, size_t *len)
{
    sq_store *st = (sq_store *)base;
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
            rc = sq_blob(stmt, 1, data, len);
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

static int sq_table_get(store *base, const char *name, void **data, size_t *len)
{
    sq_store *st = (sq_store *)base;
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
            rc = sq_blob(stmt, 0, data, len);
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

static int sq_table_update(store *base, const char *name,
                       void (*fn)(void *arg, const void *old, size_t oldlen,
                                  void **out, size_t *outlen),
                       void *arg)
{
    sq_store *st = (sq_store *)base;
    sqlite3_stmt *get = NULL, *put = NULL;
    int rc = TTY_FAILED;
    void *out = NULL;
    size_t outlen = 0;
    int ok = 0;
    pthread_mutex_lock(&st->lock);
    /* The write lock first: no other process can change the table
     * between our read and our write. */
    if (sq_begin(st, "begin") != TTY_OK)
        goto out;
    if (sqlite3_prepare_v2(st->db, "SELECT data FROM tables WHERE name = ?",
                           -1, &get, NULL) != SQLITE_OK)
        goto end;
    sqlite3_bind_text(get, 1, name, -1, SQLITE_TRANSIENT);
    int s = sqlite3_step(get);
    if (s == SQLITE_ROW)
        fn(arg, sqlite3_column_blob(get, 0),
           (size_t)sqlite3_column_bytes(get, 0), &out, &outlen);
    else if (s == SQLITE_DONE)
        fn(arg, NULL, 0, &out, &outlen);
    else
        goto end;
    if (out) {
        if (sqlite3_prepare_v2(st->db,
                               "INSERT OR REPLACE INTO tables(name, data) "
                               "VALUES(?, ?)", -1, &put, NULL) != SQLITE_OK)
            goto end;
        sqlite3_bind_text(put, 1, name, -1, SQLITE_TRANSIENT);
        sqlite3_bind_blob64(put, 2, out, outlen, SQLITE_TRANSIENT);
        if (sqlite3_step(put) != SQLITE_DONE)
            goto end;
    }
    ok = 1;
end:
    rc = sq_end(st, ok, rc, "update");
out:
    sqlite3_finalize(get);
    sqlite3_finalize(put);
    free(out);
    pthread_mutex_unlock(&st->lock);
    return rc;
}

static int sq_hof_top(store *base, const char *game, const char *metric, int rank,
                  store_hof_row *rows, int n)
{
    sq_store *st = (sq_store *)base;
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

static int sq_ban_add(store *base, const char *range, const char *reason)
{
    return sq_exec(base,
                      "INSERT OR REPLACE INTO bans(range, reason, at) "
                      "VALUES(?, ?, ?)",
                      "tti", range, reason, (long)time(NULL));
}

static int sq_ban_remove(store *base, const char *range)
{
    return sq_exec(base, "DELETE FROM bans WHERE range = ?", "t", range);
}

static int sq_ban_get(store *base, const char *range, char *reason,
                      size_t size, long *at)
{
    sq_store *st = (sq_store *)base;
    sqlite3_stmt *stmt;
    int rc = STORE_ERROR;
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db,
                           "SELECT reason, at FROM bans WHERE range = ?", -1,
                           &stmt, NULL) == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, range, -1, SQLITE_TRANSIENT);
        int s = sqlite3_step(stmt);
        if (s == SQLITE_ROW) {
            const char *why = (const char *)sqlite3_column_text(stmt, 0);
            snprintf(reason, size, "%s", why ? why : "");
            *at = (long)sqlite3_column_int64(stmt, 1);
            rc = STORE_OK;
        } else if (s == SQLITE_DONE) {
            rc = STORE_NOTFOUND;
        }
        sqlite3_finalize(stmt);
    }
    if (rc == STORE_ERROR)
        store_fail(st, rc, "read");
    else
        store_ok();
    pthread_mutex_unlock(&st->lock);
    return rc;
}

static int sq_ban_list(store *base,
                   void (*fn)(void *arg, const char *range,
                              const char *reason, long at),
                   void *arg)
{
    sq_store *st = (sq_store *)base;
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
        if (s == SQLITE_DONE) {
            store_ok();
            rc = STORE_OK;
        } else {
            rc = store_fail(st, STORE_ERROR, "read");
        }
        sqlite3_finalize(stmt);
    }
    pthread_mutex_unlock(&st->lock);
    return rc;
}

static int sq_schema_version(store *base)
{
    sq_store *st = (sq_store *)base;
    pthread_mutex_lock(&st->lock);
    int v = sq_user_version(st->db);
    pthread_mutex_unlock(&st->lock);
    return v;
}

/* ---- presence ---------------------------------------------------------- */

static int sq_presence_sync(store *base, const char *server,
                            const store_presence_row *rows, int n, long now,
                            long expire)
{
    sq_store *st = (sq_store *)base;
    sqlite3_stmt *del = NULL, *ins = NULL, *old = NULL;
    int rc = STORE_ERROR, ok = 0;
    pthread_mutex_lock(&st->lock);
    if (sq_begin(st, "begin") != TTY_OK)
        goto out;
    if (sqlite3_prepare_v2(st->db, "DELETE FROM presence WHERE server = ?",
                           -1, &del, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(st->db, "DELETE FROM presence WHERE seen < ?", -1,
                           &old, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(st->db,
                           "INSERT INTO presence(server, name, game, since, "
                           "seen) VALUES(?, ?, ?, ?, ?)", -1, &ins,
                           NULL) != SQLITE_OK)
        goto end;
    sqlite3_bind_text(del, 1, server, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(old, 1, now - expire);
    if (sqlite3_step(del) != SQLITE_DONE || sqlite3_step(old) != SQLITE_DONE)
        goto end;
    for (int i = 0; i < n; i++) {
        sqlite3_reset(ins);
        sqlite3_bind_text(ins, 1, server, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(ins, 2, rows[i].name, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(ins, 3, rows[i].game, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(ins, 4, rows[i].since);
        sqlite3_bind_int64(ins, 5, now);
        if (sqlite3_step(ins) != SQLITE_DONE)
            goto end;
    }
    ok = 1;
end:
    rc = sq_end(st, ok, rc, "presence");
out:
    sqlite3_finalize(del);
    sqlite3_finalize(old);
    sqlite3_finalize(ins);
    pthread_mutex_unlock(&st->lock);
    return rc;
}

static int sq_presence_list(store *base, const char *except, long since,
                            store_presence_fn fn, void *arg)
{
    sq_store *st = (sq_store *)base;
    sqlite3_stmt *stmt;
    int count = STORE_ERROR;
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db,
                           "SELECT server, name, game, since, seen FROM "
                           "presence WHERE server <> ? AND seen >= ? "
                           "ORDER BY server, name", -1, &stmt,
                           NULL) == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, except ? except : "", -1,
                          SQLITE_TRANSIENT);
        sqlite3_bind_int64(stmt, 2, since);
        int s;
        count = 0;
        while ((s = sqlite3_step(stmt)) == SQLITE_ROW) {
            store_presence_row r;
            snprintf(r.server, sizeof r.server, "%s",
                     (const char *)sqlite3_column_text(stmt, 0));
            snprintf(r.name, sizeof r.name, "%s",
                     (const char *)sqlite3_column_text(stmt, 1));
            snprintf(r.game, sizeof r.game, "%s",
                     (const char *)sqlite3_column_text(stmt, 2));
            r.since = (long)sqlite3_column_int64(stmt, 3);
            r.seen = (long)sqlite3_column_int64(stmt, 4);
            fn(arg, &r);
            count++;
        }
        if (s != SQLITE_DONE)
            count = store_fail(st, STORE_ERROR, "read");
        else
            store_ok();
        sqlite3_finalize(stmt);
    }
    pthread_mutex_unlock(&st->lock);
    return count;
}

static const store_ops sq_ops = {
    .name = "sqlite",
    .close = sq_close,
    .set_wait = sq_set_wait,
    .schema_version = sq_schema_version,
    .save = sq_save,
    .load = sq_load,
    .forget = sq_forget,
    .table_get = sq_table_get,
    .table_put = sq_table_put,
    .table_update = sq_table_update,
    .hof_add = sq_hof_add,
    .hof_top = sq_hof_top,
    .ban_add = sq_ban_add,
    .ban_remove = sq_ban_remove,
    .ban_list = sq_ban_list,
    .ban_get = sq_ban_get,
    .acct_add = sq_acct_add,
    .acct_get = sq_acct_get,
    .acct_set_hash = sq_acct_set_hash,
    .acct_nowatch = sq_acct_nowatch,
    .acct_set_nowatch = sq_acct_set_nowatch,
    .acct_delete = sq_acct_delete,
    .acct_list = sq_acct_list,
    .save_owned = sq_save_owned,
    .write_group = sq_write_group,
    .load_owned = sq_load_owned,
    .saves_of = sq_saves_of,
    .forget_owned = sq_forget_owned,
    .hof_add_acct = sq_hof_add_acct,
    .hof_board = sq_hof_board,
    .key_add = sq_key_add,
    .key_list = sq_key_list,
    .key_delete = sq_key_delete,
    .key_has = sq_key_has,
    .rec_add = sq_rec_add,
    .rec_finish = sq_rec_finish,
    .rec_get = sq_rec_get,
    .rec_list = sq_rec_list,
    .rec_remove = sq_rec_remove,
    .rec_best = sq_rec_best,
    .presence_sync = sq_presence_sync,
    .presence_list = sq_presence_list,
    .limit_add = sq_limit_add,
    .limit_count = sq_limit_count,
    .limit_clear = sq_limit_clear,
    .sql_rows = sq_sql_rows,
    .sql_batch = sq_sql_batch,
};
