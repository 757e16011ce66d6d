/*
 * ck_egdb_index.c - numbering the positions of a slice.
 *
 * A slice's index is the product of four combinations, each numbered in
 * colexicographic order (the rank of squares p1 < p2 < ... < pk is the sum
 * of C(pi, i)):
 *   black men on squares 1-28 (a black man on 29-32 would be a king),
 *   white men on squares 5-32,
 *   black kings on the squares the men leave free,
 *   white kings on the squares left after those.
 * Kings are numbered among the free squares only, so no two kings share a
 * square; men are numbered each side on its own, so an index where a black
 * and a white man share a square names no position (about one in six at
 * six pieces, the price of an index computed in a few instructions).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <pthread.h>

#include "ck_egdb.h"

/* C(n, k) for n <= 32, k <= 12, built once on first use. */
static uint32_t ck_binom[33][13];
static pthread_once_t ck_binom_once = PTHREAD_ONCE_INIT;

static void ck_binom_fill(void)
{
    for (int n = 0; n <= 32; n++) {
        ck_binom[n][0] = 1;
        for (int k = 1; k <= 12; k++)
            ck_binom[n][k] = n == 0 ? 0
                             : ck_binom[n - 1][k - 1] + ck_binom[n - 1][k];
    }
}

static inline void ck_binom_init(void)
{
    pthread_once(&ck_binom_once, ck_binom_fill);
}

static inline uint64_t ck_c(int n, int k)
{
    return n < 0 || k > 12 ? 0 : ck_binom[n][k];
}

uint64_t ck_slice_size(ck_slice s)
{
    ck_binom_init();
    int free1 = 32 - s.bm - s.wm;
    return ck_c(28, s.bm) * ck_c(28, s.wm) * ck_c(free1, s.bk) *
           ck_c(free1 - s.bk, s.wk);
}

void ck_pos_flip(const ck_pos *p, ck_pos *out)
{
    uint32_t bl = ck_rev32(p->wh), wh = ck_rev32(p->bl);
    out->bl = bl;
    out->wh = wh;
    out->kings = ck_rev32(p->kings);
    out->turn = !p->turn;
}

ck_slice ck_slice_of(const ck_pos *p)
{
    ck_slice s;
    s.bm = (uint8_t)ck_popcount(p->bl & ~p->kings);
    s.bk = (uint8_t)ck_popcount(p->bl & p->kings);
    s.wm = (uint8_t)ck_popcount(p->wh & ~p->kings);
    s.wk = (uint8_t)ck_popcount(p->wh & p->kings);
    return s;
}

/* Colex rank of the set bits of x, each first lowered by 'shift'. */
static inline uint64_t ck_rank(uint32_t x, int shift)
{
    uint64_t r = 0;
    for (int i = 1; x; i++, x &= x - 1)
        r += ck_c(ck_lsb(x) - shift, i);
    return r;
}

/* Colex rank of the set bits of x counted among the squares not in occ. */
static inline uint64_t ck_rank_free(uint32_t x, uint32_t occ)
{
    uint64_t r = 0;
    for (int i = 1; x; i++, x &= x - 1) {
        int sq = ck_lsb(x);
        int at = sq - ck_popcount(occ & ((1u << sq) - 1));
        r += ck_c(at, i);
    }
    return r;
}

uint64_t ck_egdb_index(const ck_pos *p, ck_slice s)
{
    ck_binom_init();
    uint32_t bm = p->bl & ~p->kings, wm = p->wh & ~p->kings;
    uint32_t bk = p->bl & p->kings, wk = p->wh & p->kings;
    uint32_t men = bm | wm;
    int free1 = 32 - s.bm - s.wm;
    uint64_t i = ck_rank(bm, 0);
    i = i * ck_c(28, s.wm) + ck_rank(wm, 4);
    i = i * ck_c(free1, s.bk) + ck_rank_free(bk, men);
    i = i * ck_c(free1 - s.bk, s.wk) + ck_rank_free(wk, men | bk);
    return i;
}

/* The k positions (0-based) of colex rank r, as a bit set. */
static uint32_t ck_unrank(uint64_t r, int k)
{
    uint32_t set = 0;
    int top = 32;
    for (int i = k; i >= 1; i--) {
        int p = i - 1;
        while (p + 1 < top && ck_c(p + 1, i) <= r)
            p++;
        r -= ck_c(p, i);
        set |= 1u << p;
        top = p;
    }
    return set;
}

/* Spread the low bits of x over the squares not in occ. */
static uint32_t ck_spread_free(uint32_t x, uint32_t occ)
{
    uint32_t out = 0;
    int at = 0;
    for (int sq = 0; sq < 32 && x; sq++) {
        if (occ & (1u << sq))
            continue;
        if (x & (1u << at)) {
            out |= 1u << sq;
            x &= ~(1u << at);
        }
        at++;
    }
    return out;
}

int ck_egdb_unindex(ck_slice s, uint64_t idx, ck_pos *p)
{
    ck_binom_init();
    int free1 = 32 - s.bm - s.wm;
    uint64_t nwk = ck_c(free1 - s.bk, s.wk), nbk = ck_c(free1, s.bk);
    uint64_t nwm = ck_c(28, s.wm);
    uint64_t rwk = idx % nwk;
    idx /= nwk;
    uint64_t rbk = idx % nbk;
    idx /= nbk;
    uint64_t rwm = idx % nwm;
    uint64_t rbm = idx / nwm;
    uint32_t bm = ck_unrank(rbm, s.bm);
    uint32_t wm = ck_unrank(rwm, s.wm) << 4;
    if (bm & wm)
        return 0;
    uint32_t men = bm | wm;
    uint32_t bk = ck_spread_free(ck_unrank(rbk, s.bk), men);
    uint32_t wk = ck_spread_free(ck_unrank(rwk, s.wk), men | bk);
    p->bl = bm | bk;
    p->wh = wm | wk;
    p->kings = bk | wk;
    p->turn = CK_BLACK;
    return 1;
}
