/*
 * tty_io.c - the contract's terminal calls (games/tty.h) on a session:
 * PRINT, MSG, INPUTN, CKINP and the line input, waits and randomness
 * built beside them.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sess.h"
#include "srv.h"

/* ---- PRINT and MSG -------------------------------------------------- */

void tty_print(tty_io *io, int c)
{
    char ch = (char)c;
    sess_emit(io, &ch, 1);
}

void tty_msg(tty_io *io, const char *s)
{
    sess_emit(io, s, strlen(s));
}

void tty_write(tty_io *io, const char *s, size_t n)
{
    sess_emit(io, s, n);
}

void tty_vprintf(tty_io *io, const char *fmt, va_list ap)
{
    char small[512];
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    if (n < 0) {
        va_end(ap2);
        return;
    }
    if ((size_t)n < sizeof small) {
        sess_emit(io, small, (size_t)n);
    } else {
        char *big = malloc((size_t)n + 1);
        if (big) {
            vsnprintf(big, (size_t)n + 1, fmt, ap2);
            sess_emit(io, big, (size_t)n);
            free(big);
        }
    }
    va_end(ap2);
}

void tty_printf(tty_io *io, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tty_vprintf(io, fmt, ap);
    va_end(ap);
}

int tty_drain(tty_io *io)
{
    sess *me = sess_self();
    sess_flush(io);
    while (!io->line_down && sess_backlog(io) > 0) {
        me->timer_fired = 0;
        sess_block(me, 200);
    }
    return io->eof ? TTY_EOF : 0;
}

/* ---- ANSI ----------------------------------------------------------- */

void tty_clear(tty_io *io)
{
    if (io->caps.ansi)
        tty_msg(io, "\033[H\033[2J");
}

void tty_goto(tty_io *io, int row, int col)
{
    if (io->caps.ansi)
        tty_printf(io, "\033[%d;%dH", row, col);
}

void tty_clear_eol(tty_io *io)
{
    if (io->caps.ansi)
        tty_msg(io, "\033[K");
}

void tty_attr(tty_io *io, const char *sgr)
{
    if (io->caps.ansi)
        tty_printf(io, "\033[%sm", sgr);
}

void tty_cursor(tty_io *io, int visible)
{
    if (io->caps.ansi)
        tty_msg(io, visible ? "\033[?25h" : "\033[?25l");
}

void tty_region(tty_io *io, int top, int bottom)
{
    if (!io->caps.ansi)
        return;
    if (top <= 0 || bottom <= top)
        tty_msg(io, "\033[r");
    else
        tty_printf(io, "\033[%d;%dr", top, bottom);
}

/* ---- keys ----------------------------------------------------------- */

/* Something for tty_key: a key, the end of input or a new size. */
static int tty_key_ready(void *arg)
{
    tty_io *io = arg;
    return io->kcount || io->eof || (io->resized && io->want_resize);
}

/* Take a key from io, waiting up to ms (< 0: forever, 0: not at all). */
static int tty_key(tty_io *io, int ms)
{
    sess *me = sess_self();
    io->prompt_ns = uv_hrtime();
    me->wants_key = 1;
    int ready = sess_wait(me, ms, tty_key_ready, io);
    me->wants_key = 0;
    if (!ready)
        return TTY_TIMEOUT;
    /* Keys typed before a hang-up are still the player's. */
    if (io->kcount) {
        int key = io->keys[io->khead];
        io->khead = (io->khead + 1) % SESS_KEYS;
        io->kcount--;
        sess_refill(io);    /* room again: held bytes become keys */
        /* The book's register L: without a seed, how long the player
         * took to answer is what makes the game unpredictable. */
        if (!io->seeded)
            rng_stir(&io->rng, uv_hrtime() - io->prompt_ns);
        return key;
    }
    if (io->eof)
        return TTY_EOF;
    io->resized = 0;
    return TTY_KEY_RESIZE;
}

static int tty_printable(int key)
{
    return key >= 0x20 && key < 0x7f;
}

void tty_echo(tty_io *io, int key)
{
    if (!io->caps.client_echoes && tty_printable(key))
        tty_print(io, key);
}

int tty_inputn(tty_io *io)
{
    int key = tty_key(io, -1);
    tty_echo(io, key);
    return key;
}

int tty_inkey(tty_io *io)
{
    return tty_key(io, -1);
}

int tty_inkey_timeout(tty_io *io, int ms)
{
    return tty_key(io, ms > 0 ? ms : 0);
}

int tty_ckinp(tty_io *io)
{
    if (io->kcount > 0 || io->eof)
        return 1;
    /* The book's idiom spins on CKINP (counting in register L while the
     * player thinks): give the loop a turn, so input, other players and
     * signals are served between two looks. */
    sess_yield(sess_self());
    return io->kcount > 0 || io->eof;
}

void tty_flush_input(tty_io *io)
{
    sess_forget_keys(io);
}

void tty_want_resize(tty_io *io, int on)
{
    io->want_resize = on ? 1 : 0;
    io->resized = 0;
}

void tty_typed(tty_io *io, const char *text, size_t len)
{
    sess_shown_typed(io, text, len);
}

int tty_getline(tty_io *io, char *buf, size_t size, int ms)
{
    char none[1];
    if (!size) {                /* room for nothing, not even the NUL */
        buf = none;
        size = sizeof none;
    }
    if (size > (size_t)srv.line_max + 1)
        size = (size_t)srv.line_max + 1;
    tty_edit ed;
    tty_edit_begin(&ed, io, buf, size, 0);
    for (;;) {
        int key = tty_key(io, ms > 0 ? ms : -1);
        if (key == TTY_EOF || key == TTY_TIMEOUT)
            return key;         /* buf holds what was typed */
        if (tty_edit_feed(&ed, key) == TTY_EDIT_DONE)
            return (int)strlen(buf);
    }
}

int tty_ask(tty_io *io, const char *question, char *line, size_t size)
{
    tty_msg(io, question);
    int n = tty_getline(io, line, size, 0);
    if (n < 0)
        return n;
    size_t start = strspn(line, " ");
    size_t len = strlen(line + start);
    while (len && line[start + len - 1] == ' ')
        len--;
    for (size_t i = 0; i < len; i++) {
        char c = line[start + i];
        line[i] = (char)(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    }
    line[len] = 0;
    return (int)len;
}

static int tty_sleep_over(void *arg)
{
    return ((tty_io *)arg)->eof;
}

int tty_sleep(tty_io *io, int ms)
{
    return sess_wait(sess_self(), ms > 0 ? ms : 0, tty_sleep_over, io)
           ? TTY_EOF : 0;
}

int tty_hungup(tty_io *io)
{
    return io->eof && !io->kcount && !buf_avail(&io->held);
}

const tty_caps *tty_get_caps(tty_io *io)
{
    return &io->caps;
}

/* ---- randomness ----------------------------------------------------- */

uint32_t tty_random(tty_io *io)
{
    return rng_next(&io->rng);
}

void tty_random_get(tty_io *io, tty_rng_state *st)
{
    st->s[0] = io->rng.s[0];
    st->s[1] = io->rng.s[1];
}

void tty_random_set(tty_io *io, const tty_rng_state *st)
{
    io->rng.s[0] = st->s[0];
    io->rng.s[1] = st->s[1];
}

/* ---- the player and options ----------------------------------------- */

const char *tty_player_name(tty_io *io)
{
    return io->name;
}

const char *tty_option(tty_io *io, const char *key)
{
    for (int i = 0; i < SESS_OPTS; i++)
        if (io->opts[i].value && strcmp(io->opts[i].key, key) == 0)
            return io->opts[i].value;
    return srv_option(key);
}
