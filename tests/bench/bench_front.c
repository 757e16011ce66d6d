/*
 * bench_front.c - sessions held by two servers sharing one PostgreSQL
 * behind HAProxy (TCP mode, PROXY v2, balance leastconn), beside the same
 * number of sessions held by one server reached directly, in one run:
 * the time until every player has the name prompt, how the sessions are
 * spread, and each server's memory per session.  A PostgreSQL (pgtmp.sh),
 * the servers ($TTYARCADE) and HAProxy are started here on loopback and
 * stopped at the end.  (The clients answer no telnet negotiation, so each
 * prompt comes after the server's wait for one: the time to greet them
 * all says little, and is not printed.)  Figures only.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <uv.h>

#include "benchutil.h"

#define FRONT_SESSIONS 2000

static char front_dir[] = "/tmp/ttyarcade-front-XXXXXX";

typedef struct front_srv {
    pid_t pid;
    int port;
    char name[8];
} front_srv;

static pid_t front_spawn(char *const argv[], const char *out)
{
    pid_t pid = bench_spawn(argv, out);
    if (pid < 0)
        exit(1);
    return pid;
}

/* proxied: behind HAProxy (trusts 127.0.0.1 for PROXY headers). */
static void front_serve(front_srv *s, const char *bin, const char *db,
                        int proxied)
{
    char data[300], log[300], out[300];
    snprintf(data, sizeof data, "%s/%s", front_dir, s->name);
    snprintf(log, sizeof log, "%s/%s.log", front_dir, s->name);
    snprintf(out, sizeof out, "%s/%s.out", front_dir, s->name);
    char *argv[] = { (char *)bin, "serve", "--telnet", "127.0.0.1:0",
                     "--data", data, "--db", (char *)db, "--log", log,
                     "--server-name", s->name, "--max-per-address",
                     "100000", "--idle", "0", NULL, NULL, NULL };
    if (proxied) {
        argv[16] = "--proxy-protocol";
        argv[17] = "127.0.0.1";
    }
    s->pid = front_spawn(argv, out);
    for (int i = 0; i < 400 && !s->port; i++) {
        const char *t = bench_read(log);
        const char *p = t ? strstr(t, "listen telnet 127.0.0.1:") : NULL;
        if (p)
            s->port = atoi(p + strlen("listen telnet 127.0.0.1:"));
        else
            usleep(25000);
    }
    if (!s->port) {
        fprintf(stderr, "bench_front: server %s did not start\n", s->name);
        exit(1);
    }
}

static long front_rss_kib(pid_t pid)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    const char *t = bench_read(path);
    const char *p = t ? strstr(t, "VmRSS:") : NULL;
    return p ? atol(p + 6) : 0;
}

static int front_free_port(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = { .sin_family = AF_INET };
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t n = sizeof a;
    bind(fd, (struct sockaddr *)&a, sizeof a);
    getsockname(fd, (struct sockaddr *)&a, &n);
    close(fd);
    return ntohs(a.sin_port);
}

/* Connect n players to port, at most FRONT_WAVE of them waiting for
 * their prompt at a time (as players arriving, not one burst a listen
 * queue would drop), and wait until each has the name prompt; the seconds
 * that took, or -1.  The sockets stay open in fds. */
#define FRONT_WAVE 500

static int front_open(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    struct sockaddr_in a = { .sin_family = AF_INET,
                             .sin_port = htons((uint16_t)port) };
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || (connect(fd, (struct sockaddr *)&a, sizeof a) != 0 &&
                   errno != EINPROGRESS)) {
        perror("bench_front: connect");
        exit(1);
    }
    return fd;
}

static double front_connect(int port, int n, int *fds)
{
    struct pollfd *pf = calloc((size_t)n, sizeof *pf);
    char (*tail)[16] = calloc((size_t)n, sizeof *tail);
    int greeted = 0, opened = 0;
    uint64_t t0 = uv_hrtime();
    while (greeted < n) {
        while (opened < n && opened - greeted < FRONT_WAVE) {
            fds[opened] = front_open(port);
            pf[opened].fd = fds[opened];
            pf[opened].events = POLLIN;
            opened++;
        }
        if ((uv_hrtime() - t0) / 1000000000ULL > 60)
            break;
        if (poll(pf, (nfds_t)opened, 1000) <= 0)
            continue;
        for (int i = 0; i < opened; i++) {
            if (pf[i].fd < 0 || !(pf[i].revents & (POLLIN | POLLHUP)))
                continue;
            char buf[512];
            ssize_t k = read(pf[i].fd, buf, sizeof buf);
            if (k <= 0) {
                pf[i].fd = -1;
                continue;
            }
            /* the prompt may be split between reads: keep a tail */
            char both[16 + 512];
            size_t tl = strlen(tail[i]), all = tl + (size_t)k;
            memcpy(both, tail[i], tl);
            memcpy(both + tl, buf, (size_t)k);
            both[all] = 0;
            for (size_t j = 0; j < all; j++)
                if (!both[j])
                    both[j] = ' ';
            if (strstr(both, "YOUR NAME")) {
                greeted++;
                pf[i].fd = -1;
                continue;
            }
            size_t keep = all < 15 ? all : 15;
            memcpy(tail[i], both + all - keep, keep);
            tail[i][keep] = 0;
        }
    }
    double secs = (double)(uv_hrtime() - t0) / 1e9;
    free(pf);
    free(tail);
    if (greeted < n)
        printf("  (%d of %d greeted within 60 s)\n", greeted, n);
    return greeted == n ? secs : -1;
}

static int front_count(const char *name)
{
    char log[300];
    snprintf(log, sizeof log, "%s/%s.log", front_dir, name);
    int n = 0;
    for (const char *p = bench_read(log); p && (p = strstr(p, " start "));
         p++)
        n++;
    return n;
}

int main(void)
{
    const char *bin = getenv("TTYARCADE");
    const char *top = getenv("TTY_TOP");
    if (!bin || !mkdtemp(front_dir)) {
        fprintf(stderr, "bench_front: set TTYARCADE (make bench does)\n");
        return 1;
    }
    char cmd[1024], pgdir[256] = "";
    snprintf(cmd, sizeof cmd, "%s/tests/pg/pgtmp.sh start", top ? top : ".");
    FILE *p = popen(cmd, "r");
    if (!p || !fgets(pgdir, sizeof pgdir, p) || pclose(p) != 0) {
        fprintf(stderr, "bench_front: could not start PostgreSQL\n");
        return 1;
    }
    pgdir[strcspn(pgdir, "\n")] = 0;
    char db[512];
    snprintf(db, sizeof db, "postgresql:///postgres?host=%s&user=tty", pgdir);

    front_srv a = { .name = "a" }, b = { .name = "b" }, c = { .name = "c" };
    front_serve(&a, bin, db, 1);
    front_serve(&b, bin, db, 1);
    front_serve(&c, bin, db, 0);
    int front = front_free_port();
    char cfg[300];
    snprintf(cfg, sizeof cfg, "%s/haproxy.cfg", front_dir);
    FILE *f = fopen(cfg, "w");
    fprintf(f, "global\n    maxconn 8000\ndefaults\n    mode tcp\n"
               "    timeout connect 5s\n    timeout client 600s\n"
               "    timeout server 600s\n    maxconn 8000\n"
               "frontend arcade\n    bind 127.0.0.1:%d\n"
               "    default_backend servers\nbackend servers\n"
               "    balance leastconn\n"
               "    server a 127.0.0.1:%d send-proxy-v2\n"
               "    server b 127.0.0.1:%d send-proxy-v2\n",
            front, a.port, b.port);
    fclose(f);
    char hout[300];
    snprintf(hout, sizeof hout, "%s/haproxy.out", front_dir);
    char *hargv[] = { "/usr/sbin/haproxy", "-db", "-f", cfg, NULL };
    pid_t hp = front_spawn(hargv, hout);
    usleep(300000);

    long ra0 = front_rss_kib(a.pid), rb0 = front_rss_kib(b.pid),
         rc0 = front_rss_kib(c.pid), rh0 = front_rss_kib(hp);
    int *fds = calloc(2 * FRONT_SESSIONS, sizeof *fds);
    double direct = front_connect(c.port, FRONT_SESSIONS, fds);
    double proxied = front_connect(front, FRONT_SESSIONS,
                                   fds + FRONT_SESSIONS);
    long ra = front_rss_kib(a.pid), rb = front_rss_kib(b.pid),
         rc = front_rss_kib(c.pid), rh = front_rss_kib(hp);
    int na = front_count("a"), nb = front_count("b");

    printf("sessions: %d players at the name prompt, through HAProxy to two "
           "servers on one PostgreSQL, beside one server reached directly\n",
           FRONT_SESSIONS);
    if (proxied < 0 || direct < 0) {
        const char *t = bench_read(hout);
        fprintf(stderr, "haproxy: %s\n", t ? t : "");
    }
    printf("  HAProxy + 2 servers  %d of %d held: a %d, b %d; %.1f KiB RSS a "
           "session on a, %.1f on b; HAProxy %.1f KiB a session\n",
           proxied < 0 ? na + nb : FRONT_SESSIONS, FRONT_SESSIONS, na, nb,
           na ? (double)(ra - ra0) / na : 0.0,
           nb ? (double)(rb - rb0) / nb : 0.0,
           (double)(rh - rh0) / FRONT_SESSIONS);
    printf("  direct, 1 server     %d of %d held; %.1f KiB RSS a session\n",
           direct < 0 ? 0 : FRONT_SESSIONS, FRONT_SESSIONS,
           (double)(rc - rc0) / FRONT_SESSIONS);

    for (int i = 0; i < 2 * FRONT_SESSIONS; i++)
        close(fds[i]);
    free(fds);
    kill(hp, SIGTERM);
    kill(a.pid, SIGTERM);
    kill(b.pid, SIGTERM);
    kill(c.pid, SIGTERM);
    waitpid(hp, NULL, 0);
    waitpid(a.pid, NULL, 0);
    waitpid(b.pid, NULL, 0);
    waitpid(c.pid, NULL, 0);
    snprintf(cmd, sizeof cmd, "%s/tests/pg/pgtmp.sh remove %s; rm -rf %s",
             top ? top : ".", pgdir, front_dir);
    if (system(cmd) != 0)
        fprintf(stderr, "bench_front: could not clean up\n");
    return 0;
}
