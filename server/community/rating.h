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
/* Fill asks[0..n) from the store, off the loop thread, from the calling
 * session's coroutine: TTY_OK, TTY_NOSTORE, TTY_FAILED or TTY_EOF. */
int rating_lookup(rating_ask *asks, int n);

#endif
