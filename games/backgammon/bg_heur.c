/*
 * bg_heur.c - the article's computer player, ATARI: "kept fairly simple in
 * order to restrict 'thinking time' but it nevertheless plays fairly
 * intelligently".  The article prints no listing of its logic, so this is
 * a reconstruction of what its STRATEGY section preaches, one look at each
 * legal play: hit when it is worth it, make points (home points and the
 * blocking points most), keep tiles safe, and once the armies have passed
 * each other race home and bear off.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "bg.h"
#include "bg_net.h"
#include "bg_ai_int.h"

/* The score of a position after the mover's play (mover in s[0]). */
int bg_heur_score(const bg_pos *p)
{
    const uint8_t *me = p->s[0], *opp = p->s[1];
    int off = bg_pos_off(p, 0), pips = bg_pos_pips(p, 0);
    if (off == BG_TILES)
        return 1000000;
    if (bg_pos_race(p)) {
        /* Race home: bear off, save pips, do not pile up. */
        int s = off * 400 - pips * 8;
        for (int i = 0; i < 6; i++)
            if (me[i] > 3)
                s -= (me[i] - 3) * 6;
        return s;
    }
    int s = 0;
    /* Enemy tiles hit: the further they had come, the better. */
    s += opp[BG_BAR] * 90;
    s += (bg_pos_pips(p, 1) - pips) * 2;
    for (int i = 0; i < 24; i++) {
        if (me[i] >= 2) {
            s += 30;
            if (i < 6)
                s += 25;            /* home board point */
            if (i >= 3 && i <= 7)
                s += 15;            /* blocking points 4..8 */
            if (me[i] > 3)
                s -= (me[i] - 3) * 8;   /* heavy stack */
        }
    }
    /* Lone tiles: the more rolls hit them and the further they have come,
     * the worse. */
    int shots = bg_net_shots(opp, me);
    if (shots) {
        int risk = 0;
        for (int i = 0; i < 24; i++)
            if (me[i] == 1)
                risk += 25 - i;
        s -= shots * (10 + risk / 2);
    }
    /* Tiles still deep behind the enemy lines want to come home. */
    for (int i = 18; i < 24; i++)
        s -= me[i] * 6;
    s -= me[BG_BAR] * 40;
    return s;
}
