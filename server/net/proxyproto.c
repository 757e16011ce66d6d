/*
 * proxyproto.c - parse a PROXY protocol v1 (text) or v2 (binary) header.
 * The layout is HAProxy's published specification (proxy-protocol.txt);
 * the test suite checks this parser against headers a real HAProxy sends.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proxyproto.h"

static const unsigned char pp_sig2[12] = {
    0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A
};
static const char pp_sig1[] = "PROXY ";
#define PP_V1_MAX 107           /* the specification's longest line */

/* A decimal port with no sign, no leading zero and at most 65535. */
static int pp_port(const char *s, unsigned *out)
{
    size_t len = strlen(s);
    if (len == 0 || len > 5 || (len > 1 && s[0] == '0'))
        return -1;
    unsigned v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (unsigned)(s[i] - '0');
    }
    if (v > 65535)
        return -1;
    *out = v;
    return 0;
}

static int pp_addr(int fam, const char *ip, const char *port,
                   struct sockaddr_storage *out)
{
    unsigned p;
    if (pp_port(port, &p) != 0)
        return -1;
    memset(out, 0, sizeof *out);
    if (fam == AF_INET) {
        struct sockaddr_in *a = (struct sockaddr_in *)out;
        a->sin_family = AF_INET;
        a->sin_port = htons((unsigned short)p);
        return inet_pton(AF_INET, ip, &a->sin_addr) == 1 ? 0 : -1;
    }
    struct sockaddr_in6 *a = (struct sockaddr_in6 *)out;
    a->sin6_family = AF_INET6;
    a->sin6_port = htons((unsigned short)p);
    return inet_pton(AF_INET6, ip, &a->sin6_addr) == 1 ? 0 : -1;
}

/* "PROXY TCP4 src dst sport dport\r\n" or "PROXY UNKNOWN ...\r\n". */
static int pp_v1(const unsigned char *buf, size_t n, pp_result *out)
{
    size_t end = 0;
    while (end + 1 < n && !(buf[end] == '\r' && buf[end + 1] == '\n')) {
        if (buf[end] < 0x20 || buf[end] > 0x7e)
            return PP_BAD;
        end++;
    }
    if (end + 1 >= n)
        return n >= PP_V1_MAX ? PP_BAD : PP_MORE;
    if (end + 2 > PP_V1_MAX)
        return PP_BAD;
    char line[PP_V1_MAX + 1];
    memcpy(line, buf, end);
    line[end] = 0;
    char *f[7];
    int nf = 0;
    /* Fields are separated by exactly one space. */
    for (char *p = line; nf < 7; ) {
        f[nf++] = p;
        char *sp = strchr(p, ' ');
        if (!sp)
            break;
        *sp = 0;
        p = sp + 1;
    }
    out->used = end + 2;
    if (nf >= 2 && strcmp(f[1], "UNKNOWN") == 0) {
        out->local = 1;
        return PP_DONE;
    }
    if (nf != 6)
        return PP_BAD;
    int fam;
    if (strcmp(f[1], "TCP4") == 0)
        fam = AF_INET;
    else if (strcmp(f[1], "TCP6") == 0)
        fam = AF_INET6;
    else
        return PP_BAD;
    if (pp_addr(fam, f[2], f[4], &out->src) != 0 ||
        pp_addr(fam, f[3], f[5], &out->dst) != 0)
        return PP_BAD;
    out->local = 0;
    return PP_DONE;
}

static int pp_v2(const unsigned char *buf, size_t n, pp_result *out)
{
    if (n < 16)
        return PP_MORE;
    unsigned ver = buf[12] >> 4, cmd = buf[12] & 0x0f;
    unsigned fam = buf[13] >> 4, proto = buf[13] & 0x0f;
    size_t len = ((size_t)buf[14] << 8) | buf[15];
    if (ver != 2 || cmd > 1 || 16 + len > PP_MAX)
        return PP_BAD;
    if (n < 16 + len)
        return PP_MORE;
    out->used = 16 + len;
    const unsigned char *a = buf + 16;
    if (cmd == 0) {                 /* LOCAL: the proxy's own check */
        out->local = 1;
        return PP_DONE;
    }
    memset(&out->src, 0, sizeof out->src);
    memset(&out->dst, 0, sizeof out->dst);
    if (fam == 1 && proto == 1) {
        if (len < 12)
            return PP_BAD;
        struct sockaddr_in *s = (struct sockaddr_in *)&out->src;
        struct sockaddr_in *d = (struct sockaddr_in *)&out->dst;
        s->sin_family = d->sin_family = AF_INET;
        memcpy(&s->sin_addr, a, 4);
        memcpy(&d->sin_addr, a + 4, 4);
        memcpy(&s->sin_port, a + 8, 2);
        memcpy(&d->sin_port, a + 10, 2);
    } else if (fam == 2 && proto == 1) {
        if (len < 36)
            return PP_BAD;
        struct sockaddr_in6 *s = (struct sockaddr_in6 *)&out->src;
        struct sockaddr_in6 *d = (struct sockaddr_in6 *)&out->dst;
        s->sin6_family = d->sin6_family = AF_INET6;
        memcpy(&s->sin6_addr, a, 16);
        memcpy(&d->sin6_addr, a + 16, 16);
        memcpy(&s->sin6_port, a + 32, 2);
        memcpy(&d->sin6_port, a + 34, 2);
    } else if (fam == 0) {
        /* UNSPEC under PROXY: the specification says to keep the
         * connection's own address. */
        out->local = 1;
        return PP_DONE;
    } else {
        return PP_BAD;              /* UDP or a unix socket: not for us */
    }
    out->local = 0;
    return PP_DONE;
}

int pp_parse(const unsigned char *buf, size_t n, pp_result *out)
{
    size_t k1 = n < 6 ? n : 6, k2 = n < 12 ? n : 12;
    if (memcmp(buf, pp_sig1, k1) == 0)
        return n < 6 ? PP_MORE : pp_v1(buf, n, out);
    if (memcmp(buf, pp_sig2, k2) == 0)
        return n < 12 ? PP_MORE : pp_v2(buf, n, out);
    return PP_BAD;
}

void pp_name(const struct sockaddr_storage *a, char *host, size_t hsize,
             char *peer, size_t psize)
{
    char ip[64] = "?";
    unsigned port = 0;
    if (a->ss_family == AF_INET6) {
        const struct sockaddr_in6 *s = (const struct sockaddr_in6 *)a;
        char raw[INET6_ADDRSTRLEN];
        inet_ntop(AF_INET6, &s->sin6_addr, raw, sizeof raw);
        snprintf(ip, sizeof ip, "[%s]", raw);
        port = ntohs(s->sin6_port);
    } else if (a->ss_family == AF_INET) {
        const struct sockaddr_in *s = (const struct sockaddr_in *)a;
        inet_ntop(AF_INET, &s->sin_addr, ip, sizeof ip);
        port = ntohs(s->sin_port);
    }
    snprintf(host, hsize, "%s", ip);
    snprintf(peer, psize, "%s:%u", ip, port);
}
