/*
 * store_people.h - what players keep about themselves and each other
 * (schema version 7): an account's settings, the messages written to it,
 * the names it will not hear from, its ratings and the results they came
 * from, and when it was last seen.  Accounts are their name keys
 * (acct_name_key); every call blocks (a worker thread's).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef STORE_PEOPLE_H
#define STORE_PEOPLE_H

#include "store.h"

/* ---- settings ------------------------------------------------------- */

#define STORE_SETTING_SIZE 64
/* An account's setting (terminal, word list, speed, messages...):
 * TTY_OK with value, TTY_NOTFOUND, or TTY_FAILED. */
int store_setting_get(store *st, const char *account, const char *key,
                      char value[STORE_SETTING_SIZE]);
/* Set it; value NULL forgets it. */
int store_setting_set(store *st, const char *account, const char *key,
                      const char *value);

/* ---- messages ------------------------------------------------------- */

#define STORE_MSG_BODY 201      /* 200 characters and a NUL */
typedef struct store_msg {
    long id;
    char sender[STORE_NAME_SIZE];       /* as shown (a guest's name too) */
    char sender_acct[STORE_NAME_SIZE];  /* "" for a guest */
    char body[STORE_MSG_BODY];
    long sent;
    int seen;
} store_msg;
/* Keep a message for recipient (an account): its id, or negative. */
long store_msg_add(store *st, const char *recipient, const char *sender,
                   const char *sender_acct, const char *body, long sent);
/* The recipient's messages, newest last: unseen ones (unseen_only), or
 * the latest n of all.  The number of rows, or negative. */
int store_msg_list(store *st, const char *recipient, int unseen_only,
                   store_msg *rows, int n);
/* How many are unseen, or negative. */
int store_msg_unseen(store *st, const char *recipient);
/* Mark the recipient's messages up to id seen. */
int store_msg_seen(store *st, const char *recipient, long upto);

/* ---- blocks --------------------------------------------------------- */

/* account will (on 0) or will not (on 1) hear from blocked (a name key). */
int store_block_set(store *st, const char *account, const char *blocked,
                    int on);
/* 1 if account blocks blocked, 0 if not, negative on failure. */
int store_block_has(store *st, const char *account, const char *blocked);
/* The names account blocks: how many (at most n), or negative. */
int store_block_list(store *st, const char *account,
                     char (*names)[STORE_NAME_SIZE], int n);

/* ---- ratings and results -------------------------------------------- */

typedef struct store_rating {
    double rating;
    int experience;             /* FIBS: the match lengths played */
    int played, won;
} store_rating;
/* An account's rating at a game: TTY_OK, or TTY_NOTFOUND (*r is then
 * start, as it would be rated from), or TTY_FAILED. */
int store_rating_get(store *st, const char *account, const char *game,
                     const store_rating *start, store_rating *r);
/* Record a result between two accounts and their ratings after it, in one
 * transaction: how is "won", "resigned", "abandoned" or "drawn" (then the
 * winner and loser are only the two players). */
int store_result_add(store *st, const char *game, const char *winner,
                     const char *loser, int length, const char *how,
                     long at, const store_rating *w, const store_rating *l);
/* The best ratings of a game (at least one game played): rows, or
 * negative. */
typedef struct store_rating_row {
    char account[STORE_NAME_SIZE];
    char name[STORE_NAME_SIZE];
    store_rating r;
} store_rating_row;
int store_rating_top(store *st, const char *game, store_rating_row *rows,
                     int n);
/* An account's latest results, newest first. */
typedef struct store_result_row {
    char game[24];
    char opponent[STORE_NAME_SIZE];     /* the other player's name */
    int won;                    /* 1 won, 0 lost, 2 drawn */
    int length;
    char how[16];
    long at;
} store_result_row;
int store_result_list(store *st, const char *account, store_result_row *rows,
                      int n);

/* ---- presence of an account ----------------------------------------- */

/* When an account was last seen (a login, its last session's end). */
int store_seen_set(store *st, const char *account, long at);
/* An account's name as registered, when it was registered and last
 * seen: TTY_OK, TTY_NOTFOUND or TTY_FAILED. */
int store_acct_info(store *st, const char *account,
                    char name[STORE_NAME_SIZE], long *created, long *seen);
/* Forget what an account kept here (its account is being deleted): its
 * settings, messages, blocks and ratings; results stay, as its
 * opponents' history. */
int store_people_forget(store *st, const char *account);

#endif
