/*
 * test_gj_game.c - a game in progress: banner strength, the HQ win, the
 * no-move loss, intelligence gathered in play, graveyard and action replay,
 * the per-player view (no hidden types), counting inference and
 * serialisation.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>

#include "test_gj.h"

/* Ids used in hand-built positions: red 0..22, blue 23..45. */
enum { R0 = 0, B0 = GJ_SIDE_PIECES };

/* Play a move by names on a hand-built position, side to move first. */
static gj_rec play(gj_game *g, int side, const char *from, const char *to)
{
    gj_rec r;
    g->turn = (uint8_t)side;
    g->result = GJ_PLAYING;
    ck_assert_msg(gj_play(g, tg_sq(from), tg_sq(to), &r) == 0,
                  "%s-%s not legal", from, to);
    return r;
}

START_TEST(banner_fights_as_the_piece_behind_it)
{
    gj_game g;
    tg_empty(&g);
    tg_put(&g, R0, GJ_BANNER, "B3");
    tg_put(&g, R0 + 1, GJ_GENERAL, "B2");
    tg_put(&g, B0, GJ_COLONEL, "B4");
    tg_put(&g, B0 + 1, GJ_SPY, "F8");
    ck_assert_int_eq(gj_fights_as(g.at, g.type, tg_sq("B3")), GJ_GENERAL);
    gj_rec r = play(&g, GJ_BLUE, "B4", "B3");
    ck_assert_int_eq(r.outcome, GJ_DEFENDER);
    ck_assert_int_eq(g.sq[R0], tg_sq("B3"));
    ck_assert_int_eq(g.sq[B0], -1);

    /* Nobody behind: the Banner loses to anything, even a Spy. */
    tg_empty(&g);
    tg_put(&g, R0, GJ_BANNER, "B3");
    tg_put(&g, R0 + 1, GJ_GENERAL, "A1");
    tg_put(&g, B0, GJ_SPY, "B4");
    ck_assert_int_eq(gj_fights_as(g.at, g.type, tg_sq("B3")), GJ_BANNER);
    r = play(&g, GJ_BLUE, "B4", "B3");
    ck_assert_int_eq(r.outcome, GJ_ATTACKER);

    /* An enemy piece behind does not defend it. */
    tg_empty(&g);
    tg_put(&g, R0, GJ_BANNER, "B3");
    tg_put(&g, R0 + 1, GJ_GENERAL, "A1");
    tg_put(&g, B0, GJ_2LT, "B4");
    tg_put(&g, B0 + 1, GJ_GENERAL, "B2");
    r = play(&g, GJ_BLUE, "B4", "B3");
    ck_assert_int_eq(r.outcome, GJ_ATTACKER);

    /* Behind C2 or D2 is the HQ; a mine there makes the Banner a mine. */
    tg_empty(&g);
    tg_put(&g, R0, GJ_BANNER, "D2");
    tg_put(&g, R0 + 1, GJ_MINE, "C1");
    tg_put(&g, R0 + 2, GJ_SPY, "A1");
    tg_put(&g, B0, GJ_MAJOR, "D3");
    tg_put(&g, B0 + 1, GJ_ENGINEER, "E2");
    tg_put(&g, B0 + 2, GJ_SPY, "F8");
    ck_assert_int_eq(gj_fights_as(g.at, g.type, tg_sq("D2")), GJ_MINE);
    r = play(&g, GJ_BLUE, "D3", "D2");
    ck_assert_int_eq(r.outcome, GJ_BOTH);
    ck_assert_int_eq(g.sq[R0], -1);
    ck_assert_int_eq(g.sq[R0 + 1], tg_sq("C1"));   /* the mine stays */
    tg_put(&g, R0 + 3, GJ_BANNER, "D2");
    r = play(&g, GJ_BLUE, "E2", "D2");
    ck_assert_int_eq(r.outcome, GJ_ATTACKER);       /* engineers clear */
}
END_TEST

/* A blue piece that can always move, so the no-move rule stays quiet. */
static void blue_reserve(gj_game *g)
{
    tg_put(g, B0 + 20, GJ_SPY, "F6");
}

START_TEST(an_officer_entering_the_enemy_hq_wins)
{
    gj_game g;
    tg_empty(&g);
    tg_put(&g, R0, GJ_MAJOR, "D7");
    blue_reserve(&g);
    play(&g, GJ_RED, "D7", "D8");
    ck_assert_int_eq(g.result, GJ_WIN_HQ);
    ck_assert_int_eq(g.winner, GJ_RED);
    ck_assert_int_eq(g.sq[R0], tg_sq("C8"));
    ck_assert_int_eq(gj_is_legal(&g, tg_sq("F6"), tg_sq("F5")), 0);

    /* Every officer wins so, and nobody else does. */
    for (int t = 0; t < GJ_MINE; t++) {
        tg_empty(&g);
        tg_put(&g, R0, t, "B8");
        blue_reserve(&g);
        play(&g, GJ_RED, "B8", "C8");
        ck_assert_int_eq(g.result, gj_is_officer(t) ? GJ_WIN_HQ : GJ_PLAYING);
    }
    ck_assert_uint_eq(GJ_OFFICERS, 0x1f8 | 0x3800);

    /* Winning an attack on the HQ wins; blue wins into red's HQ too. */
    tg_empty(&g);
    tg_put(&g, R0, GJ_GENERAL, "C7");
    tg_put(&g, B0, GJ_COLONEL, "C8");
    blue_reserve(&g);
    ck_assert_int_eq(play(&g, GJ_RED, "C7", "C8").outcome, GJ_ATTACKER);
    ck_assert_int_eq(g.result, GJ_WIN_HQ);
    tg_empty(&g);
    tg_put(&g, B0, GJ_2LT, "E1");
    tg_put(&g, R0, GJ_SPY, "A4");
    play(&g, GJ_BLUE, "E1", "C1");
    ck_assert_int_eq(g.result, GJ_WIN_HQ);
    ck_assert_int_eq(g.winner, GJ_BLUE);

    /* A mine in the HQ takes the officer with it: no win. */
    tg_empty(&g);
    tg_put(&g, R0, GJ_GENERAL, "C7");
    tg_put(&g, B0, GJ_MINE, "C8");
    blue_reserve(&g);
    ck_assert_int_eq(play(&g, GJ_RED, "C7", "D8").outcome, GJ_BOTH);
    ck_assert_int_eq(g.result, GJ_PLAYING);
}
END_TEST

START_TEST(no_legal_move_loses)
{
    gj_game g;
    /* Blue's last mobile piece falls. */
    tg_empty(&g);
    tg_put(&g, R0, GJ_GENERAL, "B4");
    tg_put(&g, B0, GJ_CAPTAIN, "B5");
    tg_put(&g, B0 + 1, GJ_MINE, "F8");
    tg_put(&g, B0 + 2, GJ_BANNER, "F7");
    play(&g, GJ_RED, "B4", "B5");
    ck_assert_int_eq(g.result, GJ_WIN_NOMOVE);
    ck_assert_int_eq(g.winner, GJ_RED);

    /* Or is boxed in: A5 has the river below and its own mines around. */
    tg_empty(&g);
    tg_put(&g, R0, GJ_GENERAL, "E1");
    tg_put(&g, B0, GJ_CAPTAIN, "A6");
    tg_put(&g, B0 + 1, GJ_MINE, "A7");
    tg_put(&g, B0 + 2, GJ_MINE, "B6");
    tg_put(&g, B0 + 3, GJ_BANNER, "B5");
    play(&g, GJ_RED, "E1", "F1");
    ck_assert_int_eq(g.result, GJ_PLAYING);
    play(&g, GJ_BLUE, "A6", "A5");
    tg_put(&g, B0 + 4, GJ_MINE, "A6");    /* (a set piece, not play) */
    play(&g, GJ_RED, "F1", "E1");
    ck_assert_int_eq(g.result, GJ_WIN_NOMOVE);
    ck_assert_int_eq(g.winner, GJ_RED);

    /* Red may lose so too; it is judged when red is to move. */
    tg_empty(&g);
    tg_put(&g, R0, GJ_SPY, "B4");
    tg_put(&g, R0 + 1, GJ_MINE, "A1");
    tg_put(&g, B0, GJ_MAJOR, "B5");
    ck_assert_int_eq(play(&g, GJ_RED, "B4", "B5").outcome, GJ_DEFENDER);
    ck_assert_int_eq(g.result, GJ_PLAYING);
    g.turn = GJ_BLUE;
    ck_assert_int_eq(gj_play(&g, tg_sq("B5"), tg_sq("B4"), 0), 0);
    ck_assert_int_eq(g.result, GJ_WIN_NOMOVE);
    ck_assert_int_eq(g.winner, GJ_BLUE);
}
END_TEST

START_TEST(a_long_game_is_drawn)
{
    gj_game g;
    tg_empty(&g);
    tg_put(&g, R0, GJ_2LT, "A1");
    tg_put(&g, B0, GJ_2LT, "F8");
    g.turn = GJ_RED;
    const char *red[2] = { "A1", "A2" }, *blue[2] = { "F8", "F7" };
    for (int i = 0; g.result == GJ_PLAYING; i++) {
        int side = g.turn;
        const char **p = side == GJ_RED ? red : blue;
        int j = i / 2 % 2;
        ck_assert_int_eq(gj_play(&g, tg_sq(p[j]), tg_sq(p[!j]), 0), 0);
    }
    ck_assert_int_eq(g.result, GJ_DRAW);
    ck_assert_int_eq(g.nhist, GJ_MAX_PLIES);
}
END_TEST

START_TEST(intelligence_from_moves_and_combat)
{
    gj_game g;
    tg_empty(&g);
    tg_put(&g, R0, GJ_CAPTAIN, "B3");
    tg_put(&g, B0, GJ_2LT, "B5");
    tg_put(&g, B0 + 1, GJ_GENERAL, "F6");
    g.flags[R0] = gj_start_mask(12);
    g.flags[B0] = gj_start_mask(18);      /* B5: no mine */
    play(&g, GJ_RED, "B3", "B4");
    /* One step: not a mine, banner or... anything else is still open. */
    ck_assert_uint_eq(g.flags[R0], 0x3fff);
    gj_rec r = play(&g, GJ_RED, "B4", "B5");
    ck_assert_int_eq(r.outcome, GJ_ATTACKER);
    /* Blue's 2Lt, seen by red who knows it met a Captain: types a Captain
     * beats (or the Banner). */
    ck_assert_uint_eq(g.flags[B0], 0x801f & 0xbfff);
    /* Red's Captain, seen by blue who knows its 2Lt lost: types that beat
     * a 2Lt, less Mine and Banner for having moved. */
    uint16_t beats_2lt = 0;
    for (int a = 0; a < GJ_MINE; a++)
        if (gj_outcome(a, GJ_2LT) == GJ_ATTACKER)
            beats_2lt |= GJ_TYPE_BIT(a);
    ck_assert_uint_eq(g.flags[R0], beats_2lt);
    ck_assert(g.flags[R0] >> GJ_CAPTAIN & 1);

    /* Blue's General, seen by red: the defender's mask of a loss to it. */
    tg_put(&g, R0 + 1, GJ_SPY, "F5");
    g.flags[R0 + 1] = GJ_ALL_TYPES;
    g.flags[B0 + 1] = GJ_ALL_TYPES;
    r = play(&g, GJ_BLUE, "F6", "F5");
    ck_assert_int_eq(r.outcome, GJ_DEFENDER);       /* the Spy wins */
    ck_assert_uint_eq(g.flags[B0 + 1], 0x3fff & gj_attacker_mask(
                          GJ_DEFENDER, GJ_SPY));
    ck_assert_uint_eq(g.flags[B0 + 1],
                      GJ_TYPE_BIT(GJ_SPY) | GJ_TYPE_BIT(GJ_GENERAL));
}
END_TEST

/* A random game to ply n (or its end), both sides the random opponent. */
static void random_game(gj_game *g, gj_rng *r, int n)
{
    gj_setup s[2];
    gj_setup_random(&s[0], r);
    gj_setup_random(&s[1], r);
    ck_assert_int_eq(gj_game_init(g, &s[0], &s[1]), 0);
    for (int i = 0; i < n && g->result == GJ_PLAYING; i++) {
        gj_move mv[GJ_MAX_MOVES];
        int k = gj_gen_moves(g->at, g->type, g->turn, mv);
        ck_assert_int_gt(k, 0);
        gj_move m = mv[gj_rng_below(r, (uint32_t)k)];
        ck_assert_int_eq(gj_play(g, m.from, m.to, 0), 0);
    }
}

START_TEST(masks_always_hold_the_true_type)
{
    gj_rng r;
    gj_rng_seed(&r, 77);
    gj_game *g = malloc(sizeof *g);
    for (int i = 0; i < 100; i++) {
        random_game(g, &r, 300 + i * 7);
        uint16_t refined[2][GJ_SIDE_PIECES];
        for (int side = 0; side < 2; side++)
            gj_intel_refine(&g->flags[side * GJ_SIDE_PIECES],
                            refined[side]);
        for (int id = 0; id < GJ_PIECES; id++) {
            ck_assert(g->flags[id] >> g->type[id] & 1);
            ck_assert(refined[GJ_SIDE_OF(id)][id % GJ_SIDE_PIECES] >>
                      g->type[id] & 1);
        }
    }
    free(g);
}
END_TEST

START_TEST(counting_inference)
{
    uint16_t in[GJ_SIDE_PIECES], out[GJ_SIDE_PIECES];
    for (int i = 0; i < GJ_SIDE_PIECES; i++)
        in[i] = GJ_ALL_TYPES;
    gj_intel_refine(in, out);
    ck_assert_mem_eq(in, out, sizeof in);
    /* The one General is known: nobody else is the General. */
    in[4] = GJ_TYPE_BIT(GJ_GENERAL);
    gj_intel_refine(in, out);
    ck_assert_uint_eq(out[4], GJ_TYPE_BIT(GJ_GENERAL));
    ck_assert_uint_eq(out[5], GJ_ALL_TYPES & ~GJ_TYPE_BIT(GJ_GENERAL));
    /* Only two pieces may be mines: both are. */
    for (int i = 0; i < GJ_SIDE_PIECES; i++)
        if (i != 7 && i != 9)
            in[i] &= (uint16_t)~GJ_TYPE_BIT(GJ_MINE);
    gj_intel_refine(in, out);
    ck_assert_uint_eq(out[7], GJ_TYPE_BIT(GJ_MINE));
    ck_assert_uint_eq(out[9], GJ_TYPE_BIT(GJ_MINE));
    /* One Engineer known, one piece Engineer-or-General: with the General
     * known elsewhere, that is the second Engineer, so a third piece that
     * might be an Engineer is not. */
    in[10] = GJ_TYPE_BIT(GJ_ENGINEER);
    in[11] = GJ_TYPE_BIT(GJ_ENGINEER) | GJ_TYPE_BIT(GJ_GENERAL);
    gj_intel_refine(in, out);
    ck_assert_uint_eq(out[11], GJ_TYPE_BIT(GJ_ENGINEER));
    ck_assert(!(out[12] >> GJ_ENGINEER & 1));
    ck_assert(out[12] >> GJ_SPY & 1);
}
END_TEST

START_TEST(graveyard_and_action_replay)
{
    gj_game g;
    tg_empty(&g);
    tg_put(&g, R0, GJ_MAJOR, "B4");
    tg_put(&g, R0 + 1, GJ_2LT, "E4");
    tg_put(&g, B0, GJ_CAPTAIN, "B5");
    tg_put(&g, B0 + 1, GJ_2LT, "E5");
    tg_put(&g, B0 + 2, GJ_SPY, "F8");
    gj_rec r = play(&g, GJ_RED, "B4", "B5");
    ck_assert_int_eq(r.from, tg_sq("B4"));
    ck_assert_int_eq(r.to, tg_sq("B5"));
    ck_assert_int_eq(r.mover, R0);
    ck_assert_int_eq(r.target, B0);
    ck_assert_int_eq(r.victor, R0);
    ck_assert_int_eq(r.outcome, GJ_ATTACKER);
    r = play(&g, GJ_BLUE, "E5", "E4");
    ck_assert_int_eq(r.outcome, GJ_BOTH);
    ck_assert_int_eq(r.victor, -1);
    r = play(&g, GJ_RED, "B5", "B6");
    ck_assert_int_eq(r.outcome, GJ_MOVED);
    ck_assert_int_eq(r.target, -1);
    ck_assert_int_eq(g.nhist, 3);
    ck_assert_mem_eq(&g.hist[2], &r, sizeof r);
    ck_assert_int_eq(g.ndead, 3);
    ck_assert_int_eq(g.dead[0], B0);
    ck_assert_int_eq(g.dead[1], B0 + 1);     /* the attacker, then */
    ck_assert_int_eq(g.dead[2], R0 + 1);     /* the defender */
    /* What was known of them stays. */
    ck_assert_uint_eq(g.flags[B0], gj_defender_mask(GJ_ATTACKER, GJ_MAJOR));
}
END_TEST

START_TEST(illegal_moves_change_nothing)
{
    gj_game g, before;
    tg_plain_game(&g);
    before = g;
    ck_assert_int_eq(gj_play(&g, tg_sq("A1"), tg_sq("A2"), 0), -1); /* own */
    ck_assert_int_eq(gj_play(&g, tg_sq("A4"), tg_sq("A5"), 0), -1); /* river */
    ck_assert_int_eq(gj_play(&g, tg_sq("B5"), tg_sq("B4"), 0), -1); /* blue */
    ck_assert_int_eq(gj_play(&g, -1, 3, 0), -1);
    ck_assert_mem_eq(&g, &before, sizeof g);
}
END_TEST

START_TEST(views_hold_no_hidden_types)
{
    gj_rng r;
    gj_rng_seed(&r, 5);
    gj_game *g = malloc(sizeof *g);
    gj_view *v = malloc(sizeof *v);
    for (int i = 0; i < 50; i++) {
        random_game(g, &r, i * 13);
        for (int side = 0; side < 2; side++) {
            gj_view_build(g, side, v);
            ck_assert_int_eq(v->me, side);
            for (int id = 0; id < GJ_PIECES; id++) {
                const gj_view_piece *p = &v->piece[id];
                ck_assert_int_eq(p->sq, g->sq[id]);
                ck_assert_int_eq(p->start, gj_start_sq(id));
                if (GJ_SIDE_OF(id) == side) {
                    ck_assert_int_eq(p->type, g->type[id]);
                    /* Own flags would leak the enemy's types. */
                    ck_assert_uint_eq(p->flags, 0);
                    ck_assert_uint_eq(p->mask, 0);
                } else {
                    ck_assert_int_eq(p->type, GJ_UNKNOWN);
                    ck_assert_int_eq(v->type[id], GJ_UNKNOWN);
                    ck_assert_uint_eq(p->flags, g->flags[id]);
                    ck_assert_uint_eq(p->mask & ~p->flags, 0);
                }
            }
            /* Moves from the view are the game's moves. */
            if (g->turn == side && g->result == GJ_PLAYING) {
                gj_move a[GJ_MAX_MOVES], b[GJ_MAX_MOVES];
                int na = gj_view_moves(v, a);
                int nb = gj_gen_moves(g->at, g->type, side, b);
                ck_assert_int_eq(na, nb);
                ck_assert_mem_eq(a, b, (size_t)na * sizeof *a);
            }
        }
    }
    free(g);
    free(v);
}
END_TEST

/*
 * Two games whose public record is the same but whose blue pieces differ
 * in type give red the same view, byte for byte: the view cannot carry the
 * hidden types, and so neither can anything built on it.
 */
START_TEST(a_view_depends_only_on_what_the_side_may_know)
{
    gj_rng r;
    gj_rng_seed(&r, 11);
    gj_game *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    gj_view *va = malloc(sizeof *va), *vb = malloc(sizeof *vb);
    int compared = 0;
    for (int i = 0; i < 40; i++) {
        tg_twins(a, b, &r, 0);
        for (int same = 1; same && a->result == GJ_PLAYING;) {
            gj_view_build(a, GJ_RED, va);
            gj_view_build(b, GJ_RED, vb);
            ck_assert_mem_eq(va, vb, sizeof *va);
            compared++;
            gj_move mv[GJ_MAX_MOVES];
            int n = gj_gen_moves(a->at, a->type, a->turn, mv);
            same = tg_play_twins(a, b, mv[gj_rng_below(&r, (uint32_t)n)]);
        }
    }
    ck_assert_int_gt(compared, 1000);
    free(a);
    free(b);
    free(va);
    free(vb);
}
END_TEST

START_TEST(save_and_load_round_trip)
{
    gj_rng r;
    gj_rng_seed(&r, 21);
    gj_game *g = malloc(sizeof *g), *h = malloc(sizeof *h);
    static uint8_t buf[20000];
    for (int i = 0; i < 30; i++) {
        random_game(g, &r, i * 37);
        if (i == 7)
            gj_resign(g, g->turn);
        size_t need = gj_save(g, 0, 0);
        ck_assert_uint_le(need, sizeof buf);
        ck_assert_uint_eq(gj_save(g, buf, sizeof buf), need);
        memset(h, 0x5a, sizeof *h);
        ck_assert_int_eq(gj_load(h, buf, need), 0);
        ck_assert_mem_eq(g, h, sizeof *g);
        /* Damage is refused, and leaves the target alone. */
        memset(h, 0x5a, sizeof *h);
        gj_game junk = *h;
        ck_assert_int_eq(gj_load(h, buf, need - 1), -1);
        uint8_t save = buf[2];
        buf[2] = GJ_SAVE_VERSION + 1;
        ck_assert_int_eq(gj_load(h, buf, need), -1);
        buf[2] = save;
        for (size_t k = 3; k < need; k += 1 + need / 40) {
            buf[k] ^= 0x21;
            ck_assert_msg(gj_load(h, buf, need) == -1, "byte %zu", k);
            buf[k] ^= 0x21;
        }
        ck_assert_mem_eq(h, &junk, sizeof junk);
    }
    free(g);
    free(h);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("gj_game");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, banner_fights_as_the_piece_behind_it);
    tcase_add_test(tc, an_officer_entering_the_enemy_hq_wins);
    tcase_add_test(tc, no_legal_move_loses);
    tcase_add_test(tc, a_long_game_is_drawn);
    tcase_add_test(tc, intelligence_from_moves_and_combat);
    tcase_add_test(tc, masks_always_hold_the_true_type);
    tcase_add_test(tc, counting_inference);
    tcase_add_test(tc, graveyard_and_action_replay);
    tcase_add_test(tc, illegal_moves_change_nothing);
    tcase_add_test(tc, views_hold_no_hidden_types);
    tcase_add_test(tc, a_view_depends_only_on_what_the_side_may_know);
    tcase_add_test(tc, save_and_load_round_trip);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
