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
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <uv.h>

enum { W_CONNECTING, W_NAME, W_LIST, W_WHOM, W_WATCHING, W_GONE };

typedef struct conn {
    uv_tcp_t tcp;
    uv_connect_t req;
    int state, iac, in_sb;
    unsigned char cmd;
    char tail[8192];
    int tlen;
    int stalled;            /* stopped reading on purpose */
    size_t got;
} conn;

static uv_loop_t *loop;
static conn player, *watchers;
static int nwatch = 1000, seconds = 5;
static int watching, failed, want_watching;
static double *lat;
static size_t nlat, lat_cap;
static uint64_t sent_at;
static int awaiting;
static const char letters[] = "ETAOINSHRDLUCMFWYPVBGKQJXZ";
static int letter;

static long proc_kib(int pid, const char *key)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    FILE *f = fopen(path, "r");
    long v = -1;
    size_t n = strlen(key);
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, key, n) == 0)
            v = atol(line + n);
    if (f)
        fclose(f);
    return v;
}

/* CPU seconds of a process, or of its thread named comm. */
static double cpu_s(int pid, const char *comm)
{
    char path[512], b[1024];
    if (comm) {
        snprintf(path, sizeof path, "/proc/%d/task", pid);
        DIR *d = opendir(path);
        struct dirent *e;
        double v = 0;
        while (d && (e = readdir(d))) {
            char name[64] = "";
            snprintf(path, sizeof path, "/proc/%d/task/%s/comm", pid,
                     e->d_name);
            FILE *f = fopen(path, "r");
            if (!f)
                continue;
            if (fgets(name, sizeof name, f) && strncmp(name, comm,
                                                       strlen(comm)) == 0) {
                fclose(f);
                snprintf(path, sizeof path, "/proc/%d/task/%s/stat", pid,
                         e->d_name);
                f = fopen(path, "r");
                if (!f)
                    continue;
                size_t n = fread(b, 1, sizeof b - 1, f);
                b[n] = 0;
                char *p = strrchr(b, ')');
                unsigned long ut = 0, st = 0;
                if (p)
                    sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u "
                           "%*u %lu %lu", &ut, &st);
                v = (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
            }
            fclose(f);
        }
        if (d)
            closedir(d);
        return v;
    }
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t n = fread(b, 1, sizeof b - 1, f);
    fclose(f);
    b[n] = 0;
    char *p = strrchr(b, ')');
    unsigned long ut = 0, st = 0;
    if (p)
        sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu",
               &ut, &st);
    return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}

static void conn_send(conn *c, const char *s)
{
    uv_buf_t b = uv_buf_init((char *)s, (unsigned)strlen(s));
    uv_try_write((uv_stream_t *)&c->tcp, &b, 1);
}

/* Minimal telnet: let the server echo (DO ECHO, DO SGA), refuse the
 * rest; keep the last text seen. */
static void conn_text(conn *c, const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char b = p[i];
        if (c->in_sb) {
            if (c->iac && b == 240)
                c->in_sb = 0;
            c->iac = (b == 255) && !c->iac;
            continue;
        }
        if (c->iac == 2) {
            unsigned char reply[4] = { 255, 0, b, 0 };
            if (c->cmd == 251)
                reply[1] = (b == 1 || b == 3) ? 253 : 254;
            else if (c->cmd == 253)
                reply[1] = 252;
            if (reply[1]) {
                uv_buf_t r = uv_buf_init((char *)reply, 3);
                uv_try_write((uv_stream_t *)&c->tcp, &r, 1);
            }
            c->iac = 0;
            continue;
        }
        if (c->iac == 1) {
            if (b >= 251 && b <= 254) {
                c->cmd = b;
                c->iac = 2;
            } else {
                c->in_sb = b == 250;
                c->iac = 0;
            }
            continue;
        }
        if (b == 255) {
            c->iac = 1;
            continue;
        }
        if (c->tlen == (int)sizeof c->tail - 1) {
            memmove(c->tail, c->tail + 4096, (size_t)c->tlen - 4096);
            c->tlen -= 4096;
        }
        c->tail[c->tlen++] = (char)b;
        c->tail[c->tlen] = 0;
    }
}

static int conn_saw(conn *c, const char *s)
{
    if (!strstr(c->tail, s))
        return 0;
    c->tlen = 0;
    c->tail[0] = 0;
    return 1;
}

static void lat_add(double ms)
{
    if (nlat == lat_cap) {
        lat_cap = lat_cap ? lat_cap * 2 : 4096;
        lat = realloc(lat, lat_cap * sizeof *lat);
    }
    lat[nlat++] = ms;
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
        lat_add((double)(uv_hrtime() - sent_at) / 1e6);
        awaiting = 0;
    }
    c->got += (size_t)n;
    conn_text(c, (const unsigned char *)b->base, (size_t)n);
    switch (c->state) {
    case W_CONNECTING:
        if (conn_saw(c, "YOUR NAME")) {
            conn_send(c, c == &player ? "PLAYER\r\n" : "W\r\n");
            c->state = W_NAME;
        }
        break;
    case W_NAME:
        if (conn_saw(c, "YOUR CHOICE")) {
            conn_send(c, c == &player ? "HANGMAN\r\n" : "O\r\n");
            c->state = W_LIST;
        }
        break;
    case W_LIST:
        if (c == &player ? conn_saw(c, "WANT A NEW WORD? ")
                         : conn_saw(c, "WATCH WHOM")) {
            conn_send(c, c == &player ? "Y" : "PLAYER\r\n");
            c->state = W_WHOM;
        }
        break;
    case W_WHOM:
        if (c != &player && conn_saw(c, "WATCHING PLAYER")) {
            c->state = W_WATCHING;
            watching++;
        }
        break;
    }
}

static void bench_alloc(uv_handle_t *h, size_t hint, uv_buf_t *b)
{
    static char shared[65536];
    (void)h;
    (void)hint;
    *b = uv_buf_init(shared, sizeof shared);
}

static void conn_connected(uv_connect_t *req, int status)
{
    conn *c = req->data;
    if (status < 0) {
        c->state = W_GONE;
        failed++;
        return;
    }
    uv_read_start((uv_stream_t *)&c->tcp, bench_alloc, conn_read);
}

static void conn_open(conn *c, int port)
{
    struct sockaddr_in addr;
    uv_ip4_addr("127.0.0.1", port, &addr);
    memset(c, 0, sizeof *c);
    uv_tcp_init(loop, &c->tcp);
    uv_tcp_nodelay(&c->tcp, 1);
    c->tcp.data = c->req.data = c;
    uv_tcp_connect(&c->req, &c->tcp, (struct sockaddr *)&addr,
                   conn_connected);
}

static void tick(uv_timer_t *t)
{
    (void)t;
}

static void run_until(int (*cond)(void), int ms)
{
    uv_timer_t t;
    uv_timer_init(loop, &t);
    uv_timer_start(&t, tick, 10, 10);
    uint64_t until = uv_hrtime() + (uint64_t)ms * 1000000;
    while (!(cond && cond()) && uv_hrtime() < until)
        uv_run(loop, UV_RUN_ONCE);
    uv_close((uv_handle_t *)&t, NULL);
    uv_run(loop, UV_RUN_NOWAIT);
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
    if (strstr(player.tail, "WANT A NEW WORD? "))
        key[0] = 'Y';
    player.tlen = 0;
    player.tail[0] = 0;
    sent_at = uv_hrtime();
    awaiting = 1;
    conn_send(&player, key);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void type_phase(const char *label, int pid)
{
    nlat = 0;
    uv_timer_t t;
    uv_timer_init(loop, &t);
    uv_timer_start(&t, type_key, 20, 20);
    double c0 = cpu_s(pid, NULL);
    run_until(NULL, seconds * 1000);
    double cpu = cpu_s(pid, NULL) - c0;
    uv_close((uv_handle_t *)&t, NULL);
    run_until(NULL, 200);
    if (!nlat) {
        printf("  %-22s no keystrokes measured\n", label);
        return;
    }
    qsort(lat, nlat, sizeof *lat, cmp_double);
    printf("  %-22s %zu keys: echo p50 %.2f ms, p99 %.2f ms, max %.2f ms "
           "(limit p99 5 ms); server CPU %.0f%% of one core\n", label, nlat,
           lat[nlat / 2], lat[(size_t)((double)nlat * 0.99)], lat[nlat - 1],
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
    run_until(all_watching, 120000);
    int stalled = 0;
    for (int i = 0; i < nwatch; i += 10)
        if (watchers[i].state == W_WATCHING) {
            uv_read_stop((uv_stream_t *)&watchers[i].tcp);
            watchers[i].stalled = 1;
            stalled++;
        }
    size_t got0 = 0;
    for (int i = 0; i < nwatch; i++)
        got0 += watchers[i].got;
    char line[64];
    int n = snprintf(line, sizeof line, "%d %d %d\n", watching, failed,
                     stalled);
    if (write(fd, line, (size_t)n) != n)
        _exit(1);
    run_until(watchers_stopped, 600000);
    size_t got1 = 0;
    for (int i = 0; i < nwatch; i++)
        got1 += watchers[i].got;
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
    int pid = fork();
    if (pid == 0) {
        if (pinned) {
            CPU_ZERO(&one);
            CPU_SET(0, &one);
            sched_setaffinity(0, sizeof one, &one);
        }
        int fd = open("/dev/null", O_WRONLY);
        dup2(fd, 1);
        dup2(fd, 2);
        setenv("TERM", "dumb", 1);
        execl(bin, bin, "serve", "--telnet", "127.0.0.1:0", "--data", data,
              "--log", log, "--idle", "0", "--max-sessions", maxs,
              "--max-per-address", maxs, (char *)0);
        _exit(127);
    }
    if (pinned) {
        CPU_ZERO(&one);
        CPU_SET(1, &one);
        sched_setaffinity(0, sizeof one, &one);
    }
    int port = 0;
    for (int i = 0; i < 200 && !port; i++) {
        usleep(50000);
        FILE *f = fopen(log, "r");
        char line[256];
        while (f && fgets(line, sizeof line, f)) {
            char *p = strstr(line, "listen telnet 127.0.0.1:");
            if (p)
                port = atoi(p + strlen("listen telnet 127.0.0.1:"));
        }
        if (f)
            fclose(f);
    }
    if (!port) {
        fprintf(stderr, "bench_watch: the server did not start\n");
        return 1;
    }
    printf("watch: one Hangman player (telnet, glass) typing a key every "
           "20 ms, %d s a phase%s\n", seconds,
           pinned ? "; the server on CPU 0, the clients on CPU 1" : "");
    conn_open(&player, port);
    run_until(player_ready, 10000);
    double rec0 = cpu_s(pid, "ttyarcade-rec");
    type_phase("nobody watching:", pid);

    /* The watchers live in a process of their own, so reading their
     * copies does not delay the player's client. */
    long rss0 = proc_kib(pid, "VmRSS:");
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
    run_until(NULL, 500);
    long rss1 = proc_kib(pid, "VmRSS:");
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
    uv_close((uv_handle_t *)&player.tcp, NULL);
    run_until(NULL, 1500);
    double rec_cpu = cpu_s(pid, "ttyarcade-rec") - rec0;
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
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0)
        return 1;
    return 0;
}
