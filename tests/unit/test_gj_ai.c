/*
 * test_gj_ai.c - the opponents: the seed's random one and the computer
 * one, which plays from a view only (so never from hidden types), always
 * legally, takes a win when it sees one, and beats the random opponent.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>

#include "test_gj.h"

enum { R0 = 0, B0 = GJ_SIDE_PIECES };

START_TEST(random_opponent_plays_every_legal_move)
{
    gj_game *g = malloc(sizeof *g);
    gj_view *v = malloc(sizeof *v);
    tg_plain_game(g);
    gj_view_build(g, GJ_RED, v);
    gj_move all[GJ_MAX_MOVES];
    int n = gj_view_moves(v, all), hits[GJ_MAX_MOVES] = { 0 };
    ck_assert_int_gt(n, 1);
    gj_rng r;
    gj_rng_seed(&r, 4);
    for (int i = 0; i < 200 * n; i++) {
        gj_move m;
        ck_assert_int_eq(gj_ai_random(v, &r, &m), 0);
        ck_assert(gj_is_legal(g, m.from, m.to));
        for (int j = 0; j < n; j++)
            hits[j] += all[j].from == m.from && all[j].to == m.to;
    }
    for (int j = 0; j < n; j++)
        ck_assert_int_gt(hits[j], 100);
    free(g);
    free(v);
}
END_TEST

START_TEST(computer_setup_is_valid)
{
    gj_rng r;
    gj_rng_seed(&r, 6);
    for (int i = 0; i < 300; i++) {
        gj_setup s;
        gj_ai_setup(&s, &r);
        ck_assert_int_eq(gj_setup_validate(&s), GJ_SETUP_OK);
        ck_assert_int_eq(s.type[2], GJ_MINE);          /* in the HQ */
    }
}
END_TEST

START_TEST(computer_takes_the_hq)
{
    gj_game g;
    gj_view *v = malloc(sizeof *v);
    tg_empty(&g);
    tg_put(&g, R0, GJ_CAPTAIN, "B8");
    tg_put(&g, R0 + 1, GJ_GENERAL, "A4");
    tg_put(&g, B0, GJ_SPY, "F6");
    tg_put(&g, B0 + 1, GJ_COLONEL, "A5");
    g.turn = GJ_RED;
    gj_view_build(&g, GJ_RED, v);
    gj_move m;
    ck_assert_int_eq(gj_ai_choose(v, 0, &m), 0);
    ck_assert_int_eq(m.from, tg_sq("B8"));
    ck_assert_int_eq(m.to, tg_sq("C8"));
    free(v);
}
END_TEST

START_TEST(computer_stops_when_cancelled)
{
    gj_game *g = malloc(sizeof *g);
    gj_view *v = malloc(sizeof *v);
    tg_plain_game(g);
    gj_view_build(g, GJ_RED, v);
    volatile int cancel = 1;
    gj_ai_opts o = { &cancel, 0, 0 };
    gj_move m;
    ck_assert_int_eq(gj_ai_choose(v, &o, &m), 0);
    ck_assert(gj_is_legal(g, m.from, m.to));
    /* Cancelled, it stops after the first candidate: the first legal move
     * of the view, which is not what a full search would choose here (so
     * a search that ignored the flag would fail this). */
    gj_move all[GJ_MAX_MOVES], full;
    ck_assert_int_gt(gj_view_moves(v, all), 1);
    ck_assert_int_eq(m.from, all[0].from);
    ck_assert_int_eq(m.to, all[0].to);
    ck_assert_int_eq(gj_ai_choose(v, 0, &full), 0);
    ck_assert(full.from != all[0].from || full.to != all[0].to);
    /* Nothing to move: -1. */
    tg_plain_game(g);
    for (int id = 0; id < GJ_SIDE_PIECES; id++)
        if (g->type[id] != GJ_MINE && g->type[id] != GJ_BANNER) {
            g->at[g->sq[id]] = -1;
            g->sq[id] = -1;
        }
    gj_view_build(g, GJ_RED, v);
    ck_assert_int_eq(gj_ai_choose(v, 0, &m), -1);
    ck_assert_int_eq(gj_ai_random(v, 0, &m), -1);
    free(g);
    free(v);
}
END_TEST

/*
 * Same public record, different hidden blue types: the computer playing
 * red must choose the same move, since all it gets is red's view.
 */
START_TEST(computer_reads_only_its_view)
{
    gj_rng r;
    gj_rng_seed(&r, 13);
    gj_game *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    gj_view *va = malloc(sizeof *va), *vb = malloc(sizeof *vb);
    int compared = 0;
    for (int i = 0; i < 30; i++) {
        tg_twins(a, b, &r, 1);
        for (int same = 1; same && a->result == GJ_PLAYING;) {
            gj_move ma, mb;
            gj_view_build(a, a->turn, va);
            gj_view_build(b, b->turn, vb);
            if (a->turn == GJ_RED) {
                ck_assert_int_eq(gj_ai_choose(va, 0, &ma), 0);
                ck_assert_int_eq(gj_ai_choose(vb, 0, &mb), 0);
                ck_assert_mem_eq(&ma, &mb, sizeof ma);
                compared++;
            } else {
                gj_ai_random(va, &r, &ma);
            }
            same = tg_play_twins(a, b, ma);
        }
    }
    ck_assert_int_gt(compared, 200);
    free(a);
    free(b);
    free(va);
    free(vb);
}
END_TEST

START_TEST(computer_beats_the_random_opponent)
{
    gj_game *g = malloc(sizeof *g);
    gj_view *v = malloc(sizeof *v);
    int won = 0, games = 40;
    for (int i = 0; i < games; i++) {
        int me = i & 1;
        gj_rng r;
        gj_rng_seed(&r, 1000 + (uint64_t)i);
        gj_setup s[2];
        gj_ai_setup(&s[me], &r);
        gj_setup_random(&s[!me], &r);
        gj_game_init(g, &s[0], &s[1]);
        gj_ai_opts o = { 0, 0, &r };
        while (g->result == GJ_PLAYING) {
            gj_move m;
            gj_view_build(g, g->turn, v);
            if (g->turn == me)
                ck_assert_int_eq(gj_ai_choose(v, &o, &m), 0);
            else
                ck_assert_int_eq(gj_ai_random(v, &r, &m), 0);
            ck_assert_int_eq(gj_play(g, m.from, m.to, 0), 0);
        }
        won += g->result != GJ_DRAW && g->winner == me;
    }
    ck_assert_int_ge(won, games * 9 / 10);
    free(g);
    free(v);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("gj_ai");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, random_opponent_plays_every_legal_move);
    tcase_add_test(tc, computer_setup_is_valid);
    tcase_add_test(tc, computer_takes_the_hq);
    tcase_add_test(tc, computer_stops_when_cancelled);
    tcase_add_test(tc, computer_reads_only_its_view);
    tcase_add_test(tc, computer_beats_the_random_opponent);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
