/*
 * bench_load.c - the load generator: N telnet players against ttyarcade,
 * and, in the same run, the one-process-per-connection model it replaces
 * (Debian's bsdgames hangman behind `socat TCP-LISTEN:port,fork
 * EXEC:hangman,pty`).
 *
 * For each it prints: sessions held; server memory per idle session (our
 * one process: RSS growth; the peer: PSS summed over every socat and
 * hangman process, so shared pages are not counted twice); keystroke
 * echo latency p50/p99/max with M active typists (time from a key leaving
 * the client to the first byte coming back); server CPU while they type.
 * Figures only: a bench never fails on a timing.
 *
 *   bench_load [--idle N] [--active M] [--seconds S] [--peer-idle N]
 *              [--peer-active M] [--no-peer]
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <uv.h>

#include "benchclient.h"
#include "benchutil.h"

enum { C_CONNECTING, C_IDLE, C_TO_CHOICE, C_TO_GAME, C_PLAYING, C_GONE };

typedef struct client {
    bench_tn tn;
    uv_timer_t think;
    int id, state, peer;
    char tail[160];
    uint64_t sent_at;
    int awaiting;
    int letter;
    int want_y;
} client;

static uv_loop_t *loop;
static client *clients;
static int at_prompt, failed;
static bench_lat lat;
static int measuring;
static unsigned rng_state = 12345;
static const char letters[] = "ETAOINSHRDLUCMFWYPVBGKQJXZ";
#define SOCAT "/usr/bin/socat"

static unsigned bench_rand(void)
{
    rng_state = rng_state * 1103515245u + 12345u;
    return rng_state >> 8;
}

/* ---- process figures ------------------------------------------------ */

static int proc_ppid(int pid)
{
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *p = strrchr(buf, ')');
    int ppid = -1;
    if (p)
        sscanf(p + 2, "%*c %d", &ppid);
    return ppid;
}

/* PSS and CPU summed over a process and all its descendants. */
static void tree_totals(int root, long *pss_kib, double *cpu_s, int *procs)
{
    *pss_kib = 0;
    *cpu_s = 0;
    *procs = 0;
    DIR *d = opendir("/proc");
    struct dirent *e;
    while (d && (e = readdir(d))) {
        int pid = atoi(e->d_name);
        if (pid <= 0)
            continue;
        int p = pid;
        for (int depth = 0; p > 1 && depth < 8; depth++) {
            if (p == root)
                break;
            p = proc_ppid(p);
        }
        if (p != root)
            continue;
        long pss = bench_proc_kib(pid, "smaps_rollup", "Pss:");
        if (pss > 0)
            *pss_kib += pss;
        *cpu_s += bench_cpu_s(pid, NULL);
        (*procs)++;
    }
    if (d)
        closedir(d);
}

/* ---- the clients ---------------------------------------------------- */

static void client_key(uv_timer_t *t);

static void client_think(client *c)
{
    uv_timer_start(&c->think, client_key, 150 + bench_rand() % 200, 0);
}

static void client_key(uv_timer_t *t)
{
    client *c = t->data;
    if (c->state != C_PLAYING)
        return;
    char key;
    if (c->peer) {
        key = (char)(letters[c->letter++ % 26] + 'a' - 'A');
    } else if (c->want_y) {
        key = 'Y';
        c->want_y = 0;
    } else {
        key = letters[c->letter++ % 26];
    }
    bench_tn_clear(&c->tn);
    c->sent_at = uv_hrtime();
    c->awaiting = 1;
    bench_tn_send(&c->tn, &key, 1);
    client_think(c);
}

static void client_read(uv_stream_t *s, ssize_t n, const uv_buf_t *b)
{
    client *c = s->data;
    if (n < 0) {
        if (c->state != C_GONE) {
            c->state = C_GONE;
            failed++;
        }
        uv_read_stop(s);
        return;
    }
    if (n == 0)
        return;
    if (c->awaiting && measuring)
        bench_lat_add(&lat, (double)(uv_hrtime() - c->sent_at) / 1e6);
    c->awaiting = 0;
    bench_tn_feed(&c->tn, b->base, (size_t)n);
    switch (c->state) {
    case C_CONNECTING:
        /* Ours asks a name; the peer draws its first screen. */
        if (c->peer ? c->tn.got >= 16 : bench_tn_has(&c->tn, "YOUR NAME")) {
            c->state = C_IDLE;
            at_prompt++;
            bench_tn_clear(&c->tn);
        }
        break;
    case C_TO_CHOICE:
        if (bench_tn_saw(&c->tn, "YOUR CHOICE")) {
            bench_tn_send(&c->tn, "HANGMAN\r\n", 9);
            c->state = C_TO_GAME;
        }
        break;
    case C_TO_GAME:
        if (bench_tn_has(&c->tn, "WANT A NEW WORD? ")) {
            c->want_y = 1;
            c->state = C_PLAYING;
            client_think(c);
        }
        break;
    case C_PLAYING:
        if (!c->peer && bench_tn_has(&c->tn, "WANT A NEW WORD? "))
            c->want_y = 1;
        break;
    }
}

static void clients_open(int first, int count, int port, int peer)
{
    for (int i = first; i < first + count; i++) {
        client *c = &clients[i];
        memset(c, 0, sizeof *c);
        c->id = i;
        c->peer = peer;
        c->letter = (int)(bench_rand() % 26);
        uv_timer_init(loop, &c->think);
        c->think.data = c;
        bench_tn_open(&c->tn, loop, port, c->tail, sizeof c->tail, c,
                      client_read);
        /* Keep at most a few hundred players between connecting and
         * their first prompt, so no listen queue overflows. */
        while (i + 1 - first - at_prompt - failed > 256)
            uv_run(loop, UV_RUN_ONCE);
    }
}

static void clients_close(int first, int count)
{
    for (int i = first; i < first + count; i++) {
        uv_close((uv_handle_t *)&clients[i].tn.tcp, NULL);
        uv_close((uv_handle_t *)&clients[i].think, NULL);
    }
    uv_run(loop, UV_RUN_NOWAIT);
}

static int want_prompt;
static int prompts_reached(void)
{
    return at_prompt + failed >= want_prompt;
}

static void latency_report(const char *who, int active, double seconds,
                           double cpu)
{
    if (!lat.n) {
        printf("  %-10s no keystrokes measured\n", who);
        return;
    }
    bench_lat_sort(&lat);
    printf("  %-10s %d typists, %zu keys in %.0f s: echo p50 %.2f ms, "
           "p99 %.2f ms, max %.2f ms; server CPU %.0f%% of one core\n",
           who, active, lat.n, seconds, bench_lat_pct(&lat, 50),
           bench_lat_pct(&lat, 99), bench_lat_pct(&lat, 100),
           100.0 * cpu / seconds);
}

/* The CPU seconds a server (and its children, for the peer) has used. */
static double own_cpu_s(int pid)
{
    return bench_cpu_s(pid, NULL);
}

static double tree_cpu_s(int root)
{
    long pss;
    double cpu;
    int procs;
    tree_totals(root, &pss, &cpu, &procs);
    return cpu;
}

/* Active phase: the first `active` clients start a game and type for
 * `seconds`.  Returns the CPU seconds the server used while they typed
 * (cpu_s(pid) read after the warm-up, so starting the games is not
 * counted). */
static double type_for(int first, int active, int seconds, int peer,
                       double (*cpu_s)(int), int pid)
{
    for (int i = first; i < first + active; i++) {
        client *c = &clients[i];
        if (c->state != C_IDLE)
            continue;
        bench_tn_clear(&c->tn);
        if (peer) {
            c->state = C_PLAYING;
            client_think(c);
        } else {
            c->state = C_TO_CHOICE;
            bench_tn_send(&c->tn, "\r\n", 2);
        }
    }
    bench_run_until(loop, NULL, 2000);     /* everyone into a game */
    lat.n = 0;
    measuring = 1;
    double cpu0 = cpu_s(pid);
    bench_run_until(loop, NULL, seconds * 1000);
    measuring = 0;
    return cpu_s(pid) - cpu0;
}

/* ---- servers -------------------------------------------------------- */

static int free_port(void)
{
    uv_tcp_t t;
    struct sockaddr_in a;
    struct sockaddr_storage got;
    int len = sizeof got;
    uv_tcp_init(loop, &t);
    uv_ip4_addr("127.0.0.1", 0, &a);
    uv_tcp_bind(&t, (struct sockaddr *)&a, 0);
    uv_tcp_getsockname(&t, (struct sockaddr *)&got, &len);
    int port = ntohs(((struct sockaddr_in *)&got)->sin_port);
    uv_close((uv_handle_t *)&t, NULL);
    uv_run(loop, UV_RUN_NOWAIT);
    return port;
}

static int wait_listening(int port)
{
    for (int i = 0; i < 100; i++) {
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        struct sockaddr_in a;
        uv_ip4_addr("127.0.0.1", port, &a);
        int ok = connect(fd, (struct sockaddr *)&a, sizeof a) == 0;
        close(fd);
        if (ok)
            return 0;
        usleep(50000);
    }
    return -1;
}

static const char *find_hangman(void)
{
    static const char *const where[] = { "/usr/games/hangman",
                                         "/usr/bin/hangman", 0 };
    for (int i = 0; where[i]; i++)
        if (access(where[i], X_OK) == 0)
            return where[i];
    return NULL;
}

/* The same typists on a disk whose every flush takes 5 ms more: the
 * server under strace, which holds each fsync and fdatasync of its
 * threads that long (only those calls are traced).  Every guess is a
 * save; typing must not wait for them. */
static void slow_disk(const char *bin, const char *dir, int idle, int active,
                      int seconds)
{
    if (access("/usr/bin/strace", X_OK) != 0) {
        printf("slow disk: skipped: needs strace (apt-get install "
               "strace)\n");
        return;
    }
    char data[160], log[160], out[160], maxs[32];
    snprintf(data, sizeof data, "%s/data-slow", dir);
    snprintf(log, sizeof log, "%s/server-slow.log", dir);
    snprintf(out, sizeof out, "%s/server-slow.out", dir);
    snprintf(maxs, sizeof maxs, "%d", idle + 100);
    char *const argv[] = { "/usr/bin/strace", "-f", "--seccomp-bpf", "-qq", "-o",
                           "/dev/null", "-e", "trace=fsync,fdatasync", "-e",
                           "inject=fsync,fdatasync:delay_exit=5000",
                           (char *)bin, "serve", "--telnet", "127.0.0.1:0",
                           "--data", data, "--log", log, "--idle", "0",
                           "--max-sessions", maxs, "--max-per-address", maxs,
                           0 };
    int tracer = bench_spawn(argv, out);
    int port = tracer > 0 ? bench_wait_port(log, "listen telnet 127.0.0.1:")
                          : 0;
    /* the server is strace's child: signals and CPU are its */
    int srv = 0;
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/task/%d/children", tracer, tracer);
    FILE *f = fopen(path, "r");
    if (!f || fscanf(f, "%d", &srv) != 1)
        srv = 0;
    if (f)
        fclose(f);
    if (!port || srv <= 0) {
        printf("slow disk: the server did not start under strace\n");
        kill(srv > 0 ? srv : tracer, SIGTERM);
        waitpid(tracer, NULL, 0);
        return;
    }
    /* the same sessions as on this machine's disk, the same typists */
    at_prompt = failed = 0;
    want_prompt = idle;
    clients_open(0, idle, port, 0);
    bench_run_until(loop, prompts_reached, 120000);
    printf("ttyarcade, every fsync and fdatasync 5 ms slower (strace):\n");
    double cpu = type_for(0, active, seconds, 0, own_cpu_s, srv);
    latency_report("latency", active, seconds, cpu);
    printf("  %-10s (%d sessions held, as above)\n", "", at_prompt);
    clients_close(0, idle);
    kill(srv, SIGTERM);
    waitpid(tracer, NULL, 0);
}

int main(int argc, char **argv)
{
    int idle = 10000, active = 1000, seconds = 10;
    int peer_idle = 1000, peer_active = 1000, no_peer = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--idle") && i + 1 < argc)
            idle = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--active") && i + 1 < argc)
            active = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
            seconds = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--peer-idle") && i + 1 < argc)
            peer_idle = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--peer-active") && i + 1 < argc)
            peer_active = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--no-peer"))
            no_peer = 1;
        else {
            fprintf(stderr, "usage: bench_load [--idle N] [--active M] "
                            "[--seconds S] [--peer-idle N] [--peer-active M] "
                            "[--no-peer]\n");
            return 2;
        }
    }
    if (active > idle)
        active = idle;
    const char *bin = getenv("TTYARCADE");
    if (!bin) {
        fprintf(stderr, "bench_load: set TTYARCADE\n");
        return 2;
    }
    /* Both ends of every connection live on this machine. */
    bench_nofile_max();
    signal(SIGPIPE, SIG_IGN);
    /* what the servers started here see (hangman draws with curses) */
    setenv("TERM", "vt100", 1);
    loop = uv_default_loop();
    int most = idle > peer_idle ? idle : peer_idle;
    clients = calloc((size_t)most, sizeof *clients);

    char dir[] = "/tmp/ttyarcade-bench-XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    char data[128], log[128], out[128];
    snprintf(data, sizeof data, "%s/data", dir);
    snprintf(log, sizeof log, "%s/server.log", dir);
    snprintf(out, sizeof out, "%s/server.out", dir);
    char maxs[32];
    snprintf(maxs, sizeof maxs, "%d", idle + 100);
    char *const srv_argv[] = { (char *)bin, "serve", "--telnet",
                               "127.0.0.1:0", "--data", data, "--log", log,
                               "--idle", "0", "--max-sessions", maxs,
                               "--max-per-address", maxs, 0 };

    printf("load: ttyarcade (one process, libuv, a coroutine per session) "
           "beside bsdgames hangman behind socat (a process pair per "
           "session)\n");
    int srv = bench_spawn(srv_argv, out);
    int port = srv > 0 ? bench_wait_port(log, "listen telnet 127.0.0.1:")
                       : 0;
    if (!port) {
        fprintf(stderr, "bench_load: the server did not start\n");
        return 1;
    }
    usleep(200000);
    long rss0 = bench_proc_kib(srv, "status", "VmRSS:");
    want_prompt = idle;
    clients_open(0, idle, port, 0);
    bench_run_until(loop, prompts_reached, 120000);
    bench_run_until(loop, NULL, 1000);
    long rss1 = bench_proc_kib(srv, "status", "VmRSS:");
    printf("ttyarcade:\n");
    printf("  %-10s %d of %d sessions held at the name prompt (target "
           "10,000); %d failed\n", "held", at_prompt, idle, failed);
    printf("  %-10s RSS %ld KiB before, %ld KiB with them: %.1f KiB per "
           "idle session (limit 64 KiB)\n", "memory", rss0, rss1,
           at_prompt ? (double)(rss1 - rss0) / at_prompt : 0.0);
    double cpu = type_for(0, active, seconds, 0, own_cpu_s, srv);
    latency_report("latency", active, seconds, cpu);
    printf("  %-10s p99 limit 5 ms with 1,000 active typists\n", "");
    clients_close(0, idle);
    kill(srv, SIGTERM);
    waitpid(srv, NULL, 0);
    slow_disk(bin, dir, idle, active, seconds);

    const char *hangman = find_hangman();
    if (no_peer) {
        printf("peer: skipped (--no-peer)\n");
    } else if (!hangman || access(SOCAT, X_OK) != 0) {
        printf("peer: skipped: needs socat and bsdgames "
               "(apt-get install socat bsdgames wamerican)\n");
    } else {
        if (peer_active > peer_idle)
            peer_active = peer_idle;
        int pport = free_port();
        char listen[64], exec[128];
        snprintf(listen, sizeof listen,
                 "TCP-LISTEN:%d,bind=127.0.0.1,fork,reuseaddr,backlog=1024",
                 pport);
        snprintf(exec, sizeof exec, "EXEC:%s,pty,setsid,ctty,stderr",
                 hangman);
        char *const peer_argv[] = { SOCAT, listen, exec, 0 };
        snprintf(out, sizeof out, "%s/peer.out", dir);
        int peer = bench_spawn(peer_argv, out);
        if (peer < 0 || wait_listening(pport) != 0) {
            printf("peer: socat did not start\n");
        } else {
            long pss0;
            double c0;
            int procs;
            tree_totals(peer, &pss0, &c0, &procs);
            at_prompt = failed = 0;
            want_prompt = peer_idle;
            clients_open(0, peer_idle, pport, 1);
            bench_run_until(loop, prompts_reached, 120000);
            bench_run_until(loop, NULL, 1000);
            long pss1;
            double c1;
            tree_totals(peer, &pss1, &c1, &procs);
            printf("socat + hangman:\n");
            printf("  %-10s %d of %d sessions held (%d processes)\n", "held",
                   at_prompt, peer_idle, procs);
            printf("  %-10s PSS %ld KiB before, %ld KiB with them: %.1f KiB "
                   "per idle session\n", "memory", pss0, pss1,
                   at_prompt ? (double)(pss1 - pss0) / at_prompt : 0.0);
            double c2 = type_for(0, peer_active, seconds, 1, tree_cpu_s,
                                 peer);
            latency_report("latency", peer_active, seconds, c2);
            clients_close(0, peer_idle);
        }
        if (peer > 0) {
            kill(peer, SIGTERM);
            waitpid(peer, NULL, 0);
        }
    }
    if (bench_rmdir(dir) != 0)
        fprintf(stderr, "bench_load: could not remove %s\n", dir);
    return 0;
}
