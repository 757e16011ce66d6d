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

/* ---- accounts and what belongs to them ------------------------------ *
 * (store_acct.c on SQLite, store_pg_acct.c on PostgreSQL.)  Schema version
 * 1 adds the accounts table, an owner and a note to every save and an
 * account to every hall of fame entry; store_open migrates a version 0
 * database (the one before accounts) in one transaction, and refuses one
 * newer than it knows.  An owner or account is the name key
 * (acct_name_key); NULL is a guest. */

#define STORE_SCHEMA_VERSION 8     /* 7: settings, messages, ratings;
                                      8: a recording's nowatch */
#define STORE_NAME_SIZE 17
#define STORE_HASH_SIZE 128

/* Register; STORE_EXISTS if the key is taken. */
int store_acct_add(store *st, const char *key, const char *name,
                   const char *hash);
/* name and hash of an account (either may be NULL); STORE_NOTFOUND. */
int store_acct_get(store *st, const char *key, char name[STORE_NAME_SIZE],
                   char hash[STORE_HASH_SIZE]);
int store_acct_set_hash(store *st, const char *key, const char *hash);
/* Whether the account forbids watching: 1 or 0, or negative (an error or
 * STORE_NOTFOUND). */
int store_acct_nowatch(store *st, const char *key);
int store_acct_set_nowatch(store *st, const char *key, int nowatch);
/* Forget an account and the saves it owns (it leaves those where it is
 * the partner); its hall of fame entries stay, as a guest's.  One
 * transaction. */
int store_acct_delete(store *st, const char *key);
typedef struct store_acct_row {
    char name[STORE_NAME_SIZE];
    long created;
    int saves;
} store_acct_row;
/* Every account in order of name; fn is called once per account.
 * Returns the number of accounts or negative. */
int store_acct_list(store *st, void (*fn)(void *arg, const store_acct_row *r),
                    void *arg);

/* Save with an owner (NULL: a guest's), a partner (the other player of
 * a game on two terminals, NULL if none or a guest) and a note for the
 * saved-games list.  fresh: insert under a new code (STORE_EXISTS if
 * taken); else insert or update, keeping the owner and partner a save
 * already has where these are NULL. */
int store_save_owned(store *st, const char *code, const char *game,
                     const void *data, size_t len, const char *owner,
                     const char *partner, const char *note, int fresh);
/* As store_load, and the owner's and partner's keys ("" for none);
 * partner may be NULL. */
int store_load_owned(store *st, const char *code, char *game,
                     size_t game_size, void **data, size_t *len,
                     char owner[STORE_NAME_SIZE],
                     char partner[STORE_NAME_SIZE]);
typedef struct store_save_row {
    char code[16];
    char game[32];
    char note[48];
    long saved;
} store_save_row;
/* An account's saves (as owner or partner), latest first: the number of
 * rows or negative. */
int store_saves_of(store *st, const char *owner, store_save_row *rows,
                   int n);
/* Forget a save only if it is owner's (as owner or partner). */
int store_forget_owned(store *st, const char *code, const char *owner);

/* ---- writes committed in groups (store_group.c) ---------------------- *
 * What PostgreSQL does with its log: one writer thread takes every write
 * queued since its last commit and commits them all in one transaction
 * of the backend, one flush of the disk for the lot.  A disk that takes
 * 5 ms a flush then commits as many saves in those 5 ms as were asked
 * for, instead of 200 a second one after the other.  The writes a game
 * makes after its moves go this way: its saves, the save it forgets when
 * it ends, its hall of fame entries.  Each is answered on its own (a
 * fresh code can be taken while the others commit), in the order they
 * were queued, and only after the transaction that holds it has
 * committed: nothing is confirmed before it is durable.  When the commit
 * fails, every write in it fails with the backend's reason. */
typedef enum store_write_kind {
    STORE_WRITE_SAVE,           /* as store_save_owned */
    STORE_WRITE_FORGET,         /* as store_forget: code */
    STORE_WRITE_HOF             /* as store_hof_add_acct: game, metric,
                                   name, owner (the account), value,
                                   detail */
} store_write_kind;

typedef struct store_write {
    store_write_kind kind;
    /* what to write; kept by the caller until done is called */
    const char *code, *game, *owner, *partner, *note;
    const void *data;
    size_t len;
    int fresh;
    const char *metric, *name, *detail;
    long value;
    /* the answer: TTY_OK, TTY_EXISTS (a fresh save whose code is taken),
     * TTY_NOTFOUND (nothing to forget), or a failure with store_error()'s
     * text in why */
    int rc;
    char why[256];
    /* called on the loop thread once the write's group has committed (or
     * failed); the write is the caller's again from then on */
    void (*done)(struct store_write *w);
    struct store_write *next;           /* the queue's */
} store_write;

#define STORE_GROUP_MAX 1024    /* writes in one transaction at most */

typedef struct store_group store_group;
struct uv_loop_s;
/* A writer for st whose answers are delivered on loop (the loop must be
 * run for them).  st keeps it: store_close stops it first.  TTY_OK, or
 * TTY_FAILED / TTY_NOMEM. */
int store_group_open(store_group **out, store *st, struct uv_loop_s *loop);
/* The writer st was given, or NULL. */
store_group *store_group_of(store *st);
/* Queue a write (on the loop thread); w->done follows its commit. */
void store_group_write(store_group *g, store_write *w);
/* Writes queued and being committed: the queue's depth now (any
 * thread). */
int store_group_depth(store_group *g);
/* Transactions committed (or failed) so far, and the writes they held. */
void store_group_counts(store_group *g, unsigned long long *groups,
                        unsigned long long *writes);
/* Commit what is queued, stop the writer and free it (on the loop
 * thread; answers still owed are delivered before it returns). */
void store_group_close(store_group *g);

/* Hall of fame entries with their account (NULL: a guest's). */
int store_hof_add_acct(store *st, const char *game, const char *metric,
                       const char *name, const char *account, long value,
                       const char *detail);
typedef struct store_hof_entry {
    char name[24];
    long value;
    char detail[48];
    int guest;          /* played under a name nobody logged in to */
} store_hof_entry;
/* As store_hof_top; an account's entries and a guest's of the same name
 * rank apart. */
int store_hof_board(store *st, const char *game, const char *metric,
                    int rank, store_hof_entry *rows, int n);

/* The operator's bans: an address range (cidr text), or an account
 * ("account:KEY"), and why. */
int store_ban_add(store *st, const char *range, const char *reason);
/* One ban: TTY_OK with its reason (cut to size) and when it was made,
 * or TTY_NOTFOUND. */
int store_ban_get(store *st, const char *range, char *reason, size_t size,
                  long *at);
int store_ban_remove(store *st, const char *range);
int store_ban_list(store *st,
                   void (*fn)(void *arg, const char *range,
                              const char *reason, long at),
                   void *arg);

/* ---- an account's SSH public keys (store_key.c) ---------------------- *
 * Schema version 2 adds them.  A key is its type name ("ssh-ed25519") and
 * its base64 blob as OpenSSH writes them in a .pub line. */

#define STORE_KEYS_MAX 16       /* keys one account may hold */
#define STORE_KEY_TYPE 40
#define STORE_KEY_BLOB 2048     /* base64; an RSA 8192 key takes 1,400 */
#define STORE_KEY_COMMENT 41

typedef struct store_key_row {
    long id;
    char type[STORE_KEY_TYPE];
    char blob[STORE_KEY_BLOB];
    char comment[STORE_KEY_COMMENT];
} store_key_row;

/* Add a key to an account: STORE_EXISTS if it has it already,
 * STORE_NOTFOUND if it holds STORE_KEYS_MAX keys. */
int store_key_add(store *st, const char *account, const char *type,
                  const char *blob, const char *comment);
/* The account's keys in the order added: how many (at most n), or
 * negative. */
int store_key_list(store *st, const char *account, store_key_row *rows,
                   int n);
/* Remove key id of the account; STORE_NOTFOUND. */
int store_key_delete(store *st, const char *account, long id);
/* STORE_OK if the account has this key, STORE_NOTFOUND if not. */
int store_key_has(store *st, const char *account, const char *type,
                  const char *blob);

/* The index of game recordings (files under DIR/recordings). */
typedef struct store_rec_row {
    long id;
    char file[64];              /* name under DIR/recordings */
    char player[24], game[24], term[16], result[16];
    int width, height;
    long start;                 /* seconds since 1970 */
    long duration_ms, size;
    int nowatch;                /* the player forbade watching: never
                                   shown to others (schema version 8) */
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

/* ---- the two-player lobby of every server sharing the database ------ *
 * One seat per key: the first player to ask under a key ("gunjin",
 * "backgammon:CODE") takes it and waits; the next claims it (the seat is
 * deleted in the same statement, so two claimers never both win) and asks
 * the seat's server to pair them.  Seats not renewed since `since` (their
 * server stopped beating) are neither claimed nor kept.  Only a backend
 * several servers share has it: SQLite returns TTY_NOSTORE, and one
 * server keeps its lobby in memory. */
typedef struct store_lobby_seat {
    long id;
    char server[32];
    long session;
} store_lobby_seat;
/* Claim the seat under key (TTY_OK, its holder in *seat) or, when there
 * is none, take it for server's session (TTY_NOTFOUND, *seat is the new
 * seat). */
int store_lobby_meet(store *st, const char *key, const char *server,
                     long session, long now, long since,
                     store_lobby_seat *seat);
/* Give up seat id: TTY_OK, or TTY_NOTFOUND if someone claimed it first
 * (a request to pair is then on its way). */
int store_lobby_leave(store *st, long id);
/* Renew server's seats at now and drop every seat not renewed since
 * `since`; fresh: drop server's own seats too (seats of a previous run
 * under the same name, or of this one at a clean stop). */
int store_lobby_beat(store *st, const char *server, long now, long since,
                     int fresh);
/* ---- limits: events counted in the store (store_limit.c, schema 6) -- *
 * Failed logins and resume codes per address and per account, and
 * registrations per address and per network, are counted here, so every
 * server sharing the database counts them together and a restart forgets
 * none.  Each event of a kind ("login-addr", "reg-net"...) and a key (an
 * address, an account's key) is in force until its own time `until`
 * (unix seconds) and is dropped only then: nothing evicts an event while
 * it counts.  At most max events of a key are in force, so a key costs
 * at most max rows. */
/* Count one event of kind for key, in force until `until`, unless max of
 * them are in force at now already.  Returns how many were in force
 * before it (0 .. max-1: counted), or max when none could be added (the
 * limit is reached), or negative. */
int store_limit_add(store *st, const char *kind, const char *key, long now,
                    long until, int max);
/* How many events of kind for key are in force at now, or negative. */
int store_limit_count(store *st, const char *kind, const char *key,
                      long now);
/* Forget key's events of kind (every kind when kind is NULL): the
 * operator's unlock.  TTY_OK (whether or not there were any), or
 * negative. */
int store_limit_clear(store *st, const char *kind, const char *key);

/* The libpq connection string of a backend servers share, or NULL: what
 * the relay between servers (relay.h) connects with. */
const char *store_shared_uri(const store *st);

#endif
