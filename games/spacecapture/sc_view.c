/*
 * sc_view.c - the paper grid on the player's terminal (beyond the book,
 * which told players to rule their own 8 by 8 grids and keep track).
 *
 * On a teletype or a glass terminal the grid is printed line by line when
 * the player types G, between the book's lines.  On an ANSI terminal it
 * stays on screen in a pane above the dialogue and is redrawn in place
 * whenever PLAYIN reports a position or ZERSEC destroys a sector; the
 * book's lines scroll in the region below:
 *
 *    1  SPACE CAPTURE
 *    2   Y
 *    3   8  .  .  .  .  .  3  .  .      N  SECTOR DESTROYED BY SHOT N
 *    .   .                              @  MY LAST POSITION
 *   10   1  .  .  .  .  .  .  .  .
 *   11      1  2  3  4  5  6  7  8  X
 *   12  ------------------------------------------------------------
 *   13  (the book's dialogue, scrolling)
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "sc_dialog.h"

enum {
    SC_PANE = 12,       /* the title, the grid's ten lines, a rule */
    SC_MIN_ROWS = SC_PANE + 8,
    SC_MIN_COLS = 64,
    SC_LEGEND_COL = 36
};

/* Printed under the grid on paper. */
static const char sc_legend[] =
    "N = SECTOR DESTROYED BY SHOT N,  @ = MY LAST POSITION,  + = BEFORE\r\n";

/* Beside the grid in the pane, from its third row. */
static const char *const sc_pane_legend[] = {
    "N  SECTOR DESTROYED BY SHOT N",
    "@  MY LAST POSITION",
    "+  WHERE I WAS BEFORE",
    0
};

static void sc_pane_line(tty_io *io, int row, const char *s, size_t n)
{
    tty_goto(io, row, 1);
    tty_write(io, s, n);
    tty_clear_eol(io);
}

static void sc_pane_draw(sc_session *p)
{
    tty_io *io = p->io;
    char text[SC_GRID_TEXT_SIZE];
    sc_grid_text(&p->g, text, sizeof text);

    scr_enter(&p->split, io);
    sc_pane_line(io, 1, " SPACE CAPTURE", 14);
    int row = 2;
    for (const char *s = text, *nl; (nl = strchr(s, '\n')); s = nl + 1)
        sc_pane_line(io, row++, s, (size_t)(nl - s));
    for (int i = 0; sc_pane_legend[i]; i++) {
        tty_goto(io, 3 + i, SC_LEGEND_COL);
        tty_msg(io, sc_pane_legend[i]);
    }
    tty_goto(io, 7, SC_LEGEND_COL);
    tty_printf(io, "SHOTS FIRED: %2d OF %d", p->g.nfired, SC_SHOTS);
    tty_goto(io, SC_PANE, 1);
    for (int i = 1; i < p->split.cols; i++)
        tty_print(io, '-');
    scr_leave(&p->split, io);
}

void sc_view_open(sc_session *p)
{
    if (scr_split(&p->split, p->io, SC_PANE, SC_MIN_ROWS, SC_MIN_COLS))
        sc_pane_draw(p);
}

void sc_view_resize(sc_session *p)
{
    if (scr_resplit(&p->split, p->io))
        sc_pane_draw(p);
}

void sc_view_update(sc_session *p)
{
    if (p->split.on)
        sc_pane_draw(p);
}

int sc_view_grid(sc_session *p)
{
    if (p->split.on) {
        sc_pane_draw(p);
        return 0;
    }
    char text[SC_GRID_TEXT_SIZE];
    sc_grid_text(&p->g, text, sizeof text);
    tty_msg(p->io, "\r\n");
    tty_msg(p->io, text);
    if ((int)strlen(sc_legend) - 2 <= wrap_width(tty_get_caps(p->io))) {
        tty_msg(p->io, sc_legend);
        return 1;
    }
    /* A narrow window: one sign a line, as beside the pane's grid. */
    for (int i = 0; sc_pane_legend[i]; i++)
        tty_printf(p->io, "%c = %s\r\n", sc_pane_legend[i][0],
                   sc_pane_legend[i] + 3);
    return 1;
}

void sc_view_close(sc_session *p)
{
    scr_unsplit(&p->split, p->io);
}
