/*
 * test_ef_campaign.c - Eastern Front: whole campaigns, computer against
 * computer, checked after every subturn (never two units on a square,
 * never a unit at sea, strengths in range, orders legal); a campaign is a
 * pure function of its seed; save and load are exact, mid-turn too, and
 * refuse damaged bytes; the simulate tool's lines.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_ef.h"

static ef_state g, h;
static ef_plan p;
static ef_events ev;

/* ck_assert marks a checkpoint each call, too slow for the thousands of
 * facts checked every subturn: test quietly, fail loudly. */
#define REQUIRE(c, ...) \
    do { \
        if (!(c)) \
            ck_abort_msg(__VA_ARGS__); \
    } while (0)

static void check_invariants(const ef_state *s)
{
    int seen[EF_H][EF_W];
    memset(seen, 0, sizeof seen);
    for (int id = 1; id < EF_NUNITS; id++) {
        const ef_unit *u = &s->u[id];
        /* on the map by its own fields, as ef_occupancy decides, not by
         * the occupancy grid, which holds only one unit a square */
        if (u->arrive == EF_NEVER || u->arrive > s->turn || u->combat == 0) {
            /* the dead are wiped and hold no square */
            if (u->muster == 0)
                REQUIRE(u->arrive == EF_NEVER && u->combat == 0 &&
                        u->norders == 0, "unit %d dead but not wiped", id);
            continue;
        }
        REQUIRE(u->lon < EF_W && u->lat < EF_H, "unit %d off the map (%d,%d)",
                id, u->lon, u->lat);
        REQUIRE(!seen[u->lat][u->lon], "two units on %d,%d: %d and %d",
                u->lon, u->lat, seen[u->lat][u->lon], id);
        seen[u->lat][u->lon] = id;
        REQUIRE(ef_unit_at(s, u->lon, u->lat) == id, "unit %d lost", id);
        int t = ef_map_terrain(u->lon, u->lat);
        REQUIRE(t != EF_T_SEA && t != EF_T_BORDER, "unit %d at sea (%d,%d)",
                id, u->lon, u->lat);
        REQUIRE(u->combat >= 1 && u->combat <= u->muster,
                "unit %d: combat %d, muster %d", id, u->combat, u->muster);
        REQUIRE(u->arrive <= s->turn, "unit %d early", id);
        REQUIRE(u->norders <= EF_MAX_ORDERS, "unit %d: %d orders", id,
                u->norders);
        for (int i = 0; i < u->norders; i++)
            REQUIRE(u->orders[i] <= EF_WEST, "unit %d: order %d", id,
                    u->orders[i]);
        REQUIRE(!ef_is_militia(id) || u->norders == 0,
                "militia %d has orders", id);
        REQUIRE(s->phase != EF_PHASE_MOVING || ef_is_german(id) ||
                u->arrive < s->turn || u->norders == 0,
                "new arrival %d moves", id);
    }
    /* and every occupied square belongs to a unit on it */
    for (int lat = 0; lat < EF_H; lat++)
        for (int lon = 0; lon < EF_W; lon++)
            REQUIRE(ef_unit_at(s, lon, lat) == seen[lat][lon],
                    "square %d,%d", lon, lat);
    REQUIRE(ef_score(s) >= 0, "negative score");
}

/* One turn of computer against computer, checked subturn by subturn. */
static void play_turn(ef_state *s, int german_ai)
{
    if (german_ai)
        ef_german_orders(s);
    ef_plan_init(&p, s);
    ef_plan_run(&p, EF_PLAN_ITERS, NULL, NULL, NULL, 0);
    ck_assert_int_eq(ef_plan_apply(&p, s), EF_OK);
    check_invariants(s);
    ef_events_clear(&ev);
    ck_assert_int_eq(ef_turn_begin(s, &ev), EF_OK);
    check_invariants(s);
    int left;
    while ((left = ef_subturn(s, &ev)) >= 0) {
        check_invariants(s);
        if (left == 0)
            break;
    }
    ck_assert_int_eq(ef_turn_end(s, &ev), EF_OK);
    ck_assert_int_eq(ev.dropped, 0);
    check_invariants(s);
}

START_TEST(campaigns_keep_the_invariants)
{
    static const uint64_t seeds[] = {1, 1941, 424242};
    uint64_t seed = seeds[_i];
    ef_new(&g, seed, 0, NULL);
    check_invariants(&g);
    int turns = 0, german_cities_max = 0, score_max = 0;
    while (!ef_over(&g)) {
        play_turn(&g, 1);
        turns++;
        if (ef_count_cities(&g, 1) > german_cities_max)
            german_cities_max = ef_count_cities(&g, 1);
        if (g.score > score_max)
            score_max = g.score;
    }
    ck_assert_int_eq(turns, EF_LAST_TURN + 1);
    ck_assert_int_eq(g.turn, EF_LAST_TURN + 1);
    /* the German planner gets somewhere: cities beyond Warsaw taken and
     * points scored in the summer */
    ck_assert_int_gt(german_cities_max, 1);
    ck_assert_int_gt(score_max, 20);
}
END_TEST

START_TEST(an_idle_german_keeps_them_too)
{
    ef_new(&g, 77, 1, NULL);
    for (int t = 0; t < 20; t++)
        play_turn(&g, 0);
    ck_assert_int_eq(g.handicap, 1);
}
END_TEST

static void play_plain(ef_state *s, int turns)
{
    for (int t = 0; t < turns && !ef_over(s); t++) {
        ef_german_orders(s);
        ef_plan_init(&p, s);
        ef_plan_run(&p, EF_PLAN_ITERS, NULL, NULL, NULL, 0);
        ef_plan_apply(&p, s);
        ef_turn_run(s, NULL);
    }
}

START_TEST(a_campaign_is_a_function_of_its_seed)
{
    static uint8_t a[EF_SAVE_MAX], b[EF_SAVE_MAX];
    ef_new(&g, 5, 0, NULL);
    ef_new(&h, 5, 0, NULL);
    play_plain(&g, 12);
    play_plain(&h, 12);
    int na = ef_save(&g, a, sizeof a), nb = ef_save(&h, b, sizeof b);
    ck_assert_int_gt(na, 0);
    ck_assert_int_eq(na, nb);
    ck_assert_mem_eq(a, b, (size_t)na);
    ef_new(&h, 6, 0, NULL);
    play_plain(&h, 12);
    ef_save(&h, b, sizeof b);
    ck_assert(memcmp(a, b, (size_t)na) != 0);
}
END_TEST

/* Two states are the same game: every field, every unit, every order
 * (order slots past a unit's count are not state). */
static void same(const ef_state *a, const ef_state *b)
{
    ck_assert_mem_eq(&a->rng, &b->rng, sizeof a->rng);
    ck_assert_int_eq(a->turn, b->turn);
    ck_assert_int_eq(a->phase, b->phase);
    ck_assert_int_eq(a->tick, b->tick);
    ck_assert_int_eq(a->year * 10000 + a->month * 100 + a->day,
                     b->year * 10000 + b->month * 100 + b->day);
    ck_assert_int_eq(a->weather, b->weather);
    ck_assert_int_eq(a->icelat, b->icelat);
    ck_assert_int_eq(a->handicap, b->handicap);
    ck_assert_int_eq(a->score, b->score);
    ck_assert_mem_eq(a->city_german, b->city_german, sizeof a->city_german);
    ck_assert_mem_eq(a->occ, b->occ, sizeof a->occ);
    for (int id = 0; id < EF_NUNITS; id++) {
        const ef_unit *u = &a->u[id], *v = &b->u[id];
        ck_assert_int_eq(u->lon, v->lon);
        ck_assert_int_eq(u->lat, v->lat);
        ck_assert_int_eq(u->muster, v->muster);
        ck_assert_int_eq(u->combat, v->combat);
        ck_assert_int_eq(u->arrive, v->arrive);
        ck_assert_int_eq(u->exec, v->exec);
        ck_assert_int_eq(u->norders, v->norders);
        ck_assert_mem_eq(u->orders, v->orders, u->norders);
    }
}

START_TEST(save_and_load_are_exact_even_mid_turn)
{
    static uint8_t a[EF_SAVE_MAX], b[EF_SAVE_MAX];
    ef_new(&g, 8, 0, NULL);
    play_plain(&g, 6);
    /* the orders phase */
    int n = ef_save(&g, a, sizeof a);
    ck_assert_int_gt(n, 0);
    ck_assert_int_le(n, EF_SAVE_MAX);
    ck_assert_int_eq(ef_load(&h, a, (size_t)n), 0);
    same(&g, &h);
    /* in the middle of the movement, random state included */
    ef_german_orders(&g);
    ef_plan_init(&p, &g);
    ef_plan_run(&p, EF_PLAN_ITERS, NULL, NULL, NULL, 0);
    ef_plan_apply(&p, &g);
    ef_turn_begin(&g, NULL);
    for (int i = 0; i < 13; i++)
        ef_subturn(&g, NULL);
    n = ef_save(&g, a, sizeof a);
    ck_assert_int_eq(ef_load(&h, a, (size_t)n), 0);
    same(&g, &h);
    /* both go on identically */
    while (ef_subturn(&g, NULL) > 0)
        ;
    while (ef_subturn(&h, NULL) > 0)
        ;
    ef_turn_end(&g, NULL);
    ef_turn_end(&h, NULL);
    play_plain(&g, 3);
    play_plain(&h, 3);
    ef_save(&g, a, sizeof a);
    ef_save(&h, b, sizeof b);
    ck_assert_mem_eq(a, b, (size_t)n);
    ck_assert_int_eq(ef_save(&g, a, 10), -1);
}
END_TEST

START_TEST(damaged_saves_are_refused)
{
    static uint8_t a[EF_SAVE_MAX], b[EF_SAVE_MAX];
    ef_new(&g, 2, 0, NULL);
    play_plain(&g, 2);
    int n = ef_save(&g, a, sizeof a);
    ef_new(&h, 99, 0, NULL);
    ef_state keep = h;
    /* every single flipped byte is caught, and h is left alone */
    for (int i = 0; i < n; i++) {
        memcpy(b, a, (size_t)n);
        b[i] ^= 0x41;
        ck_assert_int_eq(ef_load(&h, b, (size_t)n), -1);
    }
    ck_assert_int_eq(ef_load(&h, a, (size_t)n - 1), -1);
    ck_assert_mem_eq(&h, &keep, sizeof h);
    /* a well-formed save of an impossible position: two units on one
     * square (the checksum recomputed by saving the bad state) */
    ef_state bad = g;
    bad.u[1].lon = bad.u[3].lon;
    bad.u[1].lat = bad.u[3].lat;
    int m = ef_save(&bad, b, sizeof b);
    ck_assert_int_eq(ef_load(&h, b, (size_t)m), -1);
    /* a unit at sea */
    bad = g;
    bad.u[1].lon = 25;
    bad.u[1].lat = 1;
    m = ef_save(&bad, b, sizeof b);
    ck_assert_int_eq(ef_load(&h, b, (size_t)m), -1);
    ck_assert_int_eq(ef_load(&h, a, (size_t)n), 0);
}
END_TEST

/* ttyarcade efront simulate --seed S --turns 3: a line per turn from 0,
 * then the result. */
START_TEST(the_simulate_tool)
{
    char *argv[] = {"efront", "simulate", "--seed", "12", "--turns", "3", 0};
    static char out[16384];
    int rc = tu_tool_stdio(ef_tool_main, out, sizeof out, 0, 6, argv);
    ck_assert_int_eq(rc, 0);
    ck_assert_uint_lt(strlen(out), sizeof out - 1);
    FILE *f = fmemopen(out, strlen(out), "r");
    ck_assert_ptr_nonnull(f);
    char line[512];
    static const char *const dates[] = {"1941-06-22", "1941-06-29",
                                        "1941-07-06"};
    for (int t = 0; t < 3; t++) {
        ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
        int turn, y, m, d, score, gu, ru, gc;
        char w[8], date[16];
        ck_assert_int_eq(sscanf(line, "turn=%d date=%d-%d-%d weather=%7s "
                                "score=%d german_units=%d russian_units=%d "
                                "german_cities=%d", &turn, &y, &m, &d, w,
                                &score, &gu, &ru, &gc), 9);
        ck_assert_int_eq(turn, t);
        snprintf(date, sizeof date, "%04d-%02d-%02d", y, m, d);
        ck_assert_str_eq(date, dates[t]);
        ck_assert_str_eq(w, "dry");
        ck_assert_int_ge(gu, 30);
        ck_assert_int_ge(ru, 30);
        ck_assert_int_ge(gc, 1);
    }
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert(strncmp(line, "result=stopped turns=3 ", 23) == 0);
    ck_assert_ptr_null(fgets(line, sizeof line, f));
    fclose(f);
}
END_TEST

static void add_tests(TCase *tc)
{
    tcase_add_loop_test(tc, campaigns_keep_the_invariants, 0, 3);
    tcase_add_test(tc, an_idle_german_keeps_them_too);
    tcase_add_test(tc, a_campaign_is_a_function_of_its_seed);
    tcase_add_test(tc, save_and_load_are_exact_even_mid_turn);
    tcase_add_test(tc, damaged_saves_are_refused);
    tcase_add_test(tc, the_simulate_tool);
}

int main(void)
{
    return ef_test_main("ef_campaign", add_tests);
}
