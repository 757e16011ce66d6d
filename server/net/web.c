/*
 * web.c - the web door (see web.h): one libwebsockets context on the
 * server's libuv loop (a "foreign" loop to lws) with one vhost, and the
 * callback that sends each request to the site's pages (web_site) or the
 * URL table (web_route), or on a
 * --metrics listener to web_metrics, the upgrade to the gate (web_gate)
 * and each WebSocket to its session (web_sock).  The connections come to
 * lws from web_accept, which knows their listener; a door's through the
 * relay that checks its frames (web_relay).
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

#include "metrics.h"
#include "netspec.h"
#include "resource.h"
#include "srv.h"
#include "web.h"
#include "web_accept.h"
#include "web_file.h"
#include "web_gate.h"
#include "web_metrics.h"
#include "web_out.h"
#include "web_relay.h"
#include "web_req.h"
#include "web_route.h"
#include "web_site.h"
#include "web_sock.h"

#define WEB_LISTENERS 16        /* of each kind */

typedef struct web_listener {
    char host[64];
    int port;
    int pace;
    int metrics;                /* a --metrics listener, not a door */
} web_listener;

/* Per connection: lws allocates it; the same for HTTP and WebSocket. */
typedef struct web_pss {
    web_sock *ws;
    web_sock_req rq;
    web_conn site;              /* a page of the site (web_site.h) */
} web_pss;

static web_listener web_listeners[2 * WEB_LISTENERS];
static int web_nlisteners, web_ndoors, web_nmetrics;
static struct lws_context *web_ctx;
static char web_root[1024];
static int web_stopping;

static const char web_headers[] =
    "x-content-type-options: nosniff\x0d\x0a"
    "referrer-policy: no-referrer\x0d\x0a"
    "cache-control: no-cache\x0d\x0a";

static int web_listener_add(const char *opt, const char *spec, int pace,
                            int metrics)
{
    struct sockaddr_storage addr;
    int any = 0;
    if (netspec_parse(opt, spec, &addr, &any) != 0)
        return -1;
    int *count = metrics ? &web_nmetrics : &web_ndoors;
    if (*count == WEB_LISTENERS) {
        fprintf(stderr, "ttyarcade: %s '%s': at most %d listeners\n", opt,
                spec, WEB_LISTENERS);
        return -1;
    }
    (*count)++;
    web_listener *l = &web_listeners[web_nlisteners++];
    l->metrics = metrics;
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

int web_listen(const char *spec, int pace)
{
    return web_listener_add("--http", spec, pace, 0);
}

int web_metrics_listen(const char *spec)
{
    return web_listener_add("--metrics", spec, 0, 1);
}

void web_set_root(const char *dir)
{
    snprintf(web_root, sizeof web_root, "%s", dir);
}

/* ---- the request ---------------------------------------------------- */

/* Header text for the log: an operator tailing it must not get a peer's
 * escape sequences. */
static void web_printable(char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f)
            *s = '?';
}

/* The listener the connection on wsi came by (web_accept.h). */
static const web_listener *web_listener_of(struct lws *wsi)
{
    return web_accept_owner(lws_get_socket_fd(wsi));
}

static int web_http(struct lws *wsi, web_pss *pss, const char *uri)
{
    const web_listener *l = web_listener_of(wsi);
    if (!l)
        return -1;
    if (l->metrics)
        return web_metrics_request(wsi, uri);
    if (!web_req_is_get(wsi))
        return web_req_status(wsi, HTTP_STATUS_METHOD_NOT_ALLOWED,
                              "GET only");
    if (web_site_owns(uri))
        return pss ? web_site_request(wsi, uri, &pss->site) : -1;
    const web_route *r = web_route_find(uri);
    /* With a listener of its own, /metrics is not on the public doors. */
    if (!r || (r->kind == WEB_ROUTE_METRICS && web_nmetrics))
        return web_req_status(wsi, HTTP_STATUS_NOT_FOUND, "No such page");
    if (r->kind == WEB_ROUTE_WS)
        return web_req_status(wsi, HTTP_STATUS_BAD_REQUEST,
                              "WebSocket only");
    if (r->kind == WEB_ROUTE_METRICS)
        return web_metrics_serve(wsi, r);
    char path[1400];
    if (web_route_file(r, web_root, path, sizeof path) != 0) {
        srv_log("web: %s is not installed under %s", uri, web_root);
        return web_req_status(wsi, HTTP_STATUS_NOT_FOUND, "Not installed");
    }
    return web_file_serve(wsi, path, r->mime, web_headers);
}

/* The client (web_req_client_of) as "ADDR:PORT" for the log and ADDR
 * for the per-address count. */
static void web_peer(struct lws *wsi, web_sock_req *rq)
{
    web_req_client c;
    web_req_client_of(wsi, &c);
    int v6 = strchr(c.host, ':') != NULL;
    /* sess_count_peer compares the host as the peer string writes it */
    snprintf(rq->host, sizeof rq->host, "%s%s%s", v6 ? "[" : "", c.host,
             v6 ? "]" : "");
    snprintf(rq->peer, sizeof rq->peer, "%s:%d", rq->host, c.port);
}

/* Decide on an upgrade: >0 refused with a status sent, 0 go on. */
static int web_upgrade(struct lws *wsi, web_pss *pss)
{
    char uri[64], origin[256], host[256];
    const web_listener *l = web_listener_of(wsi);
    if (!l || l->metrics ||
        web_req_header(wsi, WSI_TOKEN_GET_URI, uri, sizeof uri) != 0 ||
        strcmp(uri, "/ws") != 0) {
        lws_return_http_status(wsi, HTTP_STATUS_NOT_FOUND, "No such page");
        return 1;
    }
    /* The relay reads frames only from a connection's first request on;
     * browsers open a connection of their own for a WebSocket. */
    if (!web_relay_may_upgrade(lws_get_socket_fd(wsi))) {
        lws_return_http_status(wsi, HTTP_STATUS_BAD_REQUEST,
                               "WebSocket only as a connection's first "
                               "request");
        return 1;
    }
    int bad = web_req_header(wsi, WSI_TOKEN_ORIGIN, origin, sizeof origin) ||
              web_req_header(wsi, WSI_TOKEN_HOST, host, sizeof host);
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
    const char *p = web_req_arg(wsi, "profile", prof, sizeof prof);
    pss->rq.prof = profile_find(p && *p ? p : "ansi");
    if (!pss->rq.prof)
        pss->rq.prof = profile_find("ansi");
    pss->rq.baud = (int)web_req_arg_num(wsi, "baud", 0, 115200, l->pace);
    pss->rq.cols = (int)web_req_arg_num(wsi, "cols", 0, 1000, 0);
    pss->rq.rows = (int)web_req_arg_num(wsi, "rows", 0, 1000, 0);
    /* a browser's watcher (/watch/ID): the session watches ID */
    long long watch = web_req_arg_num(wsi, "watch", 0, INT64_MAX, -1);
    pss->rq.watching = watch >= 0;
    pss->rq.watch = watch >= 0 ? (uint64_t)watch : 0;
    return 0;
}

static int web_callback(struct lws *wsi, enum lws_callback_reasons reason,
                        void *user, void *in, size_t len)
{
    web_pss *pss = user;
    switch (reason) {
    case LWS_CALLBACK_HTTP:
        return web_http(wsi, pss, in ? in : "");
    case LWS_CALLBACK_HTTP_WRITEABLE:
        if (pss && web_out_pending(&pss->site))
            return web_out_writable(wsi, &pss->site);
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    case LWS_CALLBACK_CLOSED_HTTP:
    case LWS_CALLBACK_HTTP_DROP_PROTOCOL:
        if (pss)
            web_out_gone(&pss->site);
        return lws_callback_http_dummy(wsi, reason, user, in, len);
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
        /* what the client sent after the upgrade goes on now, checked */
        web_relay_upgraded(lws_get_socket_fd(wsi), pss->rq.peer);
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
    /* Said now, not at the first request: without npm's xterm.js (npm ci
     * in web/) the pages are blank. */
    char missing[512];
    int nmissing = web_route_missing(web_root, missing, sizeof missing);
    if (nmissing) {
        fprintf(stderr, "ttyarcade: warning: %d of the web pages' files are "
                "not under %s: %s; the pages will not work (run npm ci in "
                "web/, as make does where npm is installed, then make "
                "install, or give --http-root)\n", nmissing, web_root,
                missing);
        srv_log("warning: web: %d files missing under %s: %s", nmissing,
                web_root, missing);
    }
    lws_set_log_level(LLL_ERR | LLL_WARN, web_lws_log);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    void *loops[1] = { srv_loop };
    /* UTF-8 in text frames is checked (a bad one closes with 1007) only
     * when the context has the option: lws 4.1 and later read it there,
     * though its header calls it a vhost's. */
    info.options = LWS_SERVER_OPTION_LIBUV |
                   LWS_SERVER_OPTION_EXPLICIT_VHOSTS |
                   LWS_SERVER_OPTION_UV_NO_SIGSEGV_SIGFPE_SPIN |
                   LWS_SERVER_OPTION_VALIDATE_UTF8;
    info.foreign_loops = loops;
    info.signal_cb = web_no_signal;
    info.pcontext = &web_ctx;
    info.max_http_header_data = WEB_REQ_HEADERS;
    info.timeout_secs = 20;
    info.port = CONTEXT_PORT_NO_LISTEN;
    web_ctx = lws_create_context(&info);
    if (!web_ctx) {
        fprintf(stderr, "ttyarcade: cannot start the web server "
                        "(is libwebsockets-evlib-uv installed?)\n");
        return -1;
    }
    /* One vhost for every listener: lws would tell several apart only
     * by the Host header (web_accept.c). */
    struct lws_context_creation_info v;
    memset(&v, 0, sizeof v);
    v.vhost_name = "ttyarcade";
    v.port = CONTEXT_PORT_NO_LISTEN_SERVER;
    v.protocols = web_protocols;
    /* A page behind a proxy that answers its TCP: a ping after a silent
     * keepalive period, and the socket closed when nothing at all has
     * come for twice that (keepalive.h; the server's own accept sets TCP
     * keepalive on every socket, web_accept.c). */
    static lws_retry_bo_t web_pings;
    if (srv.keepalive_s > 0) {
        int s = srv.keepalive_s > 30000 ? 30000 : srv.keepalive_s;
        web_pings.secs_since_valid_ping = (uint16_t)s;
        web_pings.secs_since_valid_hangup = (uint16_t)(2 * s);
        v.retry_and_idle_policy = &web_pings;
    }
    struct lws_vhost *vh = lws_create_vhost(web_ctx, &v);
    if (!vh) {
        fprintf(stderr, "ttyarcade: cannot start the web server\n");
        return -1;
    }
    for (int i = 0; i < web_nlisteners; i++) {
        web_listener *l = &web_listeners[i];
        int port;
        if (web_accept_listen(vh, l->metrics ? "--metrics" : "--http",
                              !l->metrics, l, l->host, l->port, &port) != 0)
            return -1;
        /* Tests that asked for port 0 read the real one from this line. */
        int v6 = strchr(l->host, ':') != NULL;
        srv_log("listen %s %s%s%s:%d", l->metrics ? "metrics" : "web",
                v6 ? "[" : "", l->host[0] ? l->host : "*", v6 ? "]" : "",
                port);
    }
    metrics_add_source(web_jobs_metrics);
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
    web_relay_close_all();
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
