/*
 * store_pg_rec.c - the index of game recordings on PostgreSQL: the same
 * calls as the SQLite backend's, on the recordings table of schema
 * version 3.  The files themselves stay on the server that recorded them
 * (under its --data); the index is shared.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_pg.h"

#define PG_REC_COLS "id, file, player, game, term, width, height, start, " \
                    "duration_ms, size, result, nowatch"

static void pg_rec_row(const PGresult *r, int i, store_rec_row *row)
{
    memset(row, 0, sizeof *row);
    row->id = strtol(PQgetvalue(r, i, 0), NULL, 10);
    pg_copy(row->file, sizeof row->file, r, i, 1);
    pg_copy(row->player, sizeof row->player, r, i, 2);
    pg_copy(row->game, sizeof row->game, r, i, 3);
    pg_copy(row->term, sizeof row->term, r, i, 4);
    row->width = atoi(PQgetvalue(r, i, 5));
    row->height = atoi(PQgetvalue(r, i, 6));
    row->start = strtol(PQgetvalue(r, i, 7), NULL, 10);
    row->duration_ms = strtol(PQgetvalue(r, i, 8), NULL, 10);
    row->size = strtol(PQgetvalue(r, i, 9), NULL, 10);
    pg_copy(row->result, sizeof row->result, r, i, 10);
    row->nowatch = atoi(PQgetvalue(r, i, 11));
}

static int pg_rec_rows(PGresult *r, void (*fn)(void *arg,
                                               const store_rec_row *row),
                       void *arg)
{
    int n = STORE_ERROR;
    if (pg_ok(r)) {
        for (n = 0; n < PQntuples(r); n++) {
            store_rec_row row;
            pg_rec_row(r, n, &row);
            fn(arg, &row);
        }
    }
    PQclear(r);
    return n;
}

long pg_rec_add(store *base, const store_rec_row *row)
{
    PGresult *r = pg_query((pg_store *)base, 0,
                           "INSERT INTO recordings(file, player, game, term, "
                           "width, height, start, duration_ms, size, result, "
                           "nowatch) VALUES($1, $2, $3, $4, $5, $6, $7, $8, "
                           "$9, $10, $11) RETURNING id", "ttttiiiiiti",
                           row->file, row->player, row->game, row->term,
                           (long)row->width, (long)row->height, row->start,
                           row->duration_ms, row->size, row->result,
                           (long)(row->nowatch != 0));
    long id = STORE_ERROR;
    if (pg_ok(r) && PQntuples(r))
        id = strtol(PQgetvalue(r, 0, 0), NULL, 10);
    PQclear(r);
    return id;
}

int pg_rec_finish(store *base, long id, long duration_ms, long size,
                  const char *result)
{
    return pg_change((pg_store *)base,
                     "UPDATE recordings SET duration_ms = $1, size = $2, "
                     "result = $3 WHERE id = $4", "iiti", duration_ms, size,
                     result, id);
}

int pg_rec_remove(store *base, long id)
{
    return pg_change((pg_store *)base, "DELETE FROM recordings WHERE id = $1",
                     "i", id);
}

int pg_rec_get(store *base, long id, store_rec_row *row)
{
    PGresult *r = pg_query((pg_store *)base, 0,
                           "SELECT " PG_REC_COLS " FROM recordings "
                           "WHERE id = $1", "i", id);
    int rc = STORE_ERROR;
    if (pg_ok(r)) {
        rc = PQntuples(r) ? STORE_OK : STORE_NOTFOUND;
        if (rc == STORE_OK)
            pg_rec_row(r, 0, row);
    }
    PQclear(r);
    return rc;
}

int pg_rec_list(store *base, const char *player, int oldest_first, int limit,
                void (*fn)(void *arg, const store_rec_row *r), void *arg)
{
    /* LIMIT NULL is no limit */
    char lim[24];
    snprintf(lim, sizeof lim, "%d", limit);
    return pg_rec_rows(
        pg_query((pg_store *)base, 0,
                 oldest_first
                     ? "SELECT " PG_REC_COLS " FROM recordings WHERE "
                       "$1::text IS NULL OR player = $1 ORDER BY id ASC "
                       "LIMIT $2::bigint"
                     : "SELECT " PG_REC_COLS " FROM recordings WHERE "
                       "$1::text IS NULL OR player = $1 ORDER BY id DESC "
                       "LIMIT $2::bigint",
                 "tt", player, limit > 0 ? lim : NULL),
        fn, arg);
}

int pg_rec_best(store *base, const char *game, const char *metric,
                int lowest_first, int limit,
                void (*fn)(void *arg, const store_rec_row *r), void *arg)
{
    /* The entry was made while its game was recorded: same player and
     * game, its time within the recording's. */
    char sql[768];
    snprintf(sql, sizeof sql,
             "SELECT r.id, r.file, r.player, r.game, r.term, r.width, "
             "r.height, r.start, r.duration_ms, r.size, r.result, "
             "r.nowatch FROM hof h "
             "JOIN recordings r ON r.player = h.name AND r.game = h.game AND "
             "h.at >= r.start AND h.at <= r.start + r.duration_ms / 1000 + 2 "
             "WHERE h.game = $1 AND h.metric = $2 AND r.result <> 'playing' "
             "ORDER BY h.value %s, h.at, h.id LIMIT $3",
             lowest_first ? "ASC" : "DESC");
    return pg_rec_rows(pg_query((pg_store *)base, 0, sql, "tti", game,
                                metric, (long)limit),
                       fn, arg);
}
