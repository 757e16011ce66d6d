/*
 * web_gate.c - Origin against Host, and X-Forwarded-For from trusted
 * proxies only (see web_gate.h).  Header values come from anyone on the
 * network: every length is bounded and nothing here allocates.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "web_gate.h"

web_gate web_gate_conf;

/* An origin is scheme://authority with nothing after it. */
static const char *web_gate_authority(const char *origin, size_t *len)
{
    const char *p;
    if (strncasecmp(origin, "http://", 7) == 0)
        p = origin + 7;
    else if (strncasecmp(origin, "https://", 8) == 0)
        p = origin + 8;
    else
        return NULL;
    size_t n = strcspn(p, "/?#");
    if (n == 0 || (p[n] != 0 && !(p[n] == '/' && p[n + 1] == 0)))
        return NULL;
    *len = n;
    return p;
}

int web_gate_allow_origin(web_gate *g, const char *origin)
{
    size_t n;
    if (g->norigins == WEB_GATE_LIST)
        return -1;
    if (strcmp(origin, "*") != 0 && !web_gate_authority(origin, &n))
        return -1;
    g->origins[g->norigins++] = origin;
    return 0;
}

/* Text address to 16 bytes (IPv4 as IPv4-mapped IPv6); 0 on success. */
static int web_gate_parse_addr(const char *text, size_t len,
                               unsigned char out[16])
{
    char tmp[64];
    if (len == 0 || len >= sizeof tmp)
        return -1;
    memcpy(tmp, text, len);
    tmp[len] = 0;
    /* "[::1]" as some proxies write it */
    char *a = tmp;
    if (a[0] == '[' && a[len - 1] == ']') {
        a[len - 1] = 0;
        a++;
    }
    unsigned char v4[4];
    if (inet_pton(AF_INET, a, v4) == 1) {
        memset(out, 0, 10);
        out[10] = out[11] = 0xff;
        memcpy(out + 12, v4, 4);
        return 0;
    }
    return inet_pton(AF_INET6, a, out) == 1 ? 0 : -1;
}

static int web_gate_is_v4(const unsigned char a[16])
{
    static const unsigned char pre[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                           0xff, 0xff };
    return memcmp(a, pre, 12) == 0;
}

int web_gate_trust_proxy(web_gate *g, const char *spec)
{
    if (g->nproxies == WEB_GATE_LIST)
        return -1;
    const char *slash = strchr(spec, '/');
    size_t len = slash ? (size_t)(slash - spec) : strlen(spec);
    unsigned char a[16];
    if (web_gate_parse_addr(spec, len, a) != 0)
        return -1;
    int max = web_gate_is_v4(a) ? 32 : 128;
    int bits = max;
    if (slash) {
        char *end;
        long b = strtol(slash + 1, &end, 10);
        if (!slash[1] || *end || b < 0 || b > max)
            return -1;
        bits = (int)b;
    }
    /* IPv4 prefixes count within the mapped form. */
    if (max == 32)
        bits += 96;
    memcpy(g->proxies[g->nproxies].addr, a, 16);
    g->proxies[g->nproxies].bits = bits;
    g->nproxies++;
    return 0;
}

static int web_gate_match(const web_gate *g, const unsigned char a[16])
{
    for (int i = 0; i < g->nproxies; i++) {
        int bits = g->proxies[i].bits;
        const unsigned char *p = g->proxies[i].addr;
        int whole = bits / 8, rest = bits % 8;
        if (memcmp(a, p, (size_t)whole) != 0)
            continue;
        if (rest) {
            unsigned char mask = (unsigned char)(0xff << (8 - rest));
            if ((a[whole] & mask) != (p[whole] & mask))
                continue;
        }
        return 1;
    }
    return 0;
}

int web_gate_is_proxy(const web_gate *g, const char *addr)
{
    unsigned char a[16];
    if (!addr || web_gate_parse_addr(addr, strlen(addr), a) != 0)
        return 0;
    return web_gate_match(g, a);
}

int web_gate_origin_ok(const web_gate *g, const char *origin,
                       const char *host)
{
    if (!origin || !*origin)
        return 1;
    for (int i = 0; i < g->norigins; i++) {
        const char *o = g->origins[i];
        size_t n = strlen(o);
        if (strcmp(o, "*") == 0)
            return 1;
        if (o[n - 1] == '/')
            n--;
        size_t m = strlen(origin);
        if (m && origin[m - 1] == '/')
            m--;
        if (n == m && strncasecmp(o, origin, n) == 0)
            return 1;
    }
    size_t alen;
    const char *auth = web_gate_authority(origin, &alen);
    if (!auth || !host)
        return 0;
    /* The page's own server: same host and port as the request went to
     * (a proxy in front must pass Host on, as nginx's proxy_set_header
     * Host $host does; browsers leave default ports out of both). */
    return strlen(host) == alen && strncasecmp(auth, host, alen) == 0;
}

/* Write a as text, IPv4 for a mapped address. */
static void web_gate_name(const unsigned char a[16], char *out, size_t size)
{
    char tmp[INET6_ADDRSTRLEN];
    if (web_gate_is_v4(a))
        inet_ntop(AF_INET, a + 12, tmp, sizeof tmp);
    else
        inet_ntop(AF_INET6, a, tmp, sizeof tmp);
    snprintf(out, size, "%s", tmp);
}

void web_gate_client(const web_gate *g, const char *peer, const char *xff,
                     char *out, size_t size)
{
    unsigned char a[16];
    if (web_gate_parse_addr(peer, strlen(peer), a) != 0) {
        snprintf(out, size, "%s", peer);
        return;
    }
    web_gate_name(a, out, size);
    if (!xff || !web_gate_match(g, a))
        return;
    /* Right to left: each trusted proxy appended the address it saw. */
    size_t end = strlen(xff);
    while (end > 0) {
        size_t start = end;
        while (start > 0 && xff[start - 1] != ',')
            start--;
        size_t s = start, e = end;
        while (s < e && (xff[s] == ' ' || xff[s] == '\t'))
            s++;
        while (e > s && (xff[e - 1] == ' ' || xff[e - 1] == '\t'))
            e--;
        unsigned char c[16];
        if (web_gate_parse_addr(xff + s, e - s, c) == 0) {
            web_gate_name(c, out, size);
            if (!web_gate_match(g, c))
                return;
        }
        end = start ? start - 1 : 0;
    }
}
