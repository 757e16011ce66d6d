/*
 * ck_train.c - self-play and fitting for the learned evaluation (see
 * ck_train.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ck_match.h"
#include "ck_train.h"

#define CK_FIT_SCALE 100.0

typedef struct ck_collect {
    ck_samples *out;
    const ck_egdb *egdb;
    size_t first;       /* this game's first sample */
    int failed;
} ck_collect;

static void ck_collect_seen(void *ctx, const ck_pos *p)
{
    ck_collect *c = ctx;
    if (ck_must_capture(p))
        return;
    if (c->egdb && ck_popcount(p->bl | p->wh) <= c->egdb->pieces)
        return;
    ck_samples *s = c->out;
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 4096;
        ck_sample *ns = realloc(s->s, cap * sizeof *ns);
        if (!ns) {
            c->failed = 1;
            return;
        }
        s->s = ns;
        s->cap = cap;
    }
    ck_sample *x = &s->s[s->n++];
    memset(x, 0, sizeof *x);    /* the padding too: samples compare */
    x->bl = p->bl;
    x->wh = p->wh;
    x->kings = p->kings;
    x->turn = (int8_t)p->turn;
    x->result = 0;
}

int ck_train_play(const ck_train_opts *o, ck_samples *out,
                  ck_train_progress_fn progress, void *ctx)
{
    ck_pos *ballots = malloc(CK_MAX_BALLOTS * sizeof *ballots);
    ck_tt *tt = malloc(2 * sizeof *tt);
    if (!ballots || !tt) {
        free(ballots);
        free(tt);
        return -1;
    }
    int nb = ck_ballots(ballots, CK_MAX_BALLOTS);
    ck_tt_init(&tt[0], (size_t)4 << 20);
    ck_tt_init(&tt[1], (size_t)4 << 20);
    ck_rng rng;
    ck_rng_seed(&rng, o->seed);
    ck_player pl[2];
    memset(pl, 0, sizeof pl);
    for (int k = 0; k < 2; k++) {
        pl[k].lim.nodes = o->nodes;
        pl[k].lim.noise = o->noise;
        pl[k].lim.know = CK_KNOW_EGDB;
        pl[k].egdb = o->egdb;
    }
    int rc = 0;
    for (int gi = 0; gi < o->games && rc == 0; gi++) {
        ck_collect c = { out, o->egdb, out->n, 0 };
        const ck_pos *start = &ballots[ck_rng_below(&rng, (uint32_t)nb)];
        int r = ck_match_game(start, pl, tt, &rng, NULL, o->egdb,
                              ck_collect_seen, &c, NULL);
        if (c.failed) {
            rc = -1;
            break;
        }
        int8_t v = r == CK_BLACK_WINS ? 1 : r == CK_WHITE_WINS ? -1 : 0;
        for (size_t i = c.first; i < out->n; i++)
            out->s[i].result = v;
        if (v > 0)
            out->won++;
        else if (v < 0)
            out->lost++;
        else
            out->drawn++;
        if (progress)
            progress(ctx, gi + 1, out);
    }
    ck_tt_free(&tt[0]);
    ck_tt_free(&tt[1]);
    free(tt);
    free(ballots);
    return rc;
}

void ck_samples_free(ck_samples *s)
{
    free(s->s);
    memset(s, 0, sizeof *s);
}

int ck_train_fit(const ck_train_opts *o, const ck_samples *s, ck_fit *f)
{
    memset(f, 0, sizeof *f);
    f->hand = 1.0;
    size_t n = s->n;
    if (n == 0)
        return 0;
    /* Each sample's features once: the hand-written score for black and
     * the patterns. */
    int32_t *hand = malloc(n * sizeof *hand);
    ck_learn_x *x = malloc(n * sizeof *x);
    size_t *order = malloc(n * sizeof *order);
    if (!hand || !x || !order) {
        free(hand);
        free(x);
        free(order);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        ck_pos p = { s->s[i].bl, s->s[i].wh, s->s[i].kings, s->s[i].turn };
        int h = ck_evaluate(&p);
        hand[i] = p.turn == CK_BLACK ? h : -h;
        ck_learn_features(&p, &x[i]);
        order[i] = i;
    }
    ck_rng rng;
    ck_rng_seed(&rng, o->seed ^ 0x5eedf17ull);
    for (int ep = 0; ep < o->epochs; ep++) {
        /* A fresh order each epoch. */
        for (size_t i = n - 1; i > 0; i--) {
            size_t j = (size_t)(ck_rng_next(&rng) % (i + 1));
            size_t t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        double rate = o->rate / (1.0 + ep), loss = 0;
        for (size_t k = 0; k < n; k++) {
            size_t i = order[k];
            const ck_learn_x *xi = &x[i];
            double end = xi->end24 / 24.0, open = 1.0 - end, corr = 0;
            for (int r = 0; r < CK_LEARN_REGIONS; r++) {
                corr += open * (f->w[ck_learn_at(0, r, xi->mine[r])] -
                                f->w[ck_learn_at(0, r, xi->theirs[r])]);
                corr += end * (f->w[ck_learn_at(1, r, xi->mine[r])] -
                               f->w[ck_learn_at(1, r, xi->theirs[r])]);
            }
            double z = (f->hand * hand[i] + corr) / CK_FIT_SCALE;
            double pred = 1.0 / (1.0 + exp(-z));
            double y = (s->s[i].result + 1) / 2.0;
            loss -= y * log(pred + 1e-12) + (1 - y) * log(1 - pred + 1e-12);
            /* d loss / d z = pred - y; z is in units of CK_FIT_SCALE. */
            double g = (pred - y) * rate;
            f->hand -= g * hand[i] / CK_FIT_SCALE * 1e-3;
            for (int r = 0; r < CK_LEARN_REGIONS; r++) {
                float *a0 = &f->w[ck_learn_at(0, r, xi->mine[r])];
                float *b0 = &f->w[ck_learn_at(0, r, xi->theirs[r])];
                float *a1 = &f->w[ck_learn_at(1, r, xi->mine[r])];
                float *b1 = &f->w[ck_learn_at(1, r, xi->theirs[r])];
                *a0 -= (float)(g * open + rate * o->l2 * *a0);
                *b0 += (float)(g * open - rate * o->l2 * *b0);
                *a1 -= (float)(g * end + rate * o->l2 * *a1);
                *b1 += (float)(g * end - rate * o->l2 * *b1);
            }
        }
        f->loss = loss / (double)n;
    }
    free(hand);
    free(x);
    free(order);
    return 0;
}
