/*
 * scrkeep.h - what a session keeps of its own screen so that someone who
 * starts watching mid-game sees it at once.
 *
 * On an ANSI terminal: the output since the last full clear (ESC [ 2 J),
 * at most SCRKEEP_MAX bytes; a screen that runs past that without a clear
 * is handed to a libvterm screen of the player's size, made only then
 * and dropped at the next clear, so most sessions keep a few kilobytes.
 * On paper (and glass): the last SCRKEEP_PAGE lines, a page of the roll.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef SCRKEEP_H
#define SCRKEEP_H

#include <stddef.h>

#include "buf.h"

#define SCRKEEP_MAX (64 * 1024)
#define SCRKEEP_PAGE 66            /* lines on an 11-inch page at 6 a inch */

typedef struct scrkeep {
    buf text;                   /* since the last clear, or the roll's tail */
    unsigned match;             /* bytes of ESC [ 2 J matched so far */
    unsigned ansi : 1;
    unsigned cleared : 1;       /* text starts at a full clear */
    struct VTerm *vt;           /* past SCRKEEP_MAX without a clear */
    int rows, cols;
} scrkeep;

/* Bytes the player received, on a terminal that is ansi or not, of
 * rows x cols (ANSI only). */
void scrkeep_feed(scrkeep *k, int ansi, int rows, int cols, const char *p,
               size_t n);
/* Bytes that bring a fresh terminal to the player's screen (ANSI) or
 * print the last page (paper). */
void scrkeep_redraw(scrkeep *k, buf *out);
/* Bytes kept (for the figures). */
size_t scrkeep_size(const scrkeep *k);
void scrkeep_free(scrkeep *k);

#endif
