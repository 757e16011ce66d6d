/*
 * benchclient.h - the telnet client the load benchmarks run by the
 * thousand on one libuv loop: connect, answer the server's negotiation,
 * keep the last text seen to wait for a prompt, send keys.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef BENCHCLIENT_H
#define BENCHCLIENT_H

#include <stddef.h>
#include <uv.h>

/* One connection.  It lets the server echo and suppress go-ahead (DO ECHO,
 * DO SGA) and refuses every other option, as a plain telnet at a glass
 * terminal does; subnegotiations are skipped. */
typedef struct bench_tn {
    uv_tcp_t tcp;               /* first; tcp.data: the owner given */
    uv_connect_t req;
    uv_read_cb on_read;
    int iac, in_sb;             /* where the parser is in a command */
    unsigned char cmd;
    char *tail;                 /* the last text, NUL-terminated */
    size_t size, len;
    size_t got;                 /* bytes received, commands included */
} bench_tn;

/* Connect to port on 127.0.0.1 (TCP_NODELAY).  tail (of size bytes) keeps
 * the last text; when it fills, its older half goes.  on_read gets each
 * read with tcp.data set to owner; a connection refused comes to it as a
 * failed read. */
void bench_tn_open(bench_tn *t, uv_loop_t *loop, int port, char *tail,
                   size_t size, void *owner, uv_read_cb on_read);
/* What a read brought: the commands answered, the text kept. */
void bench_tn_feed(bench_tn *t, const char *p, size_t n);
void bench_tn_send(bench_tn *t, const char *s, size_t n);
/* Whether the text kept since the last clear has s in it. */
int bench_tn_has(const bench_tn *t, const char *s);
void bench_tn_clear(bench_tn *t);
/* bench_tn_has, and then clear when it has: for a prompt waited on. */
int bench_tn_saw(bench_tn *t, const char *s);

/* Run the loop until cond() (NULL: never) or ms pass; a ticking timer
 * wakes the loop to look at the clock. */
void bench_run_until(uv_loop_t *loop, int (*cond)(void), int ms);

#endif
