/*
 * web_metrics.c - /metrics and the --metrics listener (see
 * web_metrics.h, and web.h for the options).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cidr.h"
#include "metrics.h"
#include "srv.h"
#include "web.h"
#include "web_metrics.h"
#include "web_req.h"

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

/* The client as the sessions see it (web_req_client_of): behind a
 * trusted proxy that is the forwarded address, never the proxy's own. */
static int web_metrics_ok(struct lws *wsi)
{
    web_req_client c;
    if (web_req_client_of(wsi, &c) != 0)
        return 0;
    if (web_nmetrics_from == 0) {
        cidr lo4, lo6;
        cidr_parse("127.0.0.0/8", &lo4);
        cidr_parse("::1", &lo6);
        return cidr_match_host(&lo4, c.host) == 1 ||
               cidr_match_host(&lo6, c.host) == 1;
    }
    for (int i = 0; i < web_nmetrics_from; i++)
        if (cidr_match_host(&web_metrics_from[i], c.host) == 1)
            return 1;
    return 0;
}

/* The counters, rendered now; small enough (a few KiB) that lws takes the
 * whole body in one write and keeps what the socket cannot take yet. */
int web_metrics_serve(struct lws *wsi, const web_route *r)
{
    if (!web_metrics_ok(wsi))
        return web_req_status(wsi, HTTP_STATUS_FORBIDDEN,
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

int web_metrics_request(struct lws *wsi, const char *uri)
{
    if (!web_req_is_get(wsi))
        return web_req_status(wsi, HTTP_STATUS_METHOD_NOT_ALLOWED,
                              "GET only");
    const web_route *r = web_route_find(uri);
    if (!r || r->kind != WEB_ROUTE_METRICS)
        return web_req_status(wsi, HTTP_STATUS_NOT_FOUND, "No such page");
    return web_metrics_serve(wsi, r);
}
