/*
 * gj_combat.c - the umpire: the seed's table-driven combat and the exact
 * masks of possible types that an outcome leaves (its "Serious Bit
 * Twiddling", made exact).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "gj.h"

const char *const gj_outcome_name[4] = {
    "MOVED", "ATTACKER", "DEFENDER", "BOTH"
};

/*
 * combat_table_hi/lo, exactly as the seed prints it: bit d of row a is set
 * when an attacking a defeats a defending d.  Rows 14 and 15 are never
 * attackers; the seed keeps them for its mask formulas.
 */
const uint16_t gj_combat_table[GJ_TYPES] = {
    0xa000, /*  0 Spy can defeat a General, but not another Spy */
    0xc003, /*  1 Engineer can defeat mines */
    0x8007, /*  2 */
    0x800f, /*  3 */
    0x801f, /*  4 */
    0x803f, /*  5 */
    0x807f, /*  6 */
    0x80ff, /*  7 */
    0x81ff, /*  8 */
    0x83ff, /*  9 */
    0xc7ff, /* 10 Plane can defeat Mines */
    0x8fff, /* 11 */
    0x9fff, /* 12 */
    0xbffe, /* 13 General is defeated by a Spy */
    0xfbfd, /* 14 Mines are defeated by Engineers and Planes */
    0x8000  /* 15 Undefended Banners are defeated by everything */
};

/*
 * resolve_move's test: the attacker wins if its row has the defender's bit,
 * pyrrhically if both are the same type (the Spy is the one piece with its
 * own bit clear, so a Spy attacking a Spy simply loses); with the bit clear
 * the defender wins, unless it is a mine, which takes the attacker with it.
 */
int gj_outcome(int a, int d)
{
    if (gj_combat_table[a] >> d & 1)
        return a == d ? GJ_BOTH : GJ_ATTACKER;
    return d == GJ_MINE ? GJ_BOTH : GJ_DEFENDER;
}

int gj_fights_as(const int8_t at[GJ_SQUARES], const uint8_t type[GJ_PIECES],
                 int sq)
{
    int id = at[sq];
    if (type[id] != GJ_BANNER)
        return type[id];
    int side = GJ_SIDE_OF(id);
    /* Directly behind = one rank toward its own back rank (never off the
     * board: the Banner may not stand on the back rank); from C2 or D2 that
     * is the HQ. */
    int behind = gj_canon(sq + (side == GJ_RED ? -GJ_FILES : GJ_FILES));
    int b = behind >= 0 ? at[behind] : -1;
    if (b < 0 || GJ_SIDE_OF(b) != side)
        return GJ_BANNER;                 /* nobody there: loses to anything */
    return type[b];
}

/* Which rows have bit d: the attackers that beat d (the table's column). */
static uint16_t column(int d)
{
    uint16_t c = 0;
    for (int a = 0; a < GJ_TYPES; a++)
        c |= (uint16_t)((gj_combat_table[a] >> d & 1) << a);
    return c;
}

#define MOVERS 0x3fffu          /* types 0..13: all that can attack */
#define STANDERS 0x7fffu        /* types 0..14: all a Banner may fight as */

/*
 * The seed computes the masks from one row of the table:
 *
 *   outcome    attacker's mask                  defender's mask
 *   Attacker   table[def] ^ $efff               table[att] ^ (1 << att)
 *   Defender   table[def] ^ (1 << def)          table[att] ^ $efff
 *   Pyrrhic    ismine(def) ? table[def]         (table[att] & $c000)
 *                          : (1 << def)           ^ $4000 ^ (1 << att)
 *
 * The attacker's mask there reads the defender's ROW as if it were the
 * defender's COLUMN (the table is "mostly symmetric", its footnote 2), and
 * $efff means $7fff (its prose: only the banner bit is not inverted).  Read
 * so they are sound but loose in three ways: the Spy stays possible
 * for an attacker that beat a Spy, the Landmine for a defender that beat
 * its attacker, and the Spy for a defender a Spy attacked (^ (1 << att)
 * meant to clear the attacker's own bit sets the Spy's, which is clear).
 * Below, the attacker's mask is taken from the defender's column and the
 * defender's from the attacker's row, restricted to the types that can be
 * there (movers attack; a Banner never stands for itself), so that a
 * type stays if and only if it would have produced the outcome.
 */
uint16_t gj_attacker_mask(int outcome, int d)
{
    uint16_t col = column(d), m;
    switch (outcome) {
    case GJ_ATTACKER:
        m = col & (uint16_t)~GJ_TYPE_BIT(d);
        break;
    case GJ_DEFENDER:
        m = d == GJ_MINE ? 0 : (uint16_t)~col;
        break;
    case GJ_BOTH:
        m = d == GJ_MINE ? (uint16_t)~col : (uint16_t)(col & GJ_TYPE_BIT(d));
        break;
    default:
        return GJ_ALL_TYPES;
    }
    return (uint16_t)((m & MOVERS) | GJ_TYPE_BIT(GJ_BANNER));
}

uint16_t gj_defender_mask(int outcome, int a)
{
    uint16_t row = gj_combat_table[a], m;
    switch (outcome) {
    case GJ_ATTACKER:
        m = row & (uint16_t)~GJ_TYPE_BIT(a);
        break;
    case GJ_DEFENDER:
        m = (uint16_t)~row & (uint16_t)~GJ_TYPE_BIT(GJ_MINE);
        break;
    case GJ_BOTH:
        m = (uint16_t)((row & GJ_TYPE_BIT(a)) |
                       (~row & GJ_TYPE_BIT(GJ_MINE)));
        break;
    default:
        return GJ_ALL_TYPES;
    }
    return (uint16_t)((m & STANDERS) | GJ_TYPE_BIT(GJ_BANNER));
}
