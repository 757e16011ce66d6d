/*
 * web_who.c - who is on (/who, /api/who.json) and the page that watches
 * one of them (/watch/ID).
 *
 * The list is a snapshot of the sessions taken at most once a second
 * (WEB_WHO_TTL) on the loop, which owns them; each page of it and its
 * JSON are written once per snapshot and then sent to everyone who asks
 * (bench_site measures the cost with 10,000 sessions on).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <libwebsockets.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acct.h"
#include "presence.h"
#include "registry.h"
#include "watch.h"
#include "web_html.h"
#include "web_site_int.h"
#include "web_watch.h"
#include "who.h"

#define WEB_WHO_TTL 1000        /* ms a snapshot of the sessions is kept */
#define WEB_WHO_PAGE 100        /* players on a page */

typedef struct web_who_row {
    uint64_t id, started_ms;
    char name[SESS_NAME + 1];
    char game[24];              /* the game played now, or "" */
    char title[32];             /* its title */
    char whom[SESS_NAME + 1];   /* whom it watches, or "" */
    char term[16];
    int cols, rows, baud;       /* cols and rows: an ANSI screen's */
    long idle_s;
    int watchers;
    int account;                /* logged in to an account */
    char why[160];              /* why it cannot be watched, or "" */
} web_who_row;

static struct {
    web_who_row *rows;
    int n, cap, playing;
    store_presence_row *far;    /* on other servers */
    int nfar, farcap;
    uint64_t at_ms;
    unsigned gen;
} ww;
static web_cache ww_pages[WEB_CACHE_SLOTS], ww_jsons[WEB_CACHE_SLOTS];

static void ww_fill(web_who_row *r, sess *o, uint64_t now)
{
    memset(r, 0, sizeof *r);
    r->id = o->id;
    r->started_ms = o->started_ms;
    acct_text_show(o->name[0] ? o->name : "?", r->name, sizeof r->name);
    if (o->playing && o->game) {
        const tty_game *g = tty_game_find(o->game);
        acct_text_show(o->game, r->game, sizeof r->game);
        acct_text_show(g ? g->title : o->game, r->title, sizeof r->title);
    }
    const watch_seat *w = o->tap ? o->tap->watching : NULL;
    if (w && w->target)
        acct_text_show(w->target->name[0] ? w->target->name : "?", r->whom,
                       sizeof r->whom);
    acct_text_show(o->prof->name, r->term, sizeof r->term);
    if (o->caps.ansi) {
        r->cols = o->caps.width;
        r->rows = o->caps.height;
    }
    r->baud = o->caps.baud;
    r->idle_s = (long)((now - o->input_ms) / 1000);
    r->watchers = watch_count(o);
    r->account = o->account[0] != 0;
    if (!watch_target_refusal(o, r->why, sizeof r->why))
        r->why[0] = 0;
}

/* Games in progress first, then the rest; the longest on first. */
static int ww_order(const void *a, const void *b)
{
    const web_who_row *x = a, *y = b;
    if (!x->game[0] != !y->game[0])
        return x->game[0] ? -1 : 1;
    if (x->started_ms != y->started_ms)
        return x->started_ms < y->started_ms ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

static void ww_far_row(void *arg, const store_presence_row *r)
{
    (void)arg;
    if (ww.nfar == ww.farcap) {
        int cap = ww.farcap ? 2 * ww.farcap : 64;
        store_presence_row *p = realloc(ww.far, (size_t)cap * sizeof *p);
        if (!p)
            return;
        ww.far = p;
        ww.farcap = cap;
    }
    ww.far[ww.nfar++] = *r;
}

static void ww_snapshot(void)
{
    uint64_t now = sess_now_ms();
    if (ww.gen && now - ww.at_ms < WEB_WHO_TTL)
        return;
    ww.n = ww.playing = 0;
    for (sess *o = sess_first(); o; o = o->all_next) {
        if (!who_listed(o))
            continue;
        if (ww.n == ww.cap) {
            int cap = ww.cap ? 2 * ww.cap : 256;
            web_who_row *p = realloc(ww.rows, (size_t)cap * sizeof *p);
            if (!p)
                break;
            ww.rows = p;
            ww.cap = cap;
        }
        ww_fill(&ww.rows[ww.n], o, now);
        ww.playing += ww.rows[ww.n].game[0] != 0;
        ww.n++;
    }
    qsort(ww.rows, (size_t)ww.n, sizeof *ww.rows, ww_order);
    ww.nfar = 0;
    presence_each(ww_far_row, NULL);
    ww.at_ms = now;
    ww.gen++;
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

static void ww_html_row(buf *b, const web_who_row *r)
{
    char term[48], idle[32];
    ww_term(term, sizeof term, r);
    ww_idle(idle, sizeof idle, r->idle_s);
    buf_adds(b, "<tr><td>");
    web_html_player(b, r->name, r->account);
    buf_adds(b, "</td><td>");
    if (r->game[0]) {
        web_html_text(b, r->title);
    } else if (r->whom[0]) {
        buf_adds(b, "<i>watching</i> ");
        web_html_text(b, r->whom);
    } else {
        buf_adds(b, "<i>in the menu</i>");
    }
    buf_adds(b, "</td><td>");
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

static void ww_html_far(buf *b)
{
    buf_adds(b, "<h2>On other servers</h2>\n<p>These players are on "
                "servers that share this one's database: their games are "
                "watched on the server they are played on.</p>\n"
                "<table class=\"who\">\n<thead><tr><th scope=\"col\">Player"
                "</th><th scope=\"col\">Game</th><th scope=\"col\">Server"
                "</th><th scope=\"col\">On since</th></tr></thead>\n"
                "<tbody>\n");
    for (int i = 0; i < ww.nfar; i++) {
        const store_presence_row *r = &ww.far[i];
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
    buf_adds(b, "</tbody>\n</table>\n");
}

static web_body *ww_html(int page)
{
    buf b = { 0 };
    web_html_begin(&b, "Who is on", "/who", NULL);
    buf_printf(&b, "<p class=\"summary\">%d on this server, %d of them in a "
                   "game", ww.n, ww.playing);
    if (ww.nfar)
        buf_printf(&b, "; %d on other servers", ww.nfar);
    buf_adds(&b, ". A game is watched read only, as from the menu's O; a "
                 "player who forbids watching (V in the menu) has no "
                 "link.</p>\n");
    int from = (page - 1) * WEB_WHO_PAGE;
    if (ww.n == 0) {
        buf_adds(&b, "<p>Nobody is on just now.</p>\n");
    } else if (from >= ww.n) {
        buf_adds(&b, "<p>The list is shorter than that now.</p>\n");
    } else {
        buf_adds(&b, "<table class=\"who\">\n<thead><tr>"
                     "<th scope=\"col\">Player</th>"
                     "<th scope=\"col\">Playing</th>"
                     "<th scope=\"col\">Terminal</th>"
                     "<th scope=\"col\">Idle</th>"
                     "<th scope=\"col\">Watchers</th>"
                     "<th scope=\"col\">Watch</th></tr></thead>\n<tbody>\n");
        for (int i = from; i < ww.n && i < from + WEB_WHO_PAGE; i++)
            ww_html_row(&b, &ww.rows[i]);
        buf_adds(&b, "</tbody>\n</table>\n");
    }
    web_site_pages(&b, "/who", page, from + WEB_WHO_PAGE < ww.n);
    if (ww.nfar && page == 1)
        ww_html_far(&b);
    web_html_end(&b);
    return web_body_take(&b);
}

static void ww_json_str_field(buf *b, const char *name, const char *v)
{
    buf_printf(b, ",\"%s\":", name);
    web_json_text(b, v && *v ? v : NULL);
}

static web_body *ww_json(void)
{
    buf b = { 0 };
    buf_printf(&b, "{\"on\":%d,\"playing\":%d,\"players\":[", ww.n,
               ww.playing);
    for (int i = 0; i < ww.n; i++) {
        const web_who_row *r = &ww.rows[i];
        buf_printf(&b, "%s\n{\"id\":%llu,\"name\":", i ? "," : "",
                   (unsigned long long)r->id);
        web_json_text(&b, r->name);
        buf_printf(&b, ",\"account\":%s", r->account ? "true" : "false");
        ww_json_str_field(&b, "game", r->game);
        ww_json_str_field(&b, "title", r->title);
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
    for (int i = 0; i < ww.nfar; i++) {
        const store_presence_row *r = &ww.far[i];
        buf_adds(&b, i ? ",\n{\"name\":" : "\n{\"name\":");
        web_json_text(&b, r->name);
        ww_json_str_field(&b, "game", r->game);
        ww_json_str_field(&b, "server", r->server);
        buf_printf(&b, ",\"since\":%ld}", r->since);
    }
    buf_adds(&b, "]}\n");
    return web_body_take(&b);
}

int web_who_request(struct lws *wsi, web_conn *c, int json)
{
    ww_snapshot();
    int page = json ? 0 : web_site_page_arg(wsi);
    web_cache *slots = json ? ww_jsons : ww_pages;
    web_body *body = web_cache_get(slots, page, ww.gen, UINT64_MAX);
    if (!body) {
        body = json ? ww_json() : ww_html(page);
        web_cache_put(slots, page, ww.gen, body);
    }
    int rc = web_site_send_body(wsi, c, body, json);
    web_body_unref(body);
    return rc;
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
