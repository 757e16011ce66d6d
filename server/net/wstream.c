/*
 * wstream.c - counted stream writes.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "wstream.h"

typedef struct wstream_req {
    uv_write_t req;
    wstream *w;
    size_t n;
    char data[];
} wstream_req;

static void wstream_done(uv_write_t *req, int status)
{
    wstream_req *r = (wstream_req *)req;
    (void)status;
    r->w->backlog -= r->n;
    if (r->w->s)
        sess_output_progress(r->w->s);
    free(r);
}

void wstream_write(wstream *w, const char *p, size_t n)
{
    if (!n || uv_is_closing((uv_handle_t *)w->stream))
        return;
    wstream_req *r = malloc(sizeof *r + n);
    if (!r)
        abort();
    memcpy(r->data, p, n);
    r->w = w;
    r->n = n;
    uv_buf_t b = uv_buf_init(r->data, (unsigned)n);
    if (uv_write(&r->req, w->stream, &b, 1, wstream_done) != 0) {
        free(r);
        return;
    }
    w->backlog += n;
}

void wstream_alloc(uv_handle_t *h, size_t hint, uv_buf_t *b)
{
    static char shared[65536];
    (void)h;
    (void)hint;
    *b = uv_buf_init(shared, sizeof shared);
}
