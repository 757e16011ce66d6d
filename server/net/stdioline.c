/*
 * stdioline.c - the line of `ttyarcade play`: this process's stdin and
 * stdout.  A terminal is put in raw mode (and restored at the end); a pipe
 * or a file is plain bytes, so a script can play a whole game.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "sess.h"
#include "srv.h"
#include "stdioline.h"
#include "wstream.h"

typedef struct stdioline {
    union { uv_tty_t tty; uv_pipe_t pipe; } in, out;
    uv_handle_type in_type, out_type;
    wstream w;
    uv_signal_t winch;
    sess *s;
    int open_handles;
    int raw;
    int in_done;        /* end of input (or ^C, ^D) was read */
} stdioline;

static void stdio_size(stdioline *l)
{
    int w, h;
    if (l->out_type == UV_TTY && uv_tty_get_winsize(&l->out.tty, &w, &h) == 0)
        sess_set_size(l->s, w, h);
}

static void stdio_winch(uv_signal_t *sig, int signum)
{
    (void)signum;
    stdio_size(sig->data);
}

static void stdio_send(sess *s, const char *p, size_t n)
{
    stdioline *l = s->tr;
    if (l->out_type == UV_FILE) {
        /* A regular file never makes us wait. */
        while (n) {
            ssize_t k = write(STDOUT_FILENO, p, n);
            if (k <= 0)
                return;
            p += k;
            n -= (size_t)k;
        }
        return;
    }
    wstream_write(&l->w, p, n);
}

static size_t stdio_backlog(sess *s)
{
    stdioline *l = s->tr;
    return l->w.backlog;
}

static void stdio_closed(uv_handle_t *h)
{
    stdioline *l = h->data;
    if (--l->open_handles > 0)
        return;
    if (l->raw)
        uv_tty_reset_mode();
    sess_unref(l->s);
    free(l);
}

static void stdio_close_handle(stdioline *l, uv_handle_t *h)
{
    if (!uv_is_closing(h)) {
        h->data = l;
        uv_close(h, stdio_closed);
    }
}

static void stdio_shutdown_done(uv_shutdown_t *req, int status)
{
    (void)status;
    stdioline *l = req->data;
    free(req);
    stdio_close_handle(l, (uv_handle_t *)&l->out);
}

static void stdio_close(sess *s)
{
    stdioline *l = s->tr;
    stdio_close_handle(l, (uv_handle_t *)&l->winch);
    if (l->in_type != UV_FILE)
        stdio_close_handle(l, (uv_handle_t *)&l->in);
    if (l->out_type != UV_FILE) {
        /* Everything printed reaches stdout before we close it. */
        uv_shutdown_t *req = malloc(sizeof *req);
        if (req) {
            req->data = l;
            if (uv_shutdown(req, (uv_stream_t *)&l->out,
                            stdio_shutdown_done) == 0)
                return;
            free(req);
        }
        stdio_close_handle(l, (uv_handle_t *)&l->out);
    }
}

static void stdio_read(uv_stream_t *st, ssize_t n, const uv_buf_t *b);
static void stdio_slurp(stdioline *l);

/* A script piped in faster than the game reads waits in the pipe (its
 * writer blocks) until the game has taken keys. */
static void stdio_hold(sess *s, int on)
{
    stdioline *l = s->tr;
    if (l->in_done)
        return;     /* an ended input stays ended */
    if (l->in_type == UV_FILE) {
        if (!on)
            stdio_slurp(l);
        return;
    }
    if (uv_is_closing((uv_handle_t *)&l->in))
        return;
    if (on)
        uv_read_stop((uv_stream_t *)&l->in);
    else
        uv_read_start((uv_stream_t *)&l->in, wstream_alloc, stdio_read);
}

static const sess_ops stdio_ops = {
    .name = "stdio",
    .send = stdio_send,
    .backlog = stdio_backlog,
    .close = stdio_close,
    .hold = stdio_hold,
};

static void stdio_read(uv_stream_t *st, ssize_t n, const uv_buf_t *b)
{
    stdioline *l = st->data;
    if (n < 0) {
        l->in_done = 1;
        uv_read_stop(st);
        sess_end_input(l->s);   /* end of the script: the game unwinds */
        return;
    }
    if (l->raw) {
        /* In raw mode ^C and ^D are bytes; at a local terminal they still
         * mean "stop". */
        for (ssize_t i = 0; i < n; i++) {
            if (b->base[i] == 3 || b->base[i] == 4) {
                sess_input(l->s, (const unsigned char *)b->base, (size_t)i);
                l->in_done = 1;
                uv_read_stop(st);
                sess_end_input(l->s);
                return;
            }
        }
    }
    sess_input(l->s, (const unsigned char *)b->base, (size_t)n);
}

/* Regular files cannot be polled; they can be read at once, as far as
 * the game has room for (stdio_hold reads on when it has taken keys). */
static void stdio_slurp(stdioline *l)
{
    char chunk[4096];
    ssize_t n = 1;
    while (!l->in_done && !l->s->holding &&
           (n = read(STDIN_FILENO, chunk, sizeof chunk)) > 0)
        sess_input(l->s, (const unsigned char *)chunk, (size_t)n);
    if (n <= 0 && !l->in_done) {
        l->in_done = 1;
        sess_end_input(l->s);
    }
}

sess *stdioline_open(const profile *p)
{
    stdioline *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->in_type = uv_guess_handle(STDIN_FILENO);
    l->out_type = uv_guess_handle(STDOUT_FILENO);
    if (!p) {
        const char *term = getenv("TERM");
        p = l->out_type == UV_TTY && term ? profile_for_ttype(term)
                                          : profile_find("glass");
    }
    l->s = sess_new(&stdio_ops, l, "stdin", p);
    l->w.s = l->s;

    if (l->out_type == UV_TTY) {
        uv_tty_init(srv_loop, &l->out.tty, STDOUT_FILENO, 0);
        l->open_handles++;
    } else if (l->out_type != UV_FILE) {
        uv_pipe_init(srv_loop, &l->out.pipe, 0);
        uv_pipe_open(&l->out.pipe, STDOUT_FILENO);
        l->open_handles++;
    }
    l->w.stream = (uv_stream_t *)&l->out;
    l->out.tty.data = l;

    uv_signal_init(srv_loop, &l->winch);
    l->winch.data = l;
    l->open_handles++;
    uv_signal_start(&l->winch, stdio_winch, SIGWINCH);
    uv_unref((uv_handle_t *)&l->winch);

    if (l->in_type == UV_TTY) {
        uv_tty_init(srv_loop, &l->in.tty, STDIN_FILENO, 1);
        uv_tty_set_mode(&l->in.tty, UV_TTY_MODE_RAW);
        /* libuv's raw mode keeps ONLCR; our CR LF must go out as it is. */
        struct termios t;
        if (tcgetattr(STDIN_FILENO, &t) == 0) {
            t.c_oflag &= ~(tcflag_t)OPOST;
            tcsetattr(STDIN_FILENO, TCSANOW, &t);
        }
        l->raw = 1;
        l->open_handles++;
    } else if (l->in_type != UV_FILE) {
        uv_pipe_init(srv_loop, &l->in.pipe, 0);
        uv_pipe_open(&l->in.pipe, STDIN_FILENO);
        l->open_handles++;
    }
    l->in.tty.data = l;
    stdio_size(l);
    if (l->in_type == UV_FILE)
        stdio_slurp(l);
    else
        uv_read_start((uv_stream_t *)&l->in, wstream_alloc, stdio_read);
    return l->s;
}
