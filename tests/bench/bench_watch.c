/*
 * bench_watch.c - one player watched by 1,000: the player's keystroke
 * echo latency with nobody watching and then with 1,000 watchers (a
 * tenth of whom stop reading), in the same run, against the 5 ms p99
 * limit; the server's memory per watcher; and what recording the game
 * cost (bytes of asciicast a minute and the writer thread's CPU).
 * Figures only: a bench never fails on a timing.
 *
 *   bench_watch [--watchers N] [--seconds S]
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <dirent.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <uv.h>

#include "benchclient.h"
#include "benchutil.h"

enum { W_CONNECTING, W_NAME, W_LIST, W_WHOM, W_WATCHING, W_GONE };

typedef struct conn {
    bench_tn tn;
    int state;
    char tail[8192];
    int stalled;            /* stopped reading on purpose */
} conn;

static uv_loop_t *loop;
static conn player, *watchers;
static int nwatch = 1000, seconds = 5;
static int watching, failed, want_watching;
static bench_lat lat;
static uint64_t sent_at;
static int awaiting;
static const char letters[] = "ETAOINSHRDLUCMFWYPVBGKQJXZ";
static int letter;

static void conn_send(conn *c, const char *s)
{
    bench_tn_send(&c->tn, s, strlen(s));
}

static void conn_read(uv_stream_t *s, ssize_t n, const uv_buf_t *b)
{
    conn *c = s->data;
    if (n < 0) {
        if (c->state != W_GONE)
            failed++;
        c->state = W_GONE;
        uv_read_stop(s);
        return;
    }
    if (c == &player && awaiting) {
        bench_lat_add(&lat, (double)(uv_hrtime() - sent_at) / 1e6);
        awaiting = 0;
    }
    bench_tn_feed(&c->tn, b->base, (size_t)n);
    switch (c->state) {
    case W_CONNECTING:
        if (bench_tn_saw(&c->tn, "YOUR NAME")) {
            conn_send(c, c == &player ? "PLAYER\r\n" : "W\r\n");
            c->state = W_NAME;
        }
        break;
    case W_NAME:
        if (bench_tn_saw(&c->tn, "YOUR CHOICE")) {
            conn_send(c, c == &player ? "HANGMAN\r\n" : "O\r\n");
            c->state = W_LIST;
        }
        break;
    case W_LIST:
        if (c == &player ? bench_tn_saw(&c->tn, "WANT A NEW WORD? ")
                         : bench_tn_saw(&c->tn, "WATCH WHOM")) {
            conn_send(c, c == &player ? "Y" : "PLAYER\r\n");
            c->state = W_WHOM;
        }
        break;
    case W_WHOM:
        if (c != &player && bench_tn_saw(&c->tn, "WATCHING PLAYER")) {
            c->state = W_WATCHING;
            watching++;
        }
        break;
    }
}

static void conn_open(conn *c, int port)
{
    memset(c, 0, sizeof *c);
    bench_tn_open(&c->tn, loop, port, c->tail, sizeof c->tail, c,
                  conn_read);
}

static int all_watching(void)
{
    return watching + failed >= want_watching;
}
static int player_ready(void)
{
    return player.state == W_WHOM;
}

/* The player types a key every 20 ms (a fast typist is 10 a second);
 * each key's echo time is kept. */
static void type_key(uv_timer_t *t)
{
    (void)t;
    if (awaiting)
        return;         /* the last one is not back yet */
    char key[2] = { letters[letter++ % 26], 0 };
    /* a finished word asks for another: Y answers it, and is a key too */
    if (bench_tn_has(&player.tn, "WANT A NEW WORD? "))
        key[0] = 'Y';
    bench_tn_clear(&player.tn);
    sent_at = uv_hrtime();
    awaiting = 1;
    conn_send(&player, key);
}

static void type_phase(const char *label, int pid)
{
    lat.n = 0;
    uv_timer_t t;
    uv_timer_init(loop, &t);
    uv_timer_start(&t, type_key, 20, 20);
    double c0 = bench_cpu_s(pid, NULL);
    bench_run_until(loop, NULL, seconds * 1000);
    double cpu = bench_cpu_s(pid, NULL) - c0;
    uv_close((uv_handle_t *)&t, NULL);
    bench_run_until(loop, NULL, 200);
    if (!lat.n) {
        printf("  %-22s no keystrokes measured\n", label);
        return;
    }
    bench_lat_sort(&lat);
    printf("  %-22s %zu keys: echo p50 %.2f ms, p99 %.2f ms, max %.2f ms "
           "(limit p99 5 ms); server CPU %.0f%% of one core\n", label, lat.n,
           bench_lat_pct(&lat, 50), bench_lat_pct(&lat, 99),
           bench_lat_pct(&lat, 100),
           100.0 * cpu / seconds);
}

static int watchers_done;
static void watchers_stop(uv_signal_t *h, int sig)
{
    (void)h;
    (void)sig;
    watchers_done = 1;
}
static int watchers_stopped(void)
{
    return watchers_done;
}

/* The child: nwatch watchers of PLAYER; a tenth stop reading once all
 * watch; "watching failed stalled" goes up the pipe; on SIGUSR1 the
 * bytes the readers received are printed. */
static void watchers_run(int port, int fd)
{
    loop = malloc(sizeof *loop);
    uv_loop_init(loop);
    uv_signal_t sig;
    uv_signal_init(loop, &sig);
    uv_signal_start(&sig, watchers_stop, SIGUSR1);
    want_watching = nwatch;
    for (int i = 0; i < nwatch; i++) {
        conn_open(&watchers[i], port);
        while (i + 1 - watching - failed > 200)
            uv_run(loop, UV_RUN_ONCE);
    }
    bench_run_until(loop, all_watching, 120000);
    int stalled = 0;
    for (int i = 0; i < nwatch; i += 10)
        if (watchers[i].state == W_WATCHING) {
            uv_read_stop((uv_stream_t *)&watchers[i].tn.tcp);
            watchers[i].stalled = 1;
            stalled++;
        }
    size_t got0 = 0;
    for (int i = 0; i < nwatch; i++)
        got0 += watchers[i].tn.got;
    char line[64];
    int n = snprintf(line, sizeof line, "%d %d %d\n", watching, failed,
                     stalled);
    if (write(fd, line, (size_t)n) != n)
        _exit(1);
    bench_run_until(loop, watchers_stopped, 600000);
    size_t got1 = 0;
    for (int i = 0; i < nwatch; i++)
        got1 += watchers[i].tn.got;
    printf("  %-22s %d of them not reading; the others received %.1f MB "
           "meanwhile\n", "", stalled, (double)(got1 - got0) / 1e6);
    fflush(stdout);
}

static long dir_bytes(const char *dir, int *files)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    long total = 0;
    *files = 0;
    while (d && (e = readdir(d))) {
        char path[512];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (e->d_name[0] != '.' && stat(path, &st) == 0) {
            total += (long)st.st_size;
            (*files)++;
        }
    }
    if (d)
        closedir(d);
    return total;
}

int main(int argc, char **argv)
{
    const char *bin = getenv("TTYARCADE");
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--watchers") == 0 && i + 1 < argc)
            nwatch = atoi(argv[++i]);
        else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc)
            seconds = atoi(argv[++i]);
    }
    if (!bin) {
        fprintf(stderr, "bench_watch: set TTYARCADE to the binary\n");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    loop = uv_default_loop();
    watchers = calloc((size_t)nwatch, sizeof *watchers);
    char dir[] = "/tmp/ttyarcade-bench-XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    char data[128], log[128], recs[160], maxs[32];
    snprintf(data, sizeof data, "%s/data", dir);
    snprintf(log, sizeof log, "%s/server.log", dir);
    snprintf(recs, sizeof recs, "%s/recordings", data);
    snprintf(maxs, sizeof maxs, "%d", nwatch + 100);
    /* With two cores or more, the server has one to itself and the
     * clients share another, so the figure is the server's delay rather
     * than the clients' turn on a busy machine. */
    int pinned = sysconf(_SC_NPROCESSORS_ONLN) >= 2;
    cpu_set_t one;
    if (pinned) {
        /* the server inherits CPU 0 from this process at its start */
        CPU_ZERO(&one);
        CPU_SET(0, &one);
        sched_setaffinity(0, sizeof one, &one);
    }
    setenv("TERM", "dumb", 1);
    char *const srv_argv[] = { (char *)bin, "serve", "--telnet",
                               "127.0.0.1:0", "--data", data, "--log", log,
                               "--idle", "0", "--max-sessions", maxs,
                               "--max-per-address", maxs, 0 };
    int pid = bench_spawn(srv_argv, "/dev/null");
    if (pinned) {
        CPU_ZERO(&one);
        CPU_SET(1, &one);
        sched_setaffinity(0, sizeof one, &one);
    }
    int port = pid > 0 ? bench_wait_port(log, "listen telnet 127.0.0.1:")
                       : 0;
    if (!port) {
        fprintf(stderr, "bench_watch: the server did not start\n");
        return 1;
    }
    printf("watch: one Hangman player (telnet, glass) typing a key every "
           "20 ms, %d s a phase%s\n", seconds,
           pinned ? "; the server on CPU 0, the clients on CPU 1" : "");
    conn_open(&player, port);
    bench_run_until(loop, player_ready, 10000);
    double rec0 = bench_cpu_s(pid, "ttyarcade-rec");
    type_phase("nobody watching:", pid);

    /* The watchers live in a process of their own, so reading their
     * copies does not delay the player's client. */
    long rss0 = bench_proc_kib(pid, "status", "VmRSS:");
    int ready[2];
    if (pipe(ready) != 0)
        return 1;
    fflush(stdout);
    int kid = fork();
    if (kid == 0) {
        /* The load generator yields the CPU to the player's client and
         * the server: what is measured is the server's delay, not this
         * process's turn on a 2-core machine. */
        if (nice(19) == -1)
            perror("nice");
        close(ready[0]);
        watchers_run(port, ready[1]);
        _exit(0);
    }
    close(ready[1]);
    char line[128] = "";
    ssize_t got = read(ready[0], line, sizeof line - 1);
    line[got > 0 ? got : 0] = 0;
    int stalled = 0;
    sscanf(line, "%d %d %d", &watching, &failed, &stalled);
    bench_run_until(loop, NULL, 500);
    long rss1 = bench_proc_kib(pid, "status", "VmRSS:");
    printf("  %-22s %d of %d watching (%d failed); RSS %ld KiB before, "
           "%ld KiB after: %.1f KiB per watcher (its session included)\n",
           "watchers:", watching, nwatch, failed, rss0, rss1,
           watching ? (double)(rss1 - rss0) / watching : 0.0);
    char label[64];
    snprintf(label, sizeof label, "%d watching:", watching);
    type_phase(label, pid);
    fflush(stdout);
    kill(kid, SIGUSR1);
    waitpid(kid, NULL, 0);

    /* The game ends (the line closes): the recording is complete. */
    double minutes = 2.0 * seconds / 60;
    uv_close((uv_handle_t *)&player.tn.tcp, NULL);
    bench_run_until(loop, NULL, 1500);
    double rec_cpu = bench_cpu_s(pid, "ttyarcade-rec") - rec0;
    int files;
    long bytes = dir_bytes(recs, &files);
    printf("  %-22s %d file(s), %ld bytes for %.2f minutes of typing: "
           "%.0f KB a minute at 50 keys a second (%.0f bytes a key); writer "
           "thread CPU %.2f s (%.2f%% of one core)\n", "recording:", files,
           bytes, minutes, (double)bytes / 1e3 / minutes,
           (double)bytes / (double)(letter ? letter : 1), rec_cpu,
           100.0 * rec_cpu / (minutes * 60));
    kill(pid, SIGTERM);
    waitpid(pid, NULL, 0);
    return bench_rmdir(dir) == 0 ? 0 : 1;
}
