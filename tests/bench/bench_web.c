/*
 * bench_web.c - the web door against the telnet door, in the same run:
 * N sessions through each (WebSocket with the page's protocol, and raw
 * telnet), the server's memory per session (RSS growth with N sessions at
 * the name prompt), and the echo latency p50/p99/max with the N sessions
 * typing into Hangman (time from a key leaving the client to the first
 * byte back).  Both doors are driven by one client program
 * (tests/bench/web_typists.js, Node.js with the ws package), so the
 * client's own cost is the same on both sides.  Then the page's weight:
 * the bytes a browser takes before the first key can go (page, scripts,
 * styles, font, handshake and first screen).
 * Figures only: a bench never fails on a timing.
 *
 *   bench_web [--sessions N] [--seconds S]     (default 1000, 10)
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "benchutil.h"

static const char *bin, *top;
static char dir[] = "/tmp/ttyarcade-bench-web-XXXXXX";

static long rss_kib(int pid)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    FILE *f = fopen(path, "r");
    long v = -1;
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "VmRSS:", 6) == 0)
            v = atol(line + 6);
    fclose(f);
    return v;
}

static void pause_ms(int ms)
{
    struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
    nanosleep(&ts, NULL);
}

/* Start a server; its web and telnet ports from its log. */
static int server_start(int run, int *web, int *telnet)
{
    char data[256], log[256];
    snprintf(data, sizeof data, "%s/data%d", dir, run);
    snprintf(log, sizeof log, "%s/log%d", dir, run);
    int pid = fork();
    if (pid == 0) {
        execl(bin, bin, "serve", "--telnet", "127.0.0.1:0", "--http",
              "127.0.0.1:0", "--data", data, "--log", log, "--seed", "1",
              "--max-sessions", "100000", "--max-per-address", "100000",
              (char *)NULL);
        _exit(127);
    }
    for (int i = 0; i < 200; i++) {
        FILE *f = fopen(log, "r");
        char line[256];
        *web = *telnet = 0;
        while (f && fgets(line, sizeof line, f)) {
            char *p;
            if ((p = strstr(line, "listen web 127.0.0.1:")))
                *web = atoi(p + 21);
            if ((p = strstr(line, "listen telnet 127.0.0.1:")))
                *telnet = atoi(p + 24);
        }
        if (f)
            fclose(f);
        if (*web && *telnet)
            return pid;
        pause_ms(50);
    }
    fprintf(stderr, "bench_web: the server did not start\n");
    kill(pid, SIGKILL);
    exit(1);
}

static void server_stop(int pid)
{
    kill(pid, SIGTERM);
    waitpid(pid, NULL, 0);
}

/* The client program (tests/bench/web_typists.js). */
static bench_node driver_start(const char *mode, int port, int n,
                               int seconds)
{
    char ports[16], ns[16], ss[16];
    snprintf(ports, sizeof ports, "%d", port);
    snprintf(ns, sizeof ns, "%d", n);
    snprintf(ss, sizeof ss, "%d", seconds);
    char *const args[] = { (char *)mode, ports, ns, ss, NULL };
    return bench_node_start("web_typists.js", args, 0);
}

/* The next line starting with word, or exit. */
static void driver_line(bench_node *d, const char *word, char *line,
                        size_t size)
{
    if (bench_node_line(d, word, line, size) != 0) {
        fprintf(stderr, "bench_web: the client program ended before %s\n",
                word);
        exit(1);
    }
}

typedef struct result {
    double kib_per_session;
    char lat[256];
} result;

static result door(const char *mode, int run, int n, int seconds)
{
    result r;
    int web, telnet;
    int pid = server_start(run, &web, &telnet);
    pause_ms(300);
    long before = rss_kib(pid);
    bench_node d = driver_start(mode, strcmp(mode, "web") == 0 ? web
                                                               : telnet,
                                n, seconds);
    char line[256];
    driver_line(&d, "READY", line, sizeof line);
    pause_ms(1000);
    long after = rss_kib(pid);
    r.kib_per_session = (double)(after - before) / n;
    bench_node_say(&d, "GO");
    driver_line(&d, "LAT", line, sizeof line);
    line[strcspn(line, "\n")] = 0;
    snprintf(r.lat, sizeof r.lat, "%s", line + 4);
    bench_node_end(&d);
    server_stop(pid);
    return r;
}

/* What a browser receives before the first key can go, on a first visit
 * and on a second with the first's cache (tests/bench/web_page.js in
 * Debian's chromium); beside it, the same files to a client that takes no
 * gzip. */
static void page_weight(int port)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "NODE_PATH=%s/tests/browser/node_modules "
             "node %s/tests/bench/web_page.js %d", top, top, port);
    FILE *p = popen(cmd, "r");
    char line[256];
    long v[2][4] = { { 0 } }, plain = 0;
    while (p && fgets(line, sizeof line, p)) {
        int k;
        long a, b, c, d;
        if (sscanf(line, "VISIT %d %ld %ld %ld %ld", &k, &a, &b, &c, &d) ==
                5 && k >= 1 && k <= 2) {
            v[k - 1][0] = a;
            v[k - 1][1] = b;
            v[k - 1][2] = c;
            v[k - 1][3] = d;
        }
        sscanf(line, "PLAIN %ld", &plain);
    }
    if (!p || pclose(p) != 0 || !v[0][0]) {
        printf("page weight: not measured (needs chromium and "
               "tests/browser's npm packages: tools/deps.sh test)\n");
        return;
    }
    printf("page weight to the first keystroke, in chromium:\n");
    printf("  first visit   %7ld bytes (%ld requests: %ld bytes; socket and "
           "first screen: %ld) (limit 150 KB)\n", v[0][0], v[0][2],
           v[0][1], v[0][0] - v[0][1]);
    printf("  second visit  %7ld bytes (%ld requests, %ld of them 304 Not "
           "Modified; socket and first screen: %ld)\n", v[1][0], v[1][2],
           v[1][3], v[1][0] - v[1][1]);
    printf("  the same files to a client that takes no gzip: %ld bytes; a "
           "telnet client needs none\n", plain);
}

int main(int argc, char **argv)
{
    int n = 1000, seconds = 10;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--sessions") == 0)
            n = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--seconds") == 0)
            seconds = atoi(argv[i + 1]);
    }
    bin = getenv("TTYARCADE");
    top = getenv("TTY_TOP");
    if (!bin || !top || !mkdtemp(dir)) {
        fprintf(stderr, "bench_web: set TTYARCADE and TTY_TOP\n");
        return 1;
    }
    signal(SIGPIPE, SIG_IGN);
    result t = door("telnet", 0, n, seconds);
    result w = door("web", 1, n, seconds);
    double p50[2], p99[2], mx[2];
    long cnt[2];
    sscanf(t.lat, "%lf %lf %lf %ld", &p50[0], &p99[0], &mx[0], &cnt[0]);
    sscanf(w.lat, "%lf %lf %lf %ld", &p50[1], &p99[1], &mx[1], &cnt[1]);
    printf("%d sessions each, typing for %d s (one client process for "
           "both doors)\n", n, seconds);
    printf("%-28s %12s %12s\n", "", "telnet", "web");
    printf("%-28s %9.1f KiB %9.1f KiB\n", "server memory per session",
           t.kib_per_session, w.kib_per_session);
    printf("%-28s %9.2f ms %9.2f ms\n", "echo latency p50", p50[0], p50[1]);
    printf("%-28s %9.2f ms %9.2f ms\n", "echo latency p99", p99[0], p99[1]);
    printf("%-28s %9.1f ms %9.1f ms\n", "echo latency max", mx[0], mx[1]);
    printf("%-28s %12ld %12ld\n", "keys answered", cnt[0], cnt[1]);

    int web, telnet;
    int pid = server_start(2, &web, &telnet);
    page_weight(web);
    server_stop(pid);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "bench_web: could not remove %s\n", dir);
    return 0;
}
