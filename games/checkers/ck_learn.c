/*
 * ck_learn.c - the learned evaluation (see ck_learn.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "ck_learn.h"
#include "ck_search.h"

void ck_learn_features(const ck_pos *p, ck_learn_x *x)
{
    uint32_t rb = ck_rev32(p->wh), rw = ck_rev32(p->bl);
    for (int r = 0; r < CK_LEARN_REGIONS; r++) {
        int sh = 4 * r;
        x->mine[r] = (uint16_t)(ck_tern8[(p->bl >> sh) & 0xFF] +
                                2 * ck_tern8[(p->wh >> sh) & 0xFF]);
        x->theirs[r] = (uint16_t)(ck_tern8[(rb >> sh) & 0xFF] +
                                  2 * ck_tern8[(rw >> sh) & 0xFF]);
    }
    x->end24 = 24 - ck_popcount(p->bl | p->wh);
    if (x->end24 < 0)
        x->end24 = 0;
}

int ck_evaluate_learned(const ck_pos *p)
{
    ck_learn_x x;
    ck_learn_features(p, &x);
    int open = 0, end = 0;
    for (int r = 0; r < CK_LEARN_REGIONS; r++) {
        open += ck_weights[ck_learn_at(0, r, x.mine[r])] -
                ck_weights[ck_learn_at(0, r, x.theirs[r])];
        end += ck_weights[ck_learn_at(1, r, x.mine[r])] -
               ck_weights[ck_learn_at(1, r, x.theirs[r])];
    }
    int corr = (open * (24 - x.end24) + end * x.end24) / 24;
    /* The hand-written evaluation is from the side to move's view. */
    int hand = ck_evaluate(p);
    int black = p->turn == CK_BLACK ? hand : -hand;
    int v = (int)(((int64_t)black * ck_weights_hand) / 1000) + corr;
    return p->turn == CK_BLACK ? v : -v;
}
