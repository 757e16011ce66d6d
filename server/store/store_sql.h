/*
 * store_sql.h - statements both backends run alike, so that a table added
 * for a feature is read and written once, in one file of the store layer,
 * instead of once per engine.
 *
 * The SQL is what SQLite and PostgreSQL both read: parameters are $1, $2,
 * ... and each first appears in that order (SQLite numbers "$N"
 * parameters by first appearance; PostgreSQL by N), upserts are INSERT
 * ... ON CONFLICT, and a statement may end in RETURNING.  Only the
 * migrations (store_sqlite.c, store_pg.c) write each engine's own DDL.
 * Like every store call these block: call them on a worker thread.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef STORE_SQL_H
#define STORE_SQL_H

#include <stddef.h>

#include "store.h"

#define STORE_SQL_ARGS 12

/* A parameter: text (NULL is SQL NULL), a whole number or a real. */
typedef struct store_arg {
    char type;                  /* 't', 'i' or 'd' */
    const char *text;
    long num;
    double real;
} store_arg;
#define STORE_T(s) ((store_arg){ .type = 't', .text = (s) })
#define STORE_I(n) ((store_arg){ .type = 'i', .num = (long)(n) })
#define STORE_D(x) ((store_arg){ .type = 'd', .real = (x) })

/* One row of a result, read by column (0 is the first). */
typedef struct store_row {
    const char *(*text)(const struct store_row *r, int col);
    void *h;                    /* the backend's statement or result */
    int row;
} store_row;
/* A column's text ("" for NULL), as a whole number, as a real. */
const char *store_row_text(const store_row *r, int col);
long store_row_long(const store_row *r, int col);
double store_row_real(const store_row *r, int col);

/* fn sees each row; nonzero stops the rows. */
typedef int (*store_row_fn)(void *arg, const store_row *r);

/* One statement; its rows (if any) to fn.  The number of rows seen, or
 * negative (store_error says why). */
int store_sql_rows(store *st, const char *sql, const store_arg *args,
                   int nargs, store_row_fn fn, void *arg);
/* One statement that changes rows: TTY_OK, TTY_NOTFOUND (none changed),
 * TTY_EXISTS (a unique key taken) or TTY_FAILED. */
int store_sql_exec(store *st, const char *sql, const store_arg *args,
                   int nargs);
/* Statements in one transaction: all of them or none.  TTY_OK, or the
 * first failure's code. */
typedef struct store_stmt {
    const char *sql;
    const store_arg *args;
    int nargs;
} store_stmt;
int store_sql_batch(store *st, const store_stmt *stmts, int n);

#endif
