/*
 * bg_pos.c - a backgammon position seen from the side on roll: the
 * starting layout, handing the roll over, counts and sanity checks.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "bg.h"

/* Own points 24, 13, 8, 6 hold 2, 5, 3, 5: for green pegs 24, 13, 8, 6,
 * for blue pegs 1, 12, 17, 19 (the article: green moves "13 to 10"). */
void bg_pos_start(bg_pos *p)
{
    memset(p, 0, sizeof *p);
    for (int k = 0; k < 2; k++) {
        p->s[k][23] = 2;
        p->s[k][12] = 5;
        p->s[k][7] = 3;
        p->s[k][5] = 5;
    }
}

void bg_pos_swap(bg_pos *p)
{
    uint8_t t[25];
    memcpy(t, p->s[0], 25);
    memcpy(p->s[0], p->s[1], 25);
    memcpy(p->s[1], t, 25);
}

int bg_pos_off(const bg_pos *p, int side)
{
    int n = 0;
    for (int i = 0; i < 25; i++)
        n += p->s[side][i];
    return BG_TILES - n;
}

int bg_pos_pips(const bg_pos *p, int side)
{
    int n = 0;
    for (int i = 0; i < 25; i++)
        n += p->s[side][i] * (i + 1);
    return n;
}

int bg_pos_won(const bg_pos *p, int side)
{
    return bg_pos_off(p, side) == BG_TILES;
}

/* Contact remains while side 0's rearmost tile is behind side 1's
 * rearmost one; side 1's point j is side 0's point 23-j. */
int bg_pos_race(const bg_pos *p)
{
    int back0 = -1, back1 = -1;
    for (int i = 24; i >= 0; i--)
        if (p->s[0][i]) { back0 = i; break; }
    for (int i = 24; i >= 0; i--)
        if (p->s[1][i]) { back1 = i; break; }
    if (back0 < 0 || back1 < 0)
        return 1;
    return back0 + back1 < 23;
}

int bg_pos_check(const bg_pos *p, int rules)
{
    for (int k = 0; k < 2; k++) {
        int n = 0;
        for (int i = 0; i < 25; i++)
            n += p->s[k][i];
        if (n > BG_TILES)
            return -1;
    }
    for (int i = 0; i < 24; i++) {
        if (p->s[0][i] && p->s[1][23 - i])
            return -1;
        if (rules == BG_RULES_ATARI &&
            (p->s[0][i] > BG_LIMIT || p->s[1][i] > BG_LIMIT))
            return -1;
    }
    return 0;
}
