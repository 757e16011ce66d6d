/*
 * test_ck_vt.h - a small VT100 screen for the checkers dialogue's tests:
 * the output of an ANSI session is played onto it, so that a test asserts
 * what the player's screen shows rather than which escapes were sent.
 * It knows what the dialogue uses: printing with autowrap, CR, LF, BS,
 * cursor addressing and moves, erase in display and line, the scroll
 * region (DECSTBM), save and restore cursor (DECSC, DECRC); attributes
 * and modes are read and ignored.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef TEST_CK_VT_H
#define TEST_CK_VT_H

#include <stdlib.h>
#include <string.h>

#define VT_ROWS 60
#define VT_COLS 160

typedef struct vt {
    int rows, cols;
    char cell[VT_ROWS][VT_COLS];
    int r, c;               /* cursor, 0-based */
    int top, bot;           /* scroll region, 0-based, inclusive */
    int sr, sc;             /* saved cursor */
    int scrolled;           /* lines scrolled off the region's top */
} vt;

static inline void vt_init(vt *t, int rows, int cols)
{
    memset(t, 0, sizeof *t);
    t->rows = rows;
    t->cols = cols;
    memset(t->cell, ' ', sizeof t->cell);
    t->bot = rows - 1;
}

static inline void vt_lf(vt *t)
{
    if (t->r == t->bot) {
        for (int r = t->top; r < t->bot; r++)
            memcpy(t->cell[r], t->cell[r + 1], VT_COLS);
        memset(t->cell[t->bot], ' ', VT_COLS);
        t->scrolled++;
    } else if (t->r < t->rows - 1) {
        t->r++;
    }
}

static inline int vt_param(const int *p, int n, int i, int def)
{
    return i < n && p[i] > 0 ? p[i] : def;
}

static inline void vt_csi(vt *t, int priv, const int *p, int n, int f)
{
    if (priv)
        return;     /* ?25l and the like */
    switch (f) {
    case 'H': case 'f':
        t->r = vt_param(p, n, 0, 1) - 1;
        t->c = vt_param(p, n, 1, 1) - 1;
        break;
    case 'A': t->r -= vt_param(p, n, 0, 1); break;
    case 'B': t->r += vt_param(p, n, 0, 1); break;
    case 'C': t->c += vt_param(p, n, 0, 1); break;
    case 'D': t->c -= vt_param(p, n, 0, 1); break;
    case 'J':
        if (n && p[0] == 2) {
            memset(t->cell, ' ', sizeof t->cell);
        } else {
            memset(t->cell[t->r] + t->c, ' ', (size_t)(VT_COLS - t->c));
            for (int r = t->r + 1; r < t->rows; r++)
                memset(t->cell[r], ' ', VT_COLS);
        }
        break;
    case 'K':
        memset(t->cell[t->r] + t->c, ' ', (size_t)(VT_COLS - t->c));
        break;
    case 'r':
        t->top = vt_param(p, n, 0, 1) - 1;
        t->bot = vt_param(p, n, 1, t->rows) - 1;
        t->r = 0;
        t->c = 0;
        break;
    default:
        break;      /* 'm' and the rest */
    }
    if (t->r < 0) t->r = 0;
    if (t->r >= t->rows) t->r = t->rows - 1;
    if (t->c < 0) t->c = 0;
    if (t->c >= t->cols) t->c = t->cols - 1;
}

/* Play output onto the screen. */
static inline void vt_feed(vt *t, const char *s)
{
    while (*s) {
        unsigned char ch = (unsigned char)*s++;
        if (ch == 27) {
            if (*s == '7') { t->sr = t->r; t->sc = t->c; s++; continue; }
            if (*s == '8') { t->r = t->sr; t->c = t->sc; s++; continue; }
            if (*s != '[') { if (*s) s++; continue; }
            s++;
            int priv = 0, p[8] = { 0 }, n = 0;
            if (*s == '?') { priv = 1; s++; }
            while (*s && (*s == ';' || (*s >= '0' && *s <= '9'))) {
                if (*s == ';') {
                    if (n < 7) n++;
                } else {
                    p[n] = p[n] * 10 + (*s - '0');
                }
                s++;
            }
            n++;
            if (*s)
                vt_csi(t, priv, p, n, *s++);
            continue;
        }
        if (ch == '\r') { t->c = 0; continue; }
        if (ch == '\n') { vt_lf(t); continue; }
        if (ch == '\b') { if (t->c > 0) t->c--; continue; }
        if (ch < ' ')
            continue;
        if (t->c >= t->cols) {
            t->c = 0;
            vt_lf(t);
        }
        t->cell[t->r][t->c++] = (char)ch;
    }
}

/* Row r (0-based) as text, trailing blanks removed. */
static inline const char *vt_row(const vt *t, int r)
{
    static char line[VT_COLS + 1];
    memcpy(line, t->cell[r], (size_t)t->cols);
    int n = t->cols;
    while (n > 0 && line[n - 1] == ' ')
        n--;
    line[n] = 0;
    return line;
}

/* The row that holds text, or -1. */
static inline int vt_find(const vt *t, const char *text)
{
    for (int r = 0; r < t->rows; r++) {
        char line[VT_COLS + 1];
        memcpy(line, t->cell[r], (size_t)t->cols);
        line[t->cols] = 0;
        if (strstr(line, text))
            return r;
    }
    return -1;
}

#endif
