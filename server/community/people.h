/*
 * people.h - a player's page, as FIBS's and telehack's finger show one:
 * when the account was registered and last seen, its rating at each
 * game rated between accounts, and its latest results.  Read here once
 * for every door that shows it (the menu's M F, the web's /player/NAME).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef PEOPLE_H
#define PEOPLE_H

#include "store_people.h"

#define PEOPLE_RATED 4          /* games rated between accounts, at most */
#define PEOPLE_RESULTS 10       /* latest results kept on the page */

typedef struct people_rated {
    const tty_game *g;
    int rated;                  /* 0: not rated at it yet */
    store_rating r;
} people_rated;

typedef struct people_page {
    char name[STORE_NAME_SIZE]; /* as registered */
    long created, seen;
    int nrated;
    people_rated rated[PEOPLE_RATED];
    int nresults;
    store_result_row results[PEOPLE_RESULTS];
} people_page;

/* The page of the account whose name key is key, with at most results
 * (up to PEOPLE_RESULTS) of its latest results: TTY_OK, TTY_NOTFOUND or
 * TTY_FAILED.  Blocks on the store: a worker's call. */
int people_read(store *st, const char *key, int results, people_page *p);

#endif
