/*
 * rating.h - ratings of players who play each other: FIBS's formula for
 * backgammon (the match length counts: a long match says more than a
 * short one) and Elo for the other two-player games.  A new player starts
 * at RATING_START.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef RATING_H
#define RATING_H

#include "sess.h"
#include "store_people.h"

#define RATING_START 1500.0

/* FIBS: winner beat loser in a match to length points: both changed in
 * place (ratings and experience; played and won counted). */
void rating_fibs(store_rating *winner, store_rating *loser, int length);
/* Elo (K 32): winner beat loser, or they drew. */
void rating_elo(store_rating *winner, store_rating *loser, int drawn);
/* 1 if game is rated between accounts (the two-player games); their
 * best ratings are under the hall of fame's boards (hof.h). */
int rating_game(const char *game);

/* One player's rating asked for (rating_lookup): an account's key and a
 * game in; its rating out, rated 0 when the account has not played it
 * with another (or the game is not rated). */
typedef struct rating_ask {
    char key[SESS_NAME];
    char game[24];
    double rating;
    int rated;
} rating_ask;
/* The rating the lists of who is on show beside session s (the menu's O
 * and the web's /who alike, so the two never disagree): its account's at
 * the game it plays.  1, with a's key and game set (rated 0: still to be
 * read), when s is logged in to an account and plays a rated game; else
 * 0, with a cleared: the lists show "-". */
int rating_ask_of(const sess *s, rating_ask *a);
/* Fill asks[0..n) from the store, off the loop thread, from the calling
 * session's coroutine: TTY_OK, TTY_NOSTORE, TTY_FAILED or TTY_EOF. */
int rating_lookup(rating_ask *asks, int n);
/* The same on the calling thread, which must be a worker's (the store's
 * calls block), from st; it stops early once *cancel is set (cancel may be
 * NULL).  TTY_OK, or TTY_FAILED with every ask left unrated. */
int rating_read(store *st, rating_ask *asks, int n,
                const volatile int *cancel);
/* An ask's rating as the lists show it: "1514.14" (two decimals, as the
 * menu prints every rating), or "-" when it is not rated.  The shown
 * number is also a JSON number. */
#define RATING_SHOWN 16
void rating_show(const rating_ask *a, char out[RATING_SHOWN]);

#endif
