/*
 * gj_move.c - where a piece may go (jmc-rules.md, "Pieces").
 *
 * One step orthogonally for most; Cavalry and Tank also two straight
 * forward over an empty square; the Engineer any distance orthogonally
 * without jumping; the Plane any distance along its file, flying over
 * pieces and the river, and one step sideways; Landmine and Banner never.
 * Everyone but the Plane crosses the river (between ranks 4 and 5) only on
 * the bridges of files B and E.
 *
 * The HQ is one position of two cells: rays start from either cell, and a
 * ray that meets one cell of an HQ goes on from the other, so the HQ is one
 * step wide whichever way it is crossed.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "gj.h"

/* One cell from c by (df, dr): -1 off the board or into the river. */
static int step_cell(int c, int df, int dr, int fly)
{
    int f = GJ_FILE(c) + df, r = GJ_RANK(c) + dr;
    if (f < 0 || f >= GJ_FILES || r < 0 || r >= GJ_RANKS)
        return -1;
    /* Ranks 4 and 5 (indices 3 and 4) face each other across the river. */
    if (!fly && dr && GJ_RANK(c) + r == GJ_RANKS - 1 && f != 1 && f != 4)
        return -1;
    return GJ_SQ(f, r);
}

/* Advance a ray one position: *pos is where it is, *cell which cell of it. */
static int walk(int *pos, int *cell, int df, int dr, int fly)
{
    int n = step_cell(*cell, df, dr, fly);
    if (n >= 0 && gj_canon(n) == *pos)     /* across the HQ's other cell */
        n = step_cell(n, df, dr, fly);
    if (n < 0)
        return -1;
    *cell = n;
    return *pos = gj_canon(n);
}

static int enterable(const int8_t at[GJ_SQUARES], int side, int q)
{
    return at[q] < 0 || GJ_SIDE_OF(at[q]) != side;
}

static const int8_t dirs[4][2] = { { 0, 1 }, { 0, -1 }, { 1, 0 }, { -1, 0 } };

uint64_t gj_dests(const int8_t at[GJ_SQUARES], int side, int sq, int type)
{
    uint64_t d = 0;
    sq = gj_canon(sq);
    if (sq < 0 || type < 0 || type >= GJ_MINE)
        return 0;                         /* Landmine and Banner never move */
    int fwd = side == GJ_RED ? 1 : -1;
    int ncell = sq == gj_hq(GJ_RED) || sq == gj_hq(GJ_BLUE) ? 2 : 1;
    for (int c = sq; c < sq + ncell; c++) {
        for (int i = 0; i < 4; i++) {
            int df = dirs[i][0], dr = dirs[i][1];
            int pos = sq, cell = c, q;
            if (type == GJ_PLANE && dr) {
                /* Along the file: over anything, the river included. */
                while ((q = walk(&pos, &cell, df, dr, 1)) >= 0)
                    if (enterable(at, side, q))
                        d |= GJ_BIT(q);
            } else if (type == GJ_ENGINEER) {
                while ((q = walk(&pos, &cell, df, dr, 0)) >= 0) {
                    if (enterable(at, side, q))
                        d |= GJ_BIT(q);
                    if (at[q] >= 0)
                        break;              /* no jumping */
                }
            } else if ((q = walk(&pos, &cell, df, dr, 0)) >= 0) {
                if (enterable(at, side, q))
                    d |= GJ_BIT(q);
                /* Cavalry and Tank: a second step straight forward. */
                if ((type == GJ_CAVALRY || type == GJ_TANK) && dr == fwd &&
                    at[q] < 0 && (q = walk(&pos, &cell, df, dr, 0)) >= 0 &&
                    enterable(at, side, q))
                    d |= GJ_BIT(q);
            }
        }
    }
    return d;
}

int gj_gen_moves(const int8_t at[GJ_SQUARES], const uint8_t type[GJ_PIECES],
                 int side, gj_move *out)
{
    int n = 0;
    for (int sq = 0; sq < GJ_SQUARES; sq++) {
        int id = at[sq];
        if (id < 0 || GJ_SIDE_OF(id) != side)
            continue;
        uint64_t d = gj_dests(at, side, sq, type[id]);
        while (d) {
            int to = __builtin_ctzll(d);
            d &= d - 1;
            out[n].from = (uint8_t)sq;
            out[n].to = (uint8_t)to;
            n++;
        }
    }
    return n;
}
