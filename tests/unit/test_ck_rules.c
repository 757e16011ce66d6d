/*
 * test_ck_rules.c - the rules of English draughts in the checkers engine:
 * perft from the opening (the published counts), the move generator
 * against a plain 8x8 reference written here, and the edge cases: forced
 * capture, branching multi-jumps, a king's circuit, crowning ending the
 * move mid-jump, the loss with no move, draws by repetition and by the
 * no-progress rule.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "checkers/ck_board.h"
#include "checkers/ck_notation.h"
#include "checkers/ck_state.h"

#include "test_ck.h"


/* All legal moves of p written in full, sorted, space-separated. */
static const char *moves_of(const ck_pos *p)
{
    static char buf[4096];
    ck_moves_text(p, buf, sizeof buf);
    return buf;
}

/* The legal moves in a position given as a FEN. */
static void expect_moves(const char *fen, const char *moves)
{
    ck_pos p = test_ck_fen(fen);
    ck_assert_msg(strcmp(moves_of(&p), moves) == 0, "%s: %s, not %s", fen,
                  moves_of(&p), moves);
}

/* ---- Perft ---------------------------------------------------------- */

/* The published counts for depths 1-11; the suite runs up to 9. */
static const uint64_t ck_perft_start[] = {
    1, 7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680,
    18391564, 85242128
};

START_TEST(perft_opening)
{
    ck_pos p;
    ck_pos_start(&p);
    for (int d = 0; d <= 9; d++)
        ck_assert_uint_eq(ck_perft(&p, d), ck_perft_start[d]);
}
END_TEST

/* ---- A reference generator: an 8x8 array and nothing clever --------- */

enum { REF_EMPTY, REF_BM, REF_BK, REF_WM, REF_WK };
typedef struct ref_board {
    int sq[8][8];
    int turn;
} ref_board;

static void ref_from(const ck_pos *p, ref_board *b)
{
    memset(b, 0, sizeof *b);
    for (int i = 0; i < 32; i++) {
        int r, c;
        ck_square_rc(i, &r, &c);
        uint32_t bit = 1u << i;
        if (p->bl & bit)
            b->sq[r][c] = (p->kings & bit) ? REF_BK : REF_BM;
        else if (p->wh & bit)
            b->sq[r][c] = (p->kings & bit) ? REF_WK : REF_WM;
    }
    b->turn = p->turn;
}

typedef struct ref_list {
    int n;
    ck_move m[512];
} ref_list;

static int ref_mine(int piece, int turn)
{
    return turn == CK_BLACK ? piece == REF_BM || piece == REF_BK
                            : piece == REF_WM || piece == REF_WK;
}

static void ref_add(ref_list *l, int from, int to, uint32_t cap)
{
    for (int i = 0; i < l->n; i++)
        if (l->m[i].from == from && l->m[i].to == to && l->m[i].cap == cap)
            return;
    ck_assert_int_lt(l->n, 512);
    l->m[l->n].from = (uint8_t)from;
    l->m[l->n].to = (uint8_t)to;
    l->m[l->n].cap = cap;
    l->n++;
}

/* Jump on from (r,c); captured pieces stay on the board but are marked
 * in 'cap' and may not be jumped again. */
static void ref_jump(const ref_board *b, int from, int r, int c, int king,
                     uint32_t cap, ref_list *l)
{
    int any = 0;
    int fwd = b->turn == CK_BLACK ? 1 : -1;
    for (int dr = -1; dr <= 1; dr += 2)
        for (int dc = -1; dc <= 1; dc += 2) {
            if (!king && dr != fwd)
                continue;
            int mr = r + dr, mc = c + dc, lr = r + 2 * dr, lc = c + 2 * dc;
            if (lr < 0 || lr > 7 || lc < 0 || lc > 7)
                continue;
            int mid = ck_square_at(mr, mc), land = ck_square_at(lr, lc);
            int mp = b->sq[mr][mc];
            if (mp == REF_EMPTY || ref_mine(mp, b->turn) ||
                (cap & (1u << mid)))
                continue;
            if (b->sq[lr][lc] != REF_EMPTY && land != from)
                continue;
            any = 1;
            int crown = !king && lr == (b->turn == CK_BLACK ? 7 : 0);
            if (crown)
                ref_add(l, from, land, cap | (1u << mid));
            else
                ref_jump(b, from, lr, lc, king, cap | (1u << mid), l);
        }
    if (!any && cap)
        ref_add(l, from, ck_square_at(r, c), cap);
}

static void ref_moves(const ref_board *b, ref_list *l)
{
    l->n = 0;
    for (int s = 0; s < 32; s++) {
        int r, c;
        ck_square_rc(s, &r, &c);
        int piece = b->sq[r][c];
        if (ref_mine(piece, b->turn))
            ref_jump(b, s, r, c, piece == REF_BK || piece == REF_WK, 0, l);
    }
    if (l->n)
        return;
    int fwd = b->turn == CK_BLACK ? 1 : -1;
    for (int s = 0; s < 32; s++) {
        int r, c;
        ck_square_rc(s, &r, &c);
        int piece = b->sq[r][c];
        if (!ref_mine(piece, b->turn))
            continue;
        int king = piece == REF_BK || piece == REF_WK;
        for (int dr = -1; dr <= 1; dr += 2)
            for (int dc = -1; dc <= 1; dc += 2) {
                if (!king && dr != fwd)
                    continue;
                int tr = r + dr, tc = c + dc;
                if (tr >= 0 && tr <= 7 && tc >= 0 && tc <= 7 &&
                    b->sq[tr][tc] == REF_EMPTY)
                    ref_add(l, s, ck_square_at(tr, tc), 0);
            }
    }
}

/* Positions from random play, with kings and without. */
static void random_position(ck_pos *p, unsigned *seed)
{
    ck_move mv[CK_MAX_MOVES];
    ck_pos_start(p);
    int plies = (int)(rand_r(seed) % 90);
    for (int i = 0; i < plies; i++) {
        int n = ck_gen_moves(p, mv);
        if (!n)
            break;
        ck_make(p, mv[rand_r(seed) % (unsigned)n]);
    }
}

/* A scattered position: random pieces, some kings. */
static void scattered_position(ck_pos *p, unsigned *seed)
{
    do {
        ck_pos_clear(p, (int)(rand_r(seed) & 1));
        for (int i = 0; i < 32; i++) {
            unsigned r = rand_r(seed) % 9;
            uint32_t bit = 1u << i;
            if (r == 0 || r == 1)
                p->bl |= bit;
            else if (r == 2 || r == 3)
                p->wh |= bit;
            if (r == 1 || r == 3 || ((r == 0 || r == 2) &&
                                     (rand_r(seed) % 3 == 0)))
                p->kings |= bit & (p->bl | p->wh);
        }
        /* Men may not stand on their crowning row. */
        p->kings |= (p->bl & CK_ROW7) | (p->wh & CK_ROW0);
    } while (!ck_pos_valid(p));
}

static void same_moves(const ck_pos *p)
{
    ck_move mv[CK_MAX_MOVES];
    ref_board b;
    ref_list l;
    ref_from(p, &b);
    ref_moves(&b, &l);
    int n = ck_gen_moves(p, mv);
    char fenbuf[CK_FEN_SIZE];
    ck_fen_print(p, fenbuf);
    ck_assert_msg(n == l.n, "%s: %d moves, reference %d", fenbuf, n, l.n);
    ck_assert_int_eq(ck_count_moves(p), n);
    for (int i = 0; i < l.n; i++) {
        int found = 0;
        for (int j = 0; j < n; j++)
            found += ck_move_equal(mv[j], l.m[i]);
        ck_assert_msg(found == 1, "%s: reference move %d-%d missing",
                      fenbuf, l.m[i].from + 1, l.m[i].to + 1);
        /* Every move has a route the notation can write. */
        uint8_t path[CK_MAX_PATH];
        ck_assert_int_ge(ck_move_path(p, l.m[i], path), 2);
    }
}

START_TEST(generator_matches_reference)
{
    unsigned seed = 7;
    for (int i = 0; i < 3000; i++) {
        ck_pos p;
        if (i & 1)
            random_position(&p, &seed);
        else
            scattered_position(&p, &seed);
        same_moves(&p);
    }
}
END_TEST

static uint64_t ref_perft(const ck_pos *p, int depth)
{
    if (depth == 0)
        return 1;
    ref_board b;
    ref_list l;
    ref_from(p, &b);
    ref_moves(&b, &l);
    uint64_t n = 0;
    for (int i = 0; i < l.n; i++) {
        ck_pos q = *p;
        ck_make(&q, l.m[i]);
        n += ref_perft(&q, depth - 1);
    }
    return n;
}

/* Positions built to be hard: a branching jump, a circuit, crowning in
 * the middle of a jump, kings everywhere. */
static const char *const tricky[] = {
    "B:W14,22,23:B9",
    "B:W14,15,22,23:BK10",
    "B:W26,27:B22",
    "B:W6,7,14,15:B2",
    "W:WK1,K3,K10,K11,18,19,K26,27:BK6,K7,14,15,K22,K23,K30,K31",
    "B:W13,14,15,16,21,22,23,24,K29:BK1,5,6,7,8,9,10,11,12",
    "W:W17,18,19,20,K21,K22,K23,K24:BK9,K10,K11,K12,13,14,15,16",
};

START_TEST(perft_tricky_against_reference)
{
    for (size_t i = 0; i < sizeof tricky / sizeof tricky[0]; i++) {
        ck_pos p = test_ck_fen(tricky[i]);
        for (int d = 1; d <= 5; d++)
            ck_assert_msg(ck_perft(&p, d) == ref_perft(&p, d),
                          "%s depth %d", tricky[i], d);
    }
}
END_TEST

/* ---- Edge cases ----------------------------------------------------- */

START_TEST(capture_is_compulsory)
{
    /* Black could step 9-13 or 9-14 or 10-15, but 10 must take 14. */
    ck_pos p = test_ck_fen("B:W14:B9,10");
    ck_assert_str_eq(moves_of(&p), "9x18 10x17");
    ck_assert(ck_must_capture(&p));
    ck_assert_uint_eq(ck_jumpers(&p), (1u << 8) | (1u << 9));
    p = test_ck_fen("B:W22:B9,10");
    ck_assert(!ck_must_capture(&p));
    expect_moves("B:W22:B9,10", "9-13 9-14 10-14 10-15");
}
END_TEST

START_TEST(branching_multi_jump)
{
    ck_pos p = test_ck_fen("B:W14,22,23:B9");
    ck_assert_uint_eq(ck_perft(&p, 1), 2);
    ck_assert_str_eq(moves_of(&p), "9x18x25 9x18x27");
    /* A man may not stop half way through (9x18). */
    ck_move m;
    ck_assert_int_eq(ck_move_parse(&p, "9x18", &m), CK_PARSE_ILLEGAL);
}
END_TEST

START_TEST(king_circuit_counts_once)
{
    /* The king on 10 can go round 14, 15, 22, 23 either way and comes
     * back to 10: the same move (same end, same pieces taken). */
    ck_pos p = test_ck_fen("B:W14,15,22,23:BK10");
    ck_move mv[CK_MAX_MOVES];
    ck_assert_int_eq(ck_gen_moves(&p, mv), 1);
    ck_assert_int_eq(mv[0].from, 9);
    ck_assert_int_eq(mv[0].to, 9);
    ck_assert_uint_eq(mv[0].cap, (1u << 13) | (1u << 14) | (1u << 21) |
                                 (1u << 22));
    ck_make(&p, mv[0]);
    ck_assert_uint_eq(p.bl, 1u << 9);
    ck_assert_uint_eq(p.kings, 1u << 9);
    ck_assert_uint_eq(p.wh, 0);
    ck_assert_int_eq(ck_gen_moves(&p, mv), 0);
}
END_TEST

START_TEST(crowning_ends_the_move)
{
    /* 22x31 crowns; a king on 31 could go on over 27 to 24, but the man
     * just crowned stops. */
    ck_pos p = test_ck_fen("B:W26,27:B22");
    ck_assert_str_eq(moves_of(&p), "22x31");
    ck_move mv[CK_MAX_MOVES];
    ck_gen_moves(&p, mv);
    ck_assert(ck_move_crowns(&p, mv[0]));
    ck_make(&p, mv[0]);
    ck_assert_uint_eq(p.kings, 1u << 30);
    ck_assert_uint_eq(p.wh, 1u << 26);
    /* The same with a king: it goes on. */
    expect_moves("B:W26,27:BK22", "22x31x24");
    /* White crowns on 1-4 the same way. */
    expect_moves("W:W11:B7,6", "11x2");
}
END_TEST

START_TEST(men_move_forward_kings_both_ways)
{
    expect_moves("B:W:B14", "14-17 14-18");
    expect_moves("W:W14:B", "14-9 14-10");
    expect_moves("B:W:BK14", "14-9 14-10 14-17 14-18");
    expect_moves("W:W:BK14", "");
}
END_TEST

START_TEST(no_move_loses)
{
    /* White's man on 29 is blocked by 25 and cannot jump to 22. */
    ck_pos p = test_ck_fen("W:W29:B22,25");
    ck_move mv[CK_MAX_MOVES];
    ck_assert_int_eq(ck_gen_moves(&p, mv), 0);
    ck_state *g = malloc(sizeof *g);
    ck_state_init(g, &p, CK_TOM, CK_HUMAN, CK_MACHINE);
    ck_assert_int_eq(g->result, CK_BLACK_WINS);
    ck_assert_int_eq(g->end, CK_END_NO_MOVES);
    /* And with no pieces at all. */
    p = test_ck_fen("W:W:B22");
    ck_state_init(g, &p, CK_TOM, CK_HUMAN, CK_MACHINE);
    ck_assert_int_eq(g->result, CK_BLACK_WINS);
    free(g);
}
END_TEST

static void play(ck_state *g, const char *text)
{
    ck_move m;
    ck_assert_msg(ck_move_parse(&g->pos, text, &m) == CK_PARSE_OK, "%s",
                  text);
    ck_assert_int_eq(ck_state_play(g, m), 0);
}

START_TEST(threefold_repetition_draws)
{
    ck_pos p = test_ck_fen("B:WK32:BK1");
    ck_state *g = malloc(sizeof *g);
    ck_state_init(g, &p, CK_TOM, CK_HUMAN, CK_MACHINE);
    const char *cycle[] = { "1-6", "32-27", "6-1", "27-32" };
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < 4; i++) {
            ck_assert_int_eq(g->result, CK_PLAYING);
            play(g, cycle[i]);
        }
    /* The start position has now been seen three times. */
    ck_assert_int_eq(ck_state_repeats(g), 3);
    ck_assert_int_eq(g->result, CK_DRAWN);
    ck_assert_int_eq(g->end, CK_END_REPETITION);
    ck_assert_str_eq(ck_end_text(g->end), "The same position a third time.");
    /* Taking the last move back reopens the game. */
    ck_assert_int_eq(ck_state_undo(g), 0);
    ck_assert_int_eq(g->result, CK_PLAYING);
    ck_assert_int_eq(ck_state_repeats(g), 2);
    free(g);
}
END_TEST

START_TEST(no_progress_draws)
{
    /* Kings wander without repeating a position three times; the 80th
     * quiet ply (40 moves each) draws. */
    ck_pos p = test_ck_fen("B:WK29,K32:BK1,K4");
    ck_state *g = malloc(sizeof *g), *t = malloc(sizeof *t);
    ck_state_init(g, &p, CK_TOM, CK_HUMAN, CK_HUMAN);
    for (int ply = 1; ply <= CK_NO_PROGRESS_PLIES; ply++) {
        ck_move mv[CK_MAX_MOVES];
        int n = ck_gen_moves(&g->pos, mv), chosen = -1, best = 99;
        /* The move to the least repeated position that offers no
         * capture. */
        for (int i = 0; i < n; i++) {
            *t = *g;
            ck_assert_int_eq(ck_state_play(t, mv[i]), 0);
            int r = ck_state_repeats(t);
            if ((t->result == CK_PLAYING || t->end == CK_END_NO_PROGRESS) &&
                !ck_must_capture(&t->pos) && r < best) {
                best = r;
                chosen = i;
            }
        }
        ck_assert_int_ge(chosen, 0);
        ck_assert_int_eq(ck_state_play(g, mv[chosen]), 0);
        ck_assert_int_eq(g->quiet, ply);
        if (ply < CK_NO_PROGRESS_PLIES)
            ck_assert_int_eq(g->result, CK_PLAYING);
    }
    ck_assert_int_eq(g->result, CK_DRAWN);
    ck_assert_int_eq(g->end, CK_END_NO_PROGRESS);
    ck_assert_str_eq(ck_end_text(g->end),
                     "Forty moves each without a capture or a man moved.");
    /* A man's move resets the count. */
    p = test_ck_fen("B:WK29:B5,K1");
    ck_state_init(g, &p, CK_TOM, CK_HUMAN, CK_HUMAN);
    play(g, "1-6");
    ck_assert_int_eq(g->quiet, 1);
    play(g, "29-25");
    play(g, "5-9");
    ck_assert_int_eq(g->quiet, 0);
    free(t);
    free(g);
}
END_TEST

START_TEST(position_validity)
{
    ck_pos p;
    ck_pos_start(&p);
    ck_assert(ck_pos_valid(&p));
    p.bl |= 1u << 31;           /* a black man on 32 */
    ck_assert(!ck_pos_valid(&p));
    p.kings |= 1u << 31;        /* as a king it may stand there */
    ck_assert(!ck_pos_valid(&p)); /* but 32 is white's too */
    ck_pos_start(&p);
    p.kings = 1u << 15;         /* a king on an empty square */
    ck_assert(!ck_pos_valid(&p));
    /* Geometry: square 1 is in the top row, second column. */
    int r, c;
    ck_square_rc(0, &r, &c);
    ck_assert(r == 0 && c == 1);
    ck_square_rc(28, &r, &c);
    ck_assert(r == 7 && c == 0);
    ck_assert_int_eq(ck_square_at(0, 0), -1);
    for (int s = 0; s < 32; s++) {
        ck_square_rc(s, &r, &c);
        ck_assert_int_eq(ck_square_at(r, c), s);
    }
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        perft_opening,
        generator_matches_reference,
        perft_tricky_against_reference,
        capture_is_compulsory,
        branching_multi_jump,
        king_circuit_counts_once,
        crowning_ends_the_move,
        men_move_forward_kings_both_ways,
        no_move_loses,
        threefold_repetition_draws,
        no_progress_draws,
        position_validity,
    };
    return test_ck_run("ck_rules", tests, sizeof tests / sizeof tests[0]);
}
