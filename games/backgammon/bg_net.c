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

/* One side's inputs; *pips and *rear (its rearmost index, 24 for the
 * bar, -1 for none) are left for the whole-board inputs. */
static int side_inputs(const uint8_t *me, const uint8_t *opp, int base,
                       uint16_t *idx, float *val, int *pips_out,
                       int *rear_out)
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
    const float r6 = 1 / 6.0f, r15 = 1 / 15.0f, r36 = 1 / 36.0f;
    int off = BG_TILES - onboard - bar;
    if (off)
        PUT(98, off * r15);
    if (pips)
        PUT(99, pips * (1 / 167.0f));
    int sh = bg_net_shots(opp, me);
    if (sh)
        PUT(100, sh * r36);
    if (best)
        PUT(101, best * r6);
    if (home)
        PUT(102, home * r6);
    if (back)
        PUT(103, back * r15);
    int blocks = 0;
    for (int t = rear - 1; t >= 0 && t >= rear - 6; t--)
        blocks += opp[23 - t] >= 2;
    if (blocks)
        PUT(104, blocks * r6);
    if (inhome)
        PUT(105, inhome * r15);
    if (rear >= 0) {
        int e = escapes(opp, rear);
        if (e)
            PUT(106, e * r36);
    }
    if (bar) {
        int closed = 0;
        for (int j = 0; j < 6; j++)
            closed += opp[j] >= 2;
        if (closed)
            PUT(107, closed * r6);
    }
    for (int i = 18; i < 24; i++)
        if (me[i] >= 2) {
            PUT(108, (24 - i) * r6);
            break;
        }
    if (tohome)
        PUT(109, tohome * 0.01f);
#undef PUT
    *pips_out = pips;
    *rear_out = rear;
    return k;
}

int bg_net_inputs(const bg_pos *p, uint16_t *idx, float *val)
{
    int pips0, pips1, rear0, rear1;
    int k = side_inputs(p->s[0], p->s[1], 0, idx, val, &pips0, &rear0);
    k += side_inputs(p->s[1], p->s[0], BG_NET_SIDE, idx + k, val + k,
                     &pips1, &rear1);
    /* No contact: as bg_pos_race. */
    if (rear0 < 0 || rear1 < 0 || rear0 + rear1 < 23) {
        idx[k] = 2 * BG_NET_SIDE;
        val[k++] = 1;
    }
    if (pips0 != pips1) {
        idx[k] = 2 * BG_NET_SIDE + 1;
        val[k++] = (pips0 - pips1) * 0.01f;
    }
    return k;
}

/* Unaligned loads are fine: the weights are plain float arrays. */
typedef float v8 __attribute__((vector_size(32), aligned(4), may_alias));

/* The hot loop of every evaluation: the bias plus the rows of W1 for the
 * non-zero inputs, 64 hidden units at a time so that the sums stay in
 * registers; built for AVX2 as well when the compiler can dispatch. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void bg_net_hidden(const bg_net *net, const uint16_t *idx, const float *val,
                   int nact, float *h)
{
    for (int base = 0; base < BG_NET_NHID; base += 64) {
        const v8 *b = (const v8 *)(net->b1 + base);
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

typedef int v8i __attribute__((vector_size(32)));

/* The hidden activations and each output's sum b2 + w2 . act(h), eight
 * units at a time, then the logistic. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void bg_net_outputs(const bg_net *net, const float *h, float out[BG_NOUT])
{
    const v8 half = {0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f};
    const v8 one = half + half;
    v8 acc[BG_NOUT] = {{0}};
    for (int j = 0; j < BG_NET_NHID; j += 8) {
        v8 x = *(const v8 *)(h + j);
        v8 ax = (v8)((v8i)x & 0x7fffffff);
        v8 a = half + half * x / (one + ax);
        for (int o = 0; o < BG_NOUT; o++)
            acc[o] += *(const v8 *)(net->w2 + o * BG_NET_NHID + j) * a;
    }
    for (int o = 0; o < BG_NOUT; o++) {
        v8 c = acc[o];
        float z = net->b2[o] + ((c[0] + c[4]) + (c[1] + c[5])) +
                  ((c[2] + c[6]) + (c[3] + c[7]));
        out[o] = 1.0f / (1.0f + expf(-z));
    }
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

void bg_net_value(const bg_net *net, const bg_pos *p, float out[BG_NOUT])
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
            return;
        }
    float v = bg_bo_value(p);
    if (v >= 0) {
        /* Both sides have at most eight tiles left: seven are off. */
        out[BG_OUT_WIN] = v;
        out[BG_OUT_WINGAMMON] = out[BG_OUT_WINBG] = 0;
        out[BG_OUT_LOSEGAMMON] = out[BG_OUT_LOSEBG] = 0;
        return;
    }
    bg_net_eval(net, p, out);
}
