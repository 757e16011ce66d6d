/*
 * vt.c - the unit suites' VT100 (see vt.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "vt.h"

void vt_init(vt *t, int w, int h)
{
    memset(t, 0, sizeof *t);
    t->w = w > VT_MAXW ? VT_MAXW : w;
    t->h = h > VT_MAXH ? VT_MAXH : h;
    t->bot = t->h - 1;
    for (int r = 0; r < VT_MAXH; r++)
        memset(t->cell[r], ' ', VT_MAXW);
}

static void vt_erase(vt *t, int r, int from, int n)
{
    for (int c = from < 0 ? 0 : from; c < from + n && c < t->w; c++) {
        t->cell[r][c] = ' ';
        t->attr[r][c] = t->cur;
    }
}

static void vt_copy_row(vt *t, int to, int from)
{
    memcpy(t->cell[to], t->cell[from], (size_t)t->w);
    memcpy(t->attr[to], t->attr[from], sizeof t->attr[to]);
}

static void vt_scroll_up(vt *t)
{
    for (int r = t->top; r < t->bot; r++)
        vt_copy_row(t, r, r + 1);
    vt_erase(t, t->bot, 0, t->w);
    t->scrolled++;
}

static void vt_scroll_down(vt *t)
{
    for (int r = t->bot; r > t->top; r--)
        vt_copy_row(t, r, r - 1);
    vt_erase(t, t->top, 0, t->w);
}

static void vt_lf(vt *t)
{
    if (t->row == t->bot)
        vt_scroll_up(t);
    else if (t->row < t->h - 1)
        t->row++;
}

static void vt_sgr(vt *t, const int *arg, int n)
{
    if (n == 0)
        t->cur = 0;
    for (int i = 0; i < n; i++) {
        int a = arg[i];
        if (a == 0)
            t->cur = 0;
        else if (a == 1)
            t->cur |= VT_BOLD;
        else if (a == 2)
            t->cur |= VT_DIM;
        else if (a == 4)
            t->cur |= VT_UNDER;
        else if (a == 5)
            t->cur |= VT_BLINK;
        else if (a == 7)
            t->cur |= VT_REV;
        else if (a == 22)
            t->cur &= (unsigned short)~(VT_BOLD | VT_DIM);
        else if (a == 24)
            t->cur &= (unsigned short)~VT_UNDER;
        else if (a == 25)
            t->cur &= (unsigned short)~VT_BLINK;
        else if (a == 27)
            t->cur &= (unsigned short)~VT_REV;
        else if (a >= 30 && a <= 37)
            t->cur = (unsigned short)((t->cur & ~0xf0) | (a - 30 + 1) << 4);
        else if (a == 39)
            t->cur &= (unsigned short)~0xf0;
        else if (a >= 40 && a <= 47)
            t->cur = (unsigned short)((t->cur & ~0xf00) | (a - 40 + 1) << 8);
        else if (a == 49)
            t->cur &= (unsigned short)~0xf00;
    }
}

/* Delete (n > 0) or insert (n < 0) characters at the cursor. */
static void vt_shift(vt *t, int n)
{
    char *c = t->cell[t->row];
    unsigned short *at = t->attr[t->row];
    int k = n > 0 ? n : -n, room = t->w - t->col;
    if (room <= 0)
        return;
    if (k > room)
        k = room;
    size_t rest = (size_t)(room - k);
    if (n > 0) {
        memmove(c + t->col, c + t->col + k, rest);
        memmove(at + t->col, at + t->col + k, sizeof *at * rest);
        vt_erase(t, t->row, t->w - k, k);
    } else {
        memmove(c + t->col + k, c + t->col, rest);
        memmove(at + t->col + k, at + t->col, sizeof *at * rest);
        vt_erase(t, t->row, t->col, k);
    }
}

static void vt_csi(vt *t, int final, const int *arg, int n, int private)
{
    int a = n > 0 && arg[0] > 0 ? arg[0] : 1;
    if (private)
        return;
    switch (final) {
    case 'H': case 'f':
        t->row = (n > 0 && arg[0] ? arg[0] : 1) - 1;
        t->col = (n > 1 && arg[1] ? arg[1] : 1) - 1;
        break;
    case 'A': t->row -= a; if (t->row < 0) t->row = 0; break;
    case 'B': t->row += a; break;
    case 'C': t->col += a; break;
    case 'D': t->col -= a; if (t->col < 0) t->col = 0; break;
    case 'J':
        if (n > 0 && arg[0] == 2) {
            for (int r = 0; r < t->h; r++)
                vt_erase(t, r, 0, t->w);
        } else {
            vt_erase(t, t->row, t->col, t->w - t->col);
            for (int r = t->row + 1; r < t->h; r++)
                vt_erase(t, r, 0, t->w);
        }
        break;
    case 'K':
        if (n > 0 && arg[0] == 2)
            vt_erase(t, t->row, 0, t->w);
        else if (n > 0 && arg[0] == 1)
            vt_erase(t, t->row, 0, t->col + 1);
        else
            vt_erase(t, t->row, t->col, t->w - t->col);
        break;
    case 'm':
        vt_sgr(t, arg, n);
        break;
    case 'r':
        t->top = n > 0 && arg[0] ? arg[0] - 1 : 0;
        t->bot = n > 1 && arg[1] ? arg[1] - 1 : t->h - 1;
        if (t->bot >= t->h)
            t->bot = t->h - 1;
        t->row = t->col = 0;
        break;
    case 'P': vt_shift(t, a); break;
    case '@': vt_shift(t, -a); break;
    default: break;
    }
    if (t->row >= t->h) t->row = t->h - 1;
    if (t->col >= t->w) t->col = t->w - 1;
}

void vt_feed(vt *t, const char *p, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)p[i];
        if (c == 27 && i + 1 < len && p[i + 1] == '[') {
            int arg[8] = {0}, n = 0, private = 0;
            i += 2;
            if (i < len && p[i] == '?')
                private = 1, i++;
            for (; i < len; i++) {
                c = (unsigned char)p[i];
                if (c >= '0' && c <= '9') {
                    if (!n)
                        n = 1;
                    arg[n - 1] = arg[n - 1] * 10 + (c - '0');
                } else if (c == ';') {
                    if (!n)
                        n = 1;
                    if (n < 8)
                        n++;
                } else {
                    vt_csi(t, c, arg, n, private);
                    break;
                }
            }
        } else if (c == 27 && i + 1 < len) {
            c = (unsigned char)p[++i];
            if (c == 'D') {
                vt_lf(t);
            } else if (c == 'M') {
                if (t->row == t->top)
                    vt_scroll_down(t);
                else if (t->row > 0)
                    t->row--;
            } else if (c == '7') {
                t->srow = t->row;
                t->scol = t->col;
                t->sattr = t->cur;
            } else if (c == '8') {
                t->row = t->srow;
                t->col = t->scol;
                t->cur = t->sattr;
            }
        } else if (c == '\r') {
            t->col = 0;
        } else if (c == '\n') {
            vt_lf(t);
        } else if (c == '\b') {
            if (t->col >= t->w)
                t->col = t->w - 1;
            if (t->col > 0)
                t->col--;
        } else if (c == '\a') {
            t->bells++;
        } else if (c >= 0x20 && c < 0x7f) {
            if (t->col >= t->w) {       /* the wrap a VT100 delays */
                t->wraps++;
                t->col = 0;
                vt_lf(t);
            }
            t->attr[t->row][t->col] = t->cur;
            t->cell[t->row][t->col++] = (char)c;
        }
    }
}

void vt_puts(vt *t, const char *s)
{
    vt_feed(t, s, strlen(s));
}

void vt_upto_last(vt *t, const char *out, const char *mark)
{
    const char *end = NULL, *p = out;
    while ((p = strstr(p, mark)) != NULL)
        end = p++;
    vt_feed(t, out, end ? (size_t)(end - out) : strlen(out));
}

const char *vt_row(vt *t, int r)
{
    char *line = t->line[r];
    int n = t->w;
    memcpy(line, t->cell[r], (size_t)n);
    while (n > 0 && line[n - 1] == ' ')
        n--;
    line[n] = 0;
    return line;
}

const char *vt_line(vt *t, int r)
{
    t->cell[r][t->w] = 0;
    return t->cell[r];
}

int vt_find(vt *t, const char *text)
{
    for (int r = 0; r < t->h; r++) {
        t->cell[r][t->w] = 0;
        if (strstr(t->cell[r], text))
            return r;
    }
    return -1;
}

int vt_shows(vt *t, const char *text)
{
    return vt_find(t, text) >= 0;
}
