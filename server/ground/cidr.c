/*
 * cidr.c - parse and match address ranges.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cidr.h"

static void cidr_mask(cidr *c)
{
    int bytes = c->family == AF_INET ? 4 : 16;
    for (int i = 0; i < bytes; i++) {
        int keep = c->prefix - i * 8;
        if (keep >= 8)
            continue;
        c->addr[i] &= keep <= 0 ? 0 : (unsigned char)(0xff << (8 - keep));
    }
}

int cidr_parse(const char *text, cidr *out)
{
    char buf[80];
    size_t len = strlen(text);
    if (len == 0 || len >= sizeof buf)
        return -1;
    memcpy(buf, text, len + 1);
    char *slash = strchr(buf, '/');
    int prefix = -1;
    if (slash) {
        *slash = 0;
        char *end;
        const char *p = slash + 1;
        if (*p < '0' || *p > '9')
            return -1;
        long v = strtol(p, &end, 10);
        if (*end || v > 128)
            return -1;
        prefix = (int)v;
    }
    char *host = buf;
    if (host[0] == '[') {
        char *close = strchr(host, ']');
        if (!close || close[1])
            return -1;
        *close = 0;
        host++;
    }
    memset(out, 0, sizeof *out);
    if (inet_pton(AF_INET, host, out->addr) == 1) {
        out->family = AF_INET;
        if (prefix > 32)
            return -1;
        out->prefix = prefix < 0 ? 32 : prefix;
    } else if (inet_pton(AF_INET6, host, out->addr) == 1) {
        out->family = AF_INET6;
        out->prefix = prefix < 0 ? 128 : prefix;
    } else {
        return -1;
    }
    cidr_mask(out);
    return 0;
}

void cidr_format(const cidr *c, char *out, size_t size)
{
    char ip[INET6_ADDRSTRLEN];
    inet_ntop(c->family, c->addr, ip, sizeof ip);
    int full = c->family == AF_INET ? 32 : 128;
    if (c->prefix == full)
        snprintf(out, size, "%s", ip);
    else
        snprintf(out, size, "%s/%d", ip, c->prefix);
}

static int cidr_bits(const unsigned char *a, const unsigned char *b, int n)
{
    int whole = n / 8, rest = n % 8;
    if (memcmp(a, b, (size_t)whole) != 0)
        return 0;
    if (rest == 0)
        return 1;
    unsigned char m = (unsigned char)(0xff << (8 - rest));
    return (a[whole] & m) == (b[whole] & m);
}

int cidr_match(const cidr *c, const struct sockaddr *a)
{
    static const unsigned char mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                              0xff, 0xff };
    if (a->sa_family == AF_INET) {
        const struct sockaddr_in *s = (const struct sockaddr_in *)a;
        return c->family == AF_INET &&
               cidr_bits(c->addr, (const unsigned char *)&s->sin_addr,
                         c->prefix);
    }
    if (a->sa_family != AF_INET6)
        return 0;
    const unsigned char *b =
        ((const struct sockaddr_in6 *)a)->sin6_addr.s6_addr;
    if (c->family == AF_INET6)
        return cidr_bits(c->addr, b, c->prefix);
    return memcmp(b, mapped, 12) == 0 && cidr_bits(c->addr, b + 12, c->prefix);
}

int cidr_match_host(const cidr *c, const char *host)
{
    char buf[64];
    size_t len = strlen(host);
    if (len >= sizeof buf)
        return -1;
    memcpy(buf, host, len + 1);
    if (buf[0] == '[' && len > 2 && buf[len - 1] == ']') {
        buf[len - 1] = 0;
        memmove(buf, buf + 1, len - 1);
    }
    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof ss);
    struct sockaddr_in *a4 = (struct sockaddr_in *)&ss;
    struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&ss;
    if (inet_pton(AF_INET, buf, &a4->sin_addr) == 1)
        ss.ss_family = AF_INET;
    else if (inet_pton(AF_INET6, buf, &a6->sin6_addr) == 1)
        ss.ss_family = AF_INET6;
    else
        return -1;
    return cidr_match(c, (struct sockaddr *)&ss);
}
