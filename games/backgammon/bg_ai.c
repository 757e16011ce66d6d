/*
 * bg_ai.c - the computer players by level, and the dice.
 *
 *   0 RANDOM  any legal play (for tests and as a sparring partner)
 *   1 ATARI   the article's quick "fairly intelligent" player (bg_heur.c)
 *   2 NET     the trained net, each play judged by the position it leaves
 *   3 STRONG  the net with a look one roll ahead: the best few plays by the
 *             net are each followed by all 21 rolls of the opponent, who is
 *             assumed to answer each with the net's choice; the play with
 *             the best average wins.
 *
 * A look two rolls ahead (each answer followed by the mover's 21 rolls)
 * was tried for the closest two plays: eight times slower, and no better
 * over 800 games against STRONG (49.9%), so it is not a level.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "bg_ai_int.h"

#define PLY1_KEEP 8         /* plays looked at a roll deeper, at most */
#define PLY1_WINDOW 0.10f   /* ... and only within this of the best */

struct bg_ai {
    bg_movelist root, reply;
    float v[BG_MAX_MOVES];
    int order[BG_MAX_MOVES];
};

bg_ai *bg_ai_new(void)
{
    return calloc(1, sizeof(bg_ai));
}

void bg_ai_free(bg_ai *ai)
{
    free(ai);
}

void bg_xrng_seed(bg_xrng *x, uint64_t seed)
{
    x->s = seed * 0x9e3779b97f4a7c15ull + 0x632be59bd9b4e019ull;
    if (!x->s)
        x->s = 1;
}

uint32_t bg_xrng_next(void *state)
{
    bg_xrng *x = state;
    x->s ^= x->s >> 12;
    x->s ^= x->s << 25;
    x->s ^= x->s >> 27;
    return (uint32_t)((x->s * 0x2545f4914f6cdd1dull) >> 32);
}

int bg_roll_die(const bg_rng *r)
{
    uint32_t v;
    do
        v = r->next(r->state);
    while (v >= 0xfffffffcu);   /* 2^32 - 4 is a multiple of 6 */
    return (int)(v % 6) + 1;
}

const char *bg_level_name(int level)
{
    static const char *const names[] = {"random", "atari", "net", "strong"};
    return level >= 0 && level <= BG_LEVEL_MAX ? names[level] : "?";
}

int bg_heur_pick(const bg_movelist *ml)
{
    int best = 0, bs = 0;
    for (int k = 0; k < ml->n; k++) {
        int s = bg_heur_score(&ml->m[k].after);
        if (k == 0 || s > bs) {
            bs = s;
            best = k;
        }
    }
    return best;
}

float bg_net_after(const bg_net *net, const bg_pos *after)
{
    if (bg_pos_won(after, 0))
        return 1.0f;
    bg_pos q = *after;
    bg_pos_swap(&q);
    return 1.0f - bg_net_value(net, &q);
}

int bg_net_pick(const bg_net *net, const bg_movelist *ml)
{
    int best = 0;
    float bv = -1;
    for (int k = 0; k < ml->n; k++) {
        float v = bg_net_after(net, &ml->m[k].after);
        if (v > bv) {
            bv = v;
            best = k;
        }
    }
    return best;
}

float bg_ai_win_prob(const bg_pos *p)
{
    return bg_net_value(&bg_net_trained, p);
}

static int stopped(const bg_budget *b, long t0)
{
    if (!b)
        return 0;
    if (b->cancel && *b->cancel)
        return 1;
    return b->now_ms && b->now_ms(b->now_arg) - t0 >= b->ms;
}

/* The side on roll in q: its chance averaged over the 21 rolls, each
 * answered by the net's 0-ply choice. */
static float roll_avg(bg_movelist *ml, const bg_net *net, const bg_pos *q,
                      int rules)
{
    float sum = 0;
    for (int d1 = 1; d1 <= 6; d1++)
        for (int d2 = d1; d2 <= 6; d2++) {
            bg_moves(q, d1, d2, rules, ml);
            float best = 0;
            for (int k = 0; k < ml->n; k++) {
                float v = bg_net_after(net, &ml->m[k].after);
                if (v > best)
                    best = v;
            }
            sum += best * (d1 == d2 ? 1 : 2);
        }
    return sum / 36.0f;
}

/* 1 ply: after the mover's play the opponent rolls each of the 21 rolls
 * and answers with the net's best; the mover's chance over them. */
static float ply1(bg_ai *ai, const bg_net *net, const bg_pos *after, int rules)
{
    bg_pos q = *after;
    bg_pos_swap(&q);
    return 1.0f - roll_avg(&ai->reply, net, &q, rules);
}

static int cmp_desc(const void *a, const void *b, void *arg)
{
    const float *v = arg;
    float x = v[*(const int *)a], y = v[*(const int *)b];
    return (x < y) - (x > y);
}

int bg_ai_choose(bg_ai *ai, const bg_pos *p, int d1, int d2, int rules,
                 int level, const bg_rng *rng, const bg_budget *b,
                 bg_move *out)
{
    const bg_net *net = &bg_net_trained;
    long t0 = b && b->now_ms ? b->now_ms(b->now_arg) : 0;
    bg_movelist *ml = &ai->root;
    bg_moves(p, d1, d2, rules, ml);
    int pick = 0, late = 0, book = -1;
    if (level != BG_LEVEL_RANDOM)
        book = bg_book_pick(p, d1, d2, ml);
    if (book >= 0) {
        pick = book;
    } else if (ml->n == 1 || level == BG_LEVEL_RANDOM) {
        if (ml->n > 1 && rng)
            pick = (int)(rng->next(rng->state) % (uint32_t)ml->n);
    } else if (level == BG_LEVEL_ATARI) {
        pick = bg_heur_pick(ml);
    } else {
        for (int k = 0; k < ml->n; k++) {
            ai->v[k] = bg_net_after(net, &ml->m[k].after);
            ai->order[k] = k;
        }
        qsort_r(ai->order, (size_t)ml->n, sizeof(int), cmp_desc, ai->v);
        pick = ai->order[0];
        if (level >= BG_LEVEL_STRONG && ai->v[pick] < 1.0f) {
            float top = ai->v[pick];
            int nc = 0;
            for (int r = 0; r < ml->n && r < PLY1_KEEP; r++) {
                int k = ai->order[r];
                if (ai->v[k] < top - PLY1_WINDOW)
                    break;
                if (stopped(b, t0)) {
                    late = 1;
                    break;
                }
                ai->v[k] = ply1(ai, net, &ml->m[k].after, rules);
                nc++;
            }
            /* The survivors, best first at 1 ply. */
            qsort_r(ai->order, (size_t)nc, sizeof(int), cmp_desc, ai->v);
            pick = ai->order[0];
        }
    }
    *out = ml->m[pick];
    return late;
}
