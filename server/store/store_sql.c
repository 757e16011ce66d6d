/*
 * store_sql.c - statements of both engines (store_sql.h): forwarded to
 * the backend, and the row's columns read.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>

#include "store_be.h"
#include "store_sql.h"

const char *store_row_text(const store_row *r, int col)
{
    const char *t = r->text(r, col);
    return t ? t : "";
}

long store_row_long(const store_row *r, int col)
{
    return strtol(store_row_text(r, col), NULL, 10);
}

double store_row_real(const store_row *r, int col)
{
    return strtod(store_row_text(r, col), NULL);
}

int store_sql_rows(store *st, const char *sql, const store_arg *args,
                   int nargs, store_row_fn fn, void *arg)
{
    if (nargs > STORE_SQL_ARGS)
        return TTY_FAILED;
    return st->ops->sql_rows(st, sql, args, nargs, fn, arg);
}

int store_sql_exec(store *st, const char *sql, const store_arg *args,
                   int nargs)
{
    store_stmt one = { sql, args, nargs };
    if (nargs > STORE_SQL_ARGS)
        return TTY_FAILED;
    return st->ops->sql_batch(st, &one, 1);
}

int store_sql_batch(store *st, const store_stmt *stmts, int n)
{
    for (int i = 0; i < n; i++)
        if (stmts[i].nargs > STORE_SQL_ARGS)
            return TTY_FAILED;
    return st->ops->sql_batch(st, stmts, n);
}
