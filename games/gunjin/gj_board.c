/*
 * gj_board.c - the 6 x 8 board: squares, the two-square headquarters that
 * count as one position, territories, bridge entrances and grid references.
 *
 * The seed's decode_board_position notes that the HQ covers two grid cells
 * and breaks the linear numbering of positions.  Here a position is a square
 * index (rank * 6 + file); the HQ is its C cell and the D cell is an alias
 * that never holds a piece, so board arithmetic stays plain.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>

#include "gj.h"

int gj_hq(int side)
{
    return side == GJ_RED ? GJ_SQ(2, 0) : GJ_SQ(2, GJ_RANKS - 1);
}

int gj_canon(int sq)
{
    if (sq < 0 || sq >= GJ_SQUARES)
        return -1;
    if (GJ_FILE(sq) == 3 && (GJ_RANK(sq) == 0 || GJ_RANK(sq) == GJ_RANKS - 1))
        return sq - 1;
    return sq;
}

int gj_is_pos(int sq)
{
    return sq >= 0 && sq < GJ_SQUARES && gj_canon(sq) == sq;
}

int gj_owner(int sq)
{
    return GJ_RANK(sq) < GJ_RANKS / 2 ? GJ_RED : GJ_BLUE;
}

/* Red's k-th position: A1 B1 HQ E1 F1, then A2..F2, A3..F3, A4..F4. */
static int red_terr_sq(int k)
{
    return k < 3 ? k : k + 1;       /* skip D1, the HQ's alias cell */
}

int gj_terr_sq(int side, int k)
{
    if (k < 0 || k >= GJ_SIDE_PIECES)
        return -1;
    int sq = red_terr_sq(k);
    /* Blue's territory is red's turned half round (the seed's swap_sides). */
    return side == GJ_RED ? sq : gj_canon(GJ_SQUARES - 1 - sq);
}

int gj_terr_index(int side, int sq)
{
    sq = gj_canon(sq);
    if (sq < 0 || gj_owner(sq) != side)
        return -1;
    if (side == GJ_BLUE)
        sq = gj_canon(GJ_SQUARES - 1 - sq);
    return sq < 3 ? sq : sq - 1;
}

int gj_is_back_rank(int side, int sq)
{
    return sq >= 0 && GJ_RANK(sq) == (side == GJ_RED ? 0 : GJ_RANKS - 1);
}

int gj_is_bridge_entrance(int side, int sq)
{
    if (sq < 0)
        return 0;
    int f = GJ_FILE(sq), r = GJ_RANK(sq);
    return (f == 1 || f == 4) &&
           r == (side == GJ_RED ? GJ_RANKS / 2 - 1 : GJ_RANKS / 2);
}

char *gj_sq_name(int sq, char buf[3])
{
    sq = gj_canon(sq);
    if (sq < 0) {
        buf[0] = '?', buf[1] = '?';
    } else {
        buf[0] = (char)('A' + GJ_FILE(sq));
        buf[1] = (char)('1' + GJ_RANK(sq));
    }
    buf[2] = 0;
    return buf;
}

int gj_sq_parse(const char *s, const char **end)
{
    while (*s == ' ')
        s++;
    int f = toupper((unsigned char)s[0]) - 'A';
    int r = s[0] ? s[1] - '1' : -1;
    if (f < 0 || f >= GJ_FILES || r < 0 || r >= GJ_RANKS)
        return -1;
    if (end)
        *end = s + 2;
    return gj_canon(GJ_SQ(f, r));
}

int gj_move_parse(const char *s, int *from, int *to)
{
    const char *p;
    int a = gj_sq_parse(s, &p);
    if (a < 0)
        return -1;
    while (*p == ' ' || *p == '-')
        p++;
    int b = gj_sq_parse(p, &p);
    if (b < 0)
        return -1;
    while (*p == ' ')
        p++;
    if (*p)
        return -1;
    *from = a, *to = b;
    return 0;
}
