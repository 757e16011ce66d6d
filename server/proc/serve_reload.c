/*
 * serve_reload.c - SIGHUP: a reload that never holds up a session.
 *
 * A reload reopens the --log file, reads the configuration file again
 * with every file its options name (the message of the day, a word list),
 * and reads the bans from the store.  Any of those may take long or never
 * answer: a file on a hung network file system, a FIFO nobody writes
 * (whose open and read wait forever), a store that is slow.  So all of
 * that input happens on libuv's pool, and the loop only applies what was
 * read (serve_conf.c's three steps; srv_log_open_fd then
 * srv_log_reopen_take; ban_reload): the sessions go on meanwhile.
 *
 * One reload at a time: a SIGHUP while one is under way is remembered and
 * one more reload follows when it ends, however many came (each is logged).
 * A reload still reading after SERVE_RELOAD_NOTE_MS says so in the log,
 * naming the file.  A stop cancels a reload not yet begun on the pool; one
 * stuck in a read cannot be cancelled, and the stop does not wait for it:
 * serve_main leaves with _exit while work is still on the pool (an exit()
 * would join the pool's threads, the stuck one too, and never end).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ban.h"
#include "serve.h"
#include "serve_opt.h"
#include "srv.h"
#include "store_main.h"

#define SERVE_RELOAD_NOTE_MS 5000

typedef struct serve_reload_job {
    uv_work_t work;
    int signum;
    char *log_path;             /* the --log file (NULL: none) */
    int log_fd;                 /* it opened again, or -1 */
    _Atomic(const char *) opening;      /* log_path while it opens */
    serve_reread *conf;
} serve_reload_job;

static serve_reload_job *serve_job;     /* its files being read */
static int serve_busy;          /* a reload is under way (files, bans) */
static int serve_again;         /* a SIGHUP came meanwhile: its number */
static uv_timer_t serve_note;

static void serve_reload_begin(int signum);

static void serve_reload_end(void)
{
    serve_busy = 0;
    uv_timer_stop(&serve_note);
    if (serve_again && !srv_stopping) {
        int signum = serve_again;
        serve_again = 0;
        serve_reload_begin(signum);
    }
}

static void serve_reload_free(serve_reload_job *j)
{
    if (j->log_fd >= 0)
        close(j->log_fd);
    serve_conf_reload_free(j->conf);
    free(j->log_path);
    free(j);
}

/* What the pool is reading now (NULL: between two files). */
static const char *serve_reload_reading(void)
{
    if (!serve_job)
        return "the bans from the store";
    const char *f = atomic_load(&serve_job->opening);
    return f ? f : serve_conf_reload_reading(serve_job->conf);
}

static void serve_reload_late(uv_timer_t *t)
{
    (void)t;
    const char *f = serve_reload_reading();
    srv_log("reload: still reading %s after %d s; the sessions go on",
            f ? f : "its files", SERVE_RELOAD_NOTE_MS / 1000);
}

static void serve_reload_work(uv_work_t *w)
{
    serve_reload_job *j = w->data;
    if (j->log_path) {
        atomic_store(&j->opening, j->log_path);
        j->log_fd = srv_log_open_fd(j->log_path);
        atomic_store(&j->opening, NULL);
    }
    serve_conf_reload_read(j->conf);
}

static void serve_reload_done(uv_work_t *w, int status)
{
    serve_reload_job *j = w->data;
    serve_job = NULL;
    if (status != 0 || srv_stopping) {
        /* Cancelled by a stop, or read while one began: the stop goes on
         * as it was. */
        serve_reload_free(j);
        serve_reload_end();
        return;
    }
    /* The log first, so that what the reload says lands in the new file. */
    int rc = srv_log_reopen_take(j->log_fd);
    j->log_fd = -1;
    if (rc == 0)
        srv_log("log reopened: signal %d", j->signum);
    else if (rc == -2)
        srv_log("log: cannot reopen on signal %d; still writing here",
                j->signum);
    srv_log("reload: signal %d", j->signum);
    serve_conf_reload_apply(j->conf);
    serve_reload_free(j);
    if (store_main)
        ban_reload(store_main, serve_reload_end);
    else
        serve_reload_end();
}

static void serve_reload_begin(int signum)
{
    serve_reload_job *j = calloc(1, sizeof *j);
    if (!j) {
        srv_log("reload: signal %d: out of memory; nothing changed",
                signum);
        return;
    }
    j->signum = signum;
    j->log_fd = -1;
    atomic_init(&j->opening, NULL);
    const char *log = srv_log_name();
    j->conf = serve_conf_reload_prepare();
    if (!j->conf || (log && !(j->log_path = strdup(log)))) {
        srv_log("reload: signal %d: out of memory; nothing changed",
                signum);
        serve_reload_free(j);
        return;
    }
    j->work.data = j;
    int rc = uv_queue_work(srv_loop, &j->work, serve_reload_work,
                           serve_reload_done);
    if (rc != 0) {
        srv_log("reload: signal %d: %s; nothing changed", signum,
                uv_strerror(rc));
        serve_reload_free(j);
        return;
    }
    serve_job = j;
    serve_busy = 1;
    uv_timer_start(&serve_note, serve_reload_late, SERVE_RELOAD_NOTE_MS, 0);
}

void serve_reload_init(void)
{
    uv_timer_init(srv_loop, &serve_note);
    uv_unref((uv_handle_t *)&serve_note);   /* it never keeps the loop */
}

void serve_reload_ask(int signum)
{
    if (srv_stopping)
        return;                 /* the stop goes on as it was */
    if (!serve_busy) {
        serve_reload_begin(signum);
        return;
    }
    srv_log(serve_again ? "reload: signal %d while one is under way: one "
                          "more reload follows it already"
                        : "reload: signal %d while one is under way: one "
                          "more reload will follow it", signum);
    serve_again = signum;
}

void serve_reload_stop(void)
{
    serve_again = 0;
    uv_timer_stop(&serve_note);
    if (serve_job && uv_cancel((uv_req_t *)&serve_job->work) != 0) {
        const char *f = serve_reload_reading();
        srv_log("stop: the reload is still reading %s; the stop does not "
                "wait for it", f ? f : "its files");
    }
}
