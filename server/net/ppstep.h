/*
 * ppstep.h - the PROXY protocol as a step in front of a TCP transport:
 * a connection from a trusted proxy (--proxy-protocol ADDR[/PREFIX]) must
 * open with a PROXY header; the transport starts only once it has been
 * read, with the client's own address.  Connections from anywhere else
 * skip the step, and to them a PROXY header is just bad input.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef PPSTEP_H
#define PPSTEP_H

#include <uv.h>

#include "cidr.h"

#define PP_TRUST_MAX 32
#define PP_WAIT_MS 10000        /* a proxy sends its header at once */

/* Adds a trusted proxy range; -1 when the table is full. */
int pp_trust_add(const cidr *c);
void pp_trust_clear(void);
int pp_trusted(const struct sockaddr *peer);
/* How many ranges are trusted (0: no listener waits for headers). */
int pp_trust_count(void);

/* ok: 1 with the header read (client NULL when the proxy said LOCAL or
 * UNKNOWN: keep the connection's own address), 0 when the header was bad,
 * late or the line closed (the transport closes tcp).  rest: bytes that
 * came after the header, valid during the call. */
typedef void (*pp_done_cb)(uv_tcp_t *tcp, void *ctx, int ok,
                           const struct sockaddr_storage *client,
                           const char *rest, size_t n);

/* Reads the header from tcp (which must not be reading), then calls done
 * once.  tcp->data is borrowed meanwhile and restored before done. */
void pp_wait(uv_tcp_t *tcp, void *ctx, pp_done_cb done);

/* After done(ok = 0): say so in the log ("refused DOORPEER: no valid
 * PROXY header", door "" or "web "), count it, and close tcp with
 * closed. */
void pp_refuse(uv_tcp_t *tcp, const char *door, uv_close_cb closed);

/* Headers refused since start, for the metrics. */
unsigned long pp_refused_count(void);

#endif
