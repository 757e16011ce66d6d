/*
 * bg_movegen.c - every legal play of a roll.
 *
 * The article's rules: a tile may not land on a peg holding two or more
 * enemy tiles, nor (ATARI rules) on one already holding five; a tile on
 * the bar must enter before anything else moves; bearing off only with
 * every tile home, a higher die bearing off from the highest peg held;
 * both dice must be used when possible, in either order, and when only
 * one can be, the larger (the standard rule the article's "both dice must
 * be used" implies); a double plays four times.  A tile moved by the sum
 * is two steps here, so it lands legally on the intermediate peg.
 *
 * The search is a plain recursion over the dice in each order; results
 * are merged by position (a 64-bit key, then an exact compare).  Under
 * STANDARD rules a double's steps are generated with non-increasing source
 * points, which reaches every result once in most cases: moving a tile
 * from a lower point never makes a higher tile's step legal.  Under the
 * ATARI rule it can (it may unblock a full peg), so that shortcut is off.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "bg.h"

enum { ILLEGAL = -2, OFF = -1 };

typedef struct gen {
    bg_movelist *ml;
    int rules;
    int best;               /* most dice used by any result so far */
    int dbl;
    uint8_t *die1;          /* non-double, one die used: which (ml->die1) */
    uint64_t *key;          /* each result's key (ml->key) */
    int hashed;             /* ml->hash is in use (many results) */
    bg_move cur;
} gen;

/* Where a step of die d from index i lands: index, OFF or ILLEGAL. */
static int dest(const bg_pos *p, int i, int d, int top, int rules)
{
    const uint8_t *me = p->s[0], *opp = p->s[1];
    int j = i - d;
    if (j >= 0) {
        if (opp[23 - j] >= 2)
            return ILLEGAL;
        if (rules == BG_RULES_ATARI && me[j] >= BG_LIMIT)
            return ILLEGAL;
        return j;
    }
    if (top >= 6)
        return ILLEGAL;         /* not every tile is home */
    if (j == -1 || i == top)
        return OFF;             /* exact, or a higher die from the top */
    return ILLEGAL;
}

void bg_step_apply(bg_pos *p, int from, int to)
{
    p->s[0][from - 1]--;
    if (to > 0) {
        p->s[0][to - 1]++;
        uint8_t *o = &p->s[1][24 - to];
        if (*o == 1) {
            *o = 0;
            p->s[1][BG_BAR]++;
        }
    }
}

static uint64_t pos_key(const bg_pos *p)
{
    uint64_t w[7] = {0}, h = 0x9e3779b97f4a7c15ull;
    memcpy(w, p, sizeof *p);
    for (int k = 0; k < 7; k++) {
        h ^= w[k];
        h *= 0xff51afd7ed558ccdull;
        h ^= h >> 29;
    }
    return h;
}

static int find_or_add(gen *g, uint64_t key, const bg_pos *after)
{
    bg_movelist *ml = g->ml;
    if (!g->hashed) {
        for (int k = 0; k < ml->n; k++)
            if (g->key[k] == key && !memcmp(&ml->m[k].after, after, sizeof *after))
                return k;
        if (ml->n < 32)
            return -1;
        memset(ml->hash, 0, sizeof ml->hash);
        for (int k = 0; k < ml->n; k++) {
            unsigned h = (unsigned)g->key[k] & 8191;
            while (ml->hash[h])
                h = (h + 1) & 8191;
            ml->hash[h] = (uint16_t)(k + 1);
        }
        g->hashed = 1;
        return -1;
    }
    for (unsigned h = (unsigned)key & 8191; ml->hash[h]; h = (h + 1) & 8191) {
        int k = ml->hash[h] - 1;
        if (g->key[k] == key && !memcmp(&ml->m[k].after, after, sizeof *after))
            return k;
    }
    return -1;
}

static void leaf(gen *g, const bg_pos *p, int depth, int die)
{
    bg_movelist *ml = g->ml;
    if (depth < g->best)
        return;
    if (depth > g->best) {
        g->best = depth;
        ml->n = 0;
        g->hashed = 0;
    }
    uint64_t key = pos_key(p);
    int old = find_or_add(g, key, p);
    if (old >= 0) {
        /* The same result by the larger die counts as the larger. */
        if (die > g->die1[old]) {
            g->die1[old] = (uint8_t)die;
            ml->m[old] = g->cur;
            ml->m[old].n = (uint8_t)depth;
            ml->m[old].after = *p;
        }
        return;
    }
    if (ml->n >= BG_MAX_MOVES)
        return;
    int k = ml->n++;
    bg_move *m = &ml->m[k];
    *m = g->cur;
    m->n = (uint8_t)depth;
    m->after = *p;
    g->key[k] = key;
    g->die1[k] = (uint8_t)die;
    if (g->hashed) {
        unsigned h = (unsigned)key & 8191;
        while (ml->hash[h])
            h = (h + 1) & 8191;
        ml->hash[h] = (uint16_t)(k + 1);
    }
}

static void rec(gen *g, const bg_pos *p, const int *dice, int nd, int depth,
                int maxsrc, int firstdie)
{
    if (depth == nd) {
        leaf(g, p, depth, firstdie);
        return;
    }
    const uint8_t *me = p->s[0];
    int d = dice[depth], top = 24, played = 0;
    while (top >= 0 && !me[top])
        top--;
    int hi = me[BG_BAR] ? BG_BAR : (top < maxsrc ? top : maxsrc);
    int lo = me[BG_BAR] ? BG_BAR : 0;
    for (int i = hi; i >= lo; i--) {
        if (!me[i])
            continue;
        int j = dest(p, i, d, top, g->rules);
        if (j == ILLEGAL)
            continue;
        bg_pos q = *p;
        int from = i + 1, to = j + 1;
        int hit = to > 0 && q.s[1][24 - to] == 1;
        bg_step_apply(&q, from, to);
        g->cur.st[depth].from = (uint8_t)from;
        g->cur.st[depth].to = (uint8_t)to;
        if (hit)
            g->cur.hits |= (uint8_t)(1u << depth);
        else
            g->cur.hits &= (uint8_t)~(1u << depth);
        played = 1;
        rec(g, &q, dice, nd, depth + 1,
            g->dbl && g->rules == BG_RULES_STANDARD ? i : BG_BAR,
            depth == 0 ? d : firstdie);
    }
    if (!played)
        leaf(g, p, depth, firstdie);
}

int bg_moves(const bg_pos *p, int d1, int d2, int rules, bg_movelist *ml)
{
    gen g;
    g.ml = ml;
    g.die1 = ml->die1;
    g.key = ml->key;
    g.rules = rules;
    g.best = 0;
    g.hashed = 0;
    g.dbl = d1 == d2;
    memset(&g.cur, 0, sizeof g.cur);
    ml->n = 0;
    if (g.dbl) {
        int dice[4] = {d1, d1, d1, d1};
        rec(&g, p, dice, 4, 0, BG_BAR, 0);
    } else {
        int a[2] = {d1, d2}, b[2] = {d2, d1};
        rec(&g, p, a, 2, 0, BG_BAR, 0);
        rec(&g, p, b, 2, 0, BG_BAR, 0);
        if (g.best == 1) {
            /* Only one die can be used: the larger, when it can. */
            int big = d1 > d2 ? d1 : d2, any = 0;
            for (int k = 0; k < ml->n; k++)
                any |= g.die1[k] == big;
            if (any) {
                int n = 0;
                for (int k = 0; k < ml->n; k++)
                    if (g.die1[k] == big)
                        ml->m[n++] = ml->m[k];
                ml->n = n;
            }
        }
    }
    for (int k = 0; k < ml->n; k++)
        for (int s = ml->m[k].n; s < 4; s++)
            ml->m[k].st[s].from = ml->m[k].st[s].to = 0;
    return g.best;
}
