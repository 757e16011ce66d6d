/*
 * keep.h - a game kept under a resume code from its first move to its
 * end, for the games that have no SAVE command of their own (the SCELBI
 * three).  The durability rule: after every move the game has accepted
 * and answered, its state is committed before the next input is asked
 * for, so a dropped line, a crash or kill -9 loses at most what the
 * player was typing.  The code is told once, after the first save; a
 * finished game is forgotten.  Without storage nothing is said and the
 * game plays on as in the book.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef KEEP_H
#define KEEP_H

#include <stddef.h>

#include "tty.h"

typedef struct keep {
    const char *game;           /* the registry name saves are kept under */
    char code[TTY_CODE_SIZE];   /* "" until the first save */
} keep;

/* A fresh game (launch NULL or without a code), or the one resumed. */
void keep_init(keep *k, const char *game, const tty_launch *launch);
/* Commit the game's state.  The first save of a game tells its code on a
 * line of its own.  0, or TTY_FAILED (nothing said: no storage, or a disk
 * that refused; the game goes on). */
int keep_store(keep *k, tty_io *io, const void *data, size_t len);
/* The game is over: forget its save; the next game gets a new code. */
void keep_forget(keep *k, tty_io *io);

#endif
