/*
 * rec.h - every game played is recorded: asciicast v2 files under
 * DATA/recordings, one a game and player, indexed in the store.
 *
 * The loop only queues: a writer thread of its own formats the events,
 * writes the file and updates the index, so neither the disk nor the
 * store can hold a player up.  The queue is bounded (REC_QMAX bytes of
 * output waiting); past it output is left out of the recording, which is
 * then marked "truncated", rather than waited for.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef REC_H
#define REC_H

#include <stddef.h>

#include "sess.h"

#define REC_QMAX (4 * 1024 * 1024)

struct rec;

/* The data directory recordings go under (NULL or unset: none are made). */
void rec_set_dir(const char *dir);
const char *rec_dir(void);
/* Retention (0: no limit): recordings older than days, and the oldest
 * past a total of max_mb, are removed when a recording ends and when
 * rec_prune_now is called (at start). */
extern int rec_days, rec_max_mb;
void rec_prune_now(void);

/* s begins a game: its output from now on is recorded. */
void rec_start(sess *s, const char *game);
/* Bytes s received (from the tap). */
void rec_data(struct rec *r, const char *p, size_t n);
/* The player's screen is now width x height: an "r" event, in its place
 * among the output. */
void rec_resize(struct rec *r, int width, int height);
/* The game is over; result: "finished", "hangup", "stopped"... */
void rec_end(sess *s, const char *result);
/* Bytes of recordings on disk, or -1 before the writer has counted them
 * (rec_prune_now at start has it count); and as a /metrics source. */
long long rec_disk_bytes(void);
void rec_metrics(buf *out);
/* How many recordings this process has finished writing (any thread):
 * a change says the lists of games, and the hall of fame and ratings
 * that a game's end writes before its recording ends, are new. */
unsigned rec_generation(void);
/* Wait until everything queued is written, at most ms (at exit). */
void rec_drain(int ms);

/* Remove recordings past the limits from store st and dir now (the
 * writer thread, or a command-line tool); returns how many. */
struct store;
int rec_prune(struct store *st, const char *dir, int days, int max_mb,
              long now);

#endif
