/*
 * bg_book.c - the opening plays.  From the starting position every level
 * but RANDOM plays the usual opening for the roll (the choices of modern
 * opening theory, as rollouts rank them; where two are about equal the
 * first listed is taken), when it is legal under the rules in force (the
 * ATARI five-tile rule forbids 65: 24/13, for instance).  The steps are in
 * the mover's own points.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "bg.h"
#include "bg_ai_int.h"

typedef struct book_entry {
    uint8_t d1, d2, n;
    uint8_t st[4][2];
} book_entry;

static const book_entry book[] = {
    {2, 1, 2, {{13, 11}, {6, 5}}},
    {3, 1, 2, {{8, 5}, {6, 5}}},
    {4, 1, 2, {{24, 23}, {13, 9}}},
    {5, 1, 2, {{24, 23}, {13, 8}}},
    {6, 1, 2, {{13, 7}, {8, 7}}},
    {3, 2, 2, {{24, 21}, {13, 11}}},
    {4, 2, 2, {{8, 4}, {6, 4}}},
    {5, 2, 2, {{13, 11}, {13, 8}}},
    {6, 2, 2, {{24, 18}, {13, 11}}},
    {4, 3, 2, {{24, 20}, {13, 10}}},
    {5, 3, 2, {{8, 3}, {6, 3}}},
    {6, 3, 2, {{24, 18}, {13, 10}}},
    {5, 4, 2, {{24, 20}, {13, 8}}},
    {6, 4, 2, {{8, 2}, {6, 2}}},
    {6, 5, 2, {{24, 18}, {18, 13}}},
    {1, 1, 4, {{8, 7}, {8, 7}, {6, 5}, {6, 5}}},
    {2, 2, 4, {{13, 11}, {13, 11}, {6, 4}, {6, 4}}},
    {3, 3, 4, {{8, 5}, {8, 5}, {6, 3}, {6, 3}}},
    {4, 4, 4, {{24, 20}, {24, 20}, {13, 9}, {13, 9}}},
    {5, 5, 4, {{13, 8}, {13, 8}, {8, 3}, {8, 3}}},
    {6, 6, 4, {{24, 18}, {24, 18}, {13, 7}, {13, 7}}},
};

/* Index in ml of the book play for this roll, or -1. */
int bg_book_pick(const bg_pos *p, int d1, int d2, const bg_movelist *ml)
{
    bg_pos start;
    bg_pos_start(&start);
    if (memcmp(p, &start, sizeof start) != 0)
        return -1;
    if (d1 < d2) {
        int t = d1;
        d1 = d2;
        d2 = t;
    }
    for (size_t b = 0; b < sizeof book / sizeof book[0]; b++) {
        if (book[b].d1 != d1 || book[b].d2 != d2)
            continue;
        bg_pos q = start;
        for (int k = 0; k < book[b].n; k++)
            bg_step_apply(&q, book[b].st[k][0], book[b].st[k][1]);
        for (int k = 0; k < ml->n; k++)
            if (!memcmp(&ml->m[k].after, &q, sizeof q))
                return k;
    }
    return -1;
}
