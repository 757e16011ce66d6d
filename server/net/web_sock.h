/*
 * web_sock.h - a WebSocket as a session's line: the page's keys and paste
 * become typed input, its size and resizes the terminal's size, the
 * session's output goes back as binary messages.  Called from web.c's
 * libwebsockets callback.
 *
 * The page speaks in text messages whose first character says what they
 * are:   i<bytes>       typed keys or pasted text
 *        r<cols> <rows> the window's size changed
 *        b<baud>        pace the output to this line speed (0: none)
 * The server sends the session's output as binary messages, and one text
 * message "x" when the session is over, just before it closes.  A socket
 * opened with ?watch=ID is a session that watches session ID (the watch
 * page) instead of running the menu.
 * Anything else from the page, or a message longer than WEB_SOCK_MSG_MAX, closes the
 * socket (1003 / 1009) and hangs up the session.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef WEB_SOCK_H
#define WEB_SOCK_H

#include <stddef.h>
#include <stdint.h>

#include "profile.h"

#define WEB_SOCK_MSG_MAX 65536

struct lws;
typedef struct web_sock web_sock;

/* What the upgrade request said, captured while its headers are there. */
typedef struct web_sock_req {
    char peer[80];              /* "ADDR:PORT" as the log writes it */
    char host[64];              /* ADDR alone, for --max-per-address */
    const profile *prof;
    int baud;                   /* pace (0: none) */
    int cols, rows;             /* the page's size (0: unknown) */
    int watching;               /* it watches (web_watch.h), not the menu */
    uint64_t watch;             /* the session it watches */
} web_sock_req;

/* The socket is open: start a session, or queue a refusal (full, too
 * many from this address, closing) and close once it is sent. */
web_sock *web_sock_open(struct lws *wsi, const web_sock_req *rq);
/* Part of a message arrived; -1: close the socket. */
int web_sock_rx(web_sock *ws, const void *in, size_t len);
/* The socket may take more; -1: close it. */
int web_sock_writable(web_sock *ws);
/* The socket is gone (tab closed, network dropped, or we closed it). */
void web_sock_gone(web_sock *ws);

#endif
