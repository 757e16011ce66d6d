/*
 * bg_parse.c - a player's typed moves, in the article's absolute pegs:
 * "13 10" or "13/10", "BAR 3" or "BAR/3", "20 OFF", several on a line.
 * Points joined by '/' (or '-') form a chain, "24/18/13" being two moves;
 * two points separated only by spaces or a comma are one move.  gnubg's
 * own forms are accepted as well: "*" marking a hit, "(2)" repeating.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "bg.h"

typedef struct pt {
    int own;        /* the mover's point: 25 bar, 0 off */
    int joined;     /* joined to the previous point by '/' or '-' */
    int repeat;     /* "(n)" after it */
    int pos;        /* offset in the line */
} pt;

int bg_parse_moves(const char *line, int colour, bg_typed *out, int max,
                   int *errpos)
{
    pt p[64];
    int n = 0, join = 0, i = 0, nout = 0;
    *errpos = 0;
    while (line[i]) {
        unsigned char c = (unsigned char)line[i];
        if (isspace(c) || c == ',') {
            i++;
        } else if (c == '/' || c == '-') {
            if (!n || join) {
                *errpos = i;
                return -1;
            }
            join = 1;
            i++;
        } else if (c == '*') {
            i++;
        } else if (c == '(') {
            int r = 0, j = i + 1;
            while (isdigit((unsigned char)line[j]))
                r = r * 10 + line[j++] - '0';
            if (!n || line[j] != ')' || r < 1 || r > 4) {
                *errpos = i;
                return -1;
            }
            p[n - 1].repeat = r;
            i = j + 1;
        } else {
            int v, j = i;
            if (isdigit(c)) {
                v = 0;
                while (isdigit((unsigned char)line[j]) && v <= 25)
                    v = v * 10 + line[j++] - '0';
                if (v > 25) {
                    *errpos = i;
                    return -1;
                }
                v = colour == BG_GREEN ? v : 25 - v;
            } else if (!strncasecmp(line + i, "bar", 3)) {
                v = 25;
                j += 3;
            } else if (!strncasecmp(line + i, "off", 3)) {
                v = 0;
                j += 3;
            } else {
                *errpos = i;
                return -1;
            }
            if (isalnum((unsigned char)line[j]) || n == 64) {
                *errpos = i;
                return -1;
            }
            p[n].own = v;
            p[n].joined = join;
            p[n].repeat = 1;
            p[n].pos = i;
            n++;
            join = 0;
            i = j;
        }
    }
    if (join) {
        *errpos = i;
        return -1;
    }
    /* Groups of joined points; a lone point pairs with what follows. */
    for (int a = 0; a < n;) {
        int b = a + 1;
        while (b < n && p[b].joined)
            b++;
        if (b - a == 1) {
            if (b == n) {
                *errpos = p[a].pos;
                return -1;
            }
            b++;
            while (b < n && p[b].joined)
                b++;
        }
        int rep = p[b - 1].repeat;
        for (int r = 0; r < rep; r++)
            for (int k = a; k + 1 < b; k++) {
                if (nout == max) {
                    *errpos = p[k].pos;
                    return -1;
                }
                out[nout].from = (uint8_t)p[k].own;
                out[nout].to = (uint8_t)p[k + 1].own;
                nout++;
            }
        a = b;
    }
    return nout;
}

int bg_typed_bar_first(bg_typed *mv, int n, int max, int rules, int d1,
                       int d2)
{
    if (rules != BG_RULES_STANDARD || d1 != d2 || d1 < 1)
        return n;
    int entry = 25 - d1;
    for (int k = 0; k < n; k++) {
        int to = mv[k].to;
        if (mv[k].from != 25 || to >= entry || (entry - to) % d1 != 0)
            continue;
        int r = 1;
        while (k + r < n && mv[k + r].from == 25 && mv[k + r].to == to)
            r++;
        if (r < 2 || n + r > max)
            continue;
        memmove(&mv[k + 2 * r], &mv[k + r],
                (size_t)(n - k - r) * sizeof *mv);
        for (int i = 0; i < r; i++) {
            mv[k + i] = (bg_typed){ 25, (uint8_t)entry };
            mv[k + r + i] = (bg_typed){ (uint8_t)entry, (uint8_t)to };
        }
        n += r;
        k += 2 * r - 1;
    }
    return n;
}

int bg_parse_entry(const char *line, int colour, bg_typed *out)
{
    int v = 0, digits = 0;
    while (isspace((unsigned char)*line))
        line++;
    while (isdigit((unsigned char)*line) && digits < 3) {
        v = v * 10 + *line++ - '0';
        digits++;
    }
    while (isspace((unsigned char)*line))
        line++;
    if (!digits || *line || v < 1 || v > 24)
        return 0;
    out->from = 25;
    out->to = (uint8_t)(colour == BG_GREEN ? v : 25 - v);
    return 1;
}
