/*
 * bg_train.c - `ttyarcade backgammon train`: TD(lambda) self-play training
 * of the evaluation net (Tesauro's TD-Gammon method) for GNU Backgammon's
 * five outputs.  Checkpoints are weights files (bg_netfile.h) that keep
 * the training commands and the generator's state; the one the engine
 * plays with is games/backgammon/bg_weights.bin, turned into C by make.
 * A tool, so it may use stdio; the engine proper never calls it.
 *
 * Each game is self-play at 0 ply under STANDARD rules, each side playing
 * for the most cubeless money equity (so that gammons matter to it).  The
 * game is played with the weights as they stand, then every position of
 * it is moved towards its lambda-return: the outcome at the end (a win,
 * a gammon, a backgammon), and before it a mix, by lambda, of the next
 * position's value and the next position's return (the "forward view"
 * of TD(lambda), Sutton and Barto's offline lambda-return: the same
 * updates as eligibility traces kept through a game, without the five
 * traces over every weight that made each step cost a pass over the whole
 * net).  A position in the bearing-off table has its exact value as its
 * return.  Each output is a logistic unit moved by (return - output), the
 * gradient of the cross-entropy, so that the rare backgammons learn as
 * fast as the wins.  The learning rate falls geometrically from --alpha
 * to --alpha-end over --games.
 *
 * A command may --stop short of its --games, with the learning rate where
 * that schedule has it, for another command to --load and go on with:
 * the weights file's history lists every command, each one running until
 * the game the next starts from.
 *
 * --ply1 instead moves each position of a game towards the average, over
 * the 21 rolls, of what the side on roll can make of that roll at 0 ply:
 * slower per game, much less noisy per position.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bg_ai_int.h"
#include "bg_netfile.h"
#include "bg_tool.h"
#include "bg_train_int.h"

#define NH BG_NET_NHID
#define NO BG_NOUT
#define NW1 ((size_t)BG_NET_NIN * NH)
#define HIST_MAX BG_NETFILE_HIST
#define MAX_PLIES BG_TRAIN_MAX_PLIES


/* One position of a game: its value for the side on roll as the game
 * found it, and whether that value is exact (the table, or over). */
typedef struct tr_step {
    bg_pos p;
    float v[NO];
    uint8_t exact;
} tr_step;

static void tr_view(bg_trainer *t)
{
    t->net.version = BG_NET_VERSION;
    t->net.nin = BG_NET_NIN;
    t->net.nhid = NH;
    t->net.nout = NO;
    t->net.w1 = t->w1;
    t->net.b1 = t->b1;
    t->net.w2 = t->w2;
    t->net.b2 = t->b2;
}

static float frand(bg_xrng *r)
{
    return (float)(bg_xrng_next(r) / 4294967296.0);
}

static void tr_init(bg_trainer *t, bg_xrng *r)
{
    for (size_t i = 0; i < NW1; i++)
        t->w1[i] = (frand(r) - 0.5f) * 0.2f;
    for (int j = 0; j < NH; j++)
        t->b1[j] = 0;
    for (int j = 0; j < NO * NH; j++)
        t->w2[j] = (frand(r) - 0.5f) * 0.2f;
    for (int o = 0; o < NO; o++)
        t->b2[o] = 0;
    t->games = 0;
    t->hist[0] = 0;
    tr_view(t);
}

void bg_train_learn(bg_trainer *t, const bg_pos *p, const float target[NO],
                  float a)
{
    uint16_t idx[BG_NET_MAXACT];
    float val[BG_NET_MAXACT], h[NH], act[NH], y[NO], dz[NO], dh[NH];
    int nact = bg_net_inputs(p, idx, val);
    bg_net_hidden(&t->net, idx, val, nact, h);
    bg_net_outputs(&t->net, h, y);
    for (int o = 0; o < NO; o++)
        dz[o] = a * (target[o] - y[o]);
    for (int j = 0; j < NH; j++) {
        float ah = h[j] < 0 ? -h[j] : h[j];
        float back = 0;
        act[j] = bg_net_act(h[j]);
        for (int o = 0; o < NO; o++)
            back += dz[o] * t->w2[o * NH + j];
        dh[j] = back * 0.5f / ((1.0f + ah) * (1.0f + ah));
    }
    for (int o = 0; o < NO; o++) {
        float *w = t->w2 + o * NH;
        for (int j = 0; j < NH; j++)
            w[j] += dz[o] * act[j];
        t->b2[o] += dz[o];
    }
    for (int i = 0; i < nact; i++) {
        float *w = t->w1 + (size_t)idx[i] * NH, x = val[i];
        for (int j = 0; j < NH; j++)
            w[j] += x * dh[j];
    }
    for (int j = 0; j < NH; j++)
        t->b1[j] += dh[j];
}

void bg_train_roll(bg_xrng *r, int *d1, int *d2)
{
    bg_rng rng = {bg_xrng_next, r};
    *d1 = bg_roll_die(&rng);
    *d2 = bg_roll_die(&rng);
}

/* The value of the position after a play, for the side then on roll, and
 * whether it is exact. */
static int next_value(const bg_net *net, const bg_pos *after, float v[NO])
{
    bg_pos q = *after;
    bg_pos_swap(&q);
    bg_net_value(net, &q, v);
    return bg_pos_won(after, 0) || bg_bo_value(&q) >= 0;
}

/* One game of self-play, then learning from its lambda-returns. */
static void train_game(bg_trainer *t, bg_movelist *ml, tr_step *game,
                       bg_xrng *r, float alpha, float lambda)
{
    int n = 0, d1, d2;
    bg_pos_start(&game[0].p);
    game[0].exact = 0;
    do
        bg_train_roll(r, &d1, &d2);
    while (d1 == d2);           /* the opening roll is never a double */
    for (;;) {
        bg_moves(&game[n].p, d1, d2, BG_RULES_STANDARD, ml);
        const bg_move *m = &ml->m[bg_net_pick(&t->net, ml)];
        tr_step *next = &game[n + 1];
        next->exact = (uint8_t)next_value(&t->net, &m->after, next->v);
        next->p = m->after;
        bg_pos_swap(&next->p);
        n++;
        if (bg_pos_won(&m->after, 0) || n + 1 >= MAX_PLIES)
            break;
        bg_train_roll(r, &d1, &d2);
    }
    /* game[n] is the last position (over, or cut off): its value is the
     * return; each position before takes the next one's, seen by the
     * other side. */
    float g[NO];
    memcpy(g, game[n].v, sizeof g);
    for (int k = n - 1; k >= 0; k--) {
        tr_step *s = &game[k + 1];
        if (s->exact)
            memcpy(g, s->v, sizeof g);
        else
            for (int o = 0; o < NO; o++)
                g[o] = (1 - lambda) * s->v[o] + lambda * g[o];
        bg_probs_swap(g);
        memcpy(game[k].v, g, sizeof g);     /* now the return of game[k] */
    }
    for (int k = 0; k < n; k++)
        if (!game[k].exact)
            bg_train_learn(t, &game[k].p, game[k].v, alpha);
}

/*
 * One game of self-play learning with one-roll lookahead targets: each
 * position's value is moved towards the average over the 21 rolls of the
 * best the net finds for the side on roll after that roll (TD(0) with
 * the dice taken in expectation rather than sampled).  The rolled dice's
 * best play then continues the game.
 */
static void train_game_ply1(bg_trainer *t, bg_movelist *ml, bg_xrng *r,
                            float alpha)
{
    bg_pos p;
    int d1, d2;
    bg_pos_start(&p);
    do
        bg_train_roll(r, &d1, &d2);
    while (d1 == d2);
    for (int ply = 0; ply < MAX_PLIES; ply++) {
        float sum[NO] = {0}, v[NO];
        bg_move next;
        memset(&next, 0, sizeof next);
        for (int a = 1; a <= 6; a++)
            for (int b = a; b <= 6; b++) {
                bg_moves(&p, a, b, BG_RULES_STANDARD, ml);
                int k = bg_net_pick(&t->net, ml);
                bg_net_after(&t->net, &ml->m[k].after, v);
                for (int o = 0; o < NO; o++)
                    sum[o] += v[o] * (a == b ? 1 : 2);
                if ((a == d1 && b == d2) || (a == d2 && b == d1))
                    next = ml->m[k];
            }
        if (ply > 0 && bg_bo_value(&p) < 0) {
            for (int o = 0; o < NO; o++)
                sum[o] /= 36.0f;
            bg_train_learn(t, &p, sum, alpha);
        }
        if (bg_pos_won(&next.after, 0))
            return;
        p = next.after;
        bg_pos_swap(&p);
        bg_train_roll(r, &d1, &d2);
    }
}

/* A checkpoint: the weights, the history and the generator's state. */
static int save_net(const bg_trainer *t, const bg_xrng *r, const char *path)
{
    bg_netfile nf = {
        .version = BG_NET_VERSION, .nin = BG_NET_NIN, .nhid = NH, .nout = NO,
        .games = (uint64_t)t->games, .rng = r ? r->s : 0,
        .w1 = t->w1, .b1 = (float *)t->b1, .w2 = (float *)t->w2,
        .b2 = (float *)t->b2,
    };
    memcpy(nf.hist, t->hist, sizeof nf.hist);
    return bg_netfile_write(path, &nf);
}

/* Read a checkpoint; its generator state into *rng (0 if it has none). */
static int load_net(bg_trainer *t, const char *path, uint64_t *rng)
{
    bg_netfile nf;
    char err[512];
    if (bg_netfile_read(path, &nf, err, sizeof err) != 0) {
        fprintf(stderr, "train: %s\n", err);
        return -1;
    }
    int ok = nf.version == BG_NET_VERSION && nf.nin == BG_NET_NIN &&
             nf.nhid == NH && nf.nout == NO;
    if (ok) {
        memcpy(t->w1, nf.w1, sizeof(float) * NW1);
        memcpy(t->b1, nf.b1, sizeof t->b1);
        memcpy(t->w2, nf.w2, sizeof t->w2);
        memcpy(t->b2, nf.b2, sizeof t->b2);
        t->games = (long)nf.games;
        memcpy(t->hist, nf.hist, HIST_MAX);
        if (rng)
            *rng = nf.rng;
    } else {
        fprintf(stderr, "train: %s holds a version %d net of %d inputs, %d "
                "hidden, %d outputs (this one: %d, %d, %d, %d)\n", path,
                nf.version, nf.nin, nf.nhid, nf.nout, BG_NET_VERSION,
                BG_NET_NIN, NH, NO);
    }
    bg_netfile_free(&nf);
    t->hist[HIST_MAX - 1] = 0;
    tr_view(t);
    return ok ? 0 : -1;
}

/*
 * The mean of t's weights and those of the nets in files, which must have
 * been made by the same commands as t (checkpoints of one run, --keep's
 * or --stop's): TD's weights wander about where they converge, the more
 * the larger the learning rate, and their mean is nearer the middle.
 * Over the same run's checkpoints at 4 and 5 million games the mean's
 * chances were nearer gnubg's than either's (README).
 */
static int average(bg_trainer *t, const char *const *files, int n)
{
    bg_trainer *o = calloc(1, sizeof *o);
    double *sum = calloc(NW1 + NH + NO * NH + NO, sizeof *sum);
    float *mine[4] = {t->w1, t->b1, t->w2, t->b2};
    const size_t len[4] = {NW1, NH, (size_t)NO * NH, NO};
    int rc = !o || !sum || !(o->w1 = malloc(sizeof(float) * NW1));
    char line[HIST_MAX] = "average with the net of game";
    for (int k = 0; k <= n && !rc; k++) {
        bg_trainer *x = k < n ? o : t;
        if (k < n && load_net(o, files[k], NULL) != 0) {
            fprintf(stderr, "train: cannot load %s\n", files[k]);
            rc = 1;
            break;
        }
        if (strcmp(x->hist, t->hist) != 0) {
            fprintf(stderr, "train: %s was not made by the commands that "
                    "made the --load net\n", files[k]);
            rc = 1;
            break;
        }
        if (k < n) {
            size_t l = strlen(line);
            snprintf(line + l, sizeof line - l, "%s %ld", k ? "," : "",
                     o->games);
        }
        float *w[4] = {x->w1, x->b1, x->w2, x->b2};
        double *d = sum;
        for (int a = 0; a < 4; a++)
            for (size_t i = 0; i < len[a]; i++)
                *d++ += w[a][i];
    }
    if (!rc) {
        double *d = sum;
        for (int a = 0; a < 4; a++)
            for (size_t i = 0; i < len[a]; i++)
                mine[a][i] = (float)(*d++ / (n + 1));
        size_t l = strlen(line);
        snprintf(line + l, sizeof line - l, " of the same commands\n");
        if (strlen(t->hist) + strlen(line) < HIST_MAX)
            strcat(t->hist, line);
    }
    if (o)
        free(o->w1);
    free(o);
    free(sum);
    return rc;
}

static void usage(FILE *f)
{
    fprintf(f,
        "usage: ttyarcade backgammon train [options]\n"
        "TD(lambda) self-play training of the evaluation net.\n"
        "  --games N       train until N games in total (default 0)\n"
        "  --alpha A       learning rate at the start (default 0.02)\n"
        "  --alpha-end B   learning rate at game N (default = A)\n"
        "  --lambda L      TD's lambda (default 0.7)\n"
        "  --ply1          learn from one-roll lookahead targets instead\n"
        "  --seed S        random seed (default 1; with --load, the\n"
        "                  checkpoint's generator continues unless given)\n"
        "  --load FILE     continue from a checkpoint\n"
        "  --save FILE     checkpoint written every --report games and at the end\n"
        "                  (the engine's net: games/backgammon/bg_weights.bin)\n"
        "  --report N      games between progress lines (default 10000)\n"
        "  --test-pairs N  game pairs against ATARI per report (default 200)\n"
        "  --keep N        also keep a copy FILE.GAMES every N games\n"
        "  --stop N        stop after game N, the learning rate as --games\n"
        "                  has it then (to go on with another command)\n"
        "  --versus FILE   play --test-pairs pairs of games, 0 ply, against the\n"
        "                  net in FILE and print the loaded net's share\n"
        "Fitting to deeper looks (bg_fit.c), instead of self-play:\n"
        "  --label FILE    play --games games of self-play with the --load net\n"
        "                  (dice from --seed) and write each position with its\n"
        "                  chances looked at --plies rolls ahead (default 2)\n"
        "  --fit FILE      (repeatable) fit the --load net to the labels in\n"
        "                  FILE, --epochs passes (default 10), the rate from\n"
        "                  --alpha to --alpha-end; then --save\n"
        "  --average FILE  (repeatable) save the mean of the --load net and\n"
        "                  the nets in FILE, made by the same commands\n"
        "  --check FILE    print the --load net's mean error against the\n"
        "                  chances in FILE (lines: position ID, five\n"
        "                  chances), at 0 ply and --plies rolls ahead\n");
}

/* The net's share of wins against ATARI, and its gammons per game. */
static void progress(bg_trainer *t, bg_ai *ai, bg_movelist *ml, long pairs,
                     float a, time_t t0)
{
    bg_player me = {&t->net, 0}, atari = {0, BG_LEVEL_ATARI};
    double w = pairs ? bg_duel(&me, &atari, (int)pairs, 12345, ai, ml) : 0;
    printf("games %ld  alpha %.4f  vs ATARI %.3f  %lds\n", t->games, a, w,
           (long)(time(0) - t0));
    fflush(stdout);
}

int bg_tool_train(int argc, char **argv)
{
    long games = 0, report = 10000, pairs = 200, keep = 0, stop = 0;
    double alpha = 0.02, alpha_end = -1, lambda = 0.7;
    unsigned long long seed = 1;
    const char *load = 0, *save = 0, *versus = 0, *label = 0, *check = 0;
    const char *fit[16], *avg[16];
    int ply1 = 0, seeded = 0, nfit = 0, navg = 0, plies = 2, epochs = 10;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : 0;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(a, "--ply1")) {
            ply1 = 1;
            continue;
        }
        if (!v) {
            usage(stderr);
            return 2;
        }
        i++;
        if (!strcmp(a, "--games")) games = atol(v);
        else if (!strcmp(a, "--alpha")) alpha = atof(v);
        else if (!strcmp(a, "--alpha-end")) alpha_end = atof(v);
        else if (!strcmp(a, "--lambda")) lambda = atof(v);
        else if (!strcmp(a, "--seed")) seed = strtoull(v, 0, 10), seeded = 1;
        else if (!strcmp(a, "--load")) load = v;
        else if (!strcmp(a, "--save")) save = v;
        else if (!strcmp(a, "--report")) report = atol(v);
        else if (!strcmp(a, "--test-pairs")) pairs = atol(v);
        else if (!strcmp(a, "--keep")) keep = atol(v);
        else if (!strcmp(a, "--stop")) stop = atol(v);
        else if (!strcmp(a, "--versus")) versus = v;
        else if (!strcmp(a, "--label")) label = v;
        else if (!strcmp(a, "--check")) check = v;
        else if (!strcmp(a, "--plies")) plies = atoi(v);
        else if (!strcmp(a, "--epochs")) epochs = atoi(v);
        else if (!strcmp(a, "--fit") && nfit < 16) fit[nfit++] = v;
        else if (!strcmp(a, "--average") && navg < 16) avg[navg++] = v;
        else {
            usage(stderr);
            return 2;
        }
    }
    if (alpha_end < 0)
        alpha_end = alpha;
    if (report < 1)
        report = 1;
    bg_trainer *t = calloc(1, sizeof *t);
    bg_movelist *ml = malloc(sizeof *ml);
    tr_step *game = malloc(sizeof *game * (MAX_PLIES + 1));
    bg_ai *ai = bg_ai_new();
    if (!t || !ml || !game || !ai || !(t->w1 = malloc(sizeof(float) * NW1)))
        return 1;
    bg_xrng r;
    bg_xrng_seed(&r, seed);
    if (load) {
        uint64_t state = 0;
        if (load_net(t, load, &state) != 0) {
            fprintf(stderr, "train: cannot load %s\n", load);
            return 1;
        }
        if (!seeded && state)
            r.s = state;        /* go on with the same dice */
    } else {
        tr_init(t, &r);
    }
    int rc = 0;
    if (check) {
        rc = bg_fit_check(&t->net, check, plies);
        goto out;
    }
    if (navg) {
        rc = load ? average(t, avg, navg) : 2;
        if (rc == 2)
            fprintf(stderr, "train: --average needs --load\n");
        else if (!rc && save && save_net(t, &r, save) != 0) {
            fprintf(stderr, "train: cannot save %s\n", save);
            rc = 1;
        }
        goto out;
    }
    if (label || nfit) {
        rc = label ? bg_fit_label(&t->net, t->games, label, games, plies,
                                      seed)
                       : bg_fit_run(t, fit, nfit, epochs, alpha, alpha_end,
                                    seed);
        if (!rc && nfit && save && save_net(t, &r, save) != 0) {
            fprintf(stderr, "train: cannot save %s\n", save);
            rc = 1;
        }
        if (!rc && nfit && pairs)
            progress(t, ai, ml, pairs, (float)alpha_end, time(0));
        games = 0;              /* no self-play after */
        save = NULL;
        if (rc || !versus)
            goto out;
    }
    if (games > t->games) {
        /* The command as it ran: a checkpoint's generator going on is
         * no --seed (that would start it again). */
        char line[512], sd[48] = "";
        if (seeded || !load)
            snprintf(sd, sizeof sd, " --seed %llu", seed);
        snprintf(line, sizeof line, "train --games %ld --alpha %g "
                 "--alpha-end %g --lambda %g%s%s (from game %ld)\n",
                 games, alpha, alpha_end, lambda, sd, ply1 ? " --ply1" : "",
                 t->games);
        if (strlen(t->hist) + strlen(line) < HIST_MAX)
            strcat(t->hist, line);
    }
    long start = t->games, end = stop > t->games && stop < games ? stop
                                                                  : games;
    time_t t0 = time(0);
    while (t->games < end) {
        double f = (double)(t->games - start) / (double)(games - start);
        float a = (float)(alpha * pow(alpha_end / alpha, f));
        if (ply1)
            train_game_ply1(t, ml, &r, a);
        else
            train_game(t, ml, game, &r, a, (float)lambda);
        t->games++;
        if (t->games % report == 0 || t->games == end) {
            progress(t, ai, ml, pairs, a, t0);
            if (save && save_net(t, &r, save) != 0)
                fprintf(stderr, "train: cannot save %s: %s\n", save,
                        strerror(errno));
            if (keep && t->games % keep == 0) {
                char path[1024];
                snprintf(path, sizeof path, "%s.%ld", save ? save : "bg",
                         t->games);
                save_net(t, &r, path);
            }
        }
    }
    if (save && save_net(t, &r, save) != 0)
        fprintf(stderr, "train: cannot save %s\n", save);
    if (versus) {
        bg_trainer *o = calloc(1, sizeof *o);
        if (!o || !(o->w1 = malloc(sizeof(float) * NW1)) ||
            load_net(o, versus, NULL) != 0) {
            fprintf(stderr, "train: cannot load %s\n", versus);
            rc = 1;
        } else {
            bg_player me = {&t->net, 0}, other = {&o->net, 0};
            printf("versus %s: %.3f of %ld games\n", versus,
                   bg_duel(&me, &other, (int)pairs, 777, ai, ml), 2 * pairs);
        }
        if (o)
            free(o->w1);
        free(o);
    }
out:
    free(t->w1);
    free(t);
    free(ml);
    free(game);
    bg_ai_free(ai);
    return rc;
}
