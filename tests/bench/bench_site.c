/*
 * bench_site.c - what the arcade's pages cost the server, in one run:
 *
 *  1. /who with N sessions on (default 10,000: named, at the menu, one in
 *     ten playing Hangman), beside a static file of the same server: the
 *     time from a request to its last byte and the server's CPU a
 *     request, for the static file (the peer), /who and /api/who.json as
 *     the cache serves them, and the same two just after the snapshot
 *     has gone stale (the walk of every session and the writing).
 *  2. Watchers per core: one Hangman player typing a key every 20 ms,
 *     watched by W telnet watchers (the menu's O) and then by W web
 *     watchers (the watch page's /ws?watch=ID), each kind in a run of its
 *     own with nobody watching measured first: the server's CPU for the
 *     copies, as watchers one core would carry, and its memory per
 *     watcher.  Both kinds are driven by one Node.js program
 *     (tests/bench/site_watchers.js), so the clients' cost is alike.
 *
 * The server runs on CPU 0, the clients on CPU 1.  Figures only: a bench
 * never fails on a timing.
 *
 *   bench_site [--sessions N] [--requests R] [--watchers W] [--seconds S]
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <uv.h>

#include "benchclient.h"
#include "benchutil.h"

static const char *bin;
static char dir[] = "/tmp/ttyarcade-bench-site-XXXXXX";
static uv_loop_t *loop;
static int nsessions = 10000, nrequests = 200, nwatchers = 1000;
static int seconds = 5;

static double now_ms(void)
{
    return (double)uv_hrtime() / 1e6;
}

static void pin(int cpu)
{
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    sched_setaffinity(0, sizeof one, &one);
}

/* A server on CPU 0 (its log in dir/logRUN); its telnet and web ports. */
static int server_start(int run, int *telnet, int *web)
{
    char data[256], log[256], maxs[32];
    snprintf(data, sizeof data, "%s/data%d", dir, run);
    snprintf(log, sizeof log, "%s/log%d", dir, run);
    snprintf(maxs, sizeof maxs, "%d", nsessions + nwatchers + 200);
    char *const argv[] = { (char *)bin, "serve", "--telnet", "127.0.0.1:0",
                           "--http", "127.0.0.1:0", "--data", data, "--log",
                           log, "--idle", "0", "--max-sessions", maxs,
                           "--max-per-address", maxs, 0 };
    int multi = sysconf(_SC_NPROCESSORS_ONLN) >= 2;
    if (multi)
        pin(0);
    int pid = bench_spawn(argv, "/dev/null");
    if (multi)
        pin(1);
    *telnet = pid > 0 ? bench_wait_port(log, "listen telnet 127.0.0.1:") : 0;
    *web = pid > 0 ? bench_wait_port(log, "listen web 127.0.0.1:") : 0;
    if (!*telnet || !*web) {
        fprintf(stderr, "bench_site: the server did not start\n");
        exit(1);
    }
    return pid;
}

static void server_stop(int pid)
{
    kill(pid, SIGTERM);
    waitpid(pid, NULL, 0);
}

/* ---- 1. /who with N sessions on ------------------------------------- */

enum { S_NAME, S_MENU, S_GAME, S_DONE, S_GONE };

typedef struct player {
    bench_tn tn;
    int i, state;
    char tail[256];
} player;

static player *players;
static int settled, lost;

static void player_read(uv_stream_t *s, ssize_t n, const uv_buf_t *b)
{
    player *p = s->data;
    if (n < 0) {
        if (p->state != S_GONE && p->state != S_DONE)
            lost++;
        p->state = S_GONE;
        uv_read_stop(s);
        return;
    }
    bench_tn_feed(&p->tn, b->base, (size_t)n);
    char line[32];
    switch (p->state) {
    case S_NAME:
        if (bench_tn_saw(&p->tn, "YOUR NAME")) {
            snprintf(line, sizeof line, "P%05d\r\n", p->i);
            bench_tn_send(&p->tn, line, strlen(line));
            p->state = S_MENU;
        }
        break;
    case S_MENU:
        if (bench_tn_saw(&p->tn, "YOUR CHOICE")) {
            if (p->i % 10 == 0) {
                bench_tn_send(&p->tn, "HANGMAN\r\n", 9);
                p->state = S_GAME;
            } else {
                p->state = S_DONE;
                settled++;
            }
        }
        break;
    case S_GAME:
        if (bench_tn_saw(&p->tn, "WANT A NEW WORD? ")) {
            p->state = S_DONE;
            settled++;
        }
        break;
    }
}

static int all_settled(void)
{
    return settled + lost >= nsessions;
}

/* One GET on a fresh connection (Connection: close): ms to the last byte,
 * and the bytes in *got; -1 on failure. */
static double http_get(int port, const char *path, long *got)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = { .sin_family = AF_INET,
                             .sin_port = htons((uint16_t)port) };
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    double t0 = now_ms();
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    char req[256];
    int n = snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     "Connection: close\r\n\r\n", path);
    if (write(fd, req, (size_t)n) != n) {
        close(fd);
        return -1;
    }
    static char buf[65536];
    long total = 0;
    ssize_t r;
    while ((r = read(fd, buf, sizeof buf)) > 0)
        total += r;
    double t = now_ms() - t0;
    close(fd);
    *got = total;
    return total > 0 ? t : -1;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* R requests of path, one after another; stale: each after the snapshot
 * has gone stale (a pause of 1.1 s first, not timed). */
static void measure(int pid, int port, const char *label, const char *path,
                    int r, int stale)
{
    double *ms = calloc((size_t)r, sizeof *ms);
    long bytes = 0;
    int ok = 0;
    /* The server's CPU over the whole run (the clock ticks /proc counts
     * are coarser than one request); it is idle in the pauses. */
    double c0 = bench_cpu_s(pid, NULL);
    for (int i = 0; i < r; i++) {
        if (stale)
            usleep(1100000);
        double t = http_get(port, path, &bytes);
        if (t >= 0)
            ms[ok++] = t;
    }
    double cpu = bench_cpu_s(pid, NULL) - c0;
    if (!ok) {
        printf("  %-34s every request failed\n", label);
        free(ms);
        return;
    }
    qsort(ms, (size_t)ok, sizeof *ms, cmp_double);
    double sum = 0;
    for (int i = 0; i < ok; i++)
        sum += ms[i];
    printf("  %-34s %4d: mean %7.2f ms, p50 %7.2f, p99 %7.2f; server CPU "
           "%6.2f ms a request; %ld bytes\n", label, ok, sum / ok,
           ms[ok / 2], ms[(ok * 99) / 100 < ok ? (ok * 99) / 100 : ok - 1],
           1000.0 * cpu / ok, bytes);
    free(ms);
}

static void who_cost(void)
{
    int telnet, web;
    int pid = server_start(0, &telnet, &web);
    players = calloc((size_t)nsessions, sizeof *players);
    for (int i = 0; i < nsessions; i++) {
        players[i].i = i;
        bench_tn_open(&players[i].tn, loop, telnet, players[i].tail,
                      sizeof players[i].tail, &players[i], player_read);
        /* a few hundred connecting at once, as a listen backlog likes */
        while (i + 1 - settled - lost > 300)
            uv_run(loop, UV_RUN_ONCE);
    }
    bench_run_until(loop, all_settled, 300000);
    bench_run_until(loop, NULL, 1500);
    printf("who: %d telnet sessions on (%d lost), one in ten playing "
           "Hangman; %d requests of each, one at a time, each on a new "
           "connection\n", settled, lost, nrequests);
    measure(pid, web, "static file /term.css (the peer)", "/term.css",
            nrequests, 0);
    measure(pid, web, "/who, page 1 of 100 rows", "/who", nrequests, 0);
    measure(pid, web, "/api/who.json, every session", "/api/who.json",
            nrequests, 0);
    measure(pid, web, "/who, its snapshot stale", "/who", 10, 1);
    measure(pid, web, "/api/who.json, its snapshot stale", "/api/who.json",
            10, 1);
    fflush(stdout);
    for (int i = 0; i < nsessions; i++)
        if (players[i].state != S_GONE)
            uv_close((uv_handle_t *)&players[i].tn.tcp, NULL);
    bench_run_until(loop, NULL, 500);
    server_stop(pid);
    free(players);
}

/* ---- 2. watchers per core ------------------------------------------- */

static bench_tn typist;
static char typist_tail[4096];
static int typist_ready, awaiting;
static int letter;
static const char letters[] = "ETAOINSHRDLUCMFWYPVBGKQJXZ";

static void typist_read(uv_stream_t *s, ssize_t n, const uv_buf_t *b)
{
    (void)s;
    if (n < 0) {
        uv_read_stop((uv_stream_t *)&typist.tcp);
        return;
    }
    awaiting = 0;
    bench_tn_feed(&typist, b->base, (size_t)n);
    if (typist_ready == 0 && bench_tn_saw(&typist, "YOUR NAME")) {
        bench_tn_send(&typist, "PLAYER\r\n", 8);
        typist_ready = 1;
    } else if (typist_ready == 1 && bench_tn_saw(&typist, "YOUR CHOICE")) {
        bench_tn_send(&typist, "HANGMAN\r\n", 9);
        typist_ready = 2;
    } else if (typist_ready == 2 && bench_tn_saw(&typist, "WANT A NEW")) {
        typist_ready = 3;
    }
}

static int typist_playing(void)
{
    return typist_ready == 3;
}

static void type_key(uv_timer_t *t)
{
    (void)t;
    if (awaiting)
        return;
    char key[2] = { letters[letter++ % 26], 0 };
    if (bench_tn_has(&typist, "WANT A NEW WORD? "))
        key[0] = 'Y';
    bench_tn_clear(&typist);
    awaiting = 1;
    bench_tn_send(&typist, key, 1);
}

/* What the server did while the player typed for S seconds. */
typedef struct typed {
    double cpu_s, wall_s;       /* the server's CPU, all its threads */
    int keys;                   /* keys answered (each waits for its echo) */
    double bytes;               /* the player's output */
} typed;

static typed typing(int pid)
{
    typed r;
    uv_timer_t t;
    uv_timer_init(loop, &t);
    uv_timer_start(&t, type_key, 20, 20);
    int k0 = letter;
    size_t got0 = typist.got;
    double c0 = bench_cpu_s(pid, NULL), t0 = now_ms();
    bench_run_until(loop, NULL, seconds * 1000);
    r.cpu_s = bench_cpu_s(pid, NULL) - c0;
    r.wall_s = (now_ms() - t0) / 1000;
    r.keys = letter - k0;
    r.bytes = (double)(typist.got - got0);
    uv_close((uv_handle_t *)&t, NULL);
    bench_run_until(loop, NULL, 200);
    return r;
}

/* The id of the session playing (its log's "game" line names it). */
static long typist_session(int run)
{
    char log[256];
    snprintf(log, sizeof log, "%s/log%d", dir, run);
    for (int i = 0; i < 100; i++) {
        char *text = bench_read(log);
        char *at = text ? strstr(text, " game=hangman") : NULL;
        if (at) {
            while (at > text && at[-1] != '=')
                at--;
            return strtol(at, NULL, 10);
        }
        usleep(50000);
    }
    return -1;
}

static void watchers(const char *mode, int run)
{
    int telnet, web;
    int pid = server_start(run, &telnet, &web);
    memset(&typist, 0, sizeof typist);
    typist_ready = awaiting = 0;
    bench_tn_open(&typist, loop, telnet, typist_tail, sizeof typist_tail,
                  NULL, typist_read);
    bench_run_until(loop, typist_playing, 10000);
    typed idle = typing(pid);
    long rss0 = bench_proc_kib(pid, "status", "VmRSS:");
    char target[32];
    if (strcmp(mode, "web") == 0)
        snprintf(target, sizeof target, "%ld", typist_session(run));
    else
        snprintf(target, sizeof target, "PLAYER");
    char ports[16], ns[16];
    snprintf(ports, sizeof ports, "%d", strcmp(mode, "web") == 0 ? web
                                                                   : telnet);
    snprintf(ns, sizeof ns, "%d", nwatchers);
    char *const args[] = { (char *)mode, ports, ns, target, NULL };
    bench_node d = bench_node_start("site_watchers.js", args, 1);
    char line[256];
    int watching = 0, failed = 0;
    if (bench_node_line(&d, "READY", line, sizeof line) == 0)
        sscanf(line + 6, "%d %d", &watching, &failed);
    bench_run_until(loop, NULL, 1000);
    long rss1 = bench_proc_kib(pid, "status", "VmRSS:");
    bench_node_say(&d, "COUNT");
    typed busy = typing(pid);
    bench_node_say(&d, "END");
    long bytes = 0;
    if (bench_node_line(&d, "BYTES", line, sizeof line) == 0)
        bytes = atol(line + 6);
    bench_node_end(&d);
    /* The player waits for each key's echo, so a busier server answers
     * fewer keys: the copies' cost is taken per key, beyond what a key
     * costs unwatched, and watchers a core is at 50 keys a second. */
    double key_alone = idle.keys ? idle.cpu_s / idle.keys : 0;
    double copies = busy.cpu_s - busy.keys * key_alone;
    double per_copy = watching && busy.keys
        ? copies / ((double)busy.keys * watching) : 0;
    /* A watcher that fell behind is sent less (and redrawn later): what
     * they received beside what the player did says whether the clients
     * kept up, so that the CPU is that of every copy. */
    printf("  %-8s %5d watching (%d failed), %d keys in %.0f s: server CPU "
           "%5.1f%% of a core (%4.1f%% unwatched, %d keys); %.2f us a "
           "watcher a key: %6.0f watchers a core at 50 keys a second; %.1f "
           "KiB a watcher; each received %.0f%% of the player's bytes\n",
           mode, watching, failed, busy.keys, busy.wall_s,
           100 * busy.cpu_s / busy.wall_s, 100 * idle.cpu_s / idle.wall_s,
           idle.keys, 1e6 * per_copy,
           per_copy > 0 ? 1.0 / (per_copy * 50) : 0,
           watching ? (double)(rss1 - rss0) / watching : 0,
           watching && busy.bytes ? 100.0 * (double)bytes / watching /
                                    busy.bytes : 0);
    fflush(stdout);
    uv_close((uv_handle_t *)&typist.tcp, NULL);
    bench_run_until(loop, NULL, 300);
    server_stop(pid);
}

int main(int argc, char **argv)
{
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--sessions") == 0)
            nsessions = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--requests") == 0)
            nrequests = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--watchers") == 0)
            nwatchers = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--seconds") == 0)
            seconds = atoi(argv[i + 1]);
    }
    bin = getenv("TTYARCADE");
    if (!bin || !getenv("TTY_TOP") || !mkdtemp(dir)) {
        fprintf(stderr, "bench_site: set TTYARCADE and TTY_TOP\n");
        return 1;
    }
    bench_nofile_max();
    signal(SIGPIPE, SIG_IGN);
    setenv("TERM", "dumb", 1);
    loop = uv_default_loop();
    who_cost();
    printf("watchers: one Hangman player typing a key every 20 ms (50 a "
           "second), %d s with nobody watching, then %d s watched; a "
           "server of its own for each kind\n", seconds, seconds);
    watchers("telnet", 1);
    watchers("web", 2);
    return bench_rmdir(dir) == 0 ? 0 : 1;
}
