/*
 * hof.h - the hall of fame's boards: read whole (hof_read, for the web's
 * /hall and anything else off a session), and a line at a time for a
 * caller that pages them (the menu's H).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef HOF_H
#define HOF_H

#include "sess.h"
#include "store_people.h"

#define HOF_ROWS 5              /* rows of a board on a terminal */
#define HOF_ROWS_MAX 10         /* at most, read whole */
#define HOF_BOARDS 8            /* boards a game has at most */

/* A game's boards and, for a game rated between accounts, its best
 * ratings, as read from the store at one time. */
typedef struct hof_board {
    const tty_hof_metric *m;
    int n;                      /* rows */
    store_hof_entry rows[HOF_ROWS_MAX];
} hof_board;
typedef struct hof_game {
    const tty_game *g;
    int nboards;
    hof_board boards[HOF_BOARDS];
    int rated;                  /* rating_game */
    int nratings;
    store_rating_row ratings[HOF_ROWS_MAX];
} hof_game;

/* Read g's boards, rows (at most HOF_ROWS_MAX) a board: TTY_OK, or
 * TTY_FAILED if one could not be read.  Blocks on the store: a worker's
 * call. */
int hof_read(store *st, const tty_game *g, int rows, hof_game *out);

/* One line of text, without its newline; nonzero stops the boards. */
typedef int (*hof_line_fn)(void *arg, const char *text);
/* A game's boards (from io's coroutine: the store is read on a worker):
 * 0, TTY_NOTFOUND (no such game or no boards), TTY_FAILED (said in a
 * line), TTY_CANCEL (line said stop) or TTY_EOF. */
int hof_lines(sess *io, const char *game, hof_line_fn line, void *arg);

#endif
