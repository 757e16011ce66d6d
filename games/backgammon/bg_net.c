/*
 * bg_net.c - inputs and forward pass of the evaluation net.
 *
 * Each side (the side on roll first) is described by 109 inputs:
 *   4 per point 1..24: one tile (a blot), two, three or more, and
 *     (n-3)/2 for tiles beyond three (the usual truncated unary code);
 *   the bar: any tile there, and n/4;  tiles off, n/15;  pips/167;
 *   shots: the rolls (of 36) on which the other side, rolling, hits one
 *     of this side's lone tiles, /36;
 *   the longest run of points held (two or more) /6;  home points held /6;
 *   tiles back in the other side's home or on the bar /15;
 *   points the other side holds in the six in front of this side's
 *     rearmost tile /6;  tiles in this side's home /15;
 *   escapes: the rolls (of 36) that carry the rearmost tile past every
 *     point the other side holds within twelve pips in front of it, /36;
 *   entering: with a tile on the bar, the points the other side holds in
 *     its home /6;  the most advanced point this side holds in the other
 *     side's home (an anchor), as (25 - point) / 6: 1 for point 19;
 *   the pips still to go before every tile is home (the bar as 19),
 *     /100: with the tiles off, what decides whether a gammon is saved.
 * Then two for the whole board: no contact left, and the pip difference.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <math.h>
#include <string.h>

#include "bg_bearoff.h"
#include "bg_net.h"

/*
 * Shots: a mask over the 36 ordered rolls (bit 6(d1-1) + d2-1) of those
 * that let side a hit some lone tile of b, found pair by pair (a source
 * point of a, a blot of b): a single die of the distance, or two or more
 * steps whose intermediate points are open.  The bar rule is kept
 * roughly: with a tile on the bar only hits from the bar count, and with
 * two there only single dice.
 */
/* The rolls containing a d: row d-1 and column d-1 of the 6x6 square. */
static const uint64_t die_mask[7] = {
    0,
    0x04104107full,
    0x082082fc2ull,
    0x10413f104ull,
    0x208fc8208ull,
    0x43f410410ull,
    0xfe0820820ull,
};

/* The doubles d (bit d) that cover a distance in two to four steps. */
static const uint8_t dbl_dice[25] = {
    0x00, 0x00, 0x02, 0x02, 0x06, 0x00, 0x0c, 0x00, 0x14, 0x08, 0x20, 0x00, 0x58,
    0x00, 0x00, 0x20, 0x10, 0x00, 0x40, 0x00, 0x20, 0x00, 0x00, 0x00, 0x40
};

int bg_net_shots(const uint8_t *a, const uint8_t *b)
{
    int blots[15], nb = 0;
    for (int t = 0; t < 24; t++)
        if (b[23 - t] == 1)
            blots[nb++] = t;
    if (!nb)
        return 0;
    uint64_t mask = 0;
    int lo = a[BG_BAR] ? BG_BAR : 0;
    for (int i = BG_BAR; i >= lo; i--) {
        if (!a[i])
            continue;
        for (int k = 0; k < nb; k++) {
            int t = blots[k], dist = i - t;
            if (dist <= 0 || dist > 24)
                continue;
            if (dist <= 6)
                mask |= die_mask[dist];
            if (a[BG_BAR] > 1)
                continue;
            for (int d1 = dist > 7 ? dist - 6 : 1; 2 * d1 < dist; d1++) {
                int d2 = dist - d1;
                if (b[23 - (i - d1)] < 2 || b[23 - (i - d2)] < 2)
                    mask |= 1ull << (6 * (d1 - 1) + d2 - 1) |
                            1ull << (6 * (d2 - 1) + d1 - 1);
            }
            for (unsigned m = dbl_dice[dist]; m; m &= m - 1) {
                int d = __builtin_ctz(m), steps = dist / d;
                int j = 1;
                while (j < steps && b[23 - (i - d * j)] < 2)
                    j++;
                if (j == steps)
                    mask |= 1ull << (7 * (d - 1));
            }
        }
    }
    return __builtin_popcountll(mask);
}

/* Is index t a point on the board that the other side (board b, counted
 * from its own side) does not hold? */
static int open_pt(const uint8_t *b, int t)
{
    return t >= 0 && b[23 - t] < 2;
}

static int escapes(const uint8_t *b, int r)
{
    int low = -1;
    for (int j = r - 1; j >= 0 && j >= r - 12; j--)
        if (b[23 - j] >= 2)
            low = j;
    if (low < 0)
        return 36;
    int n = 0;
    for (int d1 = 1; d1 <= 6; d1++)
        for (int d2 = d1; d2 <= 6; d2++) {
            int ok = 0;
            if (d1 == d2) {
                for (int k = 1, t = r - d1; k <= 4 && open_pt(b, t); k++, t -= d1)
                    if (t < low) {
                        ok = 1;
                        break;
                    }
            } else {
                int a1 = open_pt(b, r - d1), a2 = open_pt(b, r - d2);
                ok = (a1 && r - d1 < low) || (a2 && r - d2 < low) ||
                     ((a1 || a2) && r - d1 - d2 < low && open_pt(b, r - d1 - d2));
            }
            if (ok)
                n += d1 == d2 ? 1 : 2;
        }
    return n;
}

/*
 * The inputs are made, and summed into the hidden layer, in this order:
 * the side on roll's own (those that depend on its board alone), then
 * the rest.  A move list's positions, once the move is made and the other
 * side is on roll, all have the same side on roll, so the sum of its own
 * inputs is made once for the list (bg_net_fix) and each position adds
 * only the rest to it: the same sums in the same order as bg_net_eval's,
 * so the same bits, for some forty per cent less work a position.
 */

/* What one side's own inputs leave for the rest. */
typedef struct side_facts {
    int pips, rear, bar;
} side_facts;

/* One side's own inputs: those of its board alone. */
static int side_own(const uint8_t *me, int base, uint16_t *idx, float *val,
                    side_facts *f)
{
    int k = 0, pips = 0, onboard = 0, run = 0, best = 0, home = 0, back = 0;
    int inhome = 0, rear = -1, tohome = 0;
#define PUT(i, v) (idx[k] = (uint16_t)(base + (i)), val[k] = (float)(v), k++)
    for (int i = 0; i < 24; i++) {
        int n = me[i];
        pips += n * (i + 1);
        onboard += n;
        if (n) {
            rear = i;
            PUT(4 * i + (n >= 3 ? 2 : n - 1), 1);
            if (n > 3)
                PUT(4 * i + 3, (n - 3) * 0.5f);
        }
        if (n >= 2) {
            if (++run > best)
                best = run;
            if (i < 6)
                home++;
        } else {
            run = 0;
        }
        if (i >= 18)
            back += n;
        if (i < 6)
            inhome += n;
        else
            tohome += n * (i - 5);
    }
    int bar = me[BG_BAR];
    if (bar) {
        PUT(96, 1);
        PUT(97, bar * 0.25f);
        rear = 24;
    }
    pips += bar * 25;
    back += bar;
    tohome += bar * 19;
    const float r6 = 1 / 6.0f, r15 = 1 / 15.0f;
    int off = BG_TILES - onboard - bar;
    if (off)
        PUT(98, off * r15);
    if (pips)
        PUT(99, pips * (1 / 167.0f));
    if (best)
        PUT(101, best * r6);
    if (home)
        PUT(102, home * r6);
    if (back)
        PUT(103, back * r15);
    if (inhome)
        PUT(105, inhome * r15);
    for (int i = 18; i < 24; i++)
        if (me[i] >= 2) {
            PUT(108, (24 - i) * r6);
            break;
        }
    if (tohome)
        PUT(109, tohome * 0.01f);
    f->pips = pips;
    f->rear = rear;
    f->bar = bar;
    return k;
}

/* One side's inputs that depend on the other side's board too. */
static int side_cross(const uint8_t *me, const uint8_t *opp, int base,
                      const side_facts *f, uint16_t *idx, float *val)
{
    int k = 0;
    const float r6 = 1 / 6.0f, r36 = 1 / 36.0f;
    int sh = bg_net_shots(opp, me);
    if (sh)
        PUT(100, sh * r36);
    int blocks = 0;
    for (int t = f->rear - 1; t >= 0 && t >= f->rear - 6; t--)
        blocks += opp[23 - t] >= 2;
    if (blocks)
        PUT(104, blocks * r6);
    if (f->rear >= 0) {
        int e = escapes(opp, f->rear);
        if (e)
            PUT(106, e * r36);
    }
    if (f->bar) {
        int closed = 0;
        for (int j = 0; j < 6; j++)
            closed += opp[j] >= 2;
        if (closed)
            PUT(107, closed * r6);
    }
#undef PUT
    return k;
}

/* The inputs after the side on roll's own (f0: its facts). */
static int rest_inputs(const bg_pos *p, const side_facts *f0, uint16_t *idx,
                       float *val)
{
    side_facts f1;
    int k = side_cross(p->s[0], p->s[1], 0, f0, idx, val);
    k += side_own(p->s[1], BG_NET_SIDE, idx + k, val + k, &f1);
    k += side_cross(p->s[1], p->s[0], BG_NET_SIDE, &f1, idx + k, val + k);
    /* No contact: as bg_pos_race. */
    if (f0->rear < 0 || f1.rear < 0 || f0->rear + f1.rear < 23) {
        idx[k] = 2 * BG_NET_SIDE;
        val[k++] = 1;
    }
    if (f0->pips != f1.pips) {
        idx[k] = 2 * BG_NET_SIDE + 1;
        val[k++] = (f0->pips - f1.pips) * 0.01f;
    }
    return k;
}

int bg_net_inputs(const bg_pos *p, uint16_t *idx, float *val)
{
    side_facts f0;
    int k = side_own(p->s[0], 0, idx, val, &f0);
    return k + rest_inputs(p, &f0, idx + k, val + k);
}

/* Unaligned loads are fine: the weights are plain float arrays. */
typedef float v8 __attribute__((vector_size(32), aligned(4), may_alias));

/* The hot loop of every evaluation: the bias plus the rows of W1 for the
 * non-zero inputs, 64 hidden units at a time so that the sums stay in
 * registers; built for AVX2 as well when the compiler can dispatch. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void bg_net_hidden_from(const bg_net *net, const float *from,
                        const uint16_t *idx, const float *val, int nact,
                        float *h)
{
    for (int base = 0; base < BG_NET_NHID; base += 64) {
        const v8 *b = (const v8 *)(from + base);
        v8 a0 = b[0], a1 = b[1], a2 = b[2], a3 = b[3];
        v8 a4 = b[4], a5 = b[5], a6 = b[6], a7 = b[7];
        for (int a = 0; a < nact; a++) {
            const v8 *w = (const v8 *)(net->w1 + (size_t)idx[a] * BG_NET_NHID
                                       + base);
            float x = val[a];
            a0 += w[0] * x; a1 += w[1] * x; a2 += w[2] * x; a3 += w[3] * x;
            a4 += w[4] * x; a5 += w[5] * x; a6 += w[6] * x; a7 += w[7] * x;
        }
        v8 *o = (v8 *)(h + base);
        o[0] = a0; o[1] = a1; o[2] = a2; o[3] = a3;
        o[4] = a4; o[5] = a5; o[6] = a6; o[7] = a7;
    }
}

void bg_net_hidden(const bg_net *net, const uint16_t *idx, const float *val,
                   int nact, float *h)
{
    bg_net_hidden_from(net, net->b1, idx, val, nact, h);
}

typedef int v8i __attribute__((vector_size(32)));

/* The hidden activations and each output's sum b2 + w2 . act(h), eight
 * units at a time, then the logistic: the first nout outputs (1 or
 * BG_NOUT), the others left 0.  A single game is played for the win
 * alone: its searches ask for the first, a fifth of the sums. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void bg_net_outputs_n(const bg_net *net, const float *h, int nout,
                      float out[BG_NOUT])
{
    const v8 half = {0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f};
    const v8 one = half + half;
    v8 acc[BG_NOUT] = {{0}};
    if (nout == 1) {
        for (int j = 0; j < BG_NET_NHID; j += 8) {
            v8 x = *(const v8 *)(h + j);
            v8 ax = (v8)((v8i)x & 0x7fffffff);
            v8 a = half + half * x / (one + ax);
            acc[0] += *(const v8 *)(net->w2 + j) * a;
        }
        for (int o = 1; o < BG_NOUT; o++)
            out[o] = 0;
    } else {
        nout = BG_NOUT;
        for (int j = 0; j < BG_NET_NHID; j += 8) {
            v8 x = *(const v8 *)(h + j);
            v8 ax = (v8)((v8i)x & 0x7fffffff);
            v8 a = half + half * x / (one + ax);
            for (int o = 0; o < BG_NOUT; o++)
                acc[o] += *(const v8 *)(net->w2 + o * BG_NET_NHID + j) * a;
        }
    }
    for (int o = 0; o < nout; o++) {
        v8 c = acc[o];
        float z = net->b2[o] + ((c[0] + c[4]) + (c[1] + c[5])) +
                  ((c[2] + c[6]) + (c[3] + c[7]));
        out[o] = 1.0f / (1.0f + expf(-z));
    }
}

void bg_net_outputs(const bg_net *net, const float *h, float out[BG_NOUT])
{
    bg_net_outputs_n(net, h, BG_NOUT, out);
}

/* Has the side been hit or can it still be: is any of its tiles on the
 * bar or in the other side's home, where a backgammon is lost? */
static int back_tiles(const uint8_t *side)
{
    for (int i = 18; i <= BG_BAR; i++)
        if (side[i])
            return 1;
    return 0;
}

void bg_net_sanity(const bg_pos *p, float out[BG_NOUT])
{
    float *v = out;
    int race = bg_pos_race(p);
    /* A side that has borne a tile off loses no gammon; in a race a side
     * with nothing left in the winner's home or on the bar loses no
     * backgammon (no tile can go back). */
    if (bg_pos_off(p, 1) > 0)
        v[BG_OUT_WINGAMMON] = v[BG_OUT_WINBG] = 0;
    if (bg_pos_off(p, 0) > 0)
        v[BG_OUT_LOSEGAMMON] = v[BG_OUT_LOSEBG] = 0;
    if (race && !back_tiles(p->s[1]))
        v[BG_OUT_WINBG] = 0;
    if (race && !back_tiles(p->s[0]))
        v[BG_OUT_LOSEBG] = 0;
    float lose = 1.0f - v[BG_OUT_WIN];
    if (v[BG_OUT_WINGAMMON] > v[BG_OUT_WIN])
        v[BG_OUT_WINGAMMON] = v[BG_OUT_WIN];
    if (v[BG_OUT_WINBG] > v[BG_OUT_WINGAMMON])
        v[BG_OUT_WINBG] = v[BG_OUT_WINGAMMON];
    if (v[BG_OUT_LOSEGAMMON] > lose)
        v[BG_OUT_LOSEGAMMON] = lose;
    if (v[BG_OUT_LOSEBG] > v[BG_OUT_LOSEGAMMON])
        v[BG_OUT_LOSEBG] = v[BG_OUT_LOSEGAMMON];
}

void bg_net_eval(const bg_net *net, const bg_pos *p, float out[BG_NOUT])
{
    uint16_t idx[BG_NET_MAXACT];
    float val[BG_NET_MAXACT], h[BG_NET_NHID];
    int n = bg_net_inputs(p, idx, val);
    bg_net_hidden(net, idx, val, n, h);
    bg_net_outputs(net, h, out);
    bg_net_sanity(p, out);
}

void bg_net_fix_make(const bg_net *net, const uint8_t *side, bg_net_fix *f)
{
    uint16_t idx[BG_NET_MAXACT];
    float val[BG_NET_MAXACT];
    side_facts sf;
    int n = side_own(side, 0, idx, val, &sf);
    bg_net_hidden(net, idx, val, n, f->h);
    f->pips = sf.pips;
    f->rear = sf.rear;
    f->bar = sf.bar;
    memcpy(f->side, side, sizeof f->side);
}

void bg_net_eval_fixed(const bg_net *net, const bg_net_fix *f,
                       const bg_pos *p, int nout, float out[BG_NOUT])
{
    uint16_t idx[BG_NET_MAXACT];
    float val[BG_NET_MAXACT], h[BG_NET_NHID];
    side_facts f0 = { f->pips, f->rear, f->bar };
    const float *from = f->h;
    int n = 0;
    if (memcmp(p->s[0], f->side, sizeof f->side) != 0) {
        n = side_own(p->s[0], 0, idx, val, &f0);    /* a hit */
        from = net->b1;
    }
    n += rest_inputs(p, &f0, idx + n, val + n);
    bg_net_hidden_from(net, from, idx, val, n, h);
    bg_net_outputs_n(net, h, nout, out);
    bg_net_sanity(p, out);
}

/* A position whose value needs no net: the game over (s[1] has borne
 * off: a loss, a gammon or a backgammon as the rules count them), or
 * both sides in the bearing-off table.  1 and out, or 0. */
static int value_known(const bg_pos *p, float out[BG_NOUT])
{
    for (int side = 0; side < 2; side++)
        if (bg_pos_won(p, side)) {
            bg_pos q = *p;
            if (side)
                bg_pos_swap(&q);
            int pts = bg_pos_gammon(&q);
            out[BG_OUT_WIN] = 1;
            out[BG_OUT_WINGAMMON] = pts >= 2;
            out[BG_OUT_WINBG] = pts >= 3;
            out[BG_OUT_LOSEGAMMON] = out[BG_OUT_LOSEBG] = 0;
            if (side)
                bg_probs_swap(out);
            return 1;
        }
    float v = bg_bo_value(p);
    if (v >= 0) {
        /* Both sides have at most eight tiles left: seven are off. */
        out[BG_OUT_WIN] = v;
        out[BG_OUT_WINGAMMON] = out[BG_OUT_WINBG] = 0;
        out[BG_OUT_LOSEGAMMON] = out[BG_OUT_LOSEBG] = 0;
        return 1;
    }
    return 0;
}

void bg_net_value(const bg_net *net, const bg_pos *p, float out[BG_NOUT])
{
    if (!value_known(p, out))
        bg_net_eval(net, p, out);
}

void bg_net_value_fixed(const bg_net *net, const bg_net_fix *f,
                        const bg_pos *p, int nout, float out[BG_NOUT])
{
    if (!value_known(p, out))
        bg_net_eval_fixed(net, f, p, nout, out);
}
