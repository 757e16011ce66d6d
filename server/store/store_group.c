/*
 * store_group.c - writes committed in groups (store.h): a queue filled on
 * the loop thread, one writer thread that commits whatever the queue
 * holds in one transaction of the backend, and the answers handed back
 * to the loop through a uv_async.
 *
 * There is no timer and no waiting for company: while one group commits
 * (one flush of the disk), the writes asked for meanwhile queue up and
 * form the next group.  A lone save on a quiet server is committed at
 * once, as before; a thousand players on a slow disk share each flush.
 *
 * The loop is held alive (the async referenced) while any write is owed
 * an answer, as a uv_work request would hold it, so a server stopping
 * waits for the saves its games make on the way out.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <uv.h>

#include "store_be.h"

struct store_group {
    store *st;
    pthread_t writer;
    pthread_mutex_t lock;
    pthread_cond_t more;
    store_write *head, *tail;        /* queued */
    int queued, committing;
    store_write *done;               /* answered, for the loop */
    int closing;
    unsigned long long groups, writes;
    uv_async_t async;
    int owed;                           /* loop thread: asked, unanswered */
};

static void *store_group_writer(void *arg)
{
    store_group *g = arg;
    pthread_mutex_lock(&g->lock);
    for (;;) {
        while (!g->head && !g->closing)
            pthread_cond_wait(&g->more, &g->lock);
        if (!g->head)
            break;
        /* Everything queued, up to a bound that keeps one transaction
         * (and PostgreSQL's pipeline) a reasonable size. */
        store_write *first = g->head, *last = first;
        int n = 1;
        while (last->next && n < STORE_GROUP_MAX) {
            last = last->next;
            n++;
        }
        g->head = last->next;
        if (!g->head)
            g->tail = NULL;
        last->next = NULL;
        g->queued -= n;
        g->committing = n;
        pthread_mutex_unlock(&g->lock);

        for (store_write *r = first; r; r = r->next) {
            r->rc = TTY_FAILED;
            r->why[0] = 0;
        }
        int rc = g->st->ops->write_group(g->st, first);
        if (rc != TTY_OK) {
            /* The transaction did not commit: none of it is written, and
             * each is told so with the reason, read on this thread. */
            for (store_write *r = first; r; r = r->next) {
                r->rc = rc == TTY_NOMEM ? TTY_NOMEM : TTY_FAILED;
                snprintf(r->why, sizeof r->why, "%s",
                         store_why[0] ? store_why : "the commit failed");
            }
        }

        pthread_mutex_lock(&g->lock);
        last->next = g->done;
        g->done = first;
        g->committing = 0;
        g->groups++;
        g->writes += (unsigned long long)n;
        pthread_mutex_unlock(&g->lock);
        uv_async_send(&g->async);
        pthread_mutex_lock(&g->lock);
    }
    pthread_mutex_unlock(&g->lock);
    return NULL;
}

/* On the loop: hand every answer back. */
static void store_group_deliver(store_group *g)
{
    pthread_mutex_lock(&g->lock);
    store_write *r = g->done;
    g->done = NULL;
    pthread_mutex_unlock(&g->lock);
    while (r) {
        store_write *next = r->next;
        r->next = NULL;
        if (--g->owed == 0)
            uv_unref((uv_handle_t *)&g->async);
        r->done(r);     /* r may be gone after this */
        r = next;
    }
}

static void store_group_wake(uv_async_t *a)
{
    store_group_deliver(a->data);
}

static void store_group_freed(uv_handle_t *h)
{
    free(h->data);
}

int store_group_open(store_group **out, store *st, struct uv_loop_s *loop)
{
    *out = NULL;
    store_group *g = calloc(1, sizeof *g);
    if (!g)
        return TTY_NOMEM;
    g->st = st;
    pthread_mutex_init(&g->lock, NULL);
    pthread_cond_init(&g->more, NULL);
    if (uv_async_init(loop, &g->async, store_group_wake) != 0) {
        free(g);
        return TTY_FAILED;
    }
    g->async.data = g;
    uv_unref((uv_handle_t *)&g->async);    /* until a write is owed */
    if (pthread_create(&g->writer, NULL, store_group_writer, g) != 0) {
        uv_close((uv_handle_t *)&g->async, store_group_freed);
        return TTY_FAILED;
    }
    st->group = g;
    *out = g;
    return TTY_OK;
}

store_group *store_group_of(store *st)
{
    return st ? st->group : NULL;
}

void store_group_write(store_group *g, store_write *r)
{
    if (g->owed++ == 0)
        uv_ref((uv_handle_t *)&g->async);
    r->next = NULL;
    pthread_mutex_lock(&g->lock);
    if (g->tail)
        g->tail->next = r;
    else
        g->head = r;
    g->tail = r;
    g->queued++;
    pthread_cond_signal(&g->more);
    pthread_mutex_unlock(&g->lock);
}

int store_group_depth(store_group *g)
{
    pthread_mutex_lock(&g->lock);
    int n = g->queued + g->committing;
    pthread_mutex_unlock(&g->lock);
    return n;
}

void store_group_counts(store_group *g, unsigned long long *groups,
                        unsigned long long *writes)
{
    pthread_mutex_lock(&g->lock);
    *groups = g->groups;
    *writes = g->writes;
    pthread_mutex_unlock(&g->lock);
}

void store_group_close(store_group *g)
{
    if (!g)
        return;
    pthread_mutex_lock(&g->lock);
    g->closing = 1;
    pthread_cond_signal(&g->more);
    pthread_mutex_unlock(&g->lock);
    pthread_join(g->writer, NULL);     /* after it committed the queue */
    store_group_deliver(g);
    g->st->group = NULL;
    pthread_mutex_destroy(&g->lock);
    pthread_cond_destroy(&g->more);
    uv_close((uv_handle_t *)&g->async, store_group_freed);
}
