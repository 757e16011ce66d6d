/*
 * web_who.c - who is on (/who, /api/who.json) and the page that watches
 * one of them (/watch/ID).
 *
 * The list is a snapshot of the sessions taken at most once a second
 * (WEB_WHO_TTL) on the loop, which owns them; each page of it and its
 * JSON are written once per snapshot and then sent to everyone who asks
 * (bench_site measures the cost with 10,000 sessions on).
 *
 * The rating column is the menu's (rating_ask_of says whose, rating_show
 * how): the snapshot keeps each row's account and game, and the ratings
 * are read from the store (they change as rated games end, here or on
 * another server sharing it) on the threadpool, by the job that writes
 * the page, for that page's rows.  A page with nobody in a rated game is
 * written on the loop at once, as the store has nothing to say of it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <libwebsockets.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acct.h"
#include "presence.h"
#include "rating.h"
#include "registry.h"
#include "store_main.h"
#include "watch.h"
#include "web_html.h"
#include "web_site_int.h"
#include "web_watch.h"
#include "who.h"

#define WEB_WHO_TTL 1000        /* ms a snapshot of the sessions is kept */
#define WEB_WHO_PAGE 100        /* players on a page */

typedef struct web_who_row {
    uint64_t id;
    const tty_game *g;          /* the game played now, or NULL */
    const char *term;           /* the profile's name */
    char name[SESS_NAME + 1];
    char whom[SESS_NAME + 1];   /* whom it watches, or "" */
    int cols, rows, baud;       /* cols and rows: an ANSI screen's */
    int watchers, account;      /* account: logged in to one */
    long idle_s;
    char why[96];               /* why it cannot be watched, or "" */
    rating_ask rating;          /* whose rating, at what; key "" for none */
} web_who_row;

/* Who was on at one moment: the loop's sessions copied out, so that the
 * pages can be written from it anywhere (JSON on the threadpool) while
 * the sessions go on.  Counted references: the current one's, and each
 * job's still writing from it. */
typedef struct ww_snap {
    int refs;
    unsigned gen;
    uint64_t at_ms;
    web_who_row *rows;
    int n, playing;
    store_presence_row *far;    /* on other servers */
    int nfar, farcap;
} ww_snap;

static ww_snap *ww_cur;
static unsigned ww_gen;
static web_cache ww_pages[WEB_CACHE_SLOTS], ww_jsons[WEB_CACHE_SLOTS];

static void ww_unref(ww_snap *sn)
{
    if (sn && --sn->refs == 0) {
        free(sn->rows);
        free(sn->far);
        free(sn);
    }
}

static void ww_fill(web_who_row *r, sess *o, uint64_t now)
{
    r->id = o->id;
    r->g = o->playing && o->game ? tty_game_find(o->game) : NULL;
    r->term = o->prof->name;
    acct_text_show(o->name[0] ? o->name : "?", r->name, sizeof r->name);
    const watch_seat *w = o->tap ? o->tap->watching : NULL;
    if (w && w->target)
        acct_text_show(w->target->name[0] ? w->target->name : "?", r->whom,
                       sizeof r->whom);
    else
        r->whom[0] = 0;
    r->cols = o->caps.ansi ? o->caps.width : 0;
    r->rows = o->caps.ansi ? o->caps.height : 0;
    r->baud = o->caps.baud;
    r->idle_s = (long)((now - o->input_ms) / 1000);
    r->watchers = watch_count(o);
    r->account = o->account[0] != 0;
    if (!watch_target_refusal(o, r->why, sizeof r->why))
        r->why[0] = 0;
    rating_ask_of(o, &r->rating);
}

static void ww_far_row(void *arg, const store_presence_row *r)
{
    ww_snap *sn = arg;
    if (sn->nfar == sn->farcap) {
        int cap = sn->farcap ? 2 * sn->farcap : 64;
        store_presence_row *p = realloc(sn->far, (size_t)cap * sizeof *p);
        if (!p)
            return;
        sn->far = p;
        sn->farcap = cap;
    }
    sn->far[sn->nfar++] = *r;
}

/* The current snapshot, taken again when it is WEB_WHO_TTL old: games in
 * progress first, then the rest, the longest on first (the live list is
 * kept newest first: it is walked from its end, twice, rather than
 * sorted). */
static ww_snap *ww_snapshot(void)
{
    uint64_t now = sess_now_ms();
    if (ww_cur && now - ww_cur->at_ms < WEB_WHO_TTL)
        return ww_cur;
    ww_snap *sn = calloc(1, sizeof *sn);
    int cap = sess_count() + 1;
    sn->rows = sn ? malloc((size_t)cap * sizeof *sn->rows) : NULL;
    if (!sn || !sn->rows)
        abort();
    for (int pass = 0; pass < 2; pass++)
        for (sess *o = sess_last(); o && sn->n < cap; o = o->all_prev)
            if (who_listed(o) && (o->playing && o->game) == !pass)
                ww_fill(&sn->rows[sn->n++], o, now);
    for (int i = 0; i < sn->n; i++)
        sn->playing += sn->rows[i].g != NULL;
    presence_each(ww_far_row, sn);
    sn->refs = 1;
    sn->at_ms = now;
    sn->gen = ++ww_gen;
    ww_unref(ww_cur);
    ww_cur = sn;
    return sn;
}

/* ---- the page ------------------------------------------------------- */

static void ww_idle(char *out, size_t size, long s)
{
    if (s < 60)
        snprintf(out, size, "%lds", s);
    else if (s < 3600)
        snprintf(out, size, "%ldm", s / 60);
    else
        snprintf(out, size, "%ldh", s / 3600);
}

static void ww_term(char *out, size_t size, const web_who_row *r)
{
    if (r->baud)
        snprintf(out, size, "%s %d baud", r->term, r->baud);
    else if (r->cols)
        snprintf(out, size, "%s %dx%d", r->term, r->cols, r->rows);
    else
        snprintf(out, size, "%s", r->term);
}

/* A row; ra: its rating as read (NULL: none read, "-"). */
static void ww_html_row(buf *b, const web_who_row *r, const rating_ask *ra)
{
    char term[48], idle[32], rating[RATING_SHOWN];
    ww_term(term, sizeof term, r);
    rating_show(ra, rating);
    ww_idle(idle, sizeof idle, r->idle_s);
    buf_adds(b, "<tr><td>");
    web_html_player(b, r->name, r->account);
    buf_adds(b, "</td><td>");
    if (r->g) {
        web_html_text(b, r->g->title);
    } else if (r->whom[0]) {
        buf_adds(b, "<i>watching</i> ");
        web_html_text(b, r->whom);
    } else {
        buf_adds(b, "<i>in the menu</i>");
    }
    buf_printf(b, "</td><td>%s</td><td>", rating);
    web_html_text(b, term);
    buf_printf(b, "</td><td>%s</td><td>%d</td><td>", idle, r->watchers);
    if (r->why[0]) {
        buf_adds(b, "<span class=\"why\">");
        web_html_text(b, r->why);
        buf_adds(b, "</span>");
    } else {
        buf_printf(b, "<a href=\"/watch/%llu\">watch</a>",
                   (unsigned long long)r->id);
    }
    buf_adds(b, "</td></tr>\n");
}

static void ww_html_far(buf *b, const ww_snap *sn)
{
    buf_adds(b, "<h2>On other servers</h2>\n<p>These players are on "
                "servers that share this one's database: their games are "
                "watched on the server they are played on.</p>\n");
    web_html_thead(b, "who", "Player|Game|Server|On since");
    for (int i = 0; i < sn->nfar; i++) {
        const store_presence_row *r = &sn->far[i];
        char when[40];
        web_html_when(when, sizeof when, r->since);
        buf_adds(b, "<tr><td>");
        web_html_text(b, r->name);
        buf_adds(b, "</td><td>");
        web_html_text(b, r->game[0] ? r->game : "-");
        buf_adds(b, "</td><td>");
        web_html_text(b, r->server);
        buf_printf(b, "</td><td>%s</td></tr>\n", when);
    }
    web_html_tend(b);
}

/* The rows page shows (all of them for the JSON, page 0): [*from, *to). */
static void ww_range(const ww_snap *sn, int page, int *from, int *to)
{
    *from = page ? (page - 1) * WEB_WHO_PAGE : 0;
    *to = page ? *from + WEB_WHO_PAGE : sn->n;
    if (*to > sn->n)
        *to = sn->n;
    if (*to < *from)
        *to = *from;
}

/* Page page of the list; asks: the ratings read for its rows (the first
 * is its first row's), or NULL when none were. */
static web_body *ww_html(const ww_snap *sn, int page, const rating_ask *asks)
{
    buf b = { 0 };
    web_html_begin(&b, "Who is on", "/who", NULL);
    buf_printf(&b, "<p class=\"summary\">%d on this server, %d of them in a "
                   "game", sn->n, sn->playing);
    if (sn->nfar)
        buf_printf(&b, "; %d on other servers", sn->nfar);
    buf_adds(&b, ". A game is watched read only, as from the menu's O; a "
                 "player who forbids watching (V in the menu) has no "
                 "link.</p>\n");
    int from, to;
    ww_range(sn, page, &from, &to);
    if (sn->n == 0) {
        buf_adds(&b, "<p>Nobody is on just now.</p>\n");
    } else if (from >= sn->n) {
        buf_adds(&b, "<p>The list is shorter than that now.</p>\n");
    } else {
        web_html_thead(&b, "who", "Player|Playing|Rating|Terminal|Idle|"
                                  "Watchers|Watch");
        for (int i = from; i < to; i++)
            ww_html_row(&b, &sn->rows[i], asks ? &asks[i - from] : NULL);
        web_html_tend(&b);
    }
    web_site_pages(&b, "/who", page, to < sn->n);
    if (sn->nfar && page == 1)
        ww_html_far(&b, sn);
    web_html_end(&b);
    return web_body_take(&b);
}

static void ww_json_str_field(buf *b, const char *name, const char *v)
{
    buf_printf(b, ",\"%s\":", name);
    web_json_text(b, v && *v ? v : NULL);
}

/* Every row; asks as ww_html's. */
static web_body *ww_json(const ww_snap *sn, const rating_ask *asks)
{
    buf b = { 0 };
    buf_printf(&b, "{\"on\":%d,\"playing\":%d,\"players\":[", sn->n,
               sn->playing);
    for (int i = 0; i < sn->n; i++) {
        const web_who_row *r = &sn->rows[i];
        buf_printf(&b, "%s\n{\"id\":%llu,\"name\":", i ? "," : "",
                   (unsigned long long)r->id);
        web_json_text(&b, r->name);
        buf_printf(&b, ",\"account\":%s", r->account ? "true" : "false");
        ww_json_str_field(&b, "game", r->g ? r->g->name : NULL);
        ww_json_str_field(&b, "title", r->g ? r->g->title : NULL);
        /* the number as the page shows it, or null where it shows "-" */
        char rating[RATING_SHOWN];
        const rating_ask *ra = asks ? &asks[i] : NULL;
        rating_show(ra, rating);
        buf_printf(&b, ",\"rating\":%s", ra && ra->rated ? rating : "null");
        ww_json_str_field(&b, "watching", r->whom);
        ww_json_str_field(&b, "terminal", r->term);
        buf_printf(&b, ",\"cols\":%d,\"rows\":%d,\"baud\":%d,\"idle\":%ld,"
                       "\"watchers\":%d,\"watchable\":%s", r->cols, r->rows,
                   r->baud, r->idle_s, r->watchers,
                   r->why[0] ? "false" : "true");
        ww_json_str_field(&b, "why", r->why);
        if (r->why[0])
            buf_adds(&b, ",\"watch\":null}");
        else
            buf_printf(&b, ",\"watch\":\"/watch/%llu\"}",
                       (unsigned long long)r->id);
    }
    buf_adds(&b, "],\"elsewhere\":[");
    for (int i = 0; i < sn->nfar; i++) {
        const store_presence_row *r = &sn->far[i];
        buf_adds(&b, i ? ",\n{\"name\":" : "\n{\"name\":");
        web_json_text(&b, r->name);
        ww_json_str_field(&b, "game", r->game);
        ww_json_str_field(&b, "server", r->server);
        buf_printf(&b, ",\"since\":%ld}", r->since);
    }
    buf_adds(&b, "]}\n");
    return web_body_take(&b);
}

/* 1 if a row in [from, to) has a rating to read. */
static int ww_rated(const ww_snap *sn, int from, int to)
{
    for (int i = from; i < to; i++)
        if (sn->rows[i].rating.key[0])
            return 1;
    return 0;
}

/* A page whose ratings are to be read, or the JSON (every session's row
 * is a lot of it, 200 bytes each): written on the threadpool from the
 * snapshot, which stays while it is. */
typedef struct ww_job {
    web_job job;
    ww_snap *sn;
    int page;                   /* 0: the JSON */
    int rc;                     /* the ratings' read */
    web_body *body;
} ww_job;

static void ww_run(web_job *j)
{
    ww_job *w = (ww_job *)j;
    int from, to;
    ww_range(w->sn, w->page, &from, &to);
    rating_ask *asks = NULL;
    if (store_main && ww_rated(w->sn, from, to)) {
        /* the snapshot is shared with other jobs: read into a copy */
        asks = malloc((size_t)(to - from) * sizeof *asks);
        if (asks) {
            for (int i = from; i < to; i++)
                asks[i - from] = w->sn->rows[i].rating;
            w->rc = rating_read(store_main, asks, to - from, NULL);
        } else {
            w->rc = TTY_FAILED;
        }
    }
    w->body = w->page ? ww_html(w->sn, w->page, asks) : ww_json(w->sn, asks);
    free(asks);
}

static web_reply *ww_answer(web_job *j, int waited)
{
    ww_job *w = (ww_job *)j;
    /* a page whose ratings could not be read is not kept: the next
     * request reads them again */
    web_reply *r = web_site_keep(w->page ? ww_pages : ww_jsons, w->page,
                                 w->sn->gen, w->body, w->rc == TTY_OK,
                                 !w->page, waited);
    ww_unref(w->sn);
    return r;
}

static void ww_drop(web_job *j)
{
    ww_unref(((ww_job *)j)->sn);
}

int web_who_request(struct lws *wsi, web_conn *c, int json)
{
    ww_snap *sn = ww_snapshot();
    int page = json ? 0 : web_site_page_arg(wsi);
    web_cache *slots = json ? ww_jsons : ww_pages;
    int rc, from, to;
    if (web_site_cached(wsi, c, slots, page, sn->gen, UINT64_MAX, json, &rc))
        return rc;
    ww_range(sn, page, &from, &to);
    if (!json && !(store_main && ww_rated(sn, from, to)))
        return web_out_send(wsi, c, web_site_keep(slots, page, sn->gen,
                                                  ww_html(sn, page, NULL), 1,
                                                  0, 1));
    ww_job *w = calloc(1, sizeof *w);
    if (!w)
        return -1;
    w->sn = sn;
    sn->refs++;
    w->page = page;
    w->job.run = ww_run;
    w->job.answer = ww_answer;
    w->job.drop = ww_drop;
    return web_job_start(wsi, c, &w->job);
}

/* ---- watching ------------------------------------------------------- */

static const char ww_head[] =
    "<link rel=\"stylesheet\" href=\"/xterm/xterm.css\">\n"
    "<script src=\"/xterm/xterm.js\" defer></script>\n"
    "<script src=\"/watch.js\" defer></script>\n";

int web_watch_page(struct lws *wsi, web_conn *c, const char *id)
{
    char *end;
    unsigned long long n = strtoull(id, &end, 10);
    sess *t = id[0] >= '0' && id[0] <= '9' && !*end ? web_watch_find(n)
                                                    : NULL;
    char why[160], name[SESS_NAME + 1], title[96];
    if (!t)
        return web_site_say(wsi, c, HTTP_STATUS_NOT_FOUND, "Not on",
                            "Nobody with that number is on now: the game "
                            "may be over. Who is on lists who is.");
    if (watch_target_refusal(t, why, sizeof why))
        return web_site_say(wsi, c, HTTP_STATUS_FORBIDDEN,
                            "Not watchable", why);
    acct_text_show(t->name[0] ? t->name : "?", name, sizeof name);
    snprintf(title, sizeof title, "Watching %s", name);
    buf b = { 0 };
    web_html_begin(&b, title, NULL, ww_head);
    buf_adds(&b, "<p class=\"summary\">");
    if (t->playing && t->game) {
        const tty_game *g = tty_game_find(t->game);
        char shown[40];
        acct_text_show(g ? g->title : t->game, shown, sizeof shown);
        buf_adds(&b, "Playing ");
        web_html_text(&b, shown);
    } else {
        buf_adds(&b, "In the menu");
    }
    buf_adds(&b, ", read only: Q or Escape stops watching.</p>\n");
    buf_printf(&b, "<div id=\"screen\" data-watch=\"%llu\"></div>\n"
                   "<p id=\"status\" hidden></p>\n"
                   "<noscript><p>The screen is drawn by xterm.js, which "
                   "needs JavaScript. Without it, telnet to this server and "
                   "choose O in the menu to watch.</p></noscript>\n", n);
    web_html_end(&b);
    return web_out_send(wsi, c, web_reply_html(200, &b));
}
