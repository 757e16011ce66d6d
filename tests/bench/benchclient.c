/*
 * benchclient.c - the load benchmarks' telnet client (see benchclient.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "benchclient.h"

enum { TN_SE = 240, TN_SB = 250, TN_WILL = 251, TN_DO = 253, TN_DONT = 254,
       TN_WONT = 252, TN_IAC = 255, TN_ECHO = 1, TN_SGA = 3 };

/* Every client reads into the same buffer: its bytes are parsed before
 * the next read. */
static void tn_alloc(uv_handle_t *h, size_t hint, uv_buf_t *b)
{
    static char shared[65536];
    (void)h;
    (void)hint;
    *b = uv_buf_init(shared, sizeof shared);
}

static void tn_connected(uv_connect_t *req, int status)
{
    bench_tn *t = (bench_tn *)req->handle;     /* tcp is its first member */
    if (status < 0) {
        t->on_read((uv_stream_t *)&t->tcp, status, NULL);
        return;
    }
    uv_read_start((uv_stream_t *)&t->tcp, tn_alloc, t->on_read);
}

void bench_tn_open(bench_tn *t, uv_loop_t *loop, int port, char *tail,
                   size_t size, void *owner, uv_read_cb on_read)
{
    struct sockaddr_in addr;
    uv_ip4_addr("127.0.0.1", port, &addr);
    memset(t, 0, sizeof *t);
    t->tail = tail;
    t->size = size;
    tail[0] = 0;
    t->on_read = on_read;
    uv_tcp_init(loop, &t->tcp);
    uv_tcp_nodelay(&t->tcp, 1);
    t->tcp.data = owner;
    uv_tcp_connect(&t->req, &t->tcp, (struct sockaddr *)&addr,
                   tn_connected);
}

void bench_tn_send(bench_tn *t, const char *s, size_t n)
{
    uv_buf_t b = uv_buf_init((char *)s, (unsigned)n);
    uv_try_write((uv_stream_t *)&t->tcp, &b, 1);
}

void bench_tn_feed(bench_tn *t, const char *p, size_t n)
{
    t->got += n;
    for (size_t i = 0; i < n; i++) {
        unsigned char b = (unsigned char)p[i];
        if (t->in_sb) {
            if (t->iac && b == TN_SE)
                t->in_sb = 0;
            t->iac = (b == TN_IAC) && !t->iac;
            continue;
        }
        if (t->iac == 2) {
            char reply[3] = { (char)TN_IAC, 0, (char)b };
            if (t->cmd == TN_WILL)
                reply[1] = (char)(b == TN_ECHO || b == TN_SGA ? TN_DO
                                                              : TN_DONT);
            else if (t->cmd == TN_DO)
                reply[1] = (char)TN_WONT;
            if (reply[1])
                bench_tn_send(t, reply, 3);
            t->iac = 0;
            continue;
        }
        if (t->iac == 1) {
            if (b >= TN_WILL && b <= TN_DONT) {
                t->cmd = b;
                t->iac = 2;
            } else {
                t->in_sb = b == TN_SB;
                t->iac = 0;
            }
            continue;
        }
        if (b == TN_IAC) {
            t->iac = 1;
            continue;
        }
        if (t->len == t->size - 1) {
            size_t half = t->size / 2;
            memmove(t->tail, t->tail + half, t->len - half);
            t->len -= half;
        }
        t->tail[t->len++] = (char)b;
        t->tail[t->len] = 0;
    }
}

int bench_tn_has(const bench_tn *t, const char *s)
{
    return strstr(t->tail, s) != NULL;
}

void bench_tn_clear(bench_tn *t)
{
    t->len = 0;
    t->tail[0] = 0;
}

int bench_tn_saw(bench_tn *t, const char *s)
{
    if (!bench_tn_has(t, s))
        return 0;
    bench_tn_clear(t);
    return 1;
}

static void tick(uv_timer_t *t)
{
    (void)t;
}

void bench_run_until(uv_loop_t *loop, int (*cond)(void), int ms)
{
    uv_timer_t t;
    uv_timer_init(loop, &t);
    uv_timer_start(&t, tick, 10, 10);
    uint64_t until = uv_hrtime() + (uint64_t)ms * 1000000;
    while (!(cond && cond()) && uv_hrtime() < until)
        uv_run(loop, UV_RUN_ONCE);
    uv_close((uv_handle_t *)&t, NULL);
    uv_run(loop, UV_RUN_NOWAIT);
}
