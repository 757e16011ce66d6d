/*
 * ck.h - the checkers engine in one include, for the dialogue.
 *
 *   ck_board.h     positions, moves, the legal move generator, perft
 *   ck_notation.h  PDN FEN, square lists, typed and written moves
 *   ck_verify.h    why a piece cannot move, why a destination is wrong
 *   ck_search.h    evaluation, transposition table, search, levels, hint
 *   ck_book.h      the 7 first moves and the book replies
 *   ck_state.h     a game: moves, draws, the machine's turn, saves, PDN
 *   ck_clock.h     a monotonic clock to give a search (not used inside)
 *
 * A dialogue keeps one ck_state (on the heap: about 16 KiB) and one ck_tt
 * per game, seeds a ck_rng from tty_random, and runs ck_state_think
 * through tty_work with ck_clock_ms as its clock and the cancel flag the
 * work call gives.
 * Nothing here does I/O or keeps global state.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef CK_H
#define CK_H

#include "ck_board.h"
#include "ck_book.h"
#include "ck_clock.h"
#include "ck_notation.h"
#include "ck_search.h"
#include "ck_state.h"
#include "ck_verify.h"

#endif
