/*
 * logq.h - the log's queue: srv_log hands each line to a bounded queue
 * that a thread of its own writes out, so a log nobody reads (a full
 * stderr pipe, a stalled disk) never stops the loop.  When the queue is
 * full, lines are dropped and counted, and the count is written when
 * there is room again.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef LOGQ_H
#define LOGQ_H

#include <stddef.h>

#define LOGQ_SIZE (256 * 1024)

/* Queues one line (with its newline) for fd.  Starts the writer thread on
 * first use.  Never blocks on fd. */
void logq_put(int fd, const char *line, size_t n);
/* Waits at most ms for the queue to be written (at exit). */
void logq_flush(int ms);
/* Lines dropped so far because the queue was full. */
unsigned long logq_dropped(void);

#endif
