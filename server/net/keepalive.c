/*
 * keepalive.c - TCP keepalive on accepted sockets (see keepalive.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include "keepalive.h"
#include "srv.h"

#define NET_KEEPALIVE_PROBES 6

void net_keepalive_fd(int fd)
{
    int idle = srv.keepalive_s;
    if (fd < 0 || idle <= 0)
        return;
    int on = 1, probes = NET_KEEPALIVE_PROBES;
    int intvl = idle / NET_KEEPALIVE_PROBES > 0 ? idle / NET_KEEPALIVE_PROBES
                                                : 1;
    /* Unacknowledged output is given as long as silence is: a peer that
     * vanished while the server was sending is found as soon. */
    unsigned user_ms = (unsigned)(idle + intvl * probes) * 1000u;
    setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &on, sizeof on);
    setsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &idle, sizeof idle);
    setsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &intvl, sizeof intvl);
    setsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &probes, sizeof probes);
    setsockopt(fd, IPPROTO_TCP, TCP_USER_TIMEOUT, &user_ms, sizeof user_ms);
}

void net_keepalive(uv_tcp_t *tcp)
{
    uv_os_fd_t fd;
    if (uv_fileno((uv_handle_t *)tcp, &fd) == 0)
        net_keepalive_fd(fd);
}
