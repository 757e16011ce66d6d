/*
 * test_ef_think.c - Eastern Front: the Russian thinking module.  The line
 * points of the notes' worked example (page 60), the Mayan walk, CALIFR's
 * dangers and force ratios, reinforcements and flight, and the planner's
 * contract with a screen: incremental, cancellable, budgeted, on a copy,
 * applied at START.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "test_ef.h"

static ef_state g;
static ef_plan p, q;

static int iabs(int v)
{
    return v < 0 ? -v : v;
}

START_TEST(line_points_of_the_worked_example)
{
    /* LINARR = 0,0,0,0,0, 0,M1,0,M2,M3, 0,0,M4,0,0, 0,0,0,M5,0, 0,...
     * LV = 5,1,2,3,5: three columns (120), the centre column otherwise
     * empty (168), nothing blocked, penetrations 64: LPTS = 104 */
    uint8_t a[25] = {0};
    a[6] = 90;
    a[8] = 80;
    a[9] = 70;
    a[12] = 100;
    a[18] = 60;
    ck_assert_int_eq(ef_line_points(a), 104);
}
END_TEST

START_TEST(line_points_rules)
{
    uint8_t a[25];
    /* a straight line through the army: 5 x 40 + 48 */
    memset(a, 0, 25);
    for (int k = 0; k < 5; k++)
        a[k * 5 + 2] = 100;
    ck_assert_int_eq(ef_line_points(a), 248);
    /* the same line one row forward: the centre column is not empty */
    memset(a, 0, 25);
    for (int k = 0; k < 5; k++)
        a[k * 5 + 1] = 100;
    a[12] = 100;
    /* and the army stands right behind the centre column's front unit */
    ck_assert_int_eq(ef_line_points(a), 200 - 32);
    /* somebody right behind a front unit: -32 each */
    memset(a, 0, 25);
    for (int k = 0; k < 5; k++)
        a[k * 5 + 2] = 100;
    a[3] = 100;
    a[23] = 100;
    ck_assert_int_eq(ef_line_points(a), 248 - 64);
    /* the army alone: one column (40), the centre bonus (48), and the
     * four empty columns each 3 rows behind it (LV 5 against 2): 4 x 2^3 */
    memset(a, 0, 25);
    a[12] = 100;
    ck_assert_int_eq(ef_line_points(a), 40 + 48 - 4 * 8);
    /* never below zero */
    memset(a, 0, 25);
    a[0] = a[1] = 100;
    a[12] = 100;
    ck_assert_int_ge(ef_line_points(a), 0);
}
END_TEST

START_TEST(the_mayan_walk)
{
    uint8_t d[EF_MAX_ORDERS];
    /* 4 north and 2 west: long steps with a short one as the count
     * rolls over: N W N N W N */
    ck_assert_int_eq(ef_mayan_walk(10, 10, 12, 14, d), 6);
    static const uint8_t want[6] = {EF_NORTH, EF_WEST, EF_NORTH,
                                    EF_NORTH, EF_WEST, EF_NORTH};
    ck_assert_mem_eq(d, want, 6);
    ck_assert_int_eq(ef_mayan_walk(10, 10, 10, 10, d), 0);
    for (int dx = -9; dx <= 9; dx++)
        for (int dy = -9; dy <= 9; dy++) {
            int n = ef_mayan_walk(20, 20, 20 + dx, 20 + dy, d);
            int range = iabs(dx) + iabs(dy);
            ck_assert_int_eq(n, range < 8 ? range : 8);
            int x = 20, y = 20, L = iabs(dx) > iabs(dy) ? iabs(dx) : iabs(dy);
            int S = range - L;
            for (int k = 0; k < n; k++) {
                int before = iabs(20 + dx - x) + iabs(20 + dy - y);
                ef_step(x, y, d[k], &x, &y);
                /* every step closes in */
                ck_assert_int_eq(iabs(20 + dx - x) + iabs(20 + dy - y),
                                 before - 1);
                /* and stays within a square of the straight line: the
                 * short steps taken track k * S / range */
                int shorts = (iabs(dx) > iabs(dy)) ? iabs(y - 20)
                                                   : iabs(x - 20);
                ck_assert_int_le(abs(shorts * range - (k + 1) * S), range);
            }
            if (range <= 8) {
                ck_assert_int_eq(x, 20 + dx);
                ck_assert_int_eq(y, 20 + dy);
            }
        }
}
END_TEST

/* An empty map, turn 5, July. */
static void empty(void)
{
    ef_new(&g, 9, 0, NULL);
    ef_clear_board(&g);
    ef_set_date(&g, 1941, 7, 20);
    g.turn = 5;
}

START_TEST(califr_dangers_by_direction)
{
    static const struct { int lon, lat, dir; } t[] = {
        {8, 25, EF_NORTH}, {5, 22, EF_EAST}, {8, 19, EF_SOUTH},
        {11, 22, EF_WEST}, {6, 21, EF_EAST}, {7, 20, EF_SOUTH},
        {10, 23, EF_WEST}, {9, 24, EF_NORTH}, {6, 23, EF_EAST},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        empty();
        ck_assert_int_eq(ef_put_unit(&g, 88, 8, 22, 100, 100), 0);
        ck_assert_int_eq(ef_put_unit(&g, 1, t[i].lon, t[i].lat, 160, 160), 0);
        ef_plan_init(&p, &g);
        for (int d = 0; d < 4; d++)
            ck_assert_int_eq(p.ifrdir[88][d], d == t[i].dir ? 10 : 0);
    }
    /* the force ratios: OFR 16 x 160 / 100 = 25; danger 10 against
     * 1 + 100/16 = 7 Russian: 160 / 7 = 22; IFR the average, 23 */
    empty();
    ef_put_unit(&g, 88, 8, 22, 100, 100);
    ef_put_unit(&g, 1, 8, 25, 160, 160);
    ef_plan_init(&p, &g);
    ck_assert_int_eq(p.ofr, 25);
    ck_assert_int_eq(p.ifr[88], 23);
    /* eight or more squares away counts for nothing: IFR = OFR / 2 */
    empty();
    ef_put_unit(&g, 88, 8, 22, 100, 100);
    ef_put_unit(&g, 1, 8, 31, 160, 160);
    ef_plan_init(&p, &g);
    ck_assert_int_eq(p.ifr[88], p.ofr / 2);
}
END_TEST

START_TEST(reinforcements_head_for_the_beleaguered)
{
    empty();
    /* 88 holds the front against two panzer corps; 120 is far behind */
    ef_put_unit(&g, 88, 20, 22, 100, 100);
    ef_put_unit(&g, 1, 23, 22, 200, 200);
    ef_put_unit(&g, 3, 22, 24, 200, 200);
    ef_put_unit(&g, 120, 8, 22, 100, 100);
    ef_plan_init(&p, &g);
    ck_assert_int_eq(p.ifr[120], p.ofr / 2);
    ck_assert_int_gt(p.ifr[88], p.ofr / 2);
    ef_plan_iterate(&p);
    ck_assert_int_eq(p.objx[120], 20);
    ck_assert_int_eq(p.objy[120], 22);
    /* its orders march it straight there, 8 steps at most */
    ck_assert_int_eq(ef_plan_apply(&p, &g), EF_OK);
    ck_assert_int_eq(g.u[120].norders, 8);
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(g.u[120].orders[i], EF_WEST);
}
END_TEST

START_TEST(the_cut_off_and_the_starved_flee_east)
{
    /* two panzer corps east of it: danger from the east is 12 + 12 */
    empty();
    ef_put_unit(&g, 88, 20, 22, 100, 100);
    ef_put_unit(&g, 1, 17, 22, 200, 200);
    ef_put_unit(&g, 3, 17, 23, 200, 200);
    ef_plan_init(&p, &g);
    ck_assert_int_ge(p.ifrdir[88][EF_EAST], 16);
    ef_plan_iterate(&p);
    ck_assert_int_eq(p.objx[88], 15);
    ck_assert_int_eq(p.objy[88], 22);
    /* at half its muster, it runs east too */
    empty();
    ef_put_unit(&g, 88, 20, 22, 100, 50);
    ef_put_unit(&g, 1, 23, 22, 100, 100);
    ef_plan_init(&p, &g);
    ef_plan_iterate(&p);
    ck_assert_int_eq(p.objx[88], 15);
    /* and never past the east edge */
    empty();
    ef_put_unit(&g, 88, 3, 22, 100, 50);
    ef_put_unit(&g, 1, 6, 22, 100, 100);
    ef_plan_init(&p, &g);
    ef_plan_iterate(&p);
    ck_assert_int_eq(p.objx[88], 0);
}
END_TEST

START_TEST(front_line_ghosts_step_one_square_at_most)
{
    /* the real position after a few weeks of war */
    ef_new(&g, 21, 0, NULL);
    for (int t = 0; t < 5; t++) {
        ef_german_orders(&g);
        ef_turn_run(&g, NULL);
    }
    ef_plan_init(&p, &g);
    int moved = 0;
    for (int it = 0; it < 12; it++) {
        uint8_t ox[EF_NUNITS], oy[EF_NUNITS];
        memcpy(ox, p.objx, sizeof ox);
        memcpy(oy, p.objy, sizeof oy);
        ef_plan_iterate(&p);
        for (int id = EF_FIRST_RUSSIAN; id < EF_NUNITS; id++) {
            if (!p.active[id] || p.ifr[id] == p.ofr / 2)
                continue;       /* reinforcements jump to their rescue */
            const ef_unit *u = &g.u[id];
            if (p.ifrdir[id][EF_EAST] >= 16 || u->combat <= u->muster / 2)
                continue;       /* and the trapped run */
            int step = iabs(p.objx[id] - ox[id]) + iabs(p.objy[id] - oy[id]);
            ck_assert_int_le(step, 1);
            moved += step;
            ck_assert_int_le(iabs(p.objx[id] - u->lon) +
                             iabs(p.objy[id] - u->lat), 6);
            ck_assert_int_lt(ef_map_terrain(p.objx[id], p.objy[id]),
                             EF_T_SEA);
        }
    }
    ck_assert_int_gt(moved, 0);
    ck_assert_int_eq(p.iterations, 12);
}
END_TEST

static uint64_t fake_ms;
static uint64_t fake_clock(void *ctx)
{
    (void)ctx;
    return fake_ms++;           /* a millisecond per look */
}

START_TEST(planning_is_incremental_cancellable_and_budgeted)
{
    ef_new(&g, 33, 0, NULL);
    for (int t = 0; t < 3; t++) {
        ef_german_orders(&g);
        ef_turn_run(&g, NULL);
    }
    /* the reference: three full passes */
    ef_plan_init(&p, &g);
    ck_assert_int_eq(ef_plan_run(&p, 3, NULL, NULL, NULL, 0), 3);
    /* cancelled before it starts: nothing done */
    volatile int cancel = 1;
    ef_plan_init(&q, &g);
    ck_assert_int_eq(ef_plan_run(&q, 3, &cancel, NULL, NULL, 0), 0);
    ck_assert_int_eq(q.next, EF_NUNITS - 1);
    /* a budget of 40 "ms" stops it inside the first pass ... */
    fake_ms = 0;
    ck_assert_int_eq(ef_plan_run(&q, 3, NULL, fake_clock, NULL, 40), 0);
    ck_assert_int_lt(q.next, EF_NUNITS - 1);
    /* ... and it resumes where it stopped, to the same plan */
    cancel = 0;
    ck_assert_int_eq(ef_plan_run(&q, 3, &cancel, NULL, NULL, 0), 3);
    ck_assert_mem_eq(q.objx, p.objx, sizeof p.objx);
    ck_assert_mem_eq(q.objy, p.objy, sizeof p.objy);
    /* more passes only when asked */
    ck_assert_int_eq(ef_plan_run(&q, 3, NULL, NULL, NULL, 0), 3);
}
END_TEST

START_TEST(planning_on_a_copy_applied_at_start)
{
    ef_new(&g, 44, 0, NULL);
    /* turn 0: surprise, no Russian may move */
    ef_plan_init(&p, &g);
    ef_plan_run(&p, EF_PLAN_ITERS, NULL, NULL, NULL, 0);
    ck_assert_int_eq(ef_plan_apply(&p, &g), EF_OK);
    for (int id = EF_FIRST_RUSSIAN; id < EF_NUNITS; id++)
        ck_assert_int_eq(g.u[id].norders, 0);
    ef_german_orders(&g);
    ef_turn_run(&g, NULL);
    /* turn 1: the plan is made on a copy while the player gives orders */
    ef_plan_init(&p, &g);
    static ef_unit before[EF_NUNITS];
    memcpy(before, g.u, sizeof before);
    ef_german_orders(&g);
    ef_plan_run(&p, EF_PLAN_ITERS, NULL, NULL, NULL, 0);
    ck_assert_int_eq(p.g.turn, g.turn);
    ck_assert(memcmp(before, g.u, sizeof before) != 0);
    ck_assert_mem_eq(before, p.g.u, sizeof before); /* the copy did not see */
    ck_assert_int_eq(ef_plan_apply(&p, &g), EF_OK);
    int armies = 0, ordered = 0;
    for (int id = EF_FIRST_RUSSIAN; id < EF_NUNITS; id++) {
        if (!ef_on_map(&g, id))
            continue;
        const ef_unit *u = &g.u[id];
        if (!p.active[id]) {
            ck_assert_int_eq(u->norders, 0);   /* militia, new arrivals */
            continue;
        }
        armies++;
        ordered += u->norders > 0;
        /* the orders are the walk to the ghost */
        uint8_t d[EF_MAX_ORDERS];
        int n = ef_mayan_walk(u->lon, u->lat, p.objx[id], p.objy[id], d);
        ck_assert_int_eq(u->norders, n);
        ck_assert_mem_eq(u->orders, d, (size_t)n);
    }
    ck_assert_int_gt(armies, 20);
    ck_assert_int_gt(ordered, armies / 4);
    /* a plan for another turn is refused */
    ef_turn_run(&g, NULL);
    ck_assert_int_eq(ef_plan_apply(&p, &g), EF_ERR_PHASE);
}
END_TEST

static void add_tests(TCase *tc)
{
    tcase_add_test(tc, line_points_of_the_worked_example);
    tcase_add_test(tc, line_points_rules);
    tcase_add_test(tc, the_mayan_walk);
    tcase_add_test(tc, califr_dangers_by_direction);
    tcase_add_test(tc, reinforcements_head_for_the_beleaguered);
    tcase_add_test(tc, the_cut_off_and_the_starved_flee_east);
    tcase_add_test(tc, front_line_ghosts_step_one_square_at_most);
    tcase_add_test(tc, planning_is_incremental_cancellable_and_budgeted);
    tcase_add_test(tc, planning_on_a_copy_applied_at_start);
}

int main(void)
{
    return ef_test_main("ef_think", add_tests);
}
