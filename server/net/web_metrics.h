/*
 * web_metrics.h - /metrics, the server's counters in the Prometheus text
 * format, for the addresses --metrics-from names (loopback when none),
 * judged by the request's client as web_req.h decides it for everything
 * else.  It is served by the --http doors, or, once --metrics gives a
 * listener of its own, only there (the doors answer 404).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef WEB_METRICS_H
#define WEB_METRICS_H

#include <libwebsockets.h>

#include "web_route.h"

/* Send the counters for the METRICS row r, or 403 to a client that may
 * not read them: the callback's return. */
int web_metrics_serve(struct lws *wsi, const web_route *r);
/* A request on a --metrics listener: GET /metrics; every other path 404,
 * other methods 405 (and web.c refuses a WebSocket there). */
int web_metrics_request(struct lws *wsi, const char *uri);

#endif
