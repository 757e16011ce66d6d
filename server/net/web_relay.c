/*
 * web_relay.c - the client's bytes to libwebsockets and back (see
 * web_relay.h).
 *
 * Back-pressure: each way stops reading while more than WEB_RELAY_QUEUE
 * bytes wait to be written on the other side, so a page that stops
 * reading fills the socketpair, lws stops being told it may write, and
 * the session's own stall limit drops it as it would without the relay.
 *
 * Ends: the client's end of input is passed to lws as the end of its
 * socket; lws closing its end sends the client what lws wrote, then the
 * end.  The relay is freed when both its handles have closed.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "buf.h"
#include "srv.h"
#include "web_frame.h"
#include "web_relay.h"

#define WEB_RELAY_QUEUE (64 * 1024)
#define WEB_RELAY_READ 65536

enum {
    WEB_RELAY_HEAD,             /* the first request's header, passing */
    WEB_RELAY_HELD,             /* after it: held until lws answers */
    WEB_RELAY_FRAMES,           /* a WebSocket: the frames are checked */
    WEB_RELAY_PASS,             /* plain HTTP: passed as it is */
    WEB_RELAY_FAILED,           /* an unmasked frame: the rest dropped */
};

typedef struct web_relay {
    uv_tcp_t *tcp;              /* the client */
    uv_pipe_t pipe;             /* our end of the socketpair */
    uv_shutdown_t tcp_shut, pipe_shut;
    int lws_fd;                 /* lws's end; -1 once forgotten */
    int state;
    int eoh;                    /* how much of "\r\n\r\n" was seen */
    int text;                   /* a byte other than CR and LF was */
    buf held;
    web_frame frame;
    char peer[80];
    int handles;                /* open: 2 until closing */
    unsigned tcp_reading : 1, pipe_reading : 1;
    unsigned tcp_eof : 1, pipe_eof : 1, eof_passed : 1, closing : 1;
} web_relay;

typedef struct web_relay_wr {
    uv_write_t req;
    web_relay *r;
    char data[];
} web_relay_wr;

/* By lws's end: what web.c's callbacks ask about. */
static web_relay **web_relays;
static int web_nrelays;

static int web_relay_register(int fd, web_relay *r)
{
    if (fd >= web_nrelays) {
        int n = fd + 64;
        void *p = realloc(web_relays, (size_t)n * sizeof *web_relays);
        if (!p)
            return -1;
        web_relays = p;
        memset(web_relays + web_nrelays, 0,
               (size_t)(n - web_nrelays) * sizeof *web_relays);
        web_nrelays = n;
    }
    web_relays[fd] = r;
    return 0;
}

static web_relay *web_relay_find(int fd)
{
    return fd >= 0 && fd < web_nrelays ? web_relays[fd] : NULL;
}

/* ---- ends ----------------------------------------------------------- */

static void web_relay_closed(uv_handle_t *h)
{
    web_relay *r = h->data;
    if (--r->handles)
        return;
    free(r->tcp);
    buf_free(&r->held);
    free(r);
}

static void web_relay_close(web_relay *r)
{
    if (r->closing)
        return;
    r->closing = 1;
    if (r->lws_fd >= 0 && web_relay_find(r->lws_fd) == r)
        web_relays[r->lws_fd] = NULL;
    r->lws_fd = -1;
    uv_close((uv_handle_t *)r->tcp, web_relay_closed);
    uv_close((uv_handle_t *)&r->pipe, web_relay_closed);
}

static void web_relay_shut(uv_shutdown_t *req, int status)
{
    web_relay *r = req->handle->data;
    /* the client has had everything lws wrote: done */
    if (req == &r->tcp_shut || status < 0)
        web_relay_close(r);
}

/* The client's end of input goes on to lws once nothing is held back
 * from it (lws reads the end after the bytes before it). */
static void web_relay_pass_eof(web_relay *r)
{
    if (!r->tcp_eof || r->eof_passed || r->closing ||
        r->state == WEB_RELAY_HELD)
        return;
    r->eof_passed = 1;
    if (uv_shutdown(&r->pipe_shut, (uv_stream_t *)&r->pipe,
                    web_relay_shut) != 0)
        web_relay_close(r);
}

/* ---- writing and reading -------------------------------------------- */

static void web_relay_flow(web_relay *r);

static void web_relay_written(uv_write_t *req, int status)
{
    web_relay_wr *w = (web_relay_wr *)req;
    web_relay *r = w->r;
    free(w);
    if (r->closing)
        return;
    if (status < 0)
        web_relay_close(r);
    else
        web_relay_flow(r);
}

static void web_relay_write(web_relay *r, uv_stream_t *to, const void *p,
                            size_t n)
{
    if (!n || r->closing)
        return;
    web_relay_wr *w = malloc(sizeof *w + n);
    if (!w) {
        web_relay_close(r);
        return;
    }
    memcpy(w->data, p, n);
    w->r = r;
    uv_buf_t b = uv_buf_init(w->data, (unsigned)n);
    if (uv_write(&w->req, to, &b, 1, web_relay_written) != 0) {
        free(w);
        web_relay_close(r);
    }
}

static void web_relay_alloc(uv_handle_t *h, size_t want, uv_buf_t *b)
{
    /* every read is copied out before the next: one buffer serves all */
    static char space[WEB_RELAY_READ];
    (void)h;
    (void)want;
    *b = uv_buf_init(space, sizeof space);
}

static void web_relay_from_client(uv_stream_t *s, ssize_t n,
                                  const uv_buf_t *b);
static void web_relay_from_lws(uv_stream_t *s, ssize_t n, const uv_buf_t *b);

static void web_relay_reading(web_relay *r, uv_stream_t *s,
                              unsigned *reading, int want, uv_read_cb cb)
{
    if (want && !*reading) {
        if (uv_read_start(s, web_relay_alloc, cb) != 0) {
            web_relay_close(r);
            return;
        }
        *reading = 1;
    } else if (!want && *reading) {
        uv_read_stop(s);
        *reading = 0;
    }
}

static void web_relay_flow(web_relay *r)
{
    if (r->closing)
        return;
    size_t to_lws = uv_stream_get_write_queue_size((uv_stream_t *)&r->pipe);
    size_t to_client = uv_stream_get_write_queue_size((uv_stream_t *)r->tcp);
    /* after a failure the client is read (and ignored) to its end, so the
     * close reaches it before the connection's end, not a reset */
    int client = !r->tcp_eof &&
                 (r->state == WEB_RELAY_FAILED ||
                  (to_lws < WEB_RELAY_QUEUE &&
                   !(r->state == WEB_RELAY_HELD &&
                     buf_avail(&r->held) >= WEB_RELAY_QUEUE)));
    unsigned reading = r->tcp_reading;
    web_relay_reading(r, (uv_stream_t *)r->tcp, &reading, client,
                      web_relay_from_client);
    r->tcp_reading = reading;
    if (r->closing)
        return;
    reading = r->pipe_reading;
    web_relay_reading(r, (uv_stream_t *)&r->pipe, &reading,
                      !r->pipe_eof && to_client < WEB_RELAY_QUEUE,
                      web_relay_from_lws);
    r->pipe_reading = reading;
}

/* ---- the client's bytes --------------------------------------------- */

/* How many of p end the first request's header (all n if it goes on). */
static size_t web_relay_head(web_relay *r, const char *p, size_t n)
{
    static const char eoh[] = "\r\n\r\n";
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (c != '\r' && c != '\n')
            r->text = 1;
        if (!r->text)
            continue;
        if (c == eoh[r->eoh])
            r->eoh++;
        else
            r->eoh = c == '\r';
        if (r->eoh == 4) {
            r->state = WEB_RELAY_HELD;
            return i + 1;
        }
    }
    return n;
}

static void web_relay_fail(web_relay *r)
{
    unsigned char close[8 + 123];
    r->state = WEB_RELAY_FAILED;
    buf_free(&r->held);
    srv_log("web %s: a frame from the client was not masked, closed (1002)",
            r->peer);
    size_t n = web_frame_close(close, 1002, "unmasked frame");
    web_relay_write(r, (uv_stream_t *)&r->pipe, close, n);
}

static void web_relay_frames(web_relay *r, const char *p, size_t n)
{
    static unsigned char out[WEB_RELAY_READ + 1];
    while (n && r->state == WEB_RELAY_FRAMES) {
        size_t take = n < WEB_RELAY_READ ? n : WEB_RELAY_READ, nout;
        int rc = web_frame_feed(&r->frame, (const unsigned char *)p, take,
                                out, &nout);
        web_relay_write(r, (uv_stream_t *)&r->pipe, out, nout);
        if (rc < 0)
            web_relay_fail(r);
        p += take;
        n -= take;
    }
}

static void web_relay_client(web_relay *r, const char *p, size_t n)
{
    size_t head;
    switch (r->state) {
    case WEB_RELAY_HEAD:
        head = web_relay_head(r, p, n);
        web_relay_write(r, (uv_stream_t *)&r->pipe, p, head);
        if (head < n)
            buf_add(&r->held, p + head, n - head);
        break;
    case WEB_RELAY_HELD:
        buf_add(&r->held, p, n);
        break;
    case WEB_RELAY_FRAMES:
        web_relay_frames(r, p, n);
        break;
    case WEB_RELAY_PASS:
        web_relay_write(r, (uv_stream_t *)&r->pipe, p, n);
        break;
    default:                    /* failed: nothing more reaches lws */
        break;
    }
}

/* lws has answered the first request: what waited goes on, as frames if
 * it became a WebSocket. */
static void web_relay_release(web_relay *r, int state)
{
    if (r->state != WEB_RELAY_HEAD && r->state != WEB_RELAY_HELD)
        return;
    r->state = state;
    buf held = r->held;
    memset(&r->held, 0, sizeof r->held);
    web_relay_client(r, buf_data(&held), buf_avail(&held));
    buf_free(&held);
    web_relay_pass_eof(r);
    web_relay_flow(r);
}

static void web_relay_from_client(uv_stream_t *s, ssize_t n,
                                  const uv_buf_t *b)
{
    web_relay *r = s->data;
    if (n > 0) {
        web_relay_client(r, b->base, (size_t)n);
        web_relay_flow(r);
    } else if (n == UV_EOF) {
        r->tcp_eof = 1;
        web_relay_flow(r);
        web_relay_pass_eof(r);
    } else if (n < 0) {
        web_relay_close(r);
    }
}

/* ---- lws's bytes ---------------------------------------------------- */

static void web_relay_from_lws(uv_stream_t *s, ssize_t n, const uv_buf_t *b)
{
    web_relay *r = s->data;
    if (n > 0) {
        /* An answer with no upgrade taken (web_relay_upgraded comes in
         * the same turn of the loop as lws writes its 101, before this
         * can read it): plain HTTP from here. */
        web_relay_release(r, WEB_RELAY_PASS);
        web_relay_write(r, (uv_stream_t *)r->tcp, b->base, (size_t)n);
        web_relay_flow(r);
        return;
    }
    if (n == 0)
        return;
    /* lws closed its end (EOF, or a reset if it left bytes unread) */
    r->pipe_eof = 1;
    web_relay_flow(r);
    if (!r->closing && uv_shutdown(&r->tcp_shut, (uv_stream_t *)r->tcp,
                                   web_relay_shut) != 0)
        web_relay_close(r);
}

/* ---- the interface -------------------------------------------------- */

static void web_relay_tcp_freed(uv_handle_t *h)
{
    free(h);
}

int web_relay_start(uv_tcp_t *tcp, const char *first, size_t n)
{
    int sv[2] = { -1, -1 };
    web_relay *r = calloc(1, sizeof *r);
    if (!r || socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC,
                         0, sv) != 0 ||
        web_relay_register(sv[1], r) != 0) {
        srv_log("web: no room for a connection");
        if (sv[0] >= 0) {
            close(sv[0]);
            close(sv[1]);
        }
        free(r);
        uv_close((uv_handle_t *)tcp, web_relay_tcp_freed);
        return -1;
    }
    r->tcp = tcp;
    tcp->data = r;
    uv_pipe_init(srv_loop, &r->pipe, 0);
    r->pipe.data = r;
    r->handles = 2;
    r->lws_fd = sv[1];
    snprintf(r->peer, sizeof r->peer, "?");
    if (uv_pipe_open(&r->pipe, sv[0]) != 0) {
        close(sv[0]);
        close(sv[1]);
        web_relay_close(r);
        return -1;
    }
    if (n)
        web_relay_client(r, first, n);
    web_relay_flow(r);
    return sv[1];
}

int web_relay_may_upgrade(int fd)
{
    web_relay *r = web_relay_find(fd);
    return r && r->state == WEB_RELAY_HELD;
}

void web_relay_upgraded(int fd, const char *peer)
{
    web_relay *r = web_relay_find(fd);
    if (!r)
        return;
    snprintf(r->peer, sizeof r->peer, "%s", peer);
    web_relay_release(r, WEB_RELAY_FRAMES);
}

void web_relay_close_all(void)
{
    for (int i = 0; i < web_nrelays; i++)
        if (web_relays[i])
            web_relay_close(web_relays[i]);
    free(web_relays);
    web_relays = NULL;
    web_nrelays = 0;
}
