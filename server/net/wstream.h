/*
 * wstream.h - writing to a libuv stream with the backlog counted, shared by
 * the telnet and stdio transports.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef WSTREAM_H
#define WSTREAM_H

#include <uv.h>

#include "sess.h"

typedef struct wstream {
    uv_stream_t *stream;
    sess *s;            /* told of progress; may be NULL */
    size_t backlog;     /* bytes written but not yet taken by the kernel */
} wstream;

/* Copy p and queue it; errors mean the line is going away, which the
 * reading side reports. */
void wstream_write(wstream *w, const char *p, size_t n);
/* A shared read buffer: reads are consumed before the callback returns. */
void wstream_alloc(uv_handle_t *h, size_t hint, uv_buf_t *b);

#endif
