/*
 * test_ck_notation.c - standard notation in the checkers engine: PDN FEN
 * read and written (round trips exact), square lists for a set-up, moves
 * typed as 11-15, 11x18x25, 11x25 or "11 15" and written back in full or
 * in the shortest form that names them, and the PDN game record.
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


START_TEST(fen_opening)
{
    ck_pos p, q;
    ck_pos_start(&q);
    char out[CK_FEN_SIZE];
    ck_fen_print(&q, out);
    ck_assert_str_eq(out, "B:W21,22,23,24,25,26,27,28,29,30,31,32"
                          ":B1,2,3,4,5,6,7,8,9,10,11,12");
    p = test_ck_fen(out);
    ck_assert(ck_pos_equal(&p, &q));
    /* Ranges, either section first, lower case, a tag wrapper, a final
     * full stop: all the same position. */
    const char *same[] = {
        "B:W21-32:B1-12",
        "B:B1-12:W21-32",
        "b:w21-32:b1-12",
        "[FEN \"B:W21-32:B1-12\"]",
        "\"B:W21-32:B1-12\"",
        "  B:W21-32:B1-12.  ",
        "B: W21, 22,23-32 :B 1-12",
    };
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        p = test_ck_fen(same[i]);
        ck_assert_msg(ck_pos_equal(&p, &q), "%s", same[i]);
    }
}
END_TEST

START_TEST(fen_round_trips)
{
    /* Canonical strings print back exactly. */
    const char *canon[] = {
        "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
        "W:W31,30,28,27,26,25,24,23,20,13:B18,14,12,11,10,7,6,5,3,2",
        "W:W:B1",
        "B:WK1:B",
        "W:WK4,K29:BK1,K32",
    };
    for (size_t i = 0; i < sizeof canon / sizeof canon[0]; i++) {
        ck_pos p = test_ck_fen(canon[i]), q;
        char out[CK_FEN_SIZE], again[CK_FEN_SIZE];
        ck_fen_print(&p, out);
        q = test_ck_fen(out);
        ck_assert(ck_pos_equal(&p, &q));
        ck_fen_print(&q, again);
        ck_assert_str_eq(out, again);
    }
    char out[CK_FEN_SIZE];
    ck_pos p = test_ck_fen("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29");
    ck_fen_print(&p, out);
    ck_assert_str_eq(out, "B:WK10,K15,18,24,27,28:B12,16,20,K22,K25,K29");
    /* Every position of a random game round-trips. */
    unsigned seed = 3;
    ck_pos_start(&p);
    for (int i = 0; i < 200; i++) {
        ck_move mv[CK_MAX_MOVES];
        int n = ck_gen_moves(&p, mv);
        if (!n)
            ck_pos_start(&p);
        else
            ck_make(&p, mv[rand_r(&seed) % (unsigned)n]);
        ck_pos q;
        ck_fen_print(&p, out);
        ck_assert_int_eq(ck_fen_parse(out, &q), 0);
        ck_assert(ck_pos_equal(&p, &q));
    }
}
END_TEST

START_TEST(fen_rejects)
{
    ck_pos p;
    const char *bad[] = {
        "", "X:W21:B1", "B", "B:W33:B1", "B:W0:B1", "B:W21,21:B1",
        "B:W21:B21", "B:W21:W22", "B:W21:B1:B2", "B:Q21:B1", "B:W21;B1",
        "B:W1-13:B20",          /* 13 white pieces */
        "B:W21:B29",            /* a black man on its crowning row */
        "B:W2:B9",              /* a white man on square 2 */
        "B:W21-:B1", "B:W21,,:B1x", "B:WK:B1",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(ck_fen_parse(bad[i], &p) < 0, "accepted '%s'", bad[i]);
}
END_TEST

START_TEST(square_lists)
{
    uint32_t b;
    ck_assert_int_eq(ck_squares_parse("1,2,3", &b), 0);
    ck_assert_uint_eq(b, 7);
    ck_assert_int_eq(ck_squares_parse("1 2  3-5", &b), 0);
    ck_assert_uint_eq(b, 0x1F);
    ck_assert_int_eq(ck_squares_parse("", &b), 0);
    ck_assert_uint_eq(b, 0);
    ck_assert_int_lt(ck_squares_parse("1,33", &b), 0);
    ck_assert_int_lt(ck_squares_parse("K1", &b), 0);
    ck_assert_int_lt(ck_squares_parse("1,1", &b), 0);

    uint32_t bm, bk, wm, wk;
    ck_squares_parse("1-12", &bm);
    ck_squares_parse("", &bk);
    ck_squares_parse("21-32", &wm);
    ck_squares_parse("", &wk);
    ck_pos p, q;
    ck_assert_int_eq(ck_pos_from_lists(&p, CK_BLACK, bm, bk, wm, wk), 0);
    ck_pos_start(&q);
    ck_assert(ck_pos_equal(&p, &q));
    /* A king and a man on one square, or a man on its king row: no. */
    ck_assert_int_lt(ck_pos_from_lists(&p, CK_BLACK, 1, 1, 0, 0), 0);
    ck_assert_int_lt(ck_pos_from_lists(&p, CK_BLACK, 1u << 31, 0, 0, 0), 0);
    ck_assert_int_eq(ck_pos_from_lists(&p, CK_WHITE, 0, 1u << 31, 1, 0), -1);
    ck_assert_int_eq(ck_pos_from_lists(&p, CK_WHITE, 0, 1u << 31, 0, 1), 0);
}
END_TEST

START_TEST(moves_typed)
{
    ck_pos p;
    ck_pos_start(&p);
    ck_move m;
    const char *ok[] = { "11-15", "11x15", "11 15", " 11 - 15 ", "11:15" };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        ck_assert_msg(ck_move_parse(&p, ok[i], &m) == CK_PARSE_OK, "%s",
                      ok[i]);
        ck_assert(m.from == 10 && m.to == 14 && m.cap == 0);
    }
    ck_assert_int_eq(ck_move_parse(&p, "11-16x", &m), CK_PARSE_SYNTAX);
    ck_assert_int_eq(ck_move_parse(&p, "11", &m), CK_PARSE_SYNTAX);
    ck_assert_int_eq(ck_move_parse(&p, "11-40", &m), CK_PARSE_SYNTAX);
    ck_assert_int_eq(ck_move_parse(&p, "eleven", &m), CK_PARSE_SYNTAX);
    ck_assert_int_eq(ck_move_parse(&p, "11-18", &m), CK_PARSE_ILLEGAL);
    ck_assert_int_eq(ck_move_parse(&p, "22-18", &m), CK_PARSE_ILLEGAL);

    /* A double jump: in full, by its ends, or with "11 18 25". */
    p = test_ck_fen("B:W14,22,23:B9");
    ck_assert_int_eq(ck_move_parse(&p, "9x18x25", &m), CK_PARSE_OK);
    ck_assert(m.to == 24 && m.cap == ((1u << 13) | (1u << 21)));
    ck_assert_int_eq(ck_move_parse(&p, "9x25", &m), CK_PARSE_OK);
    ck_assert_int_eq(m.to, 24);
    ck_assert_int_eq(ck_move_parse(&p, "9 18 27", &m), CK_PARSE_OK);
    ck_assert_int_eq(m.to, 26);
    ck_assert_int_eq(ck_move_parse(&p, "9x27x25", &m), CK_PARSE_ILLEGAL);
}
END_TEST

START_TEST(moves_written)
{
    char out[CK_MOVE_TEXT];
    ck_pos p;
    ck_pos_start(&p);
    ck_move m = { 0, 10, 14 };
    ck_assert_int_eq(ck_move_text(&p, m, CK_TEXT_FULL, out), 5);
    ck_assert_str_eq(out, "11-15");
    ck_assert_int_eq(ck_move_text(&p, m, CK_TEXT_SHORT, out), 5);
    ck_assert_str_eq(out, "11-15");
    ck_move bad = { 0, 10, 17 };
    ck_assert_int_lt(ck_move_text(&p, bad, CK_TEXT_FULL, out), 0);

    p = test_ck_fen("B:W14,22,23:B9");
    ck_assert_int_eq(ck_move_parse(&p, "9x25", &m), CK_PARSE_OK);
    ck_move_text(&p, m, CK_TEXT_FULL, out);
    ck_assert_str_eq(out, "9x18x25");
    ck_move_text(&p, m, CK_TEXT_SHORT, out);
    ck_assert_str_eq(out, "9x25");

    /* Two double jumps from 2 to 18 over different pieces: the short form
     * must name the square between. */
    p = test_ck_fen("B:W6,7,14,15:B2");
    ck_assert_int_eq(ck_move_parse(&p, "2x18", &m), CK_PARSE_AMBIGUOUS);
    ck_assert_int_eq(ck_move_parse(&p, "2x11x18", &m), CK_PARSE_OK);
    ck_move_text(&p, m, CK_TEXT_SHORT, out);
    ck_assert_str_eq(out, "2x11x18");
    ck_assert_int_eq(ck_move_parse(&p, "2x9x18", &m), CK_PARSE_OK);
    ck_move_text(&p, m, CK_TEXT_SHORT, out);
    ck_assert_str_eq(out, "2x9x18");

    /* A king's circuit writes every square. */
    p = test_ck_fen("B:W14,15,22,23:BK10");
    ck_move mv[CK_MAX_MOVES];
    ck_gen_moves(&p, mv);
    ck_move_text(&p, mv[0], CK_TEXT_FULL, out);
    ck_assert(strcmp(out, "10x19x26x17x10") == 0 ||
              strcmp(out, "10x17x26x19x10") == 0);
    ck_move_text(&p, mv[0], CK_TEXT_SHORT, out);
    ck_assert_str_eq(out, "10x10");
    ck_assert_int_eq(ck_move_parse(&p, out, &m), CK_PARSE_OK);
    ck_assert(ck_move_equal(m, mv[0]));

    /* Every written move reads back as itself, both styles. */
    unsigned seed = 11;
    ck_pos_start(&p);
    for (int i = 0; i < 300; i++) {
        int n = ck_gen_moves(&p, mv);
        if (!n) {
            ck_pos_start(&p);
            continue;
        }
        for (int j = 0; j < n; j++)
            for (int style = 0; style < 2; style++) {
                ck_assert_int_gt(ck_move_text(&p, mv[j], style, out), 0);
                ck_assert_int_eq(ck_move_parse(&p, out, &m), CK_PARSE_OK);
                ck_assert(ck_move_equal(m, mv[j]));
            }
        ck_make(&p, mv[rand_r(&seed) % (unsigned)n]);
    }
}
END_TEST

START_TEST(legal_move_list)
{
    ck_pos p;
    ck_pos_start(&p);
    char out[256];
    ck_moves_text(&p, out, sizeof out);
    ck_assert_str_eq(out, "9-13 9-14 10-14 10-15 11-15 11-16 12-16");
    /* Cut short, never overrun. */
    ck_assert_int_eq(ck_moves_text(&p, out, 10), 9);
    ck_assert_str_eq(out, "9-13 9-14");
}
END_TEST

START_TEST(pdn_record)
{
    ck_state *g = malloc(sizeof *g);
    ck_state_init(g, NULL, CK_HARRY, CK_HUMAN, CK_MACHINE);
    const char *moves[] = { "11-15", "23-19", "8-11", "22-17", "9-13",
                            "17-14", "10x17", "21x14" };
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        ck_move m;
        ck_assert_int_eq(ck_move_parse(&g->pos, moves[i], &m), CK_PARSE_OK);
        ck_assert_int_eq(ck_state_play(g, m), 0);
    }
    ck_assert_int_eq(ck_state_move_number(g), 5);
    char out[2048];
    ck_pdn_tags tags = { "Club night", "ttyarcade", "1977.10.18", "1",
                         "Player", "Mighty Robot Harry" };
    int n = ck_state_pdn(g, &tags, CK_TEXT_FULL, out, sizeof out);
    ck_assert_int_eq(n, (int)strlen(out));
    ck_assert_str_eq(out,
        "[Event \"Club night\"]\n"
        "[Site \"ttyarcade\"]\n"
        "[Date \"1977.10.18\"]\n"
        "[Round \"1\"]\n"
        "[White \"Mighty Robot Harry\"]\n"
        "[Black \"Player\"]\n"
        "[Result \"*\"]\n"
        "[GameType \"21\"]\n"
        "\n"
        "1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14 *\n");
    /* Too small a buffer: cut, terminated, and the length needed. */
    char small[20];
    ck_assert_int_eq(ck_state_pdn(g, &tags, CK_TEXT_FULL, small,
                                  sizeof small), n);
    ck_assert_int_eq(strlen(small), sizeof small - 1);

    /* A set-up with white to move starts "1..." and carries its FEN. */
    ck_pos p = test_ck_fen("W:W26,27:B18,K1");
    ck_state_init(g, &p, CK_TOM, CK_HUMAN, CK_HUMAN);
    ck_assert_int_eq(ck_state_move_number(g), 1);
    ck_move m;
    ck_assert_int_eq(ck_move_parse(&g->pos, "26-22", &m), CK_PARSE_OK);
    ck_assert_int_eq(ck_state_play(g, m), 0);
    ck_assert_int_eq(ck_state_move_number(g), 2);
    ck_assert_int_eq(ck_move_parse(&g->pos, "18x25", &m), CK_PARSE_OK);
    ck_assert_int_eq(ck_state_play(g, m), 0);
    ck_state_end(g, CK_BLACK_WINS, CK_END_RESIGNED);
    ck_state_pdn(g, NULL, CK_TEXT_FULL, out, sizeof out);
    ck_assert_ptr_nonnull(strstr(out, "[SetUp \"1\"]\n"
                                      "[FEN \"W:W26,27:BK1,18\"]\n"));
    ck_assert_ptr_nonnull(strstr(out, "[Result \"0-1\"]"));
    ck_assert_ptr_nonnull(strstr(out, "\n1... 26-22 2. 18x25 0-1\n"));
    ck_assert_ptr_nonnull(strstr(out, "[Event \"?\"]"));
    ck_assert_str_eq(ck_result_text(CK_WHITE_WINS), "1-0");
    ck_assert_str_eq(ck_result_text(CK_DRAWN), "1/2-1/2");
    free(g);
}
END_TEST

START_TEST(pdn_wraps_long_games)
{
    ck_state *g = malloc(sizeof *g);
    ck_state_init(g, NULL, CK_TOM, CK_HUMAN, CK_HUMAN);
    unsigned seed = 5;
    while (g->result == CK_PLAYING) {
        ck_move mv[CK_MAX_MOVES];
        int n = ck_gen_moves(&g->pos, mv);
        ck_state_play(g, mv[rand_r(&seed) % (unsigned)n]);
    }
    char *out = malloc(65536);
    ck_state_pdn(g, NULL, CK_TEXT_SHORT, out, 65536);
    for (char *line = out; *line;) {
        char *nl = strchr(line, '\n');
        ck_assert_ptr_nonnull(nl);
        ck_assert_int_le(nl - line, 79);
        line = nl + 1;
    }
    ck_assert_ptr_nonnull(strstr(out, ck_result_text(g->result)));
    free(out);
    free(g);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        fen_opening,
        fen_round_trips,
        fen_rejects,
        square_lists,
        moves_typed,
        moves_written,
        legal_move_list,
        pdn_record,
        pdn_wraps_long_games,
    };
    return test_ck_run("ck_notation", tests, sizeof tests / sizeof tests[0]);
}
