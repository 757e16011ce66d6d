/*
 * ck_notation.h - standard checkers notation: PDN FEN strings, square
 * lists, and moves written as 11-15, 11x18x25 or 11x25 (also typed
 * "11 15").
 *
 * The S0 notes ask that the program "list the board condition in standard
 * checker notation (so the user can copy it)" and accept any set-up (a
 * checker puzzle); PDN FEN is the modern form of that list.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef CK_NOTATION_H
#define CK_NOTATION_H

#include <stddef.h>

#include "ck_board.h"

/* "B:W21,...,32:B1,...,12" for a full board is 80 characters. */
#define CK_FEN_SIZE 128
/* 13 squares of up to 2 digits with separators. */
#define CK_MOVE_TEXT 48

/* How a move is written. */
enum {
    CK_TEXT_FULL = 0,   /* every square landed on: 5x14x23 */
    CK_TEXT_SHORT = 1   /* origin and end only (5x23), with squares in
                           between added only if another legal jump has
                           the same two ends */
};

/*
 * Parse a PDN FEN: turn ('B' or 'W'), then up to two colour sections
 * (":W..." and ":B..." in either order), each a comma-separated list of
 * squares 1-32, a 'K' before a king, ranges such as 1-12 allowed.  Case,
 * spaces around items, surrounding quotes, a [FEN "..."] wrapper and a
 * trailing '.' are tolerated.  Returns 0, or -1 if the text is not a FEN
 * or the position is impossible (see ck_pos_valid).
 */
int ck_fen_parse(const char *text, ck_pos *p);
/*
 * Write the canonical FEN: turn, ":W" with white's squares ascending, then
 * ":B" with black's, kings marked 'K' in place ("B:W21,K30:B1,2").
 * Parsing it gives the same position back, and printing a parsed
 * canonical FEN gives the same text.  Returns the length.
 */
int ck_fen_print(const ck_pos *p, char out[CK_FEN_SIZE]);

/*
 * Parse a list of squares ("1,2,3", "1 2 3", "1-4,9") into a board; 0, or
 * -1 on a syntax error or a square outside 1-32.
 */
int ck_squares_parse(const char *text, uint32_t *board);
/*
 * Set up a position from square lists (squares 1-32): black men, black
 * kings, white men, white kings, each a board of bits as from
 * ck_squares_parse.  0, or -1 if two lists share a square or the result
 * is not a valid position.
 */
int ck_pos_from_lists(ck_pos *p, int turn, uint32_t black_men,
                      uint32_t black_kings, uint32_t white_men,
                      uint32_t white_kings);

/* Results of reading a typed move. */
enum {
    CK_PARSE_OK = 0,
    CK_PARSE_SYNTAX = -1,    /* not squares joined by '-', 'x' or spaces */
    CK_PARSE_ILLEGAL = -2,   /* no legal move fits (ck_verify says why) */
    CK_PARSE_AMBIGUOUS = -3  /* several legal jumps fit: name more squares */
};

/*
 * Read the squares of a typed move: numbers 1-32 joined by '-', 'x', 'X',
 * ':' or blanks.  Stores squares as 0..31.  Returns the count (at least
 * 2), or CK_PARSE_SYNTAX.
 */
int ck_move_squares(const char *text, uint8_t sq[CK_MAX_PATH]);
/*
 * The legal moves that squares (0..31, from ck_move_squares) describe:
 * the first square is the origin, the last the destination, and any
 * squares between must be landing squares of the jump, in order.
 * Returns how many legal moves fit (up to CK_MAX_MOVES written to out).
 */
int ck_moves_matching(const ck_pos *p, const uint8_t *sq, int n,
                      ck_move *out);
/* Parse a typed move in a position: CK_PARSE_OK and *m, or an error. */
int ck_move_parse(const ck_pos *p, const char *text, ck_move *m);

/*
 * Write a legal move of p ("11-15", "5x14x23"; style CK_TEXT_FULL or
 * CK_TEXT_SHORT).  Returns the length, or -1 if the move is not legal.
 */
int ck_move_text(const ck_pos *p, ck_move m, int style,
                 char out[CK_MOVE_TEXT]);
/*
 * Every legal move of p, written in full and separated by single spaces,
 * ordered by origin, then by the squares landed on.  Returns the length
 * (truncated to size-1; out is always terminated).
 */
int ck_moves_text(const ck_pos *p, char *out, size_t size);

#endif
