/*
 * fdline.h - a line on a plain file descriptor (a pty master, a serial
 * device): polled reads, a write queue for what the device will not take
 * yet, and word of a hang-up.  ptyline.c and serial.c are built on it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef FDLINE_H
#define FDLINE_H

#include <uv.h>

#include "buf.h"

typedef struct fdline fdline;
struct fdline {
    int fd;
    uv_poll_t *poll;    /* one per fd: a poll handle is bound to its fd */
    int events;         /* what poll is started for, 0 when stopped */
    int held;           /* not reading: the session's keys are full */
    buf wq;             /* waiting for the device to take it */
    void *owner;
    /* Bytes arrived; n > 0. */
    void (*on_read)(fdline *l, unsigned char *p, size_t n);
    /* The far side is gone (EIO, HUP, an unplugged device); polling has
     * stopped. */
    void (*on_hangup)(fdline *l);
    /* The device took some output (may be NULL). */
    void (*on_progress)(fdline *l);
};

void fdline_init(fdline *l, int fd);
/* Poll for input (and for room to write while output waits). */
void fdline_watch(fdline *l);
void fdline_stop(fdline *l);
/* Stop (1) or resume (0) reading while watched; writing goes on. */
void fdline_hold(fdline *l, int on);
void fdline_send(fdline *l, const char *p, size_t n);
/* Write what the device takes now without waiting. */
void fdline_pump(fdline *l);
static inline size_t fdline_backlog(const fdline *l) { return buf_avail(&l->wq); }
/* Stop polling and close the fd; fdline_init may then take a new one (a
 * device plugged back in). */
void fdline_close_fd(fdline *l);

#endif
