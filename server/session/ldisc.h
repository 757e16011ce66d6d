/*
 * ldisc.h - the input half of a session's line discipline: bytes from the
 * wire become keys.  CR, CR LF, CR NUL and a lone LF are each one Return;
 * backspace and RUBOUT are one erase; ANSI cursor keys become TTY_KEY_*;
 * a teletype's input is folded to upper case.  Pure: no I/O, no timers
 * (a lone Escape is told apart from a sequence by the caller's timer,
 * through ldisc_timeout).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef LDISC_H
#define LDISC_H

#include <stddef.h>

typedef void (*ldisc_emit)(void *ctx, int key);

typedef struct ldisc {
    unsigned upper : 1;    /* fold letters to upper case */
    unsigned strip8 : 1;   /* strip the parity bit (serial lines, ptys) */
    unsigned cr : 1;       /* last byte was CR: LF or NUL after it is part
                              of the same Return */
    unsigned state : 2;    /* 0 text, 1 after ESC, 2 in CSI, 3 after SS3 */
    int num;               /* CSI numeric parameter */
} ldisc;

void ldisc_feed(ldisc *ld, const unsigned char *p, size_t n, ldisc_emit emit,
                void *ctx);
/* 1 while an Escape waits to be told apart from a sequence. */
int ldisc_pending(const ldisc *ld);
/* The wait is over: a pending Escape was a lone Escape key. */
void ldisc_timeout(ldisc *ld, ldisc_emit emit, void *ctx);

#endif
