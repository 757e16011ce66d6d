/*
 * web_site.c - the site's URL space and what its pages share (see
 * web_site.h and web_site_int.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <libwebsockets.h>
#include <string.h>

#include "sess.h"
#include "web_html.h"
#include "web_req.h"
#include "web_site.h"
#include "web_site_int.h"

static int web_site_prefix(const char *uri, const char *prefix,
                           const char **rest)
{
    size_t n = strlen(prefix);
    if (strncmp(uri, prefix, n) != 0 || !uri[n])
        return 0;
    *rest = uri + n;
    return 1;
}

int web_site_owns(const char *uri)
{
    static const char *const exact[] = {
        "/who", "/recordings", "/hall", "/api/who.json",
        "/api/recordings.json", "/api/hall.json", NULL
    };
    const char *rest;
    for (int i = 0; exact[i]; i++)
        if (strcmp(uri, exact[i]) == 0)
            return 1;
    return web_site_prefix(uri, "/watch/", &rest) ||
           web_site_prefix(uri, "/recordings/", &rest) ||
           web_site_prefix(uri, "/player/", &rest);
}

int web_site_request(struct lws *wsi, const char *uri, web_conn *c)
{
    const char *rest;
    if (strcmp(uri, "/who") == 0 || strcmp(uri, "/api/who.json") == 0)
        return web_who_request(wsi, c, uri[1] == 'a');
    if (strcmp(uri, "/recordings") == 0 ||
        strcmp(uri, "/api/recordings.json") == 0)
        return web_recs_request(wsi, c, uri[1] == 'a');
    if (strcmp(uri, "/hall") == 0 || strcmp(uri, "/api/hall.json") == 0)
        return web_hall_request(wsi, c, uri[1] == 'a');
    if (web_site_prefix(uri, "/watch/", &rest))
        return web_watch_page(wsi, c, rest);
    if (web_site_prefix(uri, "/recordings/", &rest))
        return web_rec_request(wsi, c, rest);
    if (web_site_prefix(uri, "/player/", &rest))
        return web_player_request(wsi, c, rest);
    return web_req_status(wsi, HTTP_STATUS_NOT_FOUND, "No such page");
}

/* ---- the cache ------------------------------------------------------ */

web_body *web_cache_get(web_cache *slots, long key, unsigned gen,
                        uint64_t max_ms)
{
    uint64_t now = sess_now_ms();
    for (int i = 0; i < WEB_CACHE_SLOTS; i++)
        if (slots[i].body && slots[i].key == key && slots[i].gen == gen &&
            now - slots[i].at_ms < max_ms)
            return web_body_ref(slots[i].body);
    return NULL;
}

void web_cache_put(web_cache *slots, long key, unsigned gen,
                   web_body *body)
{
    /* the slot of that key, else the oldest */
    web_cache *put = &slots[0];
    for (int i = 0; i < WEB_CACHE_SLOTS; i++) {
        if (slots[i].key == key) {
            put = &slots[i];
            break;
        }
        if (slots[i].at_ms < put->at_ms)
            put = &slots[i];
    }
    web_body_unref(put->body);
    put->body = web_body_ref(body);
    put->key = key;
    put->gen = gen;
    put->at_ms = sess_now_ms();
}

/* ---- answers -------------------------------------------------------- */

int web_site_send_body(struct lws *wsi, web_conn *c, web_body *body,
                       int json)
{
    return web_out_send(wsi, c, web_reply_page(body, json));
}

int web_site_cached(struct lws *wsi, web_conn *c, web_cache *slots,
                    long key, unsigned gen, uint64_t max_ms, int json,
                    int *rc)
{
    web_body *body = web_cache_get(slots, key, gen, max_ms);
    if (!body)
        return 0;
    *rc = web_site_send_body(wsi, c, body, json);
    web_body_unref(body);
    return 1;
}

web_reply *web_site_keep(web_cache *slots, long key, unsigned gen,
                         web_body *body, int keep, int json, int waited)
{
    if (keep)
        web_cache_put(slots, key, gen, body);
    web_reply *r = waited ? web_reply_page(body, json) : NULL;
    web_body_unref(body);
    return r;
}

web_reply *web_site_said(int status, const char *title, const char *text)
{
    buf b = { 0 };
    web_html_begin(&b, title, NULL, NULL);
    buf_adds(&b, "<p>");
    web_html_text(&b, text);
    buf_adds(&b, "</p>\n");
    web_html_end(&b);
    return web_reply_html(status, &b);
}

int web_site_say(struct lws *wsi, web_conn *c, int status,
                 const char *title, const char *text)
{
    return web_out_send(wsi, c, web_site_said(status, title, text));
}

int web_site_page_arg(struct lws *wsi)
{
    return (int)web_req_arg_num(wsi, "page", 1, 100000, 1);
}

void web_site_pages(buf *b, const char *path, int page, int more)
{
    if (page <= 1 && !more)
        return;
    buf_adds(b, "<nav class=\"pages\" aria-label=\"pages\">\n");
    if (page > 1)
        buf_printf(b, "<a href=\"%s?page=%d\" rel=\"prev\">&larr; previous"
                      "</a>\n", path, page - 1);
    buf_printf(b, "<span>page %d</span>\n", page);
    if (more)
        buf_printf(b, "<a href=\"%s?page=%d\" rel=\"next\">next &rarr;"
                      "</a>\n", path, page + 1);
    buf_adds(b, "</nav>\n");
}
