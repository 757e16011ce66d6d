/*
 * test_ck_dialog.c - the checkers dialogue through the in-memory line, on
 * paper and glass: the questions of the S0 notes and their defaults, the
 * board with the player's pieces at the bottom, the book openings, move
 * verification (a piece that cannot move is refused at once, then the
 * destination), multiple jumps, crowning, and whole games against Helpful
 * Robot Tom to their end.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_ck.h"
#include "test_ck_dlg.h"

/* The bottom line of the board with black at the bottom, and with red. */
static const char ck_black_bottom[] =
    "   4 B         3 B         2 B         1 B\r\n";
static const char ck_red_bottom[] =
    "  29 R        30 R        31 R        32 R\r\n";

/* ---- The questions -------------------------------------------------- */

START_TEST(return_and_space_answer_every_question)
{
    /* "any other character (including the space bar) being taken as
     * indicating Tom"; any key but the specified one: the player first */
    static const char *const scripts[] = { "\r\r", "  ", " \r", "QX" };
    for (size_t i = 0; i < 4; i++) {
        char *out = tck_run("glass", 1, scripts[i]);
        ck_assert_ptr_nonnull(strstr(out, "WHICH ROBOT SHALL I BE?\r\n"
                                          "  T  HELPFUL ROBOT TOM\r\n"));
        ck_assert_ptr_nonnull(strstr(out, "TYPE T, D OR H (ANY OTHER KEY: "
                                          "TOM): "));
        ck_assert_ptr_nonnull(strstr(out, "HELPFUL ROBOT TOM HERE."));
        ck_assert_ptr_nonnull(strstr(out, "DO YOU WANT TO MOVE FIRST? TYPE N "
                                          "FOR NO (ANY OTHER KEY: YES): "));
        ck_assert_ptr_nonnull(strstr(out, "YOU PLAY BLACK (B) AND MOVE "
                                          "FIRST."));
        /* the board appears, the player's black men at the bottom, and
         * the player is asked for a move */
        char want[128];
        snprintf(want, sizeof want, "%sYOUR MOVE? ", ck_black_bottom);
        ck_assert_ptr_nonnull(strstr(out, want));
        ck_assert_ptr_null(strstr(out, "I MOVE"));
        free(out);
    }
    /* an answer is echoed; the Return and space defaults are not */
    char *out = tck_run("glass", 1, "QX");
    ck_assert_ptr_nonnull(strstr(out, "(ANY OTHER KEY: TOM): Q\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "(ANY OTHER KEY: YES): X\r\n"));
    free(out);
    out = tck_run("glass", 1, "\r\r");
    ck_assert_ptr_nonnull(strstr(out, "(ANY OTHER KEY: TOM): \r\n"));
    free(out);
}
END_TEST

START_TEST(a_client_that_echoes_itself_is_not_echoed_again)
{
    /* A line-mode telnet shows what its player types, Return and erase
     * included: the game adds nothing of its own. */
    memline_opts o = { .game = "checkers", .profile = "glass", .seed = 1,
                       .remote_echo = 1 };
    char *out = tck_run_opts(&o, "\r\r11-15\rXYZ\b\r");
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? I MOVE "));
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? TYPE A MOVE SUCH AS "
                                      "11-15, OR A COMMAND"));
    ck_assert_ptr_null(strstr(out, "11-15\r\n"));
    ck_assert_ptr_null(strstr(out, "\b \b"));
    free(out);
}
END_TEST

START_TEST(letters_choose_the_robot)
{
    static const struct { const char *keys, *hello; } cases[] = {
        { "T\r", "HELPFUL ROBOT TOM HERE." },
        { "t\r", "HELPFUL ROBOT TOM HERE." },
        { "D\r", "SILENT ROBOT DICK.\r\n" },
        { "d\r", "SILENT ROBOT DICK.\r\n" },
        { "H\r", "MIGHTY ROBOT HARRY.  I PLAY MY BEST.\r\n" },
        { "h\r", "MIGHTY ROBOT HARRY.  I PLAY MY BEST.\r\n" },
        { "X\r", "HELPFUL ROBOT TOM HERE." },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *out = tck_run("glass", 1, cases[i].keys);
        ck_assert_msg(strstr(out, cases[i].hello), "%s", cases[i].keys);
        free(out);
    }
}
END_TEST

START_TEST(n_lets_the_machine_open_and_red_is_at_the_bottom)
{
    static const char *const scripts[] = { "\rN", " n" };
    for (size_t i = 0; i < 2; i++) {
        char *out = tck_run("glass", 1, scripts[i]);
        ck_assert_ptr_nonnull(strstr(out, "I PLAY BLACK (B) AND MOVE FIRST.  "
                                          "YOU PLAY RED (R).\r\n"
                                          "YOUR PIECES ARE AT THE BOTTOM."));
        /* the machine's first move comes before the board */
        const char *mv = strstr(out, "I MOVE ");
        ck_assert_ptr_nonnull(mv);
        char want[128];
        snprintf(want, sizeof want, "%sYOUR MOVE? ", ck_red_bottom);
        const char *board = strstr(out, want);
        ck_assert_ptr_nonnull(board);
        ck_assert(mv < board);
        /* the standard diagram: square 1 at the top */
        ck_assert_ptr_nonnull(strstr(out, "\r\n         1 B         2 B"));
        free(out);
    }
}
END_TEST

/* ---- The book ------------------------------------------------------- */

/* The machine's move in out, and its place in a list of n (-1: none). */
static int ck_machine_move_in(const char *out, const char *const *list,
                              int n)
{
    char move[32];
    tck_first_word(out, "I MOVE ", move, sizeof move);
    for (int i = 0; i < n; i++)
        if (strcmp(move, list[i]) == 0)
            return i;
    ck_abort_msg("the machine played %s", move);
    return -1;
}

START_TEST(the_machine_opens_with_a_random_first_move)
{
    /* "7 possible first moves will be available in condensed form and a
     * random choice is made" */
    static const char *const firsts[7] = {
        "9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"
    };
    int seen[7] = { 0 };
    for (unsigned seed = 1; seed <= 60; seed++) {
        char *out = tck_run("glass", seed, "\rN");
        seen[ck_machine_move_in(out, firsts, 7)]++;
        /* Tom names the opening */
        ck_assert_ptr_nonnull(strstr(out, "(FROM MY BOOK: THE "));
        free(out);
    }
    for (int i = 0; i < 7; i++)
        ck_assert_msg(seen[i] > 0, "never opened %s", firsts[i]);
    /* and the same seed, the same game */
    char *a = tck_run("glass", 9, "\rN"), *b = tck_run("glass", 9, "\rN");
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
}
END_TEST

START_TEST(the_machine_replies_from_its_book)
{
    /* "a random choice for its first reply to a player's move from 4
     * stored book replies" */
    static const char *const replies[4] = { "23-19", "22-18", "22-17",
                                            "23-18" };
    int seen[4] = { 0 }, kinds = 0;
    for (unsigned seed = 1; seed <= 40; seed++) {
        char *out = tck_run("glass", seed, "\r\r11-15\r");
        kinds += seen[ck_machine_move_in(out, replies, 4)]++ == 0;
        ck_assert_ptr_nonnull(strstr(out, "(A REPLY FROM MY BOOK.)"));
        free(out);
    }
    ck_assert_int_eq(kinds, 4);
}
END_TEST

/* ---- Verification --------------------------------------------------- */

/* A session from a set-up position, the player to move. */
static char *ck_setup_run(const char *level, const char *fen,
                          const char *keys)
{
    char script[1024];
    snprintf(script, sizeof script, "%s\rSETUP\r%s\r\r%s", level, fen, keys);
    return tck_run("glass", 1, script);
}

START_TEST(a_piece_that_cannot_move_is_refused_at_once)
{
    /* the separator after the piece's number is enough: the destination
     * is never typed */
    static const struct { const char *keys, *why; } cases[] = {
        { "1-", "YOUR MOVE? 1-\a\r\nTHAT PIECE IS BLOCKED.\r\n" },
        { "21-", "YOUR MOVE? 21-\a\r\nTHAT IS NOT YOUR PIECE.\r\n" },
        { "16 ", "YOUR MOVE? 16 \a\r\nTHERE IS NO PIECE ON THAT SQUARE.\r\n" },
        { "33-", "YOUR MOVE? 33-\a\r\nSQUARES ARE NUMBERED 1 TO 32.\r\n" },
        { "1\r", "YOUR MOVE? 1\a\r\nTHAT PIECE IS BLOCKED.\r\n" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char keys[64];
        snprintf(keys, sizeof keys, "\r\r%s", cases[i].keys);
        char *out = tck_run("glass", 1, keys);
        ck_assert_msg(strstr(out, cases[i].why), "%s", cases[i].keys);
        /* Tom lists what could be played, and asks again */
        ck_assert_ptr_nonnull(strstr(out, "YOU CAN PLAY: 9-13 9-14 10-14 "
                                          "10-15 11-15 11-16 12-16\r\n"
                                          "YOUR MOVE? "));
        free(out);
    }
    /* another piece must jump (B:W14:B1,9,10: 9 or 10 takes 14) */
    char *out = ck_setup_run("\r", "B:W14:B1,9,10", "1-");
    ck_assert_ptr_nonnull(strstr(out, "YOU MUST JUMP.\r\nYOUR MOVE? 1-\a\r\n"
                                      "ANOTHER PIECE MUST JUMP.\r\n"
                                      "YOU CAN PLAY: 9X18 10X17\r\n"));
    free(out);
}
END_TEST

START_TEST(a_wrong_destination_is_refused_and_the_piece_stays)
{
    static const struct { const char *fen, *keys, *why; } cases[] = {
        { "B:W21-32:B1-12", "11-19\r", "PIECES MOVE ONLY ALONG THE "
                                       "DIAGONALS." },
        { "B:W21-32:B1-12", "11-7\r", "THAT SQUARE IS OCCUPIED." },
        { "B:W21-32:B1-12", "11-18\r", "THERE IS NO PIECE THERE TO JUMP." },
        { "B:W21-32:B1-12", "11-11\r", "THE PIECE IS ALREADY ON THAT "
                                       "SQUARE." },
        { "B:W30:B14", "14-9\r", "MEN CANNOT MOVE BACKWARDS." },
        { "B:W30:B11", "11-22\r", "A PIECE MOVES ONE SQUARE, OR JUMPS "
                                  "OVER ONE." },
        { "B:W14:B9,10", "9-13\r", "YOU MUST JUMP." },
        { "B:W30:B9,14", "9-18\r", "YOU CANNOT JUMP YOUR OWN PIECE." },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *out = ck_setup_run("\r", cases[i].fen, cases[i].keys);
        char want[160];
        snprintf(want, sizeof want, "\a\r\n%s\r\nTHAT PIECE CAN PLAY: ",
                 cases[i].why);
        ck_assert_msg(strstr(out, want), "%s %s", cases[i].fen,
                      cases[i].keys);
        /* the piece stays picked: the line keeps its number */
        char piece[8];
        snprintf(piece, sizeof piece, "%.*s", (int)strcspn(cases[i].keys,
                 "-"), cases[i].keys);
        snprintf(want, sizeof want, "\r\nYOUR MOVE? %s%c", piece,
                 strstr(cases[i].fen, "W14") ? 'X' : '-');
        ck_assert_msg(strstr(out, want), "%s kept", cases[i].keys);
        free(out);
    }
    /* Silent Robot Dick says why, and no more */
    char *out = ck_setup_run("D", "B:W30:B14", "14-9\r");
    ck_assert_ptr_nonnull(strstr(out, "\a\r\nMEN CANNOT MOVE BACKWARDS.\r\n"
                                      "YOUR MOVE? 14-"));
    ck_assert_ptr_null(strstr(out, "CAN PLAY"));
    free(out);
}
END_TEST

START_TEST(the_piece_alone_then_its_square)
{
    /* 11 and Return: the line waits on for the square */
    char *out = tck_run("glass", 1, "\r\r11\r15\r");
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? 11-15\r\nI MOVE "));
    free(out);
    /* backspace takes a character back */
    out = tck_run("glass", 1, "\r\r12\b1-15\r");
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? 12\b \b1-15\r\nI MOVE "));
    free(out);
    /* and on paper it says what it took back */
    out = tck_run("asr33", 1, "\r\r12\b1-15\r");
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? 12\\21-15\r\nI MOVE "));
    free(out);
    /* a line of nonsense is refused on Return */
    out = tck_run("glass", 1, "\r\r11/15\r");
    ck_assert_ptr_nonnull(strstr(out, "11/15\a\r\nTYPE A MOVE SUCH AS 11-15, "
                                      "OR HELP.\r\n"));
    free(out);
}
END_TEST

START_TEST(multiple_jumps_are_typed_whole_in_short_or_with_blanks)
{
    /* B:W14,22,30:B10,K1: 10 must take 14 and 22 */
    static const char *const ways[] = { "10x17x26\r", "10X26\r",
                                        "10 17 26\r", "10:17:26\r" };
    for (size_t i = 0; i < 4; i++) {
        char *out = ck_setup_run("\r", "B:W14,22,30:B10,K1", ways[i]);
        ck_assert_msg(strstr(out, "\r\nI JUMP 30X23.\r\n"), "%s", ways[i]);
        /* red takes back on 26 */
        ck_assert_ptr_nonnull(strstr(out, "I JUMP 30X23.\r\n        32 .  "
                                          "      31 .        30 .        29 "
                                          ".\r\n  28 .        27 .        26 "
                                          ".        25 .\r\n        24 .    "
                                          "    23 R"));
        free(out);
    }
    /* stopping short is refused, and the squares are kept to go on */
    char *out = ck_setup_run("\r", "B:W14,22,30:B10,K1", "10x17\r26\r");
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? 10x17\a\r\nTHE JUMP MUST GO "
                                      "ON.\r\nTHAT PIECE CAN PLAY: 10X17X26\r\n"
                                      "YOUR MOVE? 10X17X26\r\nI JUMP 30X23."));
    free(out);
    /* after a refusal the whole move may be typed anew */
    out = ck_setup_run("\r", "B:W14,22,30:B10,K1", "10-15\r10x17x26\r");
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? 10X10x17x26\r\nI JUMP"));
    free(out);
    /* two jumps end on 18: the squares between are asked for */
    out = ck_setup_run("\r", "B:W6,7,14,15:B2", "2x18\r9x18\r");
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? 2x18\a\r\nMORE THAN ONE JUMP "
                                      "ENDS THERE: NAME THE SQUARES BETWEEN."
                                      "\r\nTHAT PIECE CAN PLAY: 2X9X18 2X11X18"
                                      "\r\nYOUR MOVE? 2X9x18\r\n"));
    free(out);
    /* a king's circuit named by its ends */
    out = ck_setup_run("\r", "B:W14,15,22,23:BK10", "10x10\r");
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? 10x10\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "YOU WIN IN 1 MOVE.\r\n"));
    free(out);
}
END_TEST

START_TEST(crowning)
{
    /* the player's man reaches the far row */
    char *out = ck_setup_run("\r", "B:WK1:B25", "25-29\r");
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? 25-29\r\nYOUR MAN IS "
                                      "CROWNED: NOW IT IS A KING.\r\nI MOVE"));
    ck_assert_ptr_nonnull(strstr(out, "  29 BK"));
    free(out);
    /* the machine's: red's man on 5 has one move, to 1 */
    out = tck_run("glass", 1, "\r\rSETUP\rW:W5:B12\rN");
    ck_assert_ptr_nonnull(strstr(out, "RED IS TO MOVE.  DO YOU PLAY RED? "));
    ck_assert_ptr_nonnull(strstr(out, "I MOVE 5-1.  MY MAN IS CROWNED.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "   4 .         3 .         2 .         "
                                      "1 RK\r\n"));
    free(out);
}
END_TEST

/* ---- Whole games ---------------------------------------------------- */

START_TEST(a_whole_game_against_tom)
{
    /* the player always plays the first of its legal moves; a glass
     * screen of 72 columns shows whether every line fits a teletype */
    memline_opts o = { .game = "checkers", .profile = "glass", .seed = 7,
                       .width = 72 };
    char keys[8192];
    char *out = tck_play(&o, "\r\r", "MOVES", keys, sizeof keys);
    ck_assert_ptr_nonnull(strstr(out, "THE GAME IN PDN:\r\n[Event "
                                      "\"ttyarcade checkers\"]"));
    ck_assert_ptr_nonnull(strstr(out, "[Black \"GUEST\"]\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "[White \"Helpful Robot Tom\"]\r\n"));
    /* someone won or it was drawn, and the record says the same */
    const char *result = tck_last(out, "[Result \"");
    if (strstr(out, "I WIN IN "))
        ck_assert_str_eq(result, "1-0\"]");
    else if (strstr(out, "YOU WIN IN "))
        ck_assert_str_eq(result, "0-1\"]");
    else
        ck_assert_str_eq(result, "1/2-1/2\"]");
    /* every move the player typed is in the record, in order */
    const char *rec = strstr(out, "THE GAME IN PDN:");
    for (char *mv = strtok(keys + 2, "\r"); mv; mv = strtok(NULL, "\r")) {
        if (strcmp(mv, "N") == 0)
            break;
        for (char *c = mv; *c; c++)
            if (*c == 'X')
                *c = 'x';
        size_t n = strlen(mv);
        const char *at = rec;
        while ((at = strstr(at + 1, mv)) &&
               !((at[-1] == ' ' || at[-1] == '\n') &&
                 (at[n] == ' ' || at[n] == '\r')))
            ;
        ck_assert_msg(at, "%s not in the record", mv);
        rec = at;
    }
    ck_assert_ptr_nonnull(strstr(out, "ANOTHER GAME? TYPE N FOR NO (ANY OTHER "
                                      "KEY: YES): N\r\n"));
    ck_assert(tck_fits(out, 72));
    free(out);
}
END_TEST

START_TEST(tom_s_hints_win_a_game_for_the_hall_of_fame)
{
    /* found without storage, then played once where it is kept (each
     * replay to the end would count) */
    memline_opts o = { .game = "checkers", .profile = "glass", .seed = 3 };
    char keys[8192];
    free(tck_play(&o, "\r\r", "HINT", keys, sizeof keys));
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    o.data = dir;
    o.name = "ADA";
    char *out = tck_run_opts(&o, keys);
    ck_assert_ptr_nonnull(strstr(out, "I HAVE NO MOVE LEFT.\r\nYOU WIN IN "));
    ck_assert_ptr_nonnull(strstr(out, "WELL PLAYED!  NOW TRY SILENT ROBOT "
                                      "DICK.\r\n"));
    free(out);
    char *hof = tu_hof(dir, "checkers");
    ck_assert_msg(strstr(hof, "WINS AGAINST HELPFUL ROBOT TOM\r\n"
                              "    1. ADA                  1   (GUEST)\r\n"),
                  "%s", hof);
    ck_assert_ptr_nonnull(strstr(hof, "WINS AGAINST MIGHTY ROBOT HARRY\r\n"
                                      "    (NOBODY YET)"));
    free(hof);
    tu_rmdir(dir);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        return_and_space_answer_every_question,
        a_client_that_echoes_itself_is_not_echoed_again,
        letters_choose_the_robot,
        n_lets_the_machine_open_and_red_is_at_the_bottom,
        the_machine_opens_with_a_random_first_move,
        the_machine_replies_from_its_book,
        a_piece_that_cannot_move_is_refused_at_once,
        a_wrong_destination_is_refused_and_the_piece_stays,
        the_piece_alone_then_its_square,
        multiple_jumps_are_typed_whole_in_short_or_with_blanks,
        crowning,
        a_whole_game_against_tom,
        tom_s_hints_win_a_game_for_the_hall_of_fame,
    };
    return test_ck_run("checkers dialogue", tests,
                       sizeof tests / sizeof tests[0]);
}
