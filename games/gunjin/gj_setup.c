/*
 * gj_setup.c - filling a territory: validation of a set-up, the random
 * set-up and the selection tray of the manual set-up, all obeying the
 * seed's placement restrictions ("Banners cannot be placed on the back row
 * and mines cannot block the bridge entrances at the front").
 *
 * Set-ups are written by territory index (gj_terr_sq), which is the same
 * for both sides, as the seed's swap_sides lets it write one routine for
 * the bottom side and call it twice.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "gj.h"

/* The seed's new_game flag initialisation, from the bottom side. */
uint16_t gj_start_mask(int k)
{
    int sq = gj_terr_sq(GJ_RED, k);
    uint16_t m = GJ_ALL_TYPES;
    if (sq < 0)
        return 0;
    if (gj_is_back_rank(GJ_RED, sq))
        m &= (uint16_t)~GJ_TYPE_BIT(GJ_BANNER);
    if (gj_is_bridge_entrance(GJ_RED, sq))
        m &= (uint16_t)~GJ_TYPE_BIT(GJ_MINE);
    return m;
}

int gj_setup_validate(const gj_setup *s)
{
    uint8_t n[GJ_TYPES] = { 0 };
    for (int k = 0; k < GJ_SIDE_PIECES; k++)
        if (s->type[k] >= GJ_TYPES)
            return GJ_SETUP_BAD_TYPE;
    for (int k = 0; k < GJ_SIDE_PIECES; k++)
        n[s->type[k]]++;
    if (memcmp(n, gj_type_count, sizeof n) != 0)
        return GJ_SETUP_BAD_COUNT;
    for (int k = 0; k < GJ_SIDE_PIECES; k++) {
        if (!(gj_start_mask(k) >> s->type[k] & 1))
            return s->type[k] == GJ_BANNER ? GJ_SETUP_BANNER_BACK
                                           : GJ_SETUP_MINE_BRIDGE;
    }
    return GJ_SETUP_OK;
}

/* Uniform over valid set-ups: shuffle the 23 pieces, keep a valid deal
 * (about two deals in three are). */
void gj_setup_random(gj_setup *s, gj_rng *r)
{
    int n = 0;
    for (int t = 0; t < GJ_TYPES; t++)
        for (int i = 0; i < gj_type_count[t]; i++)
            s->type[n++] = (uint8_t)t;
    do {
        for (int i = GJ_SIDE_PIECES - 1; i > 0; i--) {
            int j = (int)gj_rng_below(r, (uint32_t)i + 1);
            uint8_t x = s->type[i];
            s->type[i] = s->type[j];
            s->type[j] = x;
        }
    } while (gj_setup_validate(s) != GJ_SETUP_OK);
}

/* ---- The selection tray -------------------------------------------- */

void gj_tray_init(gj_tray *t)
{
    memset(t->s.type, GJ_UNKNOWN, sizeof t->s.type);
    memcpy(t->left, gj_type_count, sizeof t->left);
    t->placed = 0;
}

/*
 * Can what is left still be placed?  Only the Banner and the Landmines are
 * restricted, and their forbidden positions (back rank, bridge entrances)
 * are disjoint, so by Hall's theorem it is enough that the Banner has a
 * free position off the back rank and the mines as many free positions off
 * the bridge entrances as there are mines.
 */
static int completable(const gj_tray *t)
{
    int nb = 0, nm = 0;
    for (int k = 0; k < GJ_SIDE_PIECES; k++) {
        if (t->s.type[k] != GJ_UNKNOWN)
            continue;
        nb += gj_start_mask(k) >> GJ_BANNER & 1;
        nm += gj_start_mask(k) >> GJ_MINE & 1;
    }
    return nb >= t->left[GJ_BANNER] && nm >= t->left[GJ_MINE];
}

int gj_tray_can_place(const gj_tray *t, int k, int type)
{
    if (k < 0 || k >= GJ_SIDE_PIECES || type < 0 || type >= GJ_TYPES ||
        t->s.type[k] != GJ_UNKNOWN || !t->left[type] ||
        !(gj_start_mask(k) >> type & 1))
        return 0;
    gj_tray after = *t;
    after.s.type[k] = (uint8_t)type;
    after.left[type]--;
    return completable(&after);
}

uint16_t gj_tray_mask(const gj_tray *t, int k)
{
    uint16_t m = 0;
    for (int type = 0; type < GJ_TYPES; type++)
        if (gj_tray_can_place(t, k, type))
            m |= GJ_TYPE_BIT(type);
    return m;
}

int gj_tray_place(gj_tray *t, int k, int type)
{
    if (!gj_tray_can_place(t, k, type))
        return -1;
    t->s.type[k] = (uint8_t)type;
    t->left[type]--;
    t->placed++;
    return 0;
}

int gj_tray_take(gj_tray *t, int k)
{
    if (k < 0 || k >= GJ_SIDE_PIECES || t->s.type[k] == GJ_UNKNOWN)
        return -1;
    int type = t->s.type[k];
    t->s.type[k] = GJ_UNKNOWN;
    t->left[type]++;
    t->placed--;
    return type;
}

int gj_tray_done(const gj_tray *t)
{
    return t->placed == GJ_SIDE_PIECES;
}

/* The restricted pieces first, each on a random position that keeps the
 * rest placeable, then the others at random. */
void gj_tray_fill_random(gj_tray *t, gj_rng *r)
{
    static const uint8_t order[] = { GJ_BANNER, GJ_MINE };
    for (size_t i = 0; i <= sizeof order; i++) {
        for (int type = 0; type < GJ_TYPES; type++) {
            int restricted = type == GJ_BANNER || type == GJ_MINE;
            if (i < sizeof order ? type != order[i] : restricted)
                continue;
            while (t->left[type]) {
                int ok[GJ_SIDE_PIECES], n = 0;
                for (int k = 0; k < GJ_SIDE_PIECES; k++)
                    if (gj_tray_can_place(t, k, type))
                        ok[n++] = k;
                if (!n)
                    return;           /* cannot happen from a tray state */
                gj_tray_place(t, ok[gj_rng_below(r, (uint32_t)n)], type);
            }
        }
    }
}
