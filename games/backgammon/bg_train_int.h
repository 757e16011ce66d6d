/*
 * bg_train_int.h - the trainer's net, shared by its two ways of learning:
 * TD(lambda) self-play (bg_train.c) and fitting to labelled positions
 * (bg_fit.c).  A tool's, never the engine's.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef BG_TRAIN_INT_H
#define BG_TRAIN_INT_H

#include "bg_ai_int.h"
#include "bg_netfile.h"

/* The weights being trained, the net viewing them, the games played in
 * all and the commands that made them (the weights file's history). */
typedef struct bg_trainer {
    float *w1, b1[BG_NET_NHID], w2[BG_NOUT * BG_NET_NHID], b2[BG_NOUT];
    bg_net net;
    long games;
    char hist[BG_NETFILE_HIST];
} bg_trainer;

#define BG_TRAIN_MAX_PLIES 2000  /* a self-play game is cut off here */

/* The dice of a self-play game: two dice from r. */
void bg_train_roll(bg_xrng *r, int *d1, int *d2);

/* Move the net's outputs for p towards target by rate a (each a logistic
 * unit, by the gradient of the cross-entropy). */
void bg_train_learn(bg_trainer *t, const bg_pos *p,
                    const float target[BG_NOUT], float a);

/* Label: play games of self-play with net at 0 ply (the dice from seed)
 * and write each position the net decides (not the first, none in the
 * bearing-off table) with its chances looked at plies rolls ahead, to
 * path.  net_games: the net's training so far, for the file's header. */
int bg_fit_label(const bg_net *net, long net_games, const char *path,
                 long games, int plies, unsigned long long seed);
/* Fit t to the labelled positions of files: epochs passes in an order
 * from seed, the rate falling from alpha to alpha_end; a fiftieth of
 * the positions held out, their mean error printed after each pass.  The
 * command and the files' headers go into t->hist. */
int bg_fit_run(bg_trainer *t, const char *const *files, int nfiles,
               int epochs, double alpha, double alpha_end,
               unsigned long long seed);
/* The net's mean error against the reference chances in path (lines of
 * a position ID and five chances), at 0 ply and at plies, printed. */
int bg_fit_check(const bg_net *net, const char *path, int plies);

#endif
