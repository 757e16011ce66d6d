/*
 * store_pg.h - what the files of the PostgreSQL backend share: one
 * statement on a pooled connection (store_pg.c), and reading its result.
 * Nothing outside server/store includes it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef STORE_PG_H
#define STORE_PG_H

#include <libpq-fe.h>
#include <stddef.h>

#include "store_be.h"

typedef struct pg_store pg_store;

/* Parameters by a format: t text (NULL is SQL NULL), b blob (pointer and
 * size_t, sent as bytes), i long. */
/* One statement; its result, or NULL if no connection could be had.
 * binary: columns come back in binary form (bytea as the bytes). */
PGresult *pg_query(pg_store *st, int binary, const char *sql,
                   const char *fmt, ...);
/* One statement that changes rows: STORE_OK, STORE_NOTFOUND (no row
 * changed), STORE_EXISTS (a unique key taken) or STORE_ERROR. */
int pg_change(pg_store *st, const char *sql, const char *fmt, ...);
int pg_ok(const PGresult *r);
/* A text column into out, cut to size. */
void pg_copy(char *out, size_t size, const PGresult *r, int row, int col);
/* Column col of row 0 of a binary result into a malloc'd buffer. */
int pg_blob(const PGresult *r, int col, void **data, size_t *len);

#endif
