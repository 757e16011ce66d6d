/*
 * ban.c - the in-memory copy of the bans table.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "ban.h"
#include "srv.h"

static cidr ban_list[BAN_MAX];
static int ban_n;

static int ban_find(const cidr *c)
{
    for (int i = 0; i < ban_n; i++)
        if (ban_list[i].family == c->family &&
            ban_list[i].prefix == c->prefix &&
            memcmp(ban_list[i].addr, c->addr, sizeof c->addr) == 0)
            return i;
    return -1;
}

int ban_add(const cidr *c)
{
    if (ban_find(c) >= 0)
        return 0;
    if (ban_n == BAN_MAX)
        return -1;
    ban_list[ban_n++] = *c;
    return 0;
}

int ban_remove(const cidr *c)
{
    int i = ban_find(c);
    if (i < 0)
        return -1;
    ban_list[i] = ban_list[--ban_n];
    return 0;
}

int ban_match(const char *host)
{
    for (int i = 0; i < ban_n; i++)
        if (cidr_match_host(&ban_list[i], host) == 1)
            return 1;
    return 0;
}

void ban_set(const cidr *list, int n)
{
    ban_n = n < BAN_MAX ? n : BAN_MAX;
    memcpy(ban_list, list, (size_t)ban_n * sizeof *list);
}

int ban_count(void)
{
    return ban_n;
}

void ban_get(int i, char *out, size_t size)
{
    cidr_format(&ban_list[i], out, size);
}

/* An address range's row (account bans, "account:KEY", are the accounts'
 * business: acct_lock.c). */
static void ban_collect(void *arg, const char *range, const char *reason,
                        long at)
{
    ban_rows *l = arg;
    (void)reason;
    (void)at;
    if (strncmp(range, BAN_ACCOUNT, sizeof BAN_ACCOUNT - 1) == 0)
        return;
    if (l->n < BAN_MAX && cidr_parse(range, &l->v[l->n]) == 0)
        l->n++;
    else
        l->ignored++;
}

int ban_read(store *st, ban_rows *l)
{
    memset(l, 0, sizeof *l);
    l->v = malloc(BAN_MAX * sizeof *l->v);
    if (!l->v)
        return TTY_NOMEM;
    return store_ban_list(st, ban_collect, l);
}

int ban_load(store *st)
{
    ban_rows l;
    int rc = ban_read(st, &l);
    if (rc == 0) {
        ban_set(l.v, l.n);
        if (l.n)
            srv_log("bans: %d address ranges", l.n);
        if (l.ignored)
            srv_log("store: %d bans are no address range; ignored",
                    l.ignored);
    }
    free(l.v);
    return rc;
}

typedef struct ban_job {
    uv_work_t work;
    store *st;
    ban_rows l;
    int rc;
    void (*then)(void);
} ban_job;

static void ban_reload_work(uv_work_t *w)
{
    ban_job *j = w->data;
    j->rc = ban_read(j->st, &j->l);
}

static void ban_reload_done(uv_work_t *w, int status)
{
    ban_job *j = w->data;
    if (status == 0 && j->rc == 0) {
        ban_set(j->l.v, j->l.n);
        srv_log("reload: bans: %d address range%s", j->l.n,
                j->l.n == 1 ? "" : "s");
    } else {
        srv_log("reload: the bans could not be read; those in force hold");
    }
    void (*then)(void) = j->then;
    free(j->l.v);
    free(j);
    if (then)
        then();
}

void ban_reload(store *st, void (*then)(void))
{
    ban_job *j = calloc(1, sizeof *j);
    if (j) {
        j->st = st;
        j->then = then;
        j->work.data = j;
        if (uv_queue_work(srv_loop, &j->work, ban_reload_work,
                          ban_reload_done) == 0)
            return;
        free(j);
    }
    srv_log("reload: the bans could not be read; those in force hold");
    if (then)
        then();
}
