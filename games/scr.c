/*
 * scr.c - the split screen of scr.h: a pane drawn in place above, the
 * book's dialogue scrolling below.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "scr.h"

int scr_split(scr *s, tty_io *io, int pane, int min_rows, int min_cols)
{
    s->on = 0;
    s->pane = pane;
    s->min_rows = min_rows;
    s->min_cols = min_cols;
    return scr_resplit(s, io);
}

int scr_resplit(scr *s, tty_io *io)
{
    const tty_caps *c = tty_get_caps(io);
    int was = s->on;
    s->rows = c->height;
    s->cols = c->width;
    s->on = c->ansi && c->height >= s->min_rows && c->width >= s->min_cols;
    /* Only an ANSI terminal can report a new size worth acting on. */
    tty_want_resize(io, c->ansi);
    if (!s->on) {
        if (was) {
            /* Too small now: back to one scrolling screen. */
            tty_msg(io, "\033[r");
            tty_clear(io);
        }
        return 0;
    }
    tty_clear(io);
    /* DECSTBM homes the cursor; the dialogue starts on the bottom row, so
     * that it scrolls up from there as paper comes out of a teletype. */
    tty_printf(io, "\033[%d;%dr", s->pane + 1, s->rows);
    tty_goto(io, s->rows, 1);
    return 1;
}

void scr_enter(const scr *s, tty_io *io)
{
    if (s->on)
        tty_msg(io, "\0337");   /* DECSC */
}

void scr_leave(const scr *s, tty_io *io)
{
    if (s->on)
        tty_msg(io, "\0338");   /* DECRC */
}

void scr_unsplit(scr *s, tty_io *io)
{
    if (s->on) {
        tty_msg(io, "\033[r");
        tty_goto(io, s->rows, 1);
        tty_msg(io, "\r\n");
    }
    s->on = 0;
    tty_want_resize(io, 0);
}
