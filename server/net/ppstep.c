/*
 * ppstep.c - wait for a PROXY header on a fresh connection, bounded in
 * size (PP_MAX) and in time (PP_WAIT_MS), without blocking the loop.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "metrics.h"
#include "ppstep.h"
#include "proxyproto.h"
#include "srv.h"

static cidr pp_trust[PP_TRUST_MAX];
static int pp_ntrust;
static unsigned long pp_nrefused;

typedef struct pp_wait_t {
    uv_tcp_t *tcp;
    void *saved_data;
    void *ctx;
    pp_done_cb done;
    uv_timer_t timer;
    size_t n;
    int finished;
    unsigned char buf[PP_MAX];
} pp_wait_t;

int pp_trust_add(const cidr *c)
{
    if (pp_ntrust == PP_TRUST_MAX)
        return -1;
    pp_trust[pp_ntrust++] = *c;
    return 0;
}

void pp_trust_clear(void)
{
    pp_ntrust = 0;
}

int pp_trusted(const struct sockaddr *peer)
{
    for (int i = 0; i < pp_ntrust; i++)
        if (cidr_match(&pp_trust[i], peer))
            return 1;
    return 0;
}

int pp_trust_count(void)
{
    return pp_ntrust;
}

unsigned long pp_refused_count(void)
{
    return pp_nrefused;
}

static void pp_timer_closed(uv_handle_t *h)
{
    free(h->data);
}

/* Hands the connection back to its transport and frees the wait. */
static void pp_finish(pp_wait_t *w, int ok, const pp_result *r)
{
    if (w->finished)
        return;
    w->finished = 1;
    uv_read_stop((uv_stream_t *)w->tcp);
    uv_timer_stop(&w->timer);
    w->tcp->data = w->saved_data;
    if (!ok)
        pp_nrefused++;
    const char *rest = ok ? (const char *)w->buf + r->used : "";
    size_t n = ok ? w->n - r->used : 0;
    w->done(w->tcp, w->ctx, ok, ok && !r->local ? &r->src : NULL, rest, n);
    w->timer.data = w;
    uv_close((uv_handle_t *)&w->timer, pp_timer_closed);
}

static void pp_alloc(uv_handle_t *h, size_t hint, uv_buf_t *b)
{
    (void)hint;
    pp_wait_t *w = h->data;
    /* Never more than the header can be: what follows it waits in the
     * kernel for the transport, except what came in the same read. */
    b->base = (char *)w->buf + w->n;
    b->len = sizeof w->buf - w->n;
}

static void pp_read(uv_stream_t *st, ssize_t nread, const uv_buf_t *b)
{
    (void)b;
    pp_wait_t *w = st->data;
    if (nread < 0) {
        pp_finish(w, 0, NULL);
        return;
    }
    w->n += (size_t)nread;
    pp_result r;
    memset(&r, 0, sizeof r);
    int rc = pp_parse(w->buf, w->n, &r);
    if (rc == PP_DONE)
        pp_finish(w, 1, &r);
    else if (rc == PP_BAD || w->n == sizeof w->buf)
        pp_finish(w, 0, NULL);
}

static void pp_late(uv_timer_t *t)
{
    pp_finish(t->data, 0, NULL);
}

void pp_wait(uv_tcp_t *tcp, void *ctx, pp_done_cb done)
{
    pp_wait_t *w = calloc(1, sizeof *w);
    if (!w) {
        done(tcp, ctx, 0, NULL, "", 0);
        return;
    }
    w->tcp = tcp;
    w->saved_data = tcp->data;
    w->ctx = ctx;
    w->done = done;
    tcp->data = w;
    uv_timer_init(tcp->loop, &w->timer);
    w->timer.data = w;
    uv_timer_start(&w->timer, pp_late, PP_WAIT_MS, 0);
    if (uv_read_start((uv_stream_t *)tcp, pp_alloc, pp_read) != 0)
        pp_finish(w, 0, NULL);
}

void pp_refuse(uv_tcp_t *tcp, const char *door, uv_close_cb closed)
{
    struct sockaddr_storage own;
    int len = sizeof own;
    memset(&own, 0, sizeof own);
    uv_tcp_getpeername(tcp, (struct sockaddr *)&own, &len);
    char peer[80], host[64];
    pp_name(&own, host, sizeof host, peer, sizeof peer);
    srv_log("refused %s%s: no valid PROXY header", door, peer);
    metrics_refused(METRICS_REFUSED_PROXY);
    uv_close((uv_handle_t *)tcp, closed);
}
