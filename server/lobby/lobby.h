/*
 * lobby.h - the waiting list of this server's lobby (lobby.c), shared by
 * tty_lobby and the lobby of servers sharing a database (xlobby.c).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef LOBBY_H
#define LOBBY_H

#include <stdint.h>

#include "sess.h"

/* List s as waiting under key. */
void lobby_add(sess *s, const char *key);
/* Take s off the list (if on it). */
void lobby_remove(sess *s);
/* A live waiter under key, or (key NULL) holding the shared seat `seat`. */
sess *lobby_find(const char *key, long seat);
/* Stop the wait of everyone holding a shared seat (with why, printed to
 * each): their wait returns TTY_CANCEL. */
void lobby_cancel_seated(const char *why);
/* Pair a waiting host with its guest: the host's coroutine runs the game
 * for both from now on, and holds a reference to the guest. */
void lobby_pair(sess *host, sess *guest);
/* The guest's side on this server: pair with host and sleep until it
 * lets go.  TTY_LOBBY_GUEST. */
int lobby_join(sess *io, sess *host);
/* The waiter's side (already listed): TTY_LOBBY_HOST with *peer once
 * paired, TTY_CANCEL (Q or Escape) or TTY_EOF, off the list then. */
int lobby_wait(sess *io, const char *waiting, tty_io **peer);
/* The same until the clock (sess_now_ms) reads until_ms (0: no end):
 * TTY_TIMEOUT then, off the list. */
int lobby_wait_until(sess *io, const char *waiting, tty_io **peer,
                     uint64_t until_ms);

#endif
