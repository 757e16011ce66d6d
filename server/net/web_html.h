/*
 * web_html.h - text made safe for the pages the server writes: HTML
 * (every name a player chose is escaped), JSON strings, and the parts of
 * a URL; and the frame every page of the site shares.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef WEB_HTML_H
#define WEB_HTML_H

#include <stddef.h>

#include "buf.h"

/* s as HTML text or an attribute's value: & < > " ' as references, and
 * any byte that is not printable ASCII as U+FFFD, so nothing in it can
 * open a tag, end an attribute or make the page invalid. */
void web_html_text(buf *b, const char *s);
/* printf, then the result escaped as web_html_text does. */
void web_html_printf(buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* s as a JSON string, quotes included ("\u00XX" for control bytes and
 * for bytes past ASCII, each read as Latin-1); NULL as null. */
void web_json_text(buf *b, const char *s);
/* s as one segment of a URL path or a query value: every byte but the
 * unreserved ones (A-Z a-z 0-9 - . _ ~) percent-encoded. */
void web_url_part(buf *b, const char *s);

/* A name as the last segment of a URL path (/player/NAME).  libwebsockets
 * decodes %XX before the server sees the path and then folds "/../",
 * "/./" and "//" in it, so a '/' or a name of dots would not come back:
 * those (and '~') are written ~XX, the rest as web_url_part does, and
 * web_url_segment_read undoes it. */
void web_url_segment(buf *b, const char *s);
/* The name from such a segment (as lws decoded it) into out: 0, or -1
 * if it does not fit. */
int web_url_segment_read(const char *in, char *out, size_t size);

/* A player's name (escaped), linked to their page (/player/NAME) when
 * link is set: an account's. */
void web_html_player(buf *b, const char *name, int link);

/* A table's start up to its body: class cls, the columns' headings
 * (names separated by '|', written as they are). */
void web_html_thead(buf *b, const char *cls, const char *cols);
/* The table's end. */
void web_html_tend(buf *b);

/* The page's start up to its <main>: the title (escaped), the site's
 * style sheet and the links between its pages (here: the current page's
 * path, shown as the current one).  head: more for <head>, or NULL. */
void web_html_begin(buf *b, const char *title, const char *here,
                    const char *head);
/* </main> and the page's end. */
void web_html_end(buf *b);

/* A time as "2024-05-01 13:45 UTC" (0: "never"). */
void web_html_when(char *out, size_t size, long t);
/* A duration of ms as "3m05s" or "1h02m". */
void web_html_duration(char *out, size_t size, long ms);

#endif
