/*
 * web_accept.c - accept for libwebsockets, with the PROXY step first.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "keepalive.h"
#include "metrics.h"
#include "ppstep.h"
#include "proxyproto.h"
#include "srv.h"
#include "web_accept.h"

#define WEB_ACCEPT_MAX 16

typedef struct web_acceptor {
    uv_tcp_t tcp;
    struct lws_vhost *vh;
} web_acceptor;

static web_acceptor *web_acceptors[WEB_ACCEPT_MAX];
static int web_nacceptors;

/* Indexed by descriptor: the client a header named (set on every accept,
 * so a reused descriptor never keeps an old connection's client). */
static struct { struct sockaddr_storage addr; int set; } *web_clients;
static int web_nclients;

static void web_client_note(int fd, const struct sockaddr_storage *client)
{
    if (fd < 0)
        return;
    if (fd >= web_nclients) {
        int n = fd + 64;
        void *p = realloc(web_clients, (size_t)n * sizeof *web_clients);
        if (!p)
            return;
        web_clients = p;
        memset(web_clients + web_nclients, 0,
               (size_t)(n - web_nclients) * sizeof *web_clients);
        web_nclients = n;
    }
    web_clients[fd].set = client != NULL;
    if (client)
        web_clients[fd].addr = *client;
}

const struct sockaddr_storage *web_accept_client(int fd)
{
    if (fd < 0 || fd >= web_nclients || !web_clients[fd].set)
        return NULL;
    return &web_clients[fd].addr;
}

static void web_accept_freed(uv_handle_t *h)
{
    free(h);
}

/* Gives the connection to lws: a descriptor of its own (libuv closes the
 * one it accepted), and the bytes read past the header. */
static void web_adopt(uv_tcp_t *tcp, struct lws_vhost *vh,
                      const struct sockaddr_storage *client, const char *rest,
                      size_t n)
{
    uv_os_fd_t fd;
    int mine = -1;
    if (uv_fileno((uv_handle_t *)tcp, &fd) == 0)
        mine = dup(fd);
    uv_close((uv_handle_t *)tcp, web_accept_freed);
    if (mine < 0)
        return;
    web_client_note(mine, client);
    if (!lws_adopt_socket_vhost_readbuf(vh, mine, n ? rest : NULL, n))
        srv_log("web: a connection could not be handed to the web server");
}

static void web_proxied(uv_tcp_t *tcp, void *ctx, int ok,
                        const struct sockaddr_storage *client,
                        const char *rest, size_t n)
{
    if (!ok) {
        pp_refuse(tcp, "web ", web_accept_freed);
        return;
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
    if (pp_trusted((struct sockaddr *)&ss))
        pp_wait(c, a->vh, web_proxied);
    else
        web_adopt(c, a->vh, NULL, "", 0);
}

int web_accept_listen(struct lws_vhost *vh, const char *host, int port,
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
        fprintf(stderr, "ttyarcade: bad --http address '%s'\n", host);
        return -1;
    }
    web_acceptor *a = calloc(1, sizeof *a);
    if (!a)
        return -1;
    a->vh = vh;
    uv_tcp_init(srv_loop, &a->tcp);
    a->tcp.data = a;
    rc = uv_tcp_bind(&a->tcp, (struct sockaddr *)&addr, 0);
    if (rc == 0)
        rc = uv_listen((uv_stream_t *)&a->tcp, 511, web_accept_one);
    if (rc != 0) {
        fprintf(stderr, "ttyarcade: cannot listen on --http %s%s%d: %s\n",
                host, host[0] ? ":" : "", port, uv_strerror(rc));
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
}
