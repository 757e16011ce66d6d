/*
 * rec_public.h - which recordings others may see (the web's
 * /recordings lists and serves these alone): a game that is over, of a
 * game that hides nothing from one side (watch_game_hides: a recording
 * shows its player's side), made while its player allowed watching, by
 * a player whose account does not forbid watching now.  A player's own
 * recordings are theirs whatever these say (the menu's P).
 *
 * Every call blocks on the store: a worker thread's.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef REC_PUBLIC_H
#define REC_PUBLIC_H

#include "store.h"

/* What was asked of the store about each player, within one list. */
typedef struct rec_public_memo {
    int n;
    struct {
        char key[STORE_NAME_SIZE];
        int nowatch;            /* the account forbids watching */
        int account;            /* an account has the name */
    } seen[64];
} rec_public_memo;

/* 1 if r may be shown to others, 0 if not, negative if the store fails;
 * memo may be NULL. */
int rec_public(store *st, const store_rec_row *r, rec_public_memo *memo);
/* The public recordings of player (NULL: everyone's), newest first: the
 * first skip passed over, then at most n into rows; *more set when there
 * are others after them; memo (may be NULL) keeps what was learnt of
 * their players.  The number in rows, or negative. */
int rec_public_list(store *st, const char *player, int skip, int n,
                    store_rec_row *rows, int *more, rec_public_memo *memo);
/* 1 if memo learnt that an account has the name player, 0 that none
 * has, -1 if it did not ask. */
int rec_public_account(const rec_public_memo *memo, const char *player);

#endif
