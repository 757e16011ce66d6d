/*
 * keepalive.h - finding dead lines: a client that vanished without a word
 * (Wi-Fi gone, a laptop closed) leaves a TCP connection that stays open
 * for hours, its session holding its game.  Every accepted socket gets
 * TCP keepalive probes after srv.keepalive_s seconds of silence, and a
 * limit on how long sent data may go unacknowledged, so such a line is
 * closed within twice srv.keepalive_s (its session then ends and saves, as
 * at a hang-up).  The doors add their own protocol's pings for a client
 * behind a proxy, whose TCP the proxy answers (web: WebSocket pings; SSH:
 * keepalive requests).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef KEEPALIVE_H
#define KEEPALIVE_H

#include <uv.h>

/* Probe the accepted socket fd after srv.keepalive_s silent seconds, six
 * probes a sixth of that apart (at least a second), and drop it when sent
 * data stays unacknowledged as long; nothing when srv.keepalive_s is 0. */
void net_keepalive_fd(int fd);
void net_keepalive(uv_tcp_t *tcp);

#endif
