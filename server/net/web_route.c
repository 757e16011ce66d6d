/*
 * web_route.c - the URL table (see web_route.h).  xterm.js is served as
 * npm publishes it, from web/node_modules in the source tree or its copy
 * under the share directory after make install; the 3270 font is the
 * subset tools/web_font.sh cut from Debian's fonts-3270 (web/fonts).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "web_route.h"

#define WEB_XTERM "node_modules/@xterm/xterm/"
#define WEB_FIT "node_modules/@xterm/addon-fit/"
#define WEB_CAST "node_modules/asciinema-player/dist/bundle/"

const web_route web_routes[] = {
    { "/", WEB_ROUTE_FILE, "index.html", NULL, "text/html; charset=utf-8" },
    { "/index.html", WEB_ROUTE_FILE, "index.html", NULL,
      "text/html; charset=utf-8" },
    { "/teletype", WEB_ROUTE_FILE, "teletype.html", NULL,
      "text/html; charset=utf-8" },
    { "/term.js", WEB_ROUTE_FILE, "term.js", NULL, "text/javascript" },
    { "/term.css", WEB_ROUTE_FILE, "term.css", NULL, "text/css" },
    { "/teletype.js", WEB_ROUTE_FILE, "teletype.js", NULL,
      "text/javascript" },
    { "/teletype.css", WEB_ROUTE_FILE, "teletype.css", NULL, "text/css" },
    { "/xterm/xterm.js", WEB_ROUTE_FILE, WEB_XTERM "lib/xterm.js", NULL,
      "text/javascript" },
    { "/xterm/xterm.css", WEB_ROUTE_FILE, WEB_XTERM "css/xterm.css", NULL,
      "text/css" },
    { "/xterm/addon-fit.js", WEB_ROUTE_FILE, WEB_FIT "lib/addon-fit.js",
      NULL, "text/javascript" },
    { "/font/3270.woff2", WEB_ROUTE_FILE, "fonts/3270-ascii.woff2", NULL,
      "font/woff2" },
    { "/favicon.ico", WEB_ROUTE_FILE, "favicon.ico", NULL, "image/x-icon" },
    /* the site's pages (web_site.h): their style and scripts, and
     * asciinema-player as npm publishes it */
    { "/site.css", WEB_ROUTE_FILE, "site.css", NULL, "text/css" },
    { "/watch.js", WEB_ROUTE_FILE, "watch.js", NULL, "text/javascript" },
    { "/replay.js", WEB_ROUTE_FILE, "replay.js", NULL, "text/javascript" },
    { "/asciinema/asciinema-player.min.js", WEB_ROUTE_FILE,
      WEB_CAST "asciinema-player.min.js", NULL, "text/javascript" },
    { "/asciinema/asciinema-player.css", WEB_ROUTE_FILE,
      WEB_CAST "asciinema-player.css", NULL, "text/css" },
    { "/ws", WEB_ROUTE_WS, NULL, NULL, NULL },
    { "/metrics", WEB_ROUTE_METRICS, NULL, NULL,
      "text/plain; version=0.0.4; charset=utf-8" },
    { NULL, WEB_ROUTE_FILE, NULL, NULL, NULL },
};

const web_route *web_route_find(const char *path)
{
    if (!path)
        return NULL;
    for (const web_route *r = web_routes; r->path; r++)
        if (strcmp(r->path, path) == 0)
            return r;
    return NULL;
}

static int web_route_isfile(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int web_route_file(const web_route *r, const char *root, char *out,
                   size_t size)
{
    if (r->kind != WEB_ROUTE_FILE)
        return -1;
    int n = snprintf(out, size, "%s/%s", root, r->file);
    if (n > 0 && (size_t)n < size && web_route_isfile(out))
        return 0;
    if (r->alt && web_route_isfile(r->alt)) {
        snprintf(out, size, "%s", r->alt);
        return 0;
    }
    return -1;
}

int web_route_missing(const char *root, char *out, size_t size)
{
    int n = 0;
    size_t k = 0;
    out[0] = 0;
    for (const web_route *r = web_routes; r->path; r++) {
        char path[1400];
        if (r->kind != WEB_ROUTE_FILE || web_route_file(r, root, path,
                                                        sizeof path) == 0)
            continue;
        /* "/" and "/index.html" are one file: named once. */
        int again = 0;
        for (const web_route *q = web_routes; q < r; q++)
            again |= q->kind == WEB_ROUTE_FILE &&
                     strcmp(q->file, r->file) == 0;
        if (again)
            continue;
        n++;
        if (k < size)
            k += (size_t)snprintf(out + k, size - k, "%s%s", k ? " " : "",
                                  r->file);
    }
    return n;
}
