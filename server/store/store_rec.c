/*
 * store_rec.c - the index of game recordings on SQLite (the files are
 * under DIR/recordings): schema version 3's table, made by sq_steps[3] in
 * store_sqlite.c.  The handle and its lock are store_db.h's.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "store_db.h"

long sq_rec_add(store *base, const store_rec_row *r)
{
    sq_store *st = (sq_store *)base;
    sqlite3_stmt *stmt = NULL;
    long id = STORE_ERROR;
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db,
                           "INSERT INTO recordings(file, player, game, term,"
                           " width, height, start, duration_ms, size, result,"
                           " nowatch) VALUES(?,?,?,?,?,?,?,?,?,?,?)",
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
    sqlite3_bind_int(stmt, 11, r->nowatch != 0);
    if (sqlite3_step(stmt) == SQLITE_DONE)
        id = (long)sqlite3_last_insert_rowid(st->db);
out:
    sqlite3_finalize(stmt);
    pthread_mutex_unlock(&st->lock);
    return id;
}

int sq_rec_finish(store *base, long id, long duration_ms, long size,
                     const char *result)
{
    return sq_exec(base, "UPDATE recordings SET duration_ms = ?, size = ?,"
                          " result = ? WHERE id = ?",
                      "iiti", duration_ms, size, result, id);
}

int sq_rec_remove(store *base, long id)
{
    return sq_exec(base, "DELETE FROM recordings WHERE id = ?", "i", id);
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
    r->nowatch = sqlite3_column_int(stmt, 11);
}

#define STORE_REC_COLS "id, file, player, game, term, width, height, start," \
                       " duration_ms, size, result, nowatch"

int sq_rec_get(store *base, long id, store_rec_row *r)
{
    sq_store *st = (sq_store *)base;
    sqlite3_stmt *stmt = NULL;
    int rc = STORE_ERROR;
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db, "SELECT " STORE_REC_COLS
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

/* Every row a statement gives, to fn: how many. */
static int store_rec_rows(sqlite3_stmt *stmt,
                          void (*fn)(void *arg, const store_rec_row *r),
                          void *arg)
{
    int n = 0;
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        store_rec_row r;
        store_rec_row_read(stmt, &r);
        fn(arg, &r);
        n++;
    }
    return n;
}

int sq_rec_list(store *base, const char *player, int oldest_first,
                   int limit, void (*fn)(void *arg, const store_rec_row *r),
                   void *arg)
{
    sq_store *st = (sq_store *)base;
    sqlite3_stmt *stmt = NULL;
    int n = STORE_ERROR;
    char sql[256];
    snprintf(sql, sizeof sql, "SELECT " STORE_REC_COLS " FROM recordings"
             " WHERE ?1 IS NULL OR player = ?1 ORDER BY id %s LIMIT ?2",
             oldest_first ? "ASC" : "DESC");
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db, sql, -1, &stmt, NULL) != SQLITE_OK)
        goto out;
    if (player)
        sqlite3_bind_text(stmt, 1, player, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(stmt, 2, limit > 0 ? limit : -1);
    n = store_rec_rows(stmt, fn, arg);
out:
    sqlite3_finalize(stmt);
    pthread_mutex_unlock(&st->lock);
    return n;
}

int sq_rec_best(store *base, const char *game, const char *metric,
                   int lowest_first, int limit,
                   void (*fn)(void *arg, const store_rec_row *r), void *arg)
{
    sq_store *st = (sq_store *)base;
    sqlite3_stmt *stmt = NULL;
    int n = STORE_ERROR;
    char sql[512];
    /* The entry was made while its game was recorded: same player and
     * game, its time within the recording's. */
    snprintf(sql, sizeof sql,
             "SELECT r.id, r.file, r.player, r.game, r.term, r.width,"
             " r.height, r.start, r.duration_ms, r.size, r.result,"
             " r.nowatch FROM hof h JOIN recordings r ON r.player = h.name"
             " AND r.game = h.game AND h.at >= r.start"
             " AND h.at <= r.start + r.duration_ms / 1000 + 2"
             " WHERE h.game = ? AND h.metric = ? AND r.result != 'playing'"
             " ORDER BY h.value %s, h.at, h.id LIMIT ?",
             lowest_first ? "ASC" : "DESC");
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db, sql, -1, &stmt, NULL) != SQLITE_OK)
        goto out;
    sqlite3_bind_text(stmt, 1, game, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(stmt, 2, metric, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(stmt, 3, limit);
    n = store_rec_rows(stmt, fn, arg);
out:
    sqlite3_finalize(stmt);
    pthread_mutex_unlock(&st->lock);
    return n;
}
