/*
 * bg_net.c - inputs and forward pass of the evaluation net.
 *
 * Each side (the side on roll first) is described by 106 inputs:
 *   4 per point 1..24: one tile (a blot), two, three or more, and
 *     (n-3)/2 for tiles beyond three (the usual truncated unary code);
 *   the bar: any tile there, and n/4;  tiles off, n/15;  pips/167;
 *   shots: the rolls (of 36) on which the other side, rolling, hits one
 *     of this side's lone tiles, /36;
 *   the longest run of points held (two or more) /6;  home points held /6;
 *   tiles back in the other side's home or on the bar /15;
 *   points the other side holds in the six in front of this side's
 *     rearmost tile /6;  tiles in this side's home /15.
 * Then two for the whole board: no contact left, and the pip difference.
 */
#include <math.h>
#include <string.h>

#include "bg_net.h"

static int can_land(const uint8_t *b, int t)
{
    return t < 0 || b[23 - t] < 2;     /* t < 0: past the end, no landing */
}

/* One roll: can a (a's indices) hit a lone tile of b?  The bar rule is
 * kept roughly: with a tile on the bar only hits from the bar count. */
static int roll_hits(const uint8_t *a, const uint8_t *b, const uint8_t *blot,
                     int d1, int d2)
{
    int lo = a[BG_BAR] ? BG_BAR : 0;
    for (int i = BG_BAR; i >= lo; i--) {
        if (!a[i])
            continue;
        if (i - d1 >= 0 && blot[i - d1])
            return 1;
        if (i - d2 >= 0 && blot[i - d2])
            return 1;
        if (a[BG_BAR] > 1)
            continue;
        if (d1 != d2) {
            int t = i - d1 - d2;
            if (t >= 0 && blot[t] &&
                ((i - d1 >= 0 && can_land(b, i - d1)) ||
                 (i - d2 >= 0 && can_land(b, i - d2))))
                return 1;
        } else {
            for (int m = 1; m <= 3; m++) {
                int t = i - d1 * m;
                if (t < 0 || !can_land(b, t))
                    break;
                if (t - d1 >= 0 && blot[t - d1])
                    return 1;
            }
        }
    }
    return 0;
}

int bg_net_shots(const uint8_t *a, const uint8_t *b)
{
    uint8_t blot[24];
    int any = 0;
    for (int t = 0; t < 24; t++)
        any |= blot[t] = b[23 - t] == 1;
    if (!any)
        return 0;
    int n = 0;
    for (int d1 = 1; d1 <= 6; d1++)
        for (int d2 = d1; d2 <= 6; d2++)
            if (roll_hits(a, b, blot, d1, d2))
                n += d1 == d2 ? 1 : 2;
    return n;
}

static int side_inputs(const uint8_t *me, const uint8_t *opp, int base,
                       uint16_t *idx, float *val)
{
    int k = 0, pips = 0, onboard = 0, run = 0, best = 0, home = 0, back = 0;
    int inhome = 0, rear = -1;
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
    }
    int bar = me[BG_BAR];
    if (bar) {
        PUT(96, 1);
        PUT(97, bar * 0.25f);
        rear = 24;
    }
    pips += bar * 25;
    back += bar;
    int off = BG_TILES - onboard - bar;
    if (off)
        PUT(98, off / 15.0f);
    if (pips)
        PUT(99, pips / 167.0f);
    int sh = bg_net_shots(opp, me);
    if (sh)
        PUT(100, sh / 36.0f);
    if (best)
        PUT(101, best / 6.0f);
    if (home)
        PUT(102, home / 6.0f);
    if (back)
        PUT(103, back / 15.0f);
    int blocks = 0;
    for (int t = rear - 1; t >= 0 && t >= rear - 6; t--)
        blocks += opp[23 - t] >= 2;
    if (blocks)
        PUT(104, blocks / 6.0f);
    if (inhome)
        PUT(105, inhome / 15.0f);
#undef PUT
    return k;
}

int bg_net_inputs(const bg_pos *p, uint16_t *idx, float *val)
{
    int k = side_inputs(p->s[0], p->s[1], 0, idx, val);
    k += side_inputs(p->s[1], p->s[0], BG_NET_SIDE, idx + k, val + k);
    if (bg_pos_race(p)) {
        idx[k] = 2 * BG_NET_SIDE;
        val[k++] = 1;
    }
    int d = bg_pos_pips(p, 0) - bg_pos_pips(p, 1);
    if (d) {
        idx[k] = 2 * BG_NET_SIDE + 1;
        val[k++] = d / 100.0f;
    }
    return k;
}

typedef float v8 __attribute__((vector_size(32)));

void bg_net_hidden(const bg_net *net, const uint16_t *idx, const float *val,
                   int nact, float *h)
{
    v8 acc[BG_NET_NHID / 8];
    memcpy(acc, net->b1, sizeof acc);
    for (int a = 0; a < nact; a++) {
        v8 w[BG_NET_NHID / 8];
        memcpy(w, net->w1 + (size_t)idx[a] * BG_NET_NHID, sizeof w);
        float x = val[a];
        if (x == 1.0f)
            for (int j = 0; j < BG_NET_NHID / 8; j++)
                acc[j] += w[j];
        else
            for (int j = 0; j < BG_NET_NHID / 8; j++)
                acc[j] += w[j] * x;
    }
    memcpy(h, acc, sizeof acc);
}

float bg_net_eval(const bg_net *net, const bg_pos *p)
{
    uint16_t idx[BG_NET_MAXACT];
    float val[BG_NET_MAXACT], h[BG_NET_NHID];
    int n = bg_net_inputs(p, idx, val);
    bg_net_hidden(net, idx, val, n, h);
    float z = net->b2;
    for (int j = 0; j < BG_NET_NHID; j++)
        z += net->w2[j] * bg_net_act(h[j]);
    return 1.0f / (1.0f + expf(-z));
}

float bg_net_value(const bg_net *net, const bg_pos *p)
{
    if (bg_pos_won(p, 1))
        return 0.0f;
    if (bg_pos_won(p, 0))
        return 1.0f;
    return bg_net_eval(net, p);
}
