/*
 * test_bg_rules.c - the article's rules in the legal-move generator and in
 * the step-by-step turn: the five-tile limit, closed points, entering from
 * the bar and forfeiting, using both dice or the larger, bearing off with
 * higher dice, the intermediate point of a sum, doubles.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "backgammon/bg.h"
#include "testutil.h"

/* Build a position from "point count" pairs for each side, 0-terminated;
 * point 25 is the bar.  Side 0 is on roll; the opponent's points are its
 * own numbering. */
static bg_pos mk(const int *me, const int *opp)
{
    bg_pos p;
    memset(&p, 0, sizeof p);
    for (; *me; me += 2)
        p.s[0][me[0] - 1] = (uint8_t)me[1];
    for (; *opp; opp += 2)
        p.s[1][opp[0] - 1] = (uint8_t)opp[1];
    return p;
}

static bg_movelist *ml;

static void setup(void) { ml = malloc(sizeof *ml); }
static void teardown(void) { free(ml); }

/* The plays as gnubg text, joined by " | ", in generation order. */
static int has_play(const char *want)
{
    char buf[64];
    for (int k = 0; k < ml->n; k++) {
        bg_move_format(&ml->m[k], -1, buf, sizeof buf);
        if (!strcmp(buf, want))
            return 1;
    }
    return 0;
}

static int uses_step(int from, int to)
{
    for (int k = 0; k < ml->n; k++)
        for (int s = 0; s < ml->m[k].n; s++)
            if (ml->m[k].st[s].from == from && ml->m[k].st[s].to == to)
                return 1;
    return 0;
}

START_TEST(start_counts_match_gnubg)
{
    /* gnubg 1.07 lists 16 plays for an opening 31 and 11 for 66. */
    bg_pos p;
    bg_pos_start(&p);
    ck_assert_int_eq(bg_moves(&p, 3, 1, BG_RULES_STANDARD, ml), 2);
    ck_assert_int_eq(ml->n, 16);
    ck_assert(has_play("8/5 6/5"));
    ck_assert_int_eq(bg_moves(&p, 6, 6, BG_RULES_STANDARD, ml), 4);
    ck_assert_int_eq(ml->n, 11);
    ck_assert(has_play("24/18(2) 13/7(2)"));
    ck_assert_int_eq(bg_pos_pips(&p, 0), 167);
}
END_TEST

START_TEST(five_tile_limit)
{
    /* Green's peg 6 holds five: 8/6 is refused under ATARI rules only. */
    bg_pos p;
    bg_turn t;
    bg_pos_start(&p);
    bg_moves(&p, 2, 1, BG_RULES_ATARI, ml);
    ck_assert(!uses_step(8, 6));
    for (int k = 0; k < ml->n; k++)
        ck_assert_int_eq(bg_pos_check(&ml->m[k].after, BG_RULES_ATARI), 0);
    bg_moves(&p, 2, 1, BG_RULES_STANDARD, ml);
    ck_assert(uses_step(8, 6));
    bg_turn_begin(&t, &p, 2, 1, BG_RULES_ATARI);
    ck_assert_int_eq(bg_turn_play(&t, 8, 6), BG_ERR_FULL);
    ck_assert_int_eq(bg_turn_play(&t, 8, 7), BG_OK);
    ck_assert_int_eq(bg_turn_play(&t, 8, 6), BG_ERR_FULL);
    bg_turn_begin(&t, &p, 2, 1, BG_RULES_STANDARD);
    ck_assert_int_eq(bg_turn_play(&t, 8, 6), BG_OK);
    /* A full peg opens again when a tile leaves it: 6/5 then 8/6. */
    bg_moves(&p, 2, 1, BG_RULES_ATARI, ml);
    ck_assert(!has_play("8/6 6/5"));
    bg_turn_begin(&t, &p, 2, 1, BG_RULES_ATARI);
    ck_assert_int_eq(bg_turn_play(&t, 6, 5), BG_OK);
    ck_assert_int_eq(bg_turn_play(&t, 8, 6), BG_OK);
    ck_assert(bg_turn_complete(&t));
}
END_TEST

START_TEST(closed_points)
{
    /* From the start the opponent holds our 19 (five), 17 (three), 12
     * (five) and 1 (two): 24/19 with a 5 is closed, 13/12 too. */
    bg_pos p;
    bg_turn t;
    bg_pos_start(&p);
    bg_moves(&p, 5, 1, BG_RULES_STANDARD, ml);
    ck_assert(!uses_step(24, 19));
    ck_assert(uses_step(24, 23));
    bg_turn_begin(&t, &p, 5, 1, BG_RULES_STANDARD);
    ck_assert_int_eq(bg_turn_play(&t, 24, 19), BG_ERR_CLOSED);
    ck_assert_int_eq(bg_turn_play(&t, 13, 12), BG_ERR_CLOSED);
    ck_assert_int_eq(bg_turn_play(&t, 13, 11), BG_ERR_NO_DIE);
    ck_assert_int_eq(bg_turn_play(&t, 13, 14), BG_ERR_DIRECTION);
    ck_assert_int_eq(bg_turn_play(&t, 14, 13), BG_ERR_NO_TILE);
    /* A lone enemy tile is hit and goes to the bar. */
    int me[] = {13, 2, 6, 13, 0}, opp[] = {15, 1, 1, 14, 0};
    p = mk(me, opp);            /* their 15 is our 10 */
    bg_turn_begin(&t, &p, 3, 1, BG_RULES_STANDARD);
    ck_assert_int_eq(bg_turn_play(&t, 13, 10), BG_OK);
    ck_assert_int_eq(t.cur.s[1][BG_BAR], 1);
    ck_assert_int_eq(t.cur.s[1][14], 0);
    bg_move m;
    bg_turn_move(&t, &m);
    char buf[64];
    bg_move_format(&m, -1, buf, sizeof buf);
    ck_assert_str_eq(buf, "13/10*");
}
END_TEST

START_TEST(bar_entry_and_forfeit)
{
    /* One tile on the bar; the opponent holds our 22 (their 3). */
    int me[] = {25, 1, 13, 5, 6, 9, 0}, opp[] = {3, 2, 6, 13, 0};
    bg_pos p = mk(me, opp);
    bg_turn t;
    ck_assert_int_eq(bg_moves(&p, 3, 5, BG_RULES_STANDARD, ml), 2);
    for (int k = 0; k < ml->n; k++) {
        ck_assert_int_eq(ml->m[k].st[0].from, 25);
        ck_assert_int_eq(ml->m[k].st[0].to, 20);
    }
    bg_turn_begin(&t, &p, 3, 5, BG_RULES_STANDARD);
    ck_assert_int_eq(bg_turn_play(&t, 13, 10), BG_ERR_BAR_FIRST);
    ck_assert_int_eq(bg_turn_play(&t, 25, 22), BG_ERR_CLOSED);
    ck_assert_int_eq(bg_turn_play(&t, 25, 20), BG_OK);
    ck_assert_int_eq(bg_turn_play(&t, 13, 10), BG_OK);
    ck_assert(bg_turn_complete(&t));
    /* Two on the bar and only the 5 enters: one enters, the turn ends. */
    int me2[] = {25, 2, 13, 4, 6, 9, 0};
    p = mk(me2, opp);
    ck_assert_int_eq(bg_moves(&p, 3, 5, BG_RULES_STANDARD, ml), 1);
    ck_assert_int_eq(ml->n, 1);
    char buf[64];
    bg_move_format(&ml->m[0], -1, buf, sizeof buf);
    ck_assert_str_eq(buf, "bar/20");
    /* A closed board: nothing enters, the turn is forfeit. */
    int opp3[] = {1, 2, 2, 2, 3, 2, 4, 2, 5, 2, 6, 5, 0};
    p = mk(me, opp3);
    ck_assert_int_eq(bg_moves(&p, 6, 6, BG_RULES_STANDARD, ml), 0);
    ck_assert_int_eq(ml->n, 1);
    ck_assert_int_eq(ml->m[0].n, 0);
    bg_move_format(&ml->m[0], -1, buf, sizeof buf);
    ck_assert_str_eq(buf, "none");
    bg_turn_begin(&t, &p, 6, 6, BG_RULES_STANDARD);
    ck_assert_int_eq(t.maxuse, 0);
    ck_assert(bg_turn_complete(&t));
}
END_TEST

START_TEST(both_dice_must_be_used)
{
    /* Tiles on 8 and 4, the rest on the ace point; the opponent holds our
     * 2.  With 61, 4/3 would leave the 6 unplayable (8/2 is closed, no
     * bearing off with a tile on 8); 8/7/1 uses both. */
    int me[] = {8, 1, 4, 1, 1, 13, 0}, opp[] = {23, 2, 0};
    bg_pos p = mk(me, opp);
    bg_turn t;
    ck_assert_int_eq(bg_moves(&p, 6, 1, BG_RULES_STANDARD, ml), 2);
    ck_assert_int_eq(ml->n, 1);
    ck_assert(has_play("8/1"));
    bg_turn_begin(&t, &p, 6, 1, BG_RULES_STANDARD);
    ck_assert_int_eq(t.maxuse, 2);
    ck_assert_int_eq(bg_turn_play(&t, 4, 3), BG_ERR_BOTH_DICE);
    ck_assert_int_eq(bg_turn_play(&t, 8, 7), BG_OK);
    ck_assert(!bg_turn_complete(&t));
    ck_assert_int_eq(bg_turn_play(&t, 7, 1), BG_OK);
    ck_assert(bg_turn_complete(&t));
    ck_assert_int_eq(bg_turn_play(&t, 1, 0), BG_ERR_DONE);
}
END_TEST

START_TEST(larger_die_when_only_one)
{
    /* One tile on 13, the rest on the ace point; the opponent holds our 2:
     * 13/7/2 and 13/8/2 are both closed, so one die only: the 6. */
    int me[] = {13, 1, 1, 14, 0}, opp[] = {23, 2, 0};
    bg_pos p = mk(me, opp);
    bg_turn t;
    ck_assert_int_eq(bg_moves(&p, 5, 6, BG_RULES_STANDARD, ml), 1);
    ck_assert_int_eq(ml->n, 1);
    ck_assert(has_play("13/7"));
    bg_turn_begin(&t, &p, 5, 6, BG_RULES_STANDARD);
    ck_assert_int_eq(bg_turn_play(&t, 13, 8), BG_ERR_LARGER);
    ck_assert_int_eq(bg_turn_play(&t, 13, 2), BG_ERR_CLOSED);
    ck_assert_int_eq(bg_turn_play(&t, 13, 7), BG_OK);
    ck_assert(bg_turn_complete(&t));
    /* When the 6 is blocked too, the 5 it is. */
    int opp2[] = {23, 2, 18, 2, 0};
    p = mk(me, opp2);
    bg_moves(&p, 5, 6, BG_RULES_STANDARD, ml);
    ck_assert_int_eq(ml->n, 1);
    ck_assert(has_play("13/8"));
    bg_turn_begin(&t, &p, 5, 6, BG_RULES_STANDARD);
    ck_assert_int_eq(bg_turn_play(&t, 13, 8), BG_OK);
}
END_TEST

START_TEST(bearing_off)
{
    /* Tiles on 4 and 2 only: a 6 bears off the 4 (the highest), then the
     * 5 bears off the 2. */
    int me[] = {4, 1, 2, 1, 0}, opp[] = {1, 15, 0};
    bg_pos p = mk(me, opp);
    bg_turn t;
    bg_moves(&p, 6, 5, BG_RULES_STANDARD, ml);
    ck_assert_int_eq(ml->n, 1);
    ck_assert(has_play("4/off 2/off"));
    ck_assert(bg_pos_won(&ml->m[0].after, 0));
    bg_turn_begin(&t, &p, 6, 5, BG_RULES_STANDARD);
    ck_assert_int_eq(bg_turn_play(&t, 2, 0), BG_ERR_HIGHER);
    ck_assert_int_eq(bg_turn_play(&t, 4, 0), BG_OK);
    ck_assert_int_eq(bg_turn_play(&t, 2, 0), BG_OK);
    /* Not every tile home: no bearing off. */
    int me2[] = {7, 1, 3, 14, 0};
    p = mk(me2, opp);
    bg_turn_begin(&t, &p, 3, 1, BG_RULES_STANDARD);
    ck_assert_int_eq(bg_turn_play(&t, 3, 0), BG_ERR_NOT_HOME);
    ck_assert_int_eq(bg_turn_play(&t, 7, 6), BG_OK);
    ck_assert_int_eq(bg_turn_play(&t, 3, 0), BG_OK);
    /* A tile on 5 and one on 2 with 6-1: the 6 must take the 5. */
    int me3[] = {5, 1, 2, 1, 0};
    p = mk(me3, opp);
    bg_moves(&p, 6, 1, BG_RULES_STANDARD, ml);
    ck_assert(uses_step(5, 0));
    for (int k = 0; k < ml->n; k++)
        ck_assert(!(ml->m[k].st[0].from == 2 && ml->m[k].st[0].to == 0 &&
                    ml->m[k].n == 2 && ml->m[k].st[1].from == 5 &&
                    ml->m[k].st[1].to == 4));
    ck_assert(has_play("5/off 2/1"));
}
END_TEST

START_TEST(sum_lands_on_intermediate)
{
    /* The opponent holds our 18 and 19: 24/13 with 65 cannot pass. */
    int me[] = {24, 2, 13, 5, 8, 3, 6, 5, 0}, opp[] = {7, 2, 6, 2, 1, 11, 0};
    bg_pos p = mk(me, opp);
    bg_turn t;
    bg_moves(&p, 6, 5, BG_RULES_STANDARD, ml);
    for (int k = 0; k < ml->n; k++)
        for (int s = 0; s < ml->m[k].n; s++)
            ck_assert_int_ne(ml->m[k].st[s].from, 24);
    bg_turn_begin(&t, &p, 6, 5, BG_RULES_STANDARD);
    ck_assert_int_eq(bg_turn_play(&t, 24, 13), BG_ERR_INTERMEDIATE);
    /* Only one intermediate open: the sum goes that way. */
    int opp2[] = {7, 2, 1, 13, 0};
    p = mk(me, opp2);
    bg_turn_begin(&t, &p, 6, 5, BG_RULES_STANDARD);
    ck_assert_int_eq(bg_turn_play(&t, 24, 13), BG_OK);
    ck_assert_int_eq(t.played[0].to, 19);
    ck_assert(bg_turn_complete(&t));
}
END_TEST

START_TEST(doubles)
{
    bg_pos p;
    bg_turn t;
    bg_pos_start(&p);
    /* Four tiles by 5 or two by 10, in pairs under ATARI rules. */
    bg_turn_begin(&t, &p, 5, 5, BG_RULES_ATARI);
    ck_assert_int_eq(t.maxuse, 4);
    ck_assert_int_eq(bg_turn_play(&t, 13, 3), BG_OK);
    ck_assert_int_eq(bg_turn_play(&t, 13, 8), BG_OK);
    ck_assert_int_eq(bg_turn_play(&t, 8, 3), BG_OK);
    ck_assert(bg_turn_complete(&t));
    /* The 5 followed by the 10: refused under ATARI rules. */
    bg_turn_begin(&t, &p, 5, 5, BG_RULES_ATARI);
    ck_assert_int_eq(bg_turn_play(&t, 13, 8), BG_OK);
    ck_assert_int_eq(bg_turn_play(&t, 13, 3), BG_ERR_PAIRS);
    ck_assert_int_eq(bg_turn_play(&t, 8, 3), BG_OK);
    ck_assert_int_eq(bg_turn_play(&t, 13, 3), BG_OK);
    ck_assert(bg_turn_complete(&t));
    /* ... and a sum must find its intermediate peg open: 8 is now full. */
    bg_turn_begin(&t, &p, 5, 5, BG_RULES_ATARI);
    ck_assert_int_eq(bg_turn_play(&t, 13, 8), BG_OK);
    ck_assert_int_eq(bg_turn_play(&t, 13, 8), BG_OK);
    ck_assert_int_eq(bg_turn_play(&t, 13, 3), BG_ERR_INTERMEDIATE);
    ck_assert(!bg_turn_complete(&t));
    /* One tile by all four, two pairs, typed in one go: 2-2 from 24 to
     * 16 (the points on the way open); three of the four, a pair and a
     * half, refused, and so the three left after one step. */
    bg_turn_begin(&t, &p, 2, 2, BG_RULES_ATARI);
    ck_assert_int_eq(bg_turn_play(&t, 24, 18), BG_ERR_PAIRS);
    ck_assert_int_eq(bg_turn_play(&t, 24, 16), BG_OK);
    ck_assert(bg_turn_complete(&t));
    bg_turn_begin(&t, &p, 2, 2, BG_RULES_ATARI);
    ck_assert_int_eq(bg_turn_play(&t, 6, 4), BG_OK);
    ck_assert_int_eq(bg_turn_play(&t, 24, 18), BG_ERR_PAIRS);
    /* Under STANDARD rules any multiple of the die: 24/15 after 24/21. */
    bg_turn_begin(&t, &p, 3, 3, BG_RULES_STANDARD);
    ck_assert_int_eq(bg_turn_play(&t, 24, 21), BG_OK);
    ck_assert_int_eq(bg_turn_play(&t, 24, 15), BG_OK);
    ck_assert(bg_turn_complete(&t));
    ck_assert_int_eq(bg_turn_die_used(&t, 0), 1);
    ck_assert_int_eq(bg_turn_die_used(&t, 1), 1);
    /* A double partly blocked: with our 18 and 7 closed the tiles on 24
     * and 13 cannot move a 6, and with a tile outside home nothing bears
     * off: three 6s from the 8 point are all that can be played. */
    int me[] = {24, 2, 13, 5, 8, 3, 6, 5, 0}, opp[] = {7, 2, 18, 2, 2, 11, 0};
    p = mk(me, opp);
    ck_assert_int_eq(bg_moves(&p, 6, 6, BG_RULES_STANDARD, ml), 3);
    ck_assert_int_eq(ml->n, 1);
    ck_assert(has_play("8/2(3)"));
    bg_turn_begin(&t, &p, 6, 6, BG_RULES_STANDARD);
    ck_assert_int_eq(t.maxuse, 3);
    ck_assert_int_eq(bg_turn_play(&t, 8, 2), BG_OK);
    ck_assert_int_eq(bg_turn_play(&t, 8, 2), BG_OK);
    ck_assert(!bg_turn_complete(&t));
    ck_assert_int_eq(bg_turn_play(&t, 8, 2), BG_OK);
    ck_assert(bg_turn_complete(&t));
}
END_TEST

START_TEST(take_back)
{
    bg_pos p;
    bg_turn t;
    bg_pos_start(&p);
    bg_turn_begin(&t, &p, 4, 2, BG_RULES_ATARI);
    ck_assert_int_eq(bg_turn_undo(&t), BG_ERR_NOTHING);
    ck_assert_int_eq(bg_turn_play(&t, 13, 9), BG_OK);
    ck_assert_int_eq(bg_turn_die_used(&t, 0), 1);
    ck_assert_int_eq(bg_turn_die_used(&t, 1), 0);
    ck_assert_int_eq(bg_turn_undo(&t), BG_OK);
    ck_assert(!memcmp(&t.cur, &p, sizeof p));
    ck_assert_int_eq(t.nleft, 2);
    ck_assert_int_eq(bg_turn_play(&t, 8, 4), BG_OK);
    ck_assert_int_eq(bg_turn_play(&t, 6, 4), BG_OK);
    ck_assert(bg_turn_complete(&t));
    bg_turn_reset(&t);
    ck_assert(!memcmp(&t.cur, &p, sizeof p));
    ck_assert_int_eq(t.nplayed, 0);
    /* A sum counts as one typed move: one undo takes back both steps. */
    ck_assert_int_eq(bg_turn_play(&t, 24, 18), BG_OK);
    ck_assert_int_eq(t.nplayed, 2);
    ck_assert_int_eq(bg_turn_undo(&t), BG_OK);
    ck_assert_int_eq(t.nplayed, 0);
    ck_assert(!memcmp(&t.cur, &p, sizeof p));
}
END_TEST

/* Every play the generator gives can be typed step by step, and every
 * position the turn reaches is one of the generator's (random games). */
START_TEST(turn_agrees_with_generator)
{
    bg_xrng x;
    bg_xrng_seed(&x, 99);
    bg_rng r = {bg_xrng_next, &x};
    for (int rules = 0; rules < 2; rules++)
        for (int game = 0; game < 20; game++) {
            bg_pos p;
            bg_pos_start(&p);
            for (int ply = 0; ply < 400; ply++) {
                int d1 = bg_roll_die(&r), d2 = bg_roll_die(&r);
                int use = bg_moves(&p, d1, d2, rules, ml);
                bg_move m = ml->m[r.next(r.state) % (uint32_t)ml->n];
                bg_turn t;
                bg_turn_begin(&t, &p, d1, d2, rules);
                ck_assert_int_eq(t.maxuse, use);
                for (int s = 0; s < m.n; s++)
                    ck_assert_int_eq(bg_turn_play(&t, m.st[s].from,
                                                  m.st[s].to), BG_OK);
                ck_assert(bg_turn_complete(&t));
                ck_assert(!memcmp(&t.cur, &m.after, sizeof m.after));
                ck_assert_int_eq(bg_pos_check(&m.after, rules), 0);
                if (bg_pos_won(&m.after, 0))
                    break;
                p = m.after;
                bg_pos_swap(&p);
            }
        }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("bg_rules");
    TCase *tc = tcase_create("rules");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, start_counts_match_gnubg);
    tcase_add_test(tc, five_tile_limit);
    tcase_add_test(tc, closed_points);
    tcase_add_test(tc, bar_entry_and_forfeit);
    tcase_add_test(tc, both_dice_must_be_used);
    tcase_add_test(tc, larger_die_when_only_one);
    tcase_add_test(tc, bearing_off);
    tcase_add_test(tc, sum_lands_on_intermediate);
    tcase_add_test(tc, doubles);
    tcase_add_test(tc, take_back);
    tcase_add_test(tc, turn_agrees_with_generator);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
