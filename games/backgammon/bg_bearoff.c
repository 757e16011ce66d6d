/*
 * bg_bearoff.c - the bearing-off table: ranking a home board and building
 * the table (for the generator, bg_bearoff_gen.c, which make runs; this
 * file must not use the table it builds).  Combining two sides' turns is
 * in bg_bearoff_value.c.
 *
 * Ranks: positions are ordered by the count on point 1, then point 2, ...
 * each from 0 up; the rank of (c1..c6) with at most N tiles counts the
 * positions before it, W(m, r) = C(r + m, m) being the number of ways to
 * put at most r tiles on m points.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "bg_bearoff.h"

/* C(n, k) for n <= 14, k <= 6. */
static int binom(int n, int k)
{
    int r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return r;
}

static int rank_counts(const int *c)
{
    int rank = 0, left = BG_BO_TILES;
    for (int i = 0; i < 6; i++) {
        for (int v = 0; v < c[i]; v++)
            rank += binom(left - v + 5 - i, 5 - i);
        left -= c[i];
    }
    return rank;
}

int bg_bo_rank(const uint8_t side[25])
{
    int c[6], n = 0;
    for (int i = 6; i < 25; i++)
        if (side[i])
            return -1;
    for (int i = 0; i < 6; i++)
        n += c[i] = side[i];
    return n <= BG_BO_TILES ? rank_counts(c) : -1;
}

/* Building: every position from its successors, fewest pips first. */
typedef struct bo_entry { int c[6], pips; } bo_entry;

static void enumerate(bo_entry *e, int *n, int *c, int i, int left)
{
    if (i == 6) {
        memcpy(e[*n].c, c, sizeof e[*n].c);
        e[*n].pips = 0;
        for (int k = 0; k < 6; k++)
            e[*n].pips += c[k] * (k + 1);
        (*n)++;
        return;
    }
    for (int v = 0; v <= left; v++) {
        c[i] = v;
        enumerate(e, n, c, i + 1, left - v);
    }
}

static int by_pips(const void *x, const void *y)
{
    return ((const bo_entry *)x)->pips - ((const bo_entry *)y)->pips;
}

void bg_bo_build(double (*dist)[BG_BO_TURNS])
{
    bo_entry *e = malloc(sizeof *e * BG_BO_POS);
    double *mean = calloc(BG_BO_POS, sizeof *mean);
    bg_movelist *ml = malloc(sizeof *ml);
    int n = 0, c[6];
    enumerate(e, &n, c, 0, BG_BO_TILES);
    qsort(e, (size_t)n, sizeof *e, by_pips);
    for (int k = 0; k < n; k++) {
        int r = rank_counts(e[k].c);
        memset(dist[r], 0, sizeof dist[r]);
        if (e[k].pips == 0) {
            dist[r][0] = 1;
            continue;
        }
        bg_pos p;
        memset(&p, 0, sizeof p);
        for (int i = 0; i < 6; i++)
            p.s[0][i] = (uint8_t)e[k].c[i];
        for (int d1 = 1; d1 <= 6; d1++)
            for (int d2 = d1; d2 <= 6; d2++) {
                double w = (d1 == d2 ? 1 : 2) / 36.0;
                bg_moves(&p, d1, d2, BG_RULES_STANDARD, ml);
                int best = -1;
                for (int m = 0; m < ml->n; m++) {
                    int q = bg_bo_rank(ml->m[m].after.s[0]);
                    if (best < 0 || mean[q] < mean[best])
                        best = q;
                }
                for (int t = 1; t < BG_BO_TURNS; t++)
                    dist[r][t] += w * dist[best][t - 1];
            }
        for (int t = 0; t < BG_BO_TURNS; t++)
            mean[r] += t * dist[r][t];
    }
    free(ml);
    free(mean);
    free(e);
}
