/*
 * profile.h - terminal profiles (asr33, glass, ansi) and the output half
 * of the line discipline: what a game prints becomes what the line gets.
 *
 *   asr33  Teletype Model 33: 72 columns, upper case only, CR LF with NUL
 *          padding after the carriage return, tabs expanded, no cursor
 *          control; paced to 110 baud on a serial line.
 *   glass  a dumb 80-column terminal: lower case, no cursor control.
 *   ansi   VT100 / xterm: cursor addressing, colour, size from NAWS.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef PROFILE_H
#define PROFILE_H

#include <stddef.h>

#include "buf.h"
#include "tty.h"

typedef struct profile {
    const char *name;
    int width, height;
    int ansi, color, upper, paper;
    int wrap;       /* insert CR LF at the right margin (paper only) */
    int pad;        /* NULs after each carriage return */
    int tabs;       /* expand tabs to spaces */
} profile;

/* NULL if no such profile. */
const profile *profile_find(const char *name);
/* The profile a telnet TTYPE answer asks for: xterm, vt100, ansi, linux,
 * screen... -> ansi; tty33, asr33 -> asr33; anything else -> glass. */
const profile *profile_for_ttype(const char *ttype);
extern const profile *const profile_all[];

/* Output filter state. */
typedef struct pfilter {
    int width;      /* wrap column, 0 = none */
    int upper, tabs, pad;
    int col;        /* print column, 0-based */
    int pad_due;    /* NULs owed after a CR */
    int last_cr;    /* the last byte out was CR */
    int esc;        /* 0, 1 after ESC, 2 inside CSI */
} pfilter;

void pfilter_init(pfilter *f, const profile *p, int width);
/* Run game output through the filter, appending wire bytes to out. */
void pfilter_run(pfilter *f, const char *in, size_t n, buf *out);

#endif
