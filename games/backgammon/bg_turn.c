/*
 * bg_turn.c - a player's turn taken one typed move at a time, as the
 * article's player picks a tile and then its destination, with every
 * refusal explained and an unfinished turn open to being taken back.
 *
 * A typed move may use one die, or the sum of both: "a tile moved by the
 * sum must land legally on the intermediate point", so the sum is played
 * as two steps.  With a double the article says "you must treat the dice
 * as pairs - in other words you cannot play the 5 followed by the 10
 * followed by another 5": under ATARI rules a double's combined move is a
 * pair (two dice) and only when an even number have been played; under
 * STANDARD rules any number of the remaining dice may be combined.
 *
 * Forced use: a move is refused if afterwards the dice left could not
 * bring the turn up to the most dice the roll can use (maxuse), or if only
 * one die can be used and it is not the larger one that can.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "bg.h"

static const char *const texts[] = {
    [BG_OK] = "ok",
    [BG_ERR_SYNTAX] = "that is not a move",
    [BG_ERR_DONE] = "no dice left to play",
    [BG_ERR_NO_TILE] = "you have no tile on that peg",
    [BG_ERR_BAR_FIRST] = "you must enter your tile from the bar first",
    [BG_ERR_DIRECTION] = "tiles cannot move backwards",
    [BG_ERR_NO_DIE] = "no die fits that move",
    [BG_ERR_CLOSED] = "that peg is closed (two or more enemy tiles)",
    [BG_ERR_FULL] = "that peg already holds five tiles",
    [BG_ERR_NOT_HOME] = "you cannot bear off until all your tiles are home",
    [BG_ERR_HIGHER] = "a tile on a higher peg must be borne off first",
    [BG_ERR_INTERMEDIATE] = "the intermediate peg is closed",
    [BG_ERR_PAIRS] = "a double's dice are played in pairs",
    [BG_ERR_BOTH_DICE] = "both dice must be used when possible",
    [BG_ERR_LARGER] = "only one die can be used: it must be the larger",
    [BG_ERR_NOTHING] = "nothing to take back",
};

const char *bg_refusal_text(int r)
{
    if (r < 0 || r >= (int)(sizeof texts / sizeof texts[0]) || !texts[r])
        return "?";
    return texts[r];
}

int bg_step_check(const bg_pos *p, int from, int d, int rules, int *to)
{
    const uint8_t *me = p->s[0], *opp = p->s[1];
    if (from < 1 || from > 25 || !me[from - 1])
        return BG_ERR_NO_TILE;
    if (me[BG_BAR] && from != 25)
        return BG_ERR_BAR_FIRST;
    int t = from - d;
    if (t >= 1) {
        if (opp[24 - t] >= 2)
            return BG_ERR_CLOSED;
        if (rules == BG_RULES_ATARI && me[t - 1] >= BG_LIMIT)
            return BG_ERR_FULL;
        *to = t;
        return BG_OK;
    }
    for (int i = 6; i < 25; i++)
        if (me[i])
            return BG_ERR_NOT_HOME;
    if (t < 0)
        for (int i = from; i < 6; i++)
            if (me[i])
                return BG_ERR_HIGHER;
    *to = 0;
    return BG_OK;
}

/* The most of the dice left[0..n) that can still be played from p. */
static int maxplay(const bg_pos *p, const uint8_t *left, int n, int rules)
{
    int best = 0;
    for (int k = 0; k < n && best < n; k++) {
        if (k && left[k] == left[k - 1])
            continue;           /* same value as the previous die */
        uint8_t rest[4];
        int nr = 0;
        for (int j = 0; j < n; j++)
            if (j != k)
                rest[nr++] = left[j];
        for (int from = 25; from >= 1 && best < n; from--) {
            int to;
            if (bg_step_check(p, from, left[k], rules, &to) != BG_OK)
                continue;
            bg_pos q = *p;
            bg_step_apply(&q, from, to);
            int v = 1 + maxplay(&q, rest, nr, rules);
            if (v > best)
                best = v;
        }
    }
    return best;
}

static void sort_left(bg_turn *t)
{
    for (int i = 1; i < t->nleft; i++)
        for (int j = i; j > 0 && t->left[j] > t->left[j - 1]; j--) {
            uint8_t x = t->left[j];
            t->left[j] = t->left[j - 1];
            t->left[j - 1] = x;
        }
}

static void reset_dice(bg_turn *t)
{
    int d1 = t->dice[0], d2 = t->dice[1];
    t->nleft = d1 == d2 ? 4 : 2;
    for (int k = 0; k < t->nleft; k++)
        t->left[k] = (uint8_t)(k & 1 ? d2 : d1);
    sort_left(t);
}

void bg_turn_begin(bg_turn *t, const bg_pos *p, int d1, int d2, int rules)
{
    memset(t, 0, sizeof *t);
    t->start = t->cur = *p;
    t->rules = rules;
    t->dice[0] = (uint8_t)d1;
    t->dice[1] = (uint8_t)d2;
    reset_dice(t);
    t->maxuse = maxplay(p, t->left, t->nleft, rules);
    if (d1 != d2 && t->maxuse == 1) {
        int big = d1 > d2 ? d1 : d2, to;
        t->need = d1 < d2 ? d1 : d2;
        for (int from = 25; from >= 1; from--)
            if (bg_step_check(p, from, big, rules, &to) == BG_OK)
                t->need = big;
    }
}

int bg_turn_complete(const bg_turn *t)
{
    return t->nplayed >= t->maxuse;
}

static void remove_die(uint8_t *left, int *n, int d)
{
    for (int k = 0; k < *n; k++)
        if (left[k] == d) {
            memmove(left + k, left + k + 1, (size_t)(*n - k - 1));
            (*n)--;
            return;
        }
}

/*
 * Try the dice seq[0..n) in that order from `from`, aiming at `to`.
 * BG_OK with *q the position, else the first refusal met.
 */
static int try_seq(const bg_turn *t, int from, int to, const uint8_t *seq,
                   int n, bg_pos *q, uint8_t *hits)
{
    int at = from;
    *q = t->cur;
    for (int k = 0; k < n; k++) {
        int dst;
        int r = bg_step_check(q, at, seq[k], t->rules, &dst);
        if (r != BG_OK)
            return k < n - 1 && (r == BG_ERR_CLOSED || r == BG_ERR_FULL)
                       ? BG_ERR_INTERMEDIATE : r;
        if (dst != to && (dst == 0 || dst < to))
            return BG_ERR_NO_DIE;       /* overshoots: not this sequence */
        if (k < n - 1 && dst == 0)
            return BG_ERR_NO_DIE;
        hits[k] = dst > 0 && q->s[1][24 - dst] == 1;
        bg_step_apply(q, at, dst);
        at = dst;
    }
    return at == to ? BG_OK : BG_ERR_NO_DIE;
}

/* Would playing seq leave the forced-use rules satisfiable? */
static int forced_ok(const bg_turn *t, const bg_pos *q, const uint8_t *seq,
                     int n)
{
    uint8_t rest[4];
    int nr = t->nleft;
    memcpy(rest, t->left, 4);
    for (int k = 0; k < n; k++)
        remove_die(rest, &nr, seq[k]);
    if (t->nplayed + n + maxplay(q, rest, nr, t->rules) < t->maxuse)
        return BG_ERR_BOTH_DICE;
    if (t->need && seq[0] != t->need)
        return BG_ERR_LARGER;
    return BG_OK;
}

/* Refusals ranked by how much they tell the player. */
static int rank(int r)
{
    switch (r) {
    case BG_OK: return 100;
    case BG_ERR_BOTH_DICE: case BG_ERR_LARGER: return 90;
    case BG_ERR_CLOSED: case BG_ERR_FULL: case BG_ERR_NOT_HOME:
    case BG_ERR_HIGHER: case BG_ERR_INTERMEDIATE: return 80;
    case BG_ERR_PAIRS: return 70;
    default: return 0;
    }
}

int bg_turn_play(bg_turn *t, int from, int to)
{
    if (from < 1 || from > 25 || to < 0 || to > 24)
        return BG_ERR_SYNTAX;
    if (t->nleft == 0 || bg_turn_complete(t))
        return BG_ERR_DONE;
    if (!t->cur.s[0][from - 1])
        return BG_ERR_NO_TILE;
    if (t->cur.s[0][BG_BAR] && from != 25)
        return BG_ERR_BAR_FIRST;
    if (to >= from)
        return BG_ERR_DIRECTION;
    /* Candidate dice sequences: one die (smallest that fits first), then
     * sums.  Each sequence is tried as a whole. */
    uint8_t seqs[16][4];
    int lens[16], ns = 0, dbl = t->dice[0] == t->dice[1];
    for (int k = t->nleft - 1; k >= 0; k--)
        if (k == t->nleft - 1 || t->left[k] != t->left[k + 1]) {
            seqs[ns][0] = t->left[k];
            lens[ns++] = 1;
        }
    if (!dbl && t->nleft == 2) {
        for (int o = 0; o < 2; o++) {
            seqs[ns][0] = t->left[o];
            seqs[ns][1] = t->left[1 - o];
            lens[ns++] = 2;
        }
    } else if (dbl) {
        for (int n = 2; n <= t->nleft; n++) {
            memset(seqs[ns], t->left[0], 4);
            lens[ns++] = n;
        }
    }
    int best = BG_ERR_NO_DIE;
    for (int s = 0; s < ns; s++) {
        bg_pos q;
        uint8_t hits[4];
        /* Only sequences that add up: exactly, or bearing off with the
         * last die carrying the tile past the edge. */
        int total = 0, last = seqs[s][lens[s] - 1];
        for (int k = 0; k < lens[s]; k++)
            total += seqs[s][k];
        if (to > 0 ? total != from - to
                   : total < from || total - last >= from)
            continue;
        int r = try_seq(t, from, to, seqs[s], lens[s], &q, hits);
        /* ATARI: "treat the dice as pairs": a tile moved by two dice
         * takes a whole pair, by all four both pairs (the double's four
         * steps in one go), never a pair and a half. */
        if (r == BG_OK && dbl && lens[s] > 1 && t->rules == BG_RULES_ATARI &&
            (lens[s] == 3 || (t->nplayed & 1) ||
             (lens[s] == 4 && t->nplayed)))
            r = BG_ERR_PAIRS;
        if (r == BG_OK)
            r = forced_ok(t, &q, seqs[s], lens[s]);
        if (r == BG_OK) {
            for (int k = 0; k < lens[s]; k++) {
                int i = t->nplayed++;
                t->die[i] = seqs[s][k];
                t->hit[i] = hits[k];
                remove_die(t->left, &t->nleft, seqs[s][k]);
            }
            /* The steps' points: replay to record them. */
            int at = from, i0 = t->nplayed - lens[s];
            bg_pos p = t->cur;
            for (int k = 0; k < lens[s]; k++) {
                int dst;
                bg_step_check(&p, at, seqs[s][k], t->rules, &dst);
                t->played[i0 + k].from = (uint8_t)at;
                t->played[i0 + k].to = (uint8_t)dst;
                bg_step_apply(&p, at, dst);
                at = dst;
            }
            t->cur = q;
            t->entry_len[t->nentries++] = lens[s];
            return BG_OK;
        }
        if (rank(r) > rank(best))
            best = r;
    }
    return best;
}

void bg_turn_reset(bg_turn *t)
{
    t->cur = t->start;
    t->nplayed = 0;
    t->nentries = 0;
    reset_dice(t);
}

int bg_turn_undo(bg_turn *t)
{
    if (!t->nentries)
        return BG_ERR_NOTHING;
    int keep = t->nplayed - t->entry_len[--t->nentries];
    int ne = t->nentries;
    t->cur = t->start;
    reset_dice(t);
    for (int k = 0; k < keep; k++) {
        bg_step_apply(&t->cur, t->played[k].from, t->played[k].to);
        remove_die(t->left, &t->nleft, t->die[k]);
    }
    t->nplayed = keep;
    t->nentries = ne;
    return BG_OK;
}

void bg_turn_move(const bg_turn *t, bg_move *m)
{
    memset(m, 0, sizeof *m);
    m->n = (uint8_t)t->nplayed;
    for (int k = 0; k < t->nplayed; k++) {
        m->st[k] = t->played[k];
        if (t->hit[k])
            m->hits |= (uint8_t)(1u << k);
    }
    m->after = t->cur;
}

int bg_turn_die_used(const bg_turn *t, int k)
{
    if (t->dice[0] == t->dice[1])
        return t->nplayed >= 2 * (k + 1);
    for (int j = 0; j < t->nleft; j++)
        if (t->left[j] == t->dice[k])
            return 0;
    return 1;
}
