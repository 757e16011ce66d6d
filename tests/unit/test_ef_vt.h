/*
 * test_ef_vt.h - a small VT100 for the tests: it plays what the game sent
 * onto a grid of characters, so a test reads the screen a player would
 * see rather than the bytes.  It knows what ef_scr sends: cursor
 * addressing and forward moves, CR, LF, erase in display and line, SGR
 * (each cell keeps its attributes; what is erased or scrolled in takes
 * the current ones, as xterm does), scroll regions with index and reverse
 * index, delete and insert character, cursor show and hide, the bell.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef TEST_EF_VT_H
#define TEST_EF_VT_H

#include <string.h>

#define VT_W 200
#define VT_H 60

typedef struct vt {
    int w, h, row, col, top, bot;
    char cell[VT_H][VT_W + 1];
    /* attributes: bits 0-2 bold, underline, reverse; 4-7 fg + 1; 8-11
     * bg + 1 */
    unsigned short attr[VT_H][VT_W];
    unsigned short cur;
    int bells;
    int wraps;          /* text that ran past the right edge */
} vt;

static inline void vt_erase(vt *t, int r, int from, int n)
{
    for (int c = from; c < from + n && c < t->w; c++) {
        t->cell[r][c] = ' ';
        t->attr[r][c] = t->cur;
    }
}

static inline void vt_sgr(vt *t, const int *arg, int nargs)
{
    if (nargs == 0)
        t->cur = 0;
    for (int i = 0; i < nargs; i++) {
        int a = arg[i];
        if (a == 0)
            t->cur = 0;
        else if (a == 1)
            t->cur |= 1;
        else if (a == 4)
            t->cur |= 2;
        else if (a == 7)
            t->cur |= 4;
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

static inline void vt_init(vt *t, int w, int h)
{
    memset(t, 0, sizeof *t);
    t->w = w;
    t->h = h;
    t->bot = h - 1;
    for (int r = 0; r < VT_H; r++)
        memset(t->cell[r], ' ', VT_W);
    memset(t->attr, 0, sizeof t->attr);
}

static inline void vt_scroll_up(vt *t)
{
    for (int r = t->top; r < t->bot; r++) {
        memcpy(t->cell[r], t->cell[r + 1], (size_t)t->w);
        memcpy(t->attr[r], t->attr[r + 1], sizeof t->attr[r]);
    }
    vt_erase(t, t->bot, 0, t->w);
}

static inline void vt_scroll_down(vt *t)
{
    for (int r = t->bot; r > t->top; r--) {
        memcpy(t->cell[r], t->cell[r - 1], (size_t)t->w);
        memcpy(t->attr[r], t->attr[r - 1], sizeof t->attr[r]);
    }
    vt_erase(t, t->top, 0, t->w);
}

static inline void vt_lf(vt *t)
{
    if (t->row == t->bot)
        vt_scroll_up(t);
    else if (t->row < t->h - 1)
        t->row++;
}

static inline void vt_csi(vt *t, int final, const int *arg, int nargs,
                          int private)
{
    int a = nargs > 0 && arg[0] > 0 ? arg[0] : 1;
    if (private)
        return;                 /* ?25h / ?25l: the cursor shown or not */
    switch (final) {
    case 'H':
        t->row = (nargs > 0 && arg[0] ? arg[0] : 1) - 1;
        t->col = (nargs > 1 && arg[1] ? arg[1] : 1) - 1;
        break;
    case 'C':
        t->col += a;
        if (t->col >= t->w)
            t->col = t->w - 1;
        break;
    case 'J':
        for (int r = 0; r < t->h; r++)
            vt_erase(t, r, 0, t->w);
        break;
    case 'K':
        if (nargs > 0 && arg[0] == 2)
            vt_erase(t, t->row, 0, t->w);
        else if (t->col < t->w)
            vt_erase(t, t->row, t->col, t->w - t->col);
        break;
    case 'm':
        vt_sgr(t, arg, nargs);
        break;
    case 'r':
        t->top = nargs > 0 && arg[0] ? arg[0] - 1 : 0;
        t->bot = nargs > 1 && arg[1] ? arg[1] - 1 : t->h - 1;
        t->row = t->col = 0;
        break;
    case 'P': {
        char *c = t->cell[t->row];
        unsigned short *at = t->attr[t->row];
        int n = a > t->w - t->col ? t->w - t->col : a;
        memmove(c + t->col, c + t->col + n, (size_t)(t->w - t->col - n));
        memmove(at + t->col, at + t->col + n,
                sizeof *at * (size_t)(t->w - t->col - n));
        vt_erase(t, t->row, t->w - n, n);
        break;
    }
    case '@': {
        char *c = t->cell[t->row];
        unsigned short *at = t->attr[t->row];
        int n = a > t->w - t->col ? t->w - t->col : a;
        memmove(c + t->col + n, c + t->col, (size_t)(t->w - t->col - n));
        memmove(at + t->col + n, at + t->col,
                sizeof *at * (size_t)(t->w - t->col - n));
        vt_erase(t, t->row, t->col, n);
        break;
    }
    }
}

/* Play len bytes onto the screen. */
static inline void vt_feed(vt *t, const char *p, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)p[i];
        if (c == 27 && i + 1 < len && p[i + 1] == '[') {
            int arg[8] = {0}, nargs = 0, private = 0;
            i += 2;
            if (i < len && p[i] == '?')
                private = 1, i++;
            for (; i < len; i++) {
                c = (unsigned char)p[i];
                if (c >= '0' && c <= '9') {
                    if (!nargs)
                        nargs = 1;
                    arg[nargs - 1] = arg[nargs - 1] * 10 + (c - '0');
                } else if (c == ';') {
                    if (!nargs)
                        nargs = 1;
                    if (nargs < 8)
                        nargs++;
                } else {
                    vt_csi(t, c, arg, nargs, private);
                    break;
                }
            }
        } else if (c == 27 && i + 1 < len) {
            c = (unsigned char)p[++i];
            if (c == 'D')
                vt_lf(t);
            else if (c == 'M') {
                if (t->row == t->top)
                    vt_scroll_down(t);
                else if (t->row > 0)
                    t->row--;
            }
        } else if (c == '\r') {
            t->col = 0;
        } else if (c == '\n') {
            vt_lf(t);
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

/* The screen as the game left it before it cleared it to leave (the
 * stream up to its last "attributes off, clear, cursor on"). */
static inline void vt_before_leaving(vt *t, const char *out)
{
    static const char leave[] = "\033[0m\033[H\033[2J\033[?25h";
    const char *end = NULL, *p = out;
    while ((p = strstr(p, leave)) != NULL)
        end = p++;
    vt_feed(t, out, end ? (size_t)(end - out) : strlen(out));
}

/* Row r of the screen, as text (trailing blanks kept). */
static inline const char *vt_row(vt *t, int r)
{
    t->cell[r][t->w] = 0;
    return t->cell[r];
}

/* 1 if text is anywhere on the screen. */
static inline int vt_shows(vt *t, const char *text)
{
    for (int r = 0; r < t->h; r++)
        if (strstr(vt_row(t, r), text))
            return 1;
    return 0;
}

#endif
