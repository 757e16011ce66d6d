/*
 * test_gj_combat.c - the umpire: the seed's combat table as printed, its
 * outcome rules, and the exact masks of possible types for every
 * attacker/defender pair, checked by brute force against the rules.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "test_gj.h"
#include "gunjin/gj_tool.h"

/* The seed's "Table-driven Combat" rows, high and low flags as printed. */
static const char *const seed_rows[16][2] = {
    { "10100000", "00000000" }, { "11000000", "00000011" },
    { "10000000", "00000111" }, { "10000000", "00001111" },
    { "10000000", "00011111" }, { "10000000", "00111111" },
    { "10000000", "01111111" }, { "10000000", "11111111" },
    { "10000001", "11111111" }, { "10000011", "11111111" },
    { "11000111", "11111111" }, { "10001111", "11111111" },
    { "10011111", "11111111" }, { "10111111", "11111110" },
    { "11111011", "11111101" }, { "10000000", "00000000" },
};

START_TEST(table_is_the_seeds)
{
    for (int a = 0; a < GJ_TYPES; a++) {
        unsigned v = (unsigned)strtoul(seed_rows[a][0], 0, 2) << 8 |
                     (unsigned)strtoul(seed_rows[a][1], 0, 2);
        ck_assert_uint_eq(gj_combat_table[a], v);
    }
}
END_TEST

START_TEST(outcomes_follow_the_seeds_rules)
{
    /* "Numerically higher piece types usually defeat lower ones". */
    ck_assert_int_eq(gj_outcome(GJ_GENERAL, GJ_COLONEL), GJ_ATTACKER);
    ck_assert_int_eq(gj_outcome(GJ_CAPTAIN, GJ_MAJOR), GJ_DEFENDER);
    /* Same type: both go, except the Spy, whose own bit is clear. */
    for (int t = 1; t < GJ_MINE; t++)
        ck_assert_int_eq(gj_outcome(t, t), GJ_BOTH);
    ck_assert_int_eq(gj_outcome(GJ_SPY, GJ_SPY), GJ_DEFENDER);
    /* The Spy beats the General, and the General attacking a Spy loses. */
    ck_assert_int_eq(gj_outcome(GJ_SPY, GJ_GENERAL), GJ_ATTACKER);
    ck_assert_int_eq(gj_outcome(GJ_GENERAL, GJ_SPY), GJ_DEFENDER);
    ck_assert_int_eq(gj_outcome(GJ_SPY, GJ_LTGEN), GJ_DEFENDER);
    /* Mines: cleared by the Engineer and the Plane, take anyone else. */
    for (int a = 0; a < GJ_MINE; a++)
        ck_assert_int_eq(gj_outcome(a, GJ_MINE),
                         a == GJ_ENGINEER || a == GJ_PLANE ? GJ_ATTACKER
                                                           : GJ_BOTH);
    /* An undefended Banner loses to everything. */
    for (int a = 0; a < GJ_MINE; a++)
        ck_assert_int_eq(gj_outcome(a, GJ_BANNER), GJ_ATTACKER);
    /* The Plane beats the Tank, not the Major General. */
    ck_assert_int_eq(gj_outcome(GJ_PLANE, GJ_TANK), GJ_ATTACKER);
    ck_assert_int_eq(gj_outcome(GJ_TANK, GJ_PLANE), GJ_DEFENDER);
    ck_assert_int_eq(gj_outcome(GJ_PLANE, GJ_MAJGEN), GJ_DEFENDER);
}
END_TEST

/*
 * The outcome from the seed's rules as its prose states them (rank order
 * and its exceptions), not from the bit table that gj_outcome reads, so
 * the two are independent: a wrong bit or a wrong reading of the table
 * shows up here.  Rows 14 and 15 never attack; the seed keeps them for its
 * mask formulas, a Landmine's row being "whom a mine takes".
 */
static int rules_outcome(int a, int d)
{
    if (d == GJ_BANNER)         /* undefended: loses to everything */
        return a == d ? GJ_BOTH : GJ_ATTACKER;
    if (d == GJ_MINE)           /* cleared by the Engineer and the Plane */
        return a == GJ_ENGINEER || a == GJ_PLANE ? GJ_ATTACKER : GJ_BOTH;
    if (a == GJ_MINE)           /* takes all but the Engineer and Plane */
        return d == GJ_ENGINEER || d == GJ_PLANE ? GJ_DEFENDER : GJ_ATTACKER;
    if (a == GJ_BANNER)         /* beats only a Banner */
        return GJ_DEFENDER;
    if (a == GJ_SPY)            /* beats the General, not another Spy */
        return d == GJ_GENERAL ? GJ_ATTACKER : GJ_DEFENDER;
    if (d == GJ_SPY)            /* the General attacking a Spy loses */
        return a == GJ_GENERAL ? GJ_DEFENDER : GJ_ATTACKER;
    /* Otherwise the higher type wins; the same type: both go. */
    return a > d ? GJ_ATTACKER : a == d ? GJ_BOTH : GJ_DEFENDER;
}

START_TEST(masks_are_exact_for_every_pair)
{
    for (int a = 0; a < GJ_TYPES; a++)
        for (int d = 0; d < GJ_TYPES; d++) {
            ck_assert_int_eq(gj_outcome(a, d), rules_outcome(a, d));
            for (int o = GJ_ATTACKER; o <= GJ_BOTH; o++) {
                uint16_t am = gj_attacker_mask(o, d);
                uint16_t dm = gj_defender_mask(o, a);
                for (int t = 0; t < GJ_TYPES; t++) {
                    /* Movers 0..13 attack; a Banner may fight as 0..14. */
                    int want_a = t == GJ_BANNER ||
                                 (t < GJ_MINE && rules_outcome(t, d) == o);
                    int want_d = t == GJ_BANNER || rules_outcome(a, t) == o;
                    ck_assert_msg((am >> t & 1) == want_a,
                                  "attacker %d in %s vs %d", t,
                                  gj_outcome_name[o], d);
                    ck_assert_msg((dm >> t & 1) == want_d,
                                  "defender %d in %s vs %d", t,
                                  gj_outcome_name[o], a);
                }
            }
        }
}
END_TEST

/* The seed's formulas as printed, to show where they are loose. */
static uint16_t seed_att(int o, int a, int d)
{
    const uint16_t *T = gj_combat_table;
    (void)a;
    if (o == GJ_ATTACKER)
        return T[d] ^ 0x7fff;          /* its $efff, read as its prose */
    if (o == GJ_DEFENDER)
        return T[d] ^ (1u << d);
    return d == GJ_MINE ? T[d] : (uint16_t)(1u << d);
}

static uint16_t seed_def(int o, int a)
{
    const uint16_t *T = gj_combat_table;
    if (o == GJ_ATTACKER)
        return T[a] ^ (1u << a);
    if (o == GJ_DEFENDER)
        return T[a] ^ 0x7fff;
    return (uint16_t)((T[a] & 0xc000) ^ 0x4000 ^ (1u << a));
}

START_TEST(seed_formulas_are_loose_where_the_notes_say)
{
    /* An attacker that beat a Spy: the seed leaves the Spy possible. */
    int o = gj_outcome(GJ_CAPTAIN, GJ_SPY);
    ck_assert(seed_att(o, GJ_CAPTAIN, GJ_SPY) >> GJ_SPY & 1);
    ck_assert(!(gj_attacker_mask(o, GJ_SPY) >> GJ_SPY & 1));
    /* A defender that beat its attacker: the seed leaves the mine. */
    o = gj_outcome(GJ_MAJOR, GJ_GENERAL);
    ck_assert_int_eq(o, GJ_DEFENDER);
    ck_assert(seed_def(o, GJ_MAJOR) >> GJ_MINE & 1);
    ck_assert(!(gj_defender_mask(o, GJ_MAJOR) >> GJ_MINE & 1));
    /* Everywhere else the seed's masks hold the exact ones (they are
     * sound), and their extra types are only those three kinds: the Spy for
     * an attacker that beat a Spy, the mine for a defender that won, and
     * the Spy for a defender attacked by a Spy (toggling the Spy's own bit,
     * which is clear, sets it instead of clearing it). */
    for (int a = 0; a < GJ_MINE; a++)
        for (int d = 0; d < GJ_TYPES; d++) {
            int oo = gj_outcome(a, d);
            uint16_t xa = gj_attacker_mask(oo, d) & 0x3fff;
            uint16_t sa = seed_att(oo, a, d) & 0x3fff;
            uint16_t xd = gj_defender_mask(oo, a) & 0x7fff;
            uint16_t sd = seed_def(oo, a) & 0x7fff;
            ck_assert_uint_eq(xa & ~sa, 0);
            ck_assert_uint_eq(xd & ~sd, 0);
            uint16_t extra_a = sa & ~xa, extra_d = sd & ~xd;
            ck_assert_msg(extra_a == 0 ||
                          (d == GJ_SPY && extra_a == GJ_TYPE_BIT(GJ_SPY)),
                          "attacker mask %d vs %d: %04x", a, d, extra_a);
            uint16_t allowed = 0;
            if (oo == GJ_DEFENDER)
                allowed |= GJ_TYPE_BIT(GJ_MINE);
            if (a == GJ_SPY)
                allowed |= GJ_TYPE_BIT(GJ_SPY);
            ck_assert_msg((extra_d & ~allowed) == 0,
                          "defender mask %d vs %d: %04x", a, d, extra_d);
        }
    /* The third kind, once. */
    ck_assert(seed_def(GJ_ATTACKER, GJ_SPY) >> GJ_SPY & 1);
    ck_assert(!(gj_defender_mask(GJ_ATTACKER, GJ_SPY) >> GJ_SPY & 1));
}
END_TEST

/* Run the tool with its stdout and stderr captured in out. */
static int run_tool(char *out, size_t size, int argc, char **argv)
{
    return tu_tool_stdio(gj_tool_main, out, size, 1, argc, argv);
}

START_TEST(tool_prints_outcome_and_masks)
{
    char out[4096];
    char *spy_gen[] = { "gunjin", "combat", "0", "13", 0 };
    ck_assert_int_eq(run_tool(out, sizeof out, 4, spy_gen), 0);
    /* Only a Spy beats a General; a Spy only beats a General (or the
     * Banner, bit 15). */
    ck_assert_str_eq(out, "ATTACKER 8001 a000\n");
    char *tank_mine[] = { "gunjin", "combat", "9", "14", 0 };
    ck_assert_int_eq(run_tool(out, sizeof out, 4, tank_mine), 0);
    ck_assert_str_eq(out, "BOTH bbfd c200\n");
    char *help[] = { "gunjin", "--help", 0 };
    ck_assert_int_eq(run_tool(out, sizeof out, 2, help), 0);
    ck_assert_ptr_nonnull(strstr(out, "combat A D"));
    char *bad[] = { "gunjin", "combat", "16", "0", 0 };
    ck_assert_int_eq(run_tool(out, sizeof out, 4, bad), 2);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("gj_combat");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, table_is_the_seeds);
    tcase_add_test(tc, outcomes_follow_the_seeds_rules);
    tcase_add_test(tc, masks_are_exact_for_every_pair);
    tcase_add_test(tc, seed_formulas_are_loose_where_the_notes_say);
    tcase_add_test(tc, tool_prints_outcome_and_masks);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
