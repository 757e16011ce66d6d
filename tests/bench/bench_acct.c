/*
 * bench_acct.c - what logins cost: Argon2id at the parameters the server
 * uses (libsodium's INTERACTIVE limits), as hashes per second on one
 * thread and on the worker pool, beside one hash at the MODERATE limits
 * (the peer the choice was made against); and the loop's latency while
 * logins hash on the worker pool, beside the same loop idle and the same
 * loop hashing on its own thread (what the server must never do).
 *
 * The loop's latency is how late a 1 ms timer fires: the delay every
 * player's echo would see.
 *
 * Then a flood against a real server (ttyarcade serve on loopback, its
 * limits at their defaults): 40 registrations at once from one address,
 * three times, then 200 at once from 200 addresses (127.0.K.1, each its
 * own /24), each a telnet client on a thread of its own; what was
 * accepted, limited and told busy, the server's peak memory beside the
 * bound the hashing gate promises (its memory before the flood plus
 * --hash-max times 64 MiB), and how long an existing account's login
 * takes during the flood beside the same login with nothing else on.
 *
 * Figures only: nothing here fails on a number.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <pthread.h>
#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <uv.h>

#include "acct.h"
#include "benchutil.h"

#define BA_PHASE_MS 2000
#define BA_MAX_SAMPLES 100000

static double ba_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* ---- the loop's lateness -------------------------------------------- */

static uv_loop_t *ba_loop;
static uv_timer_t ba_tick;
static double ba_due, ba_end;
static double ba_late[BA_MAX_SAMPLES];
static int ba_n;
static int ba_mode;             /* 0 idle, 1 pool, 2 on the loop */
static int ba_inflight, ba_logins;

typedef struct ba_job {
    uv_work_t req;
    char hash[ACCT_HASH_SIZE];
} ba_job;

static void ba_hash_work(uv_work_t *req)
{
    ba_job *j = req->data;
    if (acct_pw_hash("CORRECT HORSE", j->hash) != 0)
        abort();
}

static void ba_hash_after(uv_work_t *req, int status);

static void ba_start_login(void)
{
    ba_job *j = calloc(1, sizeof *j);
    j->req.data = j;
    ba_inflight++;
    uv_queue_work(ba_loop, &j->req, ba_hash_work, ba_hash_after);
}

static void ba_hash_after(uv_work_t *req, int status)
{
    (void)status;
    free(req->data);
    ba_inflight--;
    ba_logins++;
    if (ba_now() < ba_end)
        ba_start_login();
}

static void ba_on_tick(uv_timer_t *t)
{
    double now = ba_now();
    if (ba_n < BA_MAX_SAMPLES)
        ba_late[ba_n++] = now - ba_due;
    if (now >= ba_end && !ba_inflight) {
        uv_timer_stop(t);
        return;
    }
    /* The next tick is due 1 ms from now, however long this one takes. */
    ba_due = now + 1.0;
    if (ba_mode == 2) {         /* a login hashed on the loop thread */
        char hash[ACCT_HASH_SIZE];
        acct_pw_hash("CORRECT HORSE", hash);
        ba_logins++;
    }
}

static int ba_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void ba_phase(const char *label, int mode, int concurrent)
{
    ba_mode = mode;
    ba_n = 0;
    ba_logins = 0;
    double t0 = ba_now();
    ba_end = t0 + BA_PHASE_MS;
    ba_due = t0 + 1.0;
    uv_timer_start(&ba_tick, ba_on_tick, 1, 1);
    for (int i = 0; mode == 1 && i < concurrent; i++)
        ba_start_login();
    uv_run(ba_loop, UV_RUN_DEFAULT);
    double secs = (ba_now() - t0) / 1e3;
    qsort(ba_late, (size_t)ba_n, sizeof ba_late[0], ba_cmp);
    printf("  %-34s p50 %7.3f ms  p99 %8.3f ms  max %8.3f ms",
           label, ba_late[ba_n / 2], ba_late[ba_n * 99 / 100],
           ba_late[ba_n - 1]);
    if (mode)
        printf("  (%.1f logins/s)", ba_logins / secs);
    printf("\n");
}


/* ---- the flood, against a real server --------------------------------- */

enum { BF_OK, BF_LIMITED, BF_BUSY, BF_OTHER, BF_N };
static const char *const bf_result_name[BF_N] = {
    "accepted", "limited", "busy", "other"
};

typedef struct bf_client {
    pthread_t t;
    char from[32];              /* the address it connects from */
    char name[20];
    int port;
    int login;                  /* log in to OWNER instead of registering */
    int result;
    double ms;                  /* a login: Return to WELCOME BACK */
} bf_client;

static const char *const bf_name_q[] = { "YOUR NAME (RETURN: GUEST)? ", 0 };
static const char *const bf_menu[] = { "YOUR CHOICE", 0 };

static void *bf_run(void *arg)
{
    bf_client *c = arg;
    c->result = BF_OTHER;
    int fd = bench_sock_open(c->from, c->port);
    if (fd < 0)
        return NULL;
    char line[40];
    snprintf(line, sizeof line, "%s\r", c->login ? "OWNER" : c->name);
    if (bench_sock_until(fd, bf_name_q) != 0 || bench_sock_say(fd, line) != 0)
        goto out;
    if (c->login) {
        static const char *const pw_q[] = {
            "PASSWORD (RETURN: ANOTHER NAME)? ", 0
        };
        static const char *const answer[] = {
            "WELCOME BACK", "TOO MANY", "BUSY", 0
        };
        if (bench_sock_until(fd, pw_q) != 0)
            goto out;
        double t0 = ba_now();
        if (bench_sock_say(fd, "Secret1\r") != 0)
            goto out;
        int r = bench_sock_until(fd, answer);
        c->ms = ba_now() - t0;
        c->result = r == 0 ? BF_OK : r == 1 ? BF_LIMITED : r == 2 ? BF_BUSY
                                                                  : BF_OTHER;
        goto out;
    }
    static const char *const yn[] = { "(Y/N; RETURN: N)? ", 0 };
    static const char *const choose[] = {
        "CHOOSE A PASSWORD", "TOO MANY NEW ACCOUNTS", "BUSY", 0
    };
    static const char *const again[] = { "THE SAME PASSWORD AGAIN? ", 0 };
    static const char *const made[] = {
        "IS YOURS", "TOO MANY NEW ACCOUNTS", "BUSY", 0
    };
    if (bench_sock_until(fd, bf_menu) != 0 || bench_sock_say(fd, "A\r") != 0 ||
        bench_sock_until(fd, yn) != 0 || bench_sock_say(fd, "Y\r") != 0)
        goto out;
    int r = bench_sock_until(fd, choose);
    if (r != 0) {
        c->result = r == 1 ? BF_LIMITED : r == 2 ? BF_BUSY : BF_OTHER;
        goto out;
    }
    if (bench_sock_say(fd, "Secret1\r") != 0 || bench_sock_until(fd, again) != 0 ||
        bench_sock_say(fd, "Secret1\r") != 0)
        goto out;
    r = bench_sock_until(fd, made);
    c->result = r == 0 ? BF_OK : r == 1 ? BF_LIMITED : r == 2 ? BF_BUSY
                                                              : BF_OTHER;
out:
    bench_sock_close(fd);
    return NULL;
}

/* The server's memory now and at its peak, in MiB (VmRSS, VmHWM). */
static void bf_rss(pid_t pid, double *now, double *peak)
{
    char path[64], line[128];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    *now = *peak = 0;
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        long kb;
        if (sscanf(line, "VmRSS: %ld", &kb) == 1)
            *now = kb / 1024.0;
        else if (sscanf(line, "VmHWM: %ld", &kb) == 1)
            *peak = kb / 1024.0;
    }
    fclose(f);
}

/* Three logins of OWNER one after the other, from 127.0.0.9: the mean
 * time from the password's Return to WELCOME BACK (negative: none got
 * in). */
static double bf_logins(int port, int *ok)
{
    double sum = 0;
    *ok = 0;
    for (int i = 0; i < 3; i++) {
        bf_client c = { .port = port, .login = 1 };
        snprintf(c.from, sizeof c.from, "127.0.0.9");
        bf_run(&c);
        if (c.result == BF_OK) {
            sum += c.ms;
            ++*ok;
        }
    }
    return *ok ? sum / *ok : -1;
}

typedef struct bf_login_arg {
    int port, ok;
    double ms;
} bf_login_arg;

static void *bf_login_thread(void *arg)
{
    bf_login_arg *a = arg;
    usleep(300000);             /* the flood's hashes are queued by now */
    a->ms = bf_logins(a->port, &a->ok);
    return NULL;
}

/* n registrations at once, client k from from(k); an owner's logins run
 * beside them. */
static void bf_wave(const char *label, int port, pid_t server, int n,
                    int spread, int wave)
{
    bf_client *c = calloc((size_t)n, sizeof *c);
    bf_login_arg la = { .port = port };
    pthread_t lt;
    for (int k = 0; k < n; k++) {
        c[k].port = port;
        snprintf(c[k].from, sizeof c[k].from,
                 spread ? "127.0.%d.1" : "127.0.0.2", k + 1);
        snprintf(c[k].name, sizeof c[k].name, "F%d%c%03d", wave,
                 spread ? 'S' : 'O', k);
    }
    double t0 = ba_now();
    for (int k = 0; k < n; k++)
        pthread_create(&c[k].t, NULL, bf_run, &c[k]);
    pthread_create(&lt, NULL, bf_login_thread, &la);
    int count[BF_N] = { 0 };
    for (int k = 0; k < n; k++) {
        pthread_join(c[k].t, NULL);
        count[c[k].result]++;
    }
    pthread_join(lt, NULL);
    double rss, peak;
    bf_rss(server, &rss, &peak);
    printf("  %-36s in %5.1f s:", label, (ba_now() - t0) / 1e3);
    for (int r = 0; r < BF_N; r++)
        if (count[r] || r < BF_BUSY)
            printf(" %d %s", count[r], bf_result_name[r]);
    printf("; peak RSS %.0f MiB; an owner's login meanwhile ", peak);
    if (la.ok)
        printf("%.0f ms\n", la.ms);
    else
        printf("refused\n");
    free(c);
}

static void bf_flood(void)
{
    const char *bin = getenv("TTYARCADE");
    if (!bin) {
        printf("\nThe flood: TTYARCADE is not set (make bench sets it)\n");
        return;
    }
    char dir[] = "/tmp/bench_acct_XXXXXX";
    if (!mkdtemp(dir))
        return;
    char data[128], log[128], out[128];
    snprintf(data, sizeof data, "%s/data", dir);
    snprintf(log, sizeof log, "%s/server.log", dir);
    snprintf(out, sizeof out, "%s/server.out", dir);
    char *argv[] = { (char *)bin, "serve", "--telnet", "127.0.0.1:0",
                     "--data", data, "--log", log, NULL };
    pid_t pid = bench_spawn(argv, out);
    if (pid < 0)
        return;
    int port = 0;
    for (int i = 0; i < 200 && !port; i++) {
        const char *text = bench_read(log);
        const char *at = text ? strstr(text, "listen telnet 127.0.0.1:") : 0;
        if (at)
            port = atoi(at + strlen("listen telnet 127.0.0.1:"));
        else
            usleep(50000);
    }
    if (!port) {
        printf("\nThe flood: the server did not start\n");
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        return;
    }
    bf_client owner = { .port = port };
    snprintf(owner.from, sizeof owner.from, "127.0.0.8");
    snprintf(owner.name, sizeof owner.name, "OWNER");
    bf_run(&owner);
    int ok;
    double alone = bf_logins(port, &ok);
    double base, peak;
    bf_rss(pid, &base, &peak);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    printf("\nA flood of registrations against ttyarcade serve (limits at "
           "their defaults: 5 new accounts an address and 20 a /24 an hour, "
           "--hash-max %ld, --hash-queue 64):\n", cores);
    printf("  before: RSS %.0f MiB (peak %.0f); the bound: that plus %ld x "
           "64 MiB = %.0f MiB\n", base, peak, cores, base + cores * 64.0);
    printf("  an owner's login with nothing else on: %.0f ms (%d of 3 in)\n",
           alone, ok);
    for (int w = 1; w <= 3; w++) {
        char label[64];
        snprintf(label, sizeof label, "40 at once from one address (%d)", w);
        bf_wave(label, port, pid, 40, 0, w);
    }
    bf_wave("200 at once from 200 addresses", port, pid, 200, 1, 4);
    kill(pid, SIGTERM);
    waitpid(pid, NULL, 0);
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "bench_acct: could not remove %s\n", dir);
}

int main(void)
{
    if (acct_pw_init() != 0) {
        fprintf(stderr, "bench_acct: libsodium did not start\n");
        return 1;
    }
    char hash[ACCT_HASH_SIZE];

    printf("Argon2id (libsodium %s), hashing a password:\n",
           sodium_version_string());
    int n = 10;
    double t0 = ba_now();
    for (int i = 0; i < n; i++)
        acct_pw_hash("CORRECT HORSE", hash);
    double one = (ba_now() - t0) / n;
    printf("  INTERACTIVE (ops %llu, %zu MiB), the server's: %.1f ms a hash "
           "on one thread = %.1f logins/s\n",
           (unsigned long long)crypto_pwhash_OPSLIMIT_INTERACTIVE,
           (size_t)(crypto_pwhash_MEMLIMIT_INTERACTIVE >> 20), one,
           1e3 / one);
    t0 = ba_now();
    int ok = acct_pw_verify(hash, "CORRECT HORSE");
    printf("  verifying costs the same: %.1f ms (%s)\n", ba_now() - t0,
           ok ? "matched" : "NOT MATCHED");
    t0 = ba_now();
    if (crypto_pwhash_str_alg(hash, "CORRECT HORSE", 13,
                              crypto_pwhash_OPSLIMIT_MODERATE,
                              crypto_pwhash_MEMLIMIT_MODERATE,
                              crypto_pwhash_ALG_ARGON2ID13) == 0)
        printf("  peer: MODERATE (ops %llu, %zu MiB): %.1f ms a hash\n",
               (unsigned long long)crypto_pwhash_OPSLIMIT_MODERATE,
               (size_t)(crypto_pwhash_MEMLIMIT_MODERATE >> 20),
               ba_now() - t0);

    ba_loop = uv_default_loop();
    uv_timer_init(ba_loop, &ba_tick);
    printf("\nThe loop's lateness (a 1 ms timer), %d s each:\n",
           BA_PHASE_MS / 1000);
    ba_phase("idle (the peer)", 0, 0);
    ba_phase("2 logins at a time on the pool", 1, 2);
    ba_phase("8 logins at a time on the pool", 1, 8);
    ba_phase("logins hashed on the loop (never)", 2, 0);
    uv_close((uv_handle_t *)&ba_tick, NULL);
    uv_run(ba_loop, UV_RUN_DEFAULT);
    bf_flood();
    return 0;
}
