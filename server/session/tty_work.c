/*
 * tty_work.c - the contract's work and storage calls.
 *
 * Work runs on the libuv threadpool; the game's coroutine waits without
 * holding up the loop.  Storage is work too: a SQLite commit waits for the
 * disk, which the loop thread must never do.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "rcode.h"
#include "sess.h"
#include "srv.h"
#include "watch.h"

struct tty_job {
    uv_work_t req;
    tty_work_fn fn;
    void *arg;
    volatile int cancel;
    int done;
    sess *owner;
};

static void tty_job_run(uv_work_t *req)
{
    tty_job *job = req->data;
    job->fn(job->arg, &job->cancel);
}

static void tty_job_after(uv_work_t *req, int status)
{
    (void)status;
    tty_job *job = req->data;
    job->done = 1;
    job->owner->jobs--;
    sess_wake(job->owner);
    sess_unref(job->owner);
}

tty_job *tty_work_start(tty_io *io, tty_work_fn fn, void *arg)
{
    sess *me = sess_self();
    (void)io;
    tty_job *job = calloc(1, sizeof *job);
    if (!job)
        abort();
    job->fn = fn;
    job->arg = arg;
    job->owner = me;
    job->req.data = job;
    sess_ref(me);   /* the session outlives its work */
    me->jobs++;
    uv_queue_work(srv_loop, &job->req, tty_job_run, tty_job_after);
    return job;
}

void tty_work_cancel(tty_job *job)
{
    job->cancel = 1;
}

int tty_work_wait(tty_io *io, tty_job *job)
{
    sess *me = sess_self();
    while (!job->done) {
        if (tty_hungup(io))
            job->cancel = 1;    /* nobody is waiting for the answer */
        sess_block(me, -1);
    }
    free(job);
    return tty_hungup(io) ? TTY_EOF : 0;
}

int tty_work(tty_io *io, tty_work_fn fn, void *arg)
{
    return tty_work_wait(io, tty_work_start(io, fn, arg));
}

/* ---- storage through work ------------------------------------------- */

typedef struct tty_store_call {
    enum { TS_SAVE_NEW, TS_SAVE_AS, TS_LOAD, TS_FORGET, TS_TGET, TS_TPUT,
           TS_TUPDATE, TS_HOF_ADD } op;
    tty_table_fn fn;
    void *arg;
    const char *code, *game, *name, *metric, *detail;
    const void *data;
    size_t len;
    long value;
    char *game_out;
    size_t game_size;
    void **data_out;
    size_t *len_out;
    int rc;
} tty_store_call;

static void tty_store_run(void *arg, const volatile int *cancel)
{
    tty_store_call *c = arg;
    (void)cancel;   /* a write once begun is finished: it may be confirmed */
    switch (c->op) {
    case TS_SAVE_NEW:
        c->rc = store_save_new(srv_store, c->code, c->game, c->data, c->len);
        break;
    case TS_SAVE_AS:
        c->rc = store_save_as(srv_store, c->code, c->game, c->data, c->len);
        break;
    case TS_LOAD:
        c->rc = store_load(srv_store, c->code, c->game_out, c->game_size,
                           c->data_out, c->len_out);
        break;
    case TS_FORGET:
        c->rc = store_forget(srv_store, c->code);
        break;
    case TS_TGET:
        c->rc = store_table_get(srv_store, c->name, c->data_out, c->len_out);
        break;
    case TS_TPUT:
        c->rc = store_table_put(srv_store, c->name, c->data, c->len);
        break;
    case TS_TUPDATE:
        c->rc = store_table_update(srv_store, c->name, c->fn, c->arg);
        break;
    case TS_HOF_ADD:
        c->rc = store_hof_add(srv_store, c->game, c->metric, c->name,
                              c->value, c->detail);
        break;
    }
}

/* Storage calls finish even after a hang-up: that is when games save. */
static int tty_store(tty_io *io, tty_store_call *c)
{
    if (!srv_store)
        return TTY_FAILED;
    tty_work(io, tty_store_run, c);
    switch (c->rc) {
    case STORE_OK:
    case STORE_EXISTS:
        return c->rc;
    case STORE_NOTFOUND:
        return TTY_NOTFOUND;
    default:
        return TTY_FAILED;
    }
}

int tty_save(tty_io *io, const char *game, const void *data, size_t len,
             char code[TTY_CODE_SIZE])
{
    for (int tries = 0; tries < 20; tries++) {
        rcode_make(&io->code_rng, code);
        watch_secret(io, code);
        tty_store_call c = { .op = TS_SAVE_NEW, .code = code, .game = game,
                             .data = data, .len = len };
        int rc = tty_store(io, &c);
        if (rc != STORE_EXISTS)
            return rc;
    }
    return TTY_FAILED;
}

int tty_save_as(tty_io *io, const char *code, const char *game,
                const void *data, size_t len)
{
    tty_store_call c = { .op = TS_SAVE_AS, .code = code, .game = game,
                         .data = data, .len = len };
    watch_secret(io, code);
    return tty_store(io, &c);
}

int tty_load(tty_io *io, const char *code, char *game, size_t game_size,
             void **data, size_t *len)
{
    tty_store_call c = { .op = TS_LOAD, .code = code, .game_out = game,
                         .game_size = game_size, .data_out = data,
                         .len_out = len };
    watch_secret(io, code);
    return tty_store(io, &c);
}

int tty_forget(tty_io *io, const char *code)
{
    tty_store_call c = { .op = TS_FORGET, .code = code };
    return tty_store(io, &c);
}

int tty_table_get(tty_io *io, const char *name, void **data, size_t *len)
{
    tty_store_call c = { .op = TS_TGET, .name = name, .data_out = data,
                         .len_out = len };
    return tty_store(io, &c);
}

int tty_table_put(tty_io *io, const char *name, const void *data, size_t len)
{
    tty_store_call c = { .op = TS_TPUT, .name = name, .data = data,
                         .len = len };
    return tty_store(io, &c);
}

int tty_table_update(tty_io *io, const char *name, tty_table_fn fn,
                     void *arg)
{
    tty_store_call c = { .op = TS_TUPDATE, .name = name, .fn = fn,
                         .arg = arg };
    return tty_store(io, &c);
}

int tty_hof_add(tty_io *io, const char *game, const char *metric, long value,
                const char *detail)
{
    tty_store_call c = { .op = TS_HOF_ADD, .game = game, .metric = metric,
                         .name = io->name, .value = value, .detail = detail };
    return tty_store(io, &c);
}
