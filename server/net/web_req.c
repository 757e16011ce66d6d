/*
 * web_req.c - a request's headers and its client (see web_req.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "web_accept.h"
#include "web_gate.h"
#include "web_req.h"

int web_req_header(struct lws *wsi, enum lws_token_indexes h, char *out,
                   int size)
{
    out[0] = 0;
    if (lws_hdr_total_length(wsi, h) >= size)
        return -1;
    return lws_hdr_copy(wsi, out, size, h) < 0 ? -1 : 0;
}

const char *web_req_arg(struct lws *wsi, const char *name, char *out,
                        int size)
{
    if (lws_get_urlarg_by_name(wsi, name, out, size) == NULL)
        return NULL;
    /* lws hands back "name=value" in 4.1 and the value alone later */
    size_t n = strlen(name);
    if (strncmp(out, name, n) == 0 && out[n] == '=')
        memmove(out, out + n + 1, strlen(out + n + 1) + 1);
    return out;
}

long long web_req_arg_num(struct lws *wsi, const char *name, long long lo,
                          long long hi, long long dflt)
{
    char v[32];
    if (!web_req_arg(wsi, name, v, sizeof v))
        return dflt;
    char *end;
    long long n = strtoll(v, &end, 10);
    if (!v[0] || *end || n < lo || n > hi)
        return dflt;
    return n;
}

int web_req_is_get(struct lws *wsi)
{
    return lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) > 0 ||
           lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI) > 0;
}

int web_req_status(struct lws *wsi, int code, const char *text)
{
    if (lws_return_http_status(wsi, (unsigned)code, text))
        return -1;
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

int web_req_client_of(struct lws *wsi, web_req_client *out)
{
    const struct sockaddr_storage *ss =
        web_accept_client(lws_get_socket_fd(wsi));
    char ip[INET6_ADDRSTRLEN];
    snprintf(out->host, sizeof out->host, "?");
    out->port = 0;
    if (!ss || (ss->ss_family != AF_INET && ss->ss_family != AF_INET6))
        return -1;
    const void *a = ss->ss_family == AF_INET6
        ? (const void *)&((const struct sockaddr_in6 *)ss)->sin6_addr
        : (const void *)&((const struct sockaddr_in *)ss)->sin_addr;
    inet_ntop(ss->ss_family, a, ip, sizeof ip);
    out->port = ntohs(ss->ss_family == AF_INET6
                          ? ((const struct sockaddr_in6 *)ss)->sin6_port
                          : ((const struct sockaddr_in *)ss)->sin_port);
    /* The header fits: lws refuses requests whose headers do not. */
    char xff[WEB_REQ_HEADERS + 1];
    if (web_req_header(wsi, WSI_TOKEN_X_FORWARDED_FOR, xff,
                       sizeof xff) != 0) {
        snprintf(out->host, sizeof out->host, "?");
        return -1;
    }
    web_gate_client(&web_gate_conf, ip, xff[0] ? xff : NULL, out->host,
                    sizeof out->host);
    return 0;
}
