/*
 * bench_autosave.c - what committing every move costs: 1,000 players
 * each moving once a second, every move saved the way the server saves
 * it (store_save_owned on the libuv worker pool, one SQLite transaction,
 * WAL, synchronous FULL), timed from the move to its commit; beside the
 * same players with autosave off, timed from the move to the loop's
 * answer, in the same run.
 *
 * Figures only: nothing here fails on a number.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <uv.h>

#include "store.h"

#define BS_PLAYERS 1000
#define BS_SECONDS 10
#define BS_SAVE_BYTES 2048      /* a checkers game mid-way is 1-3 KiB */
#define BS_MAX (BS_PLAYERS * (BS_SECONDS + 2))

static uv_loop_t *bs_loop;
static store *bs_store;
static int bs_autosave;
static double bs_end;
static double bs_lat[BS_MAX];
static int bs_n, bs_inflight, bs_failed;
static unsigned char bs_blob[BS_SAVE_BYTES];

typedef struct bs_player {
    uv_timer_t timer;
    char code[16];
    double due;                 /* when its move was made */
} bs_player;

typedef struct bs_save {
    uv_work_t req;
    bs_player *p;
    double moved;
    int rc;
} bs_save;

static bs_player bs_players[BS_PLAYERS];

static double bs_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void bs_record(double ms)
{
    if (bs_n < BS_MAX)
        bs_lat[bs_n++] = ms;
}

static void bs_save_work(uv_work_t *req)
{
    bs_save *s = req->data;
    s->rc = store_save_owned(bs_store, s->p->code, "checkers", bs_blob,
                             sizeof bs_blob, "bench", NULL, "MOVE", 0);
}

static void bs_save_after(uv_work_t *req, int status)
{
    bs_save *s = req->data;
    (void)status;
    if (s->rc != STORE_OK)
        bs_failed++;
    bs_record(bs_now() - s->moved);
    bs_inflight--;
    free(s);
}

static void bs_move(uv_timer_t *t)
{
    bs_player *p = t->data;
    double now = bs_now();
    if (now >= bs_end)
        return;
    /* The move was due at p->due; the loop reached it now.  The next is
     * due a second later, however late this one was. */
    double moved = p->due;
    p->due += 1000.0;
    double wait = p->due - now;
    uv_timer_start(t, bs_move, wait > 0 ? (uint64_t)wait : 0, 0);
    bs_blob[0]++;               /* the position changes */
    if (!bs_autosave) {
        bs_record(now - moved);
        return;
    }
    bs_save *s = calloc(1, sizeof *s);
    s->req.data = s;
    s->p = p;
    s->moved = moved;
    bs_inflight++;
    uv_queue_work(bs_loop, &s->req, bs_save_work, bs_save_after);
}

static int bs_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void bs_run(const char *label, int autosave)
{
    bs_autosave = autosave;
    bs_n = 0;
    bs_failed = 0;
    uv_update_time(bs_loop);
    double t0 = bs_now();
    bs_end = t0 + BS_SECONDS * 1000.0;
    for (int i = 0; i < BS_PLAYERS; i++) {
        bs_player *p = &bs_players[i];
        uint64_t first = (uint64_t)(i * 1000 / BS_PLAYERS) + 1;
        p->due = t0 + (double)first;
        uv_timer_start(&p->timer, bs_move, first, 0);
    }
    uv_run(bs_loop, UV_RUN_DEFAULT);
    qsort(bs_lat, (size_t)bs_n, sizeof bs_lat[0], bs_cmp);
    printf("  %-26s %6d moves  p50 %8.3f ms  p99 %8.3f ms  max %8.3f ms",
           label, bs_n, bs_lat[bs_n / 2], bs_lat[bs_n * 99 / 100],
           bs_lat[bs_n - 1]);
    if (bs_failed)
        printf("  (%d saves failed)", bs_failed);
    printf("\n");
}

int main(void)
{
    char dir[] = "/tmp/bench_autosave_XXXXXX", err[256];
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    if (store_open(&bs_store, dir, err, sizeof err) != STORE_OK) {
        fprintf(stderr, "bench_autosave: %s\n", err);
        return 1;
    }
    bs_loop = uv_default_loop();
    for (int i = 0; i < BS_PLAYERS; i++) {
        bs_player *p = &bs_players[i];
        snprintf(p->code, sizeof p->code, "B%04d-AAAAA", i);
        uv_timer_init(bs_loop, &p->timer);
        p->timer.data = p;
        store_save_owned(bs_store, p->code, "checkers", bs_blob,
                         sizeof bs_blob, "bench", NULL, "MOVE", 1);
    }
    printf("%d players, each moving once a second for %d s; a save is %d "
           "bytes:\n", BS_PLAYERS, BS_SECONDS, BS_SAVE_BYTES);
    bs_run("autosave off (the peer):", 0);
    bs_run("move to commit:", 1);
    for (int i = 0; i < BS_PLAYERS; i++)
        uv_close((uv_handle_t *)&bs_players[i].timer, NULL);
    uv_run(bs_loop, UV_RUN_DEFAULT);
    store_close(bs_store);
    char cmd[64];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "bench_autosave: %s left behind\n", dir);
    return 0;
}
