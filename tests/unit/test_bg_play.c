/*
 * test_bg_play.c - Backgammon played through the in-memory line: the
 * questions and their defaults, whole games against the computer under a
 * seed with the winner's three measures, the hall of fame, the demo, and
 * two people in the hot seat.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "test_bg_play.h"

/* The answers to the questions for one player against ATARI, level 1,
 * ATARI rules: all on Return. */
#define TBP_ONE "1\r\r\r\r\r"

START_TEST(questions_and_defaults)
{
    memline_opts o = { .game = "backgammon", .seed = 3, .name = "ANN" };
    char *out = tu_run(&o, "9\rI\r1\rABCDEFGHIJ\r\r\r7\r\rX\rS\r26\r\r");
    ck_assert_ptr_nonnull(strstr(out, "A 1 OR 2 PLAYER VERSION OF THE "
                                      "FAMOUS BOARD GAME"));
    ck_assert_ptr_nonnull(strstr(out, "PLAYERS (RETURN: 1)? 9\r\n"
                                      "TYPE A NUMBER FROM 1 TO 4, I OR Q."));
    ck_assert_ptr_nonnull(strstr(out, "PLAYERS (RETURN: 1)? I\r\n\r\n"
                                      "THE OBJECTIVE IS TO REMOVE ALL YOUR "
                                      "TILES"));
    ck_assert_ptr_nonnull(strstr(out, "BLUE PLAYER'S NAME (RETURN: ANN)? "
                                      "ABCDEFGHIJ\r\nUP TO NINE LETTERS, "
                                      "PLEASE.\r\n"
                                      "BLUE PLAYER'S NAME (RETURN: ANN)? \r\n"
                                      "GREEN PLAYER'S NAME (RETURN: ATARI)? "
                                      "\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "ATARI'S LEVEL (RETURN: 1)? 7\r\n"
                                      "A LEVEL FROM 1 TO 3, PLEASE.\r\n"
                                      "ATARI'S LEVEL (RETURN: 1)? \r\n"));
    ck_assert_ptr_nonnull(strstr(out, "RULES (RETURN: ATARI)? X\r\n"
                                      "ATARI OR STANDARD, PLEASE.\r\n"
                                      "RULES (RETURN: ATARI)? S\r\n"));
    /* under the standard rules, a match (5 points on Return) */
    ck_assert_ptr_nonnull(strstr(out, "MATCH TO HOW MANY POINTS, 1 TO 25, OR "
                                      "0 FOR MONEY (RETURN: 5)? 26\r\n"
                                      "A NUMBER FROM 0 TO 25, PLEASE.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "BLUE: ANN.  GREEN: ATARI, LEVEL 1.  "
                                      "STANDARD RULES, MATCH TO 5."));
    ck_assert_ptr_nonnull(strstr(out, "THE COMPUTER THROWS A DIE FOR EACH "
                                      "SIDE: BLUE "));
    ck_assert_ptr_nonnull(strstr(out, "(ANN) TO MOVE, DICE "));
    free(out);

    /* ATARI for blue: the person plays green, and sees the board from
     * green's side (its home, pegs 1 to 6, at the bottom right). */
    out = tu_run(&o, "1\rATARI\rBOB\r3\rA\r");
    ck_assert_ptr_nonnull(strstr(out, "BLUE: ATARI, LEVEL 3.  GREEN: BOB.  "
                                      "ATARI RULES."));
    ck_assert_ptr_nonnull(strstr(out, "   12 11 10  9  8  7       6  5  4  "
                                      "3  2  1     GREEN BOB"));
    ck_assert_ptr_nonnull(strstr(out, "GREEN (BOB) TO MOVE, DICE "));
    free(out);

    /* Two players who name ATARI twice get the demonstration; a key
     * during its pause stops it. */
    o.eager = 1;
    out = tu_run(&o, "2\rATARI\rATARI\r\r\r1\rQ");
    o.eager = 0;
    ck_assert_ptr_nonnull(strstr(out, "TENTHS OF A SECOND BETWEEN TURNS "
                                      "(RETURN: 10)? "));
    ck_assert_ptr_nonnull(strstr(out, "BLUE: ATARI, LEVEL 1.  GREEN: ATARI, "
                                      "LEVEL 1."));
    ck_assert_ptr_nonnull(strstr(out, "THE DEMO STOPS HERE."));
    free(out);

    /* Two players' defaults: the session's name and GREEN; no level. */
    out = tu_run(&o, "2\r\r\r\r");
    ck_assert_ptr_nonnull(strstr(out, "GREEN PLAYER'S NAME (RETURN: GREEN)"));
    ck_assert_ptr_null(strstr(out, "ATARI'S LEVEL"));
    ck_assert_ptr_nonnull(strstr(out, "BLUE: ANN.  GREEN: GREEN.  ATARI "
                                      "RULES."));
    free(out);

    /* Q goes back to the menu. */
    out = tu_run(&o, "Q\r");
    ck_assert_ptr_null(strstr(out, "NAME"));
    free(out);
}
END_TEST

/* Check the winner's three measures against the last board printed and
 * the turns the transcript shows. */
static void check_measures(const char *out)
{
    const char *end = strstr(out, " WINS.\r\n");
    ck_assert_ptr_nonnull(end);
    const char *line = end;
    while (line > out && line[-1] != '\n')
        line--;
    int winner = !strncmp(line, "BLUE", 4) ? BG_BLUE : BG_GREEN;
    char who[32];
    snprintf(who, sizeof who, "%.*s", (int)(end - line), line);
    int adv, moves, score;
    ck_assert_int_eq(sscanf(end, " WINS.\r\nTHE WINNER'S PERFORMANCE:\r\n"
                            "  TILE ADVANTAGE %d", &adv), 1);
    const char *m = strstr(end, "  TOTAL MOVES ");
    const char *s = strstr(end, "  SCORE ");
    ck_assert(m && s);
    ck_assert_int_eq(sscanf(m, "  TOTAL MOVES %d", &moves), 1);
    ck_assert_int_eq(sscanf(s, "  SCORE %d", &score), 1);
    /* the last board is the end position */
    int tiles[2][26];
    ck_assert_int_eq(tbp_board(out, NULL, tiles), 0);
    int on = 0, mine = 0;
    uint8_t loser[25] = { 0 };
    for (int p = 1; p <= 25; p++) {
        on += tiles[!winner][p];
        mine += tiles[winner][p];
        loser[p - 1] = (uint8_t)tiles[!winner][p];
    }
    ck_assert_int_eq(mine, 0);
    ck_assert_int_eq(adv, on);
    ck_assert_int_eq(score, bg_score_tiles(loser));
    ck_assert_int_ge(score, adv);
    /* the winner's turns: a person's plays, the computer's throws played,
     * and the throws that could not be */
    char plays[48];
    snprintf(plays, sizeof plays, "\n%s PLAYS ", who);
    int n = tu_count(out, plays);
    snprintf(plays, sizeof plays, "\n%s THROWS ", who);
    for (const char *p = out; (p = strstr(p, plays)); p++) {
        size_t len = strcspn(p + 1, "\n");
        if (memmem(p, len, "NO POSSIBLE MOVES", 17) ||
            memmem(p, len, " AND PLAYS ", 11))
            n++;
    }
    ck_assert_int_eq(moves, n);
}

START_TEST(versus_computer_to_the_end)
{
    /* The first legal move every time, against ATARI at its level 1. */
    memline_opts o = { .game = "backgammon", .seed = 11, .name = "ANN" };
    char *out = tbp_play(&o, TBP_ONE, BG_RULES_ATARI, TBP_FIRST, 120, NULL);
    ck_assert_msg(strstr(out, " WINS.\r\n"), "no end:\n%s",
                  out + strlen(out) - 400);
    ck_assert_ptr_nonnull(strstr(out, "GREEN (ATARI) THROWS "));
    ck_assert_ptr_nonnull(strstr(out, " AND PLAYS "));
    ck_assert_ptr_nonnull(strstr(out, "BLUE (ANN) PLAYS "));
    check_measures(out);
    free(out);
}
END_TEST

START_TEST(hall_of_fame_keeps_the_measures)
{
    /* A player who chooses with the engine's net beats ATARI at level 1
     * in most games: play seeds until one is won. */
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    char *won = NULL;
    for (uint64_t seed = 1; seed <= 12 && !won; seed++) {
        memline_opts o = { .game = "backgammon", .seed = seed,
                           .name = "ANN", .data = dir };
        char *out = tbp_play(&o, TBP_ONE, BG_RULES_ATARI, TBP_NET, 120,
                             NULL);
        ck_assert_ptr_nonnull(strstr(out, " WINS.\r\n"));
        check_measures(out);
        if (strstr(out, "BLUE (ANN) WINS."))
            won = out;
        else
            free(out);
    }
    ck_assert_ptr_nonnull(won);
    ck_assert_ptr_nonnull(strstr(won, "YOUR THREE MEASURES ARE IN THE HALL "
                                      "OF FAME."));
    int adv, moves, score;
    sscanf(strstr(won, "  TILE ADVANTAGE "), "  TILE ADVANTAGE %d", &adv);
    sscanf(strstr(won, "  TOTAL MOVES "), "  TOTAL MOVES %d", &moves);
    sscanf(strstr(won, "  SCORE "), "  SCORE %d", &score);
    free(won);
    char *hof = tu_hof(dir, "backgammon");
    char want[96];
    ck_assert_ptr_nonnull(strstr(hof, "HALL OF FAME: BACKGAMMON"));
    snprintf(want, sizeof want, "  TILE ADVANTAGE\r\n    1. ANN %18d  "
             "VS ATARI (1), ATARI RULES", adv);
    ck_assert_msg(strstr(hof, want), "%s\nnot in\n%s", want, hof);
    snprintf(want, sizeof want, "  TOTAL MOVES\r\n    1. ANN %18d  ", moves);
    ck_assert_msg(strstr(hof, want), "%s\nnot in\n%s", want, hof);
    snprintf(want, sizeof want, "  SCORE\r\n    1. ANN %18d  ", score);
    ck_assert_msg(strstr(hof, want), "%s\nnot in\n%s", want, hof);
    /* a finished game is forgotten */
    free(hof);
    tu_rmdir(dir);
}
END_TEST

START_TEST(demo_plays_to_the_end)
{
    memline_opts o = { .game = "backgammon", .seed = 5 };
    char *out = tu_run(&o, "4\r\r\r0\r");
    ck_assert_ptr_nonnull(strstr(out, "BLUE: ATARI, LEVEL 1.  GREEN: ATARI, "
                                      "LEVEL 1.  ATARI RULES."));
    ck_assert_ptr_nonnull(strstr(out, "BLUE (ATARI) THROWS "));
    ck_assert_ptr_nonnull(strstr(out, "GREEN (ATARI) THROWS "));
    ck_assert_ptr_null(strstr(out, "RESUME CODE"));
    ck_assert_ptr_null(strstr(out, "HALL OF FAME"));
    check_measures(out);
    /* on glass the spectator sees the board every turn */
    ck_assert_int_ge(tu_count(out, "|BAR|"),
                     tu_count(out, " AND PLAYS ") + 1);
    /* the same seed plays the same game */
    char *again = tu_run(&o, "4\r\r\r0\r");
    ck_assert_str_eq(out, again);
    free(again);
    free(out);
    /* level 3 against itself, standard rules; a level out of range is
       refused and asked again */
    out = tu_run(&o, "4\r4\r3\rSTANDARD\r1\r0\r");
    ck_assert_ptr_nonnull(strstr(out, "A LEVEL FROM 1 TO 3, PLEASE."));
    ck_assert(tu_says(out, "LEVEL 3. STANDARD RULES, MATCH TO 1."));
    /* a match: points and the score, not the article's measures */
    ck_assert_ptr_nonnull(strstr(out, "THE SCORE IN THE 1-POINT MATCH: "));
    ck_assert_ptr_nonnull(strstr(out, "(ATARI) WINS THE MATCH, "));
    ck_assert_ptr_null(strstr(out, "THE WINNER'S PERFORMANCE:"));
    free(out);
}
END_TEST

START_TEST(hot_seat)
{
    /* Two people on one terminal, each of their turns played by the
     * scripted player; the board turns to the side on roll. */
    memline_opts o = { .game = "backgammon", .seed = 4, .name = "ANN" };
    char *out = tbp_play(&o, "2\r\rBOB\r\r", BG_RULES_ATARI, TBP_FIRST, 8,
                         NULL);
    ck_assert_ptr_nonnull(strstr(out, "BLUE: ANN.  GREEN: BOB.  ATARI "
                                      "RULES."));
    ck_assert_ptr_nonnull(strstr(out, "BLUE (ANN) PLAYS "));
    ck_assert_ptr_nonnull(strstr(out, "GREEN (BOB) PLAYS "));
    ck_assert_ptr_null(strstr(out, "ATARI) "));
    ck_assert_ptr_nonnull(strstr(out, "GREEN (BOB) TO MOVE, DICE "));
    ck_assert_ptr_nonnull(strstr(out, "     BLUE  ANN\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "     GREEN BOB\r\n"));
    free(out);
    /* and to the end: no hall of fame for one terminal's two players */
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    o.data = dir;
    out = tbp_play(&o, "2\r\rBOB\r\r", BG_RULES_ATARI, TBP_FIRST, 250,
                   NULL);
    ck_assert_ptr_nonnull(strstr(out, " WINS.\r\n"));
    check_measures(out);
    ck_assert_ptr_null(strstr(out, "HALL OF FAME"));
    free(out);
    char *hof = tu_hof(dir, "backgammon");
    ck_assert_ptr_null(strstr(hof, "ANN"));
    free(hof);
    tu_rmdir(dir);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("bg_play");
    TCase *tc = tcase_create("play");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, questions_and_defaults);
    tcase_add_test(tc, versus_computer_to_the_end);
    tcase_add_test(tc, hall_of_fame_keeps_the_measures);
    tcase_add_test(tc, demo_plays_to_the_end);
    tcase_add_test(tc, hot_seat);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run_suite(suite());
}
