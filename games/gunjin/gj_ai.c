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
 *      evaluated.
 *   3. The evaluation: material (own types against the enemy's expected
 *      values), officers' progress toward the enemy HQ, the threat each
 *      enemy piece poses (its best expected gain against a piece of ours
 *      within the footprint of each type it may be), the danger to our
 *      HQ, and the wins outright (an officer into the enemy HQ; an enemy
 *      left with nothing that can move).
 * It costs well under a millisecond a move, far inside the 100 ms target;
 * max_nodes and cancel are honoured between candidate moves.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "gj.h"

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

enum { AI_WIN = 1000 };

#define THREAT_WEIGHT 0.45f
#define PROGRESS_BEST 0.6f
#define PROGRESS_ALL 0.08f
#define INVADER_WEIGHT 0.15f
#define RETREAT_PENALTY 0.4f

typedef struct ai {
    const gj_view *v;
    int me, foe;
    float p[GJ_PIECES][GJ_TYPES];    /* beliefs on enemy pieces */
    float worth[GJ_PIECES];          /* expected value of an enemy piece */
    float officer[GJ_PIECES];        /* probability it is an officer */
    uint8_t dist[2][GJ_SQUARES];     /* steps to side s's HQ */
    long nodes;
} ai;

/* A position being scored: who stands where. */
typedef struct pos {
    int8_t at[GJ_SQUARES];
    int8_t sq[GJ_PIECES];
} pos;

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

/* Steps a one-square mover needs to reach each HQ on an empty board. */
static void distances(ai *c)
{
    int8_t empty[GJ_SQUARES];
    memset(empty, -1, sizeof empty);
    for (int side = 0; side < 2; side++) {
        uint8_t *d = c->dist[side];
        memset(d, 99, GJ_SQUARES);
        int queue[GJ_SQUARES], head = 0, tail = 0;
        queue[tail++] = gj_hq(side);
        d[gj_hq(side)] = 0;
        while (head < tail) {
            int sq = queue[head++];
            uint64_t n = gj_dests(empty, side, sq, GJ_SPY);
            while (n) {
                int q = __builtin_ctzll(n);
                n &= n - 1;
                if (d[q] == 99) {
                    d[q] = (uint8_t)(d[sq] + 1);
                    queue[tail++] = q;
                }
            }
        }
    }
}

/* The type an own piece fights as when attacked (its Banner rule). */
static int own_fights_as(const ai *c, const pos *b, int sq)
{
    return gj_fights_as(b->at, c->v->type, sq);
}

/* Outcome probabilities of own type a attacking enemy piece e on sq. */
static void attack_odds(const ai *c, const pos *b, int a, int e, float pr[4])
{
    pr[GJ_ATTACKER] = pr[GJ_DEFENDER] = pr[GJ_BOTH] = 0;
    int sq = b->sq[e];
    for (int t = 0; t < GJ_TYPES; t++) {
        float w = c->p[e][t];
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
        for (int u = 0; u < GJ_BANNER; u++)
            pr[gj_outcome(a, u)] += w * c->p[j][u];
        pr[gj_outcome(a, GJ_BANNER)] += w * c->p[j][GJ_BANNER];
    }
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
static float threat(const ai *c, const pos *b, int e)
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
                w += c->p[e][t];
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
                float p = c->p[e][t];
                if (p <= 0 || class_of[t] != arch)
                    continue;
                switch (gj_outcome(t, d)) {
                case GJ_ATTACKER: gain[q] += p * mine; break;
                case GJ_DEFENDER: gain[q] -= p * value[t]; break;
                default: gain[q] += p * (mine - value[t]); break;
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

static float evaluate(ai *c, const pos *b)
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
        score -= c->worth[e];
        score -= INVADER_WEIGHT * c->officer[e] *
                 (12.0f - c->dist[c->me][sq]);
        /* Our HQ: lost if an officer gets in (officers step one square). */
        if (gj_dests(b->at, c->foe, sq, GJ_SPY) & GJ_BIT(hq) &&
            (hq_holder < 0 || GJ_SIDE_OF(hq_holder) != c->foe)) {
            float pin = 0;
            int d = hq_holder < 0 ? -1 : own_fights_as(c, b, hq);
            for (int t = 0; t < GJ_MINE; t++)
                if (gj_is_officer(t) &&
                    (d < 0 || gj_outcome(t, d) == GJ_ATTACKER))
                    pin += c->p[e][t];
            score -= 0.5f * AI_WIN * pin;
        }
        score -= THREAT_WEIGHT * threat(c, b, e);
    }
    if (!foe_can_move(c, b))
        score += AI_WIN;
    return score;
}

/* Apply a move's result to a copy of the position. */
static void apply(pos *b, int from, int to, int mover, int target,
                  int outcome)
{
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

static float score_move(ai *c, const pos *b, gj_move m)
{
    const gj_view *v = c->v;
    int mover = b->at[m.from], target = b->at[m.to];
    int a = v->type[mover];
    int enters_hq = m.to == gj_hq(c->foe) && gj_is_officer(a);
    float s;
    if (target < 0) {
        if (enters_hq)
            return 2.0f * AI_WIN;
        pos n = *b;
        apply(&n, m.from, m.to, mover, -1, GJ_MOVED);
        s = evaluate(c, &n);
    } else {
        float pr[4];
        attack_odds(c, b, a, target, pr);
        s = 0;
        for (int o = GJ_ATTACKER; o <= GJ_BOTH; o++) {
            if (pr[o] <= 0)
                continue;
            if (o == GJ_ATTACKER && enters_hq) {
                s += pr[o] * 2.0f * AI_WIN;
                continue;
            }
            pos n = *b;
            apply(&n, m.from, m.to, mover, target, o);
            s += pr[o] * evaluate(c, &n);
        }
    }
    /* Undoing our own last move wastes a turn. */
    for (int i = v->nhist - 1; i >= 0 && i >= v->nhist - 2; i--) {
        const gj_rec *r = &v->hist[i];
        if (GJ_SIDE_OF(r->mover) == c->me && r->outcome == GJ_MOVED &&
            r->from == m.to && r->to == m.from)
            s -= RETREAT_PENALTY;
    }
    return s;
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
    beliefs(&c);
    distances(&c);
    pos b;
    memcpy(b.at, v->at, sizeof b.at);
    for (int i = 0; i < GJ_PIECES; i++)
        b.sq[i] = v->piece[i].sq;

    long budget = o && o->max_nodes > 0 ? o->max_nodes : 1L << 30;
    float best = 0;
    int nbest = 0;
    for (int i = 0; i < n; i++) {
        if (i > 0 && ((o && o->cancel && *o->cancel) || c.nodes > budget))
            break;
        float s = score_move(&c, &b, moves[i]);
        if (nbest == 0 || s > best + 1e-4f) {
            best = s;
            out[0] = moves[i];
            nbest = 1;
        } else if (s > best - 1e-4f) {
            /* Ties: pick one uniformly (reservoir) when given a generator. */
            nbest++;
            if (o && o->rng && gj_rng_below(o->rng, (uint32_t)nbest) == 0)
                out[0] = moves[i];
        }
    }
    return 0;
}

/*
 * The computer's own set-up: a Landmine in the HQ (only an Engineer or a
 * Plane survives it, and neither is an officer that could win there), the
 * Banner just in front of the HQ so it fights as that mine, a strong
 * officer on each bridge entrance, the rest at random.
 */
void gj_ai_setup(gj_setup *s, gj_rng *r)
{
    gj_tray t;
    gj_tray_init(&t);
    gj_tray_place(&t, gj_terr_index(GJ_RED, gj_hq(GJ_RED)), GJ_MINE);
    gj_tray_place(&t, 7 + (int)gj_rng_below(r, 2), GJ_BANNER);  /* C2/D2 */
    static const uint8_t front[] = { GJ_GENERAL, GJ_LTGEN, GJ_MAJGEN };
    int g = (int)gj_rng_below(r, 3), h = (g + 1 + (int)gj_rng_below(r, 2)) % 3;
    int left = gj_rng_below(r, 2) ? 18 : 21;
    gj_tray_place(&t, left, front[g]);
    gj_tray_place(&t, 39 - left, front[h]);
    gj_tray_fill_random(&t, r);
    *s = t.s;
}
