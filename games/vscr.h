/*
 * vscr.h - the virtual screen every ANSI board is drawn through: the game
 * composes the whole picture it wants each time (cheap: memory), and
 * vscr_flush compares it with what the terminal shows and sends only the
 * cursor moves, attributes and characters that make the difference.
 *
 * A screen is either the whole terminal (Eastern Front's map, Gunjin's
 * board) or a pane: a block of rows above a scrolling dialogue (checkers,
 * backgammon; see scr.h).  A pane never clears the terminal; its flush
 * keeps the dialogue's cursor and attributes (DECSC/DECRC) and sends
 * nothing at all when nothing changed.
 *
 * The picture wanted and the picture shown are the two buffers of a back
 * buffer: vscr_invalidate forgets the second (after the terminal was
 * cleared or resized, or a page was shown over it), so the next flush
 * draws everything.  A scroll of a map is done by the terminal (a scroll
 * region for rows, delete/insert character for columns) and recorded
 * here, so only the row or column scrolled in is sent.
 *
 * Everything sent is VT100 but the column scroll, which uses the VT102's
 * delete and insert character.  As with the contract's ANSI helpers,
 * nothing is sent to a terminal without cursor control.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef VSCR_H
#define VSCR_H

#include <stddef.h>
#include <stdint.h>

#include "tty.h"

/* Attributes: flags and colours (0 = the terminal's own, else 1 + the
 * ANSI colour number 0..7). */
#define VSCR_BOLD 0x01
#define VSCR_UNDER 0x02
#define VSCR_REV 0x04
#define VSCR_BLINK 0x08
#define VSCR_DIM 0x1000
#define VSCR_FG(c) ((uint16_t)(((c) + 1) << 4))
#define VSCR_BG(c) ((uint16_t)(((c) + 1) << 8))
enum { VSCR_BLACK, VSCR_RED, VSCR_GREEN, VSCR_YELLOW, VSCR_BLUE,
       VSCR_MAGENTA, VSCR_CYAN, VSCR_WHITE };

typedef struct vscr_cell {
    char ch;                /* 0 in 'have': not known */
    uint16_t attr;
} vscr_cell;

typedef struct vscr {
    tty_io *io;
    int w, h;
    int top;                /* the terminal row of the screen's row 0 */
    int pane;               /* a pane above a dialogue (vscr_init_pane) */
    vscr_cell *want, *have;
    int crow, ccol;         /* the terminal's cursor; -1: not known */
    uint16_t cattr;         /* its attributes; 0xffff: not known */
    int cursor_on;          /* -1: not known */
    int fresh;              /* the terminal's content is not known */
    char *out;              /* what the next flush sends */
    size_t len, cap;
    /* Where a flush goes: tty_write to io, unless sink is set (the unit
     * tests read the bytes). */
    void (*sink)(void *arg, const char *p, size_t n);
    void *sink_arg;
} vscr;

/* A w x h screen that is the whole terminal; the first flush clears it.
 * -1: no memory (nothing to free then). */
int vscr_init(vscr *s, tty_io *io, int w, int h);
/* A pane of w x h at terminal row top (from 0); the first flush draws
 * every row of it, erasing what was there. */
int vscr_init_pane(vscr *s, tty_io *io, int top, int w, int h);
/* A new size (a window resized); the contents are blanked and the next
 * flush draws everything.  -1: no memory (the screen is then freed). */
int vscr_resize(vscr *s, int w, int h);
void vscr_free(vscr *s);
/* Forget what the terminal shows: the next flush redraws it all. */
void vscr_invalidate(vscr *s);

/* Composing the picture wanted (rows and columns from 0; clipped; a
 * control character shows as a blank). */
void vscr_blank(vscr *s);
void vscr_putc(vscr *s, int row, int col, int ch, uint16_t attr);
void vscr_put(vscr *s, int row, int col, const char *text, uint16_t attr);
/* At most n characters of text. */
void vscr_putn(vscr *s, int row, int col, const char *text, int n,
               uint16_t attr);
/* width blanks in attr from col (a bar). */
void vscr_fill(vscr *s, int row, int col, int width, uint16_t attr);

/* Have the terminal move rows top..bot up by n (down if n < 0), or the
 * columns of rows top..bot left by n (right if n < 0), as a map window
 * scrolls; the lines or columns that come in are blank.  Whole screens
 * only (not panes). */
void vscr_vscroll(vscr *s, int top, int bot, int n);
void vscr_hscroll(vscr *s, int top, int bot, int n);

/* Send the difference, then put the cursor at (row, col), or hide it if
 * row < 0.  Returns the bytes sent.  Whole screens only. */
size_t vscr_flush(vscr *s, int row, int col);
/* Send the difference to a pane and put the dialogue's cursor and
 * attributes back as they were.  Returns the bytes sent (0 when nothing
 * changed). */
size_t vscr_flush_pane(vscr *s);

#endif
