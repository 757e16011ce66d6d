/*
 * buf.c - growable byte buffer.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdarg.h>
#include <stdio.h>
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

void buf_printf(buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n <= 0)
        return;
    /* room for the terminating NUL vsnprintf writes, not kept */
    char *tmp = malloc((size_t)n + 1);
    if (!tmp)
        abort();
    va_start(ap, fmt);
    vsnprintf(tmp, (size_t)n + 1, fmt, ap);
    va_end(ap);
    buf_add(b, tmp, (size_t)n);
    free(tmp);
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
