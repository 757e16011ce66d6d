/*
 * ck_board.c - positions: the opening set-up, validity, hashing and
 * playing a move.  (The S0 notes' UPDAT: the board after a move, with the
 * sides swapped for the next ply.)
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "ck_board.h"

int ck_square_at(int row, int col)
{
    if (row < 0 || row > 7 || col < 0 || col > 7 || ((row + col) & 1) == 0)
        return -1;
    return row * 4 + col / 2;
}

void ck_square_rc(int sq, int *row, int *col)
{
    *row = sq >> 2;
    /* Even rows hold columns 1,3,5,7; odd rows 0,2,4,6. */
    *col = 2 * (sq & 3) + ((*row & 1) ? 0 : 1);
}

void ck_pos_clear(ck_pos *p, int turn)
{
    p->bl = p->wh = p->kings = 0;
    p->turn = turn;
}

void ck_pos_start(ck_pos *p)
{
    p->bl = 0x00000FFFu;    /* 1-12 */
    p->wh = 0xFFF00000u;    /* 21-32 */
    p->kings = 0;
    p->turn = CK_BLACK;
}

int ck_pos_valid(const ck_pos *p)
{
    if (p->turn != CK_BLACK && p->turn != CK_WHITE)
        return 0;
    if (p->bl & p->wh)
        return 0;
    if (p->kings & ~(p->bl | p->wh))
        return 0;
    /* A man standing on the row where it would have been crowned. */
    if ((p->bl & ~p->kings & CK_ROW7) || (p->wh & ~p->kings & CK_ROW0))
        return 0;
    return ck_popcount(p->bl) <= 12 && ck_popcount(p->wh) <= 12;
}

int ck_pos_equal(const ck_pos *a, const ck_pos *b)
{
    return a->bl == b->bl && a->wh == b->wh && a->kings == b->kings &&
           a->turn == b->turn;
}

/* The finaliser of MurmurHash3: a good 64-bit mix in a few operations. */
static uint64_t ck_mix64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    x ^= x >> 33;
    return x;
}

uint64_t ck_pos_hash(const ck_pos *p)
{
    uint64_t a = (uint64_t)p->bl | ((uint64_t)p->wh << 32);
    uint64_t b = (uint64_t)p->kings | ((uint64_t)(p->turn + 1) << 32);
    return ck_mix64(a ^ ck_mix64(b + 0x9e3779b97f4a7c15ull));
}

int ck_move_equal(ck_move a, ck_move b)
{
    return a.from == b.from && a.to == b.to && a.cap == b.cap;
}

int ck_move_crowns(const ck_pos *p, ck_move m)
{
    uint32_t f = 1u << m.from, t = 1u << m.to;
    if (p->kings & f)
        return 0;
    return (t & (p->turn == CK_BLACK ? CK_ROW7 : CK_ROW0)) != 0;
}

int ck_move_progress(const ck_pos *p, ck_move m)
{
    return m.cap != 0 || !(p->kings & (1u << m.from));
}

void ck_make(ck_pos *p, ck_move m)
{
    uint32_t f = 1u << m.from, t = 1u << m.to;
    int black = p->turn == CK_BLACK;
    uint32_t *mine = black ? &p->bl : &p->wh;
    uint32_t *theirs = black ? &p->wh : &p->bl;
    /* Clear the origin before setting the destination: after a king's
     * circuit the two are the same square. */
    *mine = (*mine & ~f) | t;
    *theirs &= ~m.cap;
    if (p->kings & f)
        p->kings = (p->kings & ~f & ~m.cap) | t;
    else
        p->kings = (p->kings & ~m.cap) | (t & (black ? CK_ROW7 : CK_ROW0));
    p->turn ^= 1;
}
