/*
 * web_recs.c - the recordings (/recordings, /api/recordings.json), one
 * played in the browser (/recordings/ID, asciinema-player) and its
 * asciicast file (/recordings/ID.cast).  Only the public ones
 * (rec_public.h): a player who forbids watching is not listed, and a
 * game that hides a side's pieces is not shown.
 *
 * The index is read on the threadpool; a list's page is kept until a
 * recording ends here (rec_generation) or WEB_RECS_TTL passes (another
 * server's, on a shared database).  A file recorded by another server
 * sharing the index is on that server: listed without a player here.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <libwebsockets.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "acct.h"
#include "rec.h"
#include "rec_public.h"
#include "registry.h"
#include "store_main.h"
#include "web_html.h"
#include "web_site_int.h"

#define WEB_RECS_PAGE 50
#define WEB_RECS_TTL 30000      /* ms */

typedef struct wr_job {
    web_job job;
    int page, json, rc, n, more;
    unsigned gen;
    long id;                    /* one recording: its id */
    int cast;                   /* ... its file */
    char path[1100];
    web_rec_item items[WEB_RECS_PAGE];
} wr_job;

static web_cache wr_cache[WEB_CACHE_SLOTS];

void web_rec_item_fill(web_rec_item *it, rec_public_memo *memo)
{
    int acct = rec_public_account(memo, it->r.player);
    if (acct < 0) {
        char key[ACCT_NAME_SIZE];
        acct_name_key(it->r.player, key);
        acct = store_acct_get(store_main, key, NULL, NULL) == STORE_OK;
    }
    it->account = acct;
    char path[1100];
    struct stat st;
    snprintf(path, sizeof path, "%s/recordings/%s", rec_dir(), it->r.file);
    /* the index names a file in that folder, never a path beyond it */
    it->here = !strchr(it->r.file, '/') && stat(path, &st) == 0 &&
               S_ISREG(st.st_mode);
}

static void wr_list_run(web_job *j)
{
    wr_job *w = (wr_job *)j;
    store_rec_row rows[WEB_RECS_PAGE];
    rec_public_memo *memo = calloc(1, sizeof *memo);
    if (!memo) {
        w->rc = -1;
        return;
    }
    w->n = rec_public_list(store_main, NULL, (w->page - 1) * WEB_RECS_PAGE,
                           WEB_RECS_PAGE, rows, &w->more, memo);
    w->rc = w->n < 0 ? -1 : 0;
    for (int i = 0; i < w->n; i++) {
        w->items[i].r = rows[i];
        web_rec_item_fill(&w->items[i], memo);
    }
    free(memo);
}

/* ---- writing -------------------------------------------------------- */

static const char *wr_title(const char *game)
{
    const tty_game *g = tty_game_find(game);
    return g ? g->title : game;
}

static void wr_term(char *out, size_t size, const store_rec_row *r)
{
    if (strcmp(r->term, "ansi") == 0)
        snprintf(out, size, "ansi %dx%d", r->width, r->height);
    else
        snprintf(out, size, "%s", r->term);
}

static void wr_html_row(buf *b, const web_rec_item *it, int player)
{
    const store_rec_row *r = &it->r;
    char when[40], term[40], len[24];
    web_html_when(when, sizeof when, r->start);
    wr_term(term, sizeof term, r);
    web_html_duration(len, sizeof len, r->duration_ms);
    buf_printf(b, "<tr><td>%s</td><td>", when);
    if (player) {
        web_html_player(b, r->player, it->account);
        buf_adds(b, "</td><td>");
    }
    web_html_text(b, wr_title(r->game));
    buf_adds(b, "</td><td>");
    web_html_text(b, term);
    buf_printf(b, "</td><td>%s</td><td>", len);
    web_html_text(b, r->result);
    buf_adds(b, "</td><td>");
    if (it->here)
        buf_printf(b, "<a href=\"/recordings/%ld\">play</a> "
                      "<a href=\"/recordings/%ld.cast\" download>.cast</a>",
                   r->id, r->id);
    else
        buf_adds(b, "<span class=\"why\">on another server</span>");
    buf_adds(b, "</td></tr>\n");
}

void web_recs_table(buf *b, const web_rec_item *items, int n, int player)
{
    web_html_thead(b, "recs", player
                   ? "Started|Player|Game|Terminal|Length|Ended|Recording"
                   : "Started|Game|Terminal|Length|Ended|Recording");
    for (int i = 0; i < n; i++)
        wr_html_row(b, &items[i], player);
    web_html_tend(b);
}

static web_body *wr_html(const wr_job *w)
{
    buf b = { 0 };
    web_html_begin(&b, "Recordings", "/recordings", NULL);
    buf_adds(&b, "<p class=\"summary\">Finished games, newest first, as "
                 "their players saw them: each plays here, or download its "
                 "asciicast file and play it with <code>asciinema play</code>."
                 " A player who forbids watching is not listed, nor are "
                 "games that hide a side's pieces.</p>\n");
    if (w->rc < 0) {
        buf_adds(&b, "<p>The recordings cannot be read just now.</p>\n");
    } else if (w->n == 0) {
        buf_adds(&b, "<p>No games here yet.</p>\n");
    } else {
        web_recs_table(&b, w->items, w->n, 1);
    }
    web_site_pages(&b, "/recordings", w->page, w->more);
    web_html_end(&b);
    return web_body_take(&b);
}

static void wr_json_item(buf *b, const web_rec_item *it)
{
    const store_rec_row *r = &it->r;
    buf_printf(b, "{\"id\":%ld,\"player\":", r->id);
    web_json_text(b, r->player);
    buf_printf(b, ",\"account\":%s,\"game\":", it->account ? "true"
                                                           : "false");
    web_json_text(b, r->game);
    buf_adds(b, ",\"title\":");
    web_json_text(b, wr_title(r->game));
    buf_adds(b, ",\"terminal\":");
    web_json_text(b, r->term);
    buf_printf(b, ",\"cols\":%d,\"rows\":%d,\"start\":%ld,"
                  "\"duration_ms\":%ld,\"size\":%ld,\"result\":", r->width,
               r->height, r->start, r->duration_ms, r->size);
    web_json_text(b, r->result);
    if (it->here)
        buf_printf(b, ",\"play\":\"/recordings/%ld\","
                      "\"cast\":\"/recordings/%ld.cast\"}", r->id, r->id);
    else
        buf_adds(b, ",\"play\":null,\"cast\":null}");
}

static web_body *wr_json(const wr_job *w)
{
    buf b = { 0 };
    if (w->rc < 0) {
        buf_adds(&b, "{\"error\":\"the recordings cannot be read just "
                     "now\"}\n");
        return web_body_take(&b);
    }
    buf_printf(&b, "{\"page\":%d,\"more\":%s,\"recordings\":[", w->page,
               w->more ? "true" : "false");
    for (int i = 0; i < w->n; i++) {
        buf_adds(&b, i ? ",\n" : "\n");
        wr_json_item(&b, &w->items[i]);
    }
    buf_adds(&b, "]}\n");
    return web_body_take(&b);
}

static web_reply *wr_list_answer(web_job *j, int waited)
{
    wr_job *w = (wr_job *)j;
    return web_site_keep(wr_cache, w->page * 2 + w->json, w->gen,
                         w->json ? wr_json(w) : wr_html(w), w->rc == 0,
                         w->json, waited);
}

int web_recs_request(struct lws *wsi, web_conn *c, int json)
{
    if (!store_main || !rec_dir())
        return web_site_say(wsi, c, HTTP_STATUS_NOT_FOUND, "Recordings",
                            "This server keeps no recordings.");
    int page = web_site_page_arg(wsi);
    unsigned gen = rec_generation();
    int rc;
    if (web_site_cached(wsi, c, wr_cache, page * 2 + json, gen, WEB_RECS_TTL,
                        json, &rc))
        return rc;
    wr_job *w = calloc(1, sizeof *w);
    if (!w)
        return -1;
    w->page = page;
    w->json = json;
    w->gen = gen;
    w->job.run = wr_list_run;
    w->job.answer = wr_list_answer;
    return web_job_start(wsi, c, &w->job);
}

/* ---- one recording -------------------------------------------------- */

static void wr_one_run(web_job *j)
{
    wr_job *w = (wr_job *)j;
    web_rec_item *it = &w->items[0];
    w->rc = store_rec_get(store_main, w->id, &it->r);
    if (w->rc != STORE_OK)
        return;
    rec_public_memo memo = { 0 };
    int pub = rec_public(store_main, &it->r, &memo);
    if (pub <= 0) {
        w->rc = pub < 0 ? STORE_ERROR : STORE_NOTFOUND;
        return;
    }
    web_rec_item_fill(it, &memo);
    snprintf(w->path, sizeof w->path, "%s/recordings/%s", rec_dir(),
             it->r.file);
}

static const char wr_head[] =
    "<link rel=\"stylesheet\" href=\"/asciinema/asciinema-player.css\">\n"
    "<script src=\"/asciinema/asciinema-player.min.js\" defer></script>\n"
    "<script src=\"/replay.js\" defer></script>\n";

static web_reply *wr_one_answer(web_job *j, int waited)
{
    wr_job *w = (wr_job *)j;
    const web_rec_item *it = &w->items[0];
    const store_rec_row *r = &it->r;
    buf b = { 0 };
    if (!waited)
        return NULL;
    if (w->rc != STORE_OK || !it->here)
        return web_site_said(w->rc == STORE_OK || w->rc == STORE_NOTFOUND
                             ? HTTP_STATUS_NOT_FOUND
                             : HTTP_STATUS_SERVICE_UNAVAILABLE,
                             "No such recording",
                             w->rc == STORE_NOTFOUND
                             ? "There is no such recording to show: it may "
                               "have been removed, or its player forbids "
                               "watching."
                             : w->rc == STORE_OK
                             ? "That recording is kept on the server that "
                               "recorded it."
                             : "The recordings cannot be read just now.");
    if (w->cast) {
        char disp[96];
        snprintf(disp, sizeof disp,
                 "attachment; filename=\"ttyarcade-%ld.cast\"", r->id);
        return web_reply_file(w->path, "application/x-asciicast", disp);
    }
    char title[96], when[40], term[40], len[24], shown[ACCT_NAME_SIZE];
    acct_text_show(r->player, shown, sizeof shown);
    snprintf(title, sizeof title, "%s played by %s", wr_title(r->game),
             shown);
    web_html_when(when, sizeof when, r->start);
    wr_term(term, sizeof term, r);
    web_html_duration(len, sizeof len, r->duration_ms);
    web_html_begin(&b, title, NULL, wr_head);
    buf_adds(&b, "<p class=\"summary\">");
    web_html_player(&b, r->player, it->account);
    buf_printf(&b, ", %s, on ", when);
    web_html_text(&b, term);
    buf_printf(&b, "; %s; ", len);
    web_html_text(&b, r->result);
    buf_printf(&b, ". <a href=\"/recordings/%ld.cast\" download>Download "
                   "the .cast</a> (asciicast v2: <code>asciinema play</code>"
                   " plays it).</p>\n", r->id);
    buf_printf(&b, "<div id=\"player\" data-cast=\"/recordings/%ld.cast\" "
                   "data-cols=\"%d\" data-rows=\"%d\"></div>\n"
                   "<noscript><p>The player (asciinema-player) needs "
                   "JavaScript; the .cast file above plays without "
                   "it.</p></noscript>\n", r->id, r->width, r->height);
    web_html_end(&b);
    return web_reply_html(200, &b);
}

int web_rec_request(struct lws *wsi, web_conn *c, const char *id)
{
    char *end;
    long n = strtol(id, &end, 10);
    int cast = strcmp(end, ".cast") == 0;
    if (id[0] < '0' || id[0] > '9' || n <= 0 || (*end && !cast))
        return web_site_say(wsi, c, HTTP_STATUS_NOT_FOUND,
                            "No such recording",
                            "There is no such recording.");
    if (!store_main || !rec_dir())
        return web_site_say(wsi, c, HTTP_STATUS_NOT_FOUND, "Recordings",
                            "This server keeps no recordings.");
    wr_job *w = calloc(1, sizeof *w);
    if (!w)
        return -1;
    w->id = n;
    w->cast = cast;
    w->job.run = wr_one_run;
    w->job.answer = wr_one_answer;
    return web_job_start(wsi, c, &w->job);
}
