/*
 * test_ef_play.c - Eastern Front on a teletype: the command dialect
 * through the in-memory line - the start and its handicap question, each
 * command and what it prints, the original's errors, GO and the week's
 * report, and a whole campaign to GAME OVER and the hall of fame.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "test_ef_play.h"
#include "testutil.h"

#define TTY "asr33"

START_TEST(the_start_asks_the_handicap_with_a_default)
{
    char *out = efp_run(TTY, 5, NULL, "\r");
    ck_assert_ptr_nonnull(strstr(out, "EASTERN FRONT (1941)\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "HANDICAP (THE SCORE IS HALVED)? Y OR "
                                      "N (RETURN: N) \r\n"));
    ck_assert_ptr_nonnull(strstr(out, "JUNE 22, 1941  DRY  SCORE "));
    ck_assert_ptr_null(strstr(out, "HANDICAP\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "ENTER YOUR ORDERS. TYPE HELP FOR THE "
                                      "COMMANDS, BRIEFING FOR THE RULES.\r\n"
                                      "COMMAND? "));
    /* without a data directory there is nowhere to save: it says so */
    ck_assert_ptr_nonnull(strstr(out, "(NO SAVES HERE: THIS CAMPAIGN CANNOT "
                                      "BE RESUMED.)"));
    free(out);
}

START_TEST(the_handicap_halves_the_score)
{
    char *plain = efp_run(TTY, 5, NULL, "\r");
    char *half = efp_run(TTY, 5, NULL, "Y\r");
    int a = atoi(efp_after(plain, "1941  DRY  SCORE "));
    int b = atoi(efp_after(half, "1941  DRY  SCORE "));
    ck_assert_int_gt(a, 0);
    ck_assert_int_eq(b, a / 2);
    ck_assert_ptr_nonnull(strstr(half, "  HANDICAP\r\n"));
    free(plain);
    free(half);
}

START_TEST(blanks_around_the_answer_do_not_matter)
{
    char *plain = efp_run(TTY, 5, NULL, "\r");
    char *half = efp_run(TTY, 5, NULL, " Y\r");
    char *glass = efp_run("glass", 5, NULL, " y \r");
    int a = atoi(efp_after(plain, "1941  DRY  SCORE "));
    ck_assert_int_eq(tu_count(half, "HANDICAP (THE SCORE"), 1);
    ck_assert_ptr_nonnull(strstr(half, "  HANDICAP\r\n"));
    ck_assert_int_eq(atoi(efp_after(half, "1941  DRY  SCORE ")), a / 2);
    ck_assert_int_eq(tu_count(glass, "HANDICAP (THE SCORE"), 1);
    ck_assert_ptr_nonnull(strstr(glass, "  HANDICAP\r\n"));
    free(plain);
    free(half);
    free(glass);
}

START_TEST(a_wrong_answer_asks_again)
{
    char *out = efp_run(TTY, 5, NULL, "MAYBE\rN\r");
    ck_assert_int_eq(tu_count(out, "HANDICAP (THE SCORE"), 2);
    ck_assert_ptr_nonnull(strstr(out, "COMMAND? "));
    free(out);
}

START_TEST(help_lists_every_command_within_72_columns)
{
    char *out = efp_run(TTY, 5, NULL, "\rHELP\r");
    const char *help = efp_after(out, "COMMAND? HELP\r\n");
    static const char *const cmds[] = {"\nMAP ", "\nMAP PLACE", "\nUNIT U",
                                       "\nORDER U DIRS", "\nCLEAR U",
                                       "\nLIST ", "\nGO ", "\nSCORE ",
                                       "\nSAVE ", "\nAUTO ", "\nQUIT "};
    for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++)
        ck_assert_msg(strstr(help, cmds[i]), "HELP lacks %s", cmds[i] + 1);
    free(out);
    efp_fits_a_teletype(5, NULL, "\rHELP\r");
}

START_TEST(unit_prints_the_card)
{
    char *out = efp_run(TTY, 5, NULL, "\rUNIT #1\rUNIT 40,18\rU 85\r");
    ck_assert_ptr_nonnull(strstr(out, "COMMAND? UNIT #1\r\n"
                                      "#1 24 PANZER CORPS AT 40,20, CLEAR\r\n"
                                      "MUSTER 203  COMBAT 203\r\n"
                                      "#1 24 PANZER CORPS: NO ORDERS.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "#3 46 PANZER CORPS AT 40,18"));
    /* a Russian's card, without orders: the Russians keep their plans */
    ck_assert_ptr_nonnull(strstr(out, "#85 11 INFANTRY ARMY (RUSSIAN) AT "
                                      "40,23"));
    /* (in supply on turn 0: the Russian's muster is 2 up already) */
    ck_assert_ptr_nonnull(strstr(out, "MUSTER 139  COMBAT 137\r\nCOMMAND? "));
    free(out);
}

START_TEST(unit_says_what_is_wrong)
{
    char *out = efp_run(TTY, 5, NULL,
                        "\rUNIT\rUNIT #2\rUNIT 0,0\rUNIT BOB\rUNIT 99,1\r");
    ck_assert_ptr_nonnull(strstr(out, "WHICH UNIT? UNIT #1 OR UNIT 40,20."));
    ck_assert_ptr_nonnull(strstr(out, "#2 IS NOT ON THE MAP."));
    ck_assert_ptr_nonnull(strstr(out, "NO UNIT THERE AT 0,0."));
    ck_assert_ptr_nonnull(strstr(out, "WHICH UNIT? A NUMBER (#1) OR A SQUARE "
                                      "(40,20), NOT BOB."));
    ck_assert_ptr_nonnull(strstr(out, "NOT 99,1."));
    free(out);
}

START_TEST(orders_add_up_and_show_where_they_lead)
{
    char *out = efp_run(TTY, 5, NULL,
                        "\rORDER #1 EEEN\rORDER 40,20 WEST\rO 1 s\rLIST\r");
    ck_assert_ptr_nonnull(strstr(out, "#1 24 PANZER CORPS: E E E N TO "
                                      "37,21.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "#1 24 PANZER CORPS: E E E N W TO "
                                      "38,21.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "#1 24 PANZER CORPS: E E E N W S TO "
                                      "38,20.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "  1 24 PANZER CORPS     40,20    203"
                                      "    203 E E E N W S\r\n"));
    free(out);
}

START_TEST(the_originals_errors_where_they_apply)
{
    char *out = efp_run(TTY, 5, NULL,
                        "\rORDER #1 EEEEEEEEE\rORDER #85 E\rORDER #3 NE\r"
                        "ORDER #3 NORTHWEST\rORDER #85 NE\rORDER #3 EQ\r"
                        "ORDER #3\r");
    /* the ninth order is refused; the eight before it stand */
    ck_assert_ptr_nonnull(strstr(out, "ONLY 8 ORDERS ARE ALLOWED!\r\n"
                                      "#1 24 PANZER CORPS: E E E E E E E E "
                                      "TO "));
    ck_assert_ptr_nonnull(strstr(out, "ORDER #85 E\r\nTHAT IS A RUSSIAN "
                                      "UNIT!\r\nCOMMAND? "));
    /* one grammar: every letter is an order, so NE is north then east;
     * the diagonal words get the original's error and the grammar */
    ck_assert_ptr_nonnull(strstr(out, "ORDER #3 NE\r\n#3 46 PANZER CORPS: "
                                      "N E TO "));
    ck_assert_ptr_nonnull(strstr(out, "ORDER #3 NORTHWEST\r\nNO DIAGONAL "
                                      "MOVES ALLOWED!\r\nORDERS ARE LETTERS N E "
                                      "S W, ONE A STEP: NE IS NORTH, THEN "
                                      "EAST.\r\n"));
    /* the original looked at the unit before the joystick */
    ck_assert_ptr_nonnull(strstr(out, "ORDER #85 NE\r\nTHAT IS A RUSSIAN "
                                      "UNIT!\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "ORDER #3 EQ\r\nORDERS ARE LETTERS N E "
                                      "S W, ONE A STEP: ORDER #1 EEN.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "ORDER #3\r\nWHICH WAY? N, E, S OR W, "
                                      "UP TO 8: ORDER #1 EEN.\r\n"));
    free(out);
}

START_TEST(clear_forgets_orders)
{
    char *out = efp_run(TTY, 5, NULL,
                        "\rORDER #1 EE\rORDER #3 E\rCLEAR #1\rCLEAR ALL\r"
                        "CLEAR #85\r");
    ck_assert_ptr_nonnull(strstr(out, "CLEAR #1\r\n#1 24 PANZER CORPS: NO "
                                      "ORDERS.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "ORDERS FORGOTTEN: 1 CORPS.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "CLEAR #85\r\nTHAT IS A RUSSIAN "
                                      "UNIT!\r\n"));
    free(out);
}

START_TEST(list_shows_every_corps_on_the_map)
{
    char *out = efp_run(TTY, 5, NULL, "\rLIST\r");
    const char *list = efp_after(out, "COMMAND? LIST\r\n");
    ck_assert_ptr_nonnull(strstr(list, " NO UNIT               SQUARE "
                                       "MUSTER COMBAT ORDERS\r\n"));
    ck_assert_ptr_nonnull(strstr(list, " 43 4 FINN INF CORPS    36,37    104"));
    ck_assert_ptr_nonnull(strstr(list, "32 CORPS.\r\n"));
    /* its printing time is told before it prints */
    ck_assert_ptr_eq(strstr(out, "COMMAND? LIST\r\nYOUR CORPS: 34 LINES, "
                                 "ABOUT 3 MINUTES AT 110 BAUD.\r\n"), list - 15);
    free(out);
}

START_TEST(map_prints_a_window_around_a_place)
{
    static const char keys[] = "\rMAP MOSCOW\rM 40,20\rMAP #1\r"
                               "MAP ATLANTIS\r";
    char *out = efp_run(TTY, 5, NULL, keys);
    const char *map = efp_after(out, "COMMAND? MAP MOSCOW\r\n");
    /* the lon numbers over the columns, falling to the east */
    ck_assert_ptr_nonnull(strstr(map, "   3332222222222111111111100\r\n"
                                      "   2109876543210987654321098\r\n"
                                      "33 "));
    ck_assert_ptr_nonnull(strstr(map, "\r\n28 F.FFFFFF*FFT*FFFFFFFFFFFF\r\n"));
    ck_assert_ptr_nonnull(strstr(map, "CITIES: MOSCOW 20,28 (R), GORKY "));
    /* near the west edge the window slides onto the map */
    const char *west = efp_after(out, "COMMAND? M 40,20\r\n");
    ck_assert_ptr_nonnull(strstr(west, "   4444443333333333222222222\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "NO CITY, SQUARE OR UNIT CALLED "
                                      "ATLANTIS."));
    free(out);
    efp_fits_a_teletype(5, NULL, keys);
}

START_TEST(the_whole_map_prints_in_upper_case_within_72_columns)
{
    char *out = efp_run(TTY, 5, NULL, "\rMAP\r");
    const char *map = efp_after(out, "COMMAND? MAP\r\n");
    /* its printing time first: 2300 characters, ten a second */
    ck_assert_int_eq(strncmp(map, "THE WHOLE MAP: 44 LINES, ABOUT 4 MINUTES "
                                  "AT 110 BAUD.\r\n", 55), 0);
    map = efp_after(map, "BAUD.\r\n");
    ck_assert_ptr_nonnull(strstr(map, "38 "));
    ck_assert_ptr_nonnull(strstr(map, " 0 F..F"));
    ck_assert_ptr_nonnull(strstr(map, "G CORPS  P PANZER  R RUSSIAN ARMY  "
                                      "T TANK ARMY"));
    /* 2 lines of numbers, 39 rows, 3 of legend */
    ck_assert_int_eq(tu_count(map, "\r\n"), 2 + EF_H + 3 + 0);
    free(out);
    efp_fits_a_teletype(5, NULL, "\rMAP\r");
}

START_TEST(go_plays_the_week_and_reports_it)
{
    char *out = efp_run(TTY, 5, NULL, "\rAUTO\rGO\rSCORE\r");
    ck_assert_ptr_nonnull(strstr(out, "THE COMPUTER HAS GIVEN ORDERS TO "));
    const char *rep = efp_after(out, "COMMAND? GO\r\n"
                                     "FIGURING MOVE; NO ORDERS ALLOWED\r\n");
    ck_assert_ptr_nonnull(strstr(rep, "ATTACKS: "));
    ck_assert_ptr_nonnull(strstr(rep, "HITS: "));
    ck_assert_ptr_nonnull(strstr(rep, "ARRIVED: "));
    ck_assert_ptr_nonnull(strstr(rep, "JUNE 29, 1941  DRY  SCORE "));
    /* short enough for a Model 33: under a minute at ten a second */
    const char *end = strstr(rep, "COMMAND? ");
    ck_assert_ptr_nonnull(end);
    ck_assert_int_lt((int)(end - rep), 600);
    ck_assert_ptr_nonnull(strstr(out, "COMMAND? SCORE\r\nSCORE "));
    ck_assert_ptr_nonnull(strstr(out, "MOSCOW (20) RUSSIAN, LENINGRAD (10) "
                                      "RUSSIAN, STALINGRAD (10) RUSSIAN."));
    free(out);
    efp_fits_a_teletype(5, NULL, "\rAUTO\rGO\rSCORE\r");
}

START_TEST(orders_are_carried_out)
{
    /* 38 INFANTRY CORPS goes west into the forest; 41 PANZER CORPS
     * finds its own 28 INFANTRY CORPS in the way and is still under way */
    char *out = efp_run(TTY, 5, NULL, "\rORDER #25 W\rORDER #18 W\rGO\r"
                                      "UNIT #25\rUNIT #18\r");
    const char *after = efp_after(out, "FIGURING MOVE");
    ck_assert_ptr_nonnull(strstr(after, "STILL UNDER WAY: #18.\r\n"));
    ck_assert_ptr_nonnull(strstr(after, "#25 38 INFANTRY CORPS AT 43,24, "
                                        "FOREST"));
    ck_assert_ptr_nonnull(strstr(after, "#25 38 INFANTRY CORPS: NO ORDERS."));
    ck_assert_ptr_nonnull(strstr(after, "#18 41 PANZER CORPS AT 41,23"));
    ck_assert_ptr_nonnull(strstr(after, "#18 41 PANZER CORPS: W TO 42,23."));
    free(out);
}

START_TEST(commands_may_be_cut_short_but_not_ambiguously)
{
    char *out = efp_run(TTY, 5, NULL, "\rS\rSC\rXYZZY\r\r");
    ck_assert_ptr_nonnull(strstr(out, "COMMAND? S\r\nS IS SHORT FOR MORE "
                                      "THAN ONE COMMAND.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "COMMAND? SC\r\nSCORE "));
    ck_assert_ptr_nonnull(strstr(out, "WHAT? TYPE HELP FOR THE COMMANDS."));
    /* Return alone asks again */
    ck_assert_ptr_nonnull(strstr(out, "COMMAND? \r\nCOMMAND? "));
    free(out);
}

START_TEST(glass_terminals_get_the_dialect_and_lower_case_is_read)
{
    char *out = efp_run("glass", 5, NULL, "\runit #1\rorder #1 ee\r");
    ck_assert_ptr_nonnull(strstr(out, "#1 24 PANZER CORPS AT 40,20, CLEAR"));
    ck_assert_ptr_nonnull(strstr(out, "#1 24 PANZER CORPS: E E TO 38,20."));
    free(out);
}

/* ---- A whole campaign -------------------------------------------------- */

START_TEST(a_campaign_ends_after_turn_44_with_its_score)
{
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    char keys[1024];
    size_t k = (size_t)snprintf(keys, sizeof keys, "\r");
    for (int i = 0; i <= EF_LAST_TURN; i++)
        k += (size_t)snprintf(keys + k, sizeof keys - k, "AUTO\rGO\r");
    char *out = efp_run(TTY, 11, dir, keys);
    char code[TTY_CODE_SIZE];
    efp_code(out, code, 0);
    ck_assert_int_eq(tu_count(out, "FIGURING MOVE; NO ORDERS ALLOWED"),
                     EF_LAST_TURN + 1);
    ck_assert_ptr_nonnull(strstr(out, "\r\nGAME OVER\r\nFINAL SCORE "));
    ck_assert_ptr_nonnull(strstr(out, "\r\nCITIES YOU HOLD:"));
    ck_assert_ptr_nonnull(strstr(out, "\r\nSTILL STANDING: "));
    /* turn 44 is April 26, 1942, and its report says it was the last,
     * as the man page does; the week after it is never named */
    ck_assert_ptr_nonnull(strstr(out, "\r\nAPRIL 26, 1942  "));
    ck_assert_ptr_nonnull(strstr(out, "\r\nTHE WEEK OF APRIL 26, 1942 (THE "
                                      "LAST):\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "\r\nWEEK OF APRIL 26, 1942 (THE LAST)"
                                      "  SCORE "));
    ck_assert_ptr_null(strstr(out, "MAY 3, 1942"));
    ck_assert_ptr_null(strstr(out, "MAY 10, 1942"));
    int score = atoi(efp_after(out, "FINAL SCORE "));
    free(out);

    /* the finished campaign is forgotten, and its score is famous */
    char *gone = efp_resume(TTY, 11, dir, code, "");
    ck_assert_ptr_nonnull(strstr(gone, "NO GAME IS SAVED UNDER"));
    free(gone);
    memline_opts o = { .profile = TTY, .seed = 11, .data = dir };
    char *menu = tu_run(&o, "\rH\refront_text\rQ\r");
    char row[64];
    snprintf(row, sizeof row, "GUEST           %6d", score);
    const char *hof = efp_after(menu, "HALL OF FAME: EASTERN FRONT (1941)");
    ck_assert_ptr_nonnull(strstr(hof, "BEST FINAL SCORE"));
    ck_assert_msg(strstr(hof, row), "no %s in %s", row, hof);
    free(menu);
    tu_rmdir(dir);

    /* the whole campaign, saves and all, fits a teletype by itself */
    tu_tempdir(dir, sizeof dir);
    efp_fits_a_teletype(11, dir, keys);
    tu_rmdir(dir);
}

static void efp_add(TCase *tc)
{
    tcase_add_test(tc, the_start_asks_the_handicap_with_a_default);
    tcase_add_test(tc, the_handicap_halves_the_score);
    tcase_add_test(tc, blanks_around_the_answer_do_not_matter);
    tcase_add_test(tc, a_wrong_answer_asks_again);
    tcase_add_test(tc, help_lists_every_command_within_72_columns);
    tcase_add_test(tc, unit_prints_the_card);
    tcase_add_test(tc, unit_says_what_is_wrong);
    tcase_add_test(tc, orders_add_up_and_show_where_they_lead);
    tcase_add_test(tc, the_originals_errors_where_they_apply);
    tcase_add_test(tc, clear_forgets_orders);
    tcase_add_test(tc, list_shows_every_corps_on_the_map);
    tcase_add_test(tc, map_prints_a_window_around_a_place);
    tcase_add_test(tc, the_whole_map_prints_in_upper_case_within_72_columns);
    tcase_add_test(tc, go_plays_the_week_and_reports_it);
    tcase_add_test(tc, orders_are_carried_out);
    tcase_add_test(tc, commands_may_be_cut_short_but_not_ambiguously);
    tcase_add_test(tc, glass_terminals_get_the_dialect_and_lower_case_is_read);
    tcase_add_test(tc, a_campaign_ends_after_turn_44_with_its_score);
}

int main(void)
{
    Suite *s = suite_create("ef_play");
    TCase *tc = tcase_create("teletype");
    tcase_set_timeout(tc, 120);
    efp_add(tc);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
