/*
 * bg_mat.c - a match's record (bg_record.c) as a .mat file, the text
 * format of Jellyfish that GNU Backgammon imports ("import mat FILE") and
 * exports itself:
 *
 *      5 point match
 *
 *      Game 1
 *      ANN : 0                        ATARI : 0
 *       1) 31: 8/5 6/5                 64: 24/18 13/9
 *       2)  Doubles => 2                Takes
 *       3) 52: 13/8 24/22              ...
 *           Wins 2 points
 *
 * Blue is on the left, green on the right; each side's moves are in its
 * own points (24 its back point, 25 the bar, 0 off), as gnubg writes
 * them.  A line holds one action of each side, the left's first; a turn
 * with nothing to play is its dice alone; a double is " Doubles => N",
 * its answer " Takes", " Drops" or " Beavers => 2N".  Money play is a "0 point
 * match".  Names lose their blanks (gnubg reads a name as one word).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bg.h"

enum { MAT_COL = 28 };          /* the width of the left column */

typedef struct mat_out {
    char *buf;
    size_t len, cap;
    int failed;
} mat_out;

static void out(mat_out *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void out(mat_out *o, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(o->buf ? o->buf + o->len : NULL,
                          o->buf ? o->cap - o->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            o->failed = 1;
            return;
        }
        if (o->buf && o->len + (size_t)n < o->cap) {
            o->len += (size_t)n;
            return;
        }
        size_t cap = o->cap ? o->cap * 2 : 4096;
        while (cap <= o->len + (size_t)n)
            cap *= 2;
        char *nb = realloc(o->buf, cap);
        if (!nb) {
            o->failed = 1;
            return;
        }
        o->buf = nb;
        o->cap = cap;
    }
}

/* A name as one word. */
static void word(const char *name, char *w, size_t n)
{
    snprintf(w, n, "%s", name && *name ? name : "PLAYER");
    for (char *p = w; *p; p++)
        if (*p == ' ')
            *p = '_';
}

/* The text of one action (at most 40 characters). */
static void action(const uint8_t *e, char *text, size_t n)
{
    switch (e[0]) {
    case 'M': {
        int d1 = e[2] >> 4, d2 = e[2] & 15;
        size_t k = (size_t)snprintf(text, n, "%d%d: ", d1 > d2 ? d1 : d2,
                                    d1 > d2 ? d2 : d1);
        for (int s = 0; s < e[3] && k < n; s++) {
            const uint8_t *st = e + 4 + 3 * s;
            k += (size_t)snprintf(text + k, n - k, "%d/%d%s ", st[0], st[1],
                                  st[2] ? "*" : "");
        }
        break;
    }
    case 'D':
        snprintf(text, n, " Doubles => %d", 1 << e[2]);
        break;
    case 'B':
        snprintf(text, n, " Beavers => %d", 1 << e[2]);
        break;
    case 'T':
        snprintf(text, n, " Takes");
        break;
    case 'P':
        snprintf(text, n, " Drops");
        break;
    default:
        text[0] = 0;
    }
}

/* One game's lines, from the event after its 'G' up to the next 'G'. */
static size_t game(mat_out *o, const uint8_t *b, size_t len, int *score)
{
    size_t at = 0, k;
    int line = 0, open = 0;     /* open: the left column of line is out */
    while (at < len && b[at] != 'G' && (k = bg_record_event(b + at,
                                                            len - at))) {
        const uint8_t *e = b + at;
        at += k;
        if (e[0] == 'W') {
            int pts = e[2] | e[3] << 8;
            const char *s = pts == 1 ? "" : "s";
            /* green's win after blue's pass ends blue's line, as gnubg
             * writes it */
            if (open && e[1] == BG_GREEN)
                out(o, " Wins %d point%s\n", pts, s);
            else
                out(o, "%s%*sWins %d point%s\n", open ? "\n" : "",
                    e[1] == BG_BLUE ? 6 : 6 + MAT_COL, "", pts, s);
            open = 0;
            score[e[1]] += pts;
            continue;
        }
        /* A beaver is a take and a redouble at once: gnubg writes it
         * alone in the taker's column. */
        if (e[0] == 'T' && at < len && b[at] == 'B' && b[at + 1] == e[1])
            continue;
        char text[64];
        action(e, text, sizeof text);
        if (e[1] == BG_BLUE) {
            if (open)
                out(o, "\n");
            out(o, "%3d) %-*s", ++line, MAT_COL, text);
            open = 1;
        } else {
            if (!open)
                out(o, "%3d) %-*s", ++line, MAT_COL, "");
            out(o, "%s\n", text);
            open = 0;
        }
    }
    if (open)
        out(o, "\n");
    return at;
}

char *bg_mat_text(const bg_record *r, const char *const names[2],
                  int length)
{
    mat_out o = {0};
    char w[2][BG_NAME_MAX + 1];
    int score[2] = {0, 0}, games = 0;
    word(names[BG_BLUE], w[BG_BLUE], sizeof w[0]);
    word(names[BG_GREEN], w[BG_GREEN], sizeof w[1]);
    out(&o, "; [Site \"ttyarcade\"]\n\n %d point match\n", length);
    for (size_t at = 0; at < r->len;) {
        if (r->buf[at] != 'G') {    /* before the first game: none */
            size_t k = bg_record_event(r->buf + at, r->len - at);
            at += k ? k : r->len;
            continue;
        }
        at++;
        char head[40];
        snprintf(head, sizeof head, " %s : %d", w[BG_BLUE], score[BG_BLUE]);
        out(&o, "\n Game %d\n%-*s%s : %d\n", ++games, MAT_COL + 4, head,
            w[BG_GREEN], score[BG_GREEN]);
        at += game(&o, r->buf + at, r->len - at, score);
    }
    out(&o, "\n");
    if (o.failed) {
        free(o.buf);
        return NULL;
    }
    return o.buf;
}
