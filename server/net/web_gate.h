/*
 * web_gate.h - who may open a web session: the Origin of a WebSocket
 * upgrade checked against the Host it was sent to (or an operator's
 * list), and the client's address, taken from X-Forwarded-For only when
 * the connection comes from a proxy the operator trusts.
 *
 * Pure string work on header values, so it is unit-tested and fuzzed
 * without a socket.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef WEB_GATE_H
#define WEB_GATE_H

#include <stddef.h>

#define WEB_GATE_LIST 16

typedef struct web_gate {
    const char *origins[WEB_GATE_LIST];     /* --http-origin ("*": any) */
    int norigins;
    /* --http-trust-proxy: address/prefix pairs, parsed */
    struct { unsigned char addr[16]; int bits; } proxies[WEB_GATE_LIST];
    int nproxies;
} web_gate;

extern web_gate web_gate_conf;

/* Add an allowed origin ("https://games.example.org" or "*"); -1 if it
 * does not look like one. */
int web_gate_allow_origin(web_gate *g, const char *origin);
/* Add a trusted proxy: an IPv4 or IPv6 address, optionally /PREFIX;
 * -1 if it does not parse. */
int web_gate_trust_proxy(web_gate *g, const char *spec);

/* 1 if a page served from origin may open a session on a server it
 * reached as host (the Host header).  No Origin at all is a client that
 * is not a browser (a browser always sends one on a WebSocket), and may;
 * a cross-site page may not unless its origin is listed. */
int web_gate_origin_ok(const web_gate *g, const char *origin,
                       const char *host);

/* 1 if addr (text, IPv4, IPv6 or IPv4-mapped IPv6) is a trusted proxy. */
int web_gate_is_proxy(const web_gate *g, const char *addr);

/* The client's address: peer itself, unless peer is a trusted proxy and
 * xff (X-Forwarded-For, may be NULL) names one: then the rightmost entry
 * that is not itself a trusted proxy.  Entries that are not addresses
 * are ignored; an IPv4-mapped address is written as IPv4. */
void web_gate_client(const web_gate *g, const char *peer, const char *xff,
                     char *out, size_t size);

#endif
