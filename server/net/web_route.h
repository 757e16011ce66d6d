/*
 * web_route.h - the URL table of the web door: each path is a page or
 * asset file (under the web root, or a system file such as the font
 * package's) or the WebSocket endpoint that becomes a session.  New pages
 * (watching, replays, metrics) are new rows here.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef WEB_ROUTE_H
#define WEB_ROUTE_H

#include <stddef.h>

typedef enum web_route_kind {
    WEB_ROUTE_FILE,     /* a file sent as it is */
    WEB_ROUTE_WS,       /* WebSocket: a session */
    WEB_ROUTE_METRICS   /* the server's counters, Prometheus text */
} web_route_kind;

typedef struct web_route {
    const char *path;   /* exact URL path, no query */
    web_route_kind kind;
    const char *file;   /* relative to the web root */
    const char *alt;    /* absolute fallback (a Debian package's file) */
    const char *mime;
} web_route;

/* The row for a URL path; NULL: 404. */
const web_route *web_route_find(const char *path);
/* The file a FILE row serves, under root; 0 if it exists. */
int web_route_file(const web_route *r, const char *root, char *out,
                   size_t size);
/* How many files of the table are not under root (nor at their
 * fallback), their names in out: the pages cannot work without them. */
int web_route_missing(const char *root, char *out, size_t size);
/* The whole table, ending with a row whose path is NULL. */
extern const web_route web_routes[];

#endif
