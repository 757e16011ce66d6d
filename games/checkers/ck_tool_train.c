/*
 * ck_tool_train.c - "ttyarcade checkers train": the learned evaluation's
 * weights from self-play (ck_train.h), written as ck_weights.txt with the
 * command that made them.  A command-line program: it prints with stdio.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ck_clock.h"
#include "ck_tool.h"
#include "ck_train.h"

static void ck_train_usage(FILE *f)
{
    fprintf(f,
        "usage: ttyarcade checkers train [--games N] [--seed N] [--nodes N]\n"
        "           [--noise N] [--epochs N] [--data DIR] [--out FILE]\n"
        "Play N games (default 6000) of the engine against itself from the\n"
        "3-move openings, --nodes (default 3000) a move with +---noise\n"
        "(default 8) on each evaluation, each result resolved by the endgame\n"
        "databases in DIR (see 'egdb build'; required), and fit the learned\n"
        "evaluation to them.  Writes FILE (default ck_weights.txt): put it\n"
        "at games/checkers/ck_weights.txt and rebuild.  Everything follows\n"
        "from the seed (default 1) and the numbers.\n");
}

static void ck_train_progress(void *ctx, int games, const ck_samples *s)
{
    if (games % 250 == 0) {
        printf("  %d games: black %d won, %d drawn, %d lost; %zu positions "
               "(%.0f s)\n", games, s->won, s->drawn, s->lost, s->n,
               ck_clock_seconds() - *(double *)ctx);
        fflush(stdout);
    }
}

static int ck_train_num(const char *flag, const char *v, double lo,
                        double hi, double *out)
{
    char *end;
    double d = strtod(v, &end);
    if (*end || d < lo || d > hi) {
        fprintf(stderr, "checkers train: %s wants %g to %g\n", flag, lo, hi);
        return -1;
    }
    *out = d;
    return 0;
}

int ck_tool_train(int argc, char **argv)
{
    ck_train_opts o = { 6000, 1, 3000, 8, 6, 2.0, 1e-4, NULL };
    const char *dir = NULL, *outpath = "ck_weights.txt";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        double v;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            ck_train_usage(stdout);
            return 0;
        }
        if (i + 1 >= argc) {
            ck_train_usage(stderr);
            return 2;
        }
        const char *val = argv[++i];
        if (!strcmp(a, "--data"))
            dir = val;
        else if (!strcmp(a, "--out"))
            outpath = val;
        else if (!strcmp(a, "--games") &&
                 ck_train_num(a, val, 1, 1e7, &v) == 0)
            o.games = (int)v;
        else if (!strcmp(a, "--seed") &&
                 ck_train_num(a, val, 0, 1.8e19, &v) == 0)
            o.seed = strtoull(val, NULL, 10);
        else if (!strcmp(a, "--nodes") &&
                 ck_train_num(a, val, 100, 1e9, &v) == 0)
            o.nodes = (uint64_t)v;
        else if (!strcmp(a, "--noise") &&
                 ck_train_num(a, val, 0, 100, &v) == 0)
            o.noise = (int)v;
        else if (!strcmp(a, "--epochs") &&
                 ck_train_num(a, val, 1, 100, &v) == 0)
            o.epochs = (int)v;
        else {
            if (strncmp(a, "--", 2) || (strcmp(a, "--games") &&
                strcmp(a, "--seed") && strcmp(a, "--nodes") &&
                strcmp(a, "--noise") && strcmp(a, "--epochs")))
                ck_train_usage(stderr);
            return 2;
        }
    }
    char dbuf[4096];
    if (!dir && !(dir = ck_tool_data_dir(dbuf, sizeof dbuf))) {
        fprintf(stderr, "checkers train: give the data directory with "
                        "--data DIR\n");
        return 2;
    }
    o.egdb = ck_egdb_shared(dir);
    if (!o.egdb) {
        fprintf(stderr, "checkers train: no endgame database in %s (build "
                        "one with: ttyarcade checkers egdb build)\n", dir);
        return 1;
    }
    double t0 = ck_clock_seconds();
    printf("self-play: %d games, %llu nodes a move, noise %d, seed %llu, "
           "results from the %d-piece databases\n", o.games,
           (unsigned long long)o.nodes, o.noise,
           (unsigned long long)o.seed, o.egdb->pieces);
    fflush(stdout);
    ck_samples s;
    memset(&s, 0, sizeof s);
    ck_fit *f = malloc(sizeof *f);
    if (!f || ck_train_play(&o, &s, ck_train_progress, &t0) < 0 ||
        ck_train_fit(&o, &s, f) < 0) {
        fprintf(stderr, "checkers train: out of memory\n");
        free(f);
        ck_samples_free(&s);
        return 1;
    }
    printf("fitted %zu positions in %d epochs: loss %.4f, hand factor "
           "%.3f (%.0f s)\n", s.n, o.epochs, f->loss, f->hand,
           ck_clock_seconds() - t0);
    FILE *out = fopen(outpath, "w");
    if (!out) {
        perror(outpath);
        free(f);
        ck_samples_free(&s);
        return 1;
    }
    fprintf(out, "# The checkers expert's learned evaluation (ck_learn.h).\n"
                 "# Made by: ttyarcade checkers train --games %d --seed %llu "
                 "--nodes %llu --noise %d --epochs %d\n"
                 "# with the %d-piece endgame databases "
                 "(ttyarcade checkers egdb build --pieces %d).\n"
                 "# %zu positions from games black won %d, drew %d, lost "
                 "%d; final loss %.4f.\n",
            o.games, (unsigned long long)o.seed,
            (unsigned long long)o.nodes, o.noise, o.epochs, o.egdb->pieces,
            o.egdb->pieces, s.n, s.won, s.drawn, s.lost, f->loss);
    fprintf(out, "hand %ld\n", lround(f->hand * 1000));
    int nz = 0;
    for (int ph = 0; ph < CK_LEARN_PHASES; ph++)
        for (int r = 0; r < CK_LEARN_REGIONS; r++)
            for (int pt = 0; pt < CK_LEARN_PATTERNS; pt++) {
                long v = lround(f->w[ck_learn_at(ph, r, pt)]);
                if (v > 32767)
                    v = 32767;
                if (v < -32768)
                    v = -32768;
                if (v) {
                    fprintf(out, "w %d %d %d %ld\n", ph, r, pt, v);
                    nz++;
                }
            }
    int bad = ferror(out) | (fclose(out) != 0);
    printf("wrote %s: %d weights not zero\n", outpath, nz);
    free(f);
    ck_samples_free(&s);
    return bad ? 1 : 0;
}
