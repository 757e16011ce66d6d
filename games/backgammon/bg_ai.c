/*
 * bg_ai.c - the computer players by level, the computer's cube, and the
 * dice.
 *
 *   0 RANDOM  any legal play (for tests and as a sparring partner)
 *   1 ATARI   the article's quick "fairly intelligent" player (bg_heur.c)
 *   2 NET     the trained net, each play judged by the position it leaves
 *   3 STRONG  the net with a look ahead: the best few plays by the net
 *             are each followed by all 21 rolls of the opponent, who is
 *             assumed to answer each with the net's choice, and the
 *             closest of those by the mover's 21 rolls after each answer
 *             as well (two rolls deep, as gnubg's 2-ply); the play with
 *             the best average wins.
 *
 * What a play is worth depends on what the game is played for: in a
 * single game (the article's, or a 1-point match) the chance of winning;
 * with the cube, in money play or a match, the cubeful value of the
 * position after it (bg_cube.c), the other side then on roll and taking
 * its best cube action.  The computer's cube decisions come from the
 * same net: at levels 1 and 2 from the position's own five chances, at 3
 * from the cubeful values of not doubling and of doubling looked at two
 * rolls ahead (bg_ai_cube).
 *
 * The look two rolls deep was once tried for the closest two plays and
 * dropped: no better over 800 games against the look one roll deep.
 * Judged play by play by gnubg (bench_bg --only plays) it is: the
 * chance of winning a play gives up fell by a third.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "bg_ai_int.h"

#define PLY1_KEEP 8         /* plays looked at a roll deeper, at most */
#define PLY1_WINDOW 0.10f   /* ... and only within this of the best (in
                               chances of winning; in points with the
                               cube, twice this) */
#define PLY2_KEEP 4         /* of those, looked at two rolls deeper */
#define PLY2_WINDOW 0.05f   /* ... within this of the best at 1 ply */
/* What a strong play may spend, in net evaluations, counted rather than
 * timed so that a seeded game plays the same on any machine: the look
 * two rolls deeper takes no further play once the decision's
 * evaluations, with as much again as its dearest play so far, would pass
 * PLY2_EVALS, and drops a play it is looking at when they pass PLY2_CAP
 * (then the plays it finished are compared; with fewer than two, the
 * look one roll deeper decides).  With the cube every position met needs
 * all five chances and the cube's reckoning; a single game needs the
 * win alone (bg_net_outputs_n), and an evaluation costs about 0.6 of
 * one with the cube, so it may make more (bench_bg --only timings: the
 * worst of 300 positions under 50 ms either way). */
#define PLY2_EVALS 45000L
#define PLY2_CAP 63000L
#define PLY2_EVALS_WIN 90000L
#define PLY2_CAP_WIN 126000L

struct bg_ai {
    bg_movelist root, reply, deep[2];
    float v[BG_MAX_MOVES];
    int order[BG_MAX_MOVES];
    long evals;             /* net evaluations of the decision */
    long cap;               /* rolls_avg gives up past this (0: never) */
    int over;               /* ... and did */
};

/* What the computer plays for: ci NULL, the win alone (or, with
 * equity, the cubeless money equity: gammons counted, as the trainer
 * plays); else the cube as the side on roll at the root sees it. */
typedef struct goal {
    const bg_cubeinfo *ci;
    int equity;
    int nout;               /* the chances it needs: 1 (the win) or all */
} goal;

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

void bg_net_after(const bg_net *net, const bg_pos *after, float out[BG_NOUT])
{
    bg_pos q = *after;
    bg_pos_swap(&q);
    bg_net_value(net, &q, out);
    bg_probs_swap(out);
}

/* The chances of the mover after a play in a list whose plays all leave
 * the other side's board as it was, that side then on roll (fix: made
 * from that board; NULL for a play on its own): as bg_net_after. */
static void after_fixed(const bg_net *net, const bg_net_fix *fix,
                        const bg_pos *after, int nout, float out[BG_NOUT])
{
    if (!fix) {
        bg_net_after(net, after, out);
        return;
    }
    bg_pos q = *after;
    bg_pos_swap(&q);
    bg_net_value_fixed(net, fix, &q, nout, out);
    bg_probs_swap(out);
}

int bg_net_pick(const bg_net *net, const bg_movelist *ml)
{
    int best = 0;
    float bv = -10, v[BG_NOUT];
    if (ml->n < 2)
        return 0;               /* nothing to choose between */
    bg_net_fix fix;
    bg_net_fix_make(net, ml->m[0].after.s[1], &fix);
    for (int k = 0; k < ml->n; k++) {
        after_fixed(net, &fix, &ml->m[k].after, BG_NOUT, v);
        float e = bg_probs_equity(v);
        if (e > bv) {
            bv = e;
            best = k;
        }
    }
    return best;
}

float bg_ai_win_prob(const bg_pos *p)
{
    float v[BG_NOUT];
    bg_net_value(&bg_net_trained, p, v);
    return v[BG_OUT_WIN];
}

void bg_ai_probs0(const bg_pos *p, float out[BG_NOUT])
{
    bg_net_value(&bg_net_trained, p, out);
}

/* ---- what a position is worth ------------------------------------------- */

/* The root mover's value of a position q with the mover on roll and its
 * chances v (the cube as at the root). */
static float mover_value(const goal *g, const bg_pos *q,
                         const float v[BG_NOUT])
{
    return g->ci ? bg_cube_value(g->ci, q, v) : v[BG_OUT_WIN];
}

/* What the other side plays for: the same, the cube (in oc) seen from
 * its side. */
static goal other_goal(const goal *g, bg_cubeinfo *oc)
{
    goal og = { NULL, g->equity, g->nout };
    if (g->ci) {
        *oc = *g->ci;
        bg_cube_swap(oc);
        og.ci = oc;
    }
    return og;
}

/* The root mover's value of q, the other side on roll in it with the
 * chances v (its own): that side taking its best cube action. */
static float other_value(const goal *g, const bg_pos *q,
                         const float v[BG_NOUT])
{
    if (!g->ci)
        return g->equity ? -bg_probs_equity(v) : 1 - v[BG_OUT_WIN];
    bg_cubeinfo o = *g->ci;
    bg_cube_swap(&o);
    float u = bg_cube_value(&o, q, v);
    return g->ci->match ? 1 - u : -u;
}

/* The root mover's value of a play (after: the mover in s[0]), at 0 ply:
 * the other side then on roll with its best cube action.  chances, if
 * not NULL: the mover's five after it.  fix: made from the other side's
 * board (after.s[1]), for the plays of one list, or NULL. */
static float after_value_of(const goal *g, const bg_net *net,
                            const bg_net_fix *fix, const bg_pos *after,
                            float *chances)
{
    float v[BG_NOUT];
    after_fixed(net, fix, after, g->nout, v);
    if (chances)
        memcpy(chances, v, sizeof v);
    if (!g->ci)
        return g->equity ? bg_probs_equity(v) : v[BG_OUT_WIN];
    if (bg_pos_won(after, 0))
        return bg_cube_outcome(g->ci, bg_cube_points(g->ci,
                                                     bg_pos_gammon(after)));
    bg_pos q = *after;
    bg_pos_swap(&q);
    bg_probs_swap(v);
    return other_value(g, &q, v);
}

static float after_value(const goal *g, const bg_net *net,
                         const bg_net_fix *fix, const bg_pos *after)
{
    return after_value_of(g, net, fix, after, NULL);
}

/* The root mover's value of q, the other side on roll in it, after that
 * side's best 0-ply answer to each of its 21 rolls, averaged. */
static float reply_avg(bg_ai *ai, const goal *g, const bg_net *net,
                       const bg_pos *q, int rules)
{
    bg_movelist *ml = &ai->reply;
    float sum = 0, v[BG_NOUT];
    bg_net_fix fix;                     /* the root mover's board */
    bg_net_fix_make(net, q->s[1], &fix);
    for (int d1 = 1; d1 <= 6; d1++)
        for (int d2 = d1; d2 <= 6; d2++) {
            bg_moves(q, d1, d2, rules, ml);
            ai->evals += ml->n;
            float worst = 1e9f;
            for (int k = 0; k < ml->n; k++) {
                const bg_pos *a = &ml->m[k].after;
                float u;
                if (bg_pos_won(a, 0)) {
                    int pts = bg_pos_gammon(a);
                    u = g->ci ? bg_cube_outcome(g->ci,
                                                -bg_cube_points(g->ci, pts))
                              : 0;
                } else {
                    bg_pos leaf = *a;
                    bg_pos_swap(&leaf);         /* the root mover on roll */
                    bg_net_value_fixed(net, &fix, &leaf, g->nout, v);
                    u = mover_value(g, &leaf, v);
                }
                if (u < worst)
                    worst = u;
            }
            sum += worst * (d1 == d2 ? 1 : 2);
        }
    return sum / 36.0f;
}

/* 1 ply: the root mover's value of a play, the other side rolling each
 * of its 21 rolls and answering with the net's best. */
static float ply1(bg_ai *ai, const goal *g, const bg_net *net,
                  const bg_pos *after, int rules)
{
    if (bg_pos_won(after, 0))
        return after_value(g, net, NULL, after);
    bg_pos q = *after;
    bg_pos_swap(&q);
    return reply_avg(ai, g, net, &q, rules);
}

static void rolls_avg(bg_ai *ai, bg_movelist **ml, const bg_net *net,
                      const goal *g, const bg_pos *p, int plies,
                      float out[BG_NOUT]);

/* 2 ply: the root mover's value of a play, the other side rolling each
 * of its 21 rolls and answering with the net's best, then the mover
 * the same (each side playing for its own view of the cube); the
 * chances met averaged, and valued for the root mover as at 0 ply.
 * ai->over when the cap cut it short. */
static float ply2(bg_ai *ai, const goal *g, const bg_net *net,
                  const bg_pos *after)
{
    if (bg_pos_won(after, 0))
        return after_value(g, net, NULL, after);
    bg_pos q = *after;
    bg_pos_swap(&q);
    bg_cubeinfo oc;
    goal og = other_goal(g, &oc);
    float v[BG_NOUT];
    bg_movelist *ml[2] = { &ai->deep[0], &ai->deep[1] };
    rolls_avg(ai, ml, net, &og, &q, 2, v);
    return other_value(g, &q, v);
}

static int stopped(const bg_budget *b, long t0)
{
    if (!b)
        return 0;
    if (b->cancel && *b->cancel)
        return 1;
    return b->now_ms && b->now_ms(b->now_arg) - t0 >= b->ms;
}

static int cmp_desc(const void *a, const void *b, void *arg)
{
    const float *v = arg;
    float x = v[*(const int *)a], y = v[*(const int *)b];
    return (x < y) - (x > y);
}

/* The net's choice in ml, at 0 ply or (STRONG) one roll deeper for the
 * best few and two rolls deeper for the closest of those.  *late: the
 * budget ran out. */
static int net_choice(bg_ai *ai, const goal *g, bg_movelist *ml, int rules,
                      int level, const bg_budget *b, long t0, int *late)
{
    const bg_net *net = &bg_net_trained;
    ai->evals = ml->n;
    bg_net_fix fix;                     /* the other side's board */
    if (ml->n > 0)
        bg_net_fix_make(net, ml->m[0].after.s[1], &fix);
    for (int k = 0; k < ml->n; k++) {
        ai->v[k] = after_value(g, net, &fix, &ml->m[k].after);
        ai->order[k] = k;
    }
    qsort_r(ai->order, (size_t)ml->n, sizeof(int), cmp_desc, ai->v);
    if (level < BG_LEVEL_STRONG)
        return ai->order[0];
    /* In a match the values are chances of the match, in money points:
     * the window is as wide as the stakes. */
    float window = PLY1_WINDOW;
    if (g->ci && !g->ci->match)
        window *= 2 * (float)g->ci->value;
    float top = ai->v[ai->order[0]];
    int nc = 0;
    for (int r = 0; r < ml->n && r < PLY1_KEEP; r++) {
        int k = ai->order[r];
        if (ai->v[k] < top - window)
            break;
        if (stopped(b, t0)) {
            *late = 1;
            break;
        }
        ai->v[k] = ply1(ai, g, net, &ml->m[k].after, rules);
        nc++;
    }
    /* The survivors, best first at 1 ply. */
    if (nc > 1)
        qsort_r(ai->order, (size_t)nc, sizeof(int), cmp_desc, ai->v);
    /* Two rolls deeper for those close to the best: over 890 positions
     * from gnubg's play, judged by gnubg, the chance of winning a play
     * gave up fell from 0.0029 (one roll deeper alone) to 0.0021, and to
     * 0.0019 once a single game's evaluations cost less and it could make
     * more of them.  Looking at more plays (eight, within 0.10) in the
     * same budget was no better (0.0019 too, on a build so set). */
    float top1 = ai->v[ai->order[0]], v2[PLY2_KEEP];
    int n2 = 0;
    long dearest = 0;
    long evals = g->nout == 1 ? PLY2_EVALS_WIN : PLY2_EVALS;
    ai->cap = g->nout == 1 ? PLY2_CAP_WIN : PLY2_CAP;
    ai->over = 0;
    for (int r = 0; r < nc && r < PLY2_KEEP && !*late; r++) {
        int k = ai->order[r];
        if (ai->v[k] < top1 - window * (PLY2_WINDOW / PLY1_WINDOW))
            break;
        if (ai->evals + dearest > evals)
            break;
        if (stopped(b, t0)) {
            *late = 1;
            break;
        }
        long before = ai->evals;
        v2[r] = ply2(ai, g, net, &ml->m[k].after);
        if (ai->over)
            break;
        if (ai->evals - before > dearest)
            dearest = ai->evals - before;
        n2++;
    }
    ai->cap = 0;
    /* Only values of the same depth are compared. */
    if (n2 < 2)
        return ai->order[0];
    for (int r = 0; r < n2; r++)
        ai->v[ai->order[r]] = v2[r];
    qsort_r(ai->order, (size_t)n2, sizeof(int), cmp_desc, ai->v);
    return ai->order[0];
}

static int choose(bg_ai *ai, const bg_pos *p, int d1, int d2, int rules,
                  int level, const goal *g, const bg_rng *rng,
                  const bg_budget *b, bg_move *out)
{
    long t0 = b && b->now_ms ? b->now_ms(b->now_arg) : 0;
    bg_movelist *ml = &ai->root;
    bg_moves(p, d1, d2, rules, ml);
    int pick = 0, late = 0, book = -1;
    if (level != BG_LEVEL_RANDOM)
        book = bg_book_pick(p, d1, d2, ml);
    if (book >= 0)
        pick = book;
    else if (ml->n == 1 || level == BG_LEVEL_RANDOM)
        pick = ml->n > 1 && rng ? (int)(rng->next(rng->state) %
                                        (uint32_t)ml->n) : 0;
    else if (level == BG_LEVEL_ATARI)
        pick = bg_heur_pick(ml);
    else
        pick = net_choice(ai, g, ml, rules, level, b, t0, &late);
    *out = ml->m[pick];
    return late;
}

int bg_ai_choose(bg_ai *ai, const bg_pos *p, int d1, int d2, int rules,
                 int level, const bg_rng *rng, const bg_budget *b,
                 bg_move *out)
{
    goal g = { NULL, 0, 1 };
    return choose(ai, p, d1, d2, rules, level, &g, rng, b, out);
}

int bg_ai_choose_cube(bg_ai *ai, const bg_pos *p, int d1, int d2, int level,
                      const bg_cubeinfo *ci, const bg_rng *rng,
                      const bg_budget *b, bg_move *out)
{
    goal g = { ci, 0, BG_NOUT };
    return choose(ai, p, d1, d2, BG_RULES_STANDARD, level, &g, rng, b, out);
}

/* ---- the computer's cube -------------------------------------------------- */

/* The chances of s[0], on roll in p, averaged over its 21 rolls, each
 * played as the net plays it for goal g, and the position after each
 * looked at plies - 1 rolls deeper the same way (the other side playing
 * for its own view of the cube).  ml[0..plies-1]: a move list a ply. */
static void rolls_avg(bg_ai *ai, bg_movelist **ml, const bg_net *net,
                      const goal *g, const bg_pos *p, int plies,
                      float out[BG_NOUT])
{
    float sum[BG_NOUT] = {0}, v[BG_NOUT];
    bg_cubeinfo oc;
    goal og = other_goal(g, &oc);
    bg_net_fix fix;                     /* the other side's board */
    bg_net_fix_make(net, p->s[1], &fix);
    for (int d1 = 1; d1 <= 6; d1++)
        for (int d2 = d1; d2 <= 6; d2++) {
            if (ai->cap && ai->evals > ai->cap) {
                ai->over = 1;
                return;
            }
            bg_moves(p, d1, d2, BG_RULES_STANDARD, ml[0]);
            ai->evals += ml[0]->n;
            int best = 0;
            float bv = -1e9f, c[BG_NOUT], bc[BG_NOUT];
            for (int k = 0; k < ml[0]->n; k++) {
                float u = after_value_of(g, net, &fix, &ml[0]->m[k].after,
                                         c);
                if (u > bv) {
                    bv = u;
                    best = k;
                    memcpy(bc, c, sizeof c);
                }
            }
            const bg_pos *a = &ml[0]->m[best].after;
            if (plies > 1 && !bg_pos_won(a, 0)) {
                bg_pos q = *a;
                bg_pos_swap(&q);
                rolls_avg(ai, ml + 1, net, &og, &q, plies - 1, v);
                bg_probs_swap(v);
            } else {
                memcpy(v, bc, sizeof v);    /* the net's, as picked */
            }
            for (int o = 0; o < BG_NOUT; o++)
                sum[o] += v[o] * (d1 == d2 ? 1 : 2);
        }
    for (int o = 0; o < BG_NOUT; o++)
        out[o] = sum[o] / 36.0f;
}

/* The chances of s[0] in p, rolls_avg plies (at most 2) deep with net
 * playing for goal g; the net's own at 0 ply or in a game over. */
static void probs_ahead(bg_ai *ai, const bg_net *net, const goal *g,
                        const bg_pos *p, int plies, float out[BG_NOUT])
{
    if (plies <= 0 || bg_pos_won(p, 0) || bg_pos_won(p, 1)) {
        bg_net_value(net, p, out);
        return;
    }
    bg_movelist *ml[2] = { &ai->root, &ai->reply };
    rolls_avg(ai, ml, net, g, p, plies > 2 ? 2 : plies, out);
}

void bg_ai_probs_ply(bg_ai *ai, const bg_pos *p, int plies,
                     const bg_cubeinfo *ci, float out[BG_NOUT])
{
    goal g = { ci, 0, BG_NOUT };
    probs_ahead(ai, &bg_net_trained, &g, p, plies, out);
}

void bg_ai_probs_net(bg_ai *ai, const bg_net *net, const bg_pos *p,
                     int plies, float out[BG_NOUT])
{
    goal g = { NULL, 1, BG_NOUT };
    probs_ahead(ai, net, &g, p, plies, out);
}

/* The cubes a look two rolls ahead follows, as the side on roll (X) at
 * the root sees them: X not doubling (ND) and, the other side (O) then
 * doubling, taken; X doubling, taken (DT) and O then redoubling, taken. */
enum { CF_ND, CF_ND_OD, CF_DT, CF_DT_OR, CF_CUBES };

/* X's value of a game ended by the side that moved (X if mine): its
 * points under the cube c. */
static float cf_ended(const bg_cubeinfo *c, const bg_pos *after, int mine)
{
    int pts = bg_cube_points(c, bg_pos_gammon(after));
    return bg_cube_outcome(c, mine ? pts : -pts);
}

/* X's value, under each cube, of q: O on roll in it, each of O's 21 rolls
 * played as the net plays it (the most cubeless money equity), and the
 * position met then valued with X on roll taking its best cube action
 * (Janowski's reckoning there). */
static void cf_replies(bg_ai *ai, const bg_cubeinfo *cube, const bg_pos *q,
                       float out[CF_CUBES])
{
    const bg_net *net = &bg_net_trained;
    float v[BG_NOUT];
    for (int c = 0; c < CF_CUBES; c++)
        out[c] = 0;
    for (int d1 = 1; d1 <= 6; d1++)
        for (int d2 = d1; d2 <= 6; d2++) {
            float w = d1 == d2 ? 1 / 36.0f : 2 / 36.0f;
            bg_moves(q, d1, d2, BG_RULES_STANDARD, &ai->reply);
            const bg_move *m = &ai->reply.m[bg_net_pick(net, &ai->reply)];
            if (bg_pos_won(&m->after, 0)) {
                for (int c = 0; c < CF_CUBES; c++)
                    out[c] += w * cf_ended(&cube[c], &m->after, 0);
                continue;
            }
            bg_pos leaf = m->after;
            bg_pos_swap(&leaf);             /* X on roll again */
            bg_net_value(net, &leaf, v);
            for (int c = 0; c < CF_CUBES; c++)
                out[c] += w * bg_cube_value(&cube[c], &leaf, v);
        }
}

/* X's value of O's turn, O doubling when that is worth more to it and X
 * then taking or passing as is better for X: from the replies' values
 * under the cube as it is (stay) and doubled to X (doubled), the cube
 * as it is being c (X's view). */
static float cf_o_turn(const bg_cubeinfo *c, float stay, float doubled)
{
    bg_cubeinfo o = *c;
    bg_cube_swap(&o);
    if (!bg_cube_can_double(&o))
        return stay;
    float pass = bg_cube_outcome(c, -c->value);
    float answer = doubled > pass ? doubled : pass;
    return answer < stay ? answer : stay;
}

/*
 * The values to X of not doubling and of doubling to a take, two rolls
 * ahead: X's 21 rolls, each played as the net plays it; O's 21 answers
 * the same way, O taking its best cube action before it rolls (a double
 * or a redouble, X answering as is better for X); and at each position
 * met, X on roll, Janowski's reckoning with X's best cube action.  The
 * plays do not depend on the cube, so both values come from the same
 * positions (one net evaluation each).
 */
static void cubeful_ply2(bg_ai *ai, const bg_cubeinfo *ci, const bg_pos *p,
                         float *nd, float *dt)
{
    const bg_net *net = &bg_net_trained;
    bg_cubeinfo cube[CF_CUBES];
    cube[CF_ND] = *ci;
    cube[CF_ND_OD] = *ci;           /* O doubles: X owns 2v */
    cube[CF_ND_OD].value *= 2;
    cube[CF_ND_OD].owner = 0;
    cube[CF_DT] = *ci;              /* X doubles: O owns 2v */
    cube[CF_DT].value *= 2;
    cube[CF_DT].owner = 1;
    cube[CF_DT_OR] = *ci;           /* O redoubles: X owns 4v */
    cube[CF_DT_OR].value *= 4;
    cube[CF_DT_OR].owner = 0;
    float sum_nd = 0, sum_dt = 0, r[CF_CUBES];
    for (int d1 = 1; d1 <= 6; d1++)
        for (int d2 = d1; d2 <= 6; d2++) {
            float w = d1 == d2 ? 1 / 36.0f : 2 / 36.0f;
            bg_moves(p, d1, d2, BG_RULES_STANDARD, &ai->root);
            const bg_move *m = &ai->root.m[bg_net_pick(net, &ai->root)];
            if (bg_pos_won(&m->after, 0)) {
                sum_nd += w * cf_ended(&cube[CF_ND], &m->after, 1);
                sum_dt += w * cf_ended(&cube[CF_DT], &m->after, 1);
                continue;
            }
            bg_pos q = m->after;
            bg_pos_swap(&q);                /* O on roll */
            cf_replies(ai, cube, &q, r);
            sum_nd += w * cf_o_turn(&cube[CF_ND], r[CF_ND], r[CF_ND_OD]);
            sum_dt += w * cf_o_turn(&cube[CF_DT], r[CF_DT], r[CF_DT_OR]);
        }
    *nd = sum_nd;
    *dt = sum_dt;
}

/*
 * The strong level's cube: rather than Janowski's reckoning once over the
 * chances (what the cube's efficiency stands in for is what happens to
 * the cube in the rolls to come), the values of not doubling and of
 * doubling to a take are each looked at two rolls ahead, each side taking
 * its best cube action on the way, Janowski's reckoning only at the
 * positions met (cubeful_ply2), as GNU Backgammon reckons a cubeful value
 * plies deep.  A position whose good rolls lose the other side's take (a
 * market lost) is worth more doubled now, which the chances alone hide;
 * and a double that costs nothing because it would be given next turn
 * anyway comes out optional, as gnubg finds it.  Over bench_bg's 1,000
 * positions (gnubg's cube actions, 2-ply, beside ours) this agreed on
 * 93.9%, and on 85.3% of those where gnubg doubles or is too good to;
 * looking one roll ahead the same way, 92.1% and 81.6%; Janowski's
 * reckoning over the chances averaged a roll ahead, 91.9% and 80.0%.
 * It costs 6 ms on average, 48 ms at most over those positions.
 */
void bg_ai_cube(bg_ai *ai, const bg_pos *p, int level, const bg_cubeinfo *ci,
                bg_cubedec *d)
{
    float v[BG_NOUT];
    bg_net_value(&bg_net_trained, p, v);
    bg_cube_decide(ci, p, v, d);
    /* (Whether there is a double to give at all is the cube's alone.) */
    if (level < BG_LEVEL_STRONG || d->action == BG_CA_NOT_AVAILABLE ||
        d->action == BG_CA_DEAD)
        return;
    float nd, dt;
    cubeful_ply2(ai, ci, p, &nd, &dt);
    bg_cube_classify(ci, nd, dt, bg_cube_outcome(ci, ci->value), d);
}
