/*
 * store_pg_lists.c - the PostgreSQL backend's lists: the hall of fame,
 * the operator's bans, and who is on each server (presence).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store_pg.h"
#include "tty.h"

/* ---- the hall of fame ---------------------------------------------------- */

int pg_hof_add(store *base, const char *game, const char *metric,
                      const char *name, long value, const char *detail)
{
    return pg_change((pg_store *)base,
                     "INSERT INTO hof(game, metric, name, value, detail, at) "
                     "VALUES($1, $2, $3, $4, $5, $6)",
                     "tttiti", game, metric, name, value, detail,
                     (long)time(NULL));
}

int pg_hof_top(store *base, const char *game, const char *metric,
                      int rank, store_hof_row *rows, int n)
{
    const char *sql;
    switch (rank) {
    case TTY_HOF_MAX:
        sql = "SELECT name, value, detail FROM hof WHERE game = $1 AND "
              "metric = $2 ORDER BY value DESC, at, id LIMIT $3";
        break;
    case TTY_HOF_MIN:
        sql = "SELECT name, value, detail FROM hof WHERE game = $1 AND "
              "metric = $2 ORDER BY value ASC, at, id LIMIT $3";
        break;
    case TTY_HOF_SUM:
        sql = "SELECT name, SUM(value), '' FROM hof WHERE game = $1 AND "
              "metric = $2 GROUP BY name ORDER BY 2 DESC, MIN(id) LIMIT $3";
        break;
    default:
        sql = "SELECT name, COUNT(*), '' FROM hof WHERE game = $1 AND "
              "metric = $2 GROUP BY name ORDER BY 2 DESC, MIN(id) LIMIT $3";
        break;
    }
    PGresult *r = pg_query((pg_store *)base, 0, sql, "tti", game, metric,
                           (long)n);
    int count = STORE_ERROR;
    if (pg_ok(r)) {
        for (count = 0; count < n && count < PQntuples(r); count++) {
            pg_copy(rows[count].name, sizeof rows[count].name, r, count, 0);
            rows[count].value = strtol(PQgetvalue(r, count, 1), NULL, 10);
            pg_copy(rows[count].detail, sizeof rows[count].detail, r, count,
                    2);
        }
    }
    PQclear(r);
    return count;
}

/* ---- bans ------------------------------------------------------------------ */

int pg_ban_add(store *base, const char *range, const char *reason)
{
    return pg_change((pg_store *)base,
                     "INSERT INTO bans(range, reason, at) VALUES($1, $2, $3) "
                     "ON CONFLICT(range) DO UPDATE SET "
                     "reason = EXCLUDED.reason, at = EXCLUDED.at",
                     "tti", range, reason, (long)time(NULL));
}

int pg_ban_remove(store *base, const char *range)
{
    return pg_change((pg_store *)base, "DELETE FROM bans WHERE range = $1",
                     "t", range);
}

int pg_ban_list(store *base, store_ban_fn fn, void *arg)
{
    PGresult *r = pg_query((pg_store *)base, 0,
                           "SELECT range, reason, at FROM bans ORDER BY at",
                           "");
    int rc = STORE_ERROR;
    if (pg_ok(r)) {
        for (int i = 0; i < PQntuples(r); i++)
            fn(arg, PQgetvalue(r, i, 0), PQgetvalue(r, i, 1),
               strtol(PQgetvalue(r, i, 2), NULL, 10));
        rc = STORE_OK;
    }
    PQclear(r);
    return rc;
}

int pg_ban_get(store *base, const char *range, char *reason, size_t size,
               long *at)
{
    PGresult *r = pg_query((pg_store *)base, 0,
                           "SELECT reason, at FROM bans WHERE range = $1",
                           "t", range);
    int rc = STORE_ERROR;
    if (pg_ok(r)) {
        rc = PQntuples(r) ? STORE_OK : STORE_NOTFOUND;
        if (rc == STORE_OK) {
            snprintf(reason, size, "%s", PQgetvalue(r, 0, 0));
            *at = strtol(PQgetvalue(r, 0, 1), NULL, 10);
        }
    }
    PQclear(r);
    return rc;
}

/* ---- presence ------------------------------------------------------------ */

/* Append s to a PostgreSQL array literal as one quoted element. */
static int pg_array_add(char **buf, size_t *len, size_t *cap, const char *s)
{
    size_t need = *len + 2 * strlen(s) + 5;    /* , "" } NUL */
    if (need > *cap) {
        size_t ncap = need * 2;
        char *nb = realloc(*buf, ncap);
        if (!nb)
            return -1;
        *buf = nb;
        *cap = ncap;
    }
    char *p = *buf + *len;
    if (*len > 1)
        *p++ = ',';
    *p++ = '"';
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            *p++ = '\\';
        *p++ = *s;
    }
    *p++ = '"';
    *len = (size_t)(p - *buf);
    return 0;
}

int pg_presence_sync(store *base, const char *server,
                            const store_presence_row *rows, int n, long now,
                            long expire)
{
    /* Three arrays (names, games, start times) make the whole server's
     * list one INSERT, whatever the number of sessions. */
    char *arr[3] = { NULL, NULL, NULL };
    size_t len[3] = { 1, 1, 1 }, cap[3] = { 0, 0, 0 };
    int rc = STORE_ERROR;
    for (int k = 0; k < 3; k++) {
        arr[k] = malloc(cap[k] = 64);
        if (!arr[k])
            goto out;
        arr[k][0] = '{';
    }
    for (int i = 0; i < n; i++) {
        char since[24];
        snprintf(since, sizeof since, "%ld", rows[i].since);
        if (pg_array_add(&arr[0], &len[0], &cap[0], rows[i].name) != 0 ||
            pg_array_add(&arr[1], &len[1], &cap[1], rows[i].game) != 0 ||
            pg_array_add(&arr[2], &len[2], &cap[2], since) != 0)
            goto out;
    }
    for (int k = 0; k < 3; k++) {
        arr[k][len[k]] = '}';
        arr[k][len[k] + 1] = 0;
    }
    rc = pg_change((pg_store *)base,
                   "WITH gone AS (DELETE FROM presence WHERE server = $1 OR "
                   "seen < $2) "
                   "INSERT INTO presence(server, name, game, since, seen) "
                   "SELECT $1, u.name, u.game, u.since, $3 FROM "
                   "unnest($4::text[], $5::text[], $6::bigint[]) "
                   "AS u(name, game, since)",
                   "tiittt", server, now - expire, now, arr[0], arr[1],
                   arr[2]);
    if (rc == STORE_NOTFOUND)
        rc = STORE_OK;      /* a server with nobody on */
out:
    for (int k = 0; k < 3; k++)
        free(arr[k]);
    return rc;
}

int pg_presence_list(store *base, const char *except, long since,
                            store_presence_fn fn, void *arg)
{
    PGresult *r = pg_query((pg_store *)base, 0,
                           "SELECT server, name, game, since, seen FROM "
                           "presence WHERE server <> $1 AND seen >= $2 "
                           "ORDER BY server, name", "ti",
                           except ? except : "", since);
    int count = STORE_ERROR;
    if (pg_ok(r)) {
        for (count = 0; count < PQntuples(r); count++) {
            store_presence_row row;
            pg_copy(row.server, sizeof row.server, r, count, 0);
            pg_copy(row.name, sizeof row.name, r, count, 1);
            pg_copy(row.game, sizeof row.game, r, count, 2);
            row.since = strtol(PQgetvalue(r, count, 3), NULL, 10);
            row.seen = strtol(PQgetvalue(r, count, 4), NULL, 10);
            fn(arg, &row);
        }
    }
    PQclear(r);
    return count;
}
