/*
 * test_bg_cube.c - the cube and the match in the engine: the match
 * equity table, Janowski's take and cash points and the cube actions as
 * gnubg names them (money, the Jacoby rule, beavers, a match, Crawford,
 * post-Crawford, a dead cube), the points a game scores, a match from
 * double to Crawford game to its winner, the save with a double pending
 * (and an old save), and a match's record as a .mat file.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "backgammon/bg.h"
#include "testutil.h"

/* Chances with no gammons: p to win. */
static void plain(float *v, float p)
{
    memset(v, 0, sizeof(float) * BG_NOUT);
    v[BG_OUT_WIN] = p;
}

static bg_cubeinfo money(int value, int owner)
{
    bg_cubeinfo ci = { .value = value, .owner = owner };
    return ci;
}

static bg_cubeinfo match(int length, int a, int b, int crawford)
{
    bg_cubeinfo ci = { .value = 1, .owner = BG_CENTRE, .match = length,
                       .away = { length - a, length - b },
                       .crawford = crawford };
    return ci;
}

static const char *action(const bg_cubeinfo *ci, const bg_pos *p,
                          const float *v)
{
    static bg_cubedec d;
    bg_cube_decide(ci, p, v, &d);
    return bg_cube_text(&d);
}

/* Kazaross-XG2, as published: the Crawford game at 1-away 2-away, the
 * free drop after it, the table's symmetry. */
START_TEST(match_equity_table)
{
    ck_assert_float_eq_tol(bg_met(1, 2, 0), 0.67736f, 1e-6f);
    ck_assert_float_eq_tol(bg_met(2, 1, 0), 0.32264f, 1e-6f);
    ck_assert_float_eq_tol(bg_met(3, 3, 0), 0.5f, 1e-6f);
    ck_assert_float_eq_tol(bg_met(2, 1, 1), 0.48803f, 1e-6f);
    ck_assert_float_eq_tol(bg_met(1, 2, 1), 1 - 0.48803f, 1e-6f);
    ck_assert_float_eq_tol(bg_met(25, 25, 0), 0.5f, 1e-6f);
    ck_assert_float_eq(bg_met(0, 3, 0), 1.0f);
    ck_assert_float_eq(bg_met(3, -1, 0), 0.0f);
    for (int a = 1; a <= BG_MATCH_MAX; a++)
        for (int b = 1; b <= BG_MATCH_MAX; b++) {
            ck_assert_float_eq_tol(bg_met(a, b, 0) + bg_met(b, a, 0), 1.0f,
                                   1e-4f);
            if (a < b)          /* nearer the end, better placed */
                ck_assert_float_gt(bg_met(a, b, 0), 0.5f);
        }
}
END_TEST

/*
 * Money, no gammons, a position in contact (the cube's efficiency 0.68):
 * Janowski's take point (L - 1/2) / (W + L + x/2) = 0.5 / 2.34 for the
 * side doubled, so the doubler's cash point is 1 - 0.2137 = 0.7863.
 */
START_TEST(janowski_money)
{
    bg_pos p;
    float v[BG_NOUT];
    bg_cubedec d;
    bg_pos_start(&p);
    bg_cubeinfo ci = money(1, BG_CENTRE);
    plain(v, 0.7863f - 0.002f);
    bg_cube_decide(&ci, &p, v, &d);
    ck_assert_float_lt(d.dt, 1.0f);             /* still a take */
    plain(v, 0.7863f + 0.002f);
    bg_cube_decide(&ci, &p, v, &d);
    ck_assert_float_gt(d.dt, 1.0f);             /* now a pass */
    ck_assert_str_eq(bg_cube_text(&d), "Double, pass");
    plain(v, 0.5f);
    ck_assert_str_eq(action(&ci, &p, v), "No double, take");
    plain(v, 0.74f);
    ck_assert_str_eq(action(&ci, &p, v), "Double, take");
    /* held by the side on roll: redoubles */
    bg_cubeinfo own = money(2, 0);
    ck_assert_str_eq(action(&own, &p, v), "Redouble, take");
    plain(v, 0.55f);
    ck_assert_str_eq(action(&own, &p, v), "No redouble, take");
    /* held by the other side: no double to give */
    bg_cubeinfo other = money(2, 1);
    bg_cube_decide(&other, &p, v, &d);
    ck_assert_int_eq(d.action, BG_CA_NOT_AVAILABLE);
    /* doubled in a bad position, a beaver is worth more than a take */
    bg_cubeinfo bv = money(1, BG_CENTRE);
    bv.beavers = 1;
    plain(v, 0.3f);
    ck_assert_str_eq(action(&bv, &p, v), "No double, beaver");
    int beaver;
    bg_cube_decide(&bv, &p, v, &d);
    ck_assert(bg_cube_should_take(&d, &bv, &beaver) && beaver);
    ck_assert(!bg_cube_should_double(&d));
}
END_TEST

/* Gammons: a race won for sure, the loser with nothing off, is "too good
 * to double" in plain money play (playing on wins two points), but with
 * the Jacoby rule, the cube in the middle, doubling out is as good. */
START_TEST(gammons_and_jacoby)
{
    bg_pos p;
    float v[BG_NOUT] = {1, 1, 0, 0, 0};
    memset(&p, 0, sizeof p);
    p.s[0][0] = 1;              /* one tile left, on the ace point */
    p.s[1][5] = 15;
    bg_cubeinfo ci = money(1, BG_CENTRE);
    ck_assert_str_eq(action(&ci, &p, v), "Too good to double, pass");
    ci.jacoby = 1;
    ck_assert_str_eq(action(&ci, &p, v), "Double, pass");
    /* the points of a game won */
    ck_assert_int_eq(bg_cube_points(&ci, 2), 1);   /* not turned yet */
    ci.owner = 1;
    ci.value = 4;
    ck_assert_int_eq(bg_cube_points(&ci, 2), 8);
    ck_assert_int_eq(bg_cube_points(&ci, 3), 12);
    ci.jacoby = 0;
    ci.owner = BG_CENTRE;
    ci.value = 1;
    ck_assert_int_eq(bg_cube_points(&ci, 3), 3);
    /* a game over as a position: the gammon the loser cannot save */
    bg_pos won;
    memset(&won, 0, sizeof won);
    won.s[1][5] = 15;
    ck_assert_int_eq(bg_pos_gammon(&won), 2);
    won.s[1][5] = 14;
    won.s[1][20] = 1;           /* in the winner's home: a backgammon */
    ck_assert_int_eq(bg_pos_gammon(&won), 3);
    won.s[1][20] = 0;           /* one off: a single game */
    ck_assert_int_eq(bg_pos_gammon(&won), 1);
}
END_TEST

/* Past its cash point a side may play on for its gammons: with a live
 * cube that is worth, from the cash at the cash point, up to the average
 * of its wins at p = 1 (Janowski; gnubg's live cube).  88% to win, a
 * quarter of the wins gammons, in contact: reckoning only the cash there
 * (the dead cube's part alone showing the gammons) made it "Double, pass";
 * under the Jacoby rule, the cube in the middle, it is. */
START_TEST(too_good_with_a_live_cube)
{
    bg_pos p;
    float v[BG_NOUT] = {0.88f, 0.22f, 0, 0, 0};
    bg_pos_start(&p);
    bg_cubeinfo ci = money(1, BG_CENTRE);
    ck_assert_str_eq(action(&ci, &p, v), "Too good to double, pass");
    bg_cubeinfo own = money(2, 0);
    ck_assert_str_eq(action(&own, &p, v), "Too good to redouble, pass");
    ci.jacoby = 1;
    ck_assert_str_eq(action(&ci, &p, v), "Double, pass");
    bg_cubeinfo m = match(7, 0, 0, 0);
    ck_assert_str_eq(action(&m, &p, v), "Too good to double, pass");
    /* without the gammons, cashing is all there is */
    plain(v, 0.88f);
    ck_assert_str_eq(action(&m, &p, v), "Double, pass");
    ck_assert_str_eq(action(&own, &p, v), "Redouble, pass");
}
END_TEST

/* The strong level's cube looks two rolls ahead.  After the Crawford
 * game the trailer loses nothing by doubling (the leader, one point
 * away, can never use the cube): not doubling, the trailer doubles at its
 * next turn, so no double and double/take come to the same and the
 * double is optional, as gnubg says; a sure single win under the Jacoby
 * rule is worth the cash exactly, not a rounding more (no "too good");
 * and a last roll of 23 chances in 36 is a double and a take. */
START_TEST(strong_cube_two_rolls_ahead)
{
    bg_ai *ai = bg_ai_new();
    bg_pos p;
    bg_cubedec d;
    bg_pos_start(&p);
    bg_cubeinfo post = match(3, 0, 2, 0);
    bg_ai_cube(ai, &p, BG_LEVEL_STRONG, &post, &d);
    ck_assert_str_eq(bg_cube_text(&d), "Optional double, take");
    ck_assert_float_eq_tol(d.nd, d.dt, 1e-5f);
    bg_ai_cube(ai, &p, BG_LEVEL_NET, &post, &d);     /* Janowski alone */
    ck_assert_str_eq(bg_cube_text(&d), "Double, take");
    memset(&p, 0, sizeof p);
    p.s[0][0] = 1;              /* one tile left, on the ace point */
    p.s[1][5] = 15;
    bg_cubeinfo jac = money(1, BG_CENTRE);
    jac.jacoby = 1;
    bg_ai_cube(ai, &p, BG_LEVEL_STRONG, &jac, &d);
    ck_assert_str_eq(bg_cube_text(&d), "Double, pass");
    memset(&p, 0, sizeof p);
    p.s[0][6] = 1;              /* on the 7 point: 23 rolls of 36 */
    p.s[1][0] = 1;
    bg_cubeinfo last = money(1, BG_CENTRE);
    bg_ai_cube(ai, &p, BG_LEVEL_STRONG, &last, &d);
    ck_assert_str_eq(bg_cube_text(&d), "Double, take");
    /* exactly: 2 (23/36 - 13/36) for the take, 23/36 - 13/36 played on */
    ck_assert_float_eq_tol(d.dt, 2 * 10 / 36.0f, 1e-5f);
    ck_assert_float_eq_tol(d.nd, 10 / 36.0f, 1e-5f);
    bg_ai_free(ai);
}
END_TEST

/* A match: nobody doubles in the Crawford game nor in a 1-point match
 * (gnubg's "dead cube"); after it the trailer's double costs nothing
 * when he is lost anyway; holding the cube at a value that already wins
 * the match, the owner's redouble is dead. */
START_TEST(match_cube)
{
    bg_pos p;
    float v[BG_NOUT];
    bg_pos_start(&p);
    plain(v, 0.5f);
    bg_cubeinfo c = match(5, 0, 4, 1);
    ck_assert_str_eq(action(&c, &p, v), "Never double, take (dead cube)");
    bg_cubeinfo one = match(1, 0, 0, 0);
    ck_assert_str_eq(action(&one, &p, v), "Never double, take (dead cube)");
    bg_cubeinfo lead = match(5, 4, 3, 0);   /* post-Crawford, leading */
    ck_assert_str_eq(action(&lead, &p, v), "Never double, take (dead cube)");
    bg_cubeinfo trail = match(5, 3, 4, 0);  /* post-Crawford, trailing */
    plain(v, 0.0f);
    ck_assert_str_eq(action(&trail, &p, v), "Optional double, take");
    plain(v, 0.9f);
    ck_assert_str_eq(action(&trail, &p, v), "Double, pass");
    bg_cubeinfo owned = match(5, 3, 1, 0);
    owned.value = 2;
    owned.owner = 0;
    plain(v, 0.6f);
    ck_assert_str_eq(action(&owned, &p, v),
                     "Never redouble, take (dead cube)");
    /* the value of a match position is a chance of winning it */
    bg_cubeinfo even = match(7, 0, 0, 0);
    plain(v, 0.5f);
    float u = bg_cube_value(&even, &p, v);
    ck_assert(u > 0.45f && u < 0.55f);
    ck_assert_float_eq_tol(bg_cube_outcome(&even, 2), bg_met(5, 7, 0),
                           1e-6f);
    ck_assert_float_eq_tol(bg_cube_outcome(&even, -7), 0.0f, 1e-6f);
}
END_TEST

/* A 3-point match through the state: a double passed, a gammon with
 * the cube at 2, the Crawford game, post-Crawford, the winner. */
START_TEST(match_flow)
{
    bg_state g;
    bg_state_new(&g, "ANN", "BOB", BG_RULES_STANDARD, BG_BLUE);
    bg_state_stakes(&g, BG_MATCH, 3, 0, 0);
    ck_assert_int_eq(bg_state_may_double(&g), BG_DBL_OK);
    bg_state_double(&g);
    ck_assert_int_eq(bg_state_may_double(&g), BG_DBL_THROWN);
    ck_assert_int_eq(bg_state_pass(&g), BG_BLUE);
    ck_assert_int_eq(g.points, 1);
    ck_assert_int_eq(g.kind, 0);
    ck_assert_int_eq(g.score[BG_BLUE], 1);
    ck_assert_int_eq(bg_state_match_winner(&g), -1);
    bg_state_next_game(&g, BG_GREEN);
    ck_assert_int_eq(g.games, 1);
    ck_assert(!g.crawford && g.winner < 0 && g.cube == 1);
    /* green doubles, blue takes: the cube is blue's at 2 */
    bg_state_double(&g);
    bg_state_take(&g, 1);       /* no beavers in a match */
    ck_assert_int_eq(g.cube, 2);
    ck_assert_int_eq(g.owner, BG_BLUE);
    ck_assert_int_eq(bg_state_may_double(&g), BG_DBL_NOT_YOURS);
    /* blue on roll now may redouble */
    bg_state_throw(&g, 6, 5);
    ck_assert_int_eq(bg_state_may_double(&g), BG_DBL_THROWN);
    bg_state_end_turn(&g);
    ck_assert_int_eq(bg_state_may_double(&g), BG_DBL_OK);
    /* green wins a gammon at 2: 4 points, 1-4, the match */
    memset(&g.pos, 0, sizeof g.pos);
    g.turn = BG_GREEN;          /* one tile left against fifteen */
    g.pos.s[0][0] = 1;
    g.pos.s[1][5] = 15;
    bg_state_throw(&g, 1, 1);
    ck_assert_int_eq(bg_turn_play(&g.tn, 1, 0), BG_OK);
    ck_assert_int_eq(bg_state_end_turn(&g), BG_GREEN);
    ck_assert_int_eq(g.kind, 2);
    ck_assert_int_eq(g.points, 4);
    ck_assert_int_eq(bg_state_match_winner(&g), BG_GREEN);

    /* 2-point match: 1-0 makes the next game Crawford's, then free */
    bg_state_new(&g, "ANN", "BOB", BG_RULES_STANDARD, BG_BLUE);
    bg_state_stakes(&g, BG_MATCH, 2, 0, 0);
    bg_state_double(&g);
    bg_state_pass(&g);
    bg_state_next_game(&g, BG_GREEN);
    ck_assert(g.crawford);
    ck_assert_int_eq(bg_state_may_double(&g), BG_DBL_CRAWFORD);
    g.winner = BG_GREEN;        /* green wins the Crawford game */
    bg_stakes_score(&g, 1);
    ck_assert_int_eq(bg_state_match_winner(&g), -1);
    bg_state_next_game(&g, BG_GREEN);
    ck_assert(!g.crawford && g.post_crawford);
    ck_assert_int_eq(bg_state_may_double(&g), BG_DBL_OK);
    bg_cubeinfo ci;
    bg_state_cubeinfo(&g, &ci);
    ck_assert_int_eq(ci.away[0], 1);
    ck_assert_int_eq(ci.away[1], 1);
    ck_assert_int_eq(ci.match, 2);
}
END_TEST

/* Money play: a beaver takes the cube to four times, still the taker's;
 * the Jacoby rule counts a gammon single while the cube is in the
 * middle; the ATARI rules have no cube at all. */
START_TEST(money_flow)
{
    bg_state g;
    bg_state_new(&g, "ANN", "BOB", BG_RULES_STANDARD, BG_BLUE);
    bg_state_stakes(&g, BG_MONEY, 0, 1, 1);
    bg_state_double(&g);
    bg_state_take(&g, 1);
    ck_assert_int_eq(g.cube, 4);
    ck_assert_int_eq(g.owner, BG_GREEN);
    g.cube = BG_CUBE_MAX;
    g.turn = BG_GREEN;
    ck_assert_int_eq(bg_state_may_double(&g), BG_DBL_LIMIT);
    bg_state_new(&g, "ANN", "BOB", BG_RULES_STANDARD, BG_BLUE);
    bg_state_stakes(&g, BG_MONEY, 0, 1, 0);
    g.winner = BG_BLUE;
    bg_stakes_score(&g, 2);
    ck_assert_int_eq(g.points, 1);      /* Jacoby: not turned */
    bg_state_next_game(&g, BG_BLUE);
    bg_state_double(&g);
    bg_state_take(&g, 1);               /* beavers not allowed: a take */
    ck_assert_int_eq(g.cube, 2);
    g.winner = BG_BLUE;
    bg_stakes_score(&g, 2);
    ck_assert_int_eq(g.points, 4);
    ck_assert_int_eq(g.score[BG_BLUE], 5);
    ck_assert_int_eq(bg_state_match_winner(&g), -1);
    bg_state_new(&g, "ANN", "BOB", BG_RULES_ATARI, BG_BLUE);
    bg_state_stakes(&g, BG_MATCH, 5, 0, 0);
    ck_assert_int_eq(g.stakes, BG_SINGLE);
    ck_assert_int_eq(bg_state_may_double(&g), BG_DBL_NO_CUBE);
    ck_assert_str_eq(bg_double_refusal_text(BG_DBL_CRAWFORD),
                     "nobody may double in the Crawford game");
}
END_TEST

static uint16_t fletcher(const uint8_t *b, size_t n)
{
    unsigned a = 0, c = 0;
    for (size_t i = 0; i < n; i++) {
        a = (a + b[i]) % 255;
        c = (c + a) % 255;
    }
    return (uint16_t)(c << 8 | a);
}

/* A double pending, the score and Crawford's flag come back from a save;
 * a bad field is refused; a version 1 save (before the cube) still
 * loads, a standard-rules game as a 1-point match. */
START_TEST(save_with_the_cube)
{
    bg_state g, h;
    uint8_t buf[BG_SAVE_MAX];
    bg_state_new(&g, "ANN", "BOB", BG_RULES_STANDARD, BG_GREEN);
    bg_state_stakes(&g, BG_MATCH, 7, 0, 0);
    g.score[BG_BLUE] = 6;
    g.score[BG_GREEN] = 3;
    g.crawford = 1;
    g.games = 4;
    size_t n = bg_save(&g, buf, sizeof buf);
    ck_assert_int_eq(bg_load(&h, buf, n), 0);
    ck_assert(h.crawford && h.length == 7 && h.games == 4);
    ck_assert_int_eq(h.score[BG_BLUE], 6);
    g.crawford = 0;
    g.post_crawford = 1;
    g.cube = 4;
    g.owner = BG_GREEN;
    bg_state_double(&g);
    n = bg_save(&g, buf, sizeof buf);
    ck_assert_int_eq(bg_load(&h, buf, n), 0);
    ck_assert(h.offered && h.cube == 4 && h.owner == BG_GREEN);
    ck_assert_int_eq(h.stakes, BG_MATCH);
    /* the score past the match's length, with a game on: refused */
    g.score[BG_GREEN] = 7;
    n = bg_save(&g, buf, sizeof buf);
    ck_assert_int_eq(bg_load(&h, buf, n), -1);

    /* version 1: magic, rules, turn, winner, dice, moves, names, the
     * position, no typed moves, the sum */
    uint8_t v1[87];
    size_t k = 0;
    memset(v1, 0, sizeof v1);
    v1[k++] = 'B';
    v1[k++] = 'G';
    v1[k++] = 1;
    v1[k++] = BG_RULES_STANDARD;
    v1[k++] = BG_BLUE;
    v1[k++] = 255;
    k += 2 + 4;                 /* no dice; no moves yet */
    memcpy(v1 + k, "ANN", 3);
    memcpy(v1 + k + 10, "ATARI", 5);
    k += 20;
    bg_pos start;
    bg_pos_start(&start);
    memcpy(v1 + k, &start, sizeof start);
    k += sizeof start;
    v1[k++] = 0;
    uint16_t sum = fletcher(v1, k);
    v1[k++] = (uint8_t)(sum & 255);
    v1[k++] = (uint8_t)(sum >> 8);
    ck_assert_int_eq(bg_load(&h, v1, k), 0);
    ck_assert_str_eq(h.name[BG_GREEN], "ATARI");
    ck_assert_int_eq(h.stakes, BG_MATCH);
    ck_assert_int_eq(h.length, 1);
    ck_assert_int_eq(h.cube, 1);
    ck_assert_int_eq(h.owner, BG_CENTRE);
    v1[3] = BG_RULES_ATARI;
    sum = fletcher(v1, k - 2);
    v1[k - 2] = (uint8_t)(sum & 255);
    v1[k - 1] = (uint8_t)(sum >> 8);
    ck_assert_int_eq(bg_load(&h, v1, k), 0);
    ck_assert_int_eq(h.stakes, BG_SINGLE);
}
END_TEST

/* A record as the .mat text gnubg writes: each side in its own column
 * and points, hits, the bar, bearing off, a dance, a double taken, a
 * beaver, a double dropped with the win on the dropper's line, a win on
 * a line of its own. */
START_TEST(mat_text)
{
    bg_record r = {0};
    bg_move m = { .n = 2, .hits = 2, .st = {{13, 10}, {10, 5}} };
    bg_move bar = { .n = 1, .hits = 0, .st = {{25, 22}} };
    bg_move off = { .n = 2, .hits = 0, .st = {{6, 0}, {3, 0}} };
    bg_move none = { .n = 0 };
    ck_assert_int_eq(bg_record_game(&r), 0);
    bg_record_move(&r, BG_GREEN, 3, 5, &m);     /* green first */
    bg_record_move(&r, BG_BLUE, 6, 6, &none);
    bg_record_move(&r, BG_GREEN, 3, 1, &bar);
    bg_record_double(&r, BG_BLUE, 2);
    bg_record_take(&r, BG_GREEN);
    bg_record_move(&r, BG_BLUE, 6, 3, &off);
    bg_record_win(&r, BG_BLUE, 4);
    bg_record_game(&r);
    bg_record_move(&r, BG_BLUE, 2, 1, &bar);
    bg_record_double(&r, BG_GREEN, 4);
    bg_record_take(&r, BG_BLUE);
    bg_record_beaver(&r, BG_BLUE, 8);
    bg_record_double(&r, BG_GREEN, 16);
    bg_record_pass(&r, BG_BLUE);
    bg_record_win(&r, BG_GREEN, 8);
    const char *names[2] = {"ANN LEE", "ATARI"};
    char *t = bg_mat_text(&r, names, 0);
    ck_assert_ptr_nonnull(t);
    ck_assert_str_eq(t,
        "; [Site \"ttyarcade\"]\n\n 0 point match\n\n"
        " Game 1\n"
        " ANN_LEE : 0                    ATARI : 0\n"
        "  1)                             53: 13/10 10/5* \n"
        "  2) 66:                         31: 25/22 \n"
        "  3)  Doubles => 2                Takes\n"
        "  4) 63: 6/0 3/0                 \n"
        "      Wins 4 points\n"
        "\n Game 2\n"
        " ANN_LEE : 4                    ATARI : 0\n"
        "  1) 21: 25/22                    Doubles => 4\n"
        "  2)  Beavers => 8                Doubles => 16\n"
        "  3)  Drops                       Wins 8 points\n"
        "\n");
    free(t);
    /* read back from a save; anything else is refused */
    bg_record back = {0};
    ck_assert_int_eq(bg_record_set(&back, r.buf, r.len), 0);
    ck_assert_uint_eq(back.len, r.len);
    uint8_t bad[] = {'G', 'M', 0, 0x77, 1};
    ck_assert_int_eq(bg_record_set(&back, bad, sizeof bad), -1);
    ck_assert_uint_eq(back.len, r.len);         /* unchanged */
    bg_record_free(&back);
    bg_record_free(&r);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("bg_cube");
    TCase *tc = tcase_create("cube");
    tcase_add_test(tc, match_equity_table);
    tcase_add_test(tc, janowski_money);
    tcase_add_test(tc, gammons_and_jacoby);
    tcase_add_test(tc, too_good_with_a_live_cube);
    tcase_add_test(tc, strong_cube_two_rolls_ahead);
    tcase_add_test(tc, match_cube);
    tcase_add_test(tc, match_flow);
    tcase_add_test(tc, money_flow);
    tcase_add_test(tc, save_with_the_cube);
    tcase_add_test(tc, mat_text);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
