/*
 * store.h - storage: saved games by resume code, small shared tables (the
 * Hexpawn memory), the hall of fame, the operator's bans, and who is on
 * each server.
 *
 * One interface, two backends (store_be.h): SQLite, one database file in
 * the data directory (the embedded default), and PostgreSQL through libpq,
 * which several servers share.  Every save is one transaction, and a call
 * returns 0 only after its commit, so a crash or kill -9 loses nothing a
 * player was told is saved.  The calls block (a commit waits for the disk
 * or the network); the server makes them on worker threads, never on the
 * loop.  One store is safe to share between threads.
 *
 * A backend that cannot reach its database returns STORE_ERROR for that
 * call and tries again on the next one: PostgreSQL may restart under a
 * running server.
 *
 * Every call returns a code of the contract's one error space (tty.h):
 * TTY_OK, TTY_NOTFOUND, TTY_EXISTS, TTY_NOMEM or TTY_FAILED; after a
 * failure, store_error() on the same thread says why in the engine's
 * words.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef STORE_H
#define STORE_H

#include <stddef.h>

#include "tty.h"

typedef struct store store;

/* The old names, kept as the same values of the one space so that code
 * written against them still means the same thing; new code says TTY_*. */
enum {
    STORE_OK = TTY_OK,
    STORE_ERROR = TTY_FAILED,
    STORE_NOTFOUND = TTY_NOTFOUND,
    STORE_EXISTS = TTY_EXISTS
};

/* where: "postgresql://..." or "postgres://..." (a libpq URI), or
 * "sqlite:DIR", or a bare DIR (SQLite, as --data has always meant).  The
 * schema is created or migrated to the current version, and the database
 * proved writable: a store that opens is one the server can save to.  On
 * failure err says what and where, and TTY_FAILED or TTY_NOMEM is
 * returned. */
int store_open(store **out, const char *where, char *err, size_t errlen);
void store_close(store *st);
/* "sqlite" or "postgresql". */
const char *store_backend(const store *st);
/* The schema version the database is at (its migrations applied). */
int store_schema_version(store *st);
/* Why the last call on this thread failed, in the engine's words
 * ("database is locked", "server closed the connection unexpectedly",
 * ...); "" when it did not. */
const char *store_error(void);
/* How long a call waits for a lock another process or server holds
 * (default 5 s). */
void store_set_wait(store *st, int ms);

/* Insert under a new code; TTY_EXISTS if the code is taken. */
int store_save_new(store *st, const char *code, const char *game,
                   const void *data, size_t len);
/* Insert or replace. */
int store_save_as(store *st, const char *code, const char *game,
                  const void *data, size_t len);
int store_load(store *st, const char *code, char *game, size_t game_size,
               void **data, size_t *len);
int store_forget(store *st, const char *code);

int store_table_get(store *st, const char *name, void **data, size_t *len);
/* Read, change and write a table in one immediate transaction. */
int store_table_update(store *st, const char *name,
                       void (*fn)(void *arg, const void *old, size_t oldlen,
                                  void **out, size_t *outlen),
                       void *arg);
int store_table_put(store *st, const char *name, const void *data,
                    size_t len);

int store_hof_add(store *st, const char *game, const char *metric,
                  const char *name, long value, const char *detail);
typedef struct store_hof_row {
    char name[24];
    long value;
    char detail[48];
} store_hof_row;
/* The top n of a board; rank is a TTY_HOF_* value.  Returns the number of
 * rows, or negative. */
int store_hof_top(store *st, const char *game, const char *metric, int rank,
                  store_hof_row *rows, int n);

/* The operator's bans: an address range (cidr text) and why. */
int store_ban_add(store *st, const char *range, const char *reason);
int store_ban_remove(store *st, const char *range);
int store_ban_list(store *st,
                   void (*fn)(void *arg, const char *range,
                              const char *reason, long at),
                   void *arg);

/* ---- presence: who is on every server sharing the database ---------- *
 * Each server writes its sessions every few seconds (a heartbeat); rows a
 * server has not renewed within expire seconds are gone, so a server that
 * was killed drops out of the lists by itself. */
typedef struct store_presence_row {
    char server[32];
    char name[24];
    char game[24];
    long since;         /* when the session started (unix seconds) */
    long seen;          /* the server's last heartbeat */
} store_presence_row;
/* Replace server's rows by rows[0..n) stamped now, and drop every row not
 * renewed since now - expire, in one transaction. */
int store_presence_sync(store *st, const char *server,
                        const store_presence_row *rows, int n, long now,
                        long expire);
/* The rows of every server but except, renewed at or after since, by
 * server and name.  The number of rows, or negative. */
int store_presence_list(store *st, const char *except, long since,
                        void (*fn)(void *arg, const store_presence_row *r),
                        void *arg);

#endif
