/*
 * takeover.h - taking a game over from a line that went silent.
 *
 * A player whose line died without a word (Wi-Fi gone, a laptop closed)
 * comes back on a new line while the old session still holds the game
 * (hold.h): the code is refused as in play.  As dgamelaunch does, the
 * game's owner may take it over: the old session is told, its input ends,
 * its game saves at its last answered move (every answered move is saved
 * already) and lets go, and the new session resumes the code there.  The
 * owner is whoever is logged in to the account playing it there; anyone
 * else holding only the code may take it over once the old line has been
 * idle for takeover_idle_s.
 *
 * Across servers sharing PostgreSQL the hold is shared too: the question
 * who plays a code goes to every server through the relay (Q), the one
 * whose session holds it answers (H: door, idle time, owner), and the
 * take-over goes to that server (T), which ends its session; the new
 * session waits for the code to be free.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef TAKEOVER_H
#define TAKEOVER_H

#include "sess.h"

extern int takeover_idle_s;     /* --takeover-idle: a guest's wait */

typedef struct takeover {
    sess *holder;               /* on this server, or NULL */
    char server[32];            /* the holder's server, when elsewhere */
    char door[16];              /* its transport: "telnet", "ssh"... */
    long idle_s;                /* how long its player has been silent */
    int owner;                  /* the asker is logged in to the same
                                   account as the holder */
} takeover;

/* Who plays code now (from s's coroutine: a question to other servers
 * waits up to two seconds): TTY_OK with *t, or TTY_NOTFOUND. */
int takeover_find(sess *s, const char *code, takeover *t);
/* 1 if s may take it over: the owner, or the old line idle long enough. */
int takeover_allowed(const takeover *t);
/* End the session that plays code (told it was taken over) and wait until
 * s holds the code: TTY_OK, TTY_BUSY if it was not let go in time, or
 * TTY_EOF if s hung up meanwhile. */
int takeover_take(sess *s, const char *code, const takeover *t);
/* A relay line of the take-over's (Q, H or T) from server `from`; 1 if it
 * was one (xlobby.c hands every line here first). */
int takeover_line(const char *from, char type, char *args);

#endif
