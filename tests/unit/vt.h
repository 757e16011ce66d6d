/*
 * vt.h - the one small VT100 the unit suites share.  A test plays what a
 * game sent onto a grid of characters and reads the screen a player would
 * see, however the game chose to update it (games/vscr.h diffs, a pane
 * redrawn in a scroll region, a line editor's echo).
 *
 * It knows what the games send: printing with the VT100's delayed wrap,
 * CR, LF, BS, the bell; cursor addressing (CUP, HVP) and moves (CUU, CUD,
 * CUF, CUB); erase in display and in line; SGR (each cell keeps bold,
 * dim, underline, blink, reverse and the colours; what is erased or
 * scrolled in takes the current attributes, as xterm does); the scroll
 * region (DECSTBM) with index and reverse index; save and restore cursor
 * (DECSC, DECRC, the attributes with the cursor); delete and insert character (the VT102's DCH, ICH).
 * Private modes (?25l and the like) are read and ignored.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef VT_H
#define VT_H

#include <stddef.h>

#define VT_MAXW 200
#define VT_MAXH 60

/* A cell's attributes: flag bits, then the colours as 1 + the ANSI
 * number (0: the terminal's own), as games/vscr.h numbers them. */
enum {
    VT_BOLD = 0x01,
    VT_UNDER = 0x02,
    VT_REV = 0x04,
    VT_BLINK = 0x08,
    VT_DIM = 0x1000
};
#define VT_FG(a) (((a) >> 4) & 0xf)     /* 0, or 1 + the colour */
#define VT_BG(a) (((a) >> 8) & 0xf)

typedef struct vt {
    int w, h;                   /* the screen */
    int row, col;               /* the cursor, from 0 */
    int top, bot;               /* the scroll region, from 0, inclusive */
    int srow, scol;             /* the cursor DECSC saved */
    unsigned short sattr;       /* and the attributes */
    char cell[VT_MAXH][VT_MAXW + 1];
    unsigned short attr[VT_MAXH][VT_MAXW];
    unsigned short cur;         /* the attributes now */
    int bells;                  /* BELs heard */
    int scrolled;               /* lines scrolled off a region's top */
    int wraps;                  /* text that ran past the right edge */
    char line[VT_MAXH][VT_MAXW + 1];   /* vt_row's answers */
} vt;

/* A blank w x h screen, the cursor home (at most VT_MAXW x VT_MAXH). */
void vt_init(vt *t, int w, int h);
/* Play len bytes of output onto the screen. */
void vt_feed(vt *t, const char *p, size_t len);
/* The same for a NUL-terminated string. */
void vt_puts(vt *t, const char *s);
/* Play out up to (not including) the last occurrence of mark, or all of
 * it if mark is not there: the screen as the game left it before it gave
 * the terminal back. */
void vt_upto_last(vt *t, const char *out, const char *mark);
/* Row r (from 0) as text, trailing blanks removed; the answer stays
 * valid until the next vt_row of the same row. */
const char *vt_row(vt *t, int r);
/* Row r as the whole width of the screen, trailing blanks kept (a word
 * at the end of a bar is followed by its blanks). */
const char *vt_line(vt *t, int r);
/* The first row that holds text, or -1. */
int vt_find(vt *t, const char *text);
/* 1 if text is on the screen (within one row). */
int vt_shows(vt *t, const char *text);

#endif
