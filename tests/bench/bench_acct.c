/*
 * bench_acct.c - what logins cost: Argon2id at the parameters the server
 * uses (libsodium's INTERACTIVE limits), as hashes per second on one
 * thread and on the worker pool, beside one hash at the MODERATE limits
 * (the peer the choice was made against); and the loop's latency while
 * logins hash on the worker pool, beside the same loop idle and the same
 * loop hashing on its own thread (what the server must never do).
 *
 * The loop's latency is how late a 1 ms timer fires: the delay every
 * player's echo would see.  Figures only: nothing here fails on a number.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <uv.h>

#include "acct.h"

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
    return 0;
}
