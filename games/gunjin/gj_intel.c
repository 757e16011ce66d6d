/*
 * gj_intel.c - the seed's intelligence from movement ("Moving
 * Hypothetically") and the counting inference this engine adds.
 * Start-position masks are gj_start_mask (gj_setup.c); combat masks are
 * gj_attacker_mask / gj_defender_mask (gj_combat.c).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "gj.h"

/*
 * ground_move_table_hi/lo.  Tier 0: a move a Spy could make (every ground
 * mover); tier 1: only a Cavalry's (two forward: Engineer, Cavalry, Tank);
 * tier 2: only an Engineer's; tier 3: no ground piece's.  The Plane bit is
 * clear in all of them and set from the Plane's own footprint.
 */
const uint16_t gj_tier_mask[4] = {
    0x3bff,     /* %00111011 %11111111  archetype Spy */
    0x0206,     /* %00000010 %00000110  archetype Cavalry */
    0x0002,     /* %00000000 %00000010  archetype Engineer */
    0x0000      /* %00000000 %00000000 */
};

/* The archetypal piece of each tier; each footprint holds the previous. */
static const uint8_t tier_archetype[3] = { GJ_SPY, GJ_CAVALRY, GJ_ENGINEER };

uint16_t gj_move_mask(const int8_t at[GJ_SQUARES], int side, int from, int to)
{
    int tier = 0;
    while (tier < 3 &&
           !(gj_dests(at, side, from, tier_archetype[tier]) & GJ_BIT(to)))
        tier++;
    uint16_t m = gj_tier_mask[tier];
    if (gj_dests(at, side, from, GJ_PLANE) & GJ_BIT(to))
        m |= GJ_TYPE_BIT(GJ_PLANE);
    return m;
}

static int popcount16(uint16_t x)
{
    return __builtin_popcount(x);
}

/*
 * Two sound rules, repeated until nothing changes (every mask always holds
 * its piece's true type, and a side has exactly gj_type_count[t] pieces of
 * type t, dead or alive):
 *   - if gj_type_count[t] pieces are known to be t, no other piece is;
 *   - if only gj_type_count[t] pieces may be t, each of them is.
 */
void gj_intel_refine(const uint16_t in[GJ_SIDE_PIECES],
                     uint16_t out[GJ_SIDE_PIECES])
{
    for (int i = 0; i < GJ_SIDE_PIECES; i++)
        out[i] = in[i];
    for (int changed = 1; changed;) {
        changed = 0;
        for (int t = 0; t < GJ_TYPES; t++) {
            uint16_t bit = GJ_TYPE_BIT(t);
            int known = 0, possible = 0;
            for (int i = 0; i < GJ_SIDE_PIECES; i++) {
                known += out[i] == bit;
                possible += (out[i] & bit) != 0;
            }
            for (int i = 0; i < GJ_SIDE_PIECES; i++) {
                uint16_t m = out[i];
                if (known >= gj_type_count[t] && m != bit)
                    m &= (uint16_t)~bit;
                else if (possible <= gj_type_count[t] && (m & bit))
                    m = bit;
                if (m != out[i] && popcount16(m) > 0) {
                    out[i] = m;
                    changed = 1;
                }
            }
        }
    }
}
