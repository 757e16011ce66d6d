/*
 * web_out.c - the site's answers and its work off the loop (see
 * web_out.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <libwebsockets.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"
#include "srv.h"
#include "web_html.h"
#include "web_out.h"

#define WEB_OUT_PIECE 32768     /* body bytes a writable callback sends */

web_body *web_body_take(buf *b)
{
    web_body *body = calloc(1, sizeof *body);
    if (!body)
        abort();
    body->refs = 1;
    body->len = buf_avail(b);
    body->data = malloc(body->len + 1);
    if (!body->data)
        abort();
    memcpy(body->data, buf_data(b), body->len);
    buf_free(b);
    return body;
}

web_body *web_body_ref(web_body *body)
{
    if (body)
        body->refs++;
    return body;
}

void web_body_unref(web_body *body)
{
    if (body && --body->refs == 0) {
        free(body->data);
        free(body);
    }
}

web_reply *web_reply_body(int status, const char *mime, web_body *body)
{
    web_reply *r = calloc(1, sizeof *r);
    if (!r)
        abort();
    r->status = status;
    r->mime = mime;
    r->body = web_body_ref(body);
    return r;
}

web_reply *web_reply_file(const char *path, const char *mime,
                          const char *disposition)
{
    web_reply *r = web_reply_body(200, mime, NULL);
    snprintf(r->file, sizeof r->file, "%s", path);
    snprintf(r->disposition, sizeof r->disposition, "%s",
             disposition ? disposition : "");
    return r;
}

static web_reply *web_reply_of(int status, const char *mime, buf *b)
{
    web_body *body = web_body_take(b);
    web_reply *r = web_reply_body(status, mime, body);
    web_body_unref(body);
    return r;
}

#define WEB_OUT_HTML "text/html; charset=utf-8"
#define WEB_OUT_JSON "application/json"

web_reply *web_reply_html(int status, buf *b)
{
    return web_reply_of(status, WEB_OUT_HTML, b);
}

web_reply *web_reply_page(web_body *body, int json)
{
    return web_reply_body(200, json ? WEB_OUT_JSON : WEB_OUT_HTML, body);
}

static void web_reply_free(web_reply *r)
{
    if (r) {
        web_body_unref(r->body);
        free(r);
    }
}

int web_out_send(struct lws *wsi, web_conn *c, web_reply *r)
{
    web_reply_free(c->reply);
    c->reply = r;
    lws_callback_on_writable(wsi);
    return 0;
}

int web_out_pending(const web_conn *c)
{
    return c->reply != NULL;
}

/* The headers every answer of the site is sent with (as web.c sends its
 * files): not to be read as another type, no referrer to other sites,
 * and asked again each time (the pages change). */
static const struct { const char *name, *value; } web_out_common[] = {
    { "x-content-type-options", "nosniff" },
    { "referrer-policy", "no-referrer" },
    { "cache-control", "no-cache" },
};
#define WEB_OUT_NCOMMON (sizeof web_out_common / sizeof web_out_common[0])

static int web_out_headers(struct lws *wsi, web_reply *r)
{
    unsigned char hdr[LWS_PRE + 1024];
    unsigned char *start = hdr + LWS_PRE, *p = start;
    unsigned char *end = hdr + sizeof hdr - 1;
    if (lws_add_http_common_headers(wsi, (unsigned)r->status, r->mime,
                                    (lws_filepos_t)r->body->len, &p, end))
        return -1;
    for (size_t i = 0; i < WEB_OUT_NCOMMON; i++) {
        char name[64];
        snprintf(name, sizeof name, "%s:", web_out_common[i].name);
        const char *v = web_out_common[i].value;
        if (lws_add_http_header_by_name(wsi, (const unsigned char *)name,
                                        (const unsigned char *)v,
                                        (int)strlen(v), &p, end))
            return -1;
    }
    if (r->retry_after > 0) {
        char v[16];
        int n = snprintf(v, sizeof v, "%d", r->retry_after);
        if (lws_add_http_header_by_token(wsi, WSI_TOKEN_HTTP_RETRY_AFTER,
                                         (const unsigned char *)v, n, &p,
                                         end))
            return -1;
    }
    return lws_finalize_write_http_header(wsi, start, &p, end) ? -1 : 0;
}

/* The answer is all sent: the connection may take another request. */
static int web_out_done(struct lws *wsi, web_conn *c)
{
    web_reply_free(c->reply);
    c->reply = NULL;
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

static int web_out_file(struct lws *wsi, web_conn *c)
{
    web_reply *r = c->reply;
    buf h = { 0 };
    for (size_t i = 0; i < WEB_OUT_NCOMMON; i++)
        buf_printf(&h, "%s: %s\x0d\x0a", web_out_common[i].name,
                   web_out_common[i].value);
    if (r->disposition[0])
        buf_printf(&h, "content-disposition: %s\x0d\x0a", r->disposition);
    c->reply = NULL;
    int n = lws_serve_http_file(wsi, r->file, r->mime, buf_data(&h),
                                (int)buf_avail(&h));
    buf_free(&h);
    web_reply_free(r);
    if (n < 0 || (n > 0 && lws_http_transaction_completed(wsi)))
        return -1;
    return 0;
}

int web_out_writable(struct lws *wsi, web_conn *c)
{
    static unsigned char piece[LWS_PRE + WEB_OUT_PIECE];
    web_reply *r = c->reply;
    if (!r)
        return 0;
    if (r->file[0])
        return web_out_file(wsi, c);
    if (!r->started) {
        if (web_out_headers(wsi, r) != 0)
            return -1;
        r->started = 1;
        /* A HEAD is answered with the headers alone. */
        if (!r->body->len || lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI))
            return web_out_done(wsi, c);
        lws_callback_on_writable(wsi);
        return 0;
    }
    size_t n = r->body->len - r->off;
    if (n > WEB_OUT_PIECE)
        n = WEB_OUT_PIECE;
    memcpy(piece + LWS_PRE, r->body->data + r->off, n);
    r->off += n;
    int last = r->off == r->body->len;
    if (lws_write(wsi, piece + LWS_PRE, n,
                  last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) < 0)
        return -1;
    if (last)
        return web_out_done(wsi, c);
    lws_callback_on_writable(wsi);
    return 0;
}

void web_out_gone(web_conn *c)
{
    web_reply_free(c->reply);
    c->reply = NULL;
    if (c->job) {
        c->job->conn = NULL;
        c->job = NULL;
    }
}

/* ---- work off the loop ---------------------------------------------- */

/* Counted on the loop thread only (start, and the after callback), so no
 * lock. */
static int web_jobs;

void web_jobs_metrics(buf *out)
{
    buf_printf(out, "# HELP ttyarcade_web_jobs The web pages' reads of the "
                    "store running or queued now (at most %d).\n"
                    "# TYPE ttyarcade_web_jobs gauge\n"
                    "ttyarcade_web_jobs %d\n", WEB_JOBS_MAX, web_jobs);
}

static void web_job_run(uv_work_t *w)
{
    web_job *j = w->data;
    j->run(j);
}

static void web_job_after(uv_work_t *w, int status)
{
    web_job *j = w->data;
    (void)status;
    web_jobs--;
    web_conn *c = j->conn;
    if (c)
        c->job = NULL;
    web_reply *r = j->answer(j, c != NULL);
    if (c && r)
        web_out_send(j->wsi, c, r);
    else
        web_reply_free(r);
    free(j);
}

/* j is not run: what it holds let go, and the browser told at once to
 * come back in a second (a page of the site's own, as lws's status page
 * cannot carry the header). */
static int web_job_refuse(struct lws *wsi, web_conn *c, web_job *j)
{
    if (j->drop)
        j->drop(j);
    free(j);
    metrics_refused(METRICS_REFUSED_WEB_BUSY);
    buf b = { 0 };
    web_html_begin(&b, "Busy", NULL, NULL);
    buf_adds(&b, "<p>The server is busy reading other pages just now. "
                 "Try again in a moment.</p>\n");
    web_html_end(&b);
    web_reply *r = web_reply_html(HTTP_STATUS_SERVICE_UNAVAILABLE, &b);
    r->retry_after = 1;
    return web_out_send(wsi, c, r);
}

int web_job_start(struct lws *wsi, web_conn *c, web_job *j)
{
    if (web_jobs >= WEB_JOBS_MAX)
        return web_job_refuse(wsi, c, j);
    j->wsi = wsi;
    j->conn = c;
    j->work.data = j;
    if (uv_queue_work(srv_loop, &j->work, web_job_run, web_job_after) != 0)
        return web_job_refuse(wsi, c, j);
    c->job = j;
    web_jobs++;
    return 0;
}
