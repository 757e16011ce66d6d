/*
 * ck_eval.c - the static evaluation (the S0 notes kept "Active's material
 * advantage" and "Active's positional advantage" as two bytes of every
 * tree block; this is the same split, with more terms).
 *
 * Terms, from black's side and then mirrored for white:
 *   material      men 100, kings 130
 *   trading       when ahead, each exchange makes the lead worth more
 *   back rank     men on the "bridge" squares (1 and 3 for black, 30 and
 *                 32 for white) keep the other side from crowning
 *   centre        men and kings on the middle squares
 *   advancement   men nearer the crown, more so as the board empties
 *   runaways      a man no enemy piece stands in front of will crown
 *   mobility      plain moves available
 *   endgame       the stronger side's kings close in on the weaker side,
 *                 the weaker side's kings take refuge in a double corner
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "ck_search.h"

#define CK_MAN 100
#define CK_KING 130

/* Row masks (row 0 = squares 1-4). */
static const uint32_t ck_row[8] = {
    0x0000000Fu, 0x000000F0u, 0x00000F00u, 0x0000F000u,
    0x000F0000u, 0x00F00000u, 0x0F000000u, 0xF0000000u
};
#define CK_CENTRE  ((1u << 13) | (1u << 14) | (1u << 17) | (1u << 18))
#define CK_CENTRE2 ((1u << 9) | (1u << 10) | (1u << 21) | (1u << 22))
#define CK_EDGE    0x18181818u  /* left and right edges: 4,5,12,13,... */
#define CK_BRIDGE_B ((1u << 0) | (1u << 2))     /* squares 1 and 3 */
#define CK_BRIDGE_W ((1u << 29) | (1u << 31))   /* squares 30 and 32 */
#define CK_DCORNER ((1u << 0) | (1u << 4) | (1u << 27) | (1u << 31))

/*
 * The squares in front of each square for a man moving down (black): the
 * widening triangle it may still pass through.  Built on first principles
 * by ck_cone_down(); kept as a function of the square so no table needs
 * filling at run time.
 */
static uint32_t ck_cone_down(uint32_t b)
{
    uint32_t cone = 0, front = b;
    while ((front = ck_dl(front) | ck_dr(front)) != 0)
        cone |= front;
    return cone;
}
static uint32_t ck_cone_up(uint32_t b)
{
    uint32_t cone = 0, front = b;
    while ((front = ck_ul(front) | ck_ur(front)) != 0)
        cone |= front;
    return cone;
}

static inline uint32_t ck_spread(uint32_t x)
{
    return x | ck_dl(x) | ck_dr(x) | ck_ul(x) | ck_ur(x);
}

/* Sum over 'kings' of the king-move distance to the nearest of 'target'
 * (7 when out of reach). */
static int ck_distance_sum(uint32_t kings, uint32_t target)
{
    int sum = 0;
    uint32_t reach = target;
    for (int d = 0; d < 7 && (kings & ~reach); d++) {
        sum += ck_popcount(kings & ~reach);
        reach = ck_spread(reach);
    }
    return sum;
}

/* Runaway men: no enemy piece anywhere in front and the next squares not
 * blocked by the man's own side. */
static int ck_runaways(uint32_t men, uint32_t enemy, uint32_t own, int black)
{
    int bonus = 0;
    for (uint32_t m = men; m; m &= m - 1) {
        uint32_t b = m & -m;
        uint32_t cone = black ? ck_cone_down(b) : ck_cone_up(b);
        if (cone & enemy)
            continue;
        uint32_t next = black ? ck_dl(b) | ck_dr(b) : ck_ul(b) | ck_ur(b);
        if (!(next & ~own))
            continue;
        int row = ck_lsb(b) >> 2;
        int togo = black ? 7 - row : row;
        bonus += 40 - 4 * togo;
    }
    return bonus;
}

int ck_evaluate(const ck_pos *p)
{
    uint32_t bm = p->bl & ~p->kings, bk = p->bl & p->kings;
    uint32_t wm = p->wh & ~p->kings, wk = p->wh & p->kings;
    uint32_t empty = ~(p->bl | p->wh);
    int nbm = ck_popcount(bm), nbk = ck_popcount(bk);
    int nwm = ck_popcount(wm), nwk = ck_popcount(wk);
    int npieces = nbm + nbk + nwm + nwk;

    int matb = CK_MAN * nbm + CK_KING * nbk;
    int matw = CK_MAN * nwm + CK_KING * nwk;
    int score = matb - matw;

    /* Trading down when ahead: the same lead counts for more on an
     * emptier board. */
    int total = matb + matw;
    if (total < 2400)
        score += (matb - matw) * (2400 - total) / 3200;

    /* Back rank guard while the other side still has men to crown. */
    score += ck_popcount(bm & CK_BRIDGE_B) * (nwm > 3 ? 12 : 4);
    score -= ck_popcount(wm & CK_BRIDGE_W) * (nbm > 3 ? 12 : 4);
    if ((bm & CK_BRIDGE_B) == CK_BRIDGE_B && nwm > 3)
        score += 6;
    if ((wm & CK_BRIDGE_W) == CK_BRIDGE_W && nbm > 3)
        score -= 6;

    /* Centre. */
    score += 6 * (ck_popcount(bm & CK_CENTRE) - ck_popcount(wm & CK_CENTRE));
    score += 3 * (ck_popcount(bm & CK_CENTRE2) -
                  ck_popcount(wm & CK_CENTRE2));
    score += 10 * (ck_popcount(bk & (CK_CENTRE | CK_CENTRE2)) -
                   ck_popcount(wk & (CK_CENTRE | CK_CENTRE2)));
    score -= 6 * (ck_popcount(bk & CK_EDGE) - ck_popcount(wk & CK_EDGE));

    /* Advancement, weighed by how empty the board is. */
    int advb = 0, advw = 0;
    for (int r = 1; r < 7; r++) {
        advb += r * ck_popcount(bm & ck_row[r]);
        advw += (7 - r) * ck_popcount(wm & ck_row[r]);
    }
    score += (advb - advw) * (24 - npieces) / 6;

    /* Runaway men, worth less when the other side has kings to chase. */
    int runb = ck_runaways(bm & 0x0FFFF000u, p->wh, p->bl, 1);  /* 13-28 */
    int runw = ck_runaways(wm & 0x000FFFF0u, p->bl, p->wh, 0);  /* 5-20 */
    score += nwk ? runb / 2 : runb;
    score -= nbk ? runw / 2 : runw;

    /* Mobility: plain steps available to each side. */
    int mobb = ck_popcount(ck_dl(p->bl) & empty) +
               ck_popcount(ck_dr(p->bl) & empty) +
               ck_popcount(ck_ul(bk) & empty) + ck_popcount(ck_ur(bk) & empty);
    int mobw = ck_popcount(ck_ul(p->wh) & empty) +
               ck_popcount(ck_ur(p->wh) & empty) +
               ck_popcount(ck_dl(wk) & empty) + ck_popcount(ck_dr(wk) & empty);
    score += 2 * (mobb - mobw);
    /* Nothing to move but no capture either is a lost position; the
     * search sees it, the evaluation only leans away from it. */

    /* Endgame: the side ahead hunts with its kings; the side behind
     * hides in a double corner. */
    if (npieces <= 10 && matb != matw) {
        if (matb > matw && bk) {
            score -= 3 * ck_distance_sum(bk, p->wh);
            score -= 8 * ck_popcount(wk & CK_DCORNER);
        } else if (matw > matb && wk) {
            score += 3 * ck_distance_sum(wk, p->bl);
            score += 8 * ck_popcount(bk & CK_DCORNER);
        }
    }

    return p->turn == CK_BLACK ? score : -score;
}
