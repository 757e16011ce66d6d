/*
 * test_ef_rules.c - Eastern Front: the rules one by one on constructed
 * positions - combat odds over many seeded rolls, losses, breaking,
 * retreats and their penalties, recovery, zones of control, movement
 * costs and waits, supply, the ice under units, reinforcements, the
 * calendar, city capture, the points formula and the orders' messages.
 *
 * Squares used (see ef_map.c): (5..9, 21..23) clear, (10,23) forest,
 * (4,22) river, (3,22) clear, (20,1) the Crimea.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <string.h>

#include "test_ef.h"
#include "efront_text/ef_int.h"

static ef_state g;
static ef_events ev;

enum { PZ = 1, INF = 6, FINN = 42, RUM = 36, R_INF = 88, R_INF2 = 89,
       R_TANK = 86, R_MIL = 81 };

/* An empty map in the given month of 1941, turn 5. */
static void empty(int month)
{
    ef_new(&g, 7, 0, NULL);
    ef_clear_board(&g);
    ef_set_date(&g, 1941, month, 1);
    g.turn = 5;
    g.icelat = EF_H;
    ef_events_clear(&ev);
}

static void put(int id, int lon, int lat, int muster, int combat)
{
    ck_assert_int_eq(ef_put_unit(&g, id, lon, lat, muster, combat), 0);
}

static int count(int kind)
{
    int n = 0;
    for (int i = 0; i < ev.n; i++)
        n += ev.ev[i].kind == kind;
    return n;
}

static const ef_event *find(int kind)
{
    for (int i = 0; i < ev.n; i++)
        if (ev.ev[i].kind == kind)
            return &ev.ev[i];
    return NULL;
}

/* Fight n rounds of att (at alon,alat) against def (dlon,dlat) from a
 * fresh position each time; the frequencies of the two strikes. */
static void rounds(int n, int alon, int alat, int acomb, int dlon, int dlat,
                   int dcomb, int def_moving, double *p1, double *p2)
{
    int h1 = 0, h2 = 0, dir = -1;
    for (int d = 0; d < 4; d++) {
        int x, y;
        ef_step(alon, alat, d, &x, &y);
        if (x == dlon && y == dlat)
            dir = d;
    }
    ck_assert_int_ge(dir, 0);
    for (int i = 0; i < n; i++) {
        ef_clear_board(&g);
        put(PZ, alon, alat, 255, acomb);
        put(R_INF, dlon, dlat, 255, dcomb);
        if (def_moving) {
            g.u[R_INF].norders = 1;
            g.u[R_INF].orders[0] = EF_EAST;
        }
        ef_events_clear(&ev);
        ef_combat(&g, PZ, R_INF, dir, &ev);
        const ef_event *e = find(EF_EV_COMBAT);
        ck_assert_ptr_nonnull(e);
        h1 += e->a;
        h2 += e->b;
    }
    *p1 = (double)h1 / n;
    *p2 = (double)h2 / n;
}

#define NEAR(x, want) \
    ck_assert_msg((x) > (want) - 0.015 && (x) < (want) + 0.015, \
                  "%s = %.4f, want %.4f", #x, (x), (want))

START_TEST(combat_odds_over_many_rolls)
{
    double p1, p2;
    empty(7);
    /* clear: the defender's strength as it is; strength >= a random
     * byte wins, so P = (s + 1) / 256 */
    rounds(20000, 8, 22, 200, 7, 22, 100, 0, &p1, &p2);
    NEAR(p1, 101.0 / 256);
    NEAR(p2, 201.0 / 256);
    /* forest doubles the defender (DEFENSIVE VALUE 3) */
    rounds(20000, 9, 23, 200, 10, 23, 100, 0, &p1, &p2);
    NEAR(p1, 201.0 / 256);
    /* a river halves it (DEFENSIVE VALUE 1) */
    rounds(20000, 5, 22, 200, 4, 22, 100, 0, &p1, &p2);
    NEAR(p1, 51.0 / 256);
    /* a defender caught moving is halved */
    rounds(20000, 8, 22, 200, 7, 22, 100, 1, &p1, &p2);
    NEAR(p1, 51.0 / 256);
    /* an attacker standing on a river is halved (OFFENSIVE VALUE 2) */
    rounds(20000, 4, 22, 200, 3, 22, 100, 0, &p1, &p2);
    NEAR(p2, 101.0 / 256);
    NEAR(p1, 101.0 / 256);
}
END_TEST

START_TEST(a_hit_costs_one_muster_and_five_combat)
{
    empty(7);
    /* forest doubles 200 past 255: the first strike cannot miss */
    put(PZ, 9, 23, 150, 120);
    put(R_INF, 10, 23, 200, 200);
    ef_combat(&g, PZ, R_INF, EF_WEST, &ev);
    ck_assert_int_eq(g.u[PZ].muster, 149);
    ck_assert_int_eq(g.u[PZ].combat, 115);
    /* an attacker of 255 cannot miss either */
    empty(7);
    put(PZ, 8, 22, 255, 255);
    put(R_INF, 7, 22, 255, 255);
    ef_combat(&g, PZ, R_INF, EF_EAST, &ev);
    ck_assert_int_eq(g.u[R_INF].muster, 254);
    ck_assert_int_eq(g.u[R_INF].combat, 250);
    /* the attacker fights on next subturn */
    ck_assert_int_eq(g.u[PZ].exec, g.tick + 1);
}
END_TEST

START_TEST(a_unit_at_zero_combat_is_destroyed)
{
    empty(7);
    put(PZ, 9, 23, 150, 5);
    put(R_INF, 10, 23, 200, 200);        /* certain first strike */
    ck_assert_int_eq(ef_combat(&g, PZ, R_INF, EF_WEST, &ev), 0);
    ck_assert(!ef_on_map(&g, PZ));
    ck_assert_int_eq(ef_unit_at(&g, 9, 23), 0);
    ck_assert_int_eq(g.u[PZ].muster, 0);
    ck_assert_int_eq(g.u[PZ].arrive, EF_NEVER);
    const ef_event *e = find(EF_EV_DEATH);
    ck_assert_ptr_nonnull(e);
    ck_assert_int_eq(e->unit, PZ);
    ck_assert_int_eq(e->a, EF_DIED_COMBAT);
}
END_TEST

START_TEST(break_thresholds_by_nationality)
{
    /* Germans hold down to half their muster; everyone else, the allies
     * included, breaks below seven-eighths. */
    static const struct { int id, muster, holds, breaks; } t[] = {
        {PZ, 100, 50, 49}, {INF, 151, 75, 74},
        {FINN, 96, 84, 83}, {RUM, 96, 84, 83},
        {R_INF, 96, 84, 83}, {R_TANK, 100, 88, 87},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        empty(7);
        put(t[i].id, 8, 22, t[i].muster, t[i].holds);
        g.u[t[i].id].norders = 2;
        ck_assert_int_eq(ef_brkchk(&g, t[i].id, &ev), 0);
        ck_assert_int_eq(g.u[t[i].id].norders, 2);
        g.u[t[i].id].combat = (uint8_t)t[i].breaks;
        ck_assert_int_eq(ef_brkchk(&g, t[i].id, &ev), 1);
        ck_assert_int_eq(g.u[t[i].id].norders, 0);  /* orders forgotten */
        ck_assert_int_eq(count(EF_EV_BREAK), 1);
    }
}
END_TEST

/* A Russian broken at (8,22), attacked from the west (the attacker moves
 * east), so its ways are: east (the attacker's direction, also home),
 * east again, north/south by a coin, the other, and west. */
static void retreat_case(int block_n, int block_s, int block_e, int block_w,
                         int combat)
{
    empty(7);
    put(R_INF, 8, 22, 200, combat);
    if (block_e)
        put(R_INF2, 7, 22, 100, 100);   /* a friend blocks too */
    if (block_n)
        put(R_TANK, 8, 23, 100, 100);
    if (block_s)
        put(R_MIL, 8, 21, 100, 100);
    if (block_w)
        put(PZ, 9, 22, 200, 200);       /* the attacker itself */
}

START_TEST(retreat_order_and_penalties)
{
    /* east open: the first try */
    retreat_case(0, 0, 0, 1, 150);
    ck_assert_int_eq(ef_retreat(&g, R_INF, EF_EAST, &ev), 1);
    ck_assert_int_eq(g.u[R_INF].lon, 7);
    ck_assert_int_eq(g.u[R_INF].lat, 22);
    ck_assert_int_eq(g.u[R_INF].combat, 150);
    ck_assert_int_eq(find(EF_EV_RETREAT)->a, 0);

    /* east blocked (tried twice: attacker's way and home): north or
     * south, 10 points poorer */
    int went_n = 0, went_s = 0;
    for (int i = 0; i < 64; i++) {
        retreat_case(0, 0, 1, 1, 150);
        ef_rng_seed(&g.rng, (uint64_t)i);
        ck_assert_int_eq(ef_retreat(&g, R_INF, EF_EAST, &ev), 1);
        ck_assert_int_eq(g.u[R_INF].combat, 140);
        ck_assert_int_eq(g.u[R_INF].lon, 8);
        went_n += g.u[R_INF].lat == 23;
        went_s += g.u[R_INF].lat == 21;
    }
    ck_assert_int_eq(went_n + went_s, 64);
    ck_assert_int_gt(went_n, 10);       /* a coin decides which first */
    ck_assert_int_gt(went_s, 10);

    /* north blocked too: south whatever the coin, 10 or 15 poorer */
    for (int i = 0; i < 16; i++) {
        retreat_case(1, 0, 1, 1, 150);
        ef_rng_seed(&g.rng, (uint64_t)i);
        ef_retreat(&g, R_INF, EF_EAST, &ev);
        ck_assert_int_eq(g.u[R_INF].lat, 21);
        ck_assert(g.u[R_INF].combat == 140 || g.u[R_INF].combat == 135);
    }

    /* only away from home is open: four blocked tries cost 20 */
    empty(7);
    put(R_INF, 8, 22, 200, 150);
    put(R_INF2, 7, 22, 100, 100);
    put(R_TANK, 8, 23, 100, 100);
    put(R_MIL, 8, 21, 100, 100);
    ck_assert_int_eq(ef_retreat(&g, R_INF, EF_EAST, &ev), 1);
    ck_assert_int_eq(g.u[R_INF].lon, 9);
    ck_assert_int_eq(g.u[R_INF].combat, 130);
    ck_assert_int_eq(find(EF_EV_RETREAT)->a, 20);

    /* everything blocked: it stays, 25 poorer, and no victory */
    retreat_case(1, 1, 1, 1, 150);
    ck_assert_int_eq(ef_retreat(&g, R_INF, EF_EAST, &ev), 0);
    ck_assert_int_eq(g.u[R_INF].lon, 8);
    ck_assert_int_eq(g.u[R_INF].combat, 125);
    ck_assert_int_eq(find(EF_EV_NO_RETREAT)->a, 25);

    /* penalties can kill: the square is vacated and the attacker wins */
    retreat_case(1, 1, 1, 1, 12);
    ck_assert_int_eq(ef_retreat(&g, R_INF, EF_EAST, &ev), 1);
    ck_assert(!ef_on_map(&g, R_INF));
    ck_assert_int_eq(find(EF_EV_DEATH)->a, EF_DIED_RETREAT);
}
END_TEST

START_TEST(retreat_blocked_by_zone_of_control_and_water)
{
    /* a German east of the retreat square casts its zone over it */
    empty(7);
    put(R_INF, 8, 22, 200, 150);
    put(PZ, 9, 22, 200, 200);
    put(INF, 6, 23, 150, 150);          /* beside (7,23)... */
    put(6 + 1, 6, 22, 150, 150);        /* ...and beside (7,22) */
    int lon, lat;
    (void)lon; (void)lat;
    ck_assert_int_ge(ef_zoc(&g, R_INF, 7, 22), 2);
    ef_rng_seed(&g.rng, 1);
    ef_retreat(&g, R_INF, EF_EAST, &ev);
    ck_assert(g.u[R_INF].lon != 7);     /* not into the zone */
    /* water: a unit on the Crimean tip cannot retreat into the sea */
    empty(7);
    put(R_INF, 18, 1, 200, 150);        /* coast; (17,1) is sea */
    put(R_INF2, 18, 2, 100, 100);
    put(R_TANK, 18, 0, 100, 100);
    put(PZ, 19, 1, 200, 200);
    ck_assert_int_eq(ef_retreat(&g, R_INF, EF_EAST, &ev), 0);
    ck_assert_int_eq(g.u[R_INF].combat, 125);
}
END_TEST

START_TEST(victory_lets_the_attacker_advance)
{
    empty(7);
    /* an attacker of 255 always hits; a Russian at 78 of 100 recovers
     * at most 10 before the attack, so the first hit breaks it (below
     * 88), and it has open squares behind it */
    put(PZ, 8, 22, 255, 255);
    put(R_INF, 7, 22, 100, 78);
    g.u[PZ].norders = 2;
    g.u[PZ].orders[0] = EF_EAST;
    g.u[PZ].orders[1] = EF_NORTH;
    ck_assert_int_eq(ef_turn_begin(&g, &ev), 0);
    /* run subturns until the attack is made */
    while (g.tick < EF_SUBTURNS && !find(EF_EV_COMBAT))
        ef_subturn(&g, &ev);
    ck_assert_ptr_nonnull(find(EF_EV_COMBAT));
    ck_assert_ptr_nonnull(find(EF_EV_BREAK));
    ck_assert_ptr_nonnull(find(EF_EV_RETREAT));
    /* the attacker is in the defender's old square with one order left */
    ck_assert_int_eq(g.u[PZ].lon, 7);
    ck_assert_int_eq(g.u[PZ].lat, 22);
    ck_assert_int_eq(g.u[PZ].norders, 1);
    ck_assert_int_eq(g.u[PZ].orders[0], EF_NORTH);
}
END_TEST

START_TEST(finns_never_attack)
{
    empty(7);
    put(FINN, 8, 22, 200, 200);
    put(R_INF, 7, 22, 100, 50);
    ck_assert_int_eq(ef_combat(&g, FINN, R_INF, EF_EAST, &ev), 0);
    ck_assert_int_eq(count(EF_EV_COMBAT), 0);
    ck_assert_int_eq(g.u[R_INF].combat, 50);
}
END_TEST

START_TEST(recovery_each_subturn)
{
    empty(7);
    put(R_INF, 8, 22, 200, 100);
    put(R_INF2, 6, 22, 100, 99);        /* only 1 below: no recovery */
    ef_turn_begin(&g, &ev);
    int total = 0;
    for (int i = 0; i < 20; i++) {
        int before = g.u[R_INF].combat;
        ef_subturn(&g, &ev);
        int gain = g.u[R_INF].combat - before;
        ck_assert(gain == 1 || gain == 2);
        total += gain;
    }
    /* 1 plus a coin flip: about 1.5 a subturn */
    ck_assert_int_ge(total, 24);
    ck_assert_int_le(total, 36);
    ck_assert_int_eq(g.u[R_INF2].combat, 99);
}
END_TEST

START_TEST(zone_of_control_count)
{
    empty(7);
    /* the square (8,22) as a German sees it */
    put(PZ, 12, 30, 200, 200);
    put(R_INF, 9, 23, 100, 100);                /* a corner: 1 */
    ck_assert_int_eq(ef_zoc(&g, PZ, 8, 22), 1);
    put(R_INF2, 7, 21, 100, 100);               /* another corner: 2 */
    ck_assert_int_eq(ef_zoc(&g, PZ, 8, 22), 2);
    put(R_TANK, 8, 21, 100, 100);               /* a side: +2 */
    ck_assert_int_eq(ef_zoc(&g, PZ, 8, 22), 4);
    /* a friendly unit in the square cancels the lot */
    put(INF, 8, 22, 100, 100);
    ck_assert_int_eq(ef_zoc(&g, PZ, 8, 22), 0);
    /* but the unit itself counts its neighbours */
    ck_assert_int_eq(ef_zoc(&g, INF, 8, 22), 4);
    /* an enemy in the square is 2 at once */
    ck_assert_int_eq(ef_zoc(&g, PZ, 8, 21), 2);
    /* a lone side neighbour is 2: controlled */
    empty(7);
    put(R_INF, 8, 23, 100, 100);
    ck_assert_int_eq(ef_zoc(&g, PZ, 8, 22), 2);
    /* friends do not count */
    ck_assert_int_eq(ef_zoc(&g, R_INF2, 8, 22), 0);
}
END_TEST

START_TEST(movement_costs_from_the_terrain_table)
{
    empty(7);
    put(INF, 8, 22, 150, 150);
    put(PZ, 9, 23, 200, 200);
    ck_assert_int_eq(ef_move_cost(&g, INF, 7, 22), 6);     /* clear */
    ck_assert_int_eq(ef_move_cost(&g, PZ, 8, 23), 4);
    ck_assert_int_eq(ef_move_cost(&g, PZ, 10, 23), 8);     /* forest */
    ck_assert_int_eq(ef_move_cost(&g, INF, 10, 23), 12);
    /* cities: the program's 8 for infantry in dry weather, not the 18
     * the page prints */
    ck_assert_int_eq(ef_terrain_cost(&g, 0, 20, 28), 8);
    ck_assert_int_eq(ef_terrain_cost(&g, 1, 20, 28), 6);
    ck_assert_int_eq(ef_terrain_cost(&g, 0, 4, 22), 14);   /* river */
    ck_assert_int_eq(ef_terrain_cost(&g, 1, 4, 22), 13);
    ck_assert_int_eq(ef_terrain_cost(&g, 0, 30, 17), 18);  /* swamp */
    ck_assert_int_eq(ef_terrain_cost(&g, 0, 25, 1), 255);  /* sea */
    ef_set_date(&g, 1941, 10, 1);                          /* mud */
    ck_assert_int_eq(ef_terrain_cost(&g, 0, 8, 22), 24);
    ck_assert_int_eq(ef_terrain_cost(&g, 1, 8, 22), 30);
    ef_set_date(&g, 1941, 12, 1);                          /* snow */
    ck_assert_int_eq(ef_terrain_cost(&g, 0, 8, 22), 10);
    ck_assert_int_eq(ef_terrain_cost(&g, 1, 8, 22), 6);
    ck_assert_int_eq(ef_terrain_cost(&g, 0, 20, 28), 10);
    ck_assert_int_eq(ef_terrain_cost(&g, 1, 20, 28), 8);
    g.icelat = 1;                                          /* frozen */
    ck_assert_int_eq(ef_terrain_cost(&g, 0, 4, 22), 12);
    ck_assert_int_eq(ef_terrain_cost(&g, 1, 4, 22), 8);
    ck_assert_int_eq(ef_terrain_cost(&g, 0, 30, 17), 12);
    /* a blocked side: the Gulf of Finland between (39,35) and (39,36) */
    empty(7);
    put(INF, 39, 35, 150, 150);
    ck_assert_int_eq(ef_move_cost(&g, INF, 39, 36), 255);
    ck_assert_int_eq(ef_move_cost(&g, INF, 38, 35), 8);    /* coast */
}
END_TEST

START_TEST(execution_times_jams_and_zones)
{
    /* DINGO: the first order executes on the subturn its cost is paid */
    empty(7);
    put(INF, 8, 22, 150, 150);
    ef_order_add(&g, INF, EF_EAST);
    ef_order_add(&g, INF, EF_EAST);
    ef_turn_begin(&g, &ev);
    ck_assert_int_eq(g.u[INF].exec, 6);
    for (int t = 0; t < 6; t++)
        ef_subturn(&g, &ev);
    ck_assert_int_eq(g.u[INF].lon, 8);
    ef_subturn(&g, &ev);                         /* subturn 6 */
    ck_assert_int_eq(g.u[INF].lon, 7);
    ck_assert_int_eq(g.u[INF].exec, 12);
    ck_assert_int_eq(count(EF_EV_MOVE), 1);

    /* a friend in the way: wait 2 subturns */
    empty(7);
    put(INF, 8, 22, 150, 150);
    put(PZ, 7, 22, 200, 200);
    ef_order_add(&g, INF, EF_EAST);
    ef_turn_begin(&g, &ev);
    for (int t = 0; t <= 6; t++)
        ef_subturn(&g, &ev);
    ck_assert_int_eq(g.u[INF].lon, 8);
    ck_assert_int_eq(g.u[INF].exec, 8);
    ck_assert_int_eq(find(EF_EV_JAM)->a, 0);

    /* from one enemy zone straight into another: not allowed */
    empty(7);
    put(INF, 8, 22, 150, 150);
    put(R_INF, 8, 23, 100, 100);     /* beside us and beside (7,23)'s... */
    put(R_INF2, 6, 22, 100, 100);    /* ...and beside (7,22) */
    ef_order_add(&g, INF, EF_EAST);
    ef_turn_begin(&g, &ev);
    for (int t = 0; t <= 6; t++)
        ef_subturn(&g, &ev);
    ck_assert_int_eq(g.u[INF].lon, 8);
    ck_assert_int_eq(find(EF_EV_JAM)->a, 1);
    ck_assert_int_eq(g.u[INF].exec, 8);

    /* a blocked side never executes */
    empty(7);
    put(INF, 39, 35, 150, 150);
    ef_order_add(&g, INF, EF_NORTH);
    ef_turn_run(&g, &ev);
    ck_assert_int_eq(g.u[INF].lat, 35);
}
END_TEST

START_TEST(cities_change_hands_on_entry)
{
    empty(7);
    int moscow = ef_city_find("MOSCOW");
    put(PZ, 21, 28, 200, 200);
    ef_order_add(&g, PZ, EF_EAST);
    ef_turn_run(&g, &ev);
    ck_assert_int_eq(g.u[PZ].lon, 20);
    ck_assert(g.city_german[moscow]);
    const ef_event *e = find(EF_EV_CAPTURE);
    ck_assert_ptr_nonnull(e);
    ck_assert_int_eq(e->a, moscow);
    /* and back, when a Russian walks in */
    empty(7);
    g.city_german[moscow] = 1;
    put(R_INF, 19, 28, 200, 200);
    g.u[R_INF].norders = 1;
    g.u[R_INF].orders[0] = EF_WEST;
    ef_turn_run(&g, &ev);
    ck_assert(!g.city_german[moscow]);
}
END_TEST

START_TEST(militia_and_new_arrivals_stay_put)
{
    empty(7);
    put(R_MIL, 8, 22, 100, 100);
    uint8_t d[1] = {EF_EAST};
    ck_assert_int_eq(ef_order_set(&g, R_MIL, d, 1), EF_ERR_MILITIA);
    /* a Russian that arrived this turn loses any orders at START */
    put(R_INF, 8, 20, 100, 100);
    g.u[R_INF].arrive = g.turn;
    ck_assert_int_eq(ef_order_set(&g, R_INF, d, 1), EF_OK);
    ef_turn_run(&g, &ev);
    ck_assert_int_eq(g.u[R_INF].lon, 8);
    /* on turn 0 no Russian moves: surprise */
    ef_new(&g, 3, 0, NULL);
    ck_assert_int_eq(ef_order_set(&g, 88, d, 1), EF_OK);
    ef_turn_begin(&g, NULL);
    ck_assert_int_eq(g.u[88].norders, 0);
}
END_TEST

START_TEST(orders_and_their_messages)
{
    ef_new(&g, 3, 0, NULL);
    ck_assert_str_eq(ef_error_text(ef_order_add(&g, 88, EF_EAST)),
                     "THAT IS A RUSSIAN UNIT!");
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(ef_order_add(&g, PZ, EF_EAST), EF_OK);
    ck_assert_str_eq(ef_error_text(ef_order_add(&g, PZ, EF_EAST)),
                     "ONLY 8 ORDERS ARE ALLOWED!");
    ck_assert_int_eq(ef_order_clear(&g, PZ), EF_OK);
    ck_assert_int_eq(g.u[PZ].norders, 0);
    ck_assert_str_eq(ef_error_text(ef_order_add(&g, PZ, EF_DIAGONAL)),
                     "NO DIAGONAL MOVES ALLOWED!");
    ck_assert_str_eq(ef_error_text(EF_ERR_WAIT),
                     "PLEASE WAIT FOR MALTAKREUZE!");
    ck_assert_str_eq(ef_error_text(EF_ERR_MILITIA),
                     "MILITIA UNITS CAN'T MOVE!");
    ck_assert_int_eq(ef_order_add(&g, 2, EF_EAST), EF_ERR_NO_UNIT);
    ef_order_add(&g, PZ, EF_NORTH);
    ef_order_add(&g, PZ, EF_EAST);
    int lons[8], lats[8];
    ck_assert_int_eq(ef_unit_path(&g, PZ, lons, lats), 2);
    ck_assert_int_eq(lons[1], 39);
    ck_assert_int_eq(lats[1], 21);
    ef_card c;
    ck_assert_int_eq(ef_unit_card(&g, PZ, &c), 0);
    ck_assert_str_eq(c.name, "24 PANZER CORPS");
    ck_assert_int_eq(c.muster, 203);
    ck_assert_int_eq(c.norders, 2);
    ck_assert_int_eq(ef_unit_at(&g, 40, 20), PZ);
    /* no orders while figuring the move, none once the game is over */
    ef_turn_begin(&g, NULL);
    ck_assert_str_eq(ef_error_text(ef_order_add(&g, PZ, EF_EAST)),
                     "FIGURING MOVE; NO ORDERS ALLOWED");
    ck_assert_int_eq(ef_turn_begin(&g, NULL), EF_ERR_PHASE);
    ck_assert_int_eq(ef_turn_end(&g, NULL), EF_ERR_PHASE);
}
END_TEST

START_TEST(supply_cases)
{
    /* a German with the way west open is supplied: nothing happens */
    empty(7);
    put(INF, 8, 22, 150, 150);
    ef_logistics(&g, INF, &ev);
    ck_assert_int_eq(g.u[INF].combat, 150);
    ck_assert_int_eq(count(EF_EV_SUPPLY), 0);
    /* in the mud Germans get no supply at all: half (rounding the loss
     * up) is lost */
    ef_set_date(&g, 1941, 10, 5);
    ef_logistics(&g, INF, &ev);
    ck_assert_int_eq(g.u[INF].combat, 75);
    ck_assert_int_eq(find(EF_EV_SUPPLY)->a, 75);
    g.u[INF].combat = 1;
    ef_logistics(&g, INF, &ev);
    ck_assert(!ef_on_map(&g, INF));
    ck_assert_int_eq(find(EF_EV_DEATH)->a, EF_DIED_SUPPLY);
    /* a supplied Russian gains 2 muster; Russians are not hurt by mud */
    empty(10);
    put(R_INF, 8, 22, 100, 90);
    ef_logistics(&g, R_INF, &ev);
    ck_assert_int_eq(g.u[R_INF].muster, 102);
    ck_assert_int_eq(g.u[R_INF].combat, 90);
    /* a Russian in the Crimea with Perekop and Kerch held is cut off:
     * it may not trace across the sea */
    empty(7);
    put(R_INF, 20, 1, 100, 100);
    put(PZ, 20, 3, 200, 200);
    put(INF, 21, 3, 150, 150);
    put(7, 18, 2, 150, 150);
    ck_assert_int_eq(ef_supply_traced(&g, R_INF), 0);
    ef_logistics(&g, R_INF, &ev);
    ck_assert_int_eq(g.u[R_INF].combat, 50);
    ck_assert_int_eq(g.u[R_INF].muster, 100);
    /* a German in the same place traces west across the Black Sea */
    empty(7);
    put(PZ, 20, 1, 200, 200);
    put(R_INF, 20, 3, 100, 100);
    put(R_INF2, 21, 3, 100, 100);
    ck_assert_int_eq(ef_supply_traced(&g, PZ), 1);
    /* enemy zones of control cost 2 a square: a Russian ringed by
     * Germans, with no way east, starves */
    empty(7);
    put(R_INF, 8, 22, 100, 100);
    put(PZ, 7, 23, 200, 200);
    put(INF, 7, 21, 150, 150);
    put(7, 7, 22, 150, 150);
    put(8, 8, 24, 150, 150);
    put(9, 8, 20, 150, 150);
    ck_assert_int_eq(ef_supply_traced(&g, R_INF), 0);
}
END_TEST

START_TEST(german_winter_supply_odds)
{
    /* in snow a German is supplied with probability (74 + 4 lon) / 256
     * (and only then traces, with a limit of 16) */
    static const int lons[] = {5, 20, 35};
    for (int k = 0; k < 3; k++) {
        int out = 0, n = 6000;
        empty(12);
        for (int i = 0; i < n; i++) {
            ef_clear_board(&g);
            put(INF, lons[k], 22, 200, 200);
            ef_logistics(&g, INF, NULL);
            out += g.u[INF].combat == 100;
        }
        double p_in = (double)(n - out) / n;
        double want = (75.0 + 4 * lons[k]) / 256;
        ck_assert_msg(p_in > want - 0.025 && p_in < want + 0.025,
                      "lon %d: supplied %.3f, want %.3f", lons[k], p_in, want);
    }
}
END_TEST

START_TEST(rivers_freeze_under_units)
{
    ef_new(&g, 11, 0, NULL);
    ef_clear_board(&g);
    g.turn = 18;
    ef_set_date(&g, 1941, 10, 26);
    /* a unit on the Volga near Gorky, one on a swamp in the north */
    put(R_INF, 12, 33, 100, 100);
    put(R_INF2, 30, 31, 100, 100);
    ck_assert_int_eq(ef_terrain(&g, 12, 33), EF_T_RIVER);
    ck_assert_int_eq(ef_terrain(&g, 30, 31), EF_T_SWAMP);
    /* the first week of November moves the ice line 7..14 south of 39 */
    ef_turn_run(&g, &ev);
    ck_assert_int_eq(g.month, 11);
    ck_assert_int_eq(g.weather, EF_SNOW);
    ck_assert_int_ge(g.icelat, 39 - 14);
    ck_assert_int_le(g.icelat, 39 - 7);
    ck_assert_ptr_nonnull(find(EF_EV_ICE));
    ck_assert_int_eq(ef_terrain(&g, 12, 33), EF_T_FROZEN_RIVER);
    ck_assert_int_eq(ef_terrain(&g, 30, 31), EF_T_FROZEN_SWAMP);
    ck_assert_int_eq(ef_unit_at(&g, 12, 33), R_INF);   /* still there */
    ck_assert_int_eq(ef_terrain(&g, 6, 16), EF_T_RIVER); /* south: not yet */
    /* by the end of winter everything but the last row is frozen */
    for (int i = 0; i < 8; i++)
        ef_turn_run(&g, NULL);
    ck_assert_int_eq(g.icelat, 1);
    ck_assert_int_eq(ef_terrain(&g, 6, 16), EF_T_FROZEN_RIVER);
    /* and the thaw comes from the south in March */
    while (g.month != 3)
        ef_turn_run(&g, NULL);
    ck_assert_int_gt(g.icelat, 1);
    ck_assert_int_eq(ef_terrain(&g, 20, 7), EF_T_RIVER);
    while (g.month != 5)
        ef_turn_run(&g, NULL);
    ck_assert_int_eq(g.icelat, EF_H);
}
END_TEST

START_TEST(reinforcements_wait_for_a_free_square)
{
    /* 117 (29 INFANTRY ARMY) arrives on turn 4 at (21,28), where 71
     * (2 TANK ARMY) has stood since turn 0 */
    ef_new(&g, 5, 0, NULL);
    while (g.turn < 4)
        ef_turn_run(&g, &ev);
    ck_assert_int_eq(ef_unit_at(&g, 21, 28), 71);
    ck_assert(!ef_on_map(&g, 117));
    ck_assert_int_eq(g.u[117].arrive, 5);
    const ef_event *e = NULL;
    for (int i = 0; i < ev.n; i++)
        if (ev.ev[i].kind == EF_EV_DELAYED && ev.ev[i].unit == 117)
            e = &ev.ev[i];
    ck_assert_ptr_nonnull(e);
    /* 71 steps aside; 117 comes the next week */
    ef_put_unit(&g, 71, 22, 27, g.u[71].muster, g.u[71].combat);
    ef_events_clear(&ev);
    ef_turn_run(&g, &ev);
    ck_assert_int_eq(ef_unit_at(&g, 21, 28), 117);
    ck_assert_ptr_nonnull(find(EF_EV_ARRIVE));
}
END_TEST

START_TEST(the_calendar)
{
    ef_new(&g, 1, 0, NULL);
    ck_assert_int_eq(g.turn, 0);
    ck_assert_int_eq(g.year, 1941);
    ck_assert_int_eq(g.month, 6);
    ck_assert_int_eq(g.day, 22);
    ck_assert_int_eq(g.weather, EF_DRY);
    char date[32];
    ck_assert_str_eq(ef_date_text(g.year, g.month, g.day, date, sizeof date),
                     "JUNE 22, 1941");
    /* spelled out, where the original's 8-letter field read SEPTEMBR */
    ck_assert_str_eq(ef_month_name(9), "SEPTEMBER");
    ck_assert_str_eq(ef_date_text(1941, 9, 28, date, sizeof date),
                     "SEPTEMBER 28, 1941");
    static const struct { int turn, y, m, d, w; } t[] = {
        {1, 1941, 6, 29, EF_DRY}, {2, 1941, 7, 6, EF_DRY},
        {15, 1941, 10, 5, EF_MUD}, {19, 1941, 11, 2, EF_SNOW},
        {28, 1942, 1, 4, EF_SNOW}, {36, 1942, 3, 1, EF_SNOW},
        {41, 1942, 4, 5, EF_MUD}, {44, 1942, 4, 26, EF_MUD},
    };
    size_t k = 0;
    while (!ef_over(&g)) {
        ef_turn_run(&g, NULL);
        if (k < sizeof t / sizeof t[0] && g.turn == t[k].turn) {
            ck_assert_int_eq(g.year, t[k].y);
            ck_assert_int_eq(g.month, t[k].m);
            ck_assert_int_eq(g.day, t[k].d);
            ck_assert_int_eq(g.weather, t[k].w);
            k++;
        }
    }
    ck_assert_int_eq(k, sizeof t / sizeof t[0]);
    /* the end comes after turn 44 */
    ck_assert_int_eq(g.turn, EF_LAST_TURN + 1);
    ck_assert_int_eq(ef_turn_begin(&g, NULL), EF_ERR_PHASE);
    ck_assert_str_eq(ef_error_text(ef_order_add(&g, PZ, EF_EAST)),
                     "GAME OVER");
    /* a leap February: 1944's, as MONLEN was patched for */
    ef_set_date(&g, 1944, 2, 26);
    g.phase = EF_PHASE_ORDERS;
    g.turn = 30;
    ef_turn_run(&g, NULL);
    ck_assert_int_eq(g.month, 3);
    ck_assert_int_eq(g.day, 4);
}
END_TEST

START_TEST(the_points_formula)
{
    /* (48 - lon) x muster/2 for each German, minus lon x combat/8 for
     * each Russian, over 256, plus German-held cities, halved with the
     * handicap, never below zero */
    empty(7);
    memset(g.city_german, 0, sizeof g.city_german);
    put(PZ, 40, 20, 200, 150);              /* 8 x 100 = 800 */
    ck_assert_int_eq(ef_score(&g), 800 / 256);
    put(INF, 10, 22, 121, 121);             /* 38 x 60 = 2280 */
    ck_assert_int_eq(ef_score(&g), (800 + 2280) / 256);
    put(R_INF, 8, 21, 100, 80);             /* 8 x 10 = 80 */
    ck_assert_int_eq(ef_score(&g), (800 + 2280 - 80) / 256);
    g.city_german[ef_city_find("MOSCOW")] = 1;
    g.city_german[ef_city_find("KIEV")] = 1;    /* no points */
    ck_assert_int_eq(ef_score(&g), 11 + 20);
    g.handicap = 1;
    ck_assert_int_eq(ef_score(&g), (11 + 20) / 2);
    g.handicap = 0;
    /* Russians far west outweigh the Germans: zero, plus the cities */
    put(R_INF2, 44, 25, 255, 255);          /* 44 x 31 = 1364 */
    put(R_TANK, 43, 25, 255, 255);          /* 43 x 31 = 1333 */
    put(R_MIL, 45, 25, 255, 255);           /* 45 x 31 = 1395 */
    ck_assert_int_eq(ef_score(&g), 20);
    memset(g.city_german, 0, sizeof g.city_german);
    ck_assert_int_eq(ef_score(&g), 0);
    /* units off the map do not count */
    empty(7);
    memset(g.city_german, 0, sizeof g.city_german);
    ck_assert_int_eq(ef_score(&g), 0);
}
END_TEST

static void add_tests(TCase *tc)
{
    tcase_add_test(tc, combat_odds_over_many_rolls);
    tcase_add_test(tc, a_hit_costs_one_muster_and_five_combat);
    tcase_add_test(tc, a_unit_at_zero_combat_is_destroyed);
    tcase_add_test(tc, break_thresholds_by_nationality);
    tcase_add_test(tc, retreat_order_and_penalties);
    tcase_add_test(tc, retreat_blocked_by_zone_of_control_and_water);
    tcase_add_test(tc, victory_lets_the_attacker_advance);
    tcase_add_test(tc, finns_never_attack);
    tcase_add_test(tc, recovery_each_subturn);
    tcase_add_test(tc, zone_of_control_count);
    tcase_add_test(tc, movement_costs_from_the_terrain_table);
    tcase_add_test(tc, execution_times_jams_and_zones);
    tcase_add_test(tc, cities_change_hands_on_entry);
    tcase_add_test(tc, militia_and_new_arrivals_stay_put);
    tcase_add_test(tc, orders_and_their_messages);
    tcase_add_test(tc, supply_cases);
    tcase_add_test(tc, german_winter_supply_odds);
    tcase_add_test(tc, rivers_freeze_under_units);
    tcase_add_test(tc, reinforcements_wait_for_a_free_square);
    tcase_add_test(tc, the_calendar);
    tcase_add_test(tc, the_points_formula);
}

int main(void)
{
    return ef_test_main("ef_rules", add_tests);
}
