/*
 * store_db.h - the SQLite store's handle, shared by the files that make up
 * the store (store.c: saves, tables, hall of fame; store_acct.c: schema
 * versions, accounts and what belongs to them).  Nothing outside
 * server/store includes it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef STORE_DB_H
#define STORE_DB_H

#include <pthread.h>
#include <sqlite3.h>

#include "store.h"

struct store {
    sqlite3 *db;
    pthread_mutex_t lock;
};

/* Keep why the last call on this thread failed (store_error), while the
 * lock is held so the connection's message is this call's; returns rc.
 * store_ok clears it. */
int store_fail(store *st, int rc, const char *what);
void store_ok(void);

/* Bring a freshly opened database to the current schema version, in one
 * transaction (store_acct.c).  0, or -1 with err filled. */
int store_migrate(sqlite3 *db, char *err, size_t errlen);
/* Version 2: the SSH keys table (store_key.c). */
extern const char store_key_v2[];

#endif
