/*
 * bg_train.c - `ttyarcade backgammon train`: TD(lambda) self-play training
 * of the evaluation net (Tesauro's TD-Gammon method).  Checkpoints are
 * weights files (bg_netfile.h) that keep the training commands and the
 * generator's state; the one the engine plays with is
 * games/backgammon/bg_weights.bin, turned into C by make.  A tool, so it
 * may use stdio; the engine proper never calls it.
 *
 * The value trained is U = P(blue wins) seen from a fixed side, so the
 * usual TD(lambda) applies although the net itself answers for the side
 * on roll: U = V for one side on roll and 1 - V for the other, and the
 * gradient changes sign with it.  Each game is self-play at 0 ply under
 * STANDARD rules; the learning rate falls geometrically from --alpha to
 * --alpha-end over --games.
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

#define NW1 (BG_NET_NIN * BG_NET_NHID)
#define HIST_MAX BG_NETFILE_HIST

typedef struct trainer {
    float *w1, b1[BG_NET_NHID], w2[BG_NET_NHID], b2;
    float *e1, eb1[BG_NET_NHID], ew2[BG_NET_NHID], eb2;
    bg_net net;
    long games;
    char hist[HIST_MAX];
} trainer;

typedef struct grad {
    uint16_t idx[BG_NET_MAXACT];
    float val[BG_NET_MAXACT];
    int nact;
    float dh[BG_NET_NHID], a[BG_NET_NHID];
    float g;                /* do/dz */
    float out;
} grad;

static void tr_view(trainer *t)
{
    t->net.version = BG_NET_VERSION;
    t->net.nin = BG_NET_NIN;
    t->net.nhid = BG_NET_NHID;
    t->net.w1 = t->w1;
    t->net.b1 = t->b1;
    t->net.w2 = t->w2;
    t->net.b2 = t->b2;
}

static float frand(bg_xrng *r)
{
    return (float)(bg_xrng_next(r) / 4294967296.0);
}

static void tr_init(trainer *t, bg_xrng *r)
{
    for (long i = 0; i < NW1; i++)
        t->w1[i] = (frand(r) - 0.5f) * 0.2f;
    for (int j = 0; j < BG_NET_NHID; j++) {
        t->b1[j] = 0;
        t->w2[j] = (frand(r) - 0.5f) * 0.2f;
    }
    t->b2 = 0;
    t->games = 0;
    t->hist[0] = 0;
    tr_view(t);
}

/* Forward pass keeping what the gradient needs. */
static void forward(trainer *t, const bg_pos *p, grad *g)
{
    float h[BG_NET_NHID];
    g->nact = bg_net_inputs(p, g->idx, g->val);
    bg_net_hidden(&t->net, g->idx, g->val, g->nact, h);
    float z = t->b2;
    for (int j = 0; j < BG_NET_NHID; j++) {
        g->a[j] = bg_net_act(h[j]);
        z += t->w2[j] * g->a[j];
    }
    g->out = 1.0f / (1.0f + expf(-z));
    g->g = g->out * (1.0f - g->out);
    for (int j = 0; j < BG_NET_NHID; j++) {
        float ah = h[j] < 0 ? -h[j] : h[j];
        g->dh[j] = g->g * t->w2[j] * 0.5f / ((1.0f + ah) * (1.0f + ah));
    }
}

/* e = lambda e + s * grad */
static void trace(trainer *t, const grad *g, float s, float lambda)
{
    if (lambda != 1.0f) {
        for (long i = 0; i < NW1; i++)
            t->e1[i] *= lambda;
        for (int j = 0; j < BG_NET_NHID; j++) {
            t->eb1[j] *= lambda;
            t->ew2[j] *= lambda;
        }
        t->eb2 *= lambda;
    }
    for (int a = 0; a < g->nact; a++) {
        float *e = t->e1 + (size_t)g->idx[a] * BG_NET_NHID;
        float x = s * g->val[a];
        for (int j = 0; j < BG_NET_NHID; j++)
            e[j] += x * g->dh[j];
    }
    for (int j = 0; j < BG_NET_NHID; j++) {
        t->eb1[j] += s * g->dh[j];
        t->ew2[j] += s * g->g * g->a[j];
    }
    t->eb2 += s * g->g;
}

static void update(trainer *t, float k)
{
    for (long i = 0; i < NW1; i++)
        t->w1[i] += k * t->e1[i];
    for (int j = 0; j < BG_NET_NHID; j++) {
        t->b1[j] += k * t->eb1[j];
        t->w2[j] += k * t->ew2[j];
    }
    t->b2 += k * t->eb2;
    t->net.b2 = t->b2;
}

static void roll(bg_xrng *r, int *d1, int *d2)
{
    bg_rng rng = {bg_xrng_next, r};
    *d1 = bg_roll_die(&rng);
    *d2 = bg_roll_die(&rng);
}

/* One game of self-play with learning. */
static void train_game(trainer *t, bg_movelist *ml, bg_xrng *r, float alpha,
                       float lambda)
{
    bg_pos p;
    grad g;
    int who = 0, d1, d2;        /* who: the fixed side 0 is on roll */
    bg_pos_start(&p);
    memset(t->e1, 0, sizeof(float) * NW1);
    memset(t->eb1, 0, sizeof t->eb1);
    memset(t->ew2, 0, sizeof t->ew2);
    t->eb2 = 0;
    forward(t, &p, &g);
    float u = g.out;
    trace(t, &g, 1.0f, lambda);
    do
        roll(r, &d1, &d2);
    while (d1 == d2);           /* the opening roll is never a double */
    for (int ply = 0; ply < 2000; ply++) {
        bg_moves(&p, d1, d2, BG_RULES_STANDARD, ml);
        const bg_move *m = &ml->m[bg_net_pick(&t->net, ml)];
        if (bg_pos_won(&m->after, 0)) {
            update(t, alpha * ((who == 0 ? 1.0f : 0.0f) - u));
            return;
        }
        p = m->after;
        bg_pos_swap(&p);
        who ^= 1;
        forward(t, &p, &g);
        float u2 = who == 0 ? g.out : 1.0f - g.out;
        update(t, alpha * (u2 - u));
        u = u2;
        trace(t, &g, who == 0 ? 1.0f : -1.0f, lambda);
        roll(r, &d1, &d2);
    }
}

/*
 * One game of self-play learning with one-roll lookahead targets (--ply1):
 * each position's value is moved towards the average, over the 21 rolls,
 * of the best the net finds for the side on roll after that roll (TD(0)
 * with the dice taken in expectation rather than sampled).  The rolled
 * dice's best play then continues the game.  Slower per game, much less
 * noisy per position: a second phase after plain TD(lambda).
 */
static void train_game_ply1(trainer *t, bg_movelist *ml, bg_xrng *r,
                            float alpha)
{
    bg_pos p;
    grad g;
    int d1, d2;
    bg_pos_start(&p);
    do
        roll(r, &d1, &d2);
    while (d1 == d2);
    for (int ply = 0; ply < 2000; ply++) {
        float sum = 0;
        bg_move next;
        memset(&next, 0, sizeof next);
        for (int a = 1; a <= 6; a++)
            for (int b = a; b <= 6; b++) {
                bg_moves(&p, a, b, BG_RULES_STANDARD, ml);
                int k = bg_net_pick(&t->net, ml);
                sum += bg_net_after(&t->net, &ml->m[k].after) * (a == b ? 1 : 2);
                if ((a == d1 && b == d2) || (a == d2 && b == d1))
                    next = ml->m[k];
            }
        if (ply > 0) {      /* the opening position needs no teaching */
            forward(t, &p, &g);
            float k = alpha * (sum / 36.0f - g.out);
            for (int a = 0; a < g.nact; a++) {
                float *w = t->w1 + (size_t)g.idx[a] * BG_NET_NHID;
                float x = k * g.val[a];
                for (int j = 0; j < BG_NET_NHID; j++)
                    w[j] += x * g.dh[j];
            }
            for (int j = 0; j < BG_NET_NHID; j++) {
                t->b1[j] += k * g.dh[j];
                t->w2[j] += k * g.g * g.a[j];
            }
            t->b2 += k * g.g;
            t->net.b2 = t->b2;
        }
        if (bg_pos_won(&next.after, 0))
            return;
        p = next.after;
        bg_pos_swap(&p);
        roll(r, &d1, &d2);
    }
}

/* A checkpoint: the weights, the history and the generator's state. */
static int save_net(const trainer *t, const bg_xrng *r, const char *path)
{
    bg_netfile nf = {
        .version = BG_NET_VERSION, .nin = BG_NET_NIN, .nhid = BG_NET_NHID,
        .games = (uint64_t)t->games, .rng = r ? r->s : 0,
        .w1 = t->w1, .b1 = (float *)t->b1, .w2 = (float *)t->w2, .b2 = t->b2,
    };
    memcpy(nf.hist, t->hist, sizeof nf.hist);
    return bg_netfile_write(path, &nf);
}

/* Read a checkpoint; its generator state into *rng (0 if it has none). */
static int load_net(trainer *t, const char *path, uint64_t *rng)
{
    bg_netfile nf;
    char err[512];
    if (bg_netfile_read(path, &nf, err, sizeof err) != 0) {
        fprintf(stderr, "train: %s\n", err);
        return -1;
    }
    int ok = nf.version == BG_NET_VERSION && nf.nin == BG_NET_NIN &&
             nf.nhid == BG_NET_NHID;
    if (ok) {
        memcpy(t->w1, nf.w1, sizeof(float) * NW1);
        memcpy(t->b1, nf.b1, sizeof t->b1);
        memcpy(t->w2, nf.w2, sizeof t->w2);
        t->b2 = nf.b2;
        t->games = (long)nf.games;
        memcpy(t->hist, nf.hist, HIST_MAX);
        if (rng)
            *rng = nf.rng;
    } else {
        fprintf(stderr, "train: %s holds a version %d net of %d inputs, %d "
                "hidden (this one: %d, %d, %d; --grow may take it)\n", path,
                nf.version, nf.nin, nf.nhid, BG_NET_VERSION, BG_NET_NIN,
                BG_NET_NHID);
    }
    bg_netfile_free(&nf);
    t->hist[HIST_MAX - 1] = 0;
    tr_view(t);
    return ok ? 0 : -1;
}

/*
 * --grow FILE: start from a checkpoint of a smaller net (fewer inputs per
 * side, fewer hidden units) and compute exactly what it computed: its
 * weights are copied, new inputs get zero weights and new hidden units
 * random input weights but a zero output weight, so that they start
 * silent and learn from there.  Inputs added by a later version are at
 * the end of each side's block, which is what makes this possible.
 */
static int grow_net(trainer *t, const char *path, bg_xrng *r)
{
    bg_netfile nf;
    char err[512];
    if (bg_netfile_read(path, &nf, err, sizeof err) != 0) {
        fprintf(stderr, "train: %s\n", err);
        return -1;
    }
    int nin = nf.nin, nhid = nf.nhid, side = (nin - 2) / 2;
    int ok = nin >= 4 && nin <= BG_NET_NIN && nhid <= BG_NET_NHID &&
             (nin - 2) % 2 == 0;
    const float *w1 = nf.w1, *b1 = nf.b1, *w2 = nf.w2;
    if (ok) {
        t->games = (long)nf.games;
        memcpy(t->hist, nf.hist, HIST_MAX);
        t->b2 = nf.b2;
        t->hist[HIST_MAX - 1] = 0;
        for (int i = 0; i < BG_NET_NIN; i++) {
            int old = -1;
            if (i >= 2 * BG_NET_SIDE)
                old = 2 * side + (i - 2 * BG_NET_SIDE);
            else if (i % BG_NET_SIDE < side)
                old = (i / BG_NET_SIDE) * side + i % BG_NET_SIDE;
            for (int j = 0; j < BG_NET_NHID; j++)
                t->w1[(size_t)i * BG_NET_NHID + j] =
                    j >= nhid ? (frand(r) - 0.5f) * 0.2f
                    : old >= 0 ? w1[(size_t)old * nhid + j] : 0.0f;
        }
        for (int j = 0; j < BG_NET_NHID; j++) {
            t->b1[j] = j < nhid ? b1[j] : 0.0f;
            t->w2[j] = j < nhid ? w2[j] : 0.0f;
        }
        char line[256];
        snprintf(line, sizeof line, "(grown from %d inputs, %d hidden units "
                 "to %d, %d at game %ld)\n", nin, nhid, BG_NET_NIN,
                 BG_NET_NHID, t->games);
        if (strlen(t->hist) + strlen(line) < HIST_MAX)
            strcat(t->hist, line);
        tr_view(t);
    }
    bg_netfile_free(&nf);
    return ok ? 0 : -1;
}

static void usage(FILE *f)
{
    fprintf(f,
        "usage: ttyarcade backgammon train [options]\n"
        "TD(lambda) self-play training of the evaluation net.\n"
        "  --games N       train until N games in total (default 0)\n"
        "  --alpha A       learning rate at the start (default 0.1)\n"
        "  --alpha-end B   learning rate at game N (default = A)\n"
        "  --lambda L      trace decay (default 0.7)\n"
        "  --ply1          learn from one-roll lookahead targets instead\n"
        "  --seed S        random seed (default 1; with --load, the\n"
        "                  checkpoint's generator continues unless given)\n"
        "  --load FILE     continue from a checkpoint\n"
        "  --grow FILE     continue from a checkpoint of a smaller net\n"
        "  --save FILE     checkpoint written every --report games and at the end\n"
        "                  (the engine's net: games/backgammon/bg_weights.bin)\n"
        "  --report N      games between progress lines (default 10000)\n"
        "  --test-pairs N  game pairs against ATARI per report (default 200)\n"
        "  --keep N        also keep a copy FILE.GAMES every N games\n"
        "  --versus FILE   play --test-pairs pairs of games, 0 ply, against the\n"
        "                  net in FILE and print the loaded net's share\n");
}

int bg_tool_train(int argc, char **argv)
{
    long games = 0, report = 10000, pairs = 200, keep = 0;
    double alpha = 0.1, alpha_end = -1, lambda = 0.7;
    unsigned long long seed = 1;
    const char *load = 0, *save = 0, *versus = 0, *grow = 0;
    int ply1 = 0, seeded = 0;
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
        else if (!strcmp(a, "--versus")) versus = v;
        else if (!strcmp(a, "--grow")) grow = v;
        else {
            usage(stderr);
            return 2;
        }
    }
    if (alpha_end < 0)
        alpha_end = alpha;
    trainer *t = calloc(1, sizeof *t);
    bg_movelist *ml = malloc(sizeof *ml);
    bg_ai *ai = bg_ai_new();
    if (!t || !ml || !ai)
        return 1;
    t->w1 = malloc(sizeof(float) * NW1);
    t->e1 = calloc(NW1, sizeof(float));
    bg_xrng r;
    bg_xrng_seed(&r, seed);
    if (grow) {
        if (grow_net(t, grow, &r) != 0) {
            fprintf(stderr, "train: cannot grow from %s\n", grow);
            return 1;
        }
    } else if (load) {
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
    if (games > t->games) {
        char line[512];
        snprintf(line, sizeof line, "train --games %ld --alpha %g "
                 "--alpha-end %g --lambda %g --seed %llu%s (from game %ld)\n",
                 games, alpha, alpha_end, lambda, seed, ply1 ? " --ply1" : "",
                 t->games);
        if (strlen(t->hist) + strlen(line) < HIST_MAX)
            strcat(t->hist, line);
    }
    long start = t->games;
    time_t t0 = time(0);
    while (t->games < games) {
        double f = (double)(t->games - start) / (double)(games - start);
        float a = (float)(alpha * pow(alpha_end / alpha, f));
        if (ply1)
            train_game_ply1(t, ml, &r, a);
        else
            train_game(t, ml, &r, a, (float)lambda);
        t->games++;
        if (t->games % report == 0 || t->games == games) {
            bg_player me = {&t->net, 0}, atari = {0, BG_LEVEL_ATARI};
            double w = pairs ? bg_duel(&me, &atari, (int)pairs, 12345, ai, ml)
                             : 0;
            printf("games %ld  alpha %.4f  vs ATARI %.3f  %lds\n", t->games,
                   a, w, (long)(time(0) - t0));
            fflush(stdout);
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
        trainer *o = calloc(1, sizeof *o);
        if (!o || !(o->w1 = malloc(sizeof(float) * NW1)) ||
            load_net(o, versus, NULL) != 0) {
            fprintf(stderr, "train: cannot load %s\n", versus);
            return 1;
        }
        bg_player me = {&t->net, 0}, other = {&o->net, 0};
        printf("versus %s: %.3f of %ld games\n", versus,
               bg_duel(&me, &other, (int)pairs, 777, ai, ml), 2 * pairs);
        free(o->w1);
        free(o);
    }
    free(t->w1);
    free(t->e1);
    free(t);
    free(ml);
    bg_ai_free(ai);
    return 0;
}
