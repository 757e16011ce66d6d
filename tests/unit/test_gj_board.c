/*
 * test_gj_board.c - the board (HQ as one position, territories, bridge
 * entrances, grid references) and movement by type (jmc-rules.md), the
 * river and its bridges, and the seed's movement tiers.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>

#include "test_gj.h"

START_TEST(hq_is_one_position)
{
    ck_assert_int_eq(gj_canon(tg_sq("D1")), tg_sq("C1"));
    ck_assert_int_eq(gj_canon(tg_sq("D8")), tg_sq("C8"));
    ck_assert_int_eq(gj_hq(GJ_RED), tg_sq("C1"));
    ck_assert_int_eq(gj_hq(GJ_BLUE), tg_sq("C8"));
    ck_assert_int_eq(gj_canon(GJ_SQ(3, 1)), GJ_SQ(3, 1));   /* D2 is D2 */
    int n = 0;
    for (int sq = 0; sq < GJ_SQUARES; sq++)
        n += gj_is_pos(sq);
    ck_assert_int_eq(n, 2 * GJ_SIDE_PIECES);
    char b[3];
    ck_assert_str_eq(gj_sq_name(GJ_SQ(3, 0), b), "C1");
}
END_TEST

START_TEST(territories_hold_23_positions_each)
{
    uint64_t seen = 0;
    for (int side = 0; side < 2; side++)
        for (int k = 0; k < GJ_SIDE_PIECES; k++) {
            int sq = gj_terr_sq(side, k);
            ck_assert(gj_is_pos(sq));
            ck_assert_int_eq(gj_owner(sq), side);
            ck_assert(!(seen & GJ_BIT(sq)));
            seen |= GJ_BIT(sq);
            ck_assert_int_eq(gj_terr_index(side, sq), k);
            ck_assert_int_eq(gj_terr_index(!side, sq), -1);
            /* Blue's territory is red's turned half round. */
            int red = gj_terr_sq(GJ_RED, k);
            ck_assert_int_eq(gj_terr_sq(GJ_BLUE, k),
                             gj_canon(GJ_SQUARES - 1 - red));
        }
    ck_assert_int_eq(gj_terr_sq(GJ_RED, 0), tg_sq("A1"));
    ck_assert_int_eq(gj_terr_sq(GJ_RED, 2), tg_sq("C1"));
    ck_assert_int_eq(gj_terr_sq(GJ_RED, 3), tg_sq("E1"));
    ck_assert_int_eq(gj_terr_sq(GJ_RED, 22), tg_sq("F4"));
    ck_assert_int_eq(gj_terr_sq(GJ_BLUE, 0), tg_sq("F8"));
    ck_assert_int_eq(gj_terr_sq(GJ_BLUE, 2), tg_sq("C8"));
    ck_assert_int_eq(gj_terr_sq(GJ_BLUE, 22), tg_sq("A5"));
    ck_assert_int_eq(gj_terr_index(GJ_RED, tg_sq("D1")), 2);
}
END_TEST

START_TEST(back_ranks_and_bridge_entrances)
{
    const char *red_bridges[] = { "B4", "E4" }, *blue_bridges[] = { "B5",
                                                                   "E5" };
    int nr = 0, nb = 0;
    for (int sq = 0; sq < GJ_SQUARES; sq++) {
        nr += gj_is_bridge_entrance(GJ_RED, sq);
        nb += gj_is_bridge_entrance(GJ_BLUE, sq);
    }
    ck_assert_int_eq(nr, 2);
    ck_assert_int_eq(nb, 2);
    for (int i = 0; i < 2; i++) {
        ck_assert(gj_is_bridge_entrance(GJ_RED, tg_sq(red_bridges[i])));
        ck_assert(gj_is_bridge_entrance(GJ_BLUE, tg_sq(blue_bridges[i])));
    }
    ck_assert(gj_is_back_rank(GJ_RED, tg_sq("C1")));
    ck_assert(gj_is_back_rank(GJ_RED, tg_sq("F1")));
    ck_assert(!gj_is_back_rank(GJ_RED, tg_sq("F2")));
    ck_assert(gj_is_back_rank(GJ_BLUE, tg_sq("A8")));
}
END_TEST

START_TEST(grid_references_parse)
{
    int a, b;
    ck_assert_int_eq(gj_move_parse("B2-B3", &a, &b), 0);
    ck_assert_int_eq(a, tg_sq("B2"));
    ck_assert_int_eq(b, tg_sq("B3"));
    ck_assert_int_eq(gj_move_parse("b2b3", &a, &b), 0);
    ck_assert_int_eq(gj_move_parse(" c2 d1 ", &a, &b), 0);
    ck_assert_int_eq(b, tg_sq("C1"));
    ck_assert_int_eq(gj_move_parse("B9-B3", &a, &b), -1);
    ck_assert_int_eq(gj_move_parse("G1-B3", &a, &b), -1);
    ck_assert_int_eq(gj_move_parse("B2-", &a, &b), -1);
    ck_assert_int_eq(gj_move_parse("B2-B3x", &a, &b), -1);
    ck_assert_int_eq(gj_sq_parse("", 0), -1);
}
END_TEST

/* The destinations of one piece as names. */
static const char *dests(const gj_game *g, const char *at, char *buf)
{
    int sq = tg_sq(at), id = g->at[sq];
    return tg_names(gj_dests(g->at, GJ_SIDE_OF(id), sq, g->type[id]), buf);
}

START_TEST(one_step_and_the_river)
{
    gj_game g;
    char b[256];
    tg_empty(&g);
    tg_put(&g, 0, GJ_CAPTAIN, "C3");
    tg_put(&g, 1, GJ_SPY, "A4");
    tg_put(&g, 2, GJ_MAJOR, "B4");
    tg_put(&g, 30, GJ_MAJOR, "A5");
    tg_put(&g, 31, GJ_2LT, "C5");
    ck_assert_str_eq(dests(&g, "C3", b), "C2 B3 D3 C4");
    /* A4 faces the river: no crossing off a bridge, even to attack. */
    ck_assert_str_eq(dests(&g, "A4", b), "A3");
    /* B4 is a bridge entrance; B5 is empty. */
    ck_assert_str_eq(dests(&g, "B4", b), "B3 C4 B5");
    ck_assert_str_eq(dests(&g, "A5", b), "B5 A6");
    ck_assert_str_eq(dests(&g, "C5", b), "B5 D5 C6");
}
END_TEST

START_TEST(cavalry_and_tank_two_forward)
{
    gj_game g;
    char b[256];
    tg_empty(&g);
    tg_put(&g, 0, GJ_CAVALRY, "B3");
    tg_put(&g, 1, GJ_TANK, "A3");
    tg_put(&g, 24, GJ_TANK, "E6");
    ck_assert_str_eq(dests(&g, "B3", b), "B2 C3 B4 B5");   /* A3: own */
    /* Two forward from A3 would cross the river off a bridge. */
    ck_assert_str_eq(dests(&g, "A3", b), "A2 A4");   /* B3: own */
    /* Blue's forward is down the board, over the E bridge. */
    ck_assert_str_eq(dests(&g, "E6", b), "E4 E5 D6 F6 E7");
    /* No jumping: a piece on the first square blocks the second. */
    tg_put(&g, 2, GJ_SPY, "B4");
    ck_assert_str_eq(dests(&g, "B3", b), "B2 C3");
    tg_put(&g, 3, GJ_SPY, "E5");      /* an enemy: attacked, not jumped */
    ck_assert_str_eq(dests(&g, "E6", b), "E5 D6 F6 E7");
}
END_TEST

START_TEST(engineer_any_distance_without_jumping)
{
    gj_game g;
    char b[256];
    tg_empty(&g);
    tg_put(&g, 0, GJ_ENGINEER, "A1");
    tg_put(&g, 1, GJ_ENGINEER, "B2");
    /* Along the back rank it crosses the empty HQ as one position; up the
     * A file it stops at the river. */
    ck_assert_str_eq(dests(&g, "A1", b), "B1 C1 E1 F1 A2 A3 A4");
    /* Up the B file it crosses on the bridge. */
    ck_assert_str_eq(dests(&g, "B2", b),
                     "B1 A2 C2 D2 E2 F2 B3 B4 B5 B6 B7 B8");
    tg_put(&g, 2, GJ_MINE, "B4");
    tg_put(&g, 40, GJ_MINE, "E2");
    /* Stops before its own piece, on an enemy one. */
    ck_assert_str_eq(dests(&g, "B2", b), "B1 A2 C2 D2 E2 B3");
    tg_put(&g, 3, GJ_GENERAL, "C1");
    ck_assert_str_eq(dests(&g, "A1", b), "B1 A2 A3 A4");
}
END_TEST

START_TEST(plane_flies_along_its_file)
{
    gj_game g;
    char b[256];
    tg_empty(&g);
    tg_put(&g, 0, GJ_PLANE, "C3");
    tg_put(&g, 1, GJ_SPY, "C4");      /* own: flown over, not landed on */
    tg_put(&g, 30, GJ_SPY, "C6");     /* enemy: flown over or attacked */
    tg_put(&g, 2, GJ_PLANE, "A4");
    ck_assert_str_eq(dests(&g, "C3", b), "C1 C2 B3 D3 C5 C6 C7 C8");
    /* Over the river off a bridge; one square sideways only. */
    ck_assert_str_eq(dests(&g, "A4", b), "A1 A2 A3 B4 A5 A6 A7 A8");
}
END_TEST

START_TEST(mines_and_banner_never_move)
{
    gj_game g;
    tg_empty(&g);
    tg_put(&g, 0, GJ_MINE, "C3");
    tg_put(&g, 1, GJ_BANNER, "A3");
    ck_assert_uint_eq(gj_dests(g.at, GJ_RED, tg_sq("C3"), GJ_MINE), 0);
    ck_assert_uint_eq(gj_dests(g.at, GJ_RED, tg_sq("A3"), GJ_BANNER), 0);
}
END_TEST

START_TEST(moves_into_and_out_of_the_hq)
{
    gj_game g;
    char b[256];
    tg_empty(&g);
    tg_put(&g, 0, GJ_MAJOR, "C1");
    ck_assert_str_eq(dests(&g, "C1", b), "B1 E1 C2 D2");
    ck_assert_str_eq(dests(&g, "D1", b), "B1 E1 C2 D2");
    tg_empty(&g);
    const char *next[] = { "B1", "E1", "C2", "D2" };
    for (int i = 0; i < 4; i++) {
        tg_empty(&g);
        tg_put(&g, 0, GJ_2LT, next[i]);
        ck_assert(gj_dests(g.at, GJ_RED, tg_sq(next[i]), GJ_2LT) &
                  GJ_BIT(tg_sq("C1")));
    }
    /* Into the enemy HQ from D7, and the enemy HQ's plane on file D. */
    tg_empty(&g);
    tg_put(&g, 0, GJ_GENERAL, "D7");
    tg_put(&g, 23, GJ_PLANE, "C8");
    ck_assert_str_eq(dests(&g, "D7", b), "D6 C7 E7 C8");
    ck_assert_str_eq(dests(&g, "C8", b),
                     "C1 C2 D2 C3 D3 C4 D4 C5 D5 C6 D6 C7 D7 B8 E8");
    /* Cavalry from the HQ: two forward up C or D. */
    tg_empty(&g);
    tg_put(&g, 0, GJ_CAVALRY, "C1");
    ck_assert_str_eq(dests(&g, "C1", b), "B1 E1 C2 D2 C3 D3");
}
END_TEST

/* What C1 D1 print as (the HQ names itself C1) for the plane test above. */
START_TEST(hq_names)
{
    char b[256];
    ck_assert_str_eq(tg_names(GJ_BIT(tg_sq("D1")), b), "C1");
}
END_TEST

static const char *const seed_tiers[4][2] = {
    { "00111011", "11111111" }, { "00000010", "00000110" },
    { "00000000", "00000010" }, { "00000000", "00000000" },
};

START_TEST(tier_masks_are_the_seeds)
{
    for (int i = 0; i < 4; i++)
        ck_assert_uint_eq(gj_tier_mask[i],
                          strtoul(seed_tiers[i][0], 0, 2) << 8 |
                          strtoul(seed_tiers[i][1], 0, 2));
}
END_TEST

/* Brute force: the types whose own footprint holds the move. */
static uint16_t footprint_types(const int8_t *at, int side, int from, int to)
{
    uint16_t m = 0;
    for (int t = 0; t < GJ_TYPES; t++)
        if (gj_dests(at, side, from, t) & GJ_BIT(to))
            m |= GJ_TYPE_BIT(t);
    return m;
}

START_TEST(movement_masks_match_footprints)
{
    gj_game g;
    char b[256];
    tg_empty(&g);
    tg_put(&g, 0, GJ_ENGINEER, "B2");
    int from = tg_sq("B2");
    /* One step: every ground mover and the plane. */
    ck_assert_uint_eq(gj_move_mask(g.at, GJ_RED, from, tg_sq("B3")), 0x3fff);
    /* Sideways one: not along the plane's file, but its side step. */
    ck_assert_uint_eq(gj_move_mask(g.at, GJ_RED, from, tg_sq("C2")), 0x3fff);
    /* Two forward: Engineer, Cavalry, Tank, Plane. */
    ck_assert_uint_eq(gj_move_mask(g.at, GJ_RED, from, tg_sq("B4")), 0x0606);
    /* Three forward: Engineer or Plane.  Two sideways: Engineer only. */
    ck_assert_uint_eq(gj_move_mask(g.at, GJ_RED, from, tg_sq("B5")), 0x0402);
    ck_assert_uint_eq(gj_move_mask(g.at, GJ_RED, from, tg_sq("D2")), 0x0002);
    /* Two back: Engineer or Plane (the cavalry only goes two forward). */
    tg_put(&g, 1, GJ_ENGINEER, "E3");
    ck_assert_uint_eq(gj_move_mask(g.at, GJ_RED, tg_sq("E3"), tg_sq("E1")),
                      0x0402);
    /* Over a piece: only the Plane flies. */
    tg_put(&g, 4, GJ_SPY, "E2");
    ck_assert_uint_eq(gj_move_mask(g.at, GJ_RED, tg_sq("E3"), tg_sq("E1")),
                      0x0400);
    /* Across the river off a bridge: only a Plane. */
    tg_put(&g, 2, GJ_ENGINEER, "A4");
    ck_assert_uint_eq(gj_move_mask(g.at, GJ_RED, tg_sq("A4"), tg_sq("A5")),
                      0x0400);
    (void)b;

    /* And on the boards of random games, for every legal move. */
    gj_rng r;
    gj_rng_seed(&r, 8);
    for (int game = 0; game < 20; game++) {
        gj_setup s[2];
        gj_setup_random(&s[0], &r);
        gj_setup_random(&s[1], &r);
        gj_game_init(&g, &s[0], &s[1]);
        for (int ply = 0; ply < 200 && g.result == GJ_PLAYING; ply++) {
            gj_move mv[GJ_MAX_MOVES];
            int n = gj_gen_moves(g.at, g.type, g.turn, mv);
            for (int i = 0; i < n; i++)
                ck_assert_uint_eq(
                    gj_move_mask(g.at, g.turn, mv[i].from, mv[i].to),
                    footprint_types(g.at, g.turn, mv[i].from, mv[i].to));
            int k = (int)gj_rng_below(&r, (uint32_t)n);
            ck_assert_int_eq(gj_play(&g, mv[k].from, mv[k].to, 0), 0);
        }
    }
}
END_TEST

START_TEST(opening_moves_are_attacks_over_bridges_or_by_plane)
{
    /* Every position is full at the start, so every legal move attacks:
     * from a bridge entrance, or a plane flying along its file. */
    gj_rng r;
    gj_rng_seed(&r, 1);
    for (int i = 0; i < 200; i++) {
        gj_setup s[2];
        gj_game g;
        gj_setup_random(&s[0], &r);
        gj_setup_random(&s[1], &r);
        gj_game_init(&g, &s[0], &s[1]);
        gj_move mv[GJ_MAX_MOVES];
        int n = gj_gen_moves(g.at, g.type, GJ_RED, mv);
        ck_assert_int_gt(n, 0);
        for (int j = 0; j < n; j++) {
            int id = g.at[mv[j].from];
            ck_assert_int_ge(g.at[mv[j].to], GJ_SIDE_PIECES);
            ck_assert(gj_is_bridge_entrance(GJ_RED, mv[j].from) ||
                      g.type[id] == GJ_PLANE);
        }
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("gj_board");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, hq_is_one_position);
    tcase_add_test(tc, territories_hold_23_positions_each);
    tcase_add_test(tc, back_ranks_and_bridge_entrances);
    tcase_add_test(tc, grid_references_parse);
    tcase_add_test(tc, one_step_and_the_river);
    tcase_add_test(tc, cavalry_and_tank_two_forward);
    tcase_add_test(tc, engineer_any_distance_without_jumping);
    tcase_add_test(tc, plane_flies_along_its_file);
    tcase_add_test(tc, mines_and_banner_never_move);
    tcase_add_test(tc, moves_into_and_out_of_the_hq);
    tcase_add_test(tc, hq_names);
    tcase_add_test(tc, tier_masks_are_the_seeds);
    tcase_add_test(tc, movement_masks_match_footprints);
    tcase_add_test(tc, opening_moves_are_attacks_over_bridges_or_by_plane);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
