/*
 * store_sqlite_sql.c - statements of both engines (store_sql.h) on
 * SQLite: "$N" parameters are numbered by their first appearance, so they
 * bind by position; a batch is one immediate transaction.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "store_db.h"
#include "store_sql.h"

static void sq_bind_args(sqlite3_stmt *stmt, const store_arg *args, int n)
{
    for (int i = 0; i < n; i++) {
        const store_arg *a = &args[i];
        if (a->type == 'i')
            sqlite3_bind_int64(stmt, i + 1, a->num);
        else if (a->type == 'd')
            sqlite3_bind_double(stmt, i + 1, a->real);
        else if (a->text)
            sqlite3_bind_text(stmt, i + 1, a->text, -1, SQLITE_TRANSIENT);
        else
            sqlite3_bind_null(stmt, i + 1);
    }
}

static const char *sq_row_text(const store_row *r, int col)
{
    return (const char *)sqlite3_column_text(r->h, col);
}

int sq_sql_rows(store *base, const char *sql, const store_arg *args,
                int nargs, store_row_fn fn, void *arg)
{
    sq_store *st = (sq_store *)base;
    sqlite3_stmt *stmt;
    int rc;
    pthread_mutex_lock(&st->lock);
    if (sqlite3_prepare_v2(st->db, sql, -1, &stmt, NULL) != SQLITE_OK) {
        rc = store_fail(st, TTY_FAILED, "prepare");
        goto out;
    }
    sq_bind_args(stmt, args, nargs);
    store_row row = { sq_row_text, stmt, 0 };
    int s, stop = 0;
    rc = 0;
    while (!stop && (s = sqlite3_step(stmt)) == SQLITE_ROW) {
        rc++;
        if (fn)
            stop = fn(arg, &row);
        row.row++;
    }
    if (!stop && s != SQLITE_DONE)
        rc = store_fail(st, TTY_FAILED, "read");
    else
        store_ok();
    sqlite3_finalize(stmt);
out:
    pthread_mutex_unlock(&st->lock);
    return rc;
}

int sq_sql_batch(store *base, const store_stmt *stmts, int n)
{
    sq_store *st = (sq_store *)base;
    int rc = TTY_OK, changed = 1;
    pthread_mutex_lock(&st->lock);
    if (n > 1 && sq_begin(st, "begin") != TTY_OK) {
        pthread_mutex_unlock(&st->lock);
        return TTY_FAILED;
    }
    for (int i = 0; i < n && rc == TTY_OK; i++) {
        sqlite3_stmt *stmt;
        if (sqlite3_prepare_v2(st->db, stmts[i].sql, -1, &stmt, NULL) !=
            SQLITE_OK) {
            rc = store_fail(st, TTY_FAILED, "prepare");
            break;
        }
        sq_bind_args(stmt, stmts[i].args, stmts[i].nargs);
        int s;
        while ((s = sqlite3_step(stmt)) == SQLITE_ROW)
            ;               /* RETURNING rows a caller did not ask for */
        if (s == SQLITE_CONSTRAINT)
            rc = TTY_EXISTS;
        else if (s != SQLITE_DONE)
            rc = store_fail(st, TTY_FAILED, "write");
        else
            changed = sqlite3_changes(st->db) > 0;
        sqlite3_finalize(stmt);
    }
    if (n > 1)
        rc = sq_end(st, rc == TTY_OK, rc, "batch") == TTY_OK ? TTY_OK : rc;
    else if (rc == TTY_OK)
        store_ok();
    pthread_mutex_unlock(&st->lock);
    /* One statement that changed nothing says so, as sq_exec does. */
    return rc == TTY_OK && n == 1 && !changed ? TTY_NOTFOUND : rc;
}
