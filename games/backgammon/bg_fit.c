/*
 * bg_fit.c - `ttyarcade backgammon train --label` and `--fit`: teaching
 * the net what it finds when it looks ahead.
 *
 * Self-play TD(lambda) learns from the net's own 0-ply values one move
 * later, and with this net it had stopped gaining (more games from 2.8 to
 * 5.4 million won 49.3-50.3% against the net they started from).  gnubg's
 * nets went further by supervised training on positions whose values came
 * from deeper looks (rollouts).  Here the deeper look is the engine's own:
 * positions from self-play are labelled with their chances averaged over
 * one or two rolls ahead (bg_ai_probs_net), each roll played as the net
 * plays it, and the net is then fitted to those labels.  Everything comes
 * from the rules, the net and the seeds, so the file's history says how to
 * make it again.
 *
 * A labels file: one header line (the command that made it, which the
 * fitted net's history keeps), then records of a position ID (14 bytes,
 * bg_posid.c) and the five chances of the side on roll (floats, in the
 * machine's order: the file is a working file of one machine's training,
 * never committed).
 *
 * A tool, so it may use stdio; the engine proper never calls it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bg_train_int.h"

#define FIT_MAGIC "ttyarcade backgammon labels 1: "
#define FIT_HOLD 50         /* one position in this many held out */

typedef struct fit_rec {
    bg_pos p;
    float v[BG_NOUT];
} fit_rec;

static int put_rec(FILE *f, const bg_pos *p, const float v[BG_NOUT])
{
    char id[BG_POSID_LEN + 1];
    bg_posid_encode(p, id);
    return fwrite(id, 1, BG_POSID_LEN, f) == BG_POSID_LEN &&
           fwrite(v, sizeof(float), BG_NOUT, f) == BG_NOUT ? 0 : -1;
}

int bg_fit_label(const bg_net *net, long net_games, const char *path,
                 long games, int plies, unsigned long long seed)
{
    FILE *f = fopen(path, "wb");
    bg_ai *ai = bg_ai_new();
    bg_movelist *ml = malloc(sizeof *ml);
    if (!f || !ai || !ml) {
        fprintf(stderr, "train: cannot write %s\n", path);
        if (f)
            fclose(f);
        bg_ai_free(ai);
        free(ml);
        return 1;
    }
    bg_xrng r;
    bg_xrng_seed(&r, seed);
    fprintf(f, FIT_MAGIC "label --games %ld --plies %d --seed %llu "
            "(the net of game %ld)\n", games, plies, seed, net_games);
    long n = 0;
    time_t t0 = time(0);
    int bad = 0;
    for (long g = 0; g < games && !bad; g++) {
        bg_pos p;
        int d1, d2;
        bg_pos_start(&p);
        do
            bg_train_roll(&r, &d1, &d2);
        while (d1 == d2);       /* the opening roll is never a double */
        for (int ply = 0; ply < BG_TRAIN_MAX_PLIES; ply++) {
            if (ply > 0 && bg_bo_value(&p) < 0) {
                float v[BG_NOUT];
                bg_ai_probs_net(ai, net, &p, plies, v);
                if (put_rec(f, &p, v) != 0) {
                    bad = 1;
                    break;
                }
                n++;
            }
            bg_moves(&p, d1, d2, BG_RULES_STANDARD, ml);
            const bg_move *m = &ml->m[bg_net_pick(net, ml)];
            if (bg_pos_won(&m->after, 0))
                break;
            p = m->after;
            bg_pos_swap(&p);
            bg_train_roll(&r, &d1, &d2);
        }
        if ((g + 1) % 500 == 0) {
            printf("label: %ld games, %ld positions, %lds\n", g + 1, n,
                   (long)(time(0) - t0));
            fflush(stdout);
        }
    }
    if (fclose(f) != 0)
        bad = 1;
    bg_ai_free(ai);
    free(ml);
    if (bad) {
        fprintf(stderr, "train: cannot write %s\n", path);
        return 1;
    }
    printf("label: %ld positions from %ld games in %s\n", n, games, path);
    return 0;
}

/* Append a labels file's records to *recs (*n of *cap) and its header,
 * the command that made it, to hist. */
static int read_labels(const char *path, fit_rec **recs, long *n, long *cap,
                       char *hist, size_t hist_max)
{
    FILE *f = fopen(path, "rb");
    char head[512];
    if (!f || !fgets(head, sizeof head, f) ||
        strncmp(head, FIT_MAGIC, strlen(FIT_MAGIC)) != 0) {
        fprintf(stderr, "train: %s is not a labels file\n", path);
        if (f)
            fclose(f);
        return -1;
    }
    if (strlen(hist) + strlen(head) - strlen(FIT_MAGIC) + 4 < hist_max) {
        strcat(hist, "  ");
        strcat(hist, head + strlen(FIT_MAGIC));
    }
    char id[BG_POSID_LEN + 1];
    float v[BG_NOUT];
    id[BG_POSID_LEN] = 0;
    while (fread(id, 1, BG_POSID_LEN, f) == BG_POSID_LEN &&
           fread(v, sizeof(float), BG_NOUT, f) == BG_NOUT) {
        if (*n == *cap) {
            long c = *cap ? 2 * *cap : 1 << 16;
            fit_rec *m = realloc(*recs, sizeof **recs * (size_t)c);
            if (!m) {
                fclose(f);
                return -1;
            }
            *recs = m;
            *cap = c;
        }
        fit_rec *x = &(*recs)[*n];
        if (bg_posid_decode(id, &x->p) != 0) {
            fprintf(stderr, "train: %s: a bad position ID\n", path);
            fclose(f);
            return -1;
        }
        memcpy(x->v, v, sizeof v);
        (*n)++;
    }
    fclose(f);
    return 0;
}

static void shuffle(fit_rec *a, long n, bg_xrng *r)
{
    for (long i = n - 1; i > 0; i--) {
        long j = (long)(((uint64_t)bg_xrng_next(r) << 32 |
                         bg_xrng_next(r)) % (uint64_t)(i + 1));
        fit_rec x = a[i];
        a[i] = a[j];
        a[j] = x;
    }
}

/* The net's mean absolute error on the held-out positions, each output. */
static void held_error(const bg_net *net, const fit_rec *a, long n,
                       double err[BG_NOUT])
{
    for (int o = 0; o < BG_NOUT; o++)
        err[o] = 0;
    for (long i = 0; i < n; i++) {
        float v[BG_NOUT];
        bg_net_value(net, &a[i].p, v);
        for (int o = 0; o < BG_NOUT; o++)
            err[o] += fabs(v[o] - a[i].v[o]);
    }
    for (int o = 0; o < BG_NOUT; o++)
        err[o] /= n > 0 ? (double)n : 1;
}

static void report(int epoch, const bg_net *net, const fit_rec *held,
                   long nheld, double a, time_t t0)
{
    double e[BG_NOUT];
    held_error(net, held, nheld, e);
    printf("fit: pass %d  alpha %.5f  held-out error %.4f %.4f %.4f %.4f "
           "%.4f  %lds\n", epoch, a, e[0], e[1], e[2], e[3], e[4],
           (long)(time(0) - t0));
    fflush(stdout);
}

int bg_fit_run(bg_trainer *t, const char *const *files, int nfiles,
               int epochs, double alpha, double alpha_end,
               unsigned long long seed)
{
    fit_rec *recs = NULL;
    long n = 0, cap = 0;
    char line[256], from[BG_NETFILE_HIST] = "";
    for (int i = 0; i < nfiles; i++)
        if (read_labels(files[i], &recs, &n, &cap, from, sizeof from) != 0) {
            free(recs);
            return 1;
        }
    if (n < FIT_HOLD) {
        fprintf(stderr, "train: too few labelled positions (%ld)\n", n);
        free(recs);
        return 1;
    }
    snprintf(line, sizeof line, "fit --epochs %d --alpha %g --alpha-end %g "
             "--seed %llu (%ld positions) on labels of\n", epochs, alpha,
             alpha_end, seed, n);
    if (strlen(t->hist) + strlen(line) + strlen(from) < BG_NETFILE_HIST) {
        strcat(t->hist, line);
        strcat(t->hist, from);
    }
    bg_xrng r;
    bg_xrng_seed(&r, seed);
    shuffle(recs, n, &r);
    long nheld = n / FIT_HOLD, ntrain = n - nheld;
    const fit_rec *held = recs + ntrain;
    time_t t0 = time(0);
    report(0, &t->net, held, nheld, alpha, t0);
    for (int e = 0; e < epochs; e++) {
        double f = epochs > 1 ? (double)e / (epochs - 1) : 0;
        float a = (float)(alpha * pow(alpha_end / alpha, f));
        shuffle(recs, ntrain, &r);
        for (long i = 0; i < ntrain; i++)
            bg_train_learn(t, &recs[i].p, recs[i].v, a);
        report(e + 1, &t->net, held, nheld, a, t0);
    }
    free(recs);
    return 0;
}

/* Positions with reference chances, one a line: a position ID and the
 * five chances of the side on roll (gnubg's, say).  The net's mean
 * absolute error against them at 0 and plies rolls ahead, in contact
 * positions and in races apart. */
int bg_fit_check(const bg_net *net, const char *path, int plies)
{
    FILE *f = fopen(path, "r");
    bg_ai *ai = bg_ai_new();
    if (!f || !ai) {
        fprintf(stderr, "train: cannot read %s\n", path);
        if (f)
            fclose(f);
        bg_ai_free(ai);
        return 1;
    }
    /* [race][ply 0 or plies][output] */
    double err[2][2][BG_NOUT] = {{{0}}};
    long n[2] = {0, 0};
    char line[256], id[64];
    float ref[BG_NOUT];
    while (fgets(line, sizeof line, f)) {
        bg_pos p;
        if (sscanf(line, "%63s %f %f %f %f %f", id, &ref[0], &ref[1],
                   &ref[2], &ref[3], &ref[4]) != 6 ||
            bg_posid_decode(id, &p) != 0)
            continue;
        int race = bg_pos_race(&p) ? 1 : 0;
        for (int k = 0; k < 2; k++) {
            float v[BG_NOUT];
            bg_ai_probs_net(ai, net, &p, k ? plies : 0, v);
            for (int o = 0; o < BG_NOUT; o++)
                err[race][k][o] += fabs(v[o] - ref[o]);
        }
        n[race]++;
    }
    fclose(f);
    bg_ai_free(ai);
    static const char *const what[2] = {"contact", "race"};
    for (int k = 0; k < 2; k++) {
        double all[BG_NOUT];
        for (int o = 0; o < BG_NOUT; o++)
            all[o] = (err[0][k][o] + err[1][k][o]) /
                     (double)(n[0] + n[1] ? n[0] + n[1] : 1);
        printf("check: ply %d  all %ld: %.4f %.4f %.4f %.4f %.4f", k ? plies
               : 0, n[0] + n[1], all[0], all[1], all[2], all[3], all[4]);
        for (int race = 0; race < 2; race++)
            printf("  %s %ld: %.4f", what[race], n[race],
                   err[race][k][0] / (double)(n[race] ? n[race] : 1));
        printf("\n");
    }
    return 0;
}
