/*
 * web_sock.c - WebSocket <-> session glue (see web_sock.h).
 *
 * Lifetimes: the web_sock holds the transport's reference on the session.
 * It ends when both the socket is gone (web_sock_gone) and the session has
 * called our close op; whichever comes second frees it.  Closing a tab is
 * a hang-up: the game sees end of input, saves, and the session ends.
 *
 * Back-pressure is the telnet transport's: output waits in ws->out, the
 * session counts it as backlog, a game that outruns the page is suspended
 * and a page that takes nothing for the stall time is dropped.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <libwebsockets.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "admit.h"
#include "buf.h"
#include "menu.h"
#include "sess.h"
#include "srv.h"
#include "web_sock.h"
#include "web_watch.h"

#define WEB_SOCK_CHUNK 16384    /* bytes per binary message */

struct web_sock {
    struct lws *wsi;            /* NULL once the socket is gone */
    sess *s;                    /* NULL for a refused socket */
    buf out;                    /* output not yet handed to lws */
    unsigned closing : 1;       /* close once out is sent */
    unsigned sess_closed : 1;   /* the session called close */
    unsigned in_msg : 1;        /* within a message */
    unsigned end_sent : 1;      /* the page has been told it is over */
    char kind;                  /* the message's first character */
    size_t msg_len;
    char small[32];             /* a resize message, being gathered */
    size_t small_len;
    int watching;               /* it watches session watch */
    uint64_t watch;
};

static void web_sock_free(web_sock *ws)
{
    sess *s = ws->s;
    buf_free(&ws->out);
    free(ws);
    if (s)
        sess_unref(s);
}

/* ---- session ops ---------------------------------------------------- */

static void web_sock_send(sess *s, const char *p, size_t n)
{
    web_sock *ws = s->tr;
    if (!ws->wsi)
        return;
    buf_add(&ws->out, p, n);
    lws_callback_on_writable(ws->wsi);
}

static size_t web_sock_backlog(sess *s)
{
    web_sock *ws = s->tr;
    return buf_avail(&ws->out);
}

static void web_sock_close(sess *s)
{
    web_sock *ws = s->tr;
    ws->sess_closed = 1;
    if (!ws->wsi) {
        web_sock_free(ws);
        return;
    }
    ws->closing = 1;
    if (s->line_down) {
        /* Dropped for not reading: no flush, the socket goes now. */
        buf_free(&ws->out);
        lws_set_timeout(ws->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
        return;
    }
    /* Let what the player was last told reach them, then close; a page
     * that will not take it is closed anyway. */
    lws_set_timeout(ws->wsi, PENDING_TIMEOUT_USER_OK, 5);
    lws_callback_on_writable(ws->wsi);
}

/* The key queue is full: stop reading the socket until it has room, so
 * a long paste waits in the kernel rather than in our memory. */
static void web_sock_hold(sess *s, int on)
{
    web_sock *ws = s->tr;
    if (ws->wsi)
        lws_rx_flow_control(ws->wsi, on ? 0 : 1);
}

static const sess_ops web_sock_ops = {
    .name = "web",
    .send = web_sock_send,
    .backlog = web_sock_backlog,
    .close = web_sock_close,
    .hold = web_sock_hold,
};

/* ---- the socket ----------------------------------------------------- */

static void web_sock_main(sess *s)
{
    web_sock *ws = s->tr;
    if (ws->watching)
        web_watch_run(s, ws->watch);
    else
        menu_main(s);
}

/* The refusal (logged and counted by admit_check) goes out, then the
 * socket closes. */
static web_sock *web_sock_refuse(web_sock *ws, const char *text)
{
    buf_adds(&ws->out, text);
    ws->closing = 1;
    lws_callback_on_writable(ws->wsi);
    return ws;
}

web_sock *web_sock_open(struct lws *wsi, const web_sock_req *rq)
{
    web_sock *ws = calloc(1, sizeof *ws);
    if (!ws)
        return NULL;
    ws->wsi = wsi;
    char logname[sizeof rq->peer + 4];
    snprintf(logname, sizeof logname, "web %s", rq->peer);
    const char *refusal = admit_check(logname, rq->host, 0, 0);
    if (refusal)
        return web_sock_refuse(ws, refusal);
    ws->s = sess_new(&web_sock_ops, ws, rq->peer, rq->prof);
    /* The page draws only what we send: we echo. */
    sess_set_client_echoes(ws->s, 0);
    if (rq->cols && rq->rows)
        sess_set_size(ws->s, rq->cols, rq->rows);
    if (rq->baud)
        sess_set_baud(ws->s, rq->baud, 0);
    ws->watching = rq->watching;
    ws->watch = rq->watch;
    if (rq->watching)
        srv_log("start web %s session=%llu watching=%llu", rq->peer,
                (unsigned long long)ws->s->id,
                (unsigned long long)rq->watch);
    else
        srv_log("start web %s session=%llu profile=%s", rq->peer,
                (unsigned long long)ws->s->id, rq->prof->name);
    sess_start(ws->s, web_sock_main);
    return ws;
}

/* "r<cols> <rows>" */
static void web_sock_resize(web_sock *ws)
{
    ws->small[ws->small_len] = 0;
    int cols, rows;
    char extra;
    if (sscanf(ws->small, "%d %d%c", &cols, &rows, &extra) == 2 && ws->s)
        sess_set_size(ws->s, cols, rows);
}

/* "b<baud>": the teletype page's line speed (0: unpaced) */
static void web_sock_baud(web_sock *ws)
{
    ws->small[ws->small_len] = 0;
    int baud;
    char extra;
    if (sscanf(ws->small, "%d%c", &baud, &extra) == 1 && baud >= 0 &&
        baud <= 115200 && ws->s)
        sess_set_baud(ws->s, baud, 0);
}

int web_sock_rx(web_sock *ws, const void *in, size_t len)
{
    const unsigned char *p = in;
    struct lws *wsi = ws->wsi;
    if (!ws->in_msg) {
        ws->in_msg = 1;
        ws->msg_len = 0;
        ws->small_len = 0;
        ws->kind = len ? (char)p[0] : 0;
        if (len) {
            p++;
            len--;
        }
    }
    ws->msg_len += len;
    if (ws->msg_len > WEB_SOCK_MSG_MAX) {
        if (ws->s)
            srv_log("web %s session=%llu: message over %d bytes, closed",
                    ws->s->peer, (unsigned long long)ws->s->id,
                    WEB_SOCK_MSG_MAX);
        lws_close_reason(wsi, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE,
                         (unsigned char *)"too large", 9);
        return -1;
    }
    switch (ws->kind) {
    case 'i':
        if (ws->s && len && !ws->closing)
            sess_input(ws->s, p, len);
        break;
    case 'r':
    case 'b':
        if (ws->small_len + len >= sizeof ws->small) {
            lws_close_reason(wsi, LWS_CLOSE_STATUS_INVALID_PAYLOAD,
                             (unsigned char *)"bad resize", 10);
            return -1;
        }
        memcpy(ws->small + ws->small_len, p, len);
        ws->small_len += len;
        break;
    default:
        lws_close_reason(wsi, LWS_CLOSE_STATUS_UNACCEPTABLE_OPCODE,
                         (unsigned char *)"unknown message", 15);
        return -1;
    }
    if (lws_is_final_fragment(wsi) && !lws_remaining_packet_payload(wsi)) {
        if (ws->kind == 'r')
            web_sock_resize(ws);
        else if (ws->kind == 'b')
            web_sock_baud(ws);
        ws->in_msg = 0;
    }
    return 0;
}

int web_sock_writable(web_sock *ws)
{
    static unsigned char frame[LWS_PRE + WEB_SOCK_CHUNK];
    size_t n = buf_avail(&ws->out);
    if (n) {
        if (n > WEB_SOCK_CHUNK)
            n = WEB_SOCK_CHUNK;
        memcpy(frame + LWS_PRE, buf_data(&ws->out), n);
        if (lws_write(ws->wsi, frame + LWS_PRE, n, LWS_WRITE_BINARY) < 0)
            return -1;
        buf_consume(&ws->out, n);
        if (ws->s)
            sess_output_progress(ws->s);
    }
    /* One write per callback: the close frame goes on a turn of its own. */
    if (n || buf_avail(&ws->out)) {
        if (n == 0 || buf_avail(&ws->out) || ws->closing)
            lws_callback_on_writable(ws->wsi);
        return 0;
    }
    if (ws->closing) {
        /* lws 4.1 drops the TCP without a close frame when a writable
         * callback ends the socket, so the page is told in a text message
         * of its own that the session is over (and does not redial). */
        if (!ws->end_sent) {
            static unsigned char end[LWS_PRE + 1];
            end[LWS_PRE] = 'x';
            ws->end_sent = 1;
            if (lws_write(ws->wsi, end + LWS_PRE, 1, LWS_WRITE_TEXT) < 0)
                return -1;
            lws_callback_on_writable(ws->wsi);
            return 0;
        }
        return -1;
    }
    return 0;
}

void web_sock_gone(web_sock *ws)
{
    ws->wsi = NULL;
    if (!ws->s || ws->sess_closed) {
        web_sock_free(ws);
        return;
    }
    /* A hang-up: the game sees end of input and saves; its close op
     * then frees ws (at once, if it never started). */
    sess_line_down(ws->s);
}
