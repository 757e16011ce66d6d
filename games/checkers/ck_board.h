/*
 * ck_board.h - English draughts on 32-bit bitboards: positions, moves, the
 * legal move generator and perft.
 *
 * Squares are numbered 1-32 in the standard notation (black at the top on
 * 1-12, white, which the 1977 S0 notes call red, at the bottom on 21-32;
 * square 1 is the second square of the top row, 4 the top right corner,
 * 29 the bottom left).  Bit i of a board is square i+1, so row r (0 = top)
 * holds bits 4r..4r+3; even rows use columns 1,3,5,7 and odd rows 0,2,4,6.
 * The S0 notes kept ACTIVE, PASSIVE and KINGS in four bytes each (one bit
 * per square) for the same reason: a whole side moves with a shift.
 *
 * The engine does no I/O and keeps no mutable global state.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef CK_BOARD_H
#define CK_BOARD_H

#include <stdint.h>

enum { CK_BLACK = 0, CK_WHITE = 1 };

#define CK_NSQ 32
/* More than any legal position has: 12 kings with 4 steps each is 48, and
 * a capture fan-out of distinct (landing, captured set) pairs stays far
 * below this; the generator never writes past it. */
#define CK_MAX_MOVES 128
/* A jump captures at most 12 pieces, so a path has at most 13 squares. */
#define CK_MAX_PATH 13

/* The draw rules (see ck_state.h): the third occurrence of a position, and
 * 40 moves each (80 plies) with no capture and no man moved. */
#define CK_REPETITIONS 3
#define CK_NO_PROGRESS_PLIES 80

#define CK_ROW0 0x0000000Fu   /* squares 1-4: white crowns here */
#define CK_ROW7 0xF0000000u   /* squares 29-32: black crowns here */
#define CK_ALL  0xFFFFFFFFu

typedef struct ck_pos {
    uint32_t bl;    /* black pieces (men and kings) */
    uint32_t wh;    /* white pieces */
    uint32_t kings; /* kings of either colour */
    int turn;       /* CK_BLACK or CK_WHITE: the side to move */
} ck_pos;

/*
 * A move is its origin, its destination and the set of pieces it captures:
 * in English draughts that is all that changes the board, and two jump
 * paths that agree on all three are the same move (a king's circuit run
 * either way round).  The squares landed on in between are recovered by
 * ck_move_path when the move is written down.
 */
typedef struct ck_move {
    uint32_t cap;   /* captured pieces (bitboard); 0 for a plain move */
    uint8_t from;   /* 0..31 (square - 1) */
    uint8_t to;     /* 0..31; may equal from after a king's circuit */
} ck_move;

/* One-step neighbours of every set bit, in each direction ("down" is
 * toward square 32).  Bits that would leave the board vanish. */
static inline uint32_t ck_dl(uint32_t x)
{
    return ((x & 0x0F0F0F0Fu) << 4) | ((x & 0xE0E0E0E0u) << 3);
}
static inline uint32_t ck_dr(uint32_t x)
{
    return ((x & 0x07070707u) << 5) | ((x & 0xF0F0F0F0u) << 4);
}
static inline uint32_t ck_ul(uint32_t x)
{
    return ((x & 0x0F0F0F0Fu) >> 4) | ((x & 0xE0E0E0E0u) >> 5);
}
static inline uint32_t ck_ur(uint32_t x)
{
    return ((x & 0x07070707u) >> 3) | ((x & 0xF0F0F0F0u) >> 4);
}

/* Without -mpopcnt the builtin is a library call; the bit-twiddling
 * version inlines to a dozen instructions. */
static inline int ck_popcount(uint32_t x)
{
#ifdef __POPCNT__
    return __builtin_popcount(x);
#else
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
#endif
}
static inline int ck_lsb(uint32_t x) { return __builtin_ctz(x); }

/* The 32 bits reversed: square i becomes square 31 - i, the board turned
 * half round. */
static inline uint32_t ck_rev32(uint32_t x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
    x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
    return (x >> 16) | (x << 16);
}

/* The side to move's pieces and the other side's. */
static inline uint32_t ck_mine(const ck_pos *p)
{
    return p->turn == CK_BLACK ? p->bl : p->wh;
}
static inline uint32_t ck_theirs(const ck_pos *p)
{
    return p->turn == CK_BLACK ? p->wh : p->bl;
}

/*
 * Board geometry for drawing and for a cursor: rows 0-7 from the top
 * (black's side, squares 1-4) and columns 0-7 from the left, as the
 * standard diagram shows it.  ck_square_at gives the square (0..31) of a
 * dark square, or -1 for a light one.
 */
int ck_square_at(int row, int col);
void ck_square_rc(int sq, int *row, int *col);

/* The opening position: black men on 1-12, white men on 21-32, black to
 * move. */
void ck_pos_start(ck_pos *p);
/* An empty board with the given side to move. */
void ck_pos_clear(ck_pos *p, int turn);
/* 1 if the position is well formed: no square on both sides, kings only
 * on occupied squares, no man on its own crowning row, at most 12 pieces
 * a side, turn 0 or 1. */
int ck_pos_valid(const ck_pos *p);
int ck_pos_equal(const ck_pos *a, const ck_pos *b);
/* A 64-bit key of the position and side to move (for the transposition
 * table and repetition); computed, not kept incrementally. */
uint64_t ck_pos_hash(const ck_pos *p);

/* Play a legal move (the side to move changes). */
void ck_make(ck_pos *p, ck_move m);
/* 1 if the move crowns a man. */
int ck_move_crowns(const ck_pos *p, ck_move m);
int ck_move_equal(ck_move a, ck_move b);
/* 1 if the move is irreversible: a capture or a man's move. */
int ck_move_progress(const ck_pos *p, ck_move m);

/*
 * Every legal move (captures only, when there is one: capture is
 * compulsory), at most CK_MAX_MOVES; returns the count.  0 means the side
 * to move has lost.
 */
int ck_gen_moves(const ck_pos *p, ck_move *out);
/* 1 if the side to move must capture. */
int ck_must_capture(const ck_pos *p);
/* The pieces of the side to move that can capture / that can move. */
uint32_t ck_jumpers(const ck_pos *p);
uint32_t ck_movers(const ck_pos *p);
/* The number of legal moves, counted without building the list when
 * there is no capture (perft's bulk count). */
int ck_count_moves(const ck_pos *p);

/*
 * The squares (0..31) the move visits, origin first and destination last:
 * 2 for a plain move, captures + 1 for a jump.  Returns the count, or 0
 * if the move is not legal in p.
 */
int ck_move_path(const ck_pos *p, ck_move m, uint8_t path[CK_MAX_PATH]);

/*
 * Every route of every legal move: a plain move has one, a jump one per
 * way of making it (a king's circuit run either way round gives two routes
 * of one move).  For notation and verification, which must accept any
 * route the player names.  Returns the count (at most max).
 */
typedef struct ck_route {
    ck_move m;
    uint8_t len;                /* squares in path */
    uint8_t path[CK_MAX_PATH];  /* origin first, destination last */
} ck_route;
#define CK_MAX_ROUTES 256
int ck_gen_routes(const ck_pos *p, ck_route *out, int max);

/* Leaf count of the legal move tree to the given depth, counting the last
 * ply in bulk. */
uint64_t ck_perft(const ck_pos *p, int depth);

#endif
