/*
 * store_pg.c - the PostgreSQL backend, through libpq: the store that
 * several servers share.
 *
 * Connections (store_pg_conn.c): a pool of PG_POOL, each used by one
 * worker thread at a time.  A connection that breaks (the database
 * restarted, the network dropped) is closed, the call that found it broken
 * fails with STORE_ERROR (the game says the save failed and goes on), and
 * the next call opens a new one.  A call that meets a connection which
 * died while it sat idle in the pool tries once more on a fresh one, so a
 * restart of PostgreSQL between two moves costs the player nothing.
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

/* Advisory lock keys (first half): 7410 migrations, 7411 the tables. */
#define PG_LOCK_SCHEMA 7410

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
    /* 1: accounts; an owner, a partner and a note on every save (seq
     * orders an account's saves as SQLite's rowid does); an account on
     * every hall of fame entry */
    "CREATE TABLE accounts("
    "  key TEXT PRIMARY KEY, name TEXT NOT NULL, hash TEXT NOT NULL,"
    "  created BIGINT NOT NULL);"
    "ALTER TABLE saves ADD COLUMN owner TEXT;"
    "ALTER TABLE saves ADD COLUMN note TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE saves ADD COLUMN partner TEXT;"
    "ALTER TABLE saves ADD COLUMN seq BIGSERIAL;"
    "CREATE INDEX saves_owner ON saves(owner, saved);"
    "ALTER TABLE hof ADD COLUMN account TEXT;",
    /* 2: an account's SSH public keys */
    "CREATE TABLE ssh_keys("
    "  id BIGSERIAL PRIMARY KEY, account TEXT NOT NULL, type TEXT NOT NULL,"
    "  blob TEXT NOT NULL, comment TEXT NOT NULL DEFAULT '',"
    "  added BIGINT NOT NULL, UNIQUE(account, type, blob));",
    /* 3: the recordings' index */
    "CREATE TABLE IF NOT EXISTS recordings("
    "  id BIGSERIAL PRIMARY KEY, file TEXT NOT NULL, player TEXT NOT NULL,"
    "  game TEXT NOT NULL, term TEXT NOT NULL, width INTEGER NOT NULL,"
    "  height INTEGER NOT NULL, start BIGINT NOT NULL,"
    "  duration_ms BIGINT NOT NULL, size BIGINT NOT NULL,"
    "  result TEXT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS recordings_player ON recordings(player);",
    /* 4: a player's choice not to be watched, kept with the account */
    "ALTER TABLE accounts ADD COLUMN nowatch INTEGER NOT NULL DEFAULT 0;",
    /* 5: the two-player lobby every server shares: at most one seat per
     * key (a second player to ask pairs with the first) */
    "CREATE TABLE lobby("
    "  id BIGSERIAL PRIMARY KEY, key TEXT NOT NULL UNIQUE,"
    "  server TEXT NOT NULL, session BIGINT NOT NULL, seen BIGINT NOT NULL);",
    /* 6: the limits' counts: slot k of a key is its k-th event in force,
     * so a key holds at most max rows (store_pg_limit.c) */
    "CREATE TABLE limits("
    "  kind TEXT NOT NULL, key TEXT NOT NULL, slot INTEGER NOT NULL,"
    "  until BIGINT NOT NULL, PRIMARY KEY(kind, key, slot));"
    "CREATE INDEX limits_until ON limits(until);",
    /* 7: what players keep about each other (store_people.c) */
    "CREATE TABLE settings("
    "  account TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,"
    "  PRIMARY KEY(account, key));"
    "CREATE TABLE messages("
    "  id BIGSERIAL PRIMARY KEY, recipient TEXT NOT NULL,"
    "  sender TEXT NOT NULL, sender_acct TEXT NOT NULL, body TEXT NOT NULL,"
    "  sent BIGINT NOT NULL, seen INTEGER NOT NULL DEFAULT 0);"
    "CREATE INDEX messages_recipient ON messages(recipient, id);"
    "CREATE TABLE blocks("
    "  account TEXT NOT NULL, blocked TEXT NOT NULL,"
    "  PRIMARY KEY(account, blocked));"
    "CREATE TABLE ratings("
    "  account TEXT NOT NULL, game TEXT NOT NULL,"
    "  rating DOUBLE PRECISION NOT NULL, experience INTEGER NOT NULL,"
    "  played INTEGER NOT NULL, won INTEGER NOT NULL,"
    "  PRIMARY KEY(account, game));"
    "CREATE TABLE results("
    "  id BIGSERIAL PRIMARY KEY, game TEXT NOT NULL, winner TEXT NOT NULL,"
    "  loser TEXT NOT NULL, length INTEGER NOT NULL, how TEXT NOT NULL,"
    "  at BIGINT NOT NULL);"
    "CREATE INDEX results_winner ON results(winner, at);"
    "CREATE INDEX results_loser ON results(loser, at);"
    "ALTER TABLE accounts ADD COLUMN seen BIGINT NOT NULL DEFAULT 0;",
    /* 8: a recording made while its player forbade watching */
    "ALTER TABLE recordings ADD COLUMN nowatch INTEGER NOT NULL DEFAULT 0;",
};
#define PG_VERSION ((int)(sizeof pg_steps / sizeof pg_steps[0]) - 1)
_Static_assert(sizeof pg_steps / sizeof pg_steps[0] - 1 ==
                   STORE_SCHEMA_VERSION,
               "a migration step for every schema version");

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
    .ban_get = pg_ban_get,
    .acct_add = pg_acct_add,
    .acct_get = pg_acct_get,
    .acct_set_hash = pg_acct_set_hash,
    .acct_nowatch = pg_acct_nowatch,
    .acct_set_nowatch = pg_acct_set_nowatch,
    .acct_delete = pg_acct_delete,
    .acct_list = pg_acct_list,
    .save_owned = pg_save_owned,
    .write_group = pg_write_group,
    .load_owned = pg_load_owned,
    .saves_of = pg_saves_of,
    .forget_owned = pg_forget_owned,
    .hof_add_acct = pg_hof_add_acct,
    .hof_board = pg_hof_board,
    .key_add = pg_key_add,
    .key_list = pg_key_list,
    .key_delete = pg_key_delete,
    .key_has = pg_key_has,
    .rec_add = pg_rec_add,
    .rec_finish = pg_rec_finish,
    .rec_get = pg_rec_get,
    .rec_list = pg_rec_list,
    .rec_remove = pg_rec_remove,
    .rec_best = pg_rec_best,
    .presence_sync = pg_presence_sync,
    .presence_list = pg_presence_list,
    .lobby_meet = pg_lobby_meet,
    .lobby_leave = pg_lobby_leave,
    .lobby_beat = pg_lobby_beat,
    .uri = pg_uri,
    .limit_add = pg_limit_add,
    .limit_count = pg_limit_count,
    .limit_clear = pg_limit_clear,
    .sql_rows = pg_sql_rows,
    .sql_batch = pg_sql_batch,
};
