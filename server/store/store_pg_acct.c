/*
 * store_pg_acct.c - accounts, saves that belong to an account, hall of
 * fame entries signed by one, and an account's SSH keys, on PostgreSQL:
 * the same calls as the SQLite backend's store_acct.c and store_key.c, on
 * the tables of schema versions 1 and 2.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store_pg.h"
#include "tty.h"

int pg_acct_add(store *base, const char *key, const char *name,
                const char *hash)
{
    return pg_change((pg_store *)base,
                     "INSERT INTO accounts(key, name, hash, created) "
                     "VALUES($1, $2, $3, $4)",
                     "ttti", key, name, hash, (long)time(NULL));
}

int pg_acct_get(store *base, const char *key, char name[STORE_NAME_SIZE],
                char hash[STORE_HASH_SIZE])
{
    PGresult *r = pg_query((pg_store *)base, 0,
                           "SELECT name, hash FROM accounts WHERE key = $1",
                           "t", key);
    int rc = STORE_ERROR;
    if (pg_ok(r)) {
        rc = PQntuples(r) ? STORE_OK : STORE_NOTFOUND;
        if (rc == STORE_OK && name)
            pg_copy(name, STORE_NAME_SIZE, r, 0, 0);
        if (rc == STORE_OK && hash)
            pg_copy(hash, STORE_HASH_SIZE, r, 0, 1);
    }
    PQclear(r);
    return rc;
}

int pg_acct_set_hash(store *base, const char *key, const char *hash)
{
    return pg_change((pg_store *)base,
                     "UPDATE accounts SET hash = $1 WHERE key = $2", "tt",
                     hash, key);
}

int pg_acct_nowatch(store *base, const char *key)
{
    PGresult *r = pg_query((pg_store *)base, 0,
                           "SELECT nowatch FROM accounts WHERE key = $1",
                           "t", key);
    int rc = STORE_ERROR;
    if (pg_ok(r))
        rc = PQntuples(r) ? strcmp(PQgetvalue(r, 0, 0), "0") != 0
                          : STORE_NOTFOUND;
    PQclear(r);
    return rc;
}

int pg_acct_set_nowatch(store *base, const char *key, int nowatch)
{
    return pg_change((pg_store *)base,
                     "UPDATE accounts SET nowatch = $1 WHERE key = $2", "it",
                     (long)(nowatch != 0), key);
}

int pg_acct_delete(store *base, const char *key)
{
    /* One statement, so one transaction: the account, the saves it owns,
     * its place as a partner and its signature on the hall of fame go
     * together, and only if the account was there. */
    PGresult *r = pg_query(
        (pg_store *)base, 0,
        "WITH a AS (DELETE FROM accounts WHERE key = $1 RETURNING key), "
        "s AS (DELETE FROM saves WHERE owner = $1 "
        "      AND EXISTS (SELECT 1 FROM a)), "
        "p AS (UPDATE saves SET partner = NULL WHERE partner = $1 "
        "      AND owner IS DISTINCT FROM $1 AND EXISTS (SELECT 1 FROM a)), "
        "h AS (UPDATE hof SET account = NULL WHERE account = $1 "
        "      AND EXISTS (SELECT 1 FROM a)), "
        "k AS (DELETE FROM ssh_keys WHERE account = $1 "
        "      AND EXISTS (SELECT 1 FROM a)) "
        "SELECT count(*) FROM a", "t", key);
    int rc = STORE_ERROR;
    if (pg_ok(r) && PQntuples(r))
        rc = atoi(PQgetvalue(r, 0, 0)) ? STORE_OK : STORE_NOTFOUND;
    PQclear(r);
    return rc;
}

int pg_acct_list(store *base, void (*fn)(void *arg, const store_acct_row *r),
                 void *arg)
{
    PGresult *r = pg_query((pg_store *)base, 0,
                           "SELECT a.name, a.created, (SELECT count(*) FROM "
                           "saves s WHERE s.owner = a.key) FROM accounts a "
                           "ORDER BY a.key", "");
    int count = STORE_ERROR;
    if (pg_ok(r)) {
        for (count = 0; count < PQntuples(r); count++) {
            store_acct_row row;
            pg_copy(row.name, sizeof row.name, r, count, 0);
            row.created = strtol(PQgetvalue(r, count, 1), NULL, 10);
            row.saves = atoi(PQgetvalue(r, count, 2));
            fn(arg, &row);
        }
    }
    PQclear(r);
    return count;
}

/* A save under a new code (no row when the code is taken: a group's
 * transaction goes on), or over an old one, keeping the owner, partner
 * and note a save has where these are NULL or empty. */
static const char pg_save_fresh[] =
    "INSERT INTO saves(code, game, data, saved, owner, partner, note) "
    "VALUES($1, $2, $3, $4, $5, $6, $7) ON CONFLICT(code) DO NOTHING";
static const char pg_save_over[] =
    "INSERT INTO saves(code, game, data, saved, owner, partner, note) "
    "VALUES($1, $2, $3, $4, $5, $6, $7) "
    "ON CONFLICT(code) DO UPDATE SET game = $2, data = $3, "
    "saved = $4, owner = COALESCE($5, saves.owner), "
    "partner = COALESCE($6, saves.partner), "
    "note = CASE WHEN $7 = '' THEN saves.note ELSE $7 END";

int pg_save_owned(store *base, const char *code, const char *game,
                  const void *data, size_t len, const char *owner,
                  const char *partner, const char *note, int fresh)
{
    int rc = pg_change((pg_store *)base, fresh ? pg_save_fresh : pg_save_over,
                       "ttbittt", code, game, data, len, (long)time(NULL),
                       owner, partner, note ? note : "");
    /* fresh, and no row inserted: the code is taken */
    return fresh && rc == STORE_NOTFOUND ? STORE_EXISTS : rc;
}

static const char pg_forget_sql[] = "DELETE FROM saves WHERE code = $1";
static const char pg_hof_sql[] =
    "INSERT INTO hof(game, metric, name, value, detail, at, account) "
    "VALUES($1, $2, $3, $4, $5, $6, $7)";

typedef struct pg_group {
    store_write **w;
    long now;
} pg_group;

static const char *pg_group_stmt(void *arg, int i, pg_params *p)
{
    pg_group *g = arg;
    const store_write *w = g->w[i];
    switch (w->kind) {
    case STORE_WRITE_FORGET:
        pg_params_of(p, "t", w->code);
        return pg_forget_sql;
    case STORE_WRITE_HOF:
        pg_params_of(p, "tttitit", w->game, w->metric, w->name, w->value,
                     w->detail ? w->detail : "", g->now, w->owner);
        return pg_hof_sql;
    default:
        pg_params_of(p, "ttbittt", w->code, w->game, w->data, w->len,
                     g->now, w->owner, w->partner, w->note ? w->note : "");
        return w->fresh ? pg_save_fresh : pg_save_over;
    }
}

/* The writes of a group in one transaction, sent in one pipeline: one
 * round trip and one flush of PostgreSQL's log for all of them. */
int pg_write_group(store *base, store_write *first)
{
    int n = 0;
    for (store_write *w = first; w; w = w->next)
        n++;
    pg_group g = { calloc((size_t)n, sizeof *g.w), (long)time(NULL) };
    int *rcs = calloc((size_t)n, sizeof *rcs);
    if (!g.w || !rcs) {
        free(g.w);
        free(rcs);
        snprintf(store_why, sizeof store_why, "write: out of memory");
        return TTY_NOMEM;
    }
    n = 0;
    for (store_write *w = first; w; w = w->next)
        g.w[n++] = w;
    int rc = pg_pipeline((pg_store *)base, n, pg_group_stmt, &g, rcs);
    for (int i = 0; rc == STORE_OK && i < n; i++) {
        int fresh = g.w[i]->kind == STORE_WRITE_SAVE && g.w[i]->fresh;
        g.w[i]->rc = fresh && rcs[i] == STORE_NOTFOUND ? STORE_EXISTS
                                                        : rcs[i];
    }
    free(g.w);
    free(rcs);
    return rc;
}

int pg_load_owned(store *base, const char *code, char *game,
                  size_t game_size, void **data, size_t *len,
                  char owner[STORE_NAME_SIZE], char partner[STORE_NAME_SIZE])
{
    /* binary: the bytea as its bytes; text columns are their bytes too */
    PGresult *r = pg_query((pg_store *)base, 1,
                           "SELECT game, data, coalesce(owner, ''), "
                           "coalesce(partner, '') FROM saves WHERE code = $1",
                           "t", code);
    int rc = STORE_ERROR;
    if (pg_ok(r) && PQntuples(r) == 0) {
        rc = STORE_NOTFOUND;
    } else if (pg_ok(r)) {
        pg_copy(game, game_size, r, 0, 0);
        pg_copy(owner, STORE_NAME_SIZE, r, 0, 2);
        if (partner)
            pg_copy(partner, STORE_NAME_SIZE, r, 0, 3);
        rc = pg_blob(r, 1, data, len);
    }
    PQclear(r);
    return rc;
}

int pg_saves_of(store *base, const char *owner, store_save_row *rows, int n)
{
    PGresult *r = pg_query((pg_store *)base, 0,
                           "SELECT code, game, note, saved FROM saves WHERE "
                           "owner = $1 OR partner = $1 "
                           "ORDER BY saved DESC, seq DESC LIMIT $2", "ti",
                           owner, (long)n);
    int count = STORE_ERROR;
    if (pg_ok(r)) {
        for (count = 0; count < n && count < PQntuples(r); count++) {
            store_save_row *row = &rows[count];
            pg_copy(row->code, sizeof row->code, r, count, 0);
            pg_copy(row->game, sizeof row->game, r, count, 1);
            pg_copy(row->note, sizeof row->note, r, count, 2);
            row->saved = strtol(PQgetvalue(r, count, 3), NULL, 10);
        }
    }
    PQclear(r);
    return count;
}

int pg_forget_owned(store *base, const char *code, const char *owner)
{
    return pg_change((pg_store *)base,
                     "DELETE FROM saves WHERE code = $1 AND "
                     "(owner = $2 OR partner = $2)", "tt", code, owner);
}

int pg_hof_add_acct(store *base, const char *game, const char *metric,
                    const char *name, const char *account, long value,
                    const char *detail)
{
    return pg_change((pg_store *)base,
                     "INSERT INTO hof(game, metric, name, value, detail, at, "
                     "account) VALUES($1, $2, $3, $4, $5, $6, $7)",
                     "tttitit", game, metric, name, value,
                     detail ? detail : "", (long)time(NULL), account);
}

int pg_hof_board(store *base, const char *game, const char *metric, int rank,
                 store_hof_entry *rows, int n)
{
    const char *sql;
    switch (rank) {
    case TTY_HOF_MAX:
        sql = "SELECT name, value, detail, account IS NULL FROM hof WHERE "
              "game = $1 AND metric = $2 ORDER BY value DESC, at, id "
              "LIMIT $3";
        break;
    case TTY_HOF_MIN:
        sql = "SELECT name, value, detail, account IS NULL FROM hof WHERE "
              "game = $1 AND metric = $2 ORDER BY value ASC, at, id LIMIT $3";
        break;
    case TTY_HOF_SUM:
        sql = "SELECT MIN(name), SUM(value), '', account IS NULL FROM hof "
              "WHERE game = $1 AND metric = $2 GROUP BY COALESCE(account, "
              "'guest:' || name), account IS NULL ORDER BY 2 DESC, MIN(id) "
              "LIMIT $3";
        break;
    default:
        sql = "SELECT MIN(name), COUNT(*), '', account IS NULL FROM hof "
              "WHERE game = $1 AND metric = $2 GROUP BY COALESCE(account, "
              "'guest:' || name), account IS NULL ORDER BY 2 DESC, MIN(id) "
              "LIMIT $3";
        break;
    }
    PGresult *r = pg_query((pg_store *)base, 0, sql, "tti", game, metric,
                           (long)n);
    int count = STORE_ERROR;
    if (pg_ok(r)) {
        for (count = 0; count < n && count < PQntuples(r); count++) {
            store_hof_entry *e = &rows[count];
            pg_copy(e->name, sizeof e->name, r, count, 0);
            e->value = strtol(PQgetvalue(r, count, 1), NULL, 10);
            pg_copy(e->detail, sizeof e->detail, r, count, 2);
            e->guest = PQgetvalue(r, count, 3)[0] == 't';
        }
    }
    PQclear(r);
    return count;
}

/* ---- SSH keys --------------------------------------------------------- */

int pg_key_add(store *base, const char *account, const char *type,
               const char *blob, const char *comment)
{
    /* The count and the insert in one statement, under a lock on the
     * account's row, so two servers adding keys at once keep the limit. */
    return pg_change((pg_store *)base,
                     "WITH a AS (SELECT key FROM accounts WHERE key = $1 "
                     "FOR UPDATE) "
                     "INSERT INTO ssh_keys(account, type, blob, comment, "
                     "added) SELECT $1, $2, $3, $4, $5 WHERE (SELECT count(*) "
                     "FROM a) >= 0 AND (SELECT count(*) FROM ssh_keys WHERE "
                     "account = $1) < $6",
                     "ttttii", account, type, blob, comment ? comment : "",
                     (long)time(NULL), (long)STORE_KEYS_MAX);
}

int pg_key_list(store *base, const char *account, store_key_row *rows, int n)
{
    PGresult *r = pg_query((pg_store *)base, 0,
                           "SELECT id, type, blob, comment FROM ssh_keys "
                           "WHERE account = $1 ORDER BY id", "t", account);
    int count = STORE_ERROR;
    if (pg_ok(r)) {
        for (count = 0; count < n && count < PQntuples(r); count++) {
            store_key_row *k = &rows[count];
            k->id = strtol(PQgetvalue(r, count, 0), NULL, 10);
            pg_copy(k->type, sizeof k->type, r, count, 1);
            pg_copy(k->blob, sizeof k->blob, r, count, 2);
            pg_copy(k->comment, sizeof k->comment, r, count, 3);
        }
    }
    PQclear(r);
    return count;
}

int pg_key_delete(store *base, const char *account, long id)
{
    return pg_change((pg_store *)base,
                     "DELETE FROM ssh_keys WHERE account = $1 AND id = $2",
                     "ti", account, id);
}

int pg_key_has(store *base, const char *account, const char *type,
               const char *blob)
{
    PGresult *r = pg_query((pg_store *)base, 0,
                           "SELECT 1 FROM ssh_keys WHERE account = $1 AND "
                           "type = $2 AND blob = $3", "ttt", account, type,
                           blob);
    int rc = STORE_ERROR;
    if (pg_ok(r))
        rc = PQntuples(r) ? STORE_OK : STORE_NOTFOUND;
    PQclear(r);
    return rc;
}
