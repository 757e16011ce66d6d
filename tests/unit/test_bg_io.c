/*
 * test_bg_io.c - what goes in and out of the backgammon engine: GNU
 * Backgammon position IDs, typed moves in the article's pegs, gnubg
 * notation, the end-of-game measures and saved games.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backgammon/bg.h"
#include "backgammon/bg_tool.h"
#include "testutil.h"

START_TEST(posid_known)
{
    bg_pos p, q;
    char id[BG_POSID_LEN + 1];
    bg_pos_start(&p);
    bg_posid_encode(&p, id);
    ck_assert_str_eq(id, "4HPwATDgc/ABMA");
    ck_assert_int_eq(bg_posid_decode("4HPwATDgc/ABMA", &q), 0);
    ck_assert(!memcmp(&p, &q, sizeof p));
    /* gnubg 1.07 after the opening 13/10 6/5, the other side on roll. */
    ck_assert_int_eq(bg_posid_decode("0HPiATDgc/ABMA", &q), 0);
    ck_assert_int_eq(q.s[1][9], 1);     /* the mover's 10 */
    ck_assert_int_eq(q.s[1][12], 4);
    ck_assert_int_eq(q.s[1][4], 1);
    ck_assert_int_eq(q.s[1][5], 4);
    ck_assert_int_eq(q.s[0][12], 5);    /* the side on roll untouched */
    /* gnubg enters bar/18 for the side on roll in 0HPiATDgc/ABUA. */
    ck_assert_int_eq(bg_posid_decode("0HPiATDgc/ABUA", &q), 0);
    ck_assert_int_eq(q.s[0][BG_BAR], 1);
    ck_assert_int_eq(q.s[0][23], 1);
    ck_assert_int_eq(q.s[1][BG_BAR], 0);
    /* Not IDs. */
    ck_assert_int_eq(bg_posid_decode("4HPwATDgc/ABM", &q), -1);
    ck_assert_int_eq(bg_posid_decode("4HPwATDgc/AB!A", &q), -1);
    ck_assert_int_eq(bg_posid_decode("//////////////", &q), -1);
    ck_assert_int_eq(bg_posid_decode("4HPwATDgc/ABMB", &q), -1);
}
END_TEST

START_TEST(posid_round_trip)
{
    bg_movelist *ml = malloc(sizeof *ml);
    bg_xrng x;
    bg_xrng_seed(&x, 5);
    bg_rng r = {bg_xrng_next, &x};
    int n = 0;
    for (int game = 0; game < 30; game++) {
        bg_pos p;
        bg_pos_start(&p);
        for (int ply = 0; ply < 500; ply++) {
            char id[BG_POSID_LEN + 1];
            bg_pos q;
            bg_posid_encode(&p, id);
            ck_assert_int_eq((int)strlen(id), BG_POSID_LEN);
            ck_assert_int_eq(bg_posid_decode(id, &q), 0);
            ck_assert(!memcmp(&p, &q, sizeof p));
            n++;
            bg_moves(&p, bg_roll_die(&r), bg_roll_die(&r), BG_RULES_STANDARD,
                     ml);
            bg_move m = ml->m[r.next(r.state) % (uint32_t)ml->n];
            if (bg_pos_won(&m.after, 0))
                break;
            p = m.after;
            bg_pos_swap(&p);
        }
    }
    ck_assert_int_gt(n, 1000);
    free(ml);
}
END_TEST

static int parse(const char *s, int colour, bg_typed *t)
{
    int err;
    return bg_parse_moves(s, colour, t, 8, &err);
}

/* Lines as typed, and the moves they give in the mover's own points
 * ("f-t f-t ..."; 25 is the bar, 0 off). */
static const struct { const char *line; int colour; const char *want; }
parses[] = {
    /* Green counts as its own points. */
    {"13 10", BG_GREEN, "13-10"},
    {"13/10 8/5", BG_GREEN, "13-10 8-5"},
    {"13 10 8 5", BG_GREEN, "13-10 8-5"},
    {"bar 22", BG_GREEN, "25-22"},
    {"5 OFF, 4/off", BG_GREEN, "5-0 4-0"},
    /* Blue moves up: its peg 1 is its own 24, its bar enters at 1..6. */
    {"1 4", BG_BLUE, "24-21"},
    {"BAR 3", BG_BLUE, "25-22"},
    {"BAR/3", BG_BLUE, "25-22"},
    {"20 OFF", BG_BLUE, "5-0"},
    /* The article's numbers for off: 25 for blue, 0 for green. */
    {"20 25", BG_BLUE, "5-0"},
    {"3 0", BG_GREEN, "3-0"},
    /* gnubg's forms: chains, hits, repeats. */
    {"24/18*/13", BG_GREEN, "24-18 18-13"},
    {"8/5(2) 6/3(2)", BG_GREEN, "8-5 8-5 6-3 6-3"},
    {"", BG_GREEN, ""},
};

/* Not moves, and where the parser stops. */
static const struct { const char *line; int errpos; } bad_parses[] = {
    {"13", 0}, {"13 1O", 3}, {"13 26", 3}, {"13//10", 3}, {"x", 0},
    {"13/", 3}, {"/13 10", 0}, {"8/5(5)", 3},
};

START_TEST(parse_moves)
{
    bg_typed t[8];
    for (size_t i = 0; i < sizeof parses / sizeof parses[0]; i++) {
        int err, n = bg_parse_moves(parses[i].line, parses[i].colour, t, 8,
                                    &err);
        char got[64] = "";
        size_t len = 0;
        ck_assert_int_ge(n, 0);
        for (int k = 0; k < n; k++)
            len += (size_t)snprintf(got + len, sizeof got - len, "%s%d-%d",
                                    k ? " " : "", t[k].from, t[k].to);
        ck_assert_str_eq(got, parses[i].want);
    }
    for (size_t i = 0; i < sizeof bad_parses / sizeof bad_parses[0]; i++) {
        int err;
        ck_assert_int_eq(bg_parse_moves(bad_parses[i].line, BG_GREEN, t, 8,
                                        &err), -1);
        ck_assert_int_eq(err, bad_parses[i].errpos);
    }
}
END_TEST

/* Typed in pegs, checked by the turn: the dialogue's path. */
START_TEST(typed_turn)
{
    bg_pos p;
    bg_turn t;
    bg_typed ty[8];
    bg_pos_start(&p);
    bg_turn_begin(&t, &p, 3, 1, BG_RULES_ATARI);
    /* Blue's 17 and 19 are its own 8 and 6. */
    ck_assert_int_eq(parse("17 20 19 20", BG_BLUE, ty), 2);
    ck_assert_int_eq(bg_turn_play(&t, ty[0].from, ty[0].to), BG_OK);
    ck_assert_int_eq(bg_turn_play(&t, ty[1].from, ty[1].to), BG_OK);
    ck_assert(bg_turn_complete(&t));
    bg_move m;
    char buf[64];
    bg_turn_move(&t, &m);
    bg_move_format(&m, -1, buf, sizeof buf);
    ck_assert_str_eq(buf, "8/5 6/5");
    bg_move_format(&m, BG_BLUE, buf, sizeof buf);
    ck_assert_str_eq(buf, "17/20 19/20");
    bg_move_format(&m, BG_GREEN, buf, sizeof buf);
    ck_assert_str_eq(buf, "8/5 6/5");
    ck_assert_str_eq(bg_refusal_text(BG_ERR_CLOSED),
                     "that peg is closed (two or more enemy tiles)");
    ck_assert_str_eq(bg_refusal_text(BG_ERR_FULL),
                     "that peg already holds five tiles");
}
END_TEST

/* gnubg's "bar/21(2)" on 2-2 under STANDARD rules: both tiles enter,
 * then both move on. */
START_TEST(bar_then_on)
{
    bg_pos p;
    bg_turn t;
    bg_typed ty[8];
    bg_pos_start(&p);
    p.s[0][23] -= 2;            /* green's two back tiles are hit */
    p.s[0][BG_BAR] += 2;
    bg_turn_begin(&t, &p, 2, 2, BG_RULES_STANDARD);
    int n = parse("bar/21(2)", BG_GREEN, ty);
    ck_assert_int_eq(n, 2);
    /* as typed, the first tile cannot move on past the other's entry */
    ck_assert_int_ne(bg_turn_play(&t, ty[0].from, ty[0].to), BG_OK);
    n = bg_typed_bar_first(ty, n, 8, BG_RULES_STANDARD, 2, 2);
    ck_assert_int_eq(n, 4);
    for (int k = 0; k < n; k++)
        ck_assert_int_eq(bg_turn_play(&t, ty[k].from, ty[k].to), BG_OK);
    ck_assert(bg_turn_complete(&t));
    bg_move m;
    char buf[64];
    bg_turn_move(&t, &m);
    bg_move_format(&m, -1, buf, sizeof buf);
    ck_assert_str_eq(buf, "bar/21(2)");
    /* other dice and the ATARI rules (a double's pairs) keep the line */
    n = parse("bar/21(2)", BG_GREEN, ty);
    ck_assert_int_eq(bg_typed_bar_first(ty, n, 8, BG_RULES_ATARI, 2, 2), 2);
    ck_assert_int_eq(bg_typed_bar_first(ty, n, 8, BG_RULES_STANDARD, 2, 1),
                     2);
    /* a single tile entering and moving on is one move already */
    n = parse("bar/21", BG_GREEN, ty);
    ck_assert_int_eq(bg_typed_bar_first(ty, n, 8, BG_RULES_STANDARD, 2, 2),
                     1);
}
END_TEST

START_TEST(notation)
{
    bg_movelist *ml = malloc(sizeof *ml);
    bg_pos p;
    char buf[64];
    bg_pos_start(&p);
    bg_moves(&p, 6, 5, BG_RULES_STANDARD, ml);
    int found = 0;
    for (int k = 0; k < ml->n; k++) {
        bg_move_format(&ml->m[k], -1, buf, sizeof buf);
        found += !strcmp(buf, "24/13");
    }
    ck_assert_int_eq(found, 1);
    /* A hit on the way is kept: 24/18*\/13. */
    bg_move m;
    memset(&m, 0, sizeof m);
    m.n = 2;
    m.st[0] = (bg_step){24, 18};
    m.st[1] = (bg_step){18, 13};
    m.hits = 1;
    bg_move_format(&m, -1, buf, sizeof buf);
    ck_assert_str_eq(buf, "24/18*/13");
    m.n = 4;
    m.hits = 0;
    m.st[0] = (bg_step){6, 4};
    m.st[1] = (bg_step){8, 6};
    m.st[2] = (bg_step){6, 4};
    m.st[3] = (bg_step){25, 23};
    bg_move_format(&m, -1, buf, sizeof buf);
    ck_assert_str_eq(buf, "bar/23 8/4 6/4");
    m.st[1] = (bg_step){6, 4};
    m.st[3] = (bg_step){2, 0};
    bg_move_format(&m, -1, buf, sizeof buf);
    ck_assert_str_eq(buf, "6/4(3) 2/off");
    free(ml);
}
END_TEST

START_TEST(score_and_result)
{
    bg_state g;
    bg_result r;
    bg_state_new(&g, "ANN", "ATARI", BG_RULES_ATARI, BG_GREEN);
    ck_assert_str_eq(g.name[BG_BLUE], "ANN");
    /* The loser's tiles: 2 on his 24 (winner's home: 4 each), 5 on 13
     * (3), 3 on 8 (2), 5 on 6 (1) and one on the bar (5). */
    uint8_t loser[25] = {0};
    loser[23] = 2;
    loser[12] = 5;
    loser[7] = 3;
    loser[5] = 4;
    loser[BG_BAR] = 1;
    ck_assert_int_eq(bg_score_tiles(loser), 8 + 15 + 6 + 4 + 5);
    /* Green bears off its last tile. */
    memset(&g.pos, 0, sizeof g.pos);
    g.pos.s[0][0] = 1;
    memcpy(g.pos.s[1], loser, 25);
    ck_assert_int_eq(bg_state_throw(&g, 2, 1), 1);
    ck_assert_int_eq(bg_turn_play(&g.tn, 1, 0), BG_OK);
    ck_assert_int_eq(bg_state_end_turn(&g), BG_GREEN);
    bg_state_result(&g, &r);
    ck_assert_int_eq(r.winner, BG_GREEN);
    ck_assert_int_eq(r.tile_advantage, 15);
    ck_assert_int_eq(r.total_moves, 1);
    ck_assert_int_eq(r.score, 38);
}
END_TEST

START_TEST(state_and_save)
{
    bg_state g, h;
    uint8_t buf[BG_SAVE_MAX];
    bg_state_new(&g, "BLUEBELL", "ATARI", BG_RULES_ATARI, BG_BLUE);
    ck_assert_int_eq(bg_state_tiles(&g, BG_BLUE, 24), 2);
    ck_assert_int_eq(bg_state_throw(&g, 6, 1), 2);
    ck_assert_int_eq(bg_turn_play(&g.tn, 13, 7), BG_OK);   /* pegs 12-18 */
    size_t n = bg_save(&g, buf, sizeof buf);
    ck_assert_uint_gt(n, 0);
    ck_assert_int_eq(bg_load(&h, buf, n), 0);
    ck_assert_str_eq(h.name[BG_BLUE], "BLUEBELL");
    ck_assert_str_eq(h.name[BG_GREEN], "ATARI");
    ck_assert_int_eq(h.turn, BG_BLUE);
    ck_assert_int_eq(h.tn.nplayed, 1);
    ck_assert(!memcmp(&h.tn.cur, &g.tn.cur, sizeof g.tn.cur));
    ck_assert_int_eq(bg_state_tiles(&h, BG_BLUE, 7), 1);
    /* The partial turn goes on after loading, take-back included. */
    ck_assert_int_eq(bg_turn_undo(&h.tn), BG_OK);
    ck_assert_int_eq(bg_turn_play(&h.tn, 13, 7), BG_OK);
    ck_assert_int_eq(bg_turn_play(&h.tn, 8, 7), BG_OK);
    ck_assert_int_eq(bg_state_end_turn(&h), -1);
    ck_assert_int_eq(h.turn, BG_GREEN);
    ck_assert_int_eq(h.moves[BG_BLUE], 1);
    /* The position ID, and setting one up. */
    char id[BG_POSID_LEN + 1];
    bg_state_posid(&h, id);
    ck_assert_str_eq(id, "4NvgATDgc/ABMA");   /* gnubg, after 61: 13/7 8/7 */
    bg_pos q;
    ck_assert_int_eq(bg_posid_decode(id, &q), 0);
    ck_assert_int_eq(q.s[1][6], 2);     /* blue's new point, peg 18 */
    ck_assert_int_eq(bg_state_set_posid(&h, "4HPwATDgc/ABMA", BG_BLUE), 0);
    ck_assert_int_eq(h.turn, BG_BLUE);
    ck_assert_int_eq(bg_state_set_posid(&h, "not an id", BG_BLUE), -1);
    /* A save survives only intact. */
    n = bg_save(&g, buf, sizeof buf);
    for (size_t i = 0; i < n; i++) {
        buf[i] ^= 0x20;
        ck_assert_int_eq(bg_load(&h, buf, n), -1);
        buf[i] ^= 0x20;
    }
    ck_assert_int_eq(bg_load(&h, buf, n - 1), -1);
    ck_assert_int_eq(bg_load(&h, buf, n), 0);
    /* Who starts: the higher single die, never a tie. */
    bg_xrng x;
    bg_xrng_seed(&x, 3);
    bg_rng r = {bg_xrng_next, &x};
    int starts[2] = {0, 0};
    for (int i = 0; i < 200; i++) {
        int d1, d2, c = bg_first_roll(&r, &d1, &d2);
        ck_assert_int_ne(d1, d2);
        ck_assert_int_eq(c, d1 > d2 ? BG_BLUE : BG_GREEN);
        starts[c]++;
    }
    ck_assert_int_gt(starts[BG_BLUE], 60);
    ck_assert_int_gt(starts[BG_GREEN], 60);
    /* A finished game saves and loads too. */
    bg_state_new(&g, "A", "B", BG_RULES_STANDARD, BG_GREEN);
    memset(&g.pos, 0, sizeof g.pos);
    g.pos.s[0][0] = 1;
    g.pos.s[1][5] = 15;
    bg_state_throw(&g, 1, 1);
    bg_turn_play(&g.tn, 1, 0);
    ck_assert_int_eq(bg_state_end_turn(&g), BG_GREEN);
    n = bg_save(&g, buf, sizeof buf);
    ck_assert_int_eq(bg_load(&h, buf, n), 0);
    ck_assert_int_eq(h.winner, BG_GREEN);
}
END_TEST

/* Run `ttyarcade backgammon ARGS...` in this process; its stdout in out,
 * its complaints on stderr swallowed. */
static int tool(char *out, size_t size, int argc, char **argv)
{
    return tu_tool_stdio(bg_tool_main, out, size, 0, argc, argv);
}

START_TEST(tool_move)
{
    char out[4096];
    char *a[] = {"backgammon", "move", "4HPwATDgc/ABMA", "42", 0};
    ck_assert_int_eq(tool(out, sizeof out, 4, a), 0);
    ck_assert_str_eq(out, "8/4 6/4\n");
    char *b[] = {"backgammon", "move", "--level", "3", "--rules", "standard",
                 "4HPwATDgc/ABMA", "61", 0};
    ck_assert_int_eq(tool(out, sizeof out, 8, b), 0);
    ck_assert_str_eq(out, "13/7 8/7\n");
    /* On the bar against a closed board: no play. */
    bg_pos p;
    char id[BG_POSID_LEN + 1];
    memset(&p, 0, sizeof p);
    p.s[0][BG_BAR] = 1;
    p.s[0][5] = 14;
    for (int i = 0; i < 6; i++)
        p.s[1][i] = 2;
    p.s[1][12] = 3;
    bg_posid_encode(&p, id);
    char *c[] = {"backgammon", "move", "--level", "strong", "--rules",
                 "standard", id, "66", 0};
    ck_assert_int_eq(tool(out, sizeof out, 8, c), 0);
    ck_assert_str_eq(out, "none\n");
    /* Mistakes are refused with status 2 (usage) or 1 (the position). */
    char *d[] = {"backgammon", "move", "4HPwATDgc/ABMA", "70", 0};
    ck_assert_int_eq(tool(out, sizeof out, 4, d), 2);
    char *e[] = {"backgammon", "move", "4HPwATDgc/ABM", "31", 0};
    ck_assert_int_eq(tool(out, sizeof out, 4, e), 1);
    char *f[] = {"backgammon", "--help", 0};
    ck_assert_int_eq(tool(out, sizeof out, 2, f), 0);
    ck_assert_ptr_nonnull(strstr(out, "serve-moves"));
}
END_TEST

/* A position of two races in the bearing-off table: the chances are
 * exact, whatever the net. */
static void race_id(int mine, int theirs, char id[BG_POSID_LEN + 1])
{
    bg_pos p;
    memset(&p, 0, sizeof p);
    p.s[0][mine - 1] = 1;
    p.s[1][theirs - 1] = 1;
    bg_posid_encode(&p, id);
}

/* eval: five chances on one line; cube: gnubg's words for the cube
 * action, money and match; wrong options refused. */
START_TEST(tool_eval_and_cube)
{
    char out[4096], id[BG_POSID_LEN + 1];
    race_id(6, 1, id);          /* 27 rolls of 36 bear the tile off */
    char *a[] = {"backgammon", "eval", id, 0};
    ck_assert_int_eq(tool(out, sizeof out, 3, a), 0);
    ck_assert_str_eq(out, "0.750000 0.000000 0.000000 0.000000 0.000000\n");
    char *a2[] = {"backgammon", "eval", "--ply", "2", id, 0};
    ck_assert_int_eq(tool(out, sizeof out, 5, a2), 0);
    ck_assert_str_eq(out, "0.750000 0.000000 0.000000 0.000000 0.000000\n");
    char *a3[] = {"backgammon", "eval", "--ply", "3", id, 0};
    ck_assert_int_eq(tool(out, sizeof out, 5, a3), 2);
    char *b[] = {"backgammon", "eval", "4HPwATDgc/ABMA", 0};
    ck_assert_int_eq(tool(out, sizeof out, 3, b), 0);
    float v[5];
    ck_assert_int_eq(sscanf(out, "%f %f %f %f %f", &v[0], &v[1], &v[2],
                            &v[3], &v[4]), 5);
    ck_assert(v[0] > 0.4f && v[0] < 0.6f);
    ck_assert(v[1] <= v[0] && v[2] <= v[1] && v[3] <= 1 - v[0] &&
              v[4] <= v[3]);
    race_id(1, 6, id);          /* a sure win */
    char *c[] = {"backgammon", "cube", id, 0};
    ck_assert_int_eq(tool(out, sizeof out, 3, c), 0);
    ck_assert_str_eq(out, "Double, pass\n");
    char *d[] = {"backgammon", "cube", "--cube", "2", "--owner", "roller",
                 id, 0};
    ck_assert_int_eq(tool(out, sizeof out, 7, d), 0);
    ck_assert_str_eq(out, "Redouble, pass\n");
    char *e[] = {"backgammon", "cube", "--match", "5", "--score", "0-4",
                 "--crawford", id, 0};
    ck_assert_int_eq(tool(out, sizeof out, 8, e), 0);
    ck_assert_str_eq(out, "Never double, take (dead cube)\n");
    char *f[] = {"backgammon", "cube", "--owner", "other", id, 0};
    ck_assert_int_eq(tool(out, sizeof out, 5, f), 0);
    ck_assert_str_eq(out, "No double available: the other side owns the "
                          "cube\n");
    /* 23 rolls of 36 bear the tile off from the 7 point (from the 6, 27:
     * the take and the pass are worth exactly the same then) */
    race_id(7, 1, id);
    char *g[] = {"backgammon", "cube", "--flags", id, 0};
    ck_assert_int_eq(tool(out, sizeof out, 4, g), 0);
    ck_assert_str_eq(out, "Double, take\t1 1 0\n");
    /* refused: a score without a match, a cube of 3, no side 1 away for
     * the Crawford game, a finished match */
    char *h[] = {"backgammon", "cube", "--score", "1-2", id, 0};
    ck_assert_int_eq(tool(out, sizeof out, 5, h), 2);
    char *i[] = {"backgammon", "cube", "--cube", "3", id, 0};
    ck_assert_int_eq(tool(out, sizeof out, 5, i), 2);
    char *j[] = {"backgammon", "cube", "--match", "5", "--crawford", id, 0};
    ck_assert_int_eq(tool(out, sizeof out, 6, j), 2);
    char *k[] = {"backgammon", "cube", "--match", "5", "--score", "5-1", id,
                 0};
    ck_assert_int_eq(tool(out, sizeof out, 7, k), 2);
}
END_TEST

/* move --level 0: a new random play each call, or the same for a seed. */
START_TEST(tool_random_move)
{
    char out[256], first[256] = "";
    char *a[] = {"backgammon", "move", "--level", "0", "--rules", "standard",
                 "4HPwATDgc/ABMA", "31", 0};
    int differ = 0;
    for (int n = 0; n < 20; n++) {
        ck_assert_int_eq(tool(out, sizeof out, 8, a), 0);
        if (!first[0])
            snprintf(first, sizeof first, "%s", out);
        differ |= strcmp(out, first) != 0;
    }
    ck_assert(differ);
    char *b[] = {"backgammon", "move", "--level", "0", "--seed", "9",
                 "4HPwATDgc/ABMA", "31", 0};
    ck_assert_int_eq(tool(out, sizeof out, 8, b), 0);
    snprintf(first, sizeof first, "%s", out);
    for (int n = 0; n < 5; n++) {
        ck_assert_int_eq(tool(out, sizeof out, 8, b), 0);
        ck_assert_str_eq(out, first);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("bg_io");
    TCase *tc = tcase_create("io");
    tcase_add_test(tc, posid_known);
    tcase_add_test(tc, posid_round_trip);
    tcase_add_test(tc, parse_moves);
    tcase_add_test(tc, typed_turn);
    tcase_add_test(tc, bar_then_on);
    tcase_add_test(tc, notation);
    tcase_add_test(tc, score_and_result);
    tcase_add_test(tc, state_and_save);
    tcase_add_test(tc, tool_move);
    tcase_add_test(tc, tool_eval_and_cube);
    tcase_add_test(tc, tool_random_move);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
