/*
 * sess_notice.c - notices: a line from outside the game put in front of a
 * player without wrecking the line being typed (sess.h, sess_notice).
 *
 * For that the session keeps what its line shows, read from the bytes
 * that go out: the text since the last new line, which part of it is the
 * line being typed (the line editor says so through tty_typed), and on an
 * ANSI screen where the cursor is (cursor addressing, line feeds at the
 * foot of the scroll region, save and restore).  That is enough to choose
 * where a notice goes and what to print again after it, as a tty's reprint
 * (^R) prints the line again below whatever interrupted it; it is not a
 * terminal emulator, and text it cannot follow costs at most a reprint
 * that is a little off.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "sess.h"
#include "srv.h"

enum { SHOWN_GROUND, SHOWN_ESC, SHOWN_CSI, SHOWN_SKIP1 };

void sess_shown_reset(sess *s, int text)
{
    sess_shown *sh = &s->shown;
    if (text) {
        memset(sh, 0, sizeof *sh);
        sh->prompt = -1;
        sh->col = 1;
        return;
    }
    sh->row = sh->srow = 0;
    sh->top = sh->bot = 0;
    sh->scrolled = 0;
}

static void shown_clear_line(sess_shown *sh)
{
    sh->len = 0;
    sh->prompt = -1;
    sh->typed_len = 0;
}

static int shown_height(const sess *s)
{
    return s->caps.ansi && s->caps.height > 0 ? s->caps.height : 0;
}

/* The cursor goes down a line, or the region scrolls under it. */
static void shown_down(sess *s, sess_shown *sh)
{
    int h = shown_height(s);
    if (!sh->row || !h)
        return;
    int bot = sh->bot ? sh->bot : h;
    if (sh->row == bot)
        sh->scrolled = 1;
    else if (sh->row < h)
        sh->row++;
}

static int shown_arg(const sess_shown *sh, int i)
{
    return i < sh->narg && sh->arg[i] ? sh->arg[i] : 0;
}

static int shown_clamp(int v, int lo, int hi)
{
    return v < lo ? lo : hi > 0 && v > hi ? hi : v;
}

static void shown_csi(sess *s, sess_shown *sh, int final, int text)
{
    int h = shown_height(s), w = s->caps.width;
    int n = shown_arg(sh, 0) ? shown_arg(sh, 0) : 1;
    if (sh->priv)
        return;                 /* a mode (?25l...): nothing moves */
    switch (final) {
    case 'H': case 'f':         /* the game places its text itself */
        sh->row = (short)shown_clamp(n, 1, h);
        sh->col = (short)shown_clamp(shown_arg(sh, 1) ? shown_arg(sh, 1)
                                                      : 1, 1, w);
        sh->scrolled = 0;
        if (text)
            shown_clear_line(sh);
        break;
    case 'A':
        if (sh->row)
            sh->row = (short)shown_clamp(sh->row - n, 1, h);
        sh->scrolled = 0;
        break;
    case 'B':
        if (sh->row)
            sh->row = (short)shown_clamp(sh->row + n, 1, h);
        sh->scrolled = 0;
        break;
    case 'd':
        sh->row = (short)shown_clamp(n, 1, h);
        sh->scrolled = 0;
        break;
    case 'C':
        sh->col = (short)shown_clamp(sh->col + n, 1, w);
        break;
    case 'G':
        sh->col = (short)shown_clamp(n, 1, w);
        break;
    case 'D':
        /* The line editor takes a line back with ESC [ n D, ESC [ K. */
        sh->col = (short)shown_clamp(sh->col - n, 1, w);
        if (text)
            sh->len = (unsigned short)(sh->len > n ? sh->len - n : 0);
        break;
    case 'J':
        if (shown_arg(sh, 0) == 2 && text)
            shown_clear_line(sh);
        break;
    case 'r':                   /* DECSTBM homes the cursor */
        sh->top = (short)(shown_arg(sh, 0) ? shown_arg(sh, 0) : 1);
        sh->bot = (short)shown_arg(sh, 1);
        if (sh->bot >= h)
            sh->bot = 0;
        sh->row = h ? 1 : 0;
        sh->col = 1;
        sh->scrolled = 0;
        if (text)
            shown_clear_line(sh);
        break;
    case 's':
        sh->srow = sh->row;
        sh->scol = sh->col;
        break;
    case 'u':
        sh->row = sh->srow;
        sh->col = sh->scol ? sh->scol : 1;
        break;
    }
}

static void shown_esc(sess *s, sess_shown *sh, int c, int text)
{
    sh->esc = SHOWN_GROUND;
    switch (c) {
    case '[':
        sh->esc = SHOWN_CSI;
        sh->narg = 0;
        sh->arg[0] = sh->arg[1] = 0;
        sh->priv = 0;
        break;
    case '7':
        sh->srow = sh->row;
        sh->scol = sh->col;
        break;
    case '8':
        sh->row = sh->srow;
        sh->col = sh->scol ? sh->scol : 1;
        break;
    case 'D':
        shown_down(s, sh);
        break;
    case 'E':
        shown_down(s, sh);
        sh->col = 1;
        if (text)
            shown_clear_line(sh);
        break;
    case 'M':
        if (sh->row > (sh->top ? sh->top : 1))
            sh->row--;
        sh->scrolled = 0;
        break;
    case 'c':
        sess_shown_reset(s, text);
        break;
    case '(': case ')': case '*': case '+': case '#':
        sh->esc = SHOWN_SKIP1;
        break;
    }
}

/* text: what is written becomes the line's text (0 for a notice's own
 * bytes, which move the cursor but are not the line a player types on). */
static void shown_feed(sess *s, const char *p, size_t n, int text)
{
    sess_shown *sh = &s->shown;
    for (size_t i = 0; i < n; i++) {
        int c = (unsigned char)p[i];
        switch (sh->esc) {
        case SHOWN_ESC:
            shown_esc(s, sh, c, text);
            continue;
        case SHOWN_SKIP1:
            sh->esc = SHOWN_GROUND;
            continue;
        case SHOWN_CSI:
            if (c >= '0' && c <= '9') {
                if (sh->narg == 0)
                    sh->narg = 1;
                if (sh->narg <= 2 && sh->arg[sh->narg - 1] < 1000)
                    sh->arg[sh->narg - 1] =
                        (unsigned short)(sh->arg[sh->narg - 1] * 10 +
                                         (c - '0'));
            } else if (c == ';') {
                sh->narg = (unsigned char)(sh->narg ? sh->narg + 1 : 2);
            } else if (c == '?' || c == '>' || c == '=') {
                sh->priv = 1;
            } else if (c >= 0x40 && c <= 0x7e) {
                sh->esc = SHOWN_GROUND;
                shown_csi(s, sh, c, text);
            }
            continue;
        }
        if (c == 27) {
            sh->esc = SHOWN_ESC;
        } else if (c == '\n') {
            shown_down(s, sh);
            sh->col = 1;
            if (text)
                shown_clear_line(sh);
        } else if (c == '\r') {
            /* The line is written again from its start. */
            sh->col = 1;
            if (text)
                shown_clear_line(sh);
        } else if (c == '\b') {
            if (sh->col > 1)
                sh->col--;
            if (text && sh->len)
                sh->len--;
        } else if (c == '\t' || c >= 0x20) {
            if (c == 0x7f)
                continue;
            if (text && sh->len < SESS_SHOWN)
                sh->text[sh->len++] = (char)c;
            if ((c & 0xc0) == 0x80)
                continue;       /* the rest of a UTF-8 character */
            if (s->caps.width > 0 && sh->col > s->caps.width) {
                shown_down(s, sh);      /* the terminal's own wrap */
                sh->col = 1;
            }
            sh->col = (short)(c == '\t' ? (sh->col - 1) / 8 * 8 + 9
                                        : sh->col + 1);
        }
    }
}

void sess_shown_feed(sess *s, const char *p, size_t n)
{
    shown_feed(s, p, n, 1);
}

void sess_shown_typed(sess *s, const char *text, size_t len)
{
    sess_shown *sh = &s->shown;
    if (!text) {
        /* Return: the player is on a new line, whoever showed it. */
        shown_clear_line(sh);
        return;
    }
    if (sh->prompt < 0) {
        if (!len)
            return;
        /* The first key typed: the prompt is what the line held. */
        sh->prompt = (short)sh->len;
    }
    if (len > SESS_TYPED)
        len = SESS_TYPED;
    memcpy(sh->typed, text, len);
    sh->typed_len = (unsigned char)len;
}

/* An ANSI screen's row for a notice written over it with the cursor put
 * back; 0 when the line being typed is the foot of a scrolling dialogue,
 * or nobody knows where the cursor is (nothing addressed it yet: the
 * banner and the menu scroll). */
static int shown_notice_row(const sess *s)
{
    const sess_shown *sh = &s->shown;
    int h = shown_height(s);
    if (h < 2 || !sh->row)
        return 0;
    if (sh->row < h)
        return h;
    return sh->scrolled ? 0 : h - 1;
}

/* The notice's bytes: through the profile's filter to the line, never to
 * the tap, past the tracker without becoming the line's text. */
static void notice_out(sess *s, const buf *b)
{
    const char *p = buf_data(b);
    size_t n = buf_avail(b);
    shown_feed(s, p, n, 0);
    pfilter_run(&s->pf, p, n, &s->out);
}

/* The last notice put on a line that a seat of a two-player game is
 * played from (sess_seat.h), and when: what is told to both the seat and
 * its line in one turn of the loop (a word to everyone, a message to an
 * account, the server stopping) is shown on that line once. */
static struct {
    const sess *line;
    uint64_t ms;
    char text[SESS_NOTICE_MAX + 1];
} notice_last;

static int notice_told(const sess *s, const char *text)
{
    if (!s->seat_lent && !s->seat)
        return 0;
    const sess *line = s->seat_lent ? s->tr : s;
    uint64_t now = sess_now_ms();
    if (notice_last.line == line && notice_last.ms == now &&
        strncmp(notice_last.text, text, SESS_NOTICE_MAX) == 0)
        return 1;
    notice_last.line = line;
    notice_last.ms = now;
    snprintf(notice_last.text, sizeof notice_last.text, "%s", text);
    return 0;
}

void sess_notice(sess *s, const char *text, int flags)
{
    if (s->line_down || s->closed || notice_told(s, text))
        return;
    /* A line that reads nothing is not sent more (the stall drops it). */
    if (sess_backlog(s) > 2 * (size_t)srv.out_high)
        return;
    char line[SESS_NOTICE_MAX + 16];
    size_t k = (size_t)snprintf(line, sizeof line, "*** ");
    for (size_t i = 0; text[i] && i < SESS_NOTICE_MAX; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '\n' || c == '\r' || c == '\t')
            line[k++] = ' ';
        else if (c >= 0x20 && c != 0x7f)
            line[k++] = (char)c;
    }
    k += (size_t)snprintf(line + k, sizeof line - k, " ***");
    const sess_shown *sh = &s->shown;
    int again = !(flags & SESS_NOTICE_LAST);
    int row = shown_notice_row(s);
    buf b = { 0 };
    if (row) {
        size_t w = s->caps.width > 1 ? (size_t)s->caps.width - 1 : 1;
        buf_printf(&b, "\0337\033[%d;1H\033[0m\033[K%.*s\a\0338", row,
                   (int)(k < w ? k : w), line);
    } else {
        if (s->caps.ansi && again)
            buf_add(&b, "\r\033[K", 4);  /* the typed line becomes it */
        else if (sh->col > 1 || sh->len)
            buf_addc(&b, '\n');
        buf_add(&b, line, k);
        if (s->caps.ansi)
            buf_addc(&b, '\a');
        buf_addc(&b, '\n');
        if (again) {
            /* The prompt and what was typed, as the editor showed it. */
            if (sh->prompt >= 0) {
                buf_add(&b, sh->text, (size_t)sh->prompt);
                buf_add(&b, sh->typed, sh->typed_len);
            } else {
                buf_add(&b, sh->text, sh->len);
            }
        }
    }
    notice_out(s, &b);
    buf_free(&b);
    sess_flush(s);
}
