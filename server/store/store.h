/*
 * store.h - SQLite storage: saved games by resume code, small shared
 * tables (the Hexpawn memory), the hall of fame.
 *
 * One database file in the data directory, WAL mode, synchronous=FULL:
 * every save is one transaction, and a call returns 0 only after its
 * commit, so a crash or kill -9 loses nothing a player was told is saved.
 * The calls block (a commit waits for the disk); the server makes them on
 * worker threads, never on the loop.  A mutex makes one store safe to share.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef STORE_H
#define STORE_H

#include <stddef.h>

typedef struct store store;

enum { STORE_OK = 0, STORE_ERROR = -1, STORE_NOTFOUND = -2, STORE_EXISTS = -3 };

int store_open(store **out, const char *dir, char *err, size_t errlen);
void store_close(store *st);

/* Insert under a new code; STORE_EXISTS if the code is taken. */
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

/* The index of game recordings (files under DIR/recordings). */
typedef struct store_rec_row {
    long id;
    char file[64];              /* name under DIR/recordings */
    char player[24], game[24], term[16], result[16];
    int width, height;
    long start;                 /* seconds since 1970 */
    long duration_ms, size;
} store_rec_row;
/* Add a row (its id is ignored); returns the new id, or negative. */
long store_rec_add(store *st, const store_rec_row *r);
int store_rec_finish(store *st, long id, long duration_ms, long size,
                     const char *result);
int store_rec_get(store *st, long id, store_rec_row *r);
/* Rows, newest first (or oldest first), of one player or all (NULL);
 * at most limit (0: all).  Returns the count, or negative. */
int store_rec_list(store *st, const char *player, int oldest_first,
                   int limit, void (*fn)(void *arg, const store_rec_row *r),
                   void *arg);
int store_rec_remove(store *st, long id);
/* The recordings behind a hall of fame board's best single entries (of
 * game and metric, lowest values first or highest), at most limit. */
int store_rec_best(store *st, const char *game, const char *metric,
                   int lowest_first, int limit,
                   void (*fn)(void *arg, const store_rec_row *r), void *arg);

#endif
