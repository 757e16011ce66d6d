/*
 * bench_autosave.c - what committing every move costs, as the server
 * commits it: players each moving once a second, every move a save of
 * 2 KiB handed to the store's writer (store_group, the path the
 * contract's saves take), timed from the move to its commit.  Beside it,
 * in the same run: the same players with autosave off (the loop's own
 * lateness), a lone save's commit (one flush of the disk), and the way
 * saves were committed before, one transaction each on the libuv worker
 * pool.  On SQLite (WAL, synchronous FULL, a file in a temporary
 * directory) and on PostgreSQL (a server started by tests/pg/pgtmp.sh with
 * fsync on, over its unix socket).
 *
 * Two disks: one whose every flush takes 5 ms more, as on many cloud
 * volumes, and this machine's own.  The slow one is made honestly: the
 * process that flushes (this bench's child for SQLite, the PostgreSQL
 * server) runs under strace, which holds every fsync and fdatasync
 * 5,000 microseconds before it returns (strace -f --seccomp-bpf -e
 * trace=fsync,fdatasync -e inject=fsync,fdatasync:delay_exit=5000); the
 * lone commit shows the delay took.  Limits: move to commit p99 20 ms
 * for 1,000 players on the slow disk; 10,000 saves a second sustained on
 * this machine's.
 *
 * Figures only: nothing here fails on a number.
 *
 *   bench_autosave [--players N] [--seconds S] [--only sqlite|postgresql]
 *                  [--disk slow|here]
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
#include <uv.h>

#include "store.h"

#define BS_SAVE_BYTES 2048      /* a checkers game mid-way is 1-3 KiB */
#define BS_DELAY_US 5000        /* the slow disk's extra time a flush */
#define BS_EACH_SECONDS 2       /* the old way falls behind: keep it short */
#define BS_LONE 20              /* lone commits timed */

enum { BS_OFF, BS_GROUP, BS_EACH };

static uv_loop_t *bs_loop;
static store *bs_store;
static store_group *bs_group;
static int bs_mode;
static double bs_end, bs_first, bs_last;
static double *bs_lat;
static int bs_n, bs_cap, bs_failed, bs_deepest;
static unsigned char bs_blob[BS_SAVE_BYTES];

typedef struct bs_player {
    uv_timer_t timer;
    char code[16];
    double due;                 /* when its move was made */
} bs_player;

typedef struct bs_save {
    store_write req;         /* first: the group hands it back */
    uv_work_t work;
    bs_player *p;
    double moved;
    int rc;
} bs_save;

static bs_player *bs_all;

static double bs_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void bs_record(double moved, int rc)
{
    double now = bs_now();
    if (bs_n < bs_cap)
        bs_lat[bs_n++] = now - moved;
    if (rc != TTY_OK)
        bs_failed++;
    bs_last = now;
}

static void bs_group_done(store_write *r)
{
    bs_save *s = (bs_save *)r;
    bs_record(s->moved, r->rc);
    free(s);
}

static void bs_each_work(uv_work_t *w)
{
    bs_save *s = w->data;
    s->rc = store_save_owned(bs_store, s->p->code, "checkers", bs_blob,
                             sizeof bs_blob, "bench", NULL, "MOVE", 0);
}

static void bs_each_after(uv_work_t *w, int status)
{
    bs_save *s = w->data;
    (void)status;
    bs_record(s->moved, s->rc);
    free(s);
}

static bs_save *bs_save_new(bs_player *p, double moved, int fresh)
{
    bs_save *s = calloc(1, sizeof *s);
    if (!s)
        abort();
    s->p = p;
    s->moved = moved;
    s->req = (store_write){ .code = p->code, .game = "checkers",
                               .data = bs_blob, .len = sizeof bs_blob,
                               .owner = "bench", .note = "MOVE",
                               .fresh = fresh, .done = bs_group_done };
    return s;
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
    if (bs_mode == BS_OFF) {
        bs_record(moved, TTY_OK);
        return;
    }
    bs_save *s = bs_save_new(p, moved, 0);
    if (bs_mode == BS_GROUP) {
        store_group_write(bs_group, &s->req);
        int depth = store_group_depth(bs_group);
        if (depth > bs_deepest)
            bs_deepest = depth;
    } else {
        s->work.data = s;
        uv_queue_work(bs_loop, &s->work, bs_each_work, bs_each_after);
    }
}

static int bs_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void bs_report(const char *label, const char *note)
{
    qsort(bs_lat, (size_t)bs_n, sizeof bs_lat[0], bs_cmp);
    printf("  %-24s %6d moves  p50 %8.2f ms  p99 %8.2f ms  max %8.2f ms",
           label, bs_n, bs_n ? bs_lat[bs_n / 2] : 0,
           bs_n ? bs_lat[bs_n * 99 / 100] : 0, bs_n ? bs_lat[bs_n - 1] : 0);
    if (bs_failed)
        printf("  (%d saves FAILED)", bs_failed);
    printf("%s\n", note);
}

/* players moving once a second each for seconds, saved by mode */
static void bs_run(const char *label, int mode, int players, int seconds)
{
    bs_mode = mode;
    bs_n = bs_failed = bs_deepest = 0;
    bs_cap = players * (seconds + 2);
    bs_lat = realloc(bs_lat, (size_t)bs_cap * sizeof *bs_lat);
    unsigned long long g0 = 0, s0 = 0, g1 = 0, s1 = 0;
    store_group_counts(bs_group, &g0, &s0);
    uv_update_time(bs_loop);
    double t0 = bs_now();
    bs_first = t0;
    bs_end = t0 + seconds * 1000.0;
    for (int i = 0; i < players; i++) {
        bs_player *p = &bs_all[i];
        uint64_t first = (uint64_t)((long)i * 1000 / players) + 1;
        p->due = t0 + (double)first;
        uv_timer_start(&p->timer, bs_move, first, 0);
    }
    uv_run(bs_loop, UV_RUN_DEFAULT);    /* until every save is answered */
    store_group_counts(bs_group, &g1, &s1);
    char note[256] = "";
    if (mode != BS_OFF) {
        double span = (bs_last - bs_first) / 1000.0;
        int k = snprintf(note, sizeof note, "\n  %-24s %d a second offered, "
                         "%.0f a second committed", "", players,
                         span > 0 ? bs_n / span : 0);
        if (mode == BS_GROUP && g1 > g0)
            snprintf(note + k, sizeof note - (size_t)k,
                     "; %llu commits, %.1f saves a commit, deepest queue "
                     "%d", g1 - g0, (double)(s1 - s0) / (double)(g1 - g0),
                     bs_deepest);
    }
    char head[64];
    snprintf(head, sizeof head, "%s", label);
    bs_report(head, note);
}

/* BS_LONE saves one after another, nothing else going on: one flush each */
static int bs_lone_left;
static double bs_lone_at;
static void bs_lone_next(void);

static void bs_lone_done(store_write *r)
{
    bs_record(bs_lone_at, r->rc);
    free(r);
    if (--bs_lone_left > 0)
        bs_lone_next();
}

static void bs_lone_next(void)
{
    bs_save *s = bs_save_new(&bs_all[0], 0, 0);
    s->req.done = bs_lone_done;
    bs_lone_at = bs_now();
    store_group_write(bs_group, &s->req);
}

static void bs_lone(void)
{
    bs_n = bs_failed = 0;
    bs_cap = BS_LONE;
    bs_lat = realloc(bs_lat, BS_LONE * sizeof *bs_lat);
    bs_lone_left = BS_LONE;
    bs_lone_next();
    uv_run(bs_loop, UV_RUN_DEFAULT);
    bs_report("a lone save's commit:", "  (one flush of the disk: the peer)");
}

/* The measuring process: one backend, one disk. */
static int bs_child(int slow, const char *where, int players, int seconds)
{
    char err[512];
    if (store_open(&bs_store, where, err, sizeof err) != TTY_OK) {
        fprintf(stderr, "bench_autosave: %s\n", err);
        return 1;
    }
    bs_loop = uv_default_loop();
    if (store_group_open(&bs_group, bs_store, bs_loop) != TTY_OK) {
        fprintf(stderr, "bench_autosave: no writer thread\n");
        return 1;
    }
    int most = slow ? players : players * 10;
    bs_all = calloc((size_t)most, sizeof *bs_all);
    bs_cap = most;
    bs_lat = calloc((size_t)most, sizeof *bs_lat);
    for (int i = 0; i < most; i++) {
        bs_player *p = &bs_all[i];
        snprintf(p->code, sizeof p->code, "B%05d-AAAA", i % 100000);
        uv_timer_init(bs_loop, &p->timer);
        p->timer.data = p;
        /* every player's game is on the disk before the run */
        store_group_write(bs_group, &bs_save_new(p, bs_now(), 0)->req);
    }
    uv_run(bs_loop, UV_RUN_DEFAULT);
    bs_lone();
    if (slow) {
        printf("  %d players each moving once a second for %d s:\n",
               players, seconds);
        bs_run("autosave off:", BS_OFF, players, seconds);
        bs_run("saves in groups:", BS_GROUP, players, seconds);
        printf("  %-24s (limit p99 20 ms)\n", "");
        printf("  the way before, for %d s:\n", BS_EACH_SECONDS);
        bs_run("one transaction a save:", BS_EACH, players, BS_EACH_SECONDS);
    } else {
        printf("  %d players each moving once a second for %d s:\n", most,
               seconds);
        bs_run("saves in groups:", BS_GROUP, most, seconds);
        printf("  %-24s (limit: %d a second sustained)\n", "", most);
        printf("  the way before, for %d s:\n", BS_EACH_SECONDS);
        bs_run("one transaction a save:", BS_EACH, most, BS_EACH_SECONDS);
    }
    for (int i = 0; i < most; i++)
        uv_close((uv_handle_t *)&bs_all[i].timer, NULL);
    uv_run(bs_loop, UV_RUN_DEFAULT);
    store_close(bs_store);
    uv_run(bs_loop, UV_RUN_DEFAULT);
    fflush(stdout);
    return 0;
}

/* ---- the parent: a child per backend and disk ------------------------ */

static char bs_self[4096];

static int bs_wait(pid_t pid)
{
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) < 0)
        return -1;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static void bs_spawn_child(int slow, int wrap, const char *where, int players,
                           int seconds)
{
    char np[16], ns[16], inject[64];
    snprintf(np, sizeof np, "%d", players);
    snprintf(ns, sizeof ns, "%d", seconds);
    snprintf(inject, sizeof inject, "inject=fsync,fdatasync:delay_exit=%d",
             BS_DELAY_US);
    char *argv[32];
    int k = 0;
    if (wrap) {
        /* every flush of this child held 5 ms; nothing else traced */
        char *st[] = { "/usr/bin/strace", "-f", "--seccomp-bpf", "-qq",
                       "-o", "/dev/null", "-e", "trace=fsync,fdatasync",
                       "-e", inject };
        for (size_t i = 0; i < sizeof st / sizeof st[0]; i++)
            argv[k++] = st[i];
    }
    argv[k++] = bs_self;
    argv[k++] = "--child";
    argv[k++] = slow ? "slow" : "disk";
    argv[k++] = (char *)where;
    argv[k++] = np;
    argv[k++] = ns;
    argv[k] = NULL;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        execv(argv[0], argv);
        perror(argv[0]);
        _exit(127);
    }
    if (bs_wait(pid) != 0)
        printf("  (the run failed)\n");
}

static void bs_sqlite(int slow, int players, int seconds)
{
    char dir[] = "/tmp/bench_autosave_XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return;
    }
    printf("sqlite, %s:\n", slow ? "every fsync 5 ms slower (strace)"
                                 : "this machine's disk");
    bs_spawn_child(slow, slow, dir, players, seconds);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "bench_autosave: %s left behind\n", dir);
}

static void bs_pg(int slow, int players, int seconds)
{
    const char *top = getenv("TTY_TOP");
    char cmd[1024], dir[256] = "";
    /* fsync on, as a real server; the slow disk under strace */
    snprintf(cmd, sizeof cmd, "PGTMP_FSYNC=on %s %s/tests/pg/pgtmp.sh start",
             slow ? "PGTMP_FSYNC_DELAY_US=5000" : "", top ? top : ".");
    FILE *p = popen(cmd, "r");
    if (!p || !fgets(dir, sizeof dir, p) || pclose(p) != 0) {
        printf("postgresql: skipped: could not start PostgreSQL\n");
        return;
    }
    dir[strcspn(dir, "\n")] = 0;
    char where[512];
    snprintf(where, sizeof where, "postgresql:///postgres?host=%s&user=tty",
             dir);
    printf("postgresql, %s:\n", slow ? "every fsync 5 ms slower (strace on "
                                       "the server)"
                                     : "this machine's disk");
    bs_spawn_child(slow, 0, where, players, seconds);
    snprintf(cmd, sizeof cmd, "%s/tests/pg/pgtmp.sh remove %s",
             top ? top : ".", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "bench_autosave: could not remove %s\n", dir);
}

int main(int argc, char **argv)
{
    if (argc == 6 && strcmp(argv[1], "--child") == 0)
        return bs_child(strcmp(argv[2], "slow") == 0, argv[3],
                        atoi(argv[4]), atoi(argv[5]));
    int players = 1000, seconds = 10;
    const char *only = "", *disk = "";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--players") && i + 1 < argc)
            players = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
            seconds = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--only") && i + 1 < argc)
            only = argv[++i];
        else if (!strcmp(argv[i], "--disk") && i + 1 < argc)
            disk = argv[++i];
        else {
            fprintf(stderr, "usage: bench_autosave [--players N] "
                            "[--seconds S] [--only sqlite|postgresql] "
                            "[--disk slow|here]\n");
            return 2;
        }
    }
    ssize_t n = readlink("/proc/self/exe", bs_self, sizeof bs_self - 1);
    if (n <= 0)
        return 1;
    bs_self[n] = 0;
    signal(SIGPIPE, SIG_IGN);
    int have_strace = access("/usr/bin/strace", X_OK) == 0;
    printf("autosave: every move a %d-byte save, committed before the "
           "player is answered\n", BS_SAVE_BYTES);
    for (int slow = 1; slow >= 0; slow--) {
        if (*disk && strcmp(disk, slow ? "slow" : "here") != 0)
            continue;
        if (slow && !have_strace) {
            printf("the slow disk: skipped: needs strace (apt-get install "
                   "strace)\n");
            continue;
        }
        if (strcmp(only, "postgresql") != 0)
            bs_sqlite(slow, players, seconds);
        if (strcmp(only, "sqlite") != 0)
            bs_pg(slow, players, seconds);
    }
    return 0;
}
