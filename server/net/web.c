/*
 * web.c - the web door (see web.h): one libwebsockets context on the
 * server's libuv loop (a "foreign" loop to lws), one vhost per --http
 * listener, and the callback that sends each request to the URL table
 * (web_route), the upgrade to the gate (web_gate) and each WebSocket to
 * its session (web_sock).
 *
 * lws writes every byte of HTTP and WebSocket framing; this file only
 * decides.  Signals stay the server's: lws is given a handler that does
 * nothing, so SIGINT and SIGTERM reach serve.c's orderly stop alone.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <arpa/inet.h>
#include <libwebsockets.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cidr.h"
#include "metrics.h"
#include "netspec.h"
#include "ppstep.h"
#include "resource.h"
#include "srv.h"
#include "web.h"
#include "web_accept.h"
#include "web_file.h"
#include "web_gate.h"
#include "web_route.h"
#include "web_sock.h"

#define WEB_LISTENERS 16
#define WEB_HEADERS 4096        /* request headers, all told */

typedef struct web_listener {
    char host[64];
    int port;
    int pace;
} web_listener;

/* Per connection: lws allocates it; the same for HTTP and WebSocket. */
typedef struct web_pss {
    web_sock *ws;
    web_sock_req rq;
} web_pss;

static web_listener web_listeners[WEB_LISTENERS];
static int web_nlisteners;
static struct lws_context *web_ctx;
static char web_root[1024];
static int web_stopping;

static const char web_headers[] =
    "x-content-type-options: nosniff\x0d\x0a"
    "referrer-policy: no-referrer\x0d\x0a"
    "cache-control: no-cache\x0d\x0a";

int web_listen(const char *spec, int pace)
{
    struct sockaddr_storage addr;
    int any = 0;
    if (netspec_parse("--http", spec, &addr, &any) != 0)
        return -1;
    if (web_nlisteners == WEB_LISTENERS) {
        fprintf(stderr, "ttyarcade: --http '%s': at most %d listeners\n",
                spec, WEB_LISTENERS);
        return -1;
    }
    web_listener *l = &web_listeners[web_nlisteners++];
    /* lws takes the interface as text: the address, numeric */
    l->host[0] = 0;
    if (!any) {
        const void *a = addr.ss_family == AF_INET6
            ? (const void *)&((struct sockaddr_in6 *)&addr)->sin6_addr
            : (const void *)&((struct sockaddr_in *)&addr)->sin_addr;
        inet_ntop(addr.ss_family, a, l->host, sizeof l->host);
    }
    l->port = ntohs(addr.ss_family == AF_INET6
                        ? ((struct sockaddr_in6 *)&addr)->sin6_port
                        : ((struct sockaddr_in *)&addr)->sin_port);
    l->pace = pace;
    return 0;
}

void web_set_root(const char *dir)
{
    snprintf(web_root, sizeof web_root, "%s", dir);
}

/* ---- the request ---------------------------------------------------- */

static int web_header(struct lws *wsi, enum lws_token_indexes h, char *out,
                      int size)
{
    out[0] = 0;
    if (lws_hdr_total_length(wsi, h) >= size)
        return -1;
    return lws_hdr_copy(wsi, out, size, h) < 0 ? -1 : 0;
}

/* Header text for the log: an operator tailing it must not get a peer's
 * escape sequences. */
static void web_printable(char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f)
            *s = '?';
}

static int web_status(struct lws *wsi, int code, const char *text)
{
    if (lws_return_http_status(wsi, (unsigned)code, text))
        return -1;
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

/* Who may read /metrics: --metrics-from ranges, loopback when none. */
static cidr web_metrics_from[WEB_METRICS_FROM];
static int web_nmetrics_from;

int web_metrics_allow(const char *range)
{
    cidr c;
    if (web_nmetrics_from == WEB_METRICS_FROM || cidr_parse(range, &c) != 0)
        return -1;
    web_metrics_from[web_nmetrics_from++] = c;
    return 0;
}

static int web_metrics_ok(struct lws *wsi)
{
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    const struct sockaddr_storage *proxied =
        web_accept_client(lws_get_socket_fd(wsi));
    if (proxied)
        ss = *proxied;
    else if (getpeername(lws_get_socket_fd(wsi), (struct sockaddr *)&ss,
                         &len) != 0)
        return 0;
    if (web_nmetrics_from == 0) {
        cidr lo4, lo6;
        cidr_parse("127.0.0.0/8", &lo4);
        cidr_parse("::1", &lo6);
        return cidr_match(&lo4, (struct sockaddr *)&ss) ||
               cidr_match(&lo6, (struct sockaddr *)&ss);
    }
    for (int i = 0; i < web_nmetrics_from; i++)
        if (cidr_match(&web_metrics_from[i], (struct sockaddr *)&ss))
            return 1;
    return 0;
}

/* The counters, rendered now; small enough (a few KiB) that lws takes the
 * whole body in one write and keeps what the socket cannot take yet. */
static int web_metrics(struct lws *wsi, const web_route *r)
{
    if (!web_metrics_ok(wsi))
        return web_status(wsi, HTTP_STATUS_FORBIDDEN,
                          "Metrics are for the operator (--metrics-from)");
    buf body = { 0 };
    metrics_render(&body);
    size_t n = buf_avail(&body);
    unsigned char hdr[LWS_PRE + 512];
    unsigned char *start = hdr + LWS_PRE, *p = start, *end = hdr + sizeof hdr;
    unsigned char *out = malloc(LWS_PRE + n + 1);
    int rc = -1;
    if (out &&
        lws_add_http_common_headers(wsi, HTTP_STATUS_OK, r->mime,
                                    (lws_filepos_t)n, &p, end) == 0 &&
        lws_finalize_write_http_header(wsi, start, &p, end) == 0) {
        memcpy(out + LWS_PRE, buf_data(&body), n);
        if (lws_write(wsi, out + LWS_PRE, n, LWS_WRITE_HTTP_FINAL) >= 0)
            rc = lws_http_transaction_completed(wsi) ? -1 : 0;
    }
    free(out);
    buf_free(&body);
    return rc;
}

static int web_http(struct lws *wsi, const char *uri)
{
    if (lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) <= 0 &&
        lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI) <= 0)
        return web_status(wsi, HTTP_STATUS_METHOD_NOT_ALLOWED,
                          "GET only");
    const web_route *r = web_route_find(uri);
    if (!r)
        return web_status(wsi, HTTP_STATUS_NOT_FOUND, "No such page");
    if (r->kind == WEB_ROUTE_WS)
        return web_status(wsi, HTTP_STATUS_BAD_REQUEST,
                          "WebSocket only");
    if (r->kind == WEB_ROUTE_METRICS)
        return web_metrics(wsi, r);
    char path[1400];
    if (web_route_file(r, web_root, path, sizeof path) != 0) {
        srv_log("web: %s is not installed under %s", uri, web_root);
        return web_status(wsi, HTTP_STATUS_NOT_FOUND, "Not installed");
    }
    return web_file_serve(wsi, path, r->mime, web_headers);
}

/* The socket's address as "ADDR:PORT" and ADDR, through the gate. */
static void web_peer(struct lws *wsi, web_sock_req *rq)
{
    char ip[64] = "?", xff[512];
    const struct sockaddr_storage *proxied =
        web_accept_client(lws_get_socket_fd(wsi));
    if (proxied) {
        /* the client a trusted proxy's PROXY header named */
        const void *a = proxied->ss_family == AF_INET6
            ? (const void *)&((const struct sockaddr_in6 *)proxied)->sin6_addr
            : (const void *)&((const struct sockaddr_in *)proxied)->sin_addr;
        inet_ntop(proxied->ss_family, a, ip, sizeof ip);
    } else {
        lws_get_peer_simple(wsi, ip, sizeof ip);
    }
    int have_xff = web_header(wsi, WSI_TOKEN_X_FORWARDED_FOR, xff,
                              sizeof xff) == 0 && xff[0];
    web_gate_client(&web_gate_conf, ip, have_xff ? xff : NULL, rq->host,
                    sizeof rq->host);
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    int port = 0;
    if (proxied) {
        ss = *proxied;
        port = ntohs(ss.ss_family == AF_INET6
                         ? ((struct sockaddr_in6 *)&ss)->sin6_port
                         : ((struct sockaddr_in *)&ss)->sin_port);
    } else if (getpeername(lws_get_socket_fd(wsi), (struct sockaddr *)&ss,
                           &len) == 0)
        port = ntohs(ss.ss_family == AF_INET6
                         ? ((struct sockaddr_in6 *)&ss)->sin6_port
                         : ((struct sockaddr_in *)&ss)->sin_port);
    if (strchr(rq->host, ':'))
        snprintf(rq->peer, sizeof rq->peer, "[%s]:%d", rq->host, port);
    else
        snprintf(rq->peer, sizeof rq->peer, "%s:%d", rq->host, port);
    /* sess_count_peer compares the host as the peer string writes it */
    if (strchr(rq->host, ':')) {
        char b[72];
        snprintf(b, sizeof b, "[%s]", rq->host);
        memcpy(rq->host, b, sizeof rq->host - 1);
        rq->host[sizeof rq->host - 1] = 0;
    }
}

static int web_urlarg(struct lws *wsi, const char *name, long lo, long hi,
                      long dflt)
{
    char v[32];
    if (lws_get_urlarg_by_name(wsi, name, v, sizeof v) == NULL)
        return (int)dflt;
    /* lws hands back "name=value" in 4.1 and the value alone later */
    const char *eq = strchr(v, '=');
    const char *s = eq ? eq + 1 : v;
    char *end;
    long n = strtol(s, &end, 10);
    if (!*s || *end || n < lo || n > hi)
        return (int)dflt;
    return (int)n;
}

/* Decide on an upgrade: >0 refused with a status sent, 0 go on. */
static int web_upgrade(struct lws *wsi, web_pss *pss)
{
    char uri[64], origin[256], host[256];
    if (web_header(wsi, WSI_TOKEN_GET_URI, uri, sizeof uri) != 0 ||
        strcmp(uri, "/ws") != 0) {
        lws_return_http_status(wsi, HTTP_STATUS_NOT_FOUND, "No such page");
        return 1;
    }
    int bad = web_header(wsi, WSI_TOKEN_ORIGIN, origin, sizeof origin) ||
              web_header(wsi, WSI_TOKEN_HOST, host, sizeof host);
    web_peer(wsi, &pss->rq);
    if (bad || !web_gate_origin_ok(&web_gate_conf, origin, host)) {
        web_printable(origin);
        web_printable(host);
        srv_log("refused web %s: origin '%.80s' is not this server's "
                "(host '%.80s')", pss->rq.peer, origin, host);
        lws_return_http_status(wsi, HTTP_STATUS_FORBIDDEN,
                               "Cross-site WebSocket refused");
        return 1;
    }
    if (web_stopping) {
        lws_return_http_status(wsi, HTTP_STATUS_SERVICE_UNAVAILABLE,
                               "Closing");
        return 1;
    }
    char prof[16] = "";
    const char *p = lws_get_urlarg_by_name(wsi, "profile", prof,
                                           sizeof prof);
    if (p && strchr(p, '='))
        p = strchr(p, '=') + 1;
    pss->rq.prof = profile_find(p && *p ? p : "ansi");
    if (!pss->rq.prof)
        pss->rq.prof = profile_find("ansi");
    web_listener *l = lws_get_vhost_user(lws_get_vhost(wsi));
    pss->rq.baud = web_urlarg(wsi, "baud", 0, 115200, l ? l->pace : 0);
    pss->rq.cols = web_urlarg(wsi, "cols", 0, 1000, 0);
    pss->rq.rows = web_urlarg(wsi, "rows", 0, 1000, 0);
    return 0;
}

static int web_callback(struct lws *wsi, enum lws_callback_reasons reason,
                        void *user, void *in, size_t len)
{
    web_pss *pss = user;
    switch (reason) {
    case LWS_CALLBACK_HTTP:
        return web_http(wsi, in ? in : "");
    case LWS_CALLBACK_HTTP_CONFIRM_UPGRADE:
        if (strcmp(in, "websocket") != 0) {
            lws_return_http_status(wsi, HTTP_STATUS_BAD_REQUEST, NULL);
            return 1;
        }
        {
            /* No per-connection space yet: decide on a scratch copy. */
            web_pss scratch;
            memset(&scratch, 0, sizeof scratch);
            return web_upgrade(wsi, &scratch);
        }
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        /* The pss may be fresh for the WebSocket: take the request's
         * facts again while its headers are still here. */
        return !pss || web_upgrade(wsi, pss) ? -1 : 0;
    case LWS_CALLBACK_ESTABLISHED:
        pss->ws = web_sock_open(wsi, &pss->rq);
        return pss->ws ? 0 : -1;
    case LWS_CALLBACK_RECEIVE:
        return pss->ws ? web_sock_rx(pss->ws, in, len) : -1;
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return pss->ws ? web_sock_writable(pss->ws) : 0;
    case LWS_CALLBACK_CLOSED:
        if (pss->ws) {
            web_sock *ws = pss->ws;
            pss->ws = NULL;
            web_sock_gone(ws);
        }
        return 0;
    default:
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

/* lws keeps a receive buffer of rx_buffer_size for every WebSocket while
 * it lives (4 KiB by default, a third of an idle session): the page sends
 * keys and window sizes, a few bytes a message, and a longer paste comes
 * in pieces web_sock_rx puts together, so 512 bytes do.  Sends are cut at
 * tx_packet_size, which would otherwise be that same size: 4 KiB, as
 * before. */
static const struct lws_protocols web_protocols[] = {
    { "ttyarcade", web_callback, sizeof(web_pss), 512, 0, NULL, 4096 },
    { NULL, NULL, 0, 0, 0, NULL, 0 }
};

/* ---- lws on our loop ------------------------------------------------ */

static void web_lws_log(int level, const char *line)
{
    size_t n = strlen(line);
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
        n--;
    /* lws 4.1 warns of every socket handed to it with bytes read ahead,
     * which is every proxied connection: not news for the operator. */
    if (strstr(line, "adopt_socket_readbuf: calling service"))
        return;
    srv_log("web: lws: %.*s", (int)n, line);
}

static void web_no_signal(void *handle, int signum)
{
    (void)handle;
    (void)signum;
}

int web_start(void)
{
    if (!web_nlisteners)
        return 0;
    if (!web_root[0]) {
        snprintf(web_root, sizeof web_root, "%s/web", resource_share());
    }
    lws_set_log_level(LLL_ERR | LLL_WARN, web_lws_log);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    void *loops[1] = { srv_loop };
    info.options = LWS_SERVER_OPTION_LIBUV |
                   LWS_SERVER_OPTION_EXPLICIT_VHOSTS |
                   LWS_SERVER_OPTION_UV_NO_SIGSEGV_SIGFPE_SPIN;
    info.foreign_loops = loops;
    info.signal_cb = web_no_signal;
    info.pcontext = &web_ctx;
    info.max_http_header_data = WEB_HEADERS;
    info.timeout_secs = 20;
    info.port = CONTEXT_PORT_NO_LISTEN;
    web_ctx = lws_create_context(&info);
    if (!web_ctx) {
        fprintf(stderr, "ttyarcade: cannot start the web server "
                        "(is libwebsockets-evlib-uv installed?)\n");
        return -1;
    }
    for (int i = 0; i < web_nlisteners; i++) {
        web_listener *l = &web_listeners[i];
        struct lws_context_creation_info v;
        memset(&v, 0, sizeof v);
        char name[16];
        snprintf(name, sizeof name, "http%d", i);
        v.vhost_name = name;
        /* Behind a PROXY-protocol proxy the server accepts itself, reads
         * the header, and gives lws the socket (web_accept.c). */
        int own = pp_trust_count() > 0;
        v.port = own ? CONTEXT_PORT_NO_LISTEN_SERVER : l->port;
        v.iface = l->host[0] ? l->host : NULL;
        v.protocols = web_protocols;
        v.user = l;
        v.options = LWS_SERVER_OPTION_VALIDATE_UTF8;
        if (l->host[0] && !strchr(l->host, ':'))
            v.options |= LWS_SERVER_OPTION_DISABLE_IPV6;
        struct lws_vhost *vh = lws_create_vhost(web_ctx, &v);
        int port = -1;
        if (vh && own) {
            if (web_accept_listen(vh, l->host, l->port, &port) != 0)
                return -1;
        } else if (vh) {
            port = lws_get_vhost_listen_port(vh);
        }
        if (!vh || port <= 0) {
            fprintf(stderr, "ttyarcade: cannot listen on --http %s%s%d\n",
                    l->host, l->host[0] ? ":" : "", l->port);
            return -1;
        }
        /* Tests that asked for port 0 read the real one from this line. */
        int v6 = strchr(l->host, ':') != NULL;
        srv_log("listen web %s%s%s:%d", v6 ? "[" : "",
                l->host[0] ? l->host : "*", v6 ? "]" : "", port);
    }
    return 0;
}

void web_stop(void)
{
    web_stopping = 1;
    web_accept_stop();
}

static void web_give_up(uv_timer_t *t)
{
    (void)t;
    uv_stop(srv_loop);
}

static void web_timer_closed(uv_handle_t *h)
{
    (void)h;
}

/* Run the loop until lws has closed its handles on it (its close
 * callbacks finish the job); a handle of someone else's that never closes
 * must not keep us here. */
static void web_drain(void)
{
    static uv_timer_t guard;
    uv_timer_init(srv_loop, &guard);
    uv_timer_start(&guard, web_give_up, 2000, 0);
    uv_unref((uv_handle_t *)&guard);
    uv_run(srv_loop, UV_RUN_DEFAULT);
    uv_close((uv_handle_t *)&guard, web_timer_closed);
    uv_run(srv_loop, UV_RUN_NOWAIT);
}

void web_destroy(void)
{
    web_accept_stop();
    if (!web_ctx)
        return;
    /* Two steps on a foreign loop: the first destroy closes lws's handles,
     * the loop runs their close callbacks, and a second destroy frees what
     * waited for them (lws clears web_ctx through pcontext when done). */
    lws_context_destroy(web_ctx);
    web_drain();
    if (web_ctx) {
        lws_context_destroy(web_ctx);
        web_drain();
    }
    web_ctx = NULL;
}
