/*
 * ef_scr.h - a screen that sends only what changed.
 *
 * The game composes the whole frame it wants every time (cheap: memory);
 * ef_scr_flush compares it with what the terminal shows and sends the
 * cursor moves, attributes and characters that make the difference.  A
 * scroll of the map is done by the terminal (a scroll region for rows,
 * delete/insert character for columns) and recorded here, so only the
 * row or column scrolled in is sent.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef EF_SCR_H
#define EF_SCR_H

#include <stddef.h>
#include <stdint.h>

#include "tty.h"

/* Attributes: flags and colours (0 = the terminal's own, else 1 + the
 * ANSI colour number 0..7). */
#define EF_A_BOLD 0x01
#define EF_A_REV 0x02
#define EF_A_UNDER 0x04
#define EF_A_FG(c) ((uint16_t)(((c) + 1) << 4))
#define EF_A_BG(c) ((uint16_t)(((c) + 1) << 8))
enum { EF_BLACK, EF_RED, EF_GREEN, EF_YELLOW, EF_BLUE, EF_MAGENTA, EF_CYAN,
       EF_WHITE };

typedef struct ef_cell {
    char ch;
    uint16_t attr;
} ef_cell;

typedef struct ef_scr {
    tty_io *io;
    int w, h;
    ef_cell *want, *have;
    int crow, ccol;         /* the terminal's cursor; -1: not known */
    uint16_t cattr;         /* its attributes; 0xffff: not known */
    int cursor_on;          /* -1: not known */
    int fresh;              /* clear the screen before the next flush */
    char *out;              /* what the next flush sends */
    size_t len, cap;
} ef_scr;

/* A w x h screen; the first flush clears the terminal.  -1: no memory. */
int ef_scr_init(ef_scr *s, tty_io *io, int w, int h);
void ef_scr_free(ef_scr *s);
/* Forget what the terminal shows: the next flush redraws it all. */
void ef_scr_invalidate(ef_scr *s);

/* Composing the frame wanted (rows and columns from 0; clipped). */
void ef_scr_blank(ef_scr *s);
void ef_scr_put(ef_scr *s, int row, int col, const char *text,
                uint16_t attr);
void ef_scr_putc(ef_scr *s, int row, int col, int ch, uint16_t attr);
/* Fill row from col to the end with attr (a bar). */
void ef_scr_fill(ef_scr *s, int row, int col, int width, uint16_t attr);

/* Have the terminal move rows top..bot up by n (down if n < 0), or the
 * columns of rows top..bot left by n (right if n < 0), as a map window
 * scrolls; the lines or columns that come in are blank. */
void ef_scr_vscroll(ef_scr *s, int top, int bot, int n);
void ef_scr_hscroll(ef_scr *s, int top, int bot, int n);

/* Send the difference, then put the cursor at (row, col), or hide it if
 * row < 0.  Returns the bytes sent. */
size_t ef_scr_flush(ef_scr *s, int row, int col);

#endif
