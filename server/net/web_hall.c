/*
 * web_hall.c - the hall of fame (/hall, /api/hall.json) and a player's
 * page (/player/NAME): the boards and ratings the menu's H shows
 * (hof_read), and the page its M F shows (people_read) with the
 * player's public recordings.  Read on the threadpool; the hall is kept
 * until a game ends here (rec_generation: a game writes its entries
 * before its recording ends) or WEB_HALL_TTL passes.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <libwebsockets.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acct.h"
#include "hof.h"
#include "people.h"
#include "presence.h"
#include "rec.h"
#include "registry.h"
#include "store_main.h"
#include "watch.h"
#include "web_html.h"
#include "web_site_int.h"
#include "who.h"

#define WEB_HALL_ROWS 10        /* rows of a board */
#define WEB_HALL_TTL 30000      /* ms */
#define WEB_HALL_GAMES 16
#define WEB_PLAYER_RECS 20

typedef struct wh_job {
    web_job job;
    int json, rc, n;
    unsigned gen;
    hof_game games[WEB_HALL_GAMES];
} wh_job;

static web_cache wh_cache[WEB_CACHE_SLOTS];

static void wh_run(web_job *j)
{
    wh_job *w = (wh_job *)j;
    for (int i = 0; tty_games[i] && w->n < WEB_HALL_GAMES; i++) {
        if (!tty_games[i]->hof)
            continue;
        if (hof_read(store_main, tty_games[i], WEB_HALL_ROWS,
                     &w->games[w->n++]) != TTY_OK) {
            w->rc = -1;
            return;
        }
    }
}

/* A name: an account's links to its page, a guest's is marked. */
static void wh_name(buf *b, const char *name, int guest)
{
    char shown[ACCT_NAME_SIZE];
    acct_name_show(name, shown);
    web_html_player(b, shown, !guest);
    if (guest)
        buf_adds(b, " <span class=\"why\">(guest)</span>");
}

static void wh_board(buf *b, const hof_board *bd)
{
    buf_adds(b, "<h3>");
    web_html_text(b, bd->m->label);
    buf_adds(b, "</h3>\n");
    if (bd->n <= 0) {
        buf_adds(b, "<p>Nobody yet.</p>\n");
        return;
    }
    web_html_thead(b, "hall", "#|Player|Value|Notes");
    for (int i = 0; i < bd->n; i++) {
        const store_hof_entry *e = &bd->rows[i];
        buf_printf(b, "<tr><td>%d</td><td>", i + 1);
        wh_name(b, e->name, e->guest);
        buf_printf(b, "</td><td>%ld</td><td>", e->value);
        web_html_text(b, e->detail);
        buf_adds(b, "</td></tr>\n");
    }
    web_html_tend(b);
}

static void wh_ratings(buf *b, const hof_game *hg)
{
    buf_adds(b, "<h3>Ratings (games between two accounts)</h3>\n");
    if (hg->nratings <= 0) {
        buf_adds(b, "<p>Nobody yet.</p>\n");
        return;
    }
    web_html_thead(b, "hall", "#|Player|Rating|Played|Won");
    for (int i = 0; i < hg->nratings; i++) {
        const store_rating_row *r = &hg->ratings[i];
        buf_printf(b, "<tr><td>%d</td><td>", i + 1);
        wh_name(b, r->name, 0);
        buf_printf(b, "</td><td>%.2f</td><td>%d</td><td>%d</td></tr>\n",
                   r->r.rating, r->r.played, r->r.won);
    }
    web_html_tend(b);
}

static web_body *wh_html(const wh_job *w)
{
    buf b = { 0 };
    web_html_begin(&b, "Hall of fame", "/hall", NULL);
    if (w->rc < 0) {
        buf_adds(&b, "<p>The hall of fame cannot be read just now.</p>\n");
        web_html_end(&b);
        return web_body_take(&b);
    }
    buf_adds(&b, "<p class=\"summary\">The boards of each game, as the "
                 "menu's H shows them; a guest's entry is marked, as nobody "
                 "vouched for the name.</p>\n<nav class=\"games\" "
                 "aria-label=\"games\">\n");
    for (int i = 0; i < w->n; i++) {
        buf_printf(&b, "<a href=\"#%s\">", w->games[i].g->name);
        web_html_text(&b, w->games[i].g->title);
        buf_adds(&b, "</a>\n");
    }
    buf_adds(&b, "</nav>\n");
    for (int i = 0; i < w->n; i++) {
        const hof_game *hg = &w->games[i];
        buf_printf(&b, "<section id=\"%s\">\n<h2>", hg->g->name);
        web_html_text(&b, hg->g->title);
        buf_adds(&b, "</h2>\n");
        for (int k = 0; k < hg->nboards; k++)
            wh_board(&b, &hg->boards[k]);
        if (hg->rated)
            wh_ratings(&b, hg);
        buf_adds(&b, "</section>\n");
    }
    web_html_end(&b);
    return web_body_take(&b);
}

static const char *wh_rank(int rank)
{
    switch (rank) {
    case TTY_HOF_MAX: return "highest";
    case TTY_HOF_MIN: return "lowest";
    case TTY_HOF_SUM: return "total";
    default: return "count";
    }
}

static void wh_json_game(buf *b, const hof_game *hg)
{
    buf_adds(b, "{\"game\":");
    web_json_text(b, hg->g->name);
    buf_adds(b, ",\"title\":");
    web_json_text(b, hg->g->title);
    buf_adds(b, ",\"boards\":[");
    for (int k = 0; k < hg->nboards; k++) {
        const hof_board *bd = &hg->boards[k];
        buf_adds(b, k ? ",\n{\"metric\":" : "\n{\"metric\":");
        web_json_text(b, bd->m->metric);
        buf_adds(b, ",\"label\":");
        web_json_text(b, bd->m->label);
        buf_printf(b, ",\"rank\":\"%s\",\"entries\":[", wh_rank(bd->m->rank));
        for (int i = 0; i < bd->n; i++) {
            char shown[ACCT_NAME_SIZE];
            acct_name_show(bd->rows[i].name, shown);
            buf_adds(b, i ? ",{\"name\":" : "{\"name\":");
            web_json_text(b, shown);
            buf_printf(b, ",\"value\":%ld,\"detail\":", bd->rows[i].value);
            web_json_text(b, bd->rows[i].detail);
            buf_printf(b, ",\"guest\":%s}",
                       bd->rows[i].guest ? "true" : "false");
        }
        buf_adds(b, "]}");
    }
    buf_adds(b, "],\"ratings\":");
    if (!hg->rated) {
        buf_adds(b, "null}");
        return;
    }
    buf_addc(b, '[');
    for (int i = 0; i < hg->nratings; i++) {
        const store_rating_row *r = &hg->ratings[i];
        char shown[ACCT_NAME_SIZE];
        acct_name_show(r->name, shown);
        buf_adds(b, i ? ",{\"name\":" : "{\"name\":");
        web_json_text(b, shown);
        buf_printf(b, ",\"rating\":%.2f,\"played\":%d,\"won\":%d}",
                   r->r.rating, r->r.played, r->r.won);
    }
    buf_adds(b, "]}");
}

static web_body *wh_json(const wh_job *w)
{
    buf b = { 0 };
    if (w->rc < 0) {
        buf_adds(&b, "{\"error\":\"the hall of fame cannot be read just "
                     "now\"}\n");
        return web_body_take(&b);
    }
    buf_adds(&b, "{\"games\":[");
    for (int i = 0; i < w->n; i++) {
        buf_adds(&b, i ? ",\n" : "\n");
        wh_json_game(&b, &w->games[i]);
    }
    buf_adds(&b, "]}\n");
    return web_body_take(&b);
}

static web_reply *wh_answer(web_job *j, int waited)
{
    wh_job *w = (wh_job *)j;
    return web_site_keep(wh_cache, w->json, w->gen,
                         w->json ? wh_json(w) : wh_html(w), w->rc == 0,
                         w->json, waited);
}

int web_hall_request(struct lws *wsi, web_conn *c, int json)
{
    if (!store_main)
        return web_site_say(wsi, c, HTTP_STATUS_NOT_FOUND, "Hall of fame",
                            "This server keeps no hall of fame.");
    unsigned gen = rec_generation();
    int rc;
    if (web_site_cached(wsi, c, wh_cache, json, gen, WEB_HALL_TTL, json, &rc))
        return rc;
    wh_job *w = calloc(1, sizeof *w);
    if (!w)
        return -1;
    w->json = json;
    w->gen = gen;
    w->job.run = wh_run;
    w->job.answer = wh_answer;
    return web_job_start(wsi, c, &w->job);
}

/* ---- a player's page ------------------------------------------------ */

typedef struct wp_job {
    web_job job;
    char key[ACCT_NAME_SIZE];
    int rc, nrecs, more;
    people_page page;
    web_rec_item recs[WEB_PLAYER_RECS];
} wp_job;

static void wp_run(web_job *j)
{
    wp_job *w = (wp_job *)j;
    w->rc = people_read(store_main, w->key, PEOPLE_RESULTS, &w->page);
    if (w->rc != TTY_OK)
        return;
    store_rec_row rows[WEB_PLAYER_RECS];
    rec_public_memo *memo = calloc(1, sizeof *memo);
    w->nrecs = memo ? rec_public_list(store_main, w->page.name, 0,
                                      WEB_PLAYER_RECS, rows, &w->more, memo)
                    : -1;
    for (int i = 0; i < w->nrecs; i++) {
        w->recs[i].r = rows[i];
        web_rec_item_fill(&w->recs[i], memo);
    }
    free(memo);
}

/* Where the player is now: here (and what they play), elsewhere, or
 * when last seen.  On the loop: it owns the sessions. */
static void wp_where(buf *b, const people_page *pg, const char *key)
{
    sess *on = NULL;
    who_find(pg->name, &on, 1);
    if (on && strcmp(on->account, key) == 0) {
        buf_adds(b, "On now");
        if (on->playing && on->game) {
            const tty_game *g = tty_game_find(on->game);
            buf_adds(b, ", playing ");
            web_html_text(b, g ? g->title : on->game);
        }
        char why[160];
        if (who_listed(on) && !watch_target_refusal(on, why, sizeof why))
            buf_printf(b, " (<a href=\"/watch/%llu\">watch</a>)",
                       (unsigned long long)on->id);
    } else if (presence_has(pg->name)) {
        buf_adds(b, "On now, on another server");
    } else {
        char seen[40];
        web_html_when(seen, sizeof seen, pg->seen);
        buf_printf(b, "Last seen %s", seen);
    }
}

static void wp_results(buf *b, const people_page *pg)
{
    buf_adds(b, "<h2>Latest games against accounts</h2>\n");
    if (pg->nresults <= 0) {
        buf_adds(b, "<p>None yet.</p>\n");
        return;
    }
    web_html_thead(b, "results", "When|Game|Result|Opponent");
    for (int i = 0; i < pg->nresults; i++) {
        const store_result_row *r = &pg->results[i];
        const tty_game *g = tty_game_find(r->game);
        char when[40];
        web_html_when(when, sizeof when, r->at);
        buf_printf(b, "<tr><td>%s</td><td>", when);
        web_html_text(b, g ? g->title : r->game);
        if (strcmp(r->game, "backgammon") == 0)
            buf_printf(b, " (%d point%s)", r->length,
                       r->length == 1 ? "" : "s");
        buf_printf(b, "</td><td>%s%s</td><td>",
                   r->won == 2 ? "drew with" : r->won ? "beat" : "lost to",
                   strcmp(r->how, "abandoned") == 0 ? " (abandoned)" :
                   strcmp(r->how, "resigned") == 0 ? " (resigned)" : "");
        wh_name(b, r->opponent, 0);
        buf_adds(b, "</td></tr>\n");
    }
    web_html_tend(b);
}

static web_reply *wp_answer(web_job *j, int waited)
{
    wp_job *w = (wp_job *)j;
    const people_page *pg = &w->page;
    buf b = { 0 };
    if (!waited)
        return NULL;
    if (w->rc != TTY_OK)
        return web_site_said(w->rc == TTY_NOTFOUND
                             ? HTTP_STATUS_NOT_FOUND
                             : HTTP_STATUS_SERVICE_UNAVAILABLE,
                             "No such player", w->rc == TTY_NOTFOUND
                             ? "No account has that name."
                             : "The players' pages cannot be read just now.");
    char shown[ACCT_NAME_SIZE], created[40];
    acct_name_show(pg->name, shown);
    web_html_when(created, sizeof created, pg->created);
    web_html_begin(&b, shown, NULL, NULL);
    buf_printf(&b, "<p class=\"summary\">Registered %.10s. ", created);
    wp_where(&b, pg, w->key);
    buf_adds(&b, ".</p>\n<h2>Ratings</h2>\n");
    web_html_thead(&b, "results", "Game|Rating|Played|Won");
    for (int i = 0; i < pg->nrated; i++) {
        const people_rated *r = &pg->rated[i];
        buf_adds(&b, "<tr><td>");
        web_html_text(&b, r->g->title);
        if (r->rated)
            buf_printf(&b, "</td><td>%.2f</td><td>%d</td><td>%d</td></tr>\n",
                       r->r.rating, r->r.played, r->r.won);
        else
            buf_adds(&b, "</td><td>not rated yet</td><td>0</td><td>0</td>"
                         "</tr>\n");
    }
    web_html_tend(&b);
    wp_results(&b, pg);
    buf_adds(&b, "<h2>Recordings</h2>\n");
    if (w->nrecs < 0)
        buf_adds(&b, "<p>The recordings cannot be read just now.</p>\n");
    else if (w->nrecs == 0)
        buf_adds(&b, "<p>None to show: none yet, or the player forbids "
                     "watching.</p>\n");
    else
        web_recs_table(&b, w->recs, w->nrecs, 0);
    web_html_end(&b);
    return web_reply_html(200, &b);
}

int web_player_request(struct lws *wsi, web_conn *c, const char *name)
{
    const char *why;
    char typed[ACCT_NAME_SIZE];
    if (web_url_segment_read(name, typed, sizeof typed) != 0 ||
        acct_name_check(typed, &why) != 0 || !store_main)
        return web_site_say(wsi, c, HTTP_STATUS_NOT_FOUND, "No such player",
                            "No account has that name.");
    wp_job *w = calloc(1, sizeof *w);
    if (!w)
        return -1;
    acct_name_key(typed, w->key);
    w->job.run = wp_run;
    w->job.answer = wp_answer;
    return web_job_start(wsi, c, &w->job);
}
