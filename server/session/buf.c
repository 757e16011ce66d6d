/*
 * buf.c - growable byte buffer.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"

void buf_add(buf *b, const void *data, size_t n)
{
    if (b->len + n > b->cap) {
        if (b->off) {           /* slide the unconsumed part down first */
            memmove(b->p, b->p + b->off, b->len - b->off);
            b->len -= b->off;
            b->off = 0;
        }
        if (b->len + n > b->cap) {
            size_t cap = b->cap ? b->cap : 256;
            while (cap < b->len + n)
                cap *= 2;
            char *p = realloc(b->p, cap);
            if (!p)
                abort();
            b->p = p;
            b->cap = cap;
        }
    }
    memcpy(b->p + b->len, data, n);
    b->len += n;
}

void buf_addc(buf *b, int c)
{
    char ch = (char)c;
    buf_add(b, &ch, 1);
}

void buf_adds(buf *b, const char *s)
{
    buf_add(b, s, strlen(s));
}

void buf_consume(buf *b, size_t n)
{
    b->off += n;
    if (b->off >= b->len)
        buf_free(b);
}

void buf_free(buf *b)
{
    free(b->p);
    b->p = NULL;
    b->len = b->cap = b->off = 0;
}
