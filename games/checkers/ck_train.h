/*
 * ck_train.h - learning the expert's evaluation from self-play (see
 * ck_learn.h for what is learned).
 *
 * 1. Games: the engine plays itself from the 3-move openings, each side
 *    searching a fixed number of nodes with a little noise (so that games
 *    differ), with the hand-written evaluation and the endgame databases.
 *    A game is over when the rules end it or when the databases know the
 *    position, whose value is then the result.  Every position with no
 *    capture pending and more pieces than the databases hold is kept with
 *    the game's result.
 * 2. Fitting: logistic regression of the result on the evaluation,
 *    result = sigmoid((hand * factor + patterns) / 100) (a draw counts a
 *    half), by stochastic gradient descent over the kept positions in an
 *    order drawn from the seed.
 *
 * Everything follows from the seed and the numbers given: a node budget,
 * not a time, bounds each search, and the games are played in order.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef CK_TRAIN_H
#define CK_TRAIN_H

#include <stddef.h>
#include <stdint.h>

#include "ck_egdb.h"
#include "ck_learn.h"

typedef struct ck_sample {
    uint32_t bl, wh, kings;
    int8_t turn;
    int8_t result;      /* for black: 1 won, 0 drawn, -1 lost */
} ck_sample;

typedef struct ck_train_opts {
    int games;
    uint64_t seed;
    uint64_t nodes;     /* per move */
    int noise;          /* +- on each evaluation */
    int epochs;
    double rate;        /* learning rate */
    double l2;          /* weight decay on the pattern weights */
    const ck_egdb *egdb;
} ck_train_opts;

typedef struct ck_samples {
    ck_sample *s;
    size_t n, cap;
    int won, drawn, lost;   /* game results, black's view */
} ck_samples;

/* Progress: games played so far (may be NULL). */
typedef void (*ck_train_progress_fn)(void *ctx, int games,
                                     const ck_samples *s);

/* Step 1: play the games, appending to *out.  0, or -1 if out of
 * memory. */
int ck_train_play(const ck_train_opts *o, ck_samples *out,
                  ck_train_progress_fn progress, void *ctx);
void ck_samples_free(ck_samples *s);

/* The weights being fitted. */
typedef struct ck_fit {
    double hand;                /* factor on the hand-written evaluation */
    float w[CK_LEARN_NW];
    double loss;                /* mean cross-entropy, last epoch */
} ck_fit;

/* Step 2: fit the weights to the samples.  0, or -1 if out of memory. */
int ck_train_fit(const ck_train_opts *o, const ck_samples *s, ck_fit *f);

#endif
