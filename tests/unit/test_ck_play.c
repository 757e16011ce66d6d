/*
 * test_ck_play.c - what the checkers dialogue builds on: move
 * verification with its reasons, the opening book of the S0 notes, saving
 * and loading a game, the search (a forced win found, limits and
 * cancellation kept, two searches at once on two threads), the levels,
 * the hint, the machine's turn, and the engine tools.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "checkers/ck_board.h"
#include "checkers/ck_book.h"
#include "checkers/ck_notation.h"
#include "checkers/ck_search.h"
#include "checkers/ck_state.h"
#include "checkers/ck_tool.h"
#include "checkers/ck_verify.h"

#include "test_ck.h"


/* ---- Verification --------------------------------------------------- */

/* The reason for a path given in square numbers 1-32 (0 ends). */
static ck_why why_of(const ck_pos *p, const int *squares, ck_move *m)
{
    int sq[CK_MAX_PATH + 2], n = 0;
    while (squares[n]) {
        sq[n] = squares[n] - 1;
        n++;
    }
    return ck_verify_path(p, sq, n, m);
}

#define WHY(p, ...) why_of(&(p), (const int[]){ __VA_ARGS__, 0 }, &m)

START_TEST(verify_piece)
{
    ck_pos p;
    ck_pos_start(&p);
    ck_assert_int_eq(ck_verify_from(&p, 10), CK_OK);            /* 11 */
    ck_assert_int_eq(ck_verify_from(&p, 20), CK_WHY_NOT_YOURS); /* 21 */
    ck_assert_int_eq(ck_verify_from(&p, 15), CK_WHY_EMPTY);     /* 16 */
    ck_assert_int_eq(ck_verify_from(&p, 0), CK_WHY_BLOCKED);    /* 1 */
    ck_assert_int_eq(ck_verify_from(&p, -1), CK_WHY_OFF_BOARD);
    ck_assert_int_eq(ck_verify_from(&p, 32), CK_WHY_OFF_BOARD);
    p = test_ck_fen("B:W14:B1,9,10");
    ck_assert_int_eq(ck_verify_from(&p, 0), CK_WHY_OTHER_MUST_JUMP);
    ck_assert_int_eq(ck_verify_from(&p, 8), CK_OK);
    p = test_ck_fen("W:W29:B22,25");
    ck_assert_int_eq(ck_verify_from(&p, 28), CK_WHY_NO_MOVES);
    /* Every reason has its sentence. */
    for (int w = 0; w < CK_WHY_COUNT; w++)
        ck_assert(ck_why_text((ck_why)w) && *ck_why_text((ck_why)w));
    ck_assert_str_eq(ck_why_text(CK_WHY_OTHER_MUST_JUMP),
                     "Another piece must jump.");
    ck_assert_str_eq(ck_why_text(CK_WHY_BLOCKED), "That piece is blocked.");
}
END_TEST

START_TEST(verify_destination)
{
    ck_move m;
    ck_pos p;
    ck_pos_start(&p);
    ck_assert_int_eq(WHY(p, 11, 15), CK_OK);
    ck_assert(m.from == 10 && m.to == 14);
    ck_assert_int_eq(WHY(p, 11, 11), CK_WHY_SAME_SQUARE);
    ck_assert_int_eq(WHY(p, 11, 7), CK_WHY_OCCUPIED);
    ck_assert_int_eq(WHY(p, 11, 19), CK_WHY_NOT_DIAGONAL);
    ck_assert_int_eq(WHY(p, 11, 18), CK_WHY_NOTHING_TO_JUMP);
    ck_assert_int_eq(WHY(p, 21, 17), CK_WHY_NOT_YOURS);
    ck_assert_int_eq(WHY(p, 1, 5), CK_WHY_BLOCKED);
    p = test_ck_fen("B:W:B11");
    ck_assert_int_eq(WHY(p, 11, 22), CK_WHY_TOO_FAR);
    p = test_ck_fen("B:W:B14");
    ck_assert_int_eq(WHY(p, 14, 9), CK_WHY_BACKWARDS);
    p = test_ck_fen("B:W:BK14");
    ck_assert_int_eq(WHY(p, 14, 9), CK_OK);
    p = test_ck_fen("W:W14:B");
    ck_assert_int_eq(WHY(p, 14, 18), CK_WHY_BACKWARDS);
    p = test_ck_fen("B:W14:B9,10");
    ck_assert_int_eq(WHY(p, 9, 13), CK_WHY_MUST_JUMP);
    ck_assert_int_eq(WHY(p, 9, 18), CK_OK);
    p = test_ck_fen("B:W:B9,14");
    ck_assert_int_eq(WHY(p, 9, 18), CK_WHY_OWN_PIECE);
}
END_TEST

START_TEST(verify_jumps)
{
    ck_move m;
    ck_pos p = test_ck_fen("B:W14,22,23:B9");
    ck_assert_int_eq(WHY(p, 9, 18), CK_WHY_MUST_CONTINUE);
    ck_assert_int_eq(WHY(p, 9, 18, 25), CK_OK);
    ck_assert_int_eq(m.to, 24);
    ck_assert_int_eq(WHY(p, 9, 25), CK_OK);
    ck_assert_int_eq(WHY(p, 9, 18, 27), CK_OK);
    ck_assert_int_eq(m.to, 26);
    ck_assert_int_eq(WHY(p, 9, 18, 22), CK_WHY_OCCUPIED);
    ck_assert_int_eq(WHY(p, 9, 18, 19), CK_WHY_NOT_DIAGONAL);
    ck_assert_int_eq(WHY(p, 9, 18, 21), CK_WHY_NOT_DIAGONAL);
    /* A king half way through may not finish with a step. */
    p = test_ck_fen("B:W14,22,23:BK9");
    ck_assert_int_eq(WHY(p, 9, 18, 15), CK_WHY_MUST_JUMP);
    /* Crowned in the middle of the jump: it ends there. */
    p = test_ck_fen("B:W26,27:B22");
    ck_assert_int_eq(WHY(p, 22, 31), CK_OK);
    ck_assert_int_eq(WHY(p, 22, 31, 24), CK_WHY_CROWNED);
    /* A jump with nothing more to take. */
    p = test_ck_fen("B:W14:B9");
    ck_assert_int_eq(WHY(p, 9, 18, 27), CK_WHY_JUMP_OVER);
    /* Round the circuit and back over a piece already taken. */
    p = test_ck_fen("B:W14,15,22,23:BK10");
    ck_assert_int_eq(WHY(p, 10, 19), CK_WHY_MUST_CONTINUE);
    ck_assert_int_eq(WHY(p, 10, 19, 26, 19), CK_WHY_JUMPED_TWICE);
    ck_assert_int_eq(WHY(p, 10, 19, 10), CK_OK);   /* named in short */
    ck_assert_int_eq(WHY(p, 10, 19, 26, 17, 10), CK_OK);
    ck_assert_int_eq(WHY(p, 10, 17, 26, 19, 10), CK_OK);
    ck_assert_int_eq(WHY(p, 10, 10), CK_OK);
    /* Two double jumps end on 18. */
    p = test_ck_fen("B:W6,7,14,15:B2");
    ck_assert_int_eq(WHY(p, 2, 18), CK_WHY_AMBIGUOUS);
    ck_assert_int_eq(WHY(p, 2, 9, 18), CK_OK);
    ck_assert_uint_eq(m.cap, (1u << 5) | (1u << 13));
    ck_assert_int_eq(WHY(p, 2, 9), CK_WHY_MUST_CONTINUE);
}
END_TEST

START_TEST(verify_next_squares)
{
    ck_pos p;
    ck_pos_start(&p);
    int sq[3] = { 10, 0, 0 };
    ck_assert_uint_eq(ck_next_squares(&p, sq, 1), (1u << 14) | (1u << 15));
    sq[0] = 0;
    ck_assert_uint_eq(ck_next_squares(&p, sq, 1), 0);
    p = test_ck_fen("B:W14,22,23:B9");
    sq[0] = 8;
    ck_assert_uint_eq(ck_next_squares(&p, sq, 1), 1u << 17);
    sq[1] = 17;
    ck_assert_uint_eq(ck_next_squares(&p, sq, 2), (1u << 24) | (1u << 26));
}
END_TEST

/* Every legal move verifies as itself from its route. */
START_TEST(verify_agrees_with_generator)
{
    unsigned seed = 21;
    ck_pos p;
    ck_pos_start(&p);
    for (int i = 0; i < 400; i++) {
        ck_move mv[CK_MAX_MOVES];
        int n = ck_gen_moves(&p, mv);
        if (!n) {
            ck_pos_start(&p);
            continue;
        }
        uint32_t movers = 0;
        for (int j = 0; j < n; j++) {
            uint8_t path[CK_MAX_PATH];
            int sq[CK_MAX_PATH], len = ck_move_path(&p, mv[j], path);
            for (int k = 0; k < len; k++)
                sq[k] = path[k];
            ck_move m;
            ck_assert_int_eq(ck_verify_path(&p, sq, len, &m), CK_OK);
            ck_assert(ck_move_equal(m, mv[j]));
            movers |= 1u << mv[j].from;
        }
        for (int s = 0; s < 32; s++)
            ck_assert_int_eq(ck_verify_from(&p, s) == CK_OK,
                             (movers >> s) & 1);
        ck_make(&p, mv[rand_r(&seed) % (unsigned)n]);
    }
}
END_TEST

/* ---- The book ------------------------------------------------------- */

START_TEST(book_moves_are_legal)
{
    ck_pos start;
    ck_pos_start(&start);
    for (int i = 0; i < CK_BOOK_FIRSTS; i++) {
        const ck_book_line *b = &ck_book[i];
        ck_move first = { 0, (uint8_t)(b->from - 1), (uint8_t)(b->to - 1) };
        ck_assert_ptr_nonnull(b->name);
        ck_assert_msg(ck_move_path(&start, first, (uint8_t[CK_MAX_PATH]){0}),
                      "first move %d-%d", b->from, b->to);
        ck_pos q = start;
        ck_make(&q, first);
        ck_assert(b->reply[0][0]);  /* at least one reply */
        for (int r = 0; r < CK_BOOK_REPLIES && b->reply[r][0]; r++) {
            ck_move rep = { 0, (uint8_t)(b->reply[r][0] - 1),
                            (uint8_t)(b->reply[r][1] - 1) };
            ck_assert_msg(ck_move_path(&q, rep, (uint8_t[CK_MAX_PATH]){0}),
                          "%d-%d %d-%d", b->from, b->to, b->reply[r][0],
                          b->reply[r][1]);
        }
        for (int j = 0; j < i; j++)
            ck_assert(ck_book[j].from != b->from || ck_book[j].to != b->to);
    }
}
END_TEST

START_TEST(book_choices_vary)
{
    ck_rng rng;
    ck_rng_seed(&rng, 42);
    int seen[32][32] = { { 0 } };
    ck_pos start;
    ck_pos_start(&start);
    for (int i = 0; i < 700; i++) {
        ck_move m = ck_book_first(&rng);
        seen[m.from][m.to]++;
    }
    for (int i = 0; i < CK_BOOK_FIRSTS; i++)
        ck_assert_int_gt(seen[ck_book[i].from - 1][ck_book[i].to - 1], 0);
    /* Replies come from the stored list, all of them in time. */
    for (int i = 0; i < CK_BOOK_FIRSTS; i++) {
        const ck_book_line *b = &ck_book[i];
        ck_pos q = start;
        ck_move first = { 0, (uint8_t)(b->from - 1), (uint8_t)(b->to - 1) };
        ck_make(&q, first);
        int hit[CK_BOOK_REPLIES] = { 0 };
        for (int k = 0; k < 200; k++) {
            ck_move m;
            ck_assert_int_eq(ck_book_reply(&q, &rng, &m), 1);
            int found = -1;
            for (int r = 0; r < CK_BOOK_REPLIES && b->reply[r][0]; r++)
                if (m.from == b->reply[r][0] - 1 && m.to == b->reply[r][1] - 1)
                    found = r;
            ck_assert_int_ge(found, 0);
            hit[found]++;
        }
        for (int r = 0; r < CK_BOOK_REPLIES && b->reply[r][0]; r++)
            ck_assert_int_gt(hit[r], 0);
    }
    ck_move m;
    ck_assert_int_eq(ck_book_reply(&start, &rng, &m), 0);
}
END_TEST

/* ---- Saving --------------------------------------------------------- */

static void random_game(ck_state *g, unsigned seed, int plies)
{
    ck_state_init(g, NULL, CK_DICK, CK_HUMAN, CK_MACHINE);
    for (int i = 0; i < plies && g->result == CK_PLAYING; i++) {
        ck_move mv[CK_MAX_MOVES];
        int n = ck_gen_moves(&g->pos, mv);
        ck_assert_int_eq(ck_state_play(g, mv[rand_r(&seed) % (unsigned)n]),
                         0);
    }
}

static void same_game(const ck_state *a, const ck_state *b)
{
    ck_assert(ck_pos_equal(&a->start, &b->start));
    ck_assert(ck_pos_equal(&a->pos, &b->pos));
    ck_assert_int_eq(a->nply, b->nply);
    for (int i = 0; i < a->nply; i++)
        ck_assert(ck_move_equal(a->moves[i], b->moves[i]));
    ck_assert_int_eq(a->quiet, b->quiet);
    ck_assert_int_eq(a->level, b->level);
    ck_assert_int_eq(a->player[0], b->player[0]);
    ck_assert_int_eq(a->player[1], b->player[1]);
    ck_assert_int_eq(a->result, b->result);
    ck_assert_int_eq(a->end, b->end);
}

START_TEST(save_round_trip)
{
    ck_state *g = malloc(sizeof *g), *h = malloc(sizeof *h);
    uint8_t *buf = malloc(CK_SAVE_MAX);
    for (unsigned seed = 1; seed <= 30; seed++) {
        random_game(g, seed, (int)(seed * 7));
        int len = ck_state_save(g, buf, CK_SAVE_MAX);
        ck_assert_int_gt(len, 0);
        memset(h, 0x55, sizeof *h);
        ck_assert_int_eq(ck_state_load(h, buf, (size_t)len), 0);
        same_game(g, h);
    }
    /* A set-up, a resignation. */
    ck_pos p = test_ck_fen("W:W26,27:B18,K1");
    ck_state_init(g, &p, CK_EXPERT, CK_MACHINE, CK_HUMAN);
    ck_state_end(g, CK_BLACK_WINS, CK_END_RESIGNED);
    int len = ck_state_save(g, buf, CK_SAVE_MAX);
    ck_assert_int_eq(ck_state_load(h, buf, (size_t)len), 0);
    same_game(g, h);
    ck_assert_int_eq(ck_state_save(g, buf, 10), -1);
    free(buf);
    free(h);
    free(g);
}
END_TEST

START_TEST(save_rejects_damage)
{
    ck_state *g = malloc(sizeof *g), *h = malloc(sizeof *h);
    uint8_t buf[CK_SAVE_MAX], bad[CK_SAVE_MAX];
    random_game(g, 9, 30);
    int len = ck_state_save(g, buf, sizeof buf);
    ck_state_init(h, NULL, CK_TOM, CK_HUMAN, CK_HUMAN);
    ck_state_play(h, (ck_move){ 0, 10, 14 });
    /* Each of these must fail and leave h as it was. */
    for (int k = 0; k < 8; k++) {
        memcpy(bad, buf, (size_t)len);
        size_t blen = (size_t)len;
        switch (k) {
        case 0: bad[0] = 'X'; break;            /* magic */
        case 1: bad[2] = 99; break;             /* version */
        case 2: bad[3] = CK_NLEVELS; break;     /* level */
        case 3: blen -= 1; break;               /* truncated */
        case 4: bad[24] = (uint8_t)(bad[24] + 1); break; /* a move's 'to' */
        case 5: bad[8] = 0xFF; bad[12] = 0xFF; break; /* overlapping sides */
        case 6: bad[6] = CK_DRAWN; bad[7] = CK_END_REPETITION; break;
        case 7: bad[21] = (uint8_t)(bad[21] + 1); break; /* move count */
        }
        ck_assert_msg(ck_state_load(h, bad, blen) == -1, "damage %d", k);
        ck_assert_int_eq(h->nply, 1);
    }
    ck_assert_int_eq(ck_state_load(h, buf, 5), -1);
    free(h);
    free(g);
}
END_TEST

/* ---- Search --------------------------------------------------------- */

/* Black gives a man on 18, white must take 23x14, and 9x18x25 takes the
 * last two white men: a win in three plies. */
#define CK_SHOT "B:W22,23:B5,9,14,15"

START_TEST(search_finds_forced_win)
{
    ck_pos p = test_ck_fen(CK_SHOT);
    ck_tt tt;
    ck_assert_int_eq(ck_tt_init(&tt, 1 << 20), 0);
    for (int with_tt = 0; with_tt < 2; with_tt++) {
        ck_search_in in;
        memset(&in, 0, sizeof in);
        in.pos = p;
        in.lim.depth = 10;
        in.tt = with_tt ? &tt : NULL;
        ck_search_out out;
        ck_assert_int_eq(ck_search(&in, &out), 0);
        char mv[CK_MOVE_TEXT];
        ck_move_text(&p, out.move, CK_TEXT_FULL, mv);
        ck_assert_str_eq(mv, "14-18");
        ck_assert_int_eq(out.score, CK_WIN - 3);
        ck_assert_int_eq(out.npv, 3);
    }
    ck_move m;
    ck_assert_int_eq(ck_hint(&p, NULL, 0, 0, NULL, NULL, &m), 5);
    ck_assert(m.from == 13 && m.to == 17);
    ck_tt_free(&tt);
}
END_TEST

START_TEST(search_edges)
{
    ck_search_in in;
    ck_search_out out;
    memset(&in, 0, sizeof in);
    /* No move: lost. */
    in.pos = test_ck_fen("W:W29:B22,25");
    ck_assert_int_eq(ck_search(&in, &out), 0);
    ck_assert_int_eq(out.nmoves, 0);
    /* One move: played at once. */
    in.pos = test_ck_fen("W:W22,23:B5,9,15,18");
    in.lim.depth = 20;
    ck_assert_int_eq(ck_search(&in, &out), 0);
    ck_assert_int_eq(out.nmoves, 1);
    ck_assert_int_eq(out.depth, 0);
    ck_assert(out.move.from == 22 && out.move.to == 13);
    /* Cancelled before it starts: still a legal move. */
    volatile int cancel = 1;
    ck_pos_start(&in.pos);
    in.lim.depth = 0;
    in.cancel = &cancel;
    ck_assert_int_eq(ck_search(&in, &out), 0);
    ck_assert(out.cancelled);
    ck_assert_int_gt(ck_move_path(&in.pos, out.move,
                                  (uint8_t[CK_MAX_PATH]){0}), 0);
    /* A node budget is kept (it is looked at every 1024 nodes). */
    in.cancel = NULL;
    in.lim.nodes = 20000;
    ck_assert_int_eq(ck_search(&in, &out), 0);
    ck_assert_uint_le(out.nodes, 20000 + 1024);
    ck_assert_int_ge(out.depth, 1);
}
END_TEST

START_TEST(search_repetition_is_a_draw)
{
    /* Black, two kings to one, gains by any move; but when every position
     * a move leads to has been seen before in the game, each is a draw. */
    ck_pos p = test_ck_fen("B:WK32:BK1,K3");
    ck_move mv[CK_MAX_MOVES];
    int n = ck_gen_moves(&p, mv);
    uint64_t hist[2 * CK_MAX_MOVES + 2];
    int len = 2 * n + 2;
    memset(hist, 0, sizeof hist);
    /* The positions after black's moves have white to move, as has the
     * one just before p: the odd places counted back from the end. */
    for (int i = 0; i < n; i++) {
        ck_pos q = p;
        ck_make(&q, mv[i]);
        hist[len - 3 - 2 * i] = ck_pos_hash(&q);
    }
    ck_search_in in;
    ck_search_out out;
    memset(&in, 0, sizeof in);
    in.pos = p;
    in.lim.depth = 1;
    ck_assert_int_eq(ck_search(&in, &out), 0);
    ck_assert_int_gt(out.score, 100);
    in.history = hist;
    in.nhistory = len;
    in.quiet = len;
    ck_assert_int_eq(ck_search(&in, &out), 0);
    ck_assert_int_eq(out.score, 0);
    /* Only since the last irreversible move: with quiet 0 the history
     * cannot repeat. */
    in.quiet = 0;
    ck_assert_int_eq(ck_search(&in, &out), 0);
    ck_assert_int_gt(out.score, 100);
}
END_TEST

typedef struct job {
    ck_pos pos;
    int depth;
    ck_search_out out;
} job;

static void *run_job(void *arg)
{
    job *j = arg;
    ck_tt tt;
    ck_tt_init(&tt, 4 << 20);
    ck_search_in in;
    memset(&in, 0, sizeof in);
    in.pos = j->pos;
    in.lim.depth = j->depth;
    in.tt = &tt;
    ck_search(&in, &j->out);
    ck_tt_free(&tt);
    return NULL;
}

START_TEST(searches_run_side_by_side)
{
    /* Two searches on two threads give what each gives alone: nothing is
     * shared between them. */
    job a = { .depth = 9 }, b = { .depth = 9 }, a1, b1;
    ck_pos_start(&a.pos);
    b.pos = test_ck_fen("W:W31,30,28,27,26,25,24,23,20,13"
                        ":B15,14,12,11,10,8,7,6,5,2");
    a1 = a;
    b1 = b;
    run_job(&a1);
    run_job(&b1);
    pthread_t ta, tb;
    pthread_create(&ta, NULL, run_job, &a);
    pthread_create(&tb, NULL, run_job, &b);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    ck_assert(ck_move_equal(a.out.move, a1.out.move));
    ck_assert(ck_move_equal(b.out.move, b1.out.move));
    ck_assert_int_eq(a.out.score, a1.out.score);
    ck_assert_int_eq(b.out.score, b1.out.score);
    ck_assert_uint_eq(a.out.nodes, a1.out.nodes);
    ck_assert_uint_eq(b.out.nodes, b1.out.nodes);
}
END_TEST

START_TEST(noise_follows_the_seed)
{
    ck_search_in in;
    ck_search_out o1, o2;
    memset(&in, 0, sizeof in);
    ck_pos_start(&in.pos);
    in.lim = ck_levels[CK_TOM].lim;
    in.lim.ms = 0;          /* depth only: the result must not depend on
                               the machine's speed */
    ck_rng r1, r2;
    int first = 0, differ = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        ck_rng_seed(&r1, seed);
        ck_rng_seed(&r2, seed);
        in.rng = &r1;
        ck_search(&in, &o1);
        in.rng = &r2;
        ck_search(&in, &o2);
        ck_assert(ck_move_equal(o1.move, o2.move));
        ck_assert_int_eq(o1.score, o2.score);
        if (seed == 1)
            first = o1.score;
        else if (o1.score != first)
            differ = 1;
    }
    /* Tom's noise changes his judgement from one seed to the next. */
    ck_assert(differ);
}
END_TEST

/* ---- Levels and the machine's turn ---------------------------------- */

START_TEST(levels)
{
    ck_assert_int_eq(ck_level_find("tom"), CK_TOM);
    ck_assert_int_eq(ck_level_find("D"), CK_DICK);
    ck_assert_int_eq(ck_level_find("h"), CK_HARRY);
    ck_assert_int_eq(ck_level_find("Mighty Robot Harry"), CK_HARRY);
    ck_assert_int_eq(ck_level_find("EXPERT"), CK_EXPERT);
    ck_assert_int_eq(ck_level_find("x"), CK_EXPERT);
    ck_assert_int_eq(ck_level_find("bob"), -1);
    ck_assert_int_eq(ck_level_find(""), -1);
    ck_assert_str_eq(ck_levels[CK_TOM].title, "Helpful Robot Tom");
    ck_assert_str_eq(ck_levels[CK_DICK].title, "Silent Robot Dick");
    /* Each level searches at least as long as the one below, with less
     * noise; Harry keeps under two seconds a move. */
    for (int l = 1; l < CK_NLEVELS; l++) {
        ck_assert_int_ge(ck_levels[l].lim.ms, ck_levels[l - 1].lim.ms);
        ck_assert_int_le(ck_levels[l].lim.noise, ck_levels[l - 1].lim.noise);
    }
    ck_assert_int_lt(ck_levels[CK_HARRY].lim.ms, 2000);
}
END_TEST

START_TEST(machine_turn_uses_the_book)
{
    ck_state *g = malloc(sizeof *g);
    ck_rng rng;
    ck_rng_seed(&rng, 5);
    ck_state_init(g, NULL, CK_DICK, CK_MACHINE, CK_MACHINE);
    ck_search_out out;
    ck_assert_int_eq(ck_state_think(g, NULL, NULL, &rng, NULL, NULL, NULL, &out), 1);
    int in_book = 0;
    for (int i = 0; i < CK_BOOK_FIRSTS; i++)
        in_book |= out.move.from == ck_book[i].from - 1 &&
                   out.move.to == ck_book[i].to - 1;
    ck_assert(in_book);
    ck_assert_int_eq(ck_state_play(g, out.move), 0);
    ck_assert_int_eq(ck_state_think(g, NULL, NULL, &rng, NULL, NULL, NULL, &out), 1);
    ck_assert_int_eq(ck_state_play(g, out.move), 0);
    /* Out of the book: a search (Dick's depth; no clock given). */
    ck_assert_int_eq(ck_state_think(g, NULL, NULL, &rng, NULL, NULL, NULL, &out), 0);
    ck_assert_int_gt(out.depth, 0);
    ck_assert_int_eq(ck_state_play(g, out.move), 0);
    /* A set-up is never in the book. */
    ck_pos p = test_ck_fen(CK_SHOT);
    ck_state_init(g, &p, CK_DICK, CK_MACHINE, CK_HUMAN);
    ck_assert_int_eq(ck_state_think(g, NULL, NULL, &rng, NULL, NULL, NULL, &out), 0);
    ck_assert(out.move.from == 13 && out.move.to == 17);
    free(g);
}
END_TEST

/* ---- The tools ------------------------------------------------------ */

/* Run a tool with stdout captured (and stderr out of the way); returns
 * its exit status. */
static int run_tool(char **argv, int argc, char *out, size_t size)
{
    return tu_tool_stdio(ck_tool_main, out, size, 0, argc, argv);
}

START_TEST(tool_best_and_perft)
{
    char out[4096];
    char *best[] = { "checkers", "best", "--depth", "8", CK_SHOT };
    ck_assert_int_eq(run_tool(best, 5, out, sizeof out), 0);
    ck_assert_msg(strncmp(out, "14-18\n", 6) == 0, "%s", out);
    ck_assert_ptr_nonnull(strstr(out, "\ndepth 3"));
    ck_assert_ptr_nonnull(strstr(out, "\nscore 29997 (win in 3 plies)"));
    ck_assert_ptr_nonnull(strstr(out, "\nnodes "));
    ck_assert_ptr_nonnull(strstr(out, "\nnps "));
    ck_assert_ptr_nonnull(strstr(out, "\npv 14-18 23x14 9x18x25\n"));
    char *perft[] = { "checkers", "perft", "6" };
    ck_assert_int_eq(run_tool(perft, 3, out, sizeof out), 0);
    ck_assert_msg(strncmp(out, "36768\n", 6) == 0, "%s", out);
    ck_assert_ptr_nonnull(strstr(out, "nodes/s"));
    char *perft2[] = { "checkers", "perft", "1", "B:W14,22,23:B9" };
    ck_assert_int_eq(run_tool(perft2, 4, out, sizeof out), 0);
    ck_assert_msg(strncmp(out, "2\n", 2) == 0, "%s", out);
    char *help[] = { "checkers", "best", "--help" };
    ck_assert_int_eq(run_tool(help, 3, out, sizeof out), 0);
    ck_assert_ptr_nonnull(strstr(out, "usage: ttyarcade checkers best"));
    char *help2[] = { "checkers", "perft", "--help" };
    ck_assert_int_eq(run_tool(help2, 3, out, sizeof out), 0);
    ck_assert_ptr_nonnull(strstr(out, "usage: ttyarcade checkers perft"));
    /* Errors go to stderr with status 2. */
    char *bad[] = { "checkers", "best", "--level", "nobody", CK_SHOT };
    ck_assert_int_eq(run_tool(bad, 5, out, sizeof out), 2);
    char *bad2[] = { "checkers", "perft", "3", "B:W99:B1" };
    ck_assert_int_eq(run_tool(bad2, 4, out, sizeof out), 2);
    char *bad3[] = { "checkers", "nothing" };
    ck_assert_int_eq(run_tool(bad3, 2, out, sizeof out), 2);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        verify_piece,
        verify_destination,
        verify_jumps,
        verify_next_squares,
        verify_agrees_with_generator,
        book_moves_are_legal,
        book_choices_vary,
        save_round_trip,
        save_rejects_damage,
        search_finds_forced_win,
        search_edges,
        search_repetition_is_a_draw,
        searches_run_side_by_side,
        noise_follows_the_seed,
        levels,
        machine_turn_uses_the_book,
        tool_best_and_perft,
    };
    return test_ck_run("ck_play", tests, sizeof tests / sizeof tests[0]);
}
