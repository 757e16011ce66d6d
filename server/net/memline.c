/*
 * memline.c - the in-memory line.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "memline.h"
#include "menu.h"
#include "registry.h"
#include "sess.h"
#include "srv.h"
#include "store_main.h"
#include "watch.h"

typedef struct memline {
    buf out;
    const memline_opts *o;
    const unsigned char *in;
    size_t inlen, fed;
    sess *s;
    uv_prepare_t typist;
    int resized;
    int noticed;
    int held;           /* the session asked us to stop typing */
} memline;

static void mem_send(sess *s, const char *p, size_t n)
{
    memline *m = s->tr;
    buf_add(&m->out, p, n);
    if (m->o->sent)
        m->o->sent(m->o->ctx, p, n);
    if (!m->o->stuck)
        sess_output_progress(s);
}

static size_t mem_backlog(sess *s)
{
    memline *m = s->tr;
    return m->o->stuck ? buf_avail(&m->out) : 0;
}

static void mem_close(sess *s)
{
    sess_unref(s);
}

static void mem_hold(sess *s, int on)
{
    memline *m = s->tr;
    m->held = on;
}

static const sess_ops mem_ops = {
    .name = "mem",
    .send = mem_send,
    .backlog = mem_backlog,
    .close = mem_close,
    .hold = mem_hold,
};

/* A burst typist: the next burst whenever the line is read, whatever the
 * game is doing, until the script is used up. */
static void mem_type_burst(memline *m)
{
    sess *s = m->s;
    if (!s->co || m->held)
        return;
    if (m->fed < m->inlen) {
        size_t n = m->inlen - m->fed;
        if (n > (size_t)m->o->burst)
            n = (size_t)m->o->burst;
        sess_input(s, m->in + m->fed, n);
        m->fed += n;
    } else {
        sess_end_input(s);
        uv_prepare_stop(&m->typist);
    }
}

/* The bytes of one key: an ANSI sequence (ESC [ ... final, ESC O x)
 * arrives as one, the way a terminal sends it; anything else is a byte. */
static size_t mem_key_length(const unsigned char *p, size_t left)
{
    if (left < 2 || p[0] != 27)
        return 1;
    if (p[1] == 'O')
        return left >= 3 ? 3 : left;
    if (p[1] != '[')
        return 1;
    size_t n = 2;
    while (n < left && !(p[n] >= 0x40 && p[n] <= 0x7e))
        n++;
    return n < left ? n + 1 : left;
}

/*
 * The typist: just before the loop would sleep, if the game is waiting
 * for a key and has none, type the next one; when the script is used up,
 * hang up.  So a script is typed the way a person types at prompts, one
 * key at a time, never ahead of the game.
 */
static void mem_type(uv_prepare_t *h)
{
    memline *m = h->data;
    sess *s = m->s;
    if (m->o->burst > 0) {
        mem_type_burst(m);
        return;
    }
    /* The typist waits out timed waits (an animation, a sleep) unless the
     * test wants it to type into a timed wait for a key; only an
     * open-ended wait is told the script is over. */
    int timed = uv_is_active((uv_handle_t *)&s->runner->wait_timer);
    if (timed && !(m->o->eager && s->runner->wants_key && m->fed < m->inlen))
        return;
    int polled = s->runner->polling && m->o->eager;   /* CKINP spins */
    if (!s->co || !(s->runner->blocked || polled) || s->kcount ||
        s->jobs ||
        pacer_armed(&s->pace) ||
        uv_is_active((uv_handle_t *)&s->esc_timer))
        return;
    if (m->o->resize_after && !m->resized &&
        m->fed >= (size_t)m->o->resize_after) {
        m->resized = 1;
        sess_set_size(s, m->o->resize_width, m->o->resize_height);
        if (s->resized)
            return;     /* the game hears of it before the next key */
    }
    if (m->o->notice_after && !m->noticed &&
        m->fed >= (size_t)m->o->notice_after) {
        m->noticed = 1;
        sess_notice(s, m->o->notice, m->o->notice_flags);
    }
    if (m->fed < m->inlen) {
        size_t n = mem_key_length(m->in + m->fed, m->inlen - m->fed);
        sess_input(s, m->in + m->fed, n);
        m->fed += n;
    } else {
        sess_end_input(s);
        uv_prepare_stop(h);
    }
}

static void mem_main(sess *s)
{
    memline *m = s->tr;
    const memline_opts *o = m->o;
    if (o->name)
        snprintf(s->name, sizeof s->name, "%s", o->name);
    if (o->run) {
        o->run(s, o->ctx);
    } else if (o->resume) {
        menu_resume(s, o->resume);
    } else if (o->game) {
        const tty_game *g = tty_game_find(o->game);
        if (g && g->run)
            menu_run_game(s, g, NULL);
        else
            tty_printf(s, "NO GAME %s\n", o->game);
    } else {
        menu_main(s);
    }
}

char *memline_run(const memline_opts *o, const char *input, size_t inlen,
                  size_t *len)
{
    if (!srv.max_sessions)
        srv_conf_defaults();
    srv.seeded = 1;
    srv.seed = o->seed;
    srv.idle_ms = 0;
    if (o->log)
        srv_log_open(o->log);
    else
        srv_log_silence();
    srv_loop = uv_default_loop();
    watch_init();
    if (o->data && store_main_open(o->data) != 0)
        return NULL;
    memline m = { .o = o, .in = (const unsigned char *)input,
                  .inlen = inlen };
    const profile *p = profile_find(o->profile ? o->profile : "glass");
    sess *s = sess_new(&mem_ops, &m, "mem", p);
    sess_set_id(s, o->k);
    if (o->width || o->height) {
        s->caps.width = o->width ? o->width : s->caps.width;
        s->caps.height = o->height ? o->height : s->caps.height;
        pfilter_init(&s->pf, p, s->caps.width);
    }
    if (o->baud)
        sess_set_baud(s, o->baud, 0);
    sess_set_client_echoes(s, o->remote_echo);
    sess_ref(s);        /* keep it to read its output after it ends */
    m.s = s;
    uv_prepare_init(srv_loop, &m.typist);
    m.typist.data = &m;
    uv_prepare_start(&m.typist, mem_type);
    uv_unref((uv_handle_t *)&m.typist);
    sess_start(s, mem_main);
    uv_run(srv_loop, UV_RUN_DEFAULT);
    uv_close((uv_handle_t *)&m.typist, NULL);
    buf_addc(&m.out, 0);
    char *text = malloc(buf_avail(&m.out));
    if (text)
        memcpy(text, buf_data(&m.out), buf_avail(&m.out));
    if (len)
        *len = buf_avail(&m.out) - 1;
    buf_free(&m.out);
    sess_unref(s);
    uv_run(srv_loop, UV_RUN_DEFAULT);   /* let its timers close */
    if (o->data) {
        store_close(store_main);
        store_main = NULL;
    }
    return text;
}
