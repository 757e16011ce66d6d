/*
 * gj_scr.c - a virtual 80 x 24 screen for the ANSI board.  The dialogue
 * paints the whole screen it wants every time; gj_scr_flush sends only
 * the characters that differ from what the terminal already shows, so a
 * move costs a few dozen bytes, not a redraw.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "gj_ui.h"

void gj_scr_blank(gj_scr *s)
{
    for (int r = 0; r < GJ_ROWS; r++)
        for (int c = 0; c < GJ_COLS; c++)
            s->want[r][c] = (gj_cell){ ' ', 0 };
}

void gj_scr_putn(gj_scr *s, int row, int col, const char *text, int n,
                 int attr)
{
    if (row < 0 || row >= GJ_ROWS)
        return;
    for (int i = 0; i < n && text[i] && col + i < GJ_COLS; i++)
        if (col + i >= 0)
            s->want[row][col + i] = (gj_cell){ text[i], (uint8_t)attr };
}

void gj_scr_put(gj_scr *s, int row, int col, const char *text, int attr)
{
    gj_scr_putn(s, row, col, text, (int)strlen(text), attr);
}

void gj_scr_reset(gj_scr *s)
{
    s->valid = 0;
}

/* The SGR for an attribute set, from a clean slate. */
static void sgr(const gj_scr *s, tty_io *io, int attr)
{
    char b[32] = "0";
    if (attr & GJ_A_BOLD)
        strcat(b, ";1");
    if (attr & GJ_A_UL)
        strcat(b, ";4");
    if (attr & GJ_A_REV)
        strcat(b, ";7");
    if (s->color && (attr & GJ_A_RED))
        strcat(b, ";31");
    if (s->color && (attr & GJ_A_BLUE))
        strcat(b, ";34");
    tty_attr(io, b);
}

void gj_scr_flush(gj_scr *s, tty_io *io)
{
    if (!s->valid) {
        tty_attr(io, "0");
        tty_clear(io);
        for (int r = 0; r < GJ_ROWS; r++)
            for (int c = 0; c < GJ_COLS; c++)
                s->have[r][c] = (gj_cell){ ' ', 0 };
        s->valid = 1;
    }
    int attr = -1, at_r = -1, at_c = -1;
    for (int r = 0; r < GJ_ROWS; r++) {
        for (int c = 0; c < GJ_COLS; c++) {
            gj_cell w = s->want[r][c];
            if (w.ch == s->have[r][c].ch && w.attr == s->have[r][c].attr)
                continue;
            /* Never write the bottom right corner: a VT100 would scroll. */
            if (r == GJ_ROWS - 1 && c == GJ_COLS - 1)
                continue;
            /* A short run of unchanged cells is cheaper to write again
             * than to jump over (a jump is 6 to 8 bytes). */
            int from = c;
            if (r == at_r && c > at_c && c - at_c <= 6)
                from = at_c;
            else if (r != at_r || c != at_c)
                tty_goto(io, r + 1, c + 1);
            for (int x = from; x <= c; x++) {
                gj_cell cell = s->want[r][x];
                if (cell.attr != attr) {
                    sgr(s, io, cell.attr);
                    attr = cell.attr;
                }
                tty_print(io, cell.ch);
                s->have[r][x] = cell;
            }
            at_r = r;
            at_c = c + 1;
        }
    }
    if (attr > 0)
        tty_attr(io, "0");
    tty_goto(io, s->row + 1, s->col + 1);
}
