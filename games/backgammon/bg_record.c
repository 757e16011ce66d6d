/*
 * bg_record.c - the record of a match: every game's moves and cube
 * actions as a string of bytes, kept with the saved game, from which
 * bg_mat.c writes the .mat file a player takes to GNU Backgammon.
 *
 * Events, one after another:
 *   'G'                         a game begins
 *   'M' colour dice n n*(from to hit)
 *                               a turn: dice d1 * 16 + d2; the steps in
 *                               the mover's own points (25 the bar, 0
 *                               off), hit 1 when the step hit a tile
 *   'D' colour value            a double, to 2^value
 *   'T' colour                  a take
 *   'B' colour value            a beaver, the cube to 2^value
 *   'P' colour                  a pass
 *   'W' colour lo hi            a game won, for lo + 256 hi points
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "bg.h"

#define REC_MAX (1u << 22)      /* a sanity bound: far beyond any match */

void bg_record_free(bg_record *r)
{
    free(r->buf);
    memset(r, 0, sizeof *r);
}

static int put(bg_record *r, const uint8_t *b, size_t n)
{
    if (r->len + n > r->cap) {
        size_t cap = r->cap ? r->cap : 256;
        while (cap < r->len + n)
            cap *= 2;
        uint8_t *nb = cap <= REC_MAX ? realloc(r->buf, cap) : NULL;
        if (!nb)
            return -1;
        r->buf = nb;
        r->cap = cap;
    }
    memcpy(r->buf + r->len, b, n);
    r->len += n;
    return 0;
}

static int log2_of(int v)
{
    int k = 0;
    while ((1 << k) < v)
        k++;
    return k;
}

int bg_record_game(bg_record *r)
{
    uint8_t b[1] = {'G'};
    return put(r, b, sizeof b);
}

int bg_record_move(bg_record *r, int colour, int d1, int d2,
                   const bg_move *m)
{
    uint8_t b[4 + 3 * 4];
    size_t n = 0;
    b[n++] = 'M';
    b[n++] = (uint8_t)colour;
    b[n++] = (uint8_t)(d1 * 16 + d2);
    b[n++] = m->n;
    for (int k = 0; k < m->n; k++) {
        b[n++] = m->st[k].from;
        b[n++] = m->st[k].to;
        b[n++] = (uint8_t)((m->hits >> k) & 1);
    }
    return put(r, b, n);
}

/* A cube action: its letter, the colour, and for a double or a beaver
 * the cube's new value (value 0: none). */
static int cube_event(bg_record *r, char what, int colour, int value)
{
    uint8_t b[3] = {(uint8_t)what, (uint8_t)colour,
                    (uint8_t)log2_of(value)};
    return put(r, b, value ? 3 : 2);
}

int bg_record_double(bg_record *r, int colour, int value)
{
    return cube_event(r, 'D', colour, value);
}

int bg_record_take(bg_record *r, int colour)
{
    return cube_event(r, 'T', colour, 0);
}

int bg_record_beaver(bg_record *r, int colour, int value)
{
    return cube_event(r, 'B', colour, value);
}

int bg_record_pass(bg_record *r, int colour)
{
    return cube_event(r, 'P', colour, 0);
}

int bg_record_win(bg_record *r, int colour, int points)
{
    uint8_t b[4] = {'W', (uint8_t)colour, (uint8_t)(points & 255),
                    (uint8_t)(points >> 8)};
    return put(r, b, sizeof b);
}

/* The length of the event at b (n bytes left), or 0 if it is not one. */
size_t bg_record_event(const uint8_t *b, size_t n)
{
    size_t need;
    if (n < 1)
        return 0;
    switch (b[0]) {
    case 'G':
        return 1;
    case 'M':
        if (n < 4 || b[3] > 4)
            return 0;
        need = 4 + 3 * (size_t)b[3];
        break;
    case 'D': case 'B':
        need = 3;
        break;
    case 'T': case 'P':
        need = 2;
        break;
    case 'W':
        need = 4;
        break;
    default:
        return 0;
    }
    if (n < need || b[1] > 1)
        return 0;
    if (b[0] == 'M') {
        int d1 = b[2] >> 4, d2 = b[2] & 15;
        if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6)
            return 0;
        for (size_t k = 0; k < b[3]; k++)
            if (b[4 + 3 * k] > 25 || b[5 + 3 * k] > 24 || b[6 + 3 * k] > 1)
                return 0;
    }
    if ((b[0] == 'D' || b[0] == 'B') && b[2] > 15)
        return 0;
    return need;
}

int bg_record_set(bg_record *r, const uint8_t *buf, size_t len)
{
    for (size_t at = 0, k; at < len; at += k)
        if ((k = bg_record_event(buf + at, len - at)) == 0)
            return -1;
    if (len > REC_MAX)
        return -1;
    bg_record n = {0};
    if (len && put(&n, buf, len) != 0)
        return -1;
    bg_record_free(r);
    *r = n;
    return 0;
}
