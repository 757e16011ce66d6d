/*
 * tnet.c - the telnet transport: listeners, connections, and the glue
 * between a socket, its telnet protocol and its session.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "admit.h"
#include "keepalive.h"
#include "menu.h"
#include "metrics.h"
#include "netspec.h"
#include "ppstep.h"
#include "proxyproto.h"
#include "sess.h"
#include "srv.h"
#include "tnet.h"
#include "tnet_proto.h"
#include "wstream.h"

#define TNET_LISTENERS 16

typedef struct tnet_conn {
    uv_tcp_t tcp;
    wstream w;
    tnet_proto *proto;
    sess *s;
    int pace;                   /* the listener's --pace */
} tnet_conn;

static uv_tcp_t *tnet_listeners[TNET_LISTENERS];
static int tnet_nlisteners;
static int tnet_pace[TNET_LISTENERS];

/* ---- protocol callbacks --------------------------------------------- */

static void tnet_wire(void *ctx, const char *p, size_t n)
{
    tnet_conn *c = ctx;
    wstream_write(&c->w, p, n);
}

static void tnet_data(void *ctx, const unsigned char *p, size_t n)
{
    tnet_conn *c = ctx;
    sess_input(c->s, p, n);
}

static void tnet_ttype(void *ctx, const char *name)
{
    tnet_conn *c = ctx;
    sess_set_profile(c->s, profile_for_ttype(name));
}

static void tnet_naws(void *ctx, int width, int height)
{
    tnet_conn *c = ctx;
    sess_set_size(c->s, width, height);
}

static void tnet_echo(void *ctx, int remote)
{
    tnet_conn *c = ctx;
    sess_set_client_echoes(c->s, remote);
}

static void tnet_error(void *ctx, const char *msg)
{
    tnet_conn *c = ctx;
    srv_log("telnet error %s: %s", c->s->peer, msg);
}

/* ---- session ops ---------------------------------------------------- */

static void tnet_send(sess *s, const char *p, size_t n)
{
    tnet_conn *c = s->tr;
    tnet_proto_send(c->proto, p, n);
}

static size_t tnet_backlog(sess *s)
{
    tnet_conn *c = s->tr;
    return c->w.backlog;
}

static void tnet_closed(uv_handle_t *h)
{
    tnet_conn *c = h->data;
    tnet_proto_free(c->proto);
    sess_unref(c->s);
    free(c);
}

static void tnet_shutdown_done(uv_shutdown_t *req, int status)
{
    (void)status;
    uv_close((uv_handle_t *)req->handle, tnet_closed);
    free(req);
}

static void tnet_close(sess *s)
{
    tnet_conn *c = s->tr;
    if (uv_is_closing((uv_handle_t *)&c->tcp))
        return;
    uv_read_stop((uv_stream_t *)&c->tcp);
    /* Let what the player was last told reach them, then close. */
    uv_shutdown_t *req = malloc(sizeof *req);
    if (s->line_down || !req ||
        uv_shutdown(req, (uv_stream_t *)&c->tcp, tnet_shutdown_done) != 0) {
        free(req);
        uv_close((uv_handle_t *)&c->tcp, tnet_closed);
    }
}

static void tnet_read(uv_stream_t *st, ssize_t n, const uv_buf_t *b);

/* The player typed further ahead than the game reads: leave the rest in
 * the socket (TCP's window then slows the sender) until keys are taken. */
static void tnet_hold(sess *s, int on)
{
    tnet_conn *c = s->tr;
    if (s->line_down || uv_is_closing((uv_handle_t *)&c->tcp))
        return;
    if (on)
        uv_read_stop((uv_stream_t *)&c->tcp);
    else
        uv_read_start((uv_stream_t *)&c->tcp, wstream_alloc, tnet_read);
}

static const sess_ops tnet_ops = {
    .name = "telnet",
    .send = tnet_send,
    .backlog = tnet_backlog,
    .close = tnet_close,
    .hold = tnet_hold,
};

/* ---- connections ---------------------------------------------------- */

static void tnet_read(uv_stream_t *st, ssize_t n, const uv_buf_t *b)
{
    tnet_conn *c = st->data;
    if (n > 0) {
        tnet_proto_recv(c->proto, b->base, (size_t)n);
        /* The greeting waits for the terminal type: go on as soon as it
         * is known, not when the wait runs out. */
        if (tnet_proto_settled(c->proto))
            sess_wake(c->s->runner);
    } else if (n < 0)
        sess_line_down(c->s);
}

static int tnet_settled(void *arg)
{
    sess *s = arg;
    tnet_conn *c = s->tr;
    return tnet_proto_settled(c->proto) || s->eof || s->kcount;
}

/* The session's first act: give the client a moment to tell us its
 * terminal type (a raw socket never will), then the menu. */
static void tnet_main(sess *s)
{
    tnet_conn *c = s->tr;
    sess_wait(sess_self(), 1000, tnet_settled, s);
    if (!tnet_proto_answered(c->proto))
        sess_set_client_echoes(s, 1);  /* nobody to agree that we echo */
    menu_main(s);
}

static void tnet_refused(uv_handle_t *h)
{
    free(h);
}

static void tnet_refuse(uv_tcp_t *tcp, const char *line)
{
    uv_buf_t b = uv_buf_init((char *)line, (unsigned)strlen(line));
    uv_try_write((uv_stream_t *)tcp, &b, 1);
    uv_close((uv_handle_t *)tcp, tnet_refused);
}

/* The connection's peer is known (its own address or, behind a trusted
 * proxy, the client's): apply the limits, then start the session with
 * whatever the client already sent. */
static void tnet_admit(tnet_conn *c, const struct sockaddr_storage *from,
                       const char *rest, size_t n)
{
    char peer[80], host[64];
    pp_name(from, host, sizeof host, peer, sizeof peer);
    const char *refusal = admit_check(peer, host, 0, 0);
    if (refusal) {
        tnet_refuse(&c->tcp, refusal);
        return;
    }
    uv_tcp_nodelay(&c->tcp, 1);     /* echo goes out at once */
    c->tcp.data = c;
    c->w.stream = (uv_stream_t *)&c->tcp;
    c->s = sess_new(&tnet_ops, c, peer, profile_find("glass"));
    c->w.s = c->s;
    sess_set_client_echoes(c->s, 1);       /* until the client says DO ECHO */
    if (c->pace)
        sess_set_baud(c->s, c->pace, 0);
    tnet_cb cb = { c, tnet_wire, tnet_data, tnet_ttype, tnet_naws,
                   tnet_echo, tnet_error };
    c->proto = tnet_proto_new(&cb);
    srv_log("start telnet %s session=%llu", peer,
            (unsigned long long)c->s->id);
    if (n)
        tnet_proto_recv(c->proto, rest, n);
    uv_read_start((uv_stream_t *)&c->tcp, wstream_alloc, tnet_read);
    sess_start(c->s, tnet_main);
}

static void tnet_proxied(uv_tcp_t *tcp, void *ctx, int ok,
                         const struct sockaddr_storage *client,
                         const char *rest, size_t n)
{
    tnet_conn *c = ctx;
    struct sockaddr_storage own;
    int len = sizeof own;
    if (!ok) {
        pp_refuse(tcp, "", tnet_refused);
        return;
    }
    if (!client) {
        memset(&own, 0, sizeof own);
        uv_tcp_getpeername(tcp, (struct sockaddr *)&own, &len);
        client = &own;
    }
    tnet_admit(c, client, rest, n);
}

static void tnet_accept(uv_stream_t *server, int status)
{
    if (status < 0)
        return;
    tnet_conn *c = calloc(1, sizeof *c);
    if (!c)
        return;
    uv_tcp_init(srv_loop, &c->tcp);
    if (uv_accept(server, (uv_stream_t *)&c->tcp) != 0) {
        uv_close((uv_handle_t *)&c->tcp, tnet_refused);
        return;
    }
    c->pace = *(int *)server->data;
    net_keepalive(&c->tcp);
    struct sockaddr_storage ss;
    int len = sizeof ss;
    memset(&ss, 0, sizeof ss);
    uv_tcp_getpeername(&c->tcp, (struct sockaddr *)&ss, &len);
    c->tcp.data = c;
    if (pp_trusted((struct sockaddr *)&ss) && !srv_stopping)
        pp_wait(&c->tcp, c, tnet_proxied);
    else
        tnet_admit(c, &ss, "", 0);
}


int tnet_listen(const char *spec, int pace)
{
    struct sockaddr_storage addr;
    int any, rc;
    if (netspec_parse("--telnet", spec, &addr, &any) != 0)
        return -1;
    if (tnet_nlisteners == TNET_LISTENERS) {
        fprintf(stderr, "ttyarcade: --telnet '%s': at most %d listeners\n",
                spec, TNET_LISTENERS);
        return -1;
    }
    int portn = ntohs(addr.ss_family == AF_INET6
                          ? ((struct sockaddr_in6 *)&addr)->sin6_port
                          : ((struct sockaddr_in *)&addr)->sin_port);
    uv_tcp_t *l = calloc(1, sizeof *l);
    uv_tcp_init(srv_loop, l);
    rc = uv_tcp_bind(l, (struct sockaddr *)&addr, 0);
    if (rc == 0)
        rc = uv_listen((uv_stream_t *)l, 511, tnet_accept);
    if (rc != 0 && any) {
        /* No IPv6 here: fall back to every IPv4 address. */
        uv_close((uv_handle_t *)l, tnet_refused);
        l = calloc(1, sizeof *l);
        uv_tcp_init(srv_loop, l);
        uv_ip4_addr("0.0.0.0", portn, (struct sockaddr_in *)&addr);
        rc = uv_tcp_bind(l, (struct sockaddr *)&addr, 0);
        if (rc == 0)
            rc = uv_listen((uv_stream_t *)l, 511, tnet_accept);
    }
    if (rc != 0) {
        fprintf(stderr, "ttyarcade: cannot listen on %s: %s\n", spec,
                uv_strerror(rc));
        uv_close((uv_handle_t *)l, tnet_refused);
        return -1;
    }
    struct sockaddr_storage bound;
    int blen = sizeof bound;
    char name[64] = "?";
    uv_tcp_getsockname(l, (struct sockaddr *)&bound, &blen);
    if (bound.ss_family == AF_INET6)
        uv_ip6_name((struct sockaddr_in6 *)&bound, name, sizeof name);
    else
        uv_ip4_name((struct sockaddr_in *)&bound, name, sizeof name);
    int bport = ntohs(bound.ss_family == AF_INET6
                          ? ((struct sockaddr_in6 *)&bound)->sin6_port
                          : ((struct sockaddr_in *)&bound)->sin_port);
    /* Tests that asked for port 0 read the real one from this line. */
    srv_log("listen telnet %s%s%s:%d", bound.ss_family == AF_INET6 ? "[" : "",
            name, bound.ss_family == AF_INET6 ? "]" : "", bport);
    l->data = &tnet_pace[tnet_nlisteners];
    tnet_pace[tnet_nlisteners] = pace;
    tnet_listeners[tnet_nlisteners++] = l;
    return 0;
}

void tnet_stop(void)
{
    for (int i = 0; i < tnet_nlisteners; i++)
        uv_close((uv_handle_t *)tnet_listeners[i], tnet_refused);
    tnet_nlisteners = 0;
}
