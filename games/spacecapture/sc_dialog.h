/*
 * sc_dialog.h - what the files of Space Capture's dialogue share: the
 * session's game and screen (sc_game.c walks the flow chart, sc_view.c
 * shows the paper grid).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef SC_DIALOG_H
#define SC_DIALOG_H

#include "keep.h"
#include "scr.h"
#include "sc.h"
#include "tty.h"
#include "wrap.h"

typedef struct sc_session {
    tty_io *io;
    sc_state g;     /* the game on, or the one just over (for G) */
    scr split;      /* the grid's pane on an ANSI terminal */
    keep k;         /* the game on, under its resume code */
    const char *counter;    /* --counter: register L's values still to
                               come, "6,0,6,..."; NULL when used up */
} sc_session;

/* Split the screen on an ANSI terminal and draw the grid there. */
void sc_view_open(sc_session *p);
/* After the window changed size: lay the screen out again. */
void sc_view_resize(sc_session *p);
/* Redraw the grid in its pane (nothing when the screen is not split):
 * after every position reported and every sector destroyed. */
void sc_view_update(sc_session *p);
/* The player typed G: on paper the grid is printed line by line, on a
 * split screen it is redrawn.  Returns 1 if it printed into the dialogue
 * (so the prompt must be printed again). */
int sc_view_grid(sc_session *p);
void sc_view_close(sc_session *p);

#endif
