/*
 * ef_ui.h - the scrolling map on an ANSI terminal: what ef_ansi.c (the
 * keys, the turn shown step by step) and ef_view.c (drawing it) share.
 *
 * The screen, top to bottom: the date window (date, weather, score), the
 * map window, then the text window: the unit under the cursor, a message
 * line, and the keys.  The map window shows the map with its border, two
 * columns a square where the terminal is wide enough, and scrolls when
 * the cursor pushes against an invisible margin, as the original's did.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef EF_UI_H
#define EF_UI_H

#include "ef_play.h"
#include "vscr.h"

enum { EF_OVERLAY_NONE, EF_OVERLAY_HELP, EF_OVERLAY_REPORT,
       EF_OVERLAY_BRIEF };

typedef struct ef_ui {
    ef_play *p;
    tty_io *io;
    vscr scr;
    int ready;                  /* scr allocated */
    /* the layout, from the terminal's size */
    int w, h;
    int cps;                    /* columns a square: 2 or 1 */
    int top_rows;               /* of the date window: 1, or more when
                                   its words do not fit on one */
    int map_top, map_rows;      /* screen rows of the map window */
    int map_cols;               /* squares across it */
    int card_row, msg_row, keys_row;
    int cities_only;            /* the score is the cities' alone, as
                                   reckoned when the week began */
    int color;
    /* the map window's top left square, map coordinates with the border
     * (column 0 is the west border, row 0 the north border); drawn: the
     * origin the terminal shows */
    int vc, vr, drawn_vc, drawn_vr;
    /* the cursor and the unit picked up */
    int lon, lat;
    int held;
    char msg[160];              /* news: shortened to fit, if need be */
    char alt[160];              /* a shorter way to say it, or "": the
                                   one shown when msg does not fit */
    char hint[40];              /* a key to press: never shortened */
    int overlay;
    int page, pages;            /* of the overlay, a map window a page */
    int moving;                 /* the week is being played out */
    int asking;                 /* a yes-or-no question is on the
                                   message line */
    uint8_t mark[EF_H][EF_W];   /* squares fought over this subturn */
} ef_ui;

/* Lay the screen out for the terminal's present size. */
int ef_view_layout(ef_ui *u);
/* Scroll the window so the cursor is inside its margins. */
void ef_view_follow(ef_ui *u);
/* Draw the frame and send what changed; the bytes sent. */
size_t ef_view_draw(ef_ui *u);
/* Squares on screen: 1 if (lon, lat) is in the map window. */
int ef_view_shows(const ef_ui *u, int lon, int lat);
/* The message line as drawn: msg, two spaces and hint, msg shortened
 * (with "...") so the hint is whole within width (issue 21): between two
 * of its parts (after a comma, a semicolon, a colon or a full stop) where
 * one falls in the second half of the room, else at a word.  Returns
 * out. */
char *ef_view_fit(const char *msg, const char *hint, int width, char *out,
                  size_t size);
/* Leave the screen clean for the menu (or for the final lines). */
void ef_view_leave(ef_ui *u);

#endif
