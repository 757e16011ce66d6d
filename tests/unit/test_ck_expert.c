/*
 * test_ck_expert.c - what the expert level knows beyond the search: it
 * probes the endgame databases (and never plays away a won or drawn
 * database position), it converts a won ending, its learned evaluation is
 * the weights file compiled in and sees both sides alike, and the
 * self-play that trains it is a function of its seed.  Also the 3-move
 * openings the matches start from.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checkers/ck_egdb.h"
#include "checkers/ck_learn.h"
#include "checkers/ck_match.h"
#include "checkers/ck_search.h"
#include "checkers/ck_train.h"

#include "test_ck.h"

static ck_egdb test_db;
static char test_dir[64];

/* A search by the expert's knowledge at a node budget. */
static ck_search_out expert_search(const ck_pos *p, const ck_egdb *db,
                                   uint64_t nodes)
{
    ck_search_in in;
    ck_search_out out;
    memset(&in, 0, sizeof in);
    in.pos = *p;
    in.lim.nodes = nodes;
    in.lim.know = CK_KNOW_ALL;
    in.egdb = db;
    ck_assert_int_eq(ck_search(&in, &out), 0);
    return out;
}

static ck_pos random_pos(ck_rng *r, int n)
{
    ck_pos p;
    ck_random_pos(r, n, 3, &p);
    return p;
}

START_TEST(three_move_openings)
{
    ck_pos *b = malloc(CK_MAX_BALLOTS * sizeof *b);
    int n = ck_ballots(b, CK_MAX_BALLOTS);
    /* 7 first moves, 7 replies to each, and every third move that
     * follows, one position each. */
    ck_assert_int_eq(n, 216);
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(b[i].turn, CK_WHITE);
        ck_assert(ck_pos_valid(&b[i]));
        for (int j = 0; j < i; j++)
            ck_assert(!ck_pos_equal(&b[i], &b[j]));
    }
    free(b);
}
END_TEST

START_TEST(keeps_a_database_win_or_draw)
{
    ck_rng r;
    ck_rng_seed(&r, 3);
    int tried[3] = { 0, 0, 0 };
    for (int k = 0; k < 80; k++) {
        ck_pos p = random_pos(&r, 3 + (int)ck_rng_below(&r, 2));
        int v = ck_egdb_probe(&test_db, &p);
        ck_search_out o = expert_search(&p, &test_db, 3000);
        if (o.nmoves == 0)
            continue;
        ck_pos q = p;
        ck_make(&q, o.move);
        int w = ck_egdb_probe(&test_db, &q);
        char fen[CK_FEN_SIZE];
        ck_fen_print(&p, fen);
        if (v == CK_EGDB_WIN)
            ck_assert_msg(w == CK_EGDB_LOSS, "%s: threw the win away", fen);
        if (v == CK_EGDB_DRAW)
            ck_assert_msg(w != CK_EGDB_WIN, "%s: lost a draw", fen);
        tried[v]++;
    }
    ck_assert_int_gt(tried[CK_EGDB_WIN], 5);
    ck_assert_int_gt(tried[CK_EGDB_DRAW], 5);
}
END_TEST

START_TEST(probes_below_the_root)
{
    ck_rng r;
    ck_rng_seed(&r, 8);
    uint64_t with = 0, without = 0;
    for (int k = 0; k < 10; k++) {
        ck_pos p = random_pos(&r, 6);
        with += expert_search(&p, &test_db, 5000).probes;
        without += expert_search(&p, NULL, 5000).probes;
    }
    ck_assert_uint_gt(with, 0);
    ck_assert_uint_eq(without, 0);
}
END_TEST

START_TEST(converts_a_won_ending)
{
    /* Three kings against one, and two kings against one from the far
     * corners: the stronger side must win within the 40-move rule. */
    static const char *const fens[] = {
        "B:WK32:BK1,K5,K9", "W:WK29,K32:BK4", "B:WK28:BK1,K3",
    };
    ck_player pl[2];
    memset(pl, 0, sizeof pl);
    for (int s = 0; s < 2; s++) {
        pl[s].lim.nodes = 20000;
        pl[s].lim.know = CK_KNOW_ALL;
        pl[s].egdb = &test_db;
    }
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        ck_pos p = test_ck_fen(fens[i]);
        int v = ck_egdb_probe(&test_db, &p);
        ck_assert_int_eq(v, CK_EGDB_WIN);
        int want = p.turn == CK_BLACK ? CK_BLACK_WINS : CK_WHITE_WINS;
        ck_assert_int_eq(ck_match_game(&p, pl, NULL, NULL, NULL, NULL, NULL,
                                       NULL, NULL), want);
    }
}
END_TEST

START_TEST(learned_patterns_see_both_sides_alike)
{
    ck_rng r;
    ck_rng_seed(&r, 12);
    for (int k = 0; k < 500; k++) {
        ck_pos p = random_pos(&r, 2 + (int)ck_rng_below(&r, 20)), q;
        ck_pos_flip(&p, &q);
        ck_learn_x a, b;
        ck_learn_features(&p, &a);
        ck_learn_features(&q, &b);
        for (int i = 0; i < CK_LEARN_REGIONS; i++) {
            ck_assert_int_eq(a.mine[i], b.theirs[i]);
            ck_assert_int_eq(a.theirs[i], b.mine[i]);
            ck_assert_int_lt(a.mine[i], CK_LEARN_PATTERNS);
        }
        ck_assert_int_eq(a.end24, b.end24);
        /* The same game turned round is worth the same to the side to
         * move. */
        ck_assert_int_eq(ck_evaluate_learned(&p), ck_evaluate_learned(&q));
    }
    /* Base 3: black on the first square of a region counts 1, white 2. */
    ck_assert_int_eq(ck_tern8[1], 1);
    ck_assert_int_eq(ck_tern8[0x80], 2187);
}
END_TEST

START_TEST(weights_are_the_file)
{
    const char *top = getenv("TTY_TOP");
    char path[512];
    snprintf(path, sizeof path, "%s/games/checkers/ck_weights.txt",
             top ? top : ".");
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot read %s", path);
    char line[256];
    int hand = -1, listed = 0;
    int16_t *w = calloc(CK_LEARN_NW, sizeof *w);
    while (fgets(line, sizeof line, f)) {
        int ph, rg, pt, v;
        if (sscanf(line, "hand %d", &hand) == 1)
            continue;
        if (sscanf(line, "w %d %d %d %d", &ph, &rg, &pt, &v) == 4) {
            w[ck_learn_at(ph, rg, pt)] = (int16_t)v;
            listed++;
        }
    }
    fclose(f);
    ck_assert_int_eq(hand, ck_weights_hand);
    ck_assert_int_eq(memcmp(w, ck_weights, CK_LEARN_NW * sizeof *w), 0);
    free(w);
}
END_TEST

START_TEST(training_follows_its_seed)
{
    ck_train_opts o = { 3, 21, 400, 8, 2, 2.0, 1e-4, &test_db };
    ck_samples a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    ck_assert_int_eq(ck_train_play(&o, &a, NULL, NULL), 0);
    ck_assert_int_eq(ck_train_play(&o, &b, NULL, NULL), 0);
    ck_assert_uint_gt(a.n, 50);
    ck_assert_uint_eq(a.n, b.n);
    ck_assert_int_eq(memcmp(a.s, b.s, a.n * sizeof *a.s), 0);
    ck_assert_int_eq(a.won + a.drawn + a.lost, 3);
    /* No kept position is one the databases know or has a capture. */
    for (size_t i = 0; i < a.n; i++) {
        ck_pos p = { a.s[i].bl, a.s[i].wh, a.s[i].kings, a.s[i].turn };
        ck_assert_int_gt(ck_popcount(p.bl | p.wh), 4);
        ck_assert(!ck_must_capture(&p));
    }
    ck_fit *f = malloc(sizeof *f);
    ck_assert_int_eq(ck_train_fit(&o, &a, f), 0);
    int nonzero = 0;
    for (int i = 0; i < CK_LEARN_NW; i++)
        nonzero += f->w[i] != 0;
    ck_assert_int_gt(nonzero, 0);
    ck_assert(f->loss > 0 && f->loss < 1.0);
    free(f);
    ck_samples_free(&a);
    ck_samples_free(&b);
}
END_TEST

int main(void)
{
    if (test_ck_egdb_build(4, test_dir, &test_db) != 0)
        return 1;
    const TTest *const tests[] = {
        three_move_openings,
        keeps_a_database_win_or_draw,
        probes_below_the_root,
        converts_a_won_ending,
        learned_patterns_see_both_sides_alike,
        weights_are_the_file,
        training_follows_its_seed,
    };
    int rc = test_ck_run("ck_expert", tests, sizeof tests / sizeof tests[0]);
    test_ck_egdb_remove(4, test_dir, &test_db);
    return rc;
}
