/*
 * presence.c - the heartbeat that tells the other servers who is on here,
 * and what they told us.
 *
 * On each beat the loop copies its sessions into rows (names made safe to
 * print), and a worker thread replaces this server's rows in the store,
 * drops the rows of servers that stopped beating (killed: nobody cleaned
 * up after them) and reads back the others'.  A beat still running when
 * the next is due is skipped: a slow database costs freshness, never the
 * loop.  Lists shown on the loop use the copy from the last beat, so they
 * are at most one beat old.
 *
 * The same beat reads the bans back: a ban made through another server's
 * admin socket refuses new connections here within a beat too.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "acct.h"
#include "ban.h"
#include "presence.h"
#include "sess.h"
#include "srv.h"
#include "store_main.h"

typedef struct presence_beat {
    uv_work_t work;
    store_presence_row *mine, *theirs;
    int nmine, ntheirs, cap;
    int rc;
    ban_rows bans;
    int bans_rc;
    int fresh;
} presence_beat;

static uv_timer_t presence_timer;
static char presence_name[32];
static int presence_beat_s;
static int presence_busy;
static int presence_fresh = 1;  /* the first beat clears old seats */
static store_presence_row *presence_rows;     /* the others', last read */
static int presence_nrows;

void presence_default_name(char *out, size_t size)
{
    char host[64];
    if (gethostname(host, sizeof host) != 0)
        snprintf(host, sizeof host, "ttyarcade");
    host[sizeof host - 1] = 0;
    snprintf(out, size, "%.20s:%ld", host, (long)getpid());
}

static void presence_got(void *arg, const store_presence_row *r)
{
    presence_beat *b = arg;
    if (b->ntheirs == b->cap) {
        int cap = b->cap ? b->cap * 2 : 64;
        store_presence_row *n = realloc(b->theirs, (size_t)cap * sizeof *n);
        if (!n)
            return;
        b->theirs = n;
        b->cap = cap;
    }
    b->theirs[b->ntheirs++] = *r;
}

static void presence_work(uv_work_t *w)
{
    presence_beat *b = w->data;
    long now = (long)time(NULL);
    b->rc = store_presence_sync(store_main, presence_name, b->mine, b->nmine,
                                now, 3L * presence_beat_s);
    if (b->rc == STORE_OK &&
        store_presence_list(store_main, presence_name,
                            now - 3L * presence_beat_s, presence_got, b) < 0)
        b->rc = STORE_ERROR;
    /* The shared lobby's seats of this server live while it beats
     * (SQLite has no shared lobby: TTY_NOSTORE, nothing to do). */
    store_lobby_beat(store_main, presence_name, now, now - 3L * presence_beat_s,
                     b->fresh);
    b->bans_rc = ban_read(store_main, &b->bans);
}

static void presence_done(uv_work_t *w, int status)
{
    presence_beat *b = w->data;
    (void)status;
    presence_busy = 0;
    if (b->rc == STORE_OK) {
        free(presence_rows);
        presence_rows = b->theirs;
        presence_nrows = b->ntheirs;
        b->theirs = NULL;
    }
    if (b->bans_rc == STORE_OK)
        ban_set(b->bans.v, b->bans.n);
    free(b->bans.v);
    free(b->theirs);
    free(b->mine);
    free(b);
}

static void presence_tick(uv_timer_t *t)
{
    (void)t;
    if (presence_busy || !store_main || srv_stopping)
        return;
    presence_beat *b = calloc(1, sizeof *b);
    int n = 0;
    for (sess *s = sess_first(); s; s = s->all_next)
        n += !s->closed && !s->far;
    if (!b || !(b->mine = calloc(n ? (size_t)n : 1, sizeof *b->mine))) {
        free(b);
        return;
    }
    long now = (long)time(NULL);
    uint64_t ms = sess_now_ms();
    for (sess *s = sess_first(); s && b->nmine < n; s = s->all_next) {
        if (s->closed || s->far)   /* a far player is listed by their own server */
            continue;
        store_presence_row *r = &b->mine[b->nmine++];
        acct_text_show(s->name[0] ? s->name : "?", r->name, sizeof r->name);
        acct_text_show(s->playing && s->game ? s->game : "(menu)", r->game,
                      sizeof r->game);
        r->since = now - (long)((ms - s->started_ms) / 1000);
    }
    b->fresh = presence_fresh;
    presence_fresh = 0;
    b->work.data = b;
    presence_busy = 1;
    if (uv_queue_work(srv_loop, &b->work, presence_work, presence_done) != 0) {
        presence_busy = 0;
        free(b->mine);
        free(b);
    }
}

void presence_start(const char *server, int beat_s)
{
    snprintf(presence_name, sizeof presence_name, "%s", server);
    presence_beat_s = beat_s;
    uv_timer_init(srv_loop, &presence_timer);
    uv_timer_start(&presence_timer, presence_tick, 0,
                   (uint64_t)beat_s * 1000);
    uv_unref((uv_handle_t *)&presence_timer);
}

void presence_stop(void)
{
    if (!presence_beat_s || !store_main)
        return;
    uv_timer_stop(&presence_timer);
    long now = (long)time(NULL);
    store_presence_sync(store_main, presence_name, NULL, 0, now,
                        3L * presence_beat_s);
    store_lobby_beat(store_main, presence_name, now, now - 3L * presence_beat_s,
                     1);
}

int presence_beat_seconds(void)
{
    return presence_beat_s ? presence_beat_s : 5;
}

int presence_each(void (*fn)(void *arg, const store_presence_row *r),
                  void *arg)
{
    for (int i = 0; i < presence_nrows; i++)
        fn(arg, &presence_rows[i]);
    return presence_nrows;
}

int presence_has(const char *name)
{
    for (int i = 0; i < presence_nrows; i++)
        if (strcasecmp(presence_rows[i].name, name) == 0)
            return 1;
    return 0;
}
