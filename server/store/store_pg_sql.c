/*
 * store_pg_sql.c - statements of both engines (store_sql.h) on
 * PostgreSQL: parameters sent as text; a batch holds one connection of
 * the pool for its transaction.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "store_pg.h"
#include "store_sql.h"

static void pg_args(pg_params *p, const store_arg *args, int n)
{
    p->n = n;
    for (int i = 0; i < n; i++) {
        p->len[i] = 0;
        p->fmt[i] = 0;
        if (args[i].type == 'i') {
            snprintf(p->num[i], sizeof p->num[i], "%ld", args[i].num);
            p->val[i] = p->num[i];
        } else if (args[i].type == 'd') {
            snprintf(p->num[i], sizeof p->num[i], "%.17g", args[i].real);
            p->val[i] = p->num[i];
        } else {
            p->val[i] = args[i].text;
        }
    }
}

static const char *pg_row_text(const store_row *r, int col)
{
    if (PQgetisnull(r->h, r->row, col))
        return "";
    return PQgetvalue(r->h, r->row, col);
}

int pg_sql_rows(store *base, const char *sql, const store_arg *args,
                int nargs, store_row_fn fn, void *arg)
{
    pg_params p;
    pg_args(&p, args, nargs);
    PGresult *r = pg_query_params((pg_store *)base, sql, &p);
    if (!r || !pg_ok(r)) {
        PQclear(r);
        return TTY_FAILED;
    }
    int n = PQntuples(r), seen = 0;
    store_row row = { pg_row_text, r, 0 };
    for (; row.row < n; row.row++) {
        seen++;
        if (fn && fn(arg, &row))
            break;
    }
    PQclear(r);
    return seen;
}

int pg_sql_batch(store *base, const store_stmt *stmts, int n)
{
    pg_store *st = (pg_store *)base;
    if (n == 1) {
        pg_params p;
        pg_args(&p, stmts[0].args, stmts[0].nargs);
        PGresult *r = pg_query_params(st, stmts[0].sql, &p);
        int rc = r ? pg_result_rc(r) : TTY_FAILED;
        PQclear(r);
        return rc;
    }
    pg_conn *c = pg_get(st);
    if (!c)
        return TTY_FAILED;
    int rc = pg_cmd(c, "BEGIN") == 0 ? TTY_OK : TTY_FAILED;
    for (int i = 0; i < n && rc == TTY_OK; i++) {
        pg_params p;
        pg_args(&p, stmts[i].args, stmts[i].nargs);
        PGresult *r = pg_exec_params(c, stmts[i].sql, &p, 0);
        rc = pg_result_rc(r);
        if (rc == TTY_NOTFOUND)
            rc = TTY_OK;        /* in a batch, a statement may change none */
        PQclear(r);
    }
    if (rc == TTY_OK && pg_cmd(c, "COMMIT") != 0)
        rc = TTY_FAILED;
    pg_put(st, c);              /* rolls back what did not commit */
    return rc;
}
