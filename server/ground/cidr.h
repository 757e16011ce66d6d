/*
 * cidr.h - address ranges written ADDR or ADDR/PREFIX (IPv4 or IPv6), for
 * the proxies trusted to send a PROXY header and for banned addresses.
 * An IPv4 range also matches the IPv4-mapped IPv6 form (::ffff:a.b.c.d)
 * that a dual-stack listener reports for IPv4 clients.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef CIDR_H
#define CIDR_H

#include <sys/socket.h>

typedef struct cidr {
    int family;                 /* AF_INET or AF_INET6 */
    unsigned char addr[16];     /* network order; 4 bytes used for IPv4 */
    int prefix;                 /* 0..32 or 0..128 */
} cidr;

/* "192.0.2.0/24", "2001:db8::/32", "127.0.0.1" (a /32), "[::1]".
 * Returns 0, or -1 for anything else (host bits past the prefix are
 * cleared, so 192.0.2.7/24 is 192.0.2.0/24). */
int cidr_parse(const char *text, cidr *out);
/* Writes the range in the canonical form cidr_parse reads back. */
void cidr_format(const cidr *c, char *out, size_t size);
int cidr_match(const cidr *c, const struct sockaddr *a);
/* The same test for a host as the transports name it ("1.2.3.4",
 * "[::1]"); -1 when host is not an address. */
int cidr_match_host(const cidr *c, const char *host);

#endif
