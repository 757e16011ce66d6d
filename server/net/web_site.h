/*
 * web_site.h - the arcade's own pages beside the terminal, as
 * nethack.alt.org's are beside its games: who is on, each game watched
 * in the browser (/who, /watch/ID), finished games played back and
 * downloaded (/recordings, /recordings/ID, /recordings/ID.cast), the
 * hall of fame (/hall) and a player's page (/player/NAME); and the same
 * data as JSON (/api/who.json, /api/recordings.json, /api/hall.json).
 *
 * Every page is written by the server, readable without JavaScript but
 * for the players (xterm.js, asciinema-player), every name escaped.
 * What the store holds is read on the libuv threadpool (web_out.h) and
 * kept a while (web_site_int.h): a list of 10,000 sessions costs one
 * walk a second however many ask.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef WEB_SITE_H
#define WEB_SITE_H

#include "web_out.h"

struct lws;

/* 1 if uri (the request's path) is one of these pages. */
int web_site_owns(const char *uri);
/* Answer a GET of such a page: the lws callback's return. */
int web_site_request(struct lws *wsi, const char *uri, web_conn *c);

#endif
