/*
 * bg_notation.c - a play written as GNU Backgammon writes it: the steps of
 * one tile joined ("24/18/13" becomes "24/13", keeping a point where it
 * hit: "24/18*\/13"), highest starting point first, repeats counted
 * ("8/5(2)"), "bar" and "off", and "none" for no play.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "bg.h"

typedef struct chain {
    int from, to, n;            /* n: points passed through kept */
    int mid[4];                 /* intermediate points where it hit */
    int hit;                    /* hit at the end */
    int count;
} chain;

static int point_text(int p, int colour, int is_from, char *b, size_t sz)
{
    if (p == 25 && is_from)
        return snprintf(b, sz, "bar");
    if (p == 0 && !is_from)
        return snprintf(b, sz, "off");
    return snprintf(b, sz, "%d", colour < 0 ? p : bg_peg(colour, p));
}

static int same(const chain *a, const chain *b)
{
    return a->from == b->from && a->to == b->to && a->hit == b->hit &&
           a->n == b->n && !memcmp(a->mid, b->mid, sizeof a->mid);
}

int bg_move_format(const bg_move *m, int colour, char *buf, size_t size)
{
    chain c[4];
    int nc = 0;
    if (m->n == 0)
        return snprintf(buf, size, "none");
    /* Join steps: each step in turn extends a chain ending where it
     * starts, else opens a new one. */
    for (int s = 0; s < m->n; s++) {
        int from = m->st[s].from, to = m->st[s].to;
        int hit = (m->hits >> s) & 1, k;
        for (k = 0; k < nc; k++)
            if (c[k].to == from && from != 0)
                break;
        if (k < nc) {
            if (c[k].hit)
                c[k].mid[c[k].n++] = c[k].to;
            c[k].to = to;
            c[k].hit = hit;
        } else {
            memset(&c[nc], 0, sizeof c[nc]);
            c[nc].from = from;
            c[nc].to = to;
            c[nc].hit = hit;
            nc++;
        }
    }
    /* Highest start first, then highest end; count repeats. */
    for (int i = 1; i < nc; i++)
        for (int j = i; j > 0 &&
             (c[j].from > c[j - 1].from ||
              (c[j].from == c[j - 1].from && c[j].to > c[j - 1].to)); j--) {
            chain t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < nc;) {
        int n = 1;
        while (i + n < nc && same(&c[i], &c[i + n]))
            n++;
        char t[96], p[8];
        size_t tl = 0;
        point_text(c[i].from, colour, 1, p, sizeof p);
        tl += (size_t)snprintf(t + tl, sizeof t - tl, "%s%s", i ? " " : "", p);
        for (int k = 0; k < c[i].n; k++) {
            point_text(c[i].mid[k], colour, 0, p, sizeof p);
            tl += (size_t)snprintf(t + tl, sizeof t - tl, "/%s*", p);
        }
        point_text(c[i].to, colour, 0, p, sizeof p);
        tl += (size_t)snprintf(t + tl, sizeof t - tl, "/%s%s", p,
                               c[i].hit ? "*" : "");
        if (n > 1)
            tl += (size_t)snprintf(t + tl, sizeof t - tl, "(%d)", n);
        if (len + tl < size) {
            memcpy(buf + len, t, tl + 1);
            len += tl;
        }
        i += n;
    }
    return (int)len;
}
