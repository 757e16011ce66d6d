/*
 * web_req.h - what a web request says and who sent it.  The client's
 * address is decided here once, for everything that asks: a session's
 * log line and its --max-per-address count, bans, and who may read
 * /metrics.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef WEB_REQ_H
#define WEB_REQ_H

#include <libwebsockets.h>

#define WEB_REQ_HEADERS 4096    /* a request's headers, all told */

typedef struct web_req_client {
    char host[48];              /* 192.0.2.7, 2001:db8::7 (no brackets) */
    int port;                   /* the connection's port */
} web_req_client;

/* A header's value into out (size bytes); "" if absent; -1 if longer. */
int web_req_header(struct lws *wsi, enum lws_token_indexes h, char *out,
                   int size);

/* The value of the query's argument name into out (size bytes): out, or
 * NULL if the query has none. */
const char *web_req_arg(struct lws *wsi, const char *name, char *out,
                        int size);
/* The argument as a whole number in [lo, hi]; dflt if absent or not one. */
long long web_req_arg_num(struct lws *wsi, const char *name, long long lo,
                          long long hi, long long dflt);

/* 1 for a GET (or HEAD). */
int web_req_is_get(struct lws *wsi);
/* Answer with code and text and end the transaction: the callback's
 * return (-1: close). */
int web_req_status(struct lws *wsi, int code, const char *text);

/* The client of the request on wsi: the connection's client (its TCP
 * peer, or whom a trusted PROXY header named: web_accept_client), and
 * when that is an --http-trust-proxy address, whom its X-Forwarded-For
 * names (web_gate_client: the rightmost entry that is not itself a
 * trusted proxy).  0, or -1 when it cannot be known (host "?"). */
int web_req_client_of(struct lws *wsi, web_req_client *out);

#endif
