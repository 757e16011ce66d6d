/*
 * web_file.c - the pages' files as libwebsockets serves them, compressed
 * and cached (see web_file.h).
 *
 * Compression is done once, by make (gzip -9 -n: FILE.gz beside FILE);
 * the server only chooses: a client that takes gzip (lws's own test of
 * Accept-Encoding) gets FILE.gz with Content-Encoding: gzip, when it is
 * there and not older than FILE (an edited page is never served stale);
 * anyone else gets FILE.  lws_serve_http_file sends either, so no HTTP is
 * written here but the headers it is handed.
 *
 * Caching: each answer names its file by an entity tag made of its size
 * and time (the compressed and the plain one differ, as they must), with
 * "Cache-Control: no-cache": a browser keeps the file and asks each time
 * whether it changed, and the answer to a tag it already holds is 304 Not
 * Modified with no body.  A second visit thus costs the headers alone,
 * and a new version of a page is seen at once.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <libwebsockets.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "web_file.h"

/* The client's header as lws parsed it ("" when absent or too long). */
static void web_file_header(struct lws *wsi, enum lws_token_indexes h,
                            char *out, int size)
{
    out[0] = 0;
    if (lws_hdr_total_length(wsi, h) > 0 &&
        lws_hdr_total_length(wsi, h) < size &&
        lws_hdr_copy(wsi, out, size, h) < 0)
        out[0] = 0;
}

static int web_file_stat(const char *path, struct stat *st)
{
    return stat(path, st) == 0 && S_ISREG(st->st_mode) ? 0 : -1;
}

/* 304: the client's copy is the one it would get. */
static int web_file_unchanged(struct lws *wsi, const char *etag,
                              const char *headers)
{
    unsigned char buf[LWS_PRE + 1024];
    unsigned char *start = buf + LWS_PRE, *p = start, *end = buf + sizeof buf;
    if (lws_add_http_header_status(wsi, HTTP_STATUS_NOT_MODIFIED, &p, end) ||
        lws_add_http_header_by_token(wsi, WSI_TOKEN_HTTP_ETAG,
                                     (const unsigned char *)etag,
                                     (int)strlen(etag), &p, end))
        return -1;
    /* the same caching and other headers as the 200 would carry */
    size_t n = strlen(headers);
    if ((size_t)(end - p) <= n)
        return -1;
    memcpy(p, headers, n);
    p += n;
    if (lws_finalize_http_header(wsi, &p, end) ||
        lws_write(wsi, start, (size_t)(p - start), LWS_WRITE_HTTP_HEADERS) !=
            (int)(p - start))
        return -1;
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

int web_file_serve(struct lws *wsi, const char *path, const char *mime,
                   const char *headers)
{
    struct stat st, gz;
    char gzpath[1500], take[256], have[256], etag[80], common[768];
    char extra[1024];
    if (web_file_stat(path, &st) != 0)
        return -1;
    web_file_header(wsi, WSI_TOKEN_HTTP_ACCEPT_ENCODING, take, sizeof take);
    int zipped = strstr(take, "gzip") &&
                 snprintf(gzpath, sizeof gzpath, "%s.gz", path) <
                     (int)sizeof gzpath &&
                 web_file_stat(gzpath, &gz) == 0 &&
                 gz.st_mtime >= st.st_mtime;
    const struct stat *sent = zipped ? &gz : &st;
    snprintf(etag, sizeof etag, "\"%llx-%llx.%lx%s\"",
             (unsigned long long)sent->st_size,
             (unsigned long long)sent->st_mtim.tv_sec,
             (unsigned long)sent->st_mtim.tv_nsec, zipped ? "-gz" : "");
    /* Every answer depends on Accept-Encoding, so caches keep both. */
    int n = snprintf(common, sizeof common, "%svary: accept-encoding\x0d\x0a",
                     headers);
    if (n < 0 || n >= (int)sizeof common)
        return -1;
    web_file_header(wsi, WSI_TOKEN_HTTP_IF_NONE_MATCH, have, sizeof have);
    if (strcmp(have, etag) == 0)
        return web_file_unchanged(wsi, etag, common);
    n = snprintf(extra, sizeof extra, "%setag: %s\x0d\x0a%s", common, etag,
                 zipped ? "content-encoding: gzip\x0d\x0a" : "");
    if (n < 0 || n >= (int)sizeof extra)
        return -1;
    n = lws_serve_http_file(wsi, zipped ? gzpath : path, mime, extra, n);
    if (n < 0 || (n > 0 && lws_http_transaction_completed(wsi)))
        return -1;
    return 0;
}
