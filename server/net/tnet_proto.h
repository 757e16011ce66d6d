/*
 * tnet_proto.h - the telnet protocol of a connection, apart from its socket
 * so it can be tested by feeding bytes and reading the replies.
 *
 * The server offers WILL ECHO and WILL SGA (character at a time, the
 * server echoes) and asks DO NAWS (window size) and DO TTYPE (terminal
 * type, which picks the profile).  A client that refuses everything, or
 * never answers (a raw socket), still plays: it echoes for itself.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef TNET_PROTO_H
#define TNET_PROTO_H

#include <stddef.h>

typedef struct tnet_cb {
    void *ctx;
    void (*wire)(void *ctx, const char *p, size_t n);   /* to the socket */
    void (*data)(void *ctx, const unsigned char *p, size_t n); /* typed */
    void (*ttype)(void *ctx, const char *name);
    void (*naws)(void *ctx, int width, int height);
    void (*echo)(void *ctx, int remote);    /* 1: the client echoes */
    void (*error)(void *ctx, const char *msg);
} tnet_cb;

typedef struct tnet_proto tnet_proto;

/* Creates the tracker and sends the opening negotiation. */
tnet_proto *tnet_proto_new(const tnet_cb *cb);
void tnet_proto_free(tnet_proto *p);
void tnet_proto_recv(tnet_proto *p, const char *bytes, size_t n);
/* Text for the client: IAC doubled, a bare CR sent as CR NUL. */
void tnet_proto_send(tnet_proto *p, const char *text, size_t n);
/* 1 once the terminal type is known or refused. */
int tnet_proto_settled(const tnet_proto *p);
/* 1 once the client has answered any negotiation. */
int tnet_proto_answered(const tnet_proto *p);

#endif
