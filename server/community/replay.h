/*
 * replay.h - a recording read back: its events in memory, and playing
 * them on a session at their own speed, faster, or paused.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef REPLAY_H
#define REPLAY_H

#include <stddef.h>

#include "buf.h"
#include "sess.h"

typedef struct replay_ev {
    double t;
    size_t off, len;
    int width, height;          /* a resize ("r") event: the new size;
                                   0 for output */
} replay_ev;

typedef struct replay {
    int width, height;          /* the header's */
    int max_width, max_height;  /* the largest the screen ever was */
    buf data;                   /* every event's bytes, one after another */
    replay_ev *ev;
    size_t n, cap;
} replay;

/* Read an asciicast v2 file; 0, or -1 with a reason in err. */
int replay_load(replay *r, const char *path, char *err, size_t errlen);
void replay_free(replay *r);
/* Longest pause played as it was (longer ones are cut to this). */
#define REPLAY_IDLE_MAX 2.0
/* Play r on s: Space pauses and resumes, F doubles the speed (to 16),
 * N goes back to the recorded speed, Q or Escape stops.  Returns
 * TTY_EOF if s hung up, else 0. */
int replay_play(sess *s, const replay *r);

#endif
