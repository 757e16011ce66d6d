/*
 * web_out.h - the answers of the site's pages (web_site.h): a body built
 * in memory, which a cache may hand to many requests at once, sent a
 * piece at a time as the socket takes it; a file (a recording); and
 * answers that wait for the store, whose calls block and so run on the
 * libuv threadpool while the loop goes on.
 *
 * Each web connection keeps a web_conn in its lws space (web.c): the
 * answer being sent and the work being waited for.  A connection that
 * closes first leaves its work to finish for nobody.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef WEB_OUT_H
#define WEB_OUT_H

#include <stddef.h>
#include <uv.h>

#include "buf.h"

struct lws;

/* Bytes shared by every answer that sends them (counted references). */
typedef struct web_body {
    int refs;
    size_t len;
    char *data;
} web_body;
/* A body holding b's bytes (b is left empty); one reference. */
web_body *web_body_take(buf *b);
web_body *web_body_ref(web_body *body);
void web_body_unref(web_body *body);

typedef struct web_reply {
    int status;                 /* 200, 404... */
    const char *mime;
    web_body *body;             /* a reference; NULL with file */
    char file[1100];            /* or a file sent as it is */
    char disposition[128];      /* a Content-Disposition, or "" */
    int retry_after;            /* seconds for a Retry-After, or 0 */
    size_t off;                 /* body bytes sent */
    unsigned started : 1;       /* the headers are sent */
} web_reply;

/* An answer of body (a reference is taken) or of the file at path. */
web_reply *web_reply_body(int status, const char *mime, web_body *body);
web_reply *web_reply_file(const char *path, const char *mime,
                          const char *disposition);
/* An HTML page built in b (left empty). */
web_reply *web_reply_html(int status, buf *b);
/* A page found (200) of body: HTML, or JSON. */
web_reply *web_reply_page(web_body *body, int json);

struct web_job;
typedef struct web_conn {
    web_reply *reply;           /* being sent */
    struct web_job *job;        /* being waited for */
} web_conn;

/* Answer the request on wsi with r (taken), from the next time the
 * socket is writable: the callback's return (0). */
int web_out_send(struct lws *wsi, web_conn *c, web_reply *r);
/* 1 if c has an answer on its way. */
int web_out_pending(const web_conn *c);
/* The socket takes more: the next piece; the callback's return. */
int web_out_writable(struct lws *wsi, web_conn *c);
/* The connection is gone (or its transaction is over). */
void web_out_gone(web_conn *c);

/* Work for the store on the threadpool: a page's own job embeds this
 * first.  run is a worker's (the store may block it); answer the loop's,
 * once run is done, whether anyone still waits (a cache may keep what it
 * read): it returns the answer, or NULL when nobody waits. */
typedef struct web_job {
    uv_work_t work;
    struct lws *wsi;
    web_conn *conn;             /* NULL once the connection is gone */
    void (*run)(struct web_job *j);
    web_reply *(*answer)(struct web_job *j, int waited);
    /* or NULL: lets go of what j holds when it is refused (never run) */
    void (*drop)(struct web_job *j);
} web_job;

/* The store jobs of the site in flight at once (running or queued on the
 * pool), across all connections: half of libuv's pool (4 threads, which
 * the server leaves as it is).  The saves and loads of games, the
 * hashing of passwords, messages and the relay share that pool; pages
 * that wait for a slow store (a lock, a busy disk) never take the rest
 * of it from them. */
#define WEB_JOBS_MAX 2

/* Start j (run and answer set, drop if needed, the rest zero) for the
 * request on wsi: the callback's return.  j is freed (free) after its
 * answer.  With WEB_JOBS_MAX in flight already, j is dropped and freed
 * and the request answered at once: 503 with Retry-After: 1, counted in
 * ttyarcade_refused_total{reason="web_busy"}. */
int web_job_start(struct lws *wsi, web_conn *c, web_job *j);
/* /metrics: the site's store jobs in flight now (ttyarcade_web_jobs). */
void web_jobs_metrics(buf *out);

#endif
