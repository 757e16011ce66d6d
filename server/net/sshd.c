/*
 * sshd.c - SSH listeners and the libssh server settings they share.
 *
 * libuv accepts; each connection's socket is then handed to libssh
 * (ssh_bind_accept_fd) in non-blocking mode and polled by libuv, so a
 * slow or hostile client never holds the loop (sshd_conn.c).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "keepalive.h"
#include "netspec.h"
#include "srv.h"
#include "sshd.h"
#include "sshd_int.h"

#define SSHD_LISTENERS 16

ssh_bind sshd_bind;
int sshd_grace_ms = 30000;
static uv_tcp_t *sshd_listeners[SSHD_LISTENERS];
static int sshd_nlisteners;

static void sshd_freed(uv_handle_t *h)
{
    free(h);
}

static void sshd_accept(uv_stream_t *server, int status)
{
    if (status < 0)
        return;
    uv_tcp_t *tcp = calloc(1, sizeof *tcp);
    if (!tcp)
        return;
    uv_tcp_init(srv_loop, tcp);
    if (uv_accept(server, (uv_stream_t *)tcp) != 0) {
        uv_close((uv_handle_t *)tcp, sshd_freed);
        return;
    }
    struct sockaddr_storage ss;
    int len = sizeof ss;
    memset(&ss, 0, sizeof ss);
    uv_tcp_getpeername(tcp, (struct sockaddr *)&ss, &len);
    uv_tcp_nodelay(tcp, 1);         /* echo goes out at once */
    net_keepalive(tcp);
    /* libssh owns a copy of the socket (it closes it in ssh_free); the
     * libuv handle that accepted it goes. */
    uv_os_fd_t fd = -1;
    int own = -1;
    if (uv_fileno((uv_handle_t *)tcp, &fd) == 0)
        own = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    uv_close((uv_handle_t *)tcp, sshd_freed);
    if (own < 0)
        return;
    if (!sshd_bind || srv_stopping) {
        close(own);
        return;
    }
    sshd_conn_accept(own, &ss);
}

static int sshd_bind_listen(uv_tcp_t *l, const struct sockaddr_storage *a)
{
    uv_tcp_init(srv_loop, l);
    int rc = uv_tcp_bind(l, (const struct sockaddr *)a, 0);
    if (rc == 0)
        rc = uv_listen((uv_stream_t *)l, 511, sshd_accept);
    return rc;
}

int sshd_listen(const char *spec)
{
    struct sockaddr_storage addr;
    int any = 0;
    memset(&addr, 0, sizeof addr);
    if (netspec_parse("--ssh", spec, &addr, &any) != 0)
        return -1;
    if (sshd_nlisteners == SSHD_LISTENERS) {
        fprintf(stderr, "ttyarcade: --ssh '%s': at most %d listeners\n",
                spec, SSHD_LISTENERS);
        return -1;
    }
    uv_tcp_t *l = calloc(1, sizeof *l);
    int rc = sshd_bind_listen(l, &addr);
    if (rc != 0 && any) {
        /* No IPv6 here: every IPv4 address instead. */
        uv_close((uv_handle_t *)l, sshd_freed);
        l = calloc(1, sizeof *l);
        int port = ntohs(((struct sockaddr_in6 *)&addr)->sin6_port);
        uv_ip4_addr("0.0.0.0", port, (struct sockaddr_in *)&addr);
        rc = sshd_bind_listen(l, &addr);
    }
    if (rc != 0) {
        fprintf(stderr, "ttyarcade: cannot listen on %s: %s\n", spec,
                uv_strerror(rc));
        uv_close((uv_handle_t *)l, sshd_freed);
        return -1;
    }
    struct sockaddr_storage bound;
    int blen = sizeof bound;
    char name[64] = "?";
    uv_tcp_getsockname(l, (struct sockaddr *)&bound, &blen);
    int v6 = bound.ss_family == AF_INET6;
    if (v6)
        uv_ip6_name((struct sockaddr_in6 *)&bound, name, sizeof name);
    else
        uv_ip4_name((struct sockaddr_in *)&bound, name, sizeof name);
    int bport = ntohs(v6 ? ((struct sockaddr_in6 *)&bound)->sin6_port
                         : ((struct sockaddr_in *)&bound)->sin_port);
    /* Tests that asked for port 0 read the real one from this line. */
    srv_log("listen ssh %s%s%s:%d", v6 ? "[" : "", name, v6 ? "]" : "",
            bport);
    if (!sshd_nlisteners) {
        /* the menu's K names it: "ssh -p PORT NAME@..." */
        char p[16];
        snprintf(p, sizeof p, "%d", bport);
        srv_set_option("ssh_port", p);
    }
    sshd_listeners[sshd_nlisteners++] = l;
    return 0;
}

int sshd_start(const char *data_dir, const char *keyfile)
{
    if (!sshd_nlisteners)
        return 0;
    ssh_key key = NULL;
    if (ssh_init() != SSH_OK || sshd_key_load(data_dir, keyfile, &key) != 0)
        return -1;
    sshd_bind = ssh_bind_new();
    bool no = false;
    /* Only what this program says: no /etc/ssh/libssh_server_config. */
    if (!sshd_bind ||
        ssh_bind_options_set(sshd_bind, SSH_BIND_OPTIONS_PROCESS_CONFIG,
                             &no) != SSH_OK ||
        ssh_bind_options_set(sshd_bind, SSH_BIND_OPTIONS_IMPORT_KEY,
                             key) != SSH_OK) {
        fprintf(stderr, "ttyarcade: cannot set up the SSH server\n");
        ssh_key_free(key);
        return -1;
    }
    /* the bind owns the key now */
    return 0;
}

void sshd_set_grace(int seconds)
{
    sshd_grace_ms = seconds * 1000;
}

void sshd_stop(void)
{
    for (int i = 0; i < sshd_nlisteners; i++)
        uv_close((uv_handle_t *)sshd_listeners[i], sshd_freed);
    sshd_nlisteners = 0;
    sshd_conn_stop_all();
}
