/*
 * ck_verify.h - move verification as the S0 notes describe it: "When the
 * player points to the piece he wants to move it will be then possible to
 * test at once as to whether this piece can in fact move. ... The player
 * will then move the pointer to the square to which he wishes to move the
 * piece and again the validity of this destination will be checked.
 * Appropiate messages will advise the player of any incorrect responses
 * which he may make."
 *
 * Squares are 0..31 (square - 1); -1 stands for a light square (from
 * ck_square_at) or anything else that is not a playing square.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef CK_VERIFY_H
#define CK_VERIFY_H

#include "ck_board.h"

typedef enum ck_why {
    CK_OK = 0,
    CK_WHY_OFF_BOARD,       /* not a playing square */
    CK_WHY_NO_MOVES,        /* the side to move has no legal move */
    CK_WHY_EMPTY,           /* no piece on the square named */
    CK_WHY_NOT_YOURS,       /* the other side's piece */
    CK_WHY_OTHER_MUST_JUMP, /* a capture is due and this piece has none */
    CK_WHY_BLOCKED,         /* this piece has no move */
    CK_WHY_SAME_SQUARE,     /* the destination is where the piece is */
    CK_WHY_NOT_DIAGONAL,    /* not on a diagonal from the piece */
    CK_WHY_OCCUPIED,        /* the destination holds a piece */
    CK_WHY_BACKWARDS,       /* a man moving toward its own side */
    CK_WHY_TOO_FAR,         /* more than one square, and not a jump */
    CK_WHY_MUST_JUMP,       /* a plain step when this piece must jump */
    CK_WHY_NOTHING_TO_JUMP, /* a jump over an empty square */
    CK_WHY_OWN_PIECE,       /* a jump over one's own piece */
    CK_WHY_JUMPED_TWICE,    /* a jump over a piece already taken */
    CK_WHY_CROWNED,         /* going on after being crowned */
    CK_WHY_JUMP_OVER,       /* going on after a jump that has ended */
    CK_WHY_MUST_CONTINUE,   /* a jump that stops while it can go on */
    CK_WHY_AMBIGUOUS,       /* several legal jumps fit the squares named */
    CK_WHY_NOT_LEGAL,       /* none of the above, but still not legal */
    CK_WHY_COUNT
} ck_why;

/* A short sentence for each reason ("Another piece must jump."). */
const char *ck_why_text(ck_why why);

/* Can the piece on 'sq' move?  CK_OK, or why not. */
ck_why ck_verify_from(const ck_pos *p, int sq);
/*
 * Check the squares named so far: sq[0] the piece, then the squares it is
 * to reach (every landing square, or only some of them, or only the last).
 *  - CK_OK: exactly one legal move fits; it is stored in *m.
 *  - CK_WHY_MUST_CONTINUE: the squares are the start of a legal jump that
 *    goes on (with a cursor, ask for the next square; typed, refuse).
 *  - CK_WHY_AMBIGUOUS: several legal jumps fit; more squares are needed.
 *  - any other reason: the first step that is wrong, and why.
 */
ck_why ck_verify_path(const ck_pos *p, const int *sq, int n, ck_move *m);
/*
 * The squares (a board) the piece can go to next after the squares named
 * (sq[0] the piece, then landing squares so far): its first steps or
 * jumps, or the continuations of a jump under way.  0 when none.
 */
uint32_t ck_next_squares(const ck_pos *p, const int *sq, int n);

#endif
