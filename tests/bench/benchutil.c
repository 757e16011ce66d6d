/*
 * benchutil.c - what the benchmarks that start servers share (see
 * benchutil.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <arpa/inet.h>
#include <dirent.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "benchutil.h"

extern char **environ;

char *bench_read(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    static char buf[1 << 18];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    return buf;
}

pid_t bench_spawn(char *const argv[], const char *out)
{
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, out, O_WRONLY | O_CREAT, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    pid_t pid;
    int rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) {
        perror(argv[0]);
        return -1;
    }
    return pid;
}

int bench_log_port(const char *log, const char *what)
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

int bench_wait_port(const char *log, const char *what)
{
    for (int i = 0; i < 200; i++) {
        int port = bench_log_port(log, what);
        if (port)
            return port;
        usleep(50000);
    }
    return 0;
}

int bench_rmdir(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

void bench_nofile_max(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
}

/* ---- a process's figures ---- */

long bench_proc_kib(int pid, const char *file, const char *key)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/%s", pid, file);
    FILE *f = fopen(path, "r");
    long v = -1;
    if (!f)
        return -1;
    size_t n = strlen(key);
    while (fgets(line, sizeof line, f))
        if (strncmp(line, key, n) == 0) {
            v = atol(line + n);
            break;
        }
    fclose(f);
    return v;
}

/* utime and stime of a stat file (fields 14 and 15, counted after the
 * command's closing parenthesis, which may hold spaces), in seconds. */
static double stat_cpu_s(const char *path)
{
    char buf[1024];
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *p = strrchr(buf, ')');
    unsigned long ut = 0, st = 0;
    if (p)
        sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu",
               &ut, &st);
    return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}

double bench_cpu_s(int pid, const char *comm)
{
    char path[512];
    if (!comm) {
        snprintf(path, sizeof path, "/proc/%d/stat", pid);
        return stat_cpu_s(path);
    }
    snprintf(path, sizeof path, "/proc/%d/task", pid);
    DIR *d = opendir(path);
    struct dirent *e;
    double v = 0;
    while (d && (e = readdir(d))) {
        char name[64] = "";
        snprintf(path, sizeof path, "/proc/%d/task/%s/comm", pid, e->d_name);
        FILE *f = fopen(path, "r");
        if (!f)
            continue;
        int match = fgets(name, sizeof name, f) &&
                    strncmp(name, comm, strlen(comm)) == 0;
        fclose(f);
        if (match) {
            snprintf(path, sizeof path, "/proc/%d/task/%s/stat", pid,
                     e->d_name);
            v = stat_cpu_s(path);
        }
    }
    if (d)
        closedir(d);
    return v;
}

/* ---- echo times ---- */

void bench_lat_add(bench_lat *l, double ms)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 4096;
        l->ms = realloc(l->ms, l->cap * sizeof *l->ms);
    }
    l->ms[l->n++] = ms;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

void bench_lat_sort(bench_lat *l)
{
    qsort(l->ms, l->n, sizeof *l->ms, cmp_double);
}

double bench_lat_pct(const bench_lat *l, int pct)
{
    size_t i = l->n * (size_t)pct / 100;
    return l->ms[i < l->n ? i : l->n - 1];
}

void bench_lat_free(bench_lat *l)
{
    free(l->ms);
    l->ms = NULL;
    l->n = l->cap = 0;
}

/* ---- a blocking telnet line ---- */

int bench_sock_open(const char *from, int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = { .sin_family = AF_INET };
    struct timeval tv = { 60, 0 };
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    inet_pton(AF_INET, from, &a.sin_addr);
    if (bind(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        close(fd);
        return -1;
    }
    a.sin_port = htons((uint16_t)port);
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* The telnet commands in p..n answered as a plain telnet at a glass
 * terminal answers them (the server may echo and suppress go-ahead;
 * every other option refused) and taken out; the text left, its length. */
static size_t bench_sock_telnet(int fd, unsigned char *p, size_t n,
                                int *state)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = p[i];
        switch (*state) {
        case 0:
            if (c == 255)
                *state = 1;
            else
                p[k++] = c;
            break;
        case 1:                 /* after IAC */
            *state = c == 250 ? 3 : c >= 251 ? c : 0;
            if (c == 255) {
                p[k++] = c;
                *state = 0;
            }
            break;
        case 3:                 /* in a subnegotiation */
            if (c == 255)
                *state = 4;
            break;
        case 4:
            *state = c == 240 ? 0 : 3;
            break;
        default: {              /* WILL, WONT, DO or DONT, then c */
            unsigned char r[3] = { 255, 0, c };
            if (*state == 251)
                r[1] = c == 1 || c == 3 ? 253 : 254;
            else if (*state == 253)
                r[1] = 252;
            if (r[1] && write(fd, r, 3) != 3)
                return k;
            *state = 0;
        }
        }
    }
    return k;
}

/* What a line sent past the text last waited for, kept for the next
 * wait on it (a bench's threads each use their own lines). */
#define BENCH_SOCK_FDS 4096
#define BENCH_SOCK_BUF 8192
static struct bench_sock_left {
    char buf[BENCH_SOCK_BUF];
    size_t n;
    int state;                  /* where the telnet parser is */
} *bench_sock_left[BENCH_SOCK_FDS];

int bench_sock_until(int fd, const char *const *texts)
{
    if (fd < 0 || fd >= BENCH_SOCK_FDS)
        return -1;
    struct bench_sock_left *l = bench_sock_left[fd];
    if (!l && !(l = bench_sock_left[fd] = calloc(1, sizeof *l)))
        return -1;
    for (;;) {
        for (int i = 0; texts[i]; i++) {
            char *at = memmem(l->buf, l->n, texts[i], strlen(texts[i]));
            if (at) {
                size_t used = (size_t)(at - l->buf) + strlen(texts[i]);
                memmove(l->buf, l->buf + used, l->n - used);
                l->n -= used;
                return i;
            }
        }
        if (l->n > BENCH_SOCK_BUF / 2) {    /* keep the tail: a text cut */
            memmove(l->buf, l->buf + l->n - 256, 256);
            l->n = 256;
        }
        ssize_t r = read(fd, l->buf + l->n, BENCH_SOCK_BUF - 1 - l->n);
        if (r <= 0)
            return -1;
        l->n += bench_sock_telnet(fd, (unsigned char *)l->buf + l->n,
                                  (size_t)r, &l->state);
    }
}

void bench_sock_close(int fd)
{
    if (fd >= 0 && fd < BENCH_SOCK_FDS) {
        free(bench_sock_left[fd]);
        bench_sock_left[fd] = NULL;
    }
    close(fd);
}

int bench_sock_say(int fd, const char *text)
{
    size_t n = strlen(text);
    return write(fd, text, n) == (ssize_t)n ? 0 : -1;
}

/* ---- a client program in Node.js ---------------------------------------- */

bench_node bench_node_start(const char *script, char *const args[],
                            int yield)
{
    const char *top = getenv("TTY_TOP");
    int in[2], out[2];
    if (!top || pipe(in) || pipe(out)) {
        fprintf(stderr, "bench: cannot start %s (is TTY_TOP set?)\n", script);
        exit(1);
    }
    char path[512], np[512];
    snprintf(path, sizeof path, "%s/tests/bench/%s", top, script);
    snprintf(np, sizeof np, "%s/tests/browser/node_modules", top);
    char *argv[16] = { "node", path };
    int n = 2;
    for (int i = 0; args[i] && n < 15; i++)
        argv[n++] = args[i];
    argv[n] = NULL;
    bench_node d;
    d.pid = fork();
    if (d.pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[1]);
        close(out[0]);
        setenv("NODE_PATH", np, 1);
        if (yield && nice(19) == -1)
            perror("nice");
        execvp("node", argv);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    d.to = fdopen(in[1], "w");
    d.from = fdopen(out[0], "r");
    return d;
}

void bench_node_say(bench_node *d, const char *line)
{
    fprintf(d->to, "%s\n", line);
    fflush(d->to);
}

int bench_node_line(bench_node *d, const char *word, char *line, size_t size)
{
    while (fgets(line, (int)size, d->from))
        if (strncmp(line, word, strlen(word)) == 0)
            return 0;
    return -1;
}

void bench_node_end(bench_node *d)
{
    fclose(d->to);
    fclose(d->from);
    waitpid(d->pid, NULL, 0);
}
