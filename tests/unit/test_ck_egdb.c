/*
 * test_ck_egdb.c - the endgame databases: the index numbers every position
 * of a slice once, a database of up to 4 pieces built here (seconds) gives
 * the value an exhaustive search finds on random positions, agrees with
 * itself one move on, and survives its file.
 *
 * The exhaustive search is written here on its own: it gathers every
 * position reachable from the one tested (in a hash set, with no index,
 * no colour flip and no move taken back) and iterates win and loss over
 * that graph until nothing changes; what is left is a draw.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "checkers/ck_egdb.h"
#include "checkers/ck_match.h"
#include "checkers/ck_search.h"

#include "test_ck.h"

/* ---- The database under test: built once for the suite ------------- */

static ck_egdb test_db;
static char test_dir[64];

/* ---- Random positions ----------------------------------------------- */

/* A random position of n pieces, each side at least one, half the
 * pieces kings. */
static ck_pos random_pos(ck_rng *r, int n)
{
    ck_pos p;
    ck_random_pos(r, n, 2, &p);
    return p;
}

/* ---- The exhaustive search ------------------------------------------ */

typedef struct xnode {
    ck_pos p;
    int used;
    int value;      /* CK_EGDB_WIN / LOSS / DRAW (= not yet known) */
} xnode;

typedef struct xset {
    xnode *t;
    size_t cap, n;
} xset;

static size_t xslot(const xset *s, const ck_pos *p)
{
    size_t i = (size_t)ck_pos_hash(p) & (s->cap - 1);
    while (s->t[i].used && !ck_pos_equal(&s->t[i].p, p))
        i = (i + 1) & (s->cap - 1);
    return i;
}

static void xadd(xset *s, const ck_pos *p)
{
    size_t i = xslot(s, p);
    if (s->t[i].used)
        return;
    ck_assert_msg(s->n * 2 < s->cap, "reachable set too big");
    s->t[i].p = *p;
    s->t[i].used = 1;
    s->t[i].value = CK_EGDB_DRAW;
    s->n++;
}

/* The value for the side to move found by exhaustive search. */
static int exhaustive_value(const ck_pos *start)
{
    xset s;
    s.cap = (size_t)1 << 18;
    s.n = 0;
    s.t = calloc(s.cap, sizeof *s.t);
    ck_assert_ptr_nonnull(s.t);
    /* Gather: a stack of slots to expand. */
    size_t *stack = malloc(s.cap * sizeof *stack), top = 0;
    ck_assert_ptr_nonnull(stack);
    xadd(&s, start);
    stack[top++] = xslot(&s, start);
    while (top) {
        ck_pos p = s.t[stack[--top]].p;
        ck_move mv[CK_MAX_MOVES];
        int n = ck_gen_moves(&p, mv);
        for (int i = 0; i < n; i++) {
            ck_pos q = p;
            ck_make(&q, mv[i]);
            size_t before = s.n;
            xadd(&s, &q);
            if (s.n > before)
                stack[top++] = xslot(&s, &q);
        }
    }
    free(stack);
    /* Iterate to the fixed point over the slots in use. */
    size_t *used = malloc(s.n * sizeof *used), nu = 0;
    ck_assert_ptr_nonnull(used);
    for (size_t i = 0; i < s.cap; i++)
        if (s.t[i].used)
            used[nu++] = i;
    for (int changed = 1; changed;) {
        changed = 0;
        for (size_t u = 0; u < nu; u++) {
            xnode *x = &s.t[used[u]];
            if (x->value != CK_EGDB_DRAW)
                continue;
            ck_move mv[CK_MAX_MOVES];
            int n = ck_gen_moves(&x->p, mv), all_win = 1;
            for (int j = 0; j < n; j++) {
                ck_pos q = x->p;
                ck_make(&q, mv[j]);
                int w = s.t[xslot(&s, &q)].value;
                if (w == CK_EGDB_LOSS) {
                    all_win = 0;
                    x->value = CK_EGDB_WIN;
                    changed = 1;
                    break;
                }
                if (w != CK_EGDB_WIN)
                    all_win = 0;
            }
            if (x->value == CK_EGDB_DRAW && all_win) {
                x->value = CK_EGDB_LOSS;
                changed = 1;
            }
        }
    }
    int v = s.t[xslot(&s, start)].value;
    free(used);
    free(s.t);
    return v;
}

/* ---- Tests ---------------------------------------------------------- */

START_TEST(index_numbers_each_position_once)
{
    ck_rng r;
    ck_rng_seed(&r, 11);
    for (int k = 0; k < 4000; k++) {
        ck_pos p = random_pos(&r, 2 + (int)ck_rng_below(&r, 5)), q;
        if (p.turn != CK_BLACK)
            ck_pos_flip(&p, &p);
        ck_slice s = ck_slice_of(&p);
        uint64_t i = ck_egdb_index(&p, s);
        ck_assert_uint_lt(i, ck_slice_size(s));
        ck_assert(ck_egdb_unindex(s, i, &q));
        ck_assert_msg(ck_pos_equal(&p, &q), "index %llu of slice %d%d%d%d",
                      (unsigned long long)i, s.bm, s.bk, s.wm, s.wk);
    }
}
END_TEST

START_TEST(flip_is_the_same_game)
{
    ck_rng r;
    ck_rng_seed(&r, 5);
    for (int k = 0; k < 500; k++) {
        ck_pos p = random_pos(&r, 2 + (int)ck_rng_below(&r, 6)), q, back;
        ck_pos_flip(&p, &q);
        ck_pos_flip(&q, &back);
        ck_assert(ck_pos_equal(&p, &back));
        ck_assert(ck_pos_valid(&q));
        /* The same number of moves, and perft agrees two plies on. */
        ck_assert_uint_eq(ck_perft(&p, 3), ck_perft(&q, 3));
    }
}
END_TEST

START_TEST(known_endings)
{
    /* One king each: a draw; two kings against one: a win whoever
     * moves. */
    ck_pos p = test_ck_fen("B:WK32:BK1");
    ck_assert_int_eq(ck_egdb_probe(&test_db, &p), CK_EGDB_DRAW);
    p = test_ck_fen("B:WK32,K28:BK1");
    ck_assert_int_eq(ck_egdb_probe(&test_db, &p), CK_EGDB_LOSS);
    p = test_ck_fen("W:WK32,K28:BK1");
    ck_assert_int_eq(ck_egdb_probe(&test_db, &p), CK_EGDB_WIN);
    /* A side with nothing left has lost; five pieces are not in it. */
    p = test_ck_fen("B:WK32,K28,K20,K10,K5:BK1");
    ck_assert_int_eq(ck_egdb_probe(&test_db, &p), CK_EGDB_UNKNOWN);
    ck_assert_int_eq(ck_egdb_probe(NULL, &p), CK_EGDB_UNKNOWN);
}
END_TEST

START_TEST(agrees_with_exhaustive_search)
{
    ck_rng r;
    ck_rng_seed(&r, 2026);
    int seen[3] = { 0, 0, 0 };
    for (int k = 0; k < 60; k++) {
        /* 2 and 3 pieces: what can be reached from a 4-piece position
         * is too much to search exhaustively in a unit test; the 4-piece
         * slices are checked move by move (consistent_one_move_on) on
         * top of these. */
        ck_pos p = random_pos(&r, 2 + (int)ck_rng_below(&r, 2));
        int want = exhaustive_value(&p), got = ck_egdb_probe(&test_db, &p);
        char fen[CK_FEN_SIZE];
        ck_fen_print(&p, fen);
        ck_assert_msg(got == want, "%s: database %d, search %d", fen, got,
                      want);
        seen[want]++;
    }
    /* The sample must have tried each value. */
    ck_assert_int_gt(seen[CK_EGDB_WIN], 0);
    ck_assert_int_gt(seen[CK_EGDB_LOSS], 0);
    ck_assert_int_gt(seen[CK_EGDB_DRAW], 0);
}
END_TEST

START_TEST(consistent_one_move_on)
{
    ck_rng r;
    ck_rng_seed(&r, 77);
    for (int k = 0; k < 3000; k++) {
        ck_pos p = random_pos(&r, 2 + (int)ck_rng_below(&r, 3));
        ck_move mv[CK_MAX_MOVES];
        int n = ck_gen_moves(&p, mv), best = CK_EGDB_LOSS;
        for (int i = 0; i < n; i++) {
            ck_pos q = p;
            ck_make(&q, mv[i]);
            int w = ck_egdb_probe(&test_db, &q);
            ck_assert_int_ne(w, CK_EGDB_UNKNOWN);
            if (w == CK_EGDB_LOSS)
                best = CK_EGDB_WIN;
            else if (w == CK_EGDB_DRAW && best == CK_EGDB_LOSS)
                best = CK_EGDB_DRAW;
        }
        int v = ck_egdb_probe(&test_db, &p);
        /* A draw may only be a position whose best move draws; a win or
         * a loss must be what its moves say. */
        ck_assert_int_eq(v, best);
    }
}
END_TEST

START_TEST(file_is_checked_and_shared)
{
    char path[200], err[256];
    ck_egdb db;
    ck_egdb_path(test_dir, 4, path, sizeof path);
    ck_assert_ptr_eq(ck_egdb_shared(test_dir), ck_egdb_shared(test_dir));
    ck_assert_ptr_nonnull(ck_egdb_shared(test_dir));
    ck_assert_int_eq(ck_egdb_shared(test_dir)->pieces, 4);
    ck_assert_ptr_null(ck_egdb_shared(NULL));
    ck_assert_int_gt((long)ck_egdb_bytes(&test_db), 1000);
    /* Not a database. */
    char bad[220];
    snprintf(bad, sizeof bad, "%s/junk.bin", test_dir);
    FILE *f = fopen(bad, "wb");
    ck_assert_ptr_nonnull(f);
    fputs("this is not a database at all, not even close", f);
    fclose(f);
    ck_assert_int_eq(ck_egdb_open(&db, bad, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "not a checkers database"), "%s", err);
    unlink(bad);
    ck_assert_int_eq(ck_egdb_open(&db, "/nonexistent/x.bin", err,
                                  sizeof err), -1);
}
END_TEST

int main(void)
{
    if (test_ck_egdb_build(4, test_dir, &test_db) != 0)
        return 1;
    const TTest *const tests[] = {
        index_numbers_each_position_once,
        flip_is_the_same_game,
        known_endings,
        agrees_with_exhaustive_search,
        consistent_one_move_on,
        file_is_checked_and_shared,
    };
    int rc = test_ck_run("ck_egdb", tests, sizeof tests / sizeof tests[0]);
    test_ck_egdb_remove(4, test_dir, &test_db);
    return rc;
}
