/*
 * hof.h - the hall of fame's boards, a line at a time, for a caller that
 * pages them (the menu's H).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef HOF_H
#define HOF_H

#include "sess.h"

/* One line of text, without its newline; nonzero stops the boards. */
typedef int (*hof_line_fn)(void *arg, const char *text);
/* A game's boards (from io's coroutine: the store is read on a worker):
 * 0, TTY_NOTFOUND (no such game or no boards), TTY_FAILED (said in a
 * line), TTY_CANCEL (line said stop) or TTY_EOF. */
int hof_lines(sess *io, const char *game, hof_line_fn line, void *arg);

#endif
