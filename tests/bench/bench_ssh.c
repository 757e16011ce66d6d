/*
 * bench_ssh.c - SSH beside telnet on one ttyarcade server: logins per
 * second to the name prompt (one client at a time) and the server's CPU
 * per login; memory per session held; keystroke echo latency with N SSH
 * typists and N telnet typists typing at once.  The clients (libssh's
 * client API for SSH, plain sockets for telnet) run in this process on
 * the same two cores.  Figures only: a bench never fails on a timing.
 *
 *   bench_ssh [--sessions N] [--seconds S] [--login-seconds S]
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <time.h>
#include <unistd.h>

#include <libssh/libssh.h>

#include "benchutil.h"

#define PROMPT "YOUR NAME"

static int server_pid, telnet_port, ssh_port;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* ---- the server ----------------------------------------------------- */

static int server_start(const char *dir)
{
    char log[512], data[512], out[512];
    snprintf(log, sizeof log, "%s/log", dir);
    snprintf(data, sizeof data, "%s/data", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    const char *bin = getenv("TTYARCADE");
    if (!bin)
        bin = "bin/ttyarcade";
    char *const argv[] = { (char *)bin, "serve", "--telnet", "127.0.0.1:0",
                           "--ssh", "127.0.0.1:0", "--data", data, "--log",
                           log, "--idle", "0", "--max-sessions", "100000",
                           "--max-per-address", "100000", NULL };
    server_pid = bench_spawn(argv, out);
    if (server_pid < 0)
        return -1;
    for (int i = 0; i < 200 && (!telnet_port || !ssh_port); i++) {
        usleep(50000);
        telnet_port = bench_log_port(log, "listen telnet 127.0.0.1:");
        ssh_port = bench_log_port(log, "listen ssh 127.0.0.1:");
    }
    return telnet_port && ssh_port ? 0 : -1;
}

/* ---- telnet clients ------------------------------------------------- */

/* Answers the server's negotiation as an xterm of 100 x 30 would (the
 * server echoes, sends its type and size), and strips it from what is
 * returned; 1 if text came. */
static int telnet_text(int fd, const unsigned char *p, size_t n)
{
    static const unsigned char naws[] = { 255, 250, 31, 0, 100, 0, 30,
                                          255, 240 };
    static const unsigned char ttype[] = { 255, 250, 24, 0, 'X', 'T', 'E',
                                           'R', 'M', 255, 240 };
    int text = 0;
    for (size_t i = 0; i < n; i++) {
        if (p[i] != 255) {
            text = 1;
            continue;
        }
        if (i + 2 < n && p[i + 1] >= 251 && p[i + 1] <= 254) {
            unsigned char op = p[i + 1], opt = p[i + 2];
            unsigned char r[3] = { 255, 0, opt };
            if (op == 251)          /* WILL: ECHO and SGA agreed */
                r[1] = (opt == 1 || opt == 3) ? 253 : 254;
            else if (op == 253)     /* DO: NAWS and TTYPE agreed */
                r[1] = (opt == 31 || opt == 24) ? 251 : 252;
            if (r[1] && write(fd, r, 3) < 0)
                return text;
            i += 2;
        } else if (i + 1 < n && p[i + 1] == 250) {
            /* the size after the type: it is what wakes the session
             * from waiting for the negotiation to settle */
            if (i + 3 < n && p[i + 2] == 24 && p[i + 3] == 1 &&
                (write(fd, ttype, sizeof ttype) < 0 ||
                 write(fd, naws, sizeof naws) < 0))
                return text;
            while (i + 1 < n && !(p[i] == 255 && p[i + 1] == 240))
                i++;
            i++;
        } else {
            i++;
        }
    }
    return text;
}

static int tcp_connect(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in a = { .sin_family = AF_INET,
                             .sin_port = htons((uint16_t)port) };
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

/* What a login reads: what came within a short wait (0: nothing yet),
 * or < 0 when the line closed. */
typedef int (*login_read)(void *ctx, char *buf, size_t size);

/* Read a login's first screen until the name prompt, for 10 s at most:
 * 0 once it came, or -1. */
static int login_prompt(login_read read_some, void *ctx)
{
    char seen[4096];
    size_t have = 0;
    double until = now_ms() + 10000;
    while (now_ms() < until) {
        int n = read_some(ctx, seen + have, sizeof seen - 1 - have);
        if (n < 0)
            return -1;
        have += (size_t)n;
        seen[have] = 0;
        if (strstr(seen, PROMPT))
            return 0;
        if (have + 1 >= sizeof seen)
            have = 0;
    }
    return -1;
}

/* A telnet login's read: the negotiation answered as it comes. */
static int telnet_read(void *ctx, char *buf, size_t size)
{
    int fd = *(int *)ctx;
    struct pollfd p = { fd, POLLIN, 0 };
    if (poll(&p, 1, 100) <= 0)
        return 0;
    ssize_t n = read(fd, buf, size);
    if (n <= 0)
        return -1;
    telnet_text(fd, (const unsigned char *)buf, (size_t)n);
    return (int)n;
}

/* A telnet session at the name prompt: its socket, or -1. */
static int telnet_login(void)
{
    int fd = tcp_connect(telnet_port);
    if (fd < 0)
        return -1;
    if (login_prompt(telnet_read, &fd) == 0)
        return fd;
    close(fd);
    return -1;
}

/* ---- SSH clients ---------------------------------------------------- */

typedef struct ssh_client {
    ssh_session ss;
    ssh_channel ch;
} ssh_client;

static void ssh_client_free(ssh_client *c)
{
    if (c->ch) {
        ssh_channel_close(c->ch);
        ssh_channel_free(c->ch);
    }
    if (c->ss) {
        ssh_disconnect(c->ss);
        ssh_free(c->ss);
    }
    c->ss = NULL;
    c->ch = NULL;
}

static int ssh_read(void *ctx, char *buf, size_t size)
{
    ssh_client *c = ctx;
    return ssh_channel_read_timeout(c->ch, buf, (uint32_t)size, 0, 200);
}

/* A guest's SSH session with a pty at the name prompt: 0, or -1. */
static int ssh_login(ssh_client *c)
{
    memset(c, 0, sizeof *c);
    c->ss = ssh_new();
    int port = ssh_port, no = 0;
    long timeout = 10;
    if (!c->ss)
        return -1;
    ssh_options_set(c->ss, SSH_OPTIONS_HOST, "127.0.0.1");
    ssh_options_set(c->ss, SSH_OPTIONS_PORT, &port);
    ssh_options_set(c->ss, SSH_OPTIONS_USER, "guest");
    ssh_options_set(c->ss, SSH_OPTIONS_TIMEOUT, &timeout);
    ssh_options_set(c->ss, SSH_OPTIONS_PROCESS_CONFIG, &no);
    int yes = 1;
    ssh_options_set(c->ss, SSH_OPTIONS_NODELAY, &yes);
    /* the bench trusts its own server's fresh key */
    if (ssh_connect(c->ss) != SSH_OK ||
        ssh_userauth_none(c->ss, NULL) != SSH_AUTH_SUCCESS ||
        !(c->ch = ssh_channel_new(c->ss)) ||
        ssh_channel_open_session(c->ch) != SSH_OK ||
        ssh_channel_request_pty_size(c->ch, "xterm", 100, 30) != SSH_OK ||
        ssh_channel_request_shell(c->ch) != SSH_OK ||
        login_prompt(ssh_read, c) != 0) {
        ssh_client_free(c);
        return -1;
    }
    return 0;
}

/* ---- logins per second ---------------------------------------------- */

static void logins(double seconds, int ssh, int *count, double *cpu_ms)
{
    double cpu0 = bench_cpu_s(server_pid, NULL) * 1000,
           until = now_ms() + seconds * 1000;
    *count = 0;
    while (now_ms() < until) {
        if (ssh) {
            ssh_client c;
            if (ssh_login(&c) != 0)
                break;
            ssh_client_free(&c);
        } else {
            int fd = telnet_login();
            if (fd < 0)
                break;
            close(fd);
        }
        ++*count;
    }
    *cpu_ms = bench_cpu_s(server_pid, NULL) * 1000 - cpu0;
}

/* ---- typists -------------------------------------------------------- */

typedef struct typist {
    int fd;
    ssh_client ssh;             /* ss NULL: telnet */
    double next, sent;
    int awaiting, erase;
} typist;

static void report(const char *who, bench_lat *lat)
{
    if (!lat->n) {
        printf("  %-6s no echo measured\n", who);
        return;
    }
    bench_lat_sort(lat);
    printf("  %-6s p50 %.2f ms  p99 %.2f ms  max %.2f ms  (%zu keys)\n", who,
           bench_lat_pct(lat, 50), bench_lat_pct(lat, 99),
           bench_lat_pct(lat, 100), lat->n);
}

static void type_for(typist *t, int n, double seconds)
{
    bench_lat lat[2] = { { 0 }, { 0 } };     /* ssh, telnet */
    struct pollfd *pf = calloc((size_t)n, sizeof *pf);
    unsigned rnd = 1;
    double start = now_ms(), end = start + seconds * 1000;
    for (int i = 0; i < n; i++) {
        rnd = rnd * 1103515245u + 12345u;
        t[i].next = start + (rnd >> 8) % 1000;
        t[i].awaiting = 0;
    }
    while (now_ms() < end) {
        double now = now_ms();
        for (int i = 0; i < n; i++) {
            typist *y = &t[i];
            if (y->awaiting || now < y->next)
                continue;
            /* a letter, then Backspace: the name never fills */
            char k = y->erase ? 127 : 'X';
            y->erase = !y->erase;
            if (y->ssh.ss)
                ssh_channel_write(y->ssh.ch, &k, 1);
            else if (write(y->fd, &k, 1) != 1)
                continue;
            y->sent = now_ms();
            y->awaiting = 1;
        }
        for (int i = 0; i < n; i++) {
            pf[i].fd = t[i].fd;
            pf[i].events = POLLIN;
            pf[i].revents = 0;
        }
        if (poll(pf, (nfds_t)n, 5) <= 0)
            continue;
        for (int i = 0; i < n; i++) {
            if (!pf[i].revents)
                continue;
            typist *y = &t[i];
            char buf[4096];
            int got = 0;
            if (y->ssh.ss) {
                int r;
                while ((r = ssh_channel_read_nonblocking(y->ssh.ch, buf,
                                                         sizeof buf, 0)) > 0)
                    got = 1;
            } else {
                ssize_t r = read(y->fd, buf, sizeof buf);
                got = r > 0 && telnet_text(y->fd, (unsigned char *)buf,
                                           (size_t)r);
            }
            if (got && y->awaiting) {
                double t1 = now_ms();
                bench_lat_add(&lat[y->ssh.ss ? 0 : 1], t1 - y->sent);
                y->awaiting = 0;
                rnd = rnd * 1103515245u + 12345u;
                y->next = t1 + 500 + (rnd >> 8) % 1000;
            }
        }
    }
    report("ssh", &lat[0]);
    report("telnet", &lat[1]);
    bench_lat_free(&lat[0]);
    bench_lat_free(&lat[1]);
    free(pf);
}

int main(int argc, char **argv)
{
    int sessions = 500;
    double seconds = 10, login_seconds = 5;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--sessions") && i + 1 < argc)
            sessions = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
            seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--login-seconds") && i + 1 < argc)
            login_seconds = atof(argv[++i]);
        else {
            fprintf(stderr, "usage: bench_ssh [--sessions N] [--seconds S] "
                            "[--login-seconds S]\n");
            return 2;
        }
    }
    signal(SIGPIPE, SIG_IGN);
    bench_nofile_max();
    char dir[] = "/tmp/bench-ssh-XXXXXX";
    if (!mkdtemp(dir) || server_start(dir) != 0) {
        fprintf(stderr, "bench_ssh: the server did not start\n");
        return 1;
    }
    ssh_init();

    int n_ssh, n_tel;
    double cpu_ssh, cpu_tel;
    logins(login_seconds, 1, &n_ssh, &cpu_ssh);
    logins(login_seconds, 0, &n_tel, &cpu_tel);
    printf("logins to the name prompt, one client at a time for %.0f s "
           "(client and server on the same 2 cores):\n", login_seconds);
    printf("  ssh    %6.1f per second, server CPU %.2f ms each\n",
           n_ssh / login_seconds, n_ssh ? cpu_ssh / n_ssh : 0);
    printf("  telnet %6.1f per second, server CPU %.2f ms each\n",
           n_tel / login_seconds, n_tel ? cpu_tel / n_tel : 0);

    typist *t = calloc((size_t)sessions * 2, sizeof *t);
    int held_tel = 0, held_ssh = 0;
    long rss0 = bench_proc_kib(server_pid, "status", "VmRSS:");
    for (int i = 0; i < sessions; i++) {
        t[held_tel].fd = telnet_login();
        if (t[held_tel].fd < 0)
            break;
        held_tel++;
    }
    long rss1 = bench_proc_kib(server_pid, "status", "VmRSS:");
    for (int i = 0; i < sessions; i++) {
        typist *y = &t[held_tel + held_ssh];
        if (ssh_login(&y->ssh) != 0)
            break;
        y->fd = ssh_get_fd(y->ssh.ss);
        ssh_set_blocking(y->ssh.ss, 0);
        held_ssh++;
    }
    long rss2 = bench_proc_kib(server_pid, "status", "VmRSS:");
    printf("sessions held: ssh %d of %d, telnet %d of %d\n", held_ssh,
           sessions, held_tel, sessions);
    printf("server memory per session (RSS growth): ssh %.1f KiB, "
           "telnet %.1f KiB\n",
           held_ssh ? (double)(rss2 - rss1) / held_ssh : 0,
           held_tel ? (double)(rss1 - rss0) / held_tel : 0);
    printf("echo latency, %d ssh typists beside %d telnet typists, a key "
           "every 0.5-1.5 s each, %.0f s:\n", held_ssh, held_tel, seconds);
    type_for(t, held_tel + held_ssh, seconds);

    for (int i = 0; i < held_tel + held_ssh; i++) {
        if (t[i].ssh.ss)
            ssh_client_free(&t[i].ssh);
        else
            close(t[i].fd);
    }
    free(t);
    kill(server_pid, SIGTERM);
    waitpid(server_pid, NULL, 0);
    if (bench_rmdir(dir) != 0)
        fprintf(stderr, "bench_ssh: could not remove %s\n", dir);
    return 0;
}
