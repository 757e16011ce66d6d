/*
 * bench_pg.c - the two storage backends side by side in one run: saves
 * per second and save latency (p50/p99) on SQLite (WAL, synchronous=FULL,
 * a file in a temporary directory) and on PostgreSQL (a server started
 * here by tests/pg/pgtmp.sh with fsync on, reached through its unix
 * socket), each with 1 thread and with 4 (the server's worker threads);
 * Hexpawn's shared-table update, the one call that takes a lock across
 * servers, and the database's part of a login (reading an account's
 * name and password hash; the Argon2id check that follows costs the same
 * on either backend and is bench_acct's).  Both backends commit every call before it returns, as
 * the durability rule wants.  Figures only.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <uv.h>

#include "store.h"

#define BENCH_CALLS 1500        /* per run, shared among the threads */
#define BENCH_SAVE 400          /* bytes: a checkers or Eastern Front save */
enum { BENCH_SAVE_OP, BENCH_TABLE_OP, BENCH_LOGIN_OP };
static const char *const bench_ops[] = { "save", "table update",
                                         "login lookup" };

typedef struct bench_run {
    store *st;
    int op;                     /* BENCH_SAVE_OP, _TABLE_OP, _LOGIN_OP */
    int calls, threads;
    double *lat;                /* ms per call */
    int next;
    pthread_mutex_t lock;
    int failed;
} bench_run;

static void bench_grow(void *arg, const void *old, size_t oldlen, void **out,
                       size_t *outlen)
{
    (void)arg;
    *out = malloc(BENCH_SAVE);
    memset(*out, 0, BENCH_SAVE);
    if (old && oldlen == BENCH_SAVE)
        memcpy(*out, old, BENCH_SAVE);
    ((unsigned char *)*out)[0]++;
    *outlen = BENCH_SAVE;
}

static void *bench_worker(void *arg)
{
    bench_run *r = arg;
    unsigned char data[BENCH_SAVE];
    memset(data, 'x', sizeof data);
    for (;;) {
        pthread_mutex_lock(&r->lock);
        int i = r->next < r->calls ? r->next++ : -1;
        pthread_mutex_unlock(&r->lock);
        if (i < 0)
            return NULL;
        char code[16];
        /* a hundred players, each saving after every move */
        snprintf(code, sizeof code, "P%05d", i % 100);
        data[0] = (unsigned char)i;
        uint64_t t0 = uv_hrtime();
        char name[STORE_NAME_SIZE], hash[STORE_HASH_SIZE];
        int rc;
        if (r->op == BENCH_TABLE_OP)
            rc = store_table_update(r->st, "hexpawn", bench_grow, NULL);
        else if (r->op == BENCH_LOGIN_OP)
            rc = store_acct_get(r->st, code, name, hash);
        else
            rc = store_save_as(r->st, code, "checkers", data, sizeof data);
        r->lat[i] = (double)(uv_hrtime() - t0) / 1e6;
        if (rc != STORE_OK)
            r->failed++;
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void bench_one(const char *label, store *st, int op, int threads)
{
    bench_run r = { .st = st, .op = op, .calls = BENCH_CALLS,
                    .threads = threads };
    r.lat = calloc(BENCH_CALLS, sizeof *r.lat);
    pthread_mutex_init(&r.lock, NULL);
    pthread_t t[8];
    uint64_t t0 = uv_hrtime();
    for (int i = 0; i < threads; i++)
        pthread_create(&t[i], NULL, bench_worker, &r);
    for (int i = 0; i < threads; i++)
        pthread_join(t[i], NULL);
    double secs = (double)(uv_hrtime() - t0) / 1e9;
    qsort(r.lat, BENCH_CALLS, sizeof *r.lat, cmp_double);
    printf("  %-10s %-13s %d thread%s  %7.0f /s   p50 %6.3f ms   p99 %6.3f "
           "ms%s\n", label, bench_ops[op], threads,
           threads > 1 ? "s" : " ", BENCH_CALLS / secs,
           r.lat[BENCH_CALLS / 2], r.lat[BENCH_CALLS * 99 / 100],
           r.failed ? "  (FAILURES)" : "");
    free(r.lat);
    pthread_mutex_destroy(&r.lock);
}

static void bench_backend(const char *label, const char *where)
{
    store *st;
    char err[512];
    if (store_open(&st, where, err, sizeof err) != STORE_OK) {
        fprintf(stderr, "bench_pg: %s: %s\n", label, err);
        exit(1);
    }
    for (int i = 0; i < 100; i++) {
        char code[16];
        snprintf(code, sizeof code, "P%05d", i);
        store_acct_add(st, code, code, "$argon2id$v=19$m=65536,t=2,p=1$bench");
    }
    for (int op = BENCH_SAVE_OP; op <= BENCH_LOGIN_OP; op++) {
        bench_one(label, st, op, 1);
        bench_one(label, st, op, 4);
    }
    store_close(st);
}

int main(void)
{
    const char *top = getenv("TTY_TOP");
    char cmd[1024], pgdir[256] = "", sqdir[] = "/tmp/ttyarcade-bench-XXXXXX";
    if (!mkdtemp(sqdir)) {
        perror("bench_pg: mkdtemp");
        return 1;
    }
    /* fsync on: PostgreSQL keeps what it commits, as SQLite does here. */
    snprintf(cmd, sizeof cmd, "PGTMP_FSYNC=on %s/tests/pg/pgtmp.sh start",
             top ? top : ".");
    FILE *p = popen(cmd, "r");
    if (!p || !fgets(pgdir, sizeof pgdir, p) || pclose(p) != 0) {
        fprintf(stderr, "bench_pg: could not start PostgreSQL\n");
        return 1;
    }
    pgdir[strcspn(pgdir, "\n")] = 0;
    char pg[512];
    snprintf(pg, sizeof pg, "postgresql:///postgres?host=%s&user=tty",
             pgdir);
    printf("storage: %d calls of %d bytes per line, every one committed\n",
           BENCH_CALLS, BENCH_SAVE);
    bench_backend("sqlite", sqdir);
    bench_backend("postgresql", pg);
    snprintf(cmd, sizeof cmd, "%s/tests/pg/pgtmp.sh remove %s; rm -rf %s",
             top ? top : ".", pgdir, sqdir);
    if (system(cmd) != 0)
        fprintf(stderr, "bench_pg: could not clean up\n");
    return 0;
}
