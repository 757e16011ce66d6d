/*
 * store_key.c - the SSH public keys that log in as an account, on
 * SQLite: the four things done with schema version 2's table (made by
 * sq_steps[2] in store_sqlite.c).  The handle and its lock are
 * store_db.h's, as for the rest of the backend.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "store_db.h"

static void store_key_text(char *out, size_t size, sqlite3_stmt *stmt,
                           int col)
{
    const unsigned char *t = sqlite3_column_text(stmt, col);
    snprintf(out, size, "%s", t ? (const char *)t : "");
}

int sq_key_add(store *base, const char *account, const char *type,
                  const char *blob, const char *comment)
{
    sq_store *st = (sq_store *)base;
    int rc = STORE_ERROR;
    sqlite3_stmt *stmt;
    pthread_mutex_lock(&st->lock);
    /* the count and the insert in one statement: no race between them */
    if (sqlite3_prepare_v2(st->db,
                           "INSERT INTO ssh_keys(account, type, blob, comment,"
                           " added) SELECT ?1, ?2, ?3, ?4, ?5 WHERE (SELECT "
                           "count(*) FROM ssh_keys WHERE account = ?1) < ?6",
                           -1, &stmt, NULL) == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, account, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 2, type, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 3, blob, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 4, comment ? comment : "", -1,
                          SQLITE_TRANSIENT);
        sqlite3_bind_int64(stmt, 5, (sqlite3_int64)time(NULL));
        sqlite3_bind_int(stmt, 6, STORE_KEYS_MAX);
        int s = sqlite3_step(stmt);
        if (s == SQLITE_DONE)
            rc = sqlite3_changes(st->db) > 0 ? STORE_OK : STORE_NOTFOUND;
        else if (s == SQLITE_CONSTRAINT)
            rc = STORE_EXISTS;
        sqlite3_finalize(stmt);
    }
    pthread_mutex_unlock(&st->lock);
    return rc;
}

int sq_key_list(store *base, const char *account, store_key_row *rows,
                   int n)
{
    sq_store *st = (sq_store *)base;
    int count = STORE_ERROR;
    sqlite3_stmt *stmt;
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db,
                           "SELECT id, type, blob, comment FROM ssh_keys "
                           "WHERE account = ? ORDER BY id",
                           -1, &stmt, NULL) == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, account, -1, SQLITE_TRANSIENT);
        count = 0;
        int s;
        while (count < n && (s = sqlite3_step(stmt)) == SQLITE_ROW) {
            store_key_row *r = &rows[count++];
            r->id = (long)sqlite3_column_int64(stmt, 0);
            store_key_text(r->type, sizeof r->type, stmt, 1);
            store_key_text(r->blob, sizeof r->blob, stmt, 2);
            store_key_text(r->comment, sizeof r->comment, stmt, 3);
        }
        sqlite3_finalize(stmt);
    }
    pthread_mutex_unlock(&st->lock);
    return count;
}

int sq_key_delete(store *base, const char *account, long id)
{
    sq_store *st = (sq_store *)base;
    int rc = STORE_ERROR;
    sqlite3_stmt *stmt;
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db,
                           "DELETE FROM ssh_keys WHERE account = ? AND id = ?",
                           -1, &stmt, NULL) == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, account, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(stmt, 2, (sqlite3_int64)id);
        if (sqlite3_step(stmt) == SQLITE_DONE)
            rc = sqlite3_changes(st->db) > 0 ? STORE_OK : STORE_NOTFOUND;
        sqlite3_finalize(stmt);
    }
    pthread_mutex_unlock(&st->lock);
    return rc;
}

int sq_key_has(store *base, const char *account, const char *type,
                  const char *blob)
{
    sq_store *st = (sq_store *)base;
    int rc = STORE_ERROR;
    sqlite3_stmt *stmt;
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db,
                           "SELECT 1 FROM ssh_keys WHERE account = ? AND "
                           "type = ? AND blob = ?",
                           -1, &stmt, NULL) == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, account, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 2, type, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 3, blob, -1, SQLITE_TRANSIENT);
        int s = sqlite3_step(stmt);
        rc = s == SQLITE_ROW ? STORE_OK
             : s == SQLITE_DONE ? STORE_NOTFOUND : STORE_ERROR;
        sqlite3_finalize(stmt);
    }
    pthread_mutex_unlock(&st->lock);
    return rc;
}
