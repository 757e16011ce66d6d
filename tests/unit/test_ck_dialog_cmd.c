/*
 * test_ck_dialog_cmd.c - the commands at the checkers move prompt: HELP
 * on a teletype, MOVES, HINT by robot, FEN and its round trip through
 * SETUP (whole, over several lines, and from square lists), SETUP's
 * refusals, PDN, DRAW accepted and declined by the machine's judgement,
 * RESIGN, EXPERT, and the first letters of a command.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checkers/ck.h"
#include "test_ck.h"
#include "test_ck_dlg.h"

START_TEST(help_fits_a_teletype_and_says_to_write_in)
{
    char *out = tck_run("asr33", 1, "\r\rHELP\r?\r");
    ck_assert_ptr_nonnull(strstr(out, "COMMANDS (THE FIRST LETTERS WILL DO):"));
    ck_assert_ptr_nonnull(strstr(out, "  SETUP   A NEW GAME FROM A POSITION"));
    ck_assert_ptr_nonnull(strstr(out, "FOR EVEN HIGHER LEVELS OF PLAY, WRITE IN "
                                      "FOR INFORMATION:\r\nSEE TTYARCADE-CHECKERS(6)"));
    /* ? is HELP too */
    ck_assert_int_eq(tu_count(out, "WRITE IN FOR INFORMATION"), 2);
    /* the expert level is not listed */
    ck_assert_ptr_null(strstr(out, "  EXPERT "));
    ck_assert(tck_fits(out, 72));
    free(out);
}
END_TEST

START_TEST(moves_and_hints)
{
    char *out = tck_run("glass", 1, "\r\rMOVES\rHINT\r");
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? MOVES\r\nYOUR MOVES: 9-13 "
                                      "9-14 10-14 10-15 11-15 11-16 12-16\r\n"));
    /* Tom's hint is a legal move */
    char hint[32];
    tck_first_word(out, "YOUR MOVE? HINT\r\nTRY ", hint, sizeof hint);
    ck_pos p;
    ck_pos_start(&p);
    ck_move m;
    for (char *c = hint; *c; c++)
        if (*c == 'X')
            *c = 'x';
    ck_assert_int_eq(ck_move_parse(&p, hint, &m), CK_PARSE_OK);
    free(out);
    /* the other robots give none */
    static const struct { const char *keys, *no; } others[] = {
        { "D\rHINT\r", "SILENT ROBOT DICK SAYS NOTHING." },
        { "H\rHINT\r", "MIGHTY ROBOT HARRY GIVES NO HINTS." },
        { "\r\rEXPERT\rHINT\r", "NO HINTS AT THE EXPERT LEVEL." },
    };
    for (size_t i = 0; i < 3; i++) {
        out = tck_run("glass", 1, others[i].keys);
        ck_assert_msg(strstr(out, others[i].no), "%s", others[i].keys);
        free(out);
    }
}
END_TEST

START_TEST(first_letters_will_do)
{
    char *out = tck_run("glass", 1, "\r\rMO\rH\rS\rFOO\rEXP\r");
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? MO\r\nYOUR MOVES: 9-13"));
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? H\r\nWHICH: HINT OR HELP?"));
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? S\r\nWHICH: SETUP OR SAVE?"));
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? FOO\r\nTYPE A MOVE SUCH AS "
                                      "11-15, OR A COMMAND (HELP LISTS THEM)."));
    /* EXPERT must be typed whole */
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? EXP\r\nTYPE A MOVE SUCH AS"));
    free(out);
}
END_TEST

START_TEST(fen_goes_round_through_setup)
{
    /* a position after two moves each */
    char *a = tck_run("glass", 4, "\r\r11-15\r9-13\rFEN\r");
    const char *fen = tck_last(a, "THE POSITION IN PDN FEN (W IS RED):\r\n");
    ck_assert_int_eq(fen[0], 'B');
    char copy[256], keys[512];
    ck_assert_uint_lt(strlen(fen), sizeof copy);
    memcpy(copy, fen, strlen(fen) + 1);
    snprintf(keys, sizeof keys, "\r\rSETUP\r%s\r\rFEN\r", copy);
    char *b = tck_run("glass", 1, keys);
    ck_assert_ptr_nonnull(strstr(b, "BLACK IS TO MOVE.  DO YOU PLAY BLACK? "));
    ck_assert_ptr_nonnull(strstr(b, "A NEW GAME FROM THAT POSITION."));
    /* the same FEN, the same board */
    ck_assert_str_eq(tck_last(b, "THE POSITION IN PDN FEN (W IS RED):\r\n"),
                     copy);
    char board[1024];
    snprintf(board, sizeof board, "%s", tck_last_board(a));
    ck_assert_str_eq(tck_last_board(b), board);
    /* SETUP FEN in one line does the same */
    snprintf(keys, sizeof keys, "\r\rSETUP %s\r\rFEN\r", copy);
    free(b);
    b = tck_run("glass", 1, keys);
    ck_assert_str_eq(tck_last(b, "THE POSITION IN PDN FEN (W IS RED):\r\n"),
                     copy);
    free(a);
    free(b);
}
END_TEST

START_TEST(a_long_fen_is_broken_after_commas_and_typed_back)
{
    /* 40 columns: the opening's FEN takes two lines, the first ending
     * with a comma */
    memline_opts o = { .game = "checkers", .profile = "glass", .seed = 1,
                       .width = 40 };
    char *out = tck_run_opts(&o, "\r\rFEN\r");
    ck_assert_ptr_nonnull(strstr(out, "(W IS RED):\r\nB:W21,22,23,24,25,26,27,"
                                      "28,29,30,31,\r\n32:B1,2,3,4,5,6,7,8,9,"
                                      "10,11,12\r\n"));
    free(out);
    /* a line that ends with a comma asks for more */
    out = tck_run_opts(&o, "\r\rSETUP\rW:W21,22,23,\r24,K25:B1,2\r\rFEN\r");
    ck_assert_ptr_nonnull(strstr(out, "MORE? 24,K25:B1,2\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "(W IS RED):\r\nW:W21,22,23,24,K25:B1,2"
                                      "\r\n"));
    free(out);
}
END_TEST

START_TEST(setup_from_square_lists)
{
    /* black men, black kings, red men, red kings, then who moves */
    char *out = tck_run("glass", 1, "\r\rSETUP\rL\r9,10\r\r22-23\r\r\r\rFEN\r");
    ck_assert_ptr_nonnull(strstr(out, "SQUARE LISTS (RETURN: NO CHANGE)? L\r\n"
                                      "BLACK MEN? 9,10\r\nBLACK KINGS? \r\n"
                                      "RED MEN? 22-23\r\nRED KINGS? \r\n"
                                      "WHO MOVES? TYPE R FOR RED (ANY OTHER "
                                      "KEY: BLACK): \r\n"));
    ck_assert_ptr_nonnull(strstr(out, "(W IS RED):\r\nB:W22,23:B9,10\r\n"));
    free(out);
    /* red to move, and the player takes black: the machine moves */
    out = tck_run("glass", 1, "\r\rSETUP\rL\r9\r\r\r30\rRN");
    ck_assert_ptr_nonnull(strstr(out, "RED IS TO MOVE.  DO YOU PLAY RED? TYPE "
                                      "N FOR NO (ANY OTHER KEY: YES): N\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "I MOVE 30-"));
    free(out);
}
END_TEST

START_TEST(setup_refuses_what_is_not_a_position)
{
    static const struct { const char *keys, *why; } cases[] = {
        { "SETUP\rNONSENSE\r", "THAT IS NOT A POSITION I CAN READ." },
        { "SETUP\rB:W1:B9\r", "THAT IS NOT A POSITION I CAN READ." },
        { "SETUP\rL\r9\r\r9\r\r\r", "THOSE LISTS DO NOT MAKE A POSITION" },
        { "SETUP\rL\r99\r", "TYPE SQUARES 1 TO 32, SUCH AS 1,2,3 OR 1-12" },
        { "SETUP\rW:W:B9\r", "THE SIDE TO MOVE HAS NO MOVE THERE" },
        { "SETUP\r\r", "NO CHANGE." },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char keys[128];
        snprintf(keys, sizeof keys, "\r\r%s", cases[i].keys);
        char *out = tck_run("glass", 1, keys);
        ck_assert_msg(strstr(out, cases[i].why), "%s", cases[i].keys);
        ck_assert_ptr_null(strstr(out, "A NEW GAME FROM THAT POSITION"));
        free(out);
    }
}
END_TEST

START_TEST(pdn_records_the_game_so_far)
{
    char *out = tck_run("glass", 4, "\r\r11-15\rPDN\r");
    char reply[32];
    tck_first_word(out, "I MOVE ", reply, sizeof reply);
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? PDN\r\n[Event \"ttyarcade "
                                      "checkers\"]\r\n[Site \"ttyarcade\"]\r\n"
                                      "[Date \"????.??.??\"]\r\n[Round \"-\"]"
                                      "\r\n[White \"Helpful Robot Tom\"]\r\n"
                                      "[Black \"GUEST\"]\r\n[Result \"*\"]\r\n"
                                      "[GameType \"21\"]\r\n\r\n"));
    char want[64];
    snprintf(want, sizeof want, "\r\n1. 11-15 %s *\r\n", reply);
    ck_assert_ptr_nonnull(strstr(out, want));
    free(out);
    /* a set-up game records its position */
    out = tck_run("glass", 1, "\r\rSETUP\rB:W22,23:B9,10\r\rPDN\r");
    ck_assert_ptr_nonnull(strstr(out, "[SetUp \"1\"]\r\n[FEN \"B:W22,23:B9,10"
                                      "\"]\r\n"));
    free(out);
}
END_TEST

START_TEST(draw_by_agreement)
{
    /* black, the player, has five men against one: Tom accepts */
    char *out = tck_run("glass", 1, "\r\rSETUP\rB:W30:B1,2,3,5,6\r\rDRAW\rN");
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? DRAW\r\nI ACCEPT YOUR OFFER "
                                      "OF A DRAW.\r\nTHE GAME IS A DRAW.\r\n"
                                      "THE GAME IN PDN:\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "[Result \"1/2-1/2\"]"));
    ck_assert_ptr_nonnull(strstr(out, "ANOTHER GAME? TYPE N FOR NO (ANY OTHER "
                                      "KEY: YES): N\r\n"));
    free(out);
    /* the other way round each robot declines in its way, and play goes
     * on */
    static const struct { const char *level, *no; } robots[] = {
        { "\r", "NO, THANK YOU: I LIKE MY GAME.  PLAY ON.\r\nYOUR MOVE? " },
        { "D", "YOUR MOVE? DRAW\r\nNO.\r\nYOUR MOVE? " },
    };
    for (size_t i = 0; i < 2; i++) {
        char keys[128];
        snprintf(keys, sizeof keys, "%s\rSETUP\rB:W21,22,23,24,25:B1\r\rDRAW\r",
                 robots[i].level);
        out = tck_run("glass", 1, keys);
        ck_assert_msg(strstr(out, robots[i].no), "%s", robots[i].level);
        ck_assert_ptr_null(strstr(out, "THE GAME IS A DRAW."));
        free(out);
    }
}
END_TEST

START_TEST(resign_asks_first)
{
    char *out = tck_run("glass", 1, "\r\rRESIGN\r\rRESIGN\rYN");
    ck_assert_ptr_nonnull(strstr(out, "DO YOU RESIGN? TYPE Y FOR YES (ANY OTHER "
                                      "KEY: NO): \r\nTHEN PLAY ON.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "(ANY OTHER KEY: NO): Y\r\nYOU RESIGN."
                                      "\r\nI WIN.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "[Result \"1-0\"]"));
    free(out);
}
END_TEST

START_TEST(expert_raises_the_level)
{
    char *out = tck_run("glass", 1, "\r\rEXPERT\rEXPERT\r");
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? EXPERT\r\nTHE EXPERT LEVEL: "
                                      "I NOW THINK UP TO 5 SECONDS A MOVE"));
    ck_assert_ptr_nonnull(strstr(out, "YOU ARE PLAYING THE EXPERT LEVEL "
                                      "ALREADY."));
    free(out);
    /* the record names the level */
    out = tck_run("glass", 1, "\r\rEXPERT\rPDN\r");
    ck_assert_ptr_nonnull(strstr(out, "[White \"Expert\"]"));
    free(out);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        help_fits_a_teletype_and_says_to_write_in,
        moves_and_hints,
        first_letters_will_do,
        fen_goes_round_through_setup,
        a_long_fen_is_broken_after_commas_and_typed_back,
        setup_from_square_lists,
        setup_refuses_what_is_not_a_position,
        pdn_records_the_game_so_far,
        draw_by_agreement,
        resign_asks_first,
        expert_raises_the_level,
    };
    return test_ck_run("checkers commands", tests,
                       sizeof tests / sizeof tests[0]);
}
