/*
 * tty_work.c - the contract's work and storage calls.
 *
 * Work runs on the libuv threadpool; the game's coroutine waits without
 * holding up the loop.  Storage is work too: a SQLite commit waits for the
 * disk, which the loop thread must never do.  A game's writes (its
 * saves, the save it forgets at its end, its hall of fame entries) go to
 * the store's writer instead (store_main_saves), which commits every
 * write waiting in one transaction, so a thousand games share each flush
 * of the disk; a game still goes on only once its own write has
 * committed.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "hold.h"
#include "rcode.h"
#include "metrics.h"
#include "sess.h"
#include "srv.h"
#include "store_main.h"

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
    assert(job->owner->jobs > 0);
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
    const char *owner;          /* the account's key; NULL for a guest */
    const char *partner;        /* the other player's on two terminals */
    const char *note;           /* for YOUR SAVED GAMES */
    const void *data;
    size_t len;
    long value;
    char *game_out;
    size_t game_size;
    void **data_out;
    size_t *len_out;
    int rc;
    char why[256];      /* SQLite's message when rc is a failure */
} tty_store_call;

static const char *const tty_store_op_name[] = {
    "save", "save", "load", "forget", "table read", "table write",
    "table update", "hall of fame"
};

static void tty_store_run(void *arg, const volatile int *cancel)
{
    tty_store_call *c = arg;
    (void)cancel;   /* a write once begun is finished: it may be confirmed */
    switch (c->op) {
    case TS_SAVE_NEW:
    case TS_SAVE_AS:
        c->rc = store_save_owned(store_main, c->code, c->game, c->data,
                                 c->len, c->owner, c->partner, c->note,
                                 c->op == TS_SAVE_NEW);
        break;
    case TS_LOAD: {
        /* A save that belongs to an account resumes only for it: to
         * anyone else it is not there at all. */
        char owner[STORE_NAME_SIZE], partner[STORE_NAME_SIZE];
        const char *me = c->owner ? c->owner : "";
        c->rc = store_load_owned(store_main, c->code, c->game_out,
                                 c->game_size, c->data_out, c->len_out,
                                 owner, partner);
        int mine = me[0] && (strcmp(owner, me) == 0 ||
                             strcmp(partner, me) == 0);
        if (c->rc == STORE_OK && owner[0] && !mine) {
            free(*c->data_out);
            *c->data_out = NULL;
            c->rc = STORE_NOTFOUND;
        }
        break;
    }
    case TS_FORGET:
        c->rc = store_forget(store_main, c->code);
        break;
    case TS_TGET:
        c->rc = store_table_get(store_main, c->name, c->data_out, c->len_out);
        break;
    case TS_TPUT:
        c->rc = store_table_put(store_main, c->name, c->data, c->len);
        break;
    case TS_TUPDATE:
        c->rc = store_table_update(store_main, c->name, c->fn, c->arg);
        break;
    case TS_HOF_ADD:
        c->rc = store_hof_add_acct(store_main, c->game, c->metric, c->name,
                                   c->owner, c->value, c->detail);
        break;
    }
    /* Read on this thread: the reason belongs to this call alone. */
    if (c->rc != TTY_OK && c->rc != TTY_NOTFOUND && c->rc != TTY_EXISTS)
        snprintf(c->why, sizeof c->why, "%s", store_error());
}

/* A write through the store's writer: queued, and the coroutine waits
 * for its group's commit as it would for work (counted in jobs, so the
 * tests' typist waits too), whatever happens to the line meanwhile. */
typedef struct tty_grouped {
    store_write w;              /* first: done() gets it back */
    sess *owner;
    int done;
} tty_grouped;

static void tty_grouped_done(store_write *w)
{
    tty_grouped *g = (tty_grouped *)w;
    g->done = 1;
    assert(g->owner->jobs > 0);
    g->owner->jobs--;
    sess_wake(g->owner);
    sess_unref(g->owner);
}

static void tty_store_grouped(store_group *group, tty_store_call *c)
{
    sess *me = sess_self();
    tty_grouped g = {
        .w = { .code = c->code, .game = c->game, .owner = c->owner,
               .partner = c->partner, .note = c->note, .data = c->data,
               .len = c->len, .fresh = c->op == TS_SAVE_NEW,
               .metric = c->metric, .name = c->name, .detail = c->detail,
               .value = c->value, .done = tty_grouped_done },
        .owner = me,
    };
    g.w.kind = c->op == TS_FORGET   ? STORE_WRITE_FORGET
             : c->op == TS_HOF_ADD ? STORE_WRITE_HOF
                                   : STORE_WRITE_SAVE;
    sess_ref(me);
    me->jobs++;
    store_group_write(group, &g.w);
    while (!g.done)
        sess_block(me, -1);
    c->rc = g.w.rc;
    if (c->rc != TTY_OK && c->rc != TTY_EXISTS && c->rc != TTY_NOTFOUND)
        snprintf(c->why, sizeof c->why, "%s", g.w.why);
}

/* Storage calls finish even after a hang-up: that is when games save.
 * Every failure is logged with the database's reason: the player is told
 * by the game, the operator by this line. */
static int tty_store(tty_io *io, tty_store_call *c)
{
    if (!store_main)
        return TTY_NOSTORE;
    /* A game on two terminals belongs to both players, whichever
     * terminal's handle the game saves through. */
    sess *host = io->runner && io->runner != io ? io->runner : io;
    sess *guest = host == io ? io->lobby_guest : io;
    if (c->op == TS_LOAD) {
        c->owner = io->account[0] ? io->account : NULL;
    } else {
        c->owner = host->account[0] ? host->account : NULL;
        c->partner = guest && guest->account[0] ? guest->account : NULL;
    }
    c->note = io->save_note;
    /* From the game handing over its state, just after it answered the
     * move, to the commit: queue and flush, what the player waits. */
    uint64_t t0 = uv_hrtime();
    int save = c->op == TS_SAVE_NEW || c->op == TS_SAVE_AS;
    int write = save || c->op == TS_FORGET || c->op == TS_HOF_ADD;
    store_group *group = write ? store_main_saves() : NULL;
    if (group)
        tty_store_grouped(group, c);
    else
        tty_work(io, tty_store_run, c);
    if (save)
        metrics_save((double)(uv_hrtime() - t0) / 1e9,
                     c->rc == STORE_OK || c->rc == STORE_EXISTS);
    switch (c->rc) {
    case TTY_OK:
    case TTY_EXISTS:
    case TTY_NOTFOUND:
        return c->rc;
    default:
        srv_log("storage failed %s %s session=%llu game=%s: %s: %s",
                io->ops->name, io->peer, (unsigned long long)io->id,
                io->game ? io->game : "-", tty_store_op_name[c->op],
                c->why[0] ? c->why : "unknown");
        return c->rc == TTY_NOMEM ? TTY_NOMEM : TTY_FAILED;
    }
}

int tty_save(tty_io *io, const char *game, const void *data, size_t len,
             char code[TTY_CODE_SIZE])
{
    for (int tries = 0; tries < 20; tries++) {
        rcode_make(&io->code_rng, code);
        sess_secret(io, code);
        tty_store_call c = { .op = TS_SAVE_NEW, .code = code, .game = game,
                             .data = data, .len = len };
        int rc = tty_store(io, &c);
        if (rc == TTY_OK)
            hold_take(io->runner, code, NULL);  /* the game in play has it */
        if (rc != TTY_EXISTS)
            return rc;
    }
    /* Twenty taken codes in a row: the code space, not the disk, failed;
     * no caller may read TTY_EXISTS as a hang-up or a success. */
    srv_log("storage failed %s %s session=%llu: no free resume code",
            io->ops->name, io->peer, (unsigned long long)io->id);
    return TTY_FAILED;
}

int tty_save_as(tty_io *io, const char *code, const char *game,
                const void *data, size_t len)
{
    tty_store_call c = { .op = TS_SAVE_AS, .code = code, .game = game,
                         .data = data, .len = len };
    sess_secret(io, code);
    return tty_store(io, &c);
}

void tty_save_note(tty_io *io, const char *note)
{
    /* Shown on the player's own terminal only, but kept printable all
     * the same. */
    size_t i = 0;
    for (; note && note[i] && i < sizeof io->save_note - 1; i++)
        io->save_note[i] = note[i] >= 0x20 && note[i] < 0x7f ? note[i] : '?';
    io->save_note[i] = 0;
}

int tty_load(tty_io *io, const char *code, char *game, size_t game_size,
             void **data, size_t *len)
{
    tty_store_call c = { .op = TS_LOAD, .code = code, .game_out = game,
                         .game_size = game_size, .data_out = data,
                         .len_out = len };
    sess_secret(io, code);
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
    int rc = tty_store(io, &c);
    /* Games record several entries at the end; one line says it. */
    if (rc == TTY_FAILED && !io->hof_told) {
        io->hof_told = 1;
        tty_msg(io, "(THE HALL OF FAME COULD NOT BE WRITTEN JUST NOW.)\n");
    }
    return rc;
}
