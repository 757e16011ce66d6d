/*
 * fdline.c - polled reads and queued writes on a device fd.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "fdline.h"
#include "srv.h"

static void fdline_event(uv_poll_t *h, int status, int events);

void fdline_init(fdline *l, int fd)
{
    l->fd = fd;
    l->events = 0;
    l->held = 0;
    l->poll = malloc(sizeof *l->poll);
    if (!l->poll)
        abort();
    uv_poll_init(srv_loop, l->poll, fd);
    l->poll->data = l;
}

static void fdline_poll_closed(uv_handle_t *h)
{
    free(h);
}

void fdline_watch(fdline *l)
{
    int events = UV_DISCONNECT | (l->held ? 0 : UV_READABLE);
    if (buf_avail(&l->wq))
        events |= UV_WRITABLE;
    if (l->events != events) {
        l->events = events;
        uv_poll_start(l->poll, events, fdline_event);
    }
}

void fdline_stop(fdline *l)
{
    if (l->events)
        uv_poll_stop(l->poll);
    l->events = 0;
}

void fdline_hold(fdline *l, int on)
{
    l->held = on != 0;
    if (l->events)
        fdline_watch(l);
}

void fdline_close_fd(fdline *l)
{
    fdline_stop(l);
    buf_free(&l->wq);
    if (l->poll)
        uv_close((uv_handle_t *)l->poll, fdline_poll_closed);
    l->poll = NULL;
    if (l->fd >= 0)
        close(l->fd);
    l->fd = -1;
}

void fdline_pump(fdline *l)
{
    while (buf_avail(&l->wq) && l->fd >= 0) {
        ssize_t n = write(l->fd, buf_data(&l->wq), buf_avail(&l->wq));
        if (n > 0) {
            buf_consume(&l->wq, (size_t)n);
            if (l->on_progress)
                l->on_progress(l);
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno != EAGAIN)
            buf_free(&l->wq);   /* the far side is gone; reading says so */
        break;
    }
}

void fdline_send(fdline *l, const char *p, size_t n)
{
    buf_add(&l->wq, p, n);
    fdline_pump(l);
    if (buf_avail(&l->wq) && l->events)
        fdline_watch(l);    /* now also for room to write */
}

static void fdline_hangup(fdline *l)
{
    fdline_stop(l);
    l->on_hangup(l);
}

static void fdline_event(uv_poll_t *h, int status, int events)
{
    fdline *l = h->data;
    if (status < 0 || (events & UV_DISCONNECT)) {
        fdline_hangup(l);
        return;
    }
    if (events & UV_WRITABLE) {
        fdline_pump(l);
        if (!buf_avail(&l->wq))
            fdline_watch(l);
    }
    if (!(events & UV_READABLE))
        return;
    unsigned char chunk[4096];
    ssize_t n = read(l->fd, chunk, sizeof chunk);
    if (n < 0 && (errno == EAGAIN || errno == EINTR))
        return;
    if (n <= 0) {
        fdline_hangup(l);
        return;
    }
    l->on_read(l, chunk, (size_t)n);
}
