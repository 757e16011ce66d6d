/*
 * scr.h - the split screen the SCELBI dialogues use on an ANSI terminal:
 * a fixed pane at the top that a game redraws in place (Space Capture's
 * grid, Hexpawn's board) and, below it, a scrolling region where the
 * book's lines go by exactly as they would on paper.
 *
 * On a teletype, a glass terminal or a window too small for the pane, the
 * screen is not split and every call here prints nothing: the game then
 * prints its boards line by line, as the book's sample runs show them.
 *
 * The region is set with DECSTBM and the dialogue's cursor is kept across
 * a redraw with DECSC/DECRC, which every VT100 descendant honours; so a
 * game never needs to know where in the region its dialogue stands.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef SCR_H
#define SCR_H

#include "tty.h"

typedef struct scr {
    int on;         /* the screen is split now */
    int pane;       /* rows 1..pane are the game's fixed pane */
    int min_rows;   /* the smallest window the split needs */
    int min_cols;
    int rows, cols; /* the window the split was made for */
} scr;

/*
 * Split the screen for a pane of 'pane' rows if the terminal has cursor
 * control and at least min_rows by min_cols; the screen is cleared and the
 * cursor left on the bottom row, in the region.  Asks for TTY_KEY_RESIZE
 * on an ANSI terminal, so that the game can call scr_split again when the
 * window changes (the split is then made for the new size, or undone if
 * the window became too small).  Returns s->on.
 */
int scr_split(scr *s, tty_io *io, int pane, int min_rows, int min_cols);
/* Lay the split out again for the window's present size (after
 * TTY_KEY_RESIZE).  Returns s->on. */
int scr_resplit(scr *s, tty_io *io);
/* Bracket drawing in the pane: the dialogue's cursor is saved and put
 * back afterwards.  Nothing happens when the screen is not split. */
void scr_enter(const scr *s, tty_io *io);
void scr_leave(const scr *s, tty_io *io);
/* Undo the split (whole-screen scrolling, cursor on the bottom row) and
 * stop asking for TTY_KEY_RESIZE: before the game returns to the menu. */
void scr_unsplit(scr *s, tty_io *io);

#endif
