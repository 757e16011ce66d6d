/*
 * proxyproto.h - the PROXY protocol (versions 1 and 2) header that a
 * load balancer such as HAProxy sends before a client's bytes, so that the
 * server sees the client's address instead of the proxy's.
 *
 * The parser is pure: it is fed what has arrived so far and says whether
 * it needs more, found a whole header, or found something that is not one.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef PROXYPROTO_H
#define PROXYPROTO_H

#include <stddef.h>
#include <sys/socket.h>

/* The longest header taken: a v1 line is at most 107 bytes; a v2 header
 * may carry TLVs, but nothing this server asks HAProxy to send comes near
 * this, and a bound keeps a hostile peer from holding memory. */
#define PP_MAX 1024

enum { PP_BAD = -1, PP_MORE = 0, PP_DONE = 1 };

typedef struct pp_result {
    size_t used;                    /* header bytes; the rest is the client's */
    int local;                      /* v2 LOCAL or v1 UNKNOWN: no client
                                       address, use the connection's own */
    struct sockaddr_storage src;    /* the client, when !local */
    struct sockaddr_storage dst;
} pp_result;

/* Looks at the first n bytes of a connection.  PP_MORE: a header may still
 * be arriving (n < PP_MAX); PP_DONE: *out is filled; PP_BAD: not a valid
 * header (or longer than PP_MAX). */
int pp_parse(const unsigned char *buf, size_t n, pp_result *out);

/* Writes "1.2.3.4" or "[::1]" for the address in a (host) and with its
 * port (peer, "1.2.3.4:5") as the transports name their peers. */
void pp_name(const struct sockaddr_storage *a, char *host, size_t hsize,
             char *peer, size_t psize);

#endif
