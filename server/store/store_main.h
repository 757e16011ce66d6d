/*
 * store_main.h - the store the whole process shares (the games' saves,
 * accounts, the hall of fame...), opened once at start.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef STORE_MAIN_H
#define STORE_MAIN_H

#include "store.h"

extern store *store_main;       /* NULL when no data directory opened */

/* Opens store_main: --db (srv.db) if given, else SQLite in dir; prints
 * the reason and returns -1 on failure (dir NULL: srv_default_data has
 * said why). */
int store_main_open(const char *dir);

#endif
