/*
 * gj_ai.c - the computer opponent.  The seed's next part promised "a real
 * computer opponent with some degree of intelligence"; this one plays from
 * the player aids alone.  It is handed a gj_view, so it cannot read a
 * hidden type: what it knows of an enemy piece is its intelligence mask.
 *
 * How it chooses:
 *   1. Beliefs: each enemy piece's mask, weighted so that the expected
 *      number of pieces of each type matches the side's counts (a few
 *      rounds of Sinkhorn scaling over the 23 x 16 table, dead pieces
 *      included, since the graveyard's masks tell where types went).
 *   2. Every legal move is scored one ply deep by expectation: an attack
 *      splits into ATTACKER / DEFENDER / BOTH with the probabilities the
 *      beliefs give against the mover's own type, and each result is
 *      evaluated (what a fight teaches about the enemy piece in it is
 *      kept for what follows).
 *   3. The evaluation: material (own types against the enemy's expected
 *      values), officers' progress toward the enemy HQ, the threat each
 *      enemy piece poses (its best expected gain against a piece of ours
 *      within the footprint of each type it may be), the danger to our
 *      HQ, and the wins outright (an officer into the enemy HQ; an enemy
 *      left with nothing that can move).
 *   4. The guard of our HQ (gj_guard.c): the moves that leave no enemy
 *      piece that may be an officer able to walk in come first (if any
 *      does, the chance is kept as low as it goes); among them, the
 *      chance the HQ is open one move on costs dearly; the evaluation
 *      weighs how well the HQ can still be held against each possible
 *      officer nearing it, and who wins the race to the two HQs; and the
 *      best few moves are weighed again after the enemy's most telling
 *      answer (each attack it could make, each step into our HQ).
 * That costs a few milliseconds a move, inside the 100 ms target;
 * max_nodes and cancel are honoured between candidate moves.
 *
 * The earlier computer, steps 1 to 3 with its own set-up, is kept as the
 * level GJ_AI_PLAIN, to measure the guard against (tests/bench/bench_gj.c).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "gj_ai_int.h"

/* What a piece is worth to the side holding it. */
static const float value[GJ_TYPES] = {
    2.5f,  /* Spy: the General's bane */
    3.0f,  /* Engineer: clears mines, runs far */
    2.0f,  /* Cavalry */
    1.0f, 1.5f, 2.0f, 2.5f, 3.0f, 3.5f,   /* 2Lt .. Colonel */
    4.0f,  /* Tank */
    5.0f,  /* Plane */
    6.0f, 7.0f, 8.0f,                     /* Major General .. General */
    2.0f,  /* Landmine */
    1.0f   /* Banner */
};

#define THREAT_WEIGHT 0.45f
#define PROGRESS_BEST 0.6f
#define PROGRESS_ALL 0.08f
#define INVADER_WEIGHT 0.15f
#define RETREAT_PENALTY 0.4f
/* The guard: being first in the race to the HQs (see evaluate). */
#define RACE_WEIGHT 50.0f
/* The guard: what a chance of losing the HQ two moves on costs, against
 * the evaluation's material and progress (a General is 8). */
#define NEXT_WEIGHT (0.5f * GJ_AI_WIN)
/* Chances closer than this are the same chance. */
#define SAME_RISK 1e-3f
/* How many of the best candidates are weighed after the enemy's answer. */
#define DEEPEN 16

typedef gj_ai ai;
typedef gj_ai_pos pos;

static void beliefs(ai *c)
{
    int base = c->foe * GJ_SIDE_PIECES;
    float (*p)[GJ_TYPES] = &c->p[base];
    for (int i = 0; i < GJ_SIDE_PIECES; i++)
        for (int t = 0; t < GJ_TYPES; t++)
            p[i][t] = c->v->piece[base + i].mask >> t & 1 ? 1.0f : 0.0f;
    for (int round = 0; round < 12; round++) {
        for (int t = 0; t < GJ_TYPES; t++) {
            float s = 0;
            for (int i = 0; i < GJ_SIDE_PIECES; i++)
                s += p[i][t];
            if (s > 0)
                for (int i = 0; i < GJ_SIDE_PIECES; i++)
                    p[i][t] *= gj_type_count[t] / s;
        }
        for (int i = 0; i < GJ_SIDE_PIECES; i++) {
            float s = 0;
            for (int t = 0; t < GJ_TYPES; t++)
                s += p[i][t];
            if (s > 0)
                for (int t = 0; t < GJ_TYPES; t++)
                    p[i][t] /= s;
        }
    }
    for (int i = 0; i < GJ_SIDE_PIECES; i++) {
        float w = 0, o = 0;
        for (int t = 0; t < GJ_TYPES; t++) {
            w += p[i][t] * value[t];
            if (gj_is_officer(t))
                o += p[i][t];
        }
        c->worth[base + i] = w;
        c->officer[base + i] = o;
    }
}

/* Where a one-square mover goes from each square, and the steps it needs
 * to reach each HQ, on an empty board. */
static void distances(ai *c)
{
    int8_t empty[GJ_SQUARES];
    memset(empty, -1, sizeof empty);
    for (int sq = 0; sq < GJ_SQUARES; sq++)
        c->step[sq] = gj_is_pos(sq) ? gj_dests(empty, GJ_RED, sq, GJ_SPY) : 0;
    for (int side = 0; side < 2; side++)
        gj_ai_walk(c, side, ~(uint64_t)0, c->dist[side]);
}

void gj_ai_walk(const ai *c, int side, uint64_t open, uint8_t d[GJ_SQUARES])
{
    int hq = gj_hq(side);
    memset(d, 99, GJ_SQUARES);
    d[hq] = 0;
    uint64_t seen = GJ_BIT(hq), front = seen;
    for (int n = 1; front; n++) {
        uint64_t next = 0, from = front & (open | GJ_BIT(hq));
        while (from) {
            int sq = __builtin_ctzll(from);
            from &= from - 1;
            next |= c->step[sq];
        }
        next &= ~seen;
        seen |= next;
        front = next;
        while (next) {
            int q = __builtin_ctzll(next);
            next &= next - 1;
            d[q] = (uint8_t)n;
        }
    }
}

const float *gj_ai_row(const ai *c, const pos *b, int e, float tmp[GJ_TYPES])
{
    int k = 0;
    while (k < GJ_AI_TOLD && b->told[k] != e)
        k++;
    if (k == GJ_AI_TOLD)
        return c->p[e];
    float s = 0;
    for (int t = 0; t < GJ_TYPES; t++)
        s += tmp[t] = b->mask[k] >> t & 1 ? c->p[e][t] : 0.0f;
    for (int t = 0; t < GJ_TYPES; t++)
        tmp[t] = s > 0 ? tmp[t] / s : 0.0f;
    return tmp;
}

float gj_ai_officer(const ai *c, const pos *b, int e)
{
    float tmp[GJ_TYPES];
    const float *p = gj_ai_row(c, b, e, tmp);
    if (p == c->p[e])
        return c->officer[e];
    float o = 0;
    for (int t = 0; t < GJ_TYPES; t++)
        if (gj_is_officer(t))
            o += p[t];
    return o;
}

/* The type an own piece fights as when attacked (its Banner rule). */
static int own_fights_as(const ai *c, const pos *b, int sq)
{
    return gj_fights_as(b->at, c->v->type, sq);
}

/* Outcome probabilities of own type a attacking enemy piece e. */
static void odds(const ai *c, const pos *b, int a, int e, float pr[4])
{
    float tmp[GJ_TYPES], btmp[GJ_TYPES];
    const float *p = gj_ai_row(c, b, e, tmp);
    pr[GJ_ATTACKER] = pr[GJ_DEFENDER] = pr[GJ_BOTH] = 0;
    int sq = b->sq[e];
    for (int t = 0; t < GJ_TYPES; t++) {
        float w = p[t];
        if (w <= 0)
            continue;
        if (t != GJ_BANNER) {
            pr[gj_outcome(a, t)] += w;
            continue;
        }
        /* A Banner fights as the enemy piece behind it, if any. */
        int behind = gj_canon(sq + (c->foe == GJ_RED ? -GJ_FILES : GJ_FILES));
        int j = behind >= 0 ? b->at[behind] : -1;
        if (j < 0 || GJ_SIDE_OF(j) != c->foe) {
            pr[GJ_ATTACKER] += w;
            continue;
        }
        const float *q = gj_ai_row(c, b, j, btmp);
        for (int u = 0; u < GJ_BANNER; u++)
            pr[gj_outcome(a, u)] += w * q[u];
        pr[gj_outcome(a, GJ_BANNER)] += w * q[GJ_BANNER];
    }
}

/* Outcome probabilities of enemy piece e attacking our piece on sq. */
static void odds_against(const ai *c, const pos *b, int e, int sq,
                         float pr[4])
{
    float tmp[GJ_TYPES];
    const float *p = gj_ai_row(c, b, e, tmp);
    int d = own_fights_as(c, b, sq);
    pr[GJ_ATTACKER] = pr[GJ_DEFENDER] = pr[GJ_BOTH] = 0;
    for (int t = 0; t < GJ_MINE; t++)
        pr[gj_outcome(t, d)] += p[t];
}

void gj_ai_move_odds(const ai *c, const pos *b, int from, int to,
                     float pr[4])
{
    int mover = b->at[from], target = b->at[to];
    pr[GJ_MOVED] = pr[GJ_ATTACKER] = pr[GJ_DEFENDER] = pr[GJ_BOTH] = 0;
    if (target < 0)
        pr[GJ_MOVED] = 1;
    else if (GJ_SIDE_OF(mover) == c->me)
        odds(c, b, c->v->type[mover], target, pr);
    else
        odds_against(c, b, mover, to, pr);
}

/* Can any enemy piece still move (by what we know of it)? */
static int foe_can_move(const ai *c, const pos *b)
{
    for (int i = c->foe * GJ_SIDE_PIECES; i < (c->foe + 1) * GJ_SIDE_PIECES;
         i++)
        if (b->sq[i] >= 0 &&
            c->p[i][GJ_MINE] + c->p[i][GJ_BANNER] < 0.999f &&
            gj_dests(b->at, c->foe, b->sq[i], GJ_PLANE) |
            gj_dests(b->at, c->foe, b->sq[i], GJ_ENGINEER))
            return 1;
    return 0;
}

/* The movement classes of the enemy's types, by an archetype of each. */
static const uint8_t class_of[GJ_MINE] = {
    GJ_SPY, GJ_ENGINEER, GJ_CAVALRY, GJ_SPY, GJ_SPY, GJ_SPY, GJ_SPY, GJ_SPY,
    GJ_SPY, GJ_CAVALRY, GJ_PLANE, GJ_SPY, GJ_SPY, GJ_SPY
};
static const uint8_t archetypes[4] = { GJ_SPY, GJ_ENGINEER, GJ_CAVALRY,
                                       GJ_PLANE };

/*
 * What enemy piece e threatens next move: the best expected gain, to the
 * enemy, of attacking one of our pieces it may reach, over the types it
 * may be (each with its own footprint).  A piece makes one move, so its
 * best target counts, not the sum of them.
 */
static float threat(const ai *c, const pos *b, int e, const float *p)
{
    const gj_view *v = c->v;
    float gain[GJ_SQUARES] = { 0 };
    uint64_t any = 0;
    int sq = b->sq[e];
    for (int k = 0; k < 4; k++) {
        int arch = archetypes[k];
        float w = 0;
        for (int t = 0; t < GJ_MINE; t++)
            if (class_of[t] == arch)
                w += p[t];
        if (w <= 0)
            continue;
        uint64_t reach = gj_dests(b->at, c->foe, sq, arch);
        while (reach) {
            int q = __builtin_ctzll(reach);
            reach &= reach - 1;
            int j = b->at[q];
            if (j < 0)
                continue;
            int d = own_fights_as(c, b, q);
            float mine = value[v->type[j]];
            for (int t = 0; t < GJ_MINE; t++) {
                if (p[t] <= 0 || class_of[t] != arch)
                    continue;
                switch (gj_outcome(t, d)) {
                case GJ_ATTACKER: gain[q] += p[t] * mine; break;
                case GJ_DEFENDER: gain[q] -= p[t] * value[t]; break;
                default: gain[q] += p[t] * (mine - value[t]); break;
                }
            }
            any |= GJ_BIT(q);
        }
    }
    float best = 0;
    while (any) {
        int q = __builtin_ctzll(any);
        any &= any - 1;
        if (gain[q] > best)
            best = gain[q];
    }
    return best;
}

static float evaluate(ai *c, const pos *b, int our_move)
{
    const gj_view *v = c->v;
    float score = 0, best = 0;
    c->nodes++;
    int mine0 = c->me * GJ_SIDE_PIECES, foe0 = c->foe * GJ_SIDE_PIECES;

    for (int i = mine0; i < mine0 + GJ_SIDE_PIECES; i++) {
        if (b->sq[i] < 0)
            continue;
        int t = v->type[i];
        score += value[t];
        if (gj_is_officer(t)) {
            float prog = 12.0f - c->dist[c->foe][b->sq[i]];
            score += PROGRESS_ALL * prog;
            if (prog > best)
                best = prog;
        }
    }
    score += PROGRESS_BEST * best;

    int hq = gj_hq(c->me);
    int hq_holder = b->at[hq];
    for (int e = foe0; e < foe0 + GJ_SIDE_PIECES; e++) {
        int sq = b->sq[e];
        if (sq < 0)
            continue;
        float tmp[GJ_TYPES];
        const float *p = gj_ai_row(c, b, e, tmp);
        float worth = c->worth[e], officer = c->officer[e];
        if (p != c->p[e]) {
            worth = officer = 0;
            for (int t = 0; t < GJ_TYPES; t++) {
                worth += p[t] * value[t];
                officer += gj_is_officer(t) ? p[t] : 0;
            }
        }
        score -= worth;
        score -= INVADER_WEIGHT * officer * (12.0f - c->dist[c->me][sq]);
        /* Our HQ: lost if an officer gets in (officers step one square).
         * With us to move (the guard's look past the enemy's answer) we
         * may still put a piece in first: the guard's cover weighs that. */
        if (!our_move && gj_dests(b->at, c->foe, sq, GJ_SPY) & GJ_BIT(hq) &&
            (hq_holder < 0 || GJ_SIDE_OF(hq_holder) != c->foe)) {
            float pin = 0;
            int d = hq_holder < 0 ? -1 : own_fights_as(c, b, hq);
            for (int t = 0; t < GJ_MINE; t++)
                if (gj_is_officer(t) &&
                    (d < 0 || gj_outcome(t, d) == GJ_ATTACKER))
                    pin += p[t];
            score -= 0.5f * GJ_AI_WIN * pin;
        }
        score -= THREAT_WEIGHT * threat(c, b, e, p);
    }
    if (c->level != GJ_AI_PLAIN) {
        int ours, theirs;
        gj_guard_race(c, b, &ours, &theirs);
        /* We are first in if we need fewer moves than the enemy, and
         * then how well our HQ could be held matters no more.  (Whoever
         * is to move, the guard counts the enemy as moving first: a move
         * in hand is its margin.) */
        if (ours < theirs)
            score += RACE_WEIGHT * (float)(theirs > 12 ? 12 : theirs) /
                     (float)ours;
        else
            score -= GJ_AI_WIN * gj_guard_cover(c, b, our_move);
    }
    if (!foe_can_move(c, b))
        score += GJ_AI_WIN;
    return score;
}

/* Keep what a fight teaches about enemy piece e: one of 'mask'. */
static void learn(pos *b, int e, uint16_t mask)
{
    int k = 0;
    while (k < GJ_AI_TOLD - 1 && b->told[k] >= 0 && b->told[k] != e)
        k++;
    if (b->told[k] == e)
        mask &= b->mask[k];
    b->told[k] = (int8_t)e;
    b->mask[k] = mask;
}

void gj_ai_apply(const ai *c, pos *b, int from, int to, int outcome)
{
    int mover = b->at[from], target = b->at[to];
    if (c->level != GJ_AI_PLAIN) {
        if (GJ_SIDE_OF(mover) == c->foe) {
            /* It moved: no Landmine or Banner; and if it fought, one of
             * the types that give this outcome against ours. */
            uint16_t m = GJ_ALL_TYPES & ~(GJ_TYPE_BIT(GJ_MINE) |
                                          GJ_TYPE_BIT(GJ_BANNER));
            if (target >= 0)
                m &= gj_attacker_mask(outcome, own_fights_as(c, b, to));
            learn(b, mover, m);
        } else if (target >= 0) {
            learn(b, target, gj_defender_mask(outcome, c->v->type[mover]));
        }
    }
    if (target >= 0 && outcome != GJ_DEFENDER) {
        b->at[to] = -1;
        b->sq[target] = -1;
    }
    b->at[from] = -1;
    if (outcome == GJ_DEFENDER || outcome == GJ_BOTH) {
        b->sq[mover] = -1;
    } else {
        b->at[to] = (int8_t)mover;
        b->sq[mover] = (int8_t)to;
    }
}

/* The types that move like each archetype, as a mask. */
static uint16_t class_mask(int arch)
{
    uint16_t m = 0;
    for (int t = 0; t < GJ_MINE; t++)
        if (class_of[t] == arch)
            m |= GJ_TYPE_BIT(t);
    return m;
}

/*
 * The position after our move, with the enemy to move: the evaluation
 * after the enemy's most telling answer.  Its answers looked at are the
 * forcing ones: each attack on a piece of ours (the attacker narrowed to
 * the types that could make that move) and each step into our empty HQ;
 * anything else is taken to leave the evaluation as it stands.  The
 * enemy is assumed to choose what is worst for us.
 */
static float after_reply(ai *c, const pos *b)
{
    float worst = evaluate(c, b, 0);
    int hq = gj_hq(c->me);
    for (int e = c->foe * GJ_SIDE_PIECES; e < (c->foe + 1) * GJ_SIDE_PIECES;
         e++) {
        int sq = b->sq[e];
        if (sq < 0)
            continue;
        float tmp[GJ_TYPES];
        const float *p = gj_ai_row(c, b, e, tmp);
        uint64_t reach[4], all = 0;
        for (int k = 0; k < 4; k++) {
            float w = 0;
            for (int t = 0; t < GJ_MINE; t++)
                if (class_of[t] == archetypes[k])
                    w += p[t];
            reach[k] = w > 0 ? gj_dests(b->at, c->foe, sq, archetypes[k]) : 0;
            all |= reach[k];
        }
        while (all) {
            int q = __builtin_ctzll(all);
            all &= all - 1;
            if (b->at[q] < 0 && q != hq)
                continue;
            uint16_t can = 0;
            for (int k = 0; k < 4; k++)
                if (reach[k] >> q & 1)
                    can |= class_mask(archetypes[k]);
            pos moved = *b;
            learn(&moved, e, can);
            float pr[4], val = 0;
            gj_ai_move_odds(c, &moved, sq, q, pr);
            for (int o = GJ_MOVED; o <= GJ_BOTH; o++) {
                if (pr[o] <= 0)
                    continue;
                pos n = moved;
                gj_ai_apply(c, &n, sq, q, o);
                float ev = evaluate(c, &n, 1);
                if (q == hq && (o == GJ_MOVED || o == GJ_ATTACKER)) {
                    /* An officer in our HQ wins: how likely one came. */
                    const float *pn = gj_ai_row(c, &n, e, tmp);
                    float off = 0;
                    for (int t = 0; t < GJ_MINE; t++)
                        off += gj_is_officer(t) ? pn[t] : 0;
                    ev = off * -2.0f * GJ_AI_WIN + (1 - off) * ev;
                }
                val += pr[o] * ev;
            }
            if (val < worst)
                worst = val;
        }
    }
    return worst;
}

/* A candidate move, as the chooser weighs it. */
typedef struct cand {
    gj_move m;
    float score;        /* the evaluation, expected over the outcomes */
    float fixed;        /* the part of it no position gives: a win, a
                           step back */
    int deep;           /* the guard: weighed after the enemy's answer */
    float open;         /* guard: the chance the HQ is open after it (an
                           outcome that wins outright leaves none) */
    float next;         /* guard: the chance it is open one move on */
    pos after[4];       /* the position after each outcome */
    float pr[4];        /* each outcome's probability (0: cannot happen) */
} cand;

static void score_move(ai *c, const pos *b, cand *k)
{
    const gj_view *v = c->v;
    gj_move m = k->m;
    int enters_hq = m.to == gj_hq(c->foe) &&
                    gj_is_officer(v->type[b->at[m.from]]);
    float s = 0;
    k->open = 0;
    gj_ai_move_odds(c, b, m.from, m.to, k->pr);
    for (int o = GJ_MOVED; o <= GJ_BOTH; o++) {
        if (k->pr[o] <= 0)
            continue;
        if (enters_hq && (o == GJ_MOVED || o == GJ_ATTACKER)) {
            s += k->pr[o] * 2.0f * GJ_AI_WIN;
            k->pr[o] = 0;           /* won: nothing after it to guard */
            continue;
        }
        k->after[o] = *b;
        gj_ai_apply(c, &k->after[o], m.from, m.to, o);
        if (c->level != GJ_AI_PLAIN)
            k->open += k->pr[o] * gj_guard_open(c, &k->after[o]);
    }
    /* Undoing our own last move wastes a turn. */
    for (int i = v->nhist - 1; i >= 0 && i >= v->nhist - 2; i--) {
        const gj_rec *r = &v->hist[i];
        if (GJ_SIDE_OF(r->mover) == c->me && r->outcome == GJ_MOVED &&
            r->from == m.to && r->to == m.from)
            s -= RETREAT_PENALTY;
    }
    k->fixed = s;
    k->deep = 0;
    for (int o = GJ_MOVED; o <= GJ_BOTH; o++)
        if (k->pr[o] > 0)
            s += k->pr[o] * evaluate(c, &k->after[o], 0);
    k->score = s;
}

/* The guard weighs a candidate again after the enemy's most telling
 * answer to each of its outcomes. */
static void deepen(ai *c, cand *k)
{
    float s = k->fixed;
    for (int o = GJ_MOVED; o <= GJ_BOTH; o++)
        if (k->pr[o] > 0)
            s += k->pr[o] * after_reply(c, &k->after[o]);
    k->score = s;
    k->deep = 1;
}

/* Is candidate k better than the best so far? 1 better, 0 the same, -1
 * worse. */
static int better(const ai *c, const cand *k, const cand *best)
{
    if (c->level != GJ_AI_PLAIN) {
        /* A move that leaves no possible officer a way into our HQ comes
         * before any that does, however small the chance: then the
         * chances themselves.  (A chance of winning outright is weighed
         * in the score, against the danger one move on.) */
        if ((k->open > 0) != (best->open > 0))
            return k->open > 0 ? -1 : 1;
        if (k->open < best->open - SAME_RISK)
            return 1;
        if (k->open > best->open + SAME_RISK)
            return -1;
        if (k->deep != best->deep)
            return k->deep ? 1 : -1;    /* those weighed further win */
    }
    float s = k->score - NEXT_WEIGHT * k->next;
    float bs = best->score - NEXT_WEIGHT * best->next;
    return s > bs + 1e-4f ? 1 : s > bs - 1e-4f ? 0 : -1;
}

int gj_ai_choose(const gj_view *v, const gj_ai_opts *o, gj_move *out)
{
    gj_move moves[GJ_MAX_MOVES];
    int n = gj_view_moves(v, moves);
    if (n == 0)
        return -1;
    ai c;
    memset(&c, 0, sizeof c);
    c.v = v;
    c.me = v->me;
    c.foe = !v->me;
    c.level = o ? o->level : 0;
    beliefs(&c);
    distances(&c);
    pos b;
    memcpy(b.at, v->at, sizeof b.at);
    for (int i = 0; i < GJ_PIECES; i++)
        b.sq[i] = v->piece[i].sq;
    memset(b.told, -1, sizeof b.told);
    memset(b.mask, 0, sizeof b.mask);

    long budget = o && o->max_nodes > 0 ? o->max_nodes : 1L << 30;
    cand *all = malloc((size_t)n * sizeof *all);
    if (!all) {
        *out = moves[0];
        return 0;
    }
    int scored = 0, shut = 0;
    for (int i = 0; i < n; i++) {
        if (i > 0 && ((o && o->cancel && *o->cancel) || c.nodes > budget))
            break;
        all[i].m = moves[i];
        all[i].next = 0;
        score_move(&c, &b, &all[i]);
        shut |= all[i].open <= 0;
        scored++;
    }
    /* The least chance the HQ is left open, of all the moves. */
    float least = 2;
    for (int i = 0; i < scored; i++)
        if (all[i].open < least)
            least = all[i].open;
    /* The guard looks one move further, but only for the moves that
     * keep the HQ as safe as any can now; and it weighs the best few of
     * those again after the enemy's answer. */
    if (c.level != GJ_AI_PLAIN) {
        int idx[GJ_MAX_MOVES], nk = 0;
        for (int i = 0; i < scored; i++) {
            cand *k = &all[i];
            if ((shut && k->open > 0) || k->open > least + SAME_RISK)
                continue;
            for (int oc = GJ_MOVED; oc <= GJ_BOTH; oc++)
                if (k->pr[oc] > 0)
                    k->next += k->pr[oc] * gj_guard_next(&c, &k->after[oc]);
            /* kept in order, best first: insertion, as they are few */
            float s = k->score - NEXT_WEIGHT * k->next;
            int j = nk++;
            while (j > 0 && all[idx[j - 1]].score -
                                NEXT_WEIGHT * all[idx[j - 1]].next < s) {
                idx[j] = idx[j - 1];
                j--;
            }
            idx[j] = i;
        }
        for (int j = 0; j < nk && j < DEEPEN; j++) {
            if ((o && o->cancel && *o->cancel) || c.nodes > budget)
                break;
            deepen(&c, &all[idx[j]]);
        }
    }
    /* The first of the best sets the mark the others are held to. */
    int mark = 0, pick = 0, nbest = 1;
    for (int i = 1; i < scored; i++) {
        int cmp = better(&c, &all[i], &all[mark]);
        if (cmp > 0) {
            mark = pick = i;
            nbest = 1;
        } else if (cmp == 0) {
            /* Ties: pick one uniformly (reservoir) when given a generator. */
            nbest++;
            if (o && o->rng && gj_rng_below(o->rng, (uint32_t)nbest) == 0)
                pick = i;
        }
    }
    *out = all[pick].m;
    free(all);
    return 0;
}

/*
 * The computer's own set-up.  Both levels put a Landmine in the HQ (only
 * an Engineer or a Plane survives it, and neither is an officer that
 * could win there) and the Banner just in front of the HQ, so that it
 * fights as that mine.  The earlier computer then put two of its three
 * generals, at random, on the bridge entrances and the rest at random.
 * The guard keeps the HQ harder to reach: the second Landmine beside the
 * Banner, so both squares in front of the HQ are mines to an attacker and
 * an officer can come in only from the back rank's B or E; the General
 * on one of those two, where it beats any officer that arrives but the
 * enemy's General (both fall); the Lieutenant and the Major General on
 * the bridge entrances to lead the attack.
 */
void gj_ai_setup(gj_setup *s, gj_rng *r, int level)
{
    gj_tray t;
    gj_tray_init(&t);
    gj_tray_place(&t, gj_terr_index(GJ_RED, gj_hq(GJ_RED)), GJ_MINE);
    int banner = 7 + (int)gj_rng_below(r, 2);               /* C2/D2 */
    gj_tray_place(&t, banner, GJ_BANNER);
    static const uint8_t front[] = { GJ_GENERAL, GJ_LTGEN, GJ_MAJGEN };
    int g = (int)gj_rng_below(r, 3), h = (g + 1 + (int)gj_rng_below(r, 2)) % 3;
    int left = gj_rng_below(r, 2) ? 18 : 21;                /* B4/E4 */
    if (level != GJ_AI_PLAIN) {
        g = 1;
        h = 2;
        gj_tray_place(&t, 15 - banner, GJ_MINE);
        gj_tray_place(&t, gj_rng_below(r, 2) ? 1 : 3, GJ_GENERAL); /* B1/E1 */
    }
    gj_tray_place(&t, left, front[g]);
    gj_tray_place(&t, 39 - left, front[h]);
    gj_tray_fill_random(&t, r);
    *s = t.s;
}
