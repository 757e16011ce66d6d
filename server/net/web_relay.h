/*
 * web_relay.h - the bytes between a web door's client and libwebsockets,
 * passed through the server's own hands so that the client's WebSocket
 * frames can be checked where lws 4.1 does not (web_frame.h): lws is
 * given one end of a socketpair and the relay copies both ways between
 * it and the client's TCP connection, on the server's loop.
 *
 * It knows only where the first request's header ends (its blank line)
 * and WebSocket frame headers; HTTP is lws's.  A connection may become a
 * WebSocket only with its first request (web.c refuses an upgrade later
 * on a kept-alive connection): what the client sends after that request
 * waits until lws has answered it, and is then read as frames if lws
 * took the upgrade, or passed on as it is if not.
 *
 * An unmasked frame from the client fails the connection as RFC 6455
 * 7.1.7 asks: lws is handed, in place of that frame, a Close with 1002,
 * which it answers to the client as its close (lws returns a peer's
 * code) before ending the socket, and the session hangs up as on a
 * dropped line.  Nothing the client sends after it reaches lws.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef WEB_RELAY_H
#define WEB_RELAY_H

#include <stddef.h>
#include <uv.h>

/* Takes over tcp (accepted, not reading; the relay closes and frees it)
 * and makes the socketpair; first: bytes the client sent already (after
 * a PROXY header).  The end for lws, or -1 (tcp closed). */
int web_relay_start(uv_tcp_t *tcp, const char *first, size_t n);
/* 1 if lws may take an upgrade on its end fd: the connection's first
 * request, read whole, and no answer yet. */
int web_relay_may_upgrade(int fd);
/* lws took the upgrade on fd (LWS_CALLBACK_ESTABLISHED): the client's
 * bytes are frames from here; peer names the session in the log. */
void web_relay_upgraded(int fd, const char *peer);
/* Close every relay still open (at exit, after lws has gone). */
void web_relay_close_all(void);

#endif
