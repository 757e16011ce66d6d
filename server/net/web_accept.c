/*
 * web_accept.c - accept for libwebsockets (see web_accept.h).
 *
 * Every web listener is the server's own, so each connection lws serves
 * was handed to it here, noted first: its client and its listener.  lws
 * itself cannot be asked which listener a connection came by: with no
 * port of their own, its vhosts are told apart by the Host header alone
 * (any request may name any), so the door has a single vhost and asks
 * this table.  A descriptor lws accepted itself could reuse the number
 * of one noted earlier; none does.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "keepalive.h"
#include "ppstep.h"
#include "srv.h"
#include "web_accept.h"
#include "web_relay.h"

#define WEB_ACCEPT_MAX 32       /* --http and --metrics listeners */

typedef struct web_acceptor {
    uv_tcp_t tcp;
    const void *owner;
    int door;                   /* 1: --http, 0: --metrics */
} web_acceptor;

static web_acceptor *web_acceptors[WEB_ACCEPT_MAX];
static int web_nacceptors;
/* NULL once the listeners are closed: a PROXY header that arrives later
 * finds no web server to hand its connection to. */
static struct lws_vhost *web_accept_vh;

/* Indexed by lws's descriptor (set on every accept, so a reused
 * descriptor never keeps an old connection's facts). */
typedef struct web_conn {
    struct sockaddr_storage addr;
    const void *owner;
} web_conn;
static web_conn *web_conns;
static int web_nconns;

static int web_conn_note(int fd, const struct sockaddr_storage *client,
                         const void *owner)
{
    if (fd >= web_nconns) {
        int n = fd + 64;
        void *p = realloc(web_conns, (size_t)n * sizeof *web_conns);
        if (!p)
            return -1;
        web_conns = p;
        memset(web_conns + web_nconns, 0,
               (size_t)(n - web_nconns) * sizeof *web_conns);
        web_nconns = n;
    }
    web_conns[fd].addr = *client;
    web_conns[fd].owner = owner;
    return 0;
}

const struct sockaddr_storage *web_accept_client(int fd)
{
    if (fd < 0 || fd >= web_nconns || !web_conns[fd].owner)
        return NULL;
    return &web_conns[fd].addr;
}

const void *web_accept_owner(int fd)
{
    return fd < 0 || fd >= web_nconns ? NULL : web_conns[fd].owner;
}

static void web_accept_freed(uv_handle_t *h)
{
    free(h);
}

/* lws's end of the connection, noted and handed over; on failure lws
 * has closed it. */
static void web_hand(int fd, const struct sockaddr_storage *client,
                     const void *owner)
{
    if (web_conn_note(fd, client, owner) != 0) {
        close(fd);
        return;
    }
    if (!lws_adopt_socket_vhost(web_accept_vh, fd)) {
        web_conns[fd].owner = NULL;
        srv_log("web: a connection could not be handed to the web server");
    }
}

/* A door's connection goes through a relay, with the bytes read past a
 * PROXY header. */
static void web_adopt(uv_tcp_t *tcp, const void *owner,
                      const struct sockaddr_storage *client, const char *rest,
                      size_t n)
{
    if (!web_accept_vh) {
        uv_close((uv_handle_t *)tcp, web_accept_freed);
        return;
    }
    int fd = web_relay_start(tcp, rest, n);
    if (fd >= 0)
        web_hand(fd, client, owner);
}

/* The metrics listener's: lws reads the socket itself (a descriptor of
 * its own; libuv closes the one it accepted). */
static void web_adopt_plain(uv_tcp_t *tcp, const void *owner,
                            const struct sockaddr_storage *client)
{
    uv_os_fd_t fd;
    int mine = -1;
    if (uv_fileno((uv_handle_t *)tcp, &fd) == 0)
        mine = dup(fd);
    uv_close((uv_handle_t *)tcp, web_accept_freed);
    if (mine >= 0)
        web_hand(mine, client, owner);
}

static void web_proxied(uv_tcp_t *tcp, void *ctx, int ok,
                        const struct sockaddr_storage *client,
                        const char *rest, size_t n)
{
    if (!ok) {
        pp_refuse(tcp, "web ", web_accept_freed);
        return;
    }
    struct sockaddr_storage own;
    if (!client) {
        /* LOCAL: the proxy's own connection, named as it is */
        int len = sizeof own;
        memset(&own, 0, sizeof own);
        uv_tcp_getpeername(tcp, (struct sockaddr *)&own, &len);
        client = &own;
    }
    web_adopt(tcp, ctx, client, rest, n);
}

static void web_accept_one(uv_stream_t *server, int status)
{
    if (status < 0)
        return;
    web_acceptor *a = server->data;
    uv_tcp_t *c = calloc(1, sizeof *c);
    if (!c)
        return;
    uv_tcp_init(srv_loop, c);
    if (uv_accept(server, (uv_stream_t *)c) != 0) {
        uv_close((uv_handle_t *)c, web_accept_freed);
        return;
    }
    net_keepalive(c);
    struct sockaddr_storage ss;
    int len = sizeof ss;
    memset(&ss, 0, sizeof ss);
    uv_tcp_getpeername(c, (struct sockaddr *)&ss, &len);
    if (!a->door)
        web_adopt_plain(c, a->owner, &ss);
    else if (pp_trusted((struct sockaddr *)&ss))
        /* the owner is the listener's, which outlives the wait */
        pp_wait(c, (void *)a->owner, web_proxied);
    else
        web_adopt(c, a->owner, &ss, "", 0);
}

int web_accept_listen(struct lws_vhost *vh, const char *opt, int door,
                      const void *owner, const char *host, int port,
                      int *bound)
{
    struct sockaddr_storage addr;
    memset(&addr, 0, sizeof addr);
    int rc;
    if (!host[0])
        rc = uv_ip6_addr("::", port, (struct sockaddr_in6 *)&addr);
    else if (strchr(host, ':'))
        rc = uv_ip6_addr(host, port, (struct sockaddr_in6 *)&addr);
    else
        rc = uv_ip4_addr(host, port, (struct sockaddr_in *)&addr);
    if (rc != 0 || web_nacceptors == WEB_ACCEPT_MAX) {
        fprintf(stderr, "ttyarcade: bad %s address '%s'\n", opt, host);
        return -1;
    }
    web_acceptor *a = calloc(1, sizeof *a);
    if (!a)
        return -1;
    web_accept_vh = vh;
    a->owner = owner;
    a->door = door;
    uv_tcp_init(srv_loop, &a->tcp);
    a->tcp.data = a;
    rc = uv_tcp_bind(&a->tcp, (struct sockaddr *)&addr, 0);
    if (rc == 0)
        rc = uv_listen((uv_stream_t *)&a->tcp, 511, web_accept_one);
    if (rc != 0) {
        fprintf(stderr, "ttyarcade: cannot listen on %s %s%s%d: %s\n",
                opt, host, host[0] ? ":" : "", port, uv_strerror(rc));
        uv_close((uv_handle_t *)&a->tcp, web_accept_freed);
        return -1;
    }
    struct sockaddr_storage b;
    int blen = sizeof b;
    uv_tcp_getsockname(&a->tcp, (struct sockaddr *)&b, &blen);
    *bound = ntohs(b.ss_family == AF_INET6
                       ? ((struct sockaddr_in6 *)&b)->sin6_port
                       : ((struct sockaddr_in *)&b)->sin_port);
    web_acceptors[web_nacceptors++] = a;
    return 0;
}

void web_accept_stop(void)
{
    for (int i = 0; i < web_nacceptors; i++)
        uv_close((uv_handle_t *)&web_acceptors[i]->tcp, web_accept_freed);
    web_nacceptors = 0;
    web_accept_vh = NULL;
}
