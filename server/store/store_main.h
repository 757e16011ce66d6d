/*
 * store_main.h - the store the whole process shares (the games' saves,
 * accounts, the hall of fame...), opened once at start.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef STORE_MAIN_H
#define STORE_MAIN_H

#include <stddef.h>

#include "buf.h"
#include "store.h"

extern store *store_main;       /* NULL when no data directory opened */

/* Opens store_main: --db (srv.db) if given, else SQLite in dir; prints
 * the reason and returns -1 on failure (dir NULL: srv_default_data has
 * said why). */
int store_main_open(const char *dir);
/* The same for a command that only reads or changes what is there
 * (account, recording): nothing is created; a data directory without a
 * database is said to be one (naming it), and -1.  where gets where it
 * looked, to name in what the command says: DIR, or "the database of
 * --db". */
int store_main_open_existing(const char *dir, char *where, size_t n);

/* The writer that commits store_main's games' writes in groups (store.h),
 * made on the server's loop at the first call; NULL without a store, or
 * when it could not start (each write then commits on its own). */
store_group *store_main_saves(void);
/* /metrics' families of the save queue (a metrics_source_fn, registered
 * by store_main_open). */
void store_main_metrics(buf *out);

#endif
