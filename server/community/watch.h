/*
 * watch.h - the tap on a session's output: every byte the player receives
 * (after the profile filter, before the transport) is copied to whoever
 * watches, to the kept screen a new watcher is shown first, and to the
 * game's recording.
 *
 * Nothing here can slow the player: a watcher's queue is bounded
 * (WATCH_QMAX); a watcher that falls behind misses bytes and is brought
 * back with a redraw of the kept screen once its line has drained.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef WATCH_H
#define WATCH_H

#include "scrkeep.h"
#include "sess.h"

#define WATCH_QMAX (64 * 1024)

struct rec;

/* One watcher's place at one player's session. */
typedef struct watch_seat {
    sess *w;                    /* the watcher */
    sess *target;               /* the player; NULL once the watch ended */
    unsigned behind : 1;        /* bytes were missed: redraw when drained */
    unsigned follows : 1;       /* the watcher's screen takes the player's
                                   size, told in the stream (a browser) */
    const char *why;            /* why the watch ended (shown to w) */
    struct watch_seat *next;
} watch_seat;

/* A game's resume code and each side's code (tty_side_code), and one more
 * for a code of the game before. */
#define WATCH_SECRETS 4

typedef struct sess_tap {
    scrkeep keep;
    watch_seat *seats;          /* who watches this session */
    int nseats;
    watch_seat *watching;       /* whom this session watches */
    struct rec *rec;            /* the game being recorded */
    buf pending;                /* for the watchers, after the player */
    char secrets[WATCH_SECRETS][TTY_CODE_SIZE]; /* resume codes this
                                   session was shown, and the codes of the
                                   sides of its two-terminal game */
    unsigned hush : 1;          /* the player types a secret */
    unsigned hid : 1;           /* the kept screen is a hiding game's */
    unsigned onlooker : 1;      /* this session only watches (a browser's
                                   watcher): listed nowhere */
} watch_tap;

/* Hand the session layer the tap's calls (sess_set_tap): every session's
 * output is then kept, recorded and copied to its watchers.  The server
 * and every harness that runs the menu call it once at start. */
void watch_init(void);
/* From sess_flush, after the player's bytes went to the line: copy
 * them to the watchers (the recording's end calls it too). */
void watch_tap_flush(sess *s);
watch_tap *watch_tap_of(sess *s);

/* How many watch s. */
int watch_count(const sess *s);
/* NULL if w may watch target now, else why not (a line to show w). */
const char *watch_refusal(sess *w, sess *target, char *why, size_t size);
/* The part of watch_refusal that is the player's alone (gone, forbids
 * it, watches someone, plays a hiding game): what a list of who may be
 * watched asks, and all a watcher whose screen follows the player's
 * needs. */
const char *watch_target_refusal(const sess *target, char *why,
                                 size_t size);
/* w starts watching target (after watch_refusal said yes): the kept
 * screen is sent to w and the player told the new count.  A seat with
 * follows set is told the player's size first, and at every change. */
void watch_join(watch_seat *seat, sess *w, sess *target);
/* From w's coroutine: join, then pass the player's screen on until w
 * hangs up or types Q or Escape (NULL), or the watch ends (why, a line
 * for w); the seat is left either way. */
const char *watch_follow(watch_seat *seat, sess *w, sess *target);
/* The watch ends (w pressed Q, hung up, or the seat was ended). */
void watch_leave(watch_seat *seat);
/* Send a seat that fell behind the redraw, if its line has drained;
 * 1 if it did. */
int watch_catch_up(watch_seat *seat);

/* The player forbids (1) or allows (0) watching.  Kept as the session
 * option "watch" ("no" when forbidden); watch_forbid_hook, when set, is
 * told as well, so an account can keep the choice. */
int watch_forbidden(const sess *s);
void watch_set_forbidden(sess *s, int forbid);
extern void (*watch_forbid_hook)(sess *s, int forbid);

/* A resume code is a key to the player's saved game: watchers, the kept
 * screen and the recording get it as ****** (for io and the other side
 * of its two-terminal game).  While hushed, the letters and digits the
 * player types (a code at RESUME) go to them as '*'. */
void watch_secret(sess *io, const char *code);
void watch_hush(sess *s, int on);

/* How many sessions watch now, for /metrics (a metrics source). */
void watch_metrics(buf *out);

/* The game s plays now hides what one side may see (Gunjin Shogi). */
int watch_hidden(const sess *s);
/* 1 if game is one of those (its recordings show one side's pieces). */
int watch_game_hides(const char *game);

#endif
