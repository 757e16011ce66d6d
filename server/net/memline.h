/*
 * memline.h - the scripted in-memory line: a whole session driven by a
 * string of keystrokes, its output captured.  The unit tests run games
 * through it exactly as a telnet or pty session would (same session, same
 * contract, same line discipline and profile filter), with no sockets.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef MEMLINE_H
#define MEMLINE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "tty.h"

typedef struct memline_opts {
    const char *game;       /* play this game; NULL: the menu */
    const char *resume;     /* or resume this code */
    const char *profile;    /* NULL: glass */
    uint64_t seed;          /* sessions here are always seeded */
    uint64_t k;             /* the session number that goes with the seed */
    const char *data;       /* data directory; NULL: no storage */
    const char *name;       /* player name; NULL: GUEST */
    int width, height;      /* 0: the profile's */
    int remote_echo;        /* behave like a client that echoes itself */
    int eager;              /* type into timed key waits and CKINP loops
                               too (a player who presses keys during an
                               animation or a demo) */
    int baud;               /* pace output (the clock is real) */
    /* The window changes size (as NAWS would tell) once this many keys of
     * the script are typed (0: never). */
    int resize_after;
    int resize_width, resize_height;
    /* A notice (sess_notice, from the loop, as the operator's say comes)
     * once this many bytes of the script are typed, while the game waits
     * for the next key (0: none). */
    int notice_after;
    const char *notice;
    int notice_flags;
    int stuck;              /* a client that never reads what it is sent */
    /* Type the script in bursts of this many bytes as fast as the line is
     * read (a paste, a pipe), not one key per prompt (0). */
    int burst;
    /* Told of every write to the line, as it happens (pacing bench). */
    void (*sent)(void *ctx, const char *p, size_t n);
    /* The server's log goes here (NULL: no log). */
    FILE *log;
    /* Instead of a game: run this on the session's coroutine (tests of
     * the contract itself). */
    void (*run)(tty_io *io, void *ctx);
    void *ctx;
} memline_opts;

/* Run the session until it ends (the game returns, or the input runs out
 * and the game unwinds).  Returns the line's output, NUL-terminated and
 * malloc'd; *len (if not NULL) gets its length. */
char *memline_run(const memline_opts *o, const char *input, size_t inlen,
                  size_t *len);

#endif
