/*
 * hold.h - a resume code in play is held by its session.
 *
 * A save is one game: while a session plays it, a second session that
 * resumes the same code would play a copy, and whichever saved last would
 * overwrite the other's moves.  So the session that resumes a code, or
 * that was given it by a fresh save, holds it until its game returns; a
 * RESUME of a held code is refused, except by the partner a two-terminal
 * game is waiting for in the lobby under "GAME:CODE".  Holds are kept on
 * the loop thread; servers sharing a database also hold each code across
 * servers (hold.c).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef HOLD_H
#define HOLD_H

#include "sess.h"

/* Hold code for s (from a coroutine: it may wait for the database).
 * TTY_OK when s holds it now (or already did), or when its holder waits
 * in the lobby for a partner to resume it with (s then joins without
 * holding); TTY_BUSY when another session plays it, and *holder (if not
 * NULL) is that session, or NULL when it is on another server. */
int hold_take(sess *s, const char *code, sess **holder);
/* Let go of every code s holds (its game has returned). */
void hold_release(sess *s);
/* The relay is up again: hold this server's codes across servers again. */
void hold_relay_up(void);
/* The session holding code, or NULL. */
sess *hold_holder(const char *code);

#endif
