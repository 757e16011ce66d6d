/*
 * buf.h - a growable byte buffer, the one container the server uses for
 * output queues and scratch text.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef BUF_H
#define BUF_H

#include <stddef.h>

typedef struct buf {
    char *p;
    size_t len, cap;
    size_t off;         /* bytes already consumed from the front */
} buf;

void buf_add(buf *b, const void *data, size_t n);
void buf_addc(buf *b, int c);
void buf_adds(buf *b, const char *s);
/* Formatted text, any length. */
void buf_printf(buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Bytes not yet consumed. */
static inline size_t buf_avail(const buf *b) { return b->len - b->off; }
static inline const char *buf_data(const buf *b) { return b->p + b->off; }
/* Drop n bytes from the front; frees the storage once empty so an idle
 * session keeps no buffer. */
void buf_consume(buf *b, size_t n);
void buf_free(buf *b);

#endif
