/*
 * rec.c - the recordings' writer: a bounded queue from the loop to a
 * thread that writes asciicast files and keeps their index.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cast.h"
#include "rec.h"
#include "srv.h"
#include "store_main.h"
#include "watch.h"

int rec_days, rec_max_mb;
static char *rec_root;
/* Bytes of recordings on disk (DATA/recordings): counted once by the
 * writer, then kept as it writes and prunes; read by /metrics. */
static long long rec_disk = -1;
static atomic_uint rec_finished;

/* The writer's side of one recording. */
typedef struct rec_file {
    FILE *f;
    long id;
    store_rec_row row;
    long bytes;
} rec_file;

/* The loop's side. */
typedef struct rec {
    rec_file *file;
    uint64_t t0_ns;
    int truncated;
} rec;

enum { REC_OPEN, REC_DATA, REC_CLOSE, REC_PRUNE, REC_RESIZE };

typedef struct rec_job {
    int kind;
    rec_file *file;
    double t;
    size_t n;
    struct rec_job *next;
    char data[];
} rec_job;

static pthread_mutex_t rec_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t rec_cond = PTHREAD_COND_INITIALIZER;
static pthread_cond_t rec_idle = PTHREAD_COND_INITIALIZER;
static rec_job *rec_head, *rec_tail;
static size_t rec_queued;
static int rec_busy, rec_thread_on;
static pthread_t rec_thread;

void rec_set_dir(const char *dir)
{
    free(rec_root);
    rec_root = dir ? strdup(dir) : NULL;
}

const char *rec_dir(void)
{
    return rec_root;
}

/* ---- the writer thread ---------------------------------------------- */

static void rec_path(char *out, size_t size, const char *dir,
                     const char *file)
{
    snprintf(out, size, "%s/recordings/%s", dir, file);
}

typedef struct rec_rows {
    store_rec_row *rows;
    int n, cap;
} rec_rows;

static void rec_collect(void *arg, const store_rec_row *r)
{
    rec_rows *rr = arg;
    if (rr->n == rr->cap) {
        int cap = rr->cap ? rr->cap * 2 : 64;
        store_rec_row *p = realloc(rr->rows, (size_t)cap * sizeof *p);
        if (!p)
            return;
        rr->rows = p;
        rr->cap = cap;
    }
    rr->rows[rr->n++] = *r;
}

static void rec_disk_add(long long n);

int rec_prune(store *st, const char *dir, int days, int max_mb, long now)
{
    if (!st || !dir || (days <= 0 && max_mb <= 0))
        return 0;
    rec_rows rr = { 0 };
    if (store_rec_list(st, NULL, 1, 0, rec_collect, &rr) < 0)
        return 0;
    long long total = 0;
    for (int i = 0; i < rr.n; i++)
        total += rr.rows[i].size;
    int removed = 0;
    long long max = (long long)max_mb * 1024 * 1024;
    for (int i = 0; i < rr.n; i++) {
        store_rec_row *r = &rr.rows[i];
        int old = days > 0 && r->start < now - (long)days * 86400;
        int over = max_mb > 0 && total > max;
        if (!old && !over)
            break;      /* oldest first: the rest are newer */
        char path[4096];
        struct stat sb;
        rec_path(path, sizeof path, dir, r->file);
        long long gone = stat(path, &sb) == 0 ? (long long)sb.st_size : 0;
        if (unlink(path) == 0 || errno == ENOENT) {
            rec_disk_add(-gone);
            store_rec_remove(st, r->id);
            total -= r->size;
            removed++;
        }
    }
    free(rr.rows);
    return removed;
}

static void rec_disk_add(long long n)
{
    if (__atomic_load_n(&rec_disk, __ATOMIC_RELAXED) >= 0)
        __atomic_add_fetch(&rec_disk, n, __ATOMIC_RELAXED);
}

/* What is under DATA/recordings now (the writer, before its first
 * prune: a directory of a thousand files costs a thousand stats once). */
static void rec_disk_count(void)
{
    char path[4096];
    long long total = 0;
    snprintf(path, sizeof path, "%s/recordings", rec_root);
    DIR *d = opendir(path);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        struct stat sb;
        if (fstatat(dirfd(d), e->d_name, &sb, AT_SYMLINK_NOFOLLOW) == 0 &&
            S_ISREG(sb.st_mode))
            total += (long long)sb.st_size;
    }
    if (d)
        closedir(d);
    __atomic_store_n(&rec_disk, total, __ATOMIC_RELAXED);
}

long long rec_disk_bytes(void)
{
    return __atomic_load_n(&rec_disk, __ATOMIC_RELAXED);
}

static void rec_do_open(rec_file *rf)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/recordings", rec_root);
    mkdir(path, 0700);
    rec_path(path, sizeof path, rec_root, rf->row.file);
    /* The owner's alone, whatever the umask, as the database is. */
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    rf->f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!rf->f) {
        if (fd >= 0)
            close(fd);
        return;
    }
    buf b = { 0 };
    char title[64];
    snprintf(title, sizeof title, "%s playing %s", rf->row.player,
             rf->row.game);
    cast_header(&b, rf->row.width, rf->row.height, rf->row.start,
                strcmp(rf->row.term, "ansi") == 0 ? "vt100" : "dumb", title);
    fwrite(buf_data(&b), 1, buf_avail(&b), rf->f);
    rec_disk_add((long long)buf_avail(&b));
    buf_free(&b);
    fflush(rf->f);
    rf->id = store_rec_add(store_main, &rf->row);
}

static void rec_do_data(rec_file *rf, double t, const char *p, size_t n)
{
    if (!rf->f)
        return;
    buf b = { 0 };
    cast_event_line(&b, t, p, n);
    fwrite(buf_data(&b), 1, buf_avail(&b), rf->f);
    rec_disk_add((long long)buf_avail(&b));
    buf_free(&b);
    rf->bytes += (long)n;
}

static void rec_do_resize(rec_file *rf, double t, const char *size)
{
    int w, h;
    if (!rf->f || sscanf(size, "%d %d", &w, &h) != 2)
        return;
    buf b = { 0 };
    cast_resize_line(&b, t, w, h);
    fwrite(buf_data(&b), 1, buf_avail(&b), rf->f);
    buf_free(&b);
}

static void rec_do_close(rec_file *rf, double t, const char *result)
{
    if (rf->f) {
        long size = ftell(rf->f);
        fclose(rf->f);
        if (rf->id > 0)
            store_rec_finish(store_main, rf->id, (long)(t * 1000), size,
                             result);
    }
    free(rf);
    atomic_fetch_add(&rec_finished, 1);
    rec_prune(store_main, rec_root, rec_days, rec_max_mb, (long)time(NULL));
}

static void *rec_writer(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&rec_lock);
    for (;;) {
        while (!rec_head) {
            rec_busy = 0;
            pthread_cond_broadcast(&rec_idle);
            pthread_cond_wait(&rec_cond, &rec_lock);
        }
        rec_busy = 1;
        rec_job *j = rec_head;
        rec_head = j->next;
        if (!rec_head)
            rec_tail = NULL;
        rec_queued -= j->n;
        pthread_mutex_unlock(&rec_lock);
        switch (j->kind) {
        case REC_OPEN: rec_do_open(j->file); break;
        case REC_DATA: rec_do_data(j->file, j->t, j->data, j->n); break;
        case REC_CLOSE: rec_do_close(j->file, j->t, j->data); break;
        case REC_RESIZE: rec_do_resize(j->file, j->t, j->data); break;
        case REC_PRUNE:
            if (rec_disk_bytes() < 0)
                rec_disk_count();
            rec_prune(store_main, rec_root, rec_days, rec_max_mb,
                      (long)time(NULL));
            break;
        }
        /* Written out whenever the queue runs dry, so a crash loses at
         * most what was still queued. */
        pthread_mutex_lock(&rec_lock);
        if (!rec_head && j->file && j->kind == REC_DATA && j->file->f)
            fflush(j->file->f);
        free(j);
    }
    return NULL;
}

/* Queue a job; 0, or -1 if data would pass the bound (left out). */
static int rec_queue(int kind, rec_file *rf, double t, const char *p,
                     size_t n)
{
    pthread_mutex_lock(&rec_lock);
    if (kind == REC_DATA && rec_queued + n > REC_QMAX) {
        pthread_mutex_unlock(&rec_lock);
        return -1;
    }
    rec_job *j = malloc(sizeof *j + n + 1);
    if (!j) {
        pthread_mutex_unlock(&rec_lock);
        return -1;
    }
    j->kind = kind;
    j->file = rf;
    j->t = t;
    j->n = kind == REC_DATA ? n : 0;
    j->next = NULL;
    if (n)
        memcpy(j->data, p, n);
    j->data[n] = 0;
    if (!rec_thread_on) {
        if (pthread_create(&rec_thread, NULL, rec_writer, NULL) != 0) {
            pthread_mutex_unlock(&rec_lock);
            free(j);
            return -1;
        }
        pthread_detach(rec_thread);
        /* by this name the benchmark finds its CPU time */
        pthread_setname_np(rec_thread, "ttyarcade-rec");
        rec_thread_on = 1;
    }
    if (rec_tail)
        rec_tail->next = j;
    else
        rec_head = j;
    rec_tail = j;
    rec_queued += j->n;
    pthread_cond_signal(&rec_cond);
    pthread_mutex_unlock(&rec_lock);
    return 0;
}

/* ---- the loop's side ------------------------------------------------ */

void rec_prune_now(void)
{
    /* Queued even without limits: the writer counts the bytes on disk
     * before its first prune. */
    if (rec_root && store_main)
        rec_queue(REC_PRUNE, NULL, 0, NULL, 0);
}

void rec_metrics(buf *out)
{
    long long n = rec_disk_bytes();
    if (n < 0)
        return;                 /* not counted yet (or no recordings) */
    buf_printf(out, "# HELP ttyarcade_recordings_bytes Bytes of game "
                    "recordings on disk (DATA/recordings).\n"
                    "# TYPE ttyarcade_recordings_bytes gauge\n"
                    "ttyarcade_recordings_bytes %lld\n", n);
}

static double rec_now(rec *r)
{
    return (double)(uv_hrtime() - r->t0_ns) / 1e9;
}

void rec_start(sess *s, const char *game)
{
    watch_tap *t = watch_tap_of(s);
    if (!rec_root || !store_main || t->rec)
        return;
    rec *r = calloc(1, sizeof *r);
    rec_file *rf = calloc(1, sizeof *rf);
    if (!r || !rf) {
        free(r);
        free(rf);
        return;
    }
    static unsigned serial;
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    snprintf(rf->row.file, sizeof rf->row.file,
             "%04d%02d%02d-%02d%02d%02d-%d-%llu-%u.cast", tm.tm_year + 1900,
             tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
             (int)getpid(), (unsigned long long)s->id, serial++);
    snprintf(rf->row.player, sizeof rf->row.player, "%s", s->name);
    snprintf(rf->row.game, sizeof rf->row.game, "%s", game);
    snprintf(rf->row.term, sizeof rf->row.term, "%s", s->prof->name);
    rf->row.width = s->caps.width > 0 ? s->caps.width : 80;
    rf->row.height = s->caps.height > 0 ? s->caps.height : 24;
    rf->row.start = (long)now;
    /* The choice holds for the game: V is in the menu, not in a game. */
    rf->row.nowatch = watch_forbidden(s);
    snprintf(rf->row.result, sizeof rf->row.result, "playing");
    r->file = rf;
    r->t0_ns = uv_hrtime();
    if (rec_queue(REC_OPEN, rf, 0, NULL, 0) != 0) {
        free(rf);
        free(r);
        return;
    }
    t->rec = r;
}

void rec_data(rec *r, const char *p, size_t n)
{
    if (rec_queue(REC_DATA, r->file, rec_now(r), p, n) != 0)
        r->truncated = 1;
}

void rec_resize(rec *r, int width, int height)
{
    char size[32];
    int n = snprintf(size, sizeof size, "%d %d", width, height);
    rec_queue(REC_RESIZE, r->file, rec_now(r), size, (size_t)n);
}

void rec_end(sess *s, const char *result)
{
    if (!s->tap || !s->tap->rec)
        return;
    watch_tap_flush(s);         /* the game's last bytes are its own */
    rec *r = s->tap->rec;
    s->tap->rec = NULL;
    /* On failure the file stays as written and its row says "playing". */
    if (r->truncated)
        result = "truncated";
    rec_queue(REC_CLOSE, r->file, rec_now(r), result, strlen(result));
    free(r);
}

unsigned rec_generation(void)
{
    return atomic_load(&rec_finished);
}

void rec_drain(int ms)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += ms / 1000;
    until.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&rec_lock);
    while (rec_thread_on && (rec_head || rec_busy))
        if (pthread_cond_timedwait(&rec_idle, &rec_lock, &until) != 0)
            break;
    pthread_mutex_unlock(&rec_lock);
}
