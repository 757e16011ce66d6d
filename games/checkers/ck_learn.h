/*
 * ck_learn.h - the learned evaluation: what it looks at, and its weights.
 *
 * The score is the hand-written evaluation (ck_eval.c) times a learned
 * factor, plus learned weights of patterns over the board: each pair of
 * neighbouring rows (8 squares, 7 pairs) seen as a pattern of empty, black
 * and white squares (3^8 = 6561 patterns a pair), with one weight for the
 * opening and one for the ending, blended by the number of pieces.  The
 * same patterns seen from white's side (the board turned round, colours
 * swapped) count against black, so the evaluation is the same for both
 * sides by construction.
 *
 * The weights are learned by "ttyarcade checkers train" (ck_train.c) from
 * games the engine plays against itself, each game's result resolved by
 * the endgame databases once few enough pieces are left; they are kept in
 * ck_weights.txt with the command and seed that made them, and compiled
 * in by ck_weights_gen.c at build time.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef CK_LEARN_H
#define CK_LEARN_H

#include <stdint.h>

#include "ck_board.h"

#define CK_LEARN_REGIONS 7
#define CK_LEARN_PATTERNS 6561
#define CK_LEARN_PHASES 2
#define CK_LEARN_NW (CK_LEARN_PHASES * CK_LEARN_REGIONS * CK_LEARN_PATTERNS)
/* Weight (phase, region, pattern) is at this index. */
static inline int ck_learn_at(int phase, int region, int pattern)
{
    return (phase * CK_LEARN_REGIONS + region) * CK_LEARN_PATTERNS + pattern;
}

/* The compiled-in weights (build/gen/ck_weights.c): the hand-written
 * evaluation's factor in thousandths, and the pattern weights in
 * hundredths of a man. */
extern const int32_t ck_weights_hand;
extern const int16_t ck_weights[CK_LEARN_NW];
/* The base-3 value of each byte's bits (bit k counts 3^k). */
extern const uint16_t ck_tern8[256];

/*
 * The patterns of a position from black's side: for each region, the
 * pattern seen as it stands (black's) and the one seen from white's side;
 * and the ending's share of the blend in 24ths (0 with 24 pieces on the
 * board, 24 with none).
 */
typedef struct ck_learn_x {
    uint16_t mine[CK_LEARN_REGIONS];
    uint16_t theirs[CK_LEARN_REGIONS];
    int end24;
} ck_learn_x;
void ck_learn_features(const ck_pos *p, ck_learn_x *x);

#endif
