/*
 * web_site_int.h - what the site's pages share (web_site.h): the cache
 * of answers already written, and each page's entry.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef WEB_SITE_INT_H
#define WEB_SITE_INT_H

#include <stdint.h>

#include "rec_public.h"
#include "web_out.h"

struct lws;

/* An answer written once and sent to every request until what it shows
 * changes (gen) or it grows old (another server's changes, on a shared
 * database, are seen no later than that). */
typedef struct web_cache {
    web_body *body;
    long key;                   /* which page of it */
    unsigned gen;
    uint64_t at_ms;
} web_cache;

#define WEB_CACHE_SLOTS 8       /* pages of one kind kept at once */

/* A reference to the body kept for key at gen, no older than max_ms; or
 * NULL. */
web_body *web_cache_get(web_cache *slots, long key, unsigned gen,
                        uint64_t max_ms);
/* Keep body (a reference is taken) for key at gen. */
void web_cache_put(web_cache *slots, long key, unsigned gen,
                   web_body *body);
/* A page of the site, from the cache or just written: sent. */
int web_site_send_body(struct lws *wsi, web_conn *c, web_body *body,
                       int json);
/* Answer from the cache when it keeps key at gen no older than max_ms:
 * 1 (*rc the callback's return), else 0. */
int web_site_cached(struct lws *wsi, web_conn *c, web_cache *slots,
                    long key, unsigned gen, uint64_t max_ms, int json,
                    int *rc);
/* A job's page written: kept for key at gen if keep, the answer if
 * someone waits (else NULL); the caller's reference to body is given
 * up. */
web_reply *web_site_keep(web_cache *slots, long key, unsigned gen,
                         web_body *body, int keep, int json, int waited);
/* A page that says only why there is nothing to show (status 404...):
 * sent, or made (a job's answer). */
int web_site_say(struct lws *wsi, web_conn *c, int status,
                 const char *title, const char *text);
web_reply *web_site_said(int status, const char *title, const char *text);

/* The page asked for, as ?page=N (1 on), and the links to its
 * neighbours under path. */
int web_site_page_arg(struct lws *wsi);
void web_site_pages(buf *b, const char *path, int page, int more);

/* web_who.c: who is on (json: /api/who.json), and the watch page of
 * session id. */
int web_who_request(struct lws *wsi, web_conn *c, int json);
int web_watch_page(struct lws *wsi, web_conn *c, const char *id);
/* web_recs.c: the recordings (json), one recording's page, its file. */
int web_recs_request(struct lws *wsi, web_conn *c, int json);
/* A public recording as the lists show it. */
typedef struct web_rec_item {
    store_rec_row r;
    int account;                /* an account has the player's name */
    int here;                   /* its file is on this server */
} web_rec_item;
/* On a worker: whether its player is an account (memo first) and its
 * file is here. */
void web_rec_item_fill(web_rec_item *it, rec_public_memo *memo);
/* The table of them (with a column of players, or not). */
void web_recs_table(buf *b, const web_rec_item *items, int n, int player);
int web_rec_request(struct lws *wsi, web_conn *c, const char *id);
/* web_hall.c: the hall of fame (json), a player's page. */
int web_hall_request(struct lws *wsi, web_conn *c, int json);
int web_player_request(struct lws *wsi, web_conn *c, const char *name);

#endif
