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
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <time.h>
#include <unistd.h>

#include <libssh/libssh.h>

#define PROMPT "YOUR NAME"

static int server_pid, telnet_port, ssh_port;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* ---- the server ----------------------------------------------------- */

static long server_rss_kib(void)
{
    char path[64], line[256];
    long v = -1;
    snprintf(path, sizeof path, "/proc/%d/status", server_pid);
    FILE *f = fopen(path, "r");
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "VmRSS:", 6) == 0)
            v = atol(line + 6);
    if (f)
        fclose(f);
    return v;
}

static double server_cpu_ms(void)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", server_pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *p = strrchr(buf, ')');
    unsigned long ut = 0, st = 0;
    /* fields 14 and 15 after the command's closing parenthesis */
    if (p)
        sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu",
               &ut, &st);
    return (double)(ut + st) * 1000.0 / (double)sysconf(_SC_CLK_TCK);
}

static int log_port(const char *log, const char *what)
{
    char line[256];
    int port = 0;
    FILE *f = fopen(log, "r");
    while (f && fgets(line, sizeof line, f)) {
        char *p = strstr(line, what);
        if (p)
            port = atoi(p + strlen(what));
    }
    if (f)
        fclose(f);
    return port;
}

static int server_start(const char *dir)
{
    char log[512], data[512], out[512];
    snprintf(log, sizeof log, "%s/log", dir);
    snprintf(data, sizeof data, "%s/data", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    const char *bin = getenv("TTYARCADE");
    if (!bin)
        bin = "bin/ttyarcade";
    server_pid = fork();
    if (server_pid == 0) {
        int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(fd, 1);
        dup2(fd, 2);
        execl(bin, bin, "serve", "--telnet", "127.0.0.1:0", "--ssh",
              "127.0.0.1:0", "--data", data, "--log", log, "--idle", "0",
              "--max-sessions", "100000", "--max-per-address", "100000",
              (char *)NULL);
        _exit(127);
    }
    for (int i = 0; i < 200 && (!telnet_port || !ssh_port); i++) {
        usleep(50000);
        telnet_port = log_port(log, "listen telnet 127.0.0.1:");
        ssh_port = log_port(log, "listen ssh 127.0.0.1:");
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

/* A telnet session at the name prompt: its socket, or -1. */
static int telnet_login(void)
{
    int fd = tcp_connect(telnet_port);
    if (fd < 0)
        return -1;
    char seen[4096];
    size_t have = 0;
    unsigned char buf[2048];
    double until = now_ms() + 10000;
    while (now_ms() < until) {
        struct pollfd p = { fd, POLLIN, 0 };
        if (poll(&p, 1, 100) <= 0)
            continue;
        ssize_t n = read(fd, buf, sizeof buf);
        if (n <= 0)
            break;
        telnet_text(fd, buf, (size_t)n);
        for (ssize_t i = 0; i < n && have + 1 < sizeof seen; i++)
            seen[have++] = (char)buf[i];
        seen[have] = 0;
        if (strstr(seen, PROMPT))
            return fd;
    }
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
        ssh_channel_request_shell(c->ch) != SSH_OK)
        goto fail;
    char seen[4096];
    size_t have = 0;
    double until = now_ms() + 10000;
    while (now_ms() < until) {
        int n = ssh_channel_read_timeout(c->ch, seen + have,
                                         (uint32_t)(sizeof seen - 1 - have),
                                         0, 200);
        if (n < 0)
            break;
        have += (size_t)n;
        seen[have] = 0;
        if (strstr(seen, PROMPT))
            return 0;
        if (have + 1 >= sizeof seen)
            have = 0;
    }
fail:
    ssh_client_free(c);
    return -1;
}

/* ---- logins per second ---------------------------------------------- */

static void logins(double seconds, int ssh, int *count, double *cpu_ms)
{
    double cpu0 = server_cpu_ms(), until = now_ms() + seconds * 1000;
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
    *cpu_ms = server_cpu_ms() - cpu0;
}

/* ---- typists -------------------------------------------------------- */

typedef struct typist {
    int fd;
    ssh_client ssh;             /* ss NULL: telnet */
    double next, sent;
    int awaiting, erase;
} typist;

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void report(const char *who, double *lat, size_t n)
{
    if (!n) {
        printf("  %-6s no echo measured\n", who);
        return;
    }
    qsort(lat, n, sizeof *lat, cmp_double);
    printf("  %-6s p50 %.2f ms  p99 %.2f ms  max %.2f ms  (%zu keys)\n", who,
           lat[n / 2], lat[n * 99 / 100], lat[n - 1], n);
}

static void type_for(typist *t, int n, double seconds)
{
    double *lat[2];
    size_t nlat[2] = { 0, 0 }, cap = (size_t)(seconds + 2) * (size_t)n * 2;
    lat[0] = malloc(cap * sizeof(double));
    lat[1] = malloc(cap * sizeof(double));
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
                int w = y->ssh.ss ? 0 : 1;
                if (nlat[w] < cap)
                    lat[w][nlat[w]++] = t1 - y->sent;
                y->awaiting = 0;
                rnd = rnd * 1103515245u + 12345u;
                y->next = t1 + 500 + (rnd >> 8) % 1000;
            }
        }
    }
    report("ssh", lat[0], nlat[0]);
    report("telnet", lat[1], nlat[1]);
    free(lat[0]);
    free(lat[1]);
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
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
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
    long rss0 = server_rss_kib();
    for (int i = 0; i < sessions; i++) {
        t[held_tel].fd = telnet_login();
        if (t[held_tel].fd < 0)
            break;
        held_tel++;
    }
    long rss1 = server_rss_kib();
    for (int i = 0; i < sessions; i++) {
        typist *y = &t[held_tel + held_ssh];
        if (ssh_login(&y->ssh) != 0)
            break;
        y->fd = ssh_get_fd(y->ssh.ss);
        ssh_set_blocking(y->ssh.ss, 0);
        held_ssh++;
    }
    long rss2 = server_rss_kib();
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
    kill(server_pid, SIGTERM);
    waitpid(server_pid, NULL, 0);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "bench_ssh: could not remove %s\n", dir);
    return 0;
}
