/*
 * vscr.c - the virtual screen (see vscr.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vscr.h"

#define VSCR_FLAGS (VSCR_BOLD | VSCR_UNDER | VSCR_REV | VSCR_BLINK | VSCR_DIM)

static void vscr_out(vscr *s, const char *p, size_t n)
{
    if (s->len + n > s->cap) {
        size_t cap = s->cap ? s->cap : 4096;
        while (cap < s->len + n)
            cap *= 2;
        char *o = realloc(s->out, cap);
        if (!o)
            return;             /* a frame lost; the next one mends it */
        s->out = o;
        s->cap = cap;
    }
    memcpy(s->out + s->len, p, n);
    s->len += n;
}

static void vscr_outf(vscr *s, const char *fmt, int a, int b)
{
    char buf[32];
    int n = snprintf(buf, sizeof buf, fmt, a, b);
    if (n > 0)
        vscr_out(s, buf, (size_t)n);
}

static void vscr_fill_cells(vscr_cell *c, size_t n, char ch)
{
    for (size_t i = 0; i < n; i++) {
        c[i].ch = ch;
        c[i].attr = 0;
    }
}

static int vscr_alloc(vscr *s, int w, int h)
{
    size_t n = (size_t)(w > 0 ? w : 1) * (size_t)(h > 0 ? h : 1);
    vscr_cell *want = malloc(sizeof *want * n);
    vscr_cell *have = malloc(sizeof *have * n);
    if (!want || !have) {
        free(want);
        free(have);
        return -1;
    }
    free(s->want);
    free(s->have);
    s->want = want;
    s->have = have;
    s->w = w;
    s->h = h;
    vscr_blank(s);
    vscr_invalidate(s);
    return 0;
}

int vscr_init(vscr *s, tty_io *io, int w, int h)
{
    memset(s, 0, sizeof *s);
    s->io = io;
    return vscr_alloc(s, w, h);
}

int vscr_init_pane(vscr *s, tty_io *io, int top, int w, int h)
{
    if (vscr_init(s, io, w, h) < 0)
        return -1;
    s->pane = 1;
    s->top = top;
    return 0;
}

int vscr_resize(vscr *s, int w, int h)
{
    if (w == s->w && h == s->h && s->want) {
        vscr_blank(s);
        vscr_invalidate(s);
        return 0;
    }
    if (vscr_alloc(s, w, h) < 0) {
        vscr_free(s);
        return -1;
    }
    return 0;
}

void vscr_free(vscr *s)
{
    free(s->want);
    free(s->have);
    free(s->out);
    s->want = s->have = NULL;
    s->out = NULL;
    s->len = s->cap = 0;
    s->w = s->h = 0;
}

void vscr_invalidate(vscr *s)
{
    s->fresh = 1;
    s->crow = s->ccol = -1;
    s->cattr = 0xffff;
    s->cursor_on = -1;
}

void vscr_blank(vscr *s)
{
    vscr_fill_cells(s->want, (size_t)s->w * (size_t)s->h, ' ');
}

void vscr_putc(vscr *s, int row, int col, int ch, uint16_t attr)
{
    if (row < 0 || row >= s->h || col < 0 || col >= s->w)
        return;
    vscr_cell *c = &s->want[row * s->w + col];
    c->ch = (char)(ch >= 0x20 && ch < 0x7f ? ch : ' ');
    c->attr = attr;
}

void vscr_putn(vscr *s, int row, int col, const char *text, int n,
               uint16_t attr)
{
    for (int i = 0; i < n && text[i]; i++)
        vscr_putc(s, row, col + i, (unsigned char)text[i], attr);
}

void vscr_put(vscr *s, int row, int col, const char *text, uint16_t attr)
{
    for (; *text; text++, col++)
        vscr_putc(s, row, col, (unsigned char)*text, attr);
}

void vscr_fill(vscr *s, int row, int col, int width, uint16_t attr)
{
    for (int i = 0; i < width; i++)
        vscr_putc(s, row, col + i, ' ', attr);
}

/* ---- Sending ---------------------------------------------------------- */

/* Set the attributes: only what changes when nothing is to be turned off
 * but colours, else from a reset. */
static void vscr_sgr(vscr *s, uint16_t attr)
{
    if (attr == s->cattr)
        return;
    char buf[48];
    size_t k = (size_t)snprintf(buf, sizeof buf, "\033[");
    uint16_t cur = s->cattr;
    int delta = cur != 0xffff && ((cur & VSCR_FLAGS) & ~(attr & VSCR_FLAGS))
                                 == 0;
    if (!delta)
        cur = 0;
    const char *sep = delta ? "" : "0;";
    if (attr == 0) {
        vscr_out(s, "\033[m", 3);
        s->cattr = attr;
        return;
    }
    static const struct { uint16_t bit; const char *code; } flags[] = {
        {VSCR_BOLD, "1"}, {VSCR_DIM, "2"}, {VSCR_UNDER, "4"},
        {VSCR_BLINK, "5"}, {VSCR_REV, "7"}};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if ((attr & flags[i].bit) && !(cur & flags[i].bit)) {
            k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s", sep,
                                  flags[i].code);
            sep = ";";
        }
    int fg = (attr >> 4) & 0xf, bg = (attr >> 8) & 0xf;
    if (fg != ((cur >> 4) & 0xf)) {
        k += fg ? (size_t)snprintf(buf + k, sizeof buf - k, "%s3%d", sep,
                                   fg - 1)
                : (size_t)snprintf(buf + k, sizeof buf - k, "%s39", sep);
        sep = ";";
    }
    if (bg != ((cur >> 8) & 0xf)) {
        k += bg ? (size_t)snprintf(buf + k, sizeof buf - k, "%s4%d", sep,
                                   bg - 1)
                : (size_t)snprintf(buf + k, sizeof buf - k, "%s49", sep);
        sep = ";";
    }
    if (k == 2)             /* from a reset to nothing but a reset */
        k += (size_t)snprintf(buf + k, sizeof buf - k, "0");
    k += (size_t)snprintf(buf + k, sizeof buf - k, "m");
    vscr_out(s, buf, k);
    s->cattr = attr;
}

/* Move the cursor the cheapest way the terminal surely understands.
 * ccol -2 is a cursor held at the end of row crow, waiting to wrap: a
 * carriage return still takes it to the start of that row. */
static void vscr_move(vscr *s, int row, int col)
{
    if (s->crow == row && s->ccol == col)
        return;
    if (s->crow == row && s->ccol >= 0 && col > s->ccol) {
        if (col - s->ccol == 1)
            vscr_out(s, "\033[C", 3);
        else
            vscr_outf(s, "\033[%dC", col - s->ccol, 0);
    } else if (s->crow == row && col == 0 && s->ccol != -1) {
        vscr_out(s, "\r", 1);
    } else if (s->crow >= 0 && row == s->crow + 1 && col == 0 &&
               s->ccol != -1) {
        /* The row below is on the screen, so this line feed never
         * scrolls (a pane lies above the dialogue's region). */
        vscr_out(s, "\r\n", 2);
    } else {
        vscr_outf(s, "\033[%d;%dH", s->top + row + 1, col + 1);
    }
    s->crow = row;
    s->ccol = col;
}

static int vscr_same(const vscr_cell *a, const vscr_cell *b)
{
    return a->ch == b->ch && a->attr == b->attr;
}

static int vscr_is_blank(const vscr_cell *c)
{
    return c->ch == ' ' && c->attr == 0;
}

void vscr_vscroll(vscr *s, int top, int bot, int n)
{
    int rows = bot - top + 1;
    if (n == 0 || rows <= 0 || top < 0 || bot >= s->h || s->fresh ||
        s->pane)
        return;
    if (n >= rows || -n >= rows) {
        for (int r = top; r <= bot; r++)
            vscr_fill_cells(&s->have[r * s->w], (size_t)s->w, ' ');
        vscr_sgr(s, 0);
        for (int r = top; r <= bot; r++) {
            vscr_move(s, r, 0);
            vscr_out(s, "\033[2K", 4);
        }
        return;
    }
    /* New lines come in blank in the current background: reset it. */
    vscr_sgr(s, 0);
    vscr_outf(s, "\033[%d;%dr", top + 1, bot + 1);
    s->crow = s->ccol = -1;
    vscr_move(s, n > 0 ? bot : top, 0);
    for (int i = 0; i < (n > 0 ? n : -n); i++)
        vscr_out(s, n > 0 ? "\033D" : "\033M", 2);
    vscr_out(s, "\033[r", 3);   /* the whole screen again; cursor home */
    s->crow = s->ccol = 0;
    size_t w = (size_t)s->w;
    if (n > 0) {
        memmove(&s->have[top * s->w], &s->have[(top + n) * s->w],
                sizeof(vscr_cell) * w * (size_t)(rows - n));
        vscr_fill_cells(&s->have[(bot - n + 1) * s->w], w * (size_t)n, ' ');
    } else {
        memmove(&s->have[(top - n) * s->w], &s->have[top * s->w],
                sizeof(vscr_cell) * w * (size_t)(rows + n));
        vscr_fill_cells(&s->have[top * s->w], w * (size_t)-n, ' ');
    }
}

void vscr_hscroll(vscr *s, int top, int bot, int n)
{
    int k = n > 0 ? n : -n;
    if (n == 0 || top < 0 || bot >= s->h || s->fresh || k >= s->w ||
        s->pane)
        return;
    vscr_sgr(s, 0);
    for (int r = top; r <= bot; r++) {
        vscr_cell *row = &s->have[r * s->w];
        vscr_move(s, r, 0);
        vscr_outf(s, n > 0 ? "\033[%dP" : "\033[%d@", k, 0);
        if (n > 0) {
            memmove(row, row + k, sizeof(vscr_cell) * (size_t)(s->w - k));
            vscr_fill_cells(row + s->w - k, (size_t)k, ' ');
        } else {
            memmove(row + k, row, sizeof(vscr_cell) * (size_t)(s->w - k));
            vscr_fill_cells(row, (size_t)k, ' ');
        }
    }
}

/* Send what differs on row r. */
static void vscr_diff_row(vscr *s, int r)
{
    vscr_cell *want = &s->want[r * s->w], *have = &s->have[r * s->w];
    /* tail: where the row's trailing blanks begin; an erase to the end
     * of the line (3 bytes) clears more than three of them cheaper. */
    int tail = s->w;
    while (tail > 0 && vscr_is_blank(&want[tail - 1]))
        tail--;
    int c = 0;
    while (c < s->w) {
        if (vscr_same(&want[c], &have[c])) {
            c++;
            continue;
        }
        if (c >= tail) {
            int stale = 0;
            for (int i = c; i < s->w; i++)
                stale += !vscr_same(&want[i], &have[i]);
            if (stale > 3) {
                vscr_move(s, r, c);
                vscr_sgr(s, 0);
                vscr_out(s, "\033[K", 3);
                vscr_fill_cells(&have[c], (size_t)(s->w - c), ' ');
                return;
            }
        }
        /* A run of changes, taking in gaps of up to 4 unchanged cells:
         * sending them again is cheaper than a cursor move.  It stops at
         * the tail, which the erase above may clear. */
        int e = c, gap = 0;
        for (int i = c + 1; i < s->w && (c >= tail || i < tail); i++) {
            if (!vscr_same(&want[i], &have[i])) {
                e = i;
                gap = 0;
            } else if (++gap > 4) {
                break;
            }
        }
        vscr_move(s, r, c);
        for (int i = c; i <= e; i++) {
            vscr_sgr(s, want[i].attr);
            vscr_out(s, &want[i].ch, 1);
            have[i] = want[i];
        }
        /* After the last column the cursor waits to wrap. */
        s->ccol = e + 1 < s->w ? e + 1 : -2;
        c = e + 1;
    }
}

static size_t vscr_send(vscr *s)
{
    /* Like the contract's ANSI helpers: nothing on a terminal without
     * cursor control (the profile was changed under a game, say). */
    if (!s->sink && s->io && !tty_get_caps(s->io)->ansi)
        s->len = 0;
    size_t sent = s->len;
    if (s->len && s->sink)
        s->sink(s->sink_arg, s->out, s->len);
    else if (s->len)
        tty_write(s->io, s->out, s->len);
    s->len = 0;
    return sent;
}

size_t vscr_flush(vscr *s, int crow, int ccol)
{
    if (!s->want)
        return 0;
    if (s->fresh) {
        vscr_out(s, "\033[0m\033[H\033[2J", 11);
        s->cattr = 0;
        s->crow = s->ccol = 0;
        vscr_fill_cells(s->have, (size_t)s->w * (size_t)s->h, ' ');
        s->fresh = 0;
    }
    for (int r = 0; r < s->h; r++)
        vscr_diff_row(s, r);
    if (crow >= 0) {
        vscr_sgr(s, 0);
        vscr_move(s, crow, ccol);
    }
    int on = crow >= 0;
    if (on != s->cursor_on) {
        vscr_out(s, on ? "\033[?25h" : "\033[?25l", 6);
        s->cursor_on = on;
    }
    return vscr_send(s);
}

size_t vscr_flush_pane(vscr *s)
{
    if (!s->want)
        return 0;
    if (s->fresh) {
        /* What the rows hold is not known: every cell differs. */
        vscr_fill_cells(s->have, (size_t)s->w * (size_t)s->h, 0);
        s->fresh = 0;
    }
    /* The dialogue's cursor and attributes are its own: start from
     * nothing known and put them back afterwards. */
    s->crow = s->ccol = -1;
    s->cattr = 0xffff;
    vscr_out(s, "\0337", 2);                    /* DECSC */
    for (int r = 0; r < s->h; r++)
        vscr_diff_row(s, r);
    if (s->len == 2) {
        s->len = 0;
        return 0;
    }
    vscr_sgr(s, 0);
    vscr_out(s, "\0338", 2);                    /* DECRC */
    return vscr_send(s);
}
