/*
 * ef_scr.c - the diffing screen (see ef_scr.h).  Everything it sends is
 * VT100 but the column scroll, which uses the VT102's delete and insert
 * character, as xterm, tmux and every terminal emulator have them.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ef_scr.h"

static void ef_out(ef_scr *s, const char *p, size_t n)
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

static void ef_outf(ef_scr *s, const char *fmt, int a, int b)
{
    char buf[32];
    int n = snprintf(buf, sizeof buf, fmt, a, b);
    if (n > 0)
        ef_out(s, buf, (size_t)n);
}

static void ef_blank_cells(ef_cell *c, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        c[i].ch = ' ';
        c[i].attr = 0;
    }
}

int ef_scr_init(ef_scr *s, tty_io *io, int w, int h)
{
    memset(s, 0, sizeof *s);
    s->io = io;
    s->w = w;
    s->h = h;
    s->want = malloc(sizeof *s->want * (size_t)w * (size_t)h);
    s->have = malloc(sizeof *s->have * (size_t)w * (size_t)h);
    if (!s->want || !s->have) {
        ef_scr_free(s);
        return -1;
    }
    ef_blank_cells(s->want, (size_t)w * (size_t)h);
    ef_scr_invalidate(s);
    return 0;
}

void ef_scr_free(ef_scr *s)
{
    free(s->want);
    free(s->have);
    free(s->out);
    memset(s, 0, sizeof *s);
}

void ef_scr_invalidate(ef_scr *s)
{
    s->fresh = 1;
    s->crow = s->ccol = -1;
    s->cattr = 0xffff;
    s->cursor_on = -1;
}

void ef_scr_blank(ef_scr *s)
{
    ef_blank_cells(s->want, (size_t)s->w * (size_t)s->h);
}

void ef_scr_putc(ef_scr *s, int row, int col, int ch, uint16_t attr)
{
    if (row < 0 || row >= s->h || col < 0 || col >= s->w)
        return;
    ef_cell *c = &s->want[row * s->w + col];
    c->ch = (char)(ch >= 0x20 && ch < 0x7f ? ch : ' ');
    c->attr = attr;
}

void ef_scr_put(ef_scr *s, int row, int col, const char *text,
                uint16_t attr)
{
    for (; *text; text++, col++)
        ef_scr_putc(s, row, col, (unsigned char)*text, attr);
}

void ef_scr_fill(ef_scr *s, int row, int col, int width, uint16_t attr)
{
    for (int i = 0; i < width; i++)
        ef_scr_putc(s, row, col + i, ' ', attr);
}

/* ---- Sending ---------------------------------------------------------- */

/* Set the attributes: only what changes when nothing is to be turned off
 * but colours, else from a reset. */
static void ef_sgr(ef_scr *s, uint16_t attr)
{
    if (attr == s->cattr)
        return;
    char buf[40];
    size_t k = (size_t)snprintf(buf, sizeof buf, "\033[");
    uint16_t cur = s->cattr;
    int delta = cur != 0xffff && ((cur & 0x0f) & ~(attr & 0x0f)) == 0;
    if (!delta)
        cur = 0;
    const char *sep = delta ? "" : "0;";
    if (attr == 0) {
        k += (size_t)snprintf(buf + k, sizeof buf - k, "m");
        ef_out(s, buf, k);
        s->cattr = attr;
        return;
    }
    static const struct { uint16_t bit; const char *code; } flags[] = {
        {EF_A_BOLD, "1"}, {EF_A_UNDER, "4"}, {EF_A_REV, "7"}};
    for (int i = 0; i < 3; i++)
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
    k += (size_t)snprintf(buf + k, sizeof buf - k, "m");
    ef_out(s, buf, k);
    s->cattr = attr;
}

/* Move the cursor the cheapest way the terminal surely understands.
 * ccol -2 is a cursor held at the end of row crow, waiting to wrap: a
 * carriage return still takes it to the start of that row. */
static void ef_move(ef_scr *s, int row, int col)
{
    if (s->crow == row && s->ccol == col)
        return;
    if (s->crow == row && s->ccol >= 0 && col > s->ccol) {
        if (col - s->ccol == 1)
            ef_out(s, "\033[C", 3);
        else
            ef_outf(s, "\033[%dC", col - s->ccol, 0);
    } else if (s->crow == row && col == 0 && s->ccol != -1) {
        ef_out(s, "\r", 1);
    } else if (s->crow >= 0 && row == s->crow + 1 && col == 0 &&
               s->ccol != -1 && row < s->h) {
        ef_out(s, "\r\n", 2);     /* never on the last row: no scroll */
    } else {
        ef_outf(s, "\033[%d;%dH", row + 1, col + 1);
    }
    s->crow = row;
    s->ccol = col;
}

static int ef_same(const ef_cell *a, const ef_cell *b)
{
    return a->ch == b->ch && a->attr == b->attr;
}

void ef_scr_vscroll(ef_scr *s, int top, int bot, int n)
{
    int rows = bot - top + 1;
    if (n == 0 || rows <= 0 || top < 0 || bot >= s->h || s->fresh)
        return;
    if (n >= rows || -n >= rows) {
        for (int r = top; r <= bot; r++)
            ef_blank_cells(&s->have[r * s->w], (size_t)s->w);
        ef_sgr(s, 0);
        for (int r = top; r <= bot; r++) {
            ef_move(s, r, 0);
            ef_out(s, "\033[2K", 4);
        }
        return;
    }
    /* New lines come in blank in the current background: reset it. */
    ef_sgr(s, 0);
    ef_outf(s, "\033[%d;%dr", top + 1, bot + 1);
    s->crow = s->ccol = -1;
    ef_move(s, n > 0 ? bot : top, 0);
    for (int i = 0; i < (n > 0 ? n : -n); i++)
        ef_out(s, n > 0 ? "\033D" : "\033M", 2);
    ef_out(s, "\033[r", 3);     /* the whole screen again; cursor home */
    s->crow = s->ccol = 0;
    size_t w = (size_t)s->w;
    if (n > 0) {
        memmove(&s->have[top * s->w], &s->have[(top + n) * s->w],
                sizeof(ef_cell) * w * (size_t)(rows - n));
        ef_blank_cells(&s->have[(bot - n + 1) * s->w], w * (size_t)n);
    } else {
        memmove(&s->have[(top - n) * s->w], &s->have[top * s->w],
                sizeof(ef_cell) * w * (size_t)(rows + n));
        ef_blank_cells(&s->have[top * s->w], w * (size_t)-n);
    }
}

void ef_scr_hscroll(ef_scr *s, int top, int bot, int n)
{
    int k = n > 0 ? n : -n;
    if (n == 0 || top < 0 || bot >= s->h || s->fresh || k >= s->w)
        return;
    ef_sgr(s, 0);
    for (int r = top; r <= bot; r++) {
        ef_cell *row = &s->have[r * s->w];
        ef_move(s, r, 0);
        ef_outf(s, n > 0 ? "\033[%dP" : "\033[%d@", k, 0);
        if (n > 0) {
            memmove(row, row + k, sizeof(ef_cell) * (size_t)(s->w - k));
            ef_blank_cells(row + s->w - k, (size_t)k);
        } else {
            memmove(row + k, row, sizeof(ef_cell) * (size_t)(s->w - k));
            ef_blank_cells(row, (size_t)k);
        }
    }
}

size_t ef_scr_flush(ef_scr *s, int crow, int ccol)
{
    if (s->fresh) {
        ef_out(s, "\033[0m\033[H\033[2J", 11);
        s->cattr = 0;
        s->crow = s->ccol = 0;
        ef_blank_cells(s->have, (size_t)s->w * (size_t)s->h);
        s->fresh = 0;
    }
    for (int r = 0; r < s->h; r++) {
        ef_cell *want = &s->want[r * s->w], *have = &s->have[r * s->w];
        int c = 0;
        while (c < s->w) {
            if (ef_same(&want[c], &have[c])) {
                c++;
                continue;
            }
            /* A run of changes, taking in gaps of up to 4 unchanged
             * cells: sending them again is cheaper than a cursor move. */
            int e = c, gap = 0;
            for (int i = c + 1; i < s->w; i++) {
                if (!ef_same(&want[i], &have[i])) {
                    e = i;
                    gap = 0;
                } else if (++gap > 4) {
                    break;
                }
            }
            ef_move(s, r, c);
            for (int i = c; i <= e; i++) {
                ef_sgr(s, want[i].attr);
                ef_out(s, &want[i].ch, 1);
                have[i] = want[i];
            }
            /* After the last column the cursor waits to wrap. */
            s->ccol = e + 1 < s->w ? e + 1 : -2;
            c = e + 1;
        }
    }
    if (crow >= 0) {
        ef_sgr(s, 0);
        ef_move(s, crow, ccol);
    }
    int on = crow >= 0;
    if (on != s->cursor_on) {
        ef_out(s, on ? "\033[?25h" : "\033[?25l", 6);
        s->cursor_on = on;
    }
    size_t sent = s->len;
    if (s->len)
        tty_write(s->io, s->out, s->len);
    s->len = 0;
    return sent;
}
