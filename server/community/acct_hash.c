/*
 * acct_hash.c - the gate every password hash passes.
 *
 * Argon2id holds 64 MiB while it runs: a flood of logins or registrations
 * hashed all at once would take the server's memory with it, and every
 * worker thread from the saves.  So at most acct_hash_max hashes run at
 * once (by default one per core); the rest wait their turn in a queue of
 * at most acct_hash_queue, logins (a password checked: a player who has
 * an account) before new accounts and new passwords, and past that a
 * request is refused at once as busy.  Memory then stays under the
 * server's own plus acct_hash_max times 64 MiB, whatever arrives.
 *
 * Everything here but the hashing runs on the loop thread.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <uv.h>

#include "acct.h"
#include "metrics.h"
#include "srv.h"

int acct_hash_max, acct_hash_queue = 64;

struct acct_hash_req {
    uv_work_t work;
    int prio;
    void (*fn)(void *arg);
    void (*done)(void *arg);
    void *arg;
    acct_hash_req *next;
    unsigned queued : 1, finished : 1;
    sess *waiter;               /* acct_hash_run's coroutine, or NULL: a
                                   request of acct_hash_submit's, freed
                                   after its done */
};

static struct {
    acct_hash_req *head[2], **tail[2];  /* a queue per priority */
    int queued, running;
    unsigned long long busy;            /* refused: the queue was full */
} ah = { .tail = { &ah.head[0], &ah.head[1] } };

static int acct_hash_slots(void)
{
    if (acct_hash_max <= 0) {
        unsigned n = uv_available_parallelism();
        acct_hash_max = n > 0 ? (int)n : 1;
    }
    return acct_hash_max;
}

static void acct_hash_next(void);

static void acct_hash_work(uv_work_t *w)
{
    acct_hash_req *r = w->data;
    r->fn(r->arg);
}

static void acct_hash_after(uv_work_t *w, int status)
{
    acct_hash_req *r = w->data;
    (void)status;
    ah.running--;
    r->finished = 1;
    if (r->waiter) {
        sess_wake(r->waiter);   /* r is on its stack */
    } else {
        r->done(r->arg);
        free(r);
    }
    acct_hash_next();
}

/* Start what the free places allow, logins first. */
static void acct_hash_next(void)
{
    while (ah.running < acct_hash_slots()) {
        int p = ah.head[ACCT_HASH_LOGIN] ? ACCT_HASH_LOGIN : ACCT_HASH_NEW;
        acct_hash_req *r = ah.head[p];
        if (!r)
            return;
        ah.head[p] = r->next;
        if (!ah.head[p])
            ah.tail[p] = &ah.head[p];
        ah.queued--;
        r->queued = 0;
        r->work.data = r;
        ah.running++;
        if (uv_queue_work(srv_loop, &r->work, acct_hash_work,
                          acct_hash_after) != 0)
            abort();            /* only a bad argument fails */
    }
}

void acct_hash_kick(void)
{
    acct_hash_next();
}

static int acct_hash_enqueue(acct_hash_req *r)
{
    if (ah.running >= acct_hash_slots() && ah.queued >= acct_hash_queue) {
        ah.busy++;
        return TTY_BUSY;
    }
    int p = r->prio == ACCT_HASH_LOGIN ? ACCT_HASH_LOGIN : ACCT_HASH_NEW;
    r->next = NULL;
    r->queued = 1;
    *ah.tail[p] = r;
    ah.tail[p] = &r->next;
    ah.queued++;
    acct_hash_next();
    return TTY_OK;
}

int acct_hash_submit(int prio, void (*fn)(void *arg),
                     void (*done)(void *arg), void *arg)
{
    acct_hash_req *r = calloc(1, sizeof *r);
    if (!r)
        return TTY_NOMEM;
    r->prio = prio;
    r->fn = fn;
    r->arg = arg;
    r->done = done;
    int rc = acct_hash_enqueue(r);
    if (rc != TTY_OK)
        free(r);
    return rc;
}

/* Take a request that has not started out of its queue. */
static void acct_hash_unqueue(acct_hash_req *r)
{
    int p = r->prio == ACCT_HASH_LOGIN ? ACCT_HASH_LOGIN : ACCT_HASH_NEW;
    for (acct_hash_req **pp = &ah.head[p]; *pp; pp = &(*pp)->next)
        if (*pp == r) {
            *pp = r->next;
            if (ah.tail[p] == &r->next)
                ah.tail[p] = pp;
            ah.queued--;
            r->queued = 0;
            return;
        }
}

static int acct_hash_ended(void *arg)
{
    acct_hash_req *r = arg;
    return r->finished || (r->queued && tty_hungup(r->waiter));
}

int acct_hash_run(sess *s, int prio, void (*fn)(void *arg), void *arg)
{
    /* On the coroutine's stack: it waits here until the hash is over, or
     * leaves the queue if its player hangs up before its turn. */
    acct_hash_req r = { .prio = prio, .fn = fn, .arg = arg, .waiter = s };
    int rc = acct_hash_enqueue(&r);
    if (rc != TTY_OK)
        return rc;
    sess_wait(s, -1, acct_hash_ended, &r);
    if (r.queued) {
        acct_hash_unqueue(&r);
        return TTY_EOF;         /* never ran */
    }
    return TTY_OK;
}

void acct_hash_metrics(buf *out)
{
    buf_printf(out, "# HELP ttyarcade_hashes_running Password hashes "
                    "running now (at most --hash-max).\n"
                    "# TYPE ttyarcade_hashes_running gauge\n"
                    "ttyarcade_hashes_running %d\n"
                    "# HELP ttyarcade_hashes_queued Password hashes waiting "
                    "their turn (at most --hash-queue).\n"
                    "# TYPE ttyarcade_hashes_queued gauge\n"
                    "ttyarcade_hashes_queued %d\n"
                    "# HELP ttyarcade_hashes_busy_total Logins and "
                    "registrations refused as busy: the queue was full.\n"
                    "# TYPE ttyarcade_hashes_busy_total counter\n"
                    "ttyarcade_hashes_busy_total %llu\n",
               ah.running, ah.queued, ah.busy);
}
