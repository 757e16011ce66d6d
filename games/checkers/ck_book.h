/*
 * ck_book.h - the opening book of the S0 notes: "If the machine is to play
 * black on starting a new game then 7 possible first moves will be
 * available in condensed form and a random choice is made.  Condensed
 * tables are to be stored so that the machine can make a random choice
 * for its first reply to a player's move from 4 stored book replies."
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef CK_BOOK_H
#define CK_BOOK_H

#include "ck_board.h"
#include "ck_search.h"

#define CK_BOOK_FIRSTS 7
#define CK_BOOK_REPLIES 4

/* One first move and its stored replies (squares 1-32; 0 ends a list). */
typedef struct ck_book_line {
    uint8_t from, to;                   /* black's first move */
    const char *name;                   /* the opening's traditional name */
    uint8_t reply[CK_BOOK_REPLIES][2];  /* white's replies */
} ck_book_line;
extern const ck_book_line ck_book[CK_BOOK_FIRSTS];

/* A random one of the 7 first moves for black in the opening position. */
ck_move ck_book_first(ck_rng *rng);
/*
 * A random stored reply for white in p, if p is the opening position after
 * one of the 7 first moves.  1 and *m, or 0 when p is not in the book.
 */
int ck_book_reply(const ck_pos *p, ck_rng *rng, ck_move *m);

#endif
