/*
 * test_ef_play_paper.c - what a player reads, on paper and in the glass
 * view of a narrow window: why the score stands still (the armies' part
 * floored at 0, CITIES ONLY, when it is reckoned), REPORT again, MAP's
 * printing time told first at the line's own speed, an empty LIST in one
 * line, VIEW, AUTO's reasons, and the dialect within a 33-column window.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "efront_text/ef_play.h"
#include "test_ef_play.h"
#include "vt.h"
#include "testutil.h"

#define TTY "asr33"

/* The text between after and the next prompt (malloc'd). */
static char *efr_until_prompt(const char *after)
{
    const char *end = strstr(after, "COMMAND? ");
    ck_assert_ptr_nonnull(end);
    return strndup(after, (size_t)(end - after));
}

/* ---- The score -------------------------------------------------------- */

/* A campaign whose Russians outweigh its one corps, with Leningrad
 * held: the score is Leningrad's 10 points alone. */
static void efr_outweighed(efp_pos *m)
{
    ef_new(&m->g, 5, 0, NULL);
    ef_clear_board(&m->g);
    ck_assert_int_eq(ef_put_unit(&m->g, 1, 40, 20, 200, 200), 0);
    ck_assert_int_eq(ef_put_unit(&m->g, 88, 44, 22, 200, 200), 0);
    ck_assert_int_eq(ef_put_unit(&m->g, 89, 43, 22, 200, 200), 0);
    m->g.city_german[ef_city_find("LENINGRAD")] = 1;
    m->g.score = (int16_t)ef_score(&m->g);
}

START_TEST(a_score_of_the_cities_alone_says_so_and_why)
{
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    static efp_pos m;
    efr_outweighed(&m);
    long armies;
    int cities;
    ef_score_parts(&m.g, &armies, &cities);
    /* 8 x 100 for the corps, less 44 x 25 and 43 x 25: -1375 / 256 */
    ck_assert_int_eq(armies, -5);
    ck_assert_int_eq(cities, 10);
    ck_assert_int_eq(m.g.score, 10);
    ck_assert(ef_cities_only(&m.g));
    efp_store(&m, dir);

    /* the status line marks it; SCORE gives both parts and the reason */
    char *out = efp_resume(TTY, 1, dir, m.code, "SCORE\r");
    ck_assert_ptr_nonnull(strstr(out, "JUNE 22, 1941  DRY  SCORE 10 (CITIES "
                                      "ONLY)\r\n"));
    const char *said = efp_after(out, "COMMAND? SCORE\r\n");
    ck_assert_int_eq(strncmp(said, "SCORE 10\r\nARMIES 0 + CITIES 10, "
                                   "RECKONED AS THIS WEEK BEGAN.\r\nYOUR "
                                   "ARMIES COUNT 0, NOT -5: THE RUSSIANS "
                                   "OUTWEIGH THEM, AND THEY NEVER COUNT", 129),
                     0);
    ck_assert_ptr_nonnull(strstr(said, "LENINGRAD (10) GERMAN"));
    free(out);
    efp_fits_a_teletype(5, NULL, "\rSCORE\r");

    /* the ANSI date window too */
    memline_opts o = { .resume = m.code, .profile = "ansi", .seed = 1,
                       .data = dir, .width = 80, .height = 24 };
    out = tu_run(&o, "");
    static vt t;
    vt_init(&t, 80, 24);
    vt_upto_last(&t, out, TEF_LEAVE);
    free(out);
    ck_assert_int_eq(strncmp(vt_row(&t, 0), " JUNE 22, 1941  DRY  SCORE 10 "
                             "(CITIES ONLY)", 43), 0);
    ck_assert_ptr_nonnull(strstr(vt_row(&t, 0), "WEEK 1 OF 45"));
    tu_rmdir(dir);
}
END_TEST

START_TEST(the_briefing_says_when_the_score_is_reckoned_and_its_floor)
{
    char *out = efp_run_glass72(5, NULL, "\rBRIEFING\r");
    /* the sentences as one line of words */
    char *flat = calloc(1, strlen(out) + 1);
    size_t k = 0;
    for (const char *p = out; *p; p++) {
        if (*p == '\r')
            continue;
        if (*p == '\n') {
            while (p[1] == ' ')
                p++;
            flat[k++] = ' ';
            continue;
        }
        flat[k++] = *p;
    }
    ck_assert_ptr_nonnull(strstr(flat, "THE SCORE IS RECKONED ONCE A WEEK, "
                                       "AS THE NEW WEEK BEGINS."));
    ck_assert_ptr_nonnull(strstr(flat, "THE ARMIES' PART NEVER COUNTS BELOW "
                                       "0"));
    ck_assert_ptr_nonnull(strstr(flat, "MARKED (CITIES ONLY)"));
    free(flat);
    free(out);
}
END_TEST

/* ---- REPORT ------------------------------------------------------------ */

START_TEST(report_prints_the_last_report_again)
{
    char *out = efp_run(TTY, 5, NULL, "\rREPORT\rAUTO\rGO\rR\r");
    ck_assert_ptr_nonnull(strstr(out, "COMMAND? REPORT\r\nNO WEEK HAS BEEN "
                                      "PLAYED YET.\r\n"));
    char *first = efr_until_prompt(efp_after(out, "COMMAND? GO\r\nFIGURING "
                                                  "MOVE; NO ORDERS ALLOWED"
                                                  "\r\n"));
    char *again = efr_until_prompt(efp_after(out, "COMMAND? R\r\n"));
    ck_assert_int_eq(strncmp(first, "THE WEEK OF JUNE 22, 1941:\r\n", 28), 0);
    ck_assert_str_eq(again, first);
    free(first);
    free(again);
    free(out);

    /* a resumed campaign has no report yet, and says why */
    char dir[256], code[TTY_CODE_SIZE];
    tu_tempdir(dir, sizeof dir);
    out = efp_run(TTY, 5, dir, "\rGO\rQUIT\r");
    efp_code(out, code, 0);
    free(out);
    out = efp_resume(TTY, 5, dir, code, "REPORT\r");
    ck_assert_ptr_nonnull(strstr(out, "COMMAND? REPORT\r\nNO REPORT YET: A "
                                      "RESUMED CAMPAIGN REPORTS FROM ITS NEXT "
                                      "WEEK ON.\r\n"));
    free(out);
    /* the same on the ANSI screen's R, in words that fit 40 columns */
    memline_opts o = { .resume = code, .profile = "ansi", .seed = 5,
                       .data = dir, .width = 40, .height = 24 };
    out = tu_run(&o, "r");
    static vt t;
    vt_init(&t, 40, 24);
    vt_upto_last(&t, out, TEF_LEAVE);
    free(out);
    ck_assert_str_eq(vt_row(&t, 1), " NO REPORT YET: A RESUMED CAMPAIGN");
    ck_assert_str_eq(vt_row(&t, 2), "  REPORTS FROM ITS NEXT WEEK ON.");
    tu_rmdir(dir);
}
END_TEST

/* ---- What a view costs, and views with nothing in them ----------------- */

START_TEST(map_tells_its_printing_time_first)
{
    /* unpaced, at a Model 33's 110 baud, ten characters a second (a paced
     * line's own speed: efront_teletype.exp, at 1200 baud) */
    char *out = efp_run(TTY, 5, NULL, "\rMAP MOSCOW\r");
    const char *map = efp_after(out, "COMMAND? MAP MOSCOW\r\n");
    ck_assert_int_eq(strncmp(map, "THE MAP AROUND MOSCOW: 15 LINES, ABOUT 48 "
                                  "SECONDS AT 110 BAUD.\r\n   333222", 72), 0);
    /* 15 lines, 48 seconds: what follows is what was counted */
    char *rest = efr_until_prompt(efp_after(map, "BAUD.\r\n"));
    ck_assert_int_eq(tu_count(rest, "\r\n"), 15);
    ck_assert_int_eq(((long)strlen(rest) + 9) / 10, 48);
    free(rest);
    free(out);
}
END_TEST

START_TEST(an_empty_list_says_so_in_one_line)
{
    char *out = efp_run(TTY, 5, NULL, "\rLIST ORDERS\rLIST UNSUPPLIED\r");
    ck_assert_ptr_nonnull(strstr(out, "COMMAND? LIST ORDERS\r\nNO CORPS HAS "
                                      "ORDERS LEFT.\r\nCOMMAND? "));
    ck_assert_ptr_nonnull(strstr(out, "COMMAND? LIST UNSUPPLIED\r\nEVERY CORPS "
                                      "IS IN SUPPLY.\r\nCOMMAND? "));
    free(out);
}
END_TEST

START_TEST(view_on_paper_says_what_the_map_needs)
{
    char *out = efp_run(TTY, 5, NULL, "\rVIEW\r");
    ck_assert_ptr_nonnull(strstr(out, "COMMAND? VIEW\r\nTHE SCROLLING MAP NEEDS "
                                      "A SCREEN WITH CURSOR CONTROL (ANSI);"));
    ck_assert_ptr_nonnull(strstr(out, "TERMINAL IS ASR33.\r\nCOMMAND? "));
    free(out);
}
END_TEST

/* ---- AUTO's reasons ----------------------------------------------------- */

START_TEST(auto_says_why_the_rest_have_no_orders)
{
    static ef_state g;
    char buf[160];
    ef_new(&g, 5, 0, NULL);
    ef_clear_board(&g);
    /* one with orders, one worn (combat below 55% of muster), one with
     * none and no reason to be worn: no way on */
    ck_assert_int_eq(ef_put_unit(&g, 1, 40, 20, 200, 200), 0);
    ck_assert_int_eq(ef_put_unit(&g, 3, 40, 18, 200, 100), 0);
    ck_assert_int_eq(ef_put_unit(&g, 4, 40, 16, 200, 200), 0);
    ck_assert_int_eq(ef_order_give(&g, 1, EF_EAST), EF_OK);
    ck_assert_str_eq(ef_auto_said(&g, 0, buf, sizeof buf),
                     "THE COMPUTER HAS GIVEN ORDERS TO 1 CORPS; 1 WORN BELOW "
                     "55% OF MUSTER REST; 1 HAVE NO ROAD FORWARD NOR A FAIR "
                     "FIGHT");
    /* the ANSI line: no BLOCKED, which read like an order refused */
    ck_assert_str_eq(ef_auto_said(&g, 1, buf, sizeof buf),
                     "THE COMPUTER HAS GIVEN ORDERS TO 1 CORPS; 1 STAND (NO "
                     "WAY ON); 1 REST (WORN)");
    ck_assert_str_eq(ef_auto_said(&g, 2, buf, sizeof buf),
                     "1 CORPS ORDERED; 1 NO WAY ON; 1 WORN");
}
END_TEST

/* ---- The glass view of a narrow window ---------------------------------- */

START_TEST(the_glass_view_of_a_33_column_window_prints_within_it)
{
    memline_opts o = { .game = "efront_text", .profile = "ansi", .seed = 5,
                       .width = 33, .height = 20 };
    const char *keys = "\r\rHELP\rMAP\rMAP MOSCOW\rLIST\rSCORE WEEKS\r"
                       "BRIEFING\rAUTO\rGO\rREPORT\rSCORE\rUNIT #1\rVIEW\r";
    char *out = tu_run(&o, keys);
    /* from the opening to the end, escape sequences aside */
    ck_assert_int_le(efp_widest(out), 32);
    const char *glass = efp_after(out, "THIS ONE IS 33 BY");
    glass = efp_after(glass, "COMMAND? HELP");
    /* the whole map in strips, each with its numbers on both sides */
    const char *map = efp_after(glass, "COMMAND? MAP\r\nTHE WHOLE MAP: ");
    ck_assert_ptr_nonnull(strstr(map, "\r\n38 "));
    ck_assert_int_ge(tu_count(map, "\r\n38 "), 2);
    /* LIST's narrow form, going on at a word where it must */
    ck_assert_ptr_nonnull(strstr(glass, "NO, UNIT, SQUARE, M MUSTER, C"));
    ck_assert_ptr_nonnull(strstr(glass, "\r\n#1 24 PANZER CORPS 40,20 M203"
                                        "\r\n C203\r\n"));
    ck_assert_ptr_nonnull(strstr(glass, "COMMAND? VIEW\r\nTHE SCROLLING MAP "
                                        "NEEDS A WINDOW"));
    ck_assert_ptr_nonnull(strstr(glass, " IS 33 BY 20.\r\nCOMMAND? "));
    free(out);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ef_play_paper");
    TCase *tc = tcase_create("paper");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, a_score_of_the_cities_alone_says_so_and_why);
    tcase_add_test(tc, the_briefing_says_when_the_score_is_reckoned_and_its_floor);
    tcase_add_test(tc, report_prints_the_last_report_again);
    tcase_add_test(tc, map_tells_its_printing_time_first);
    tcase_add_test(tc, an_empty_list_says_so_in_one_line);
    tcase_add_test(tc, view_on_paper_says_what_the_map_needs);
    tcase_add_test(tc, auto_says_why_the_rest_have_no_orders);
    tcase_add_test(tc, the_glass_view_of_a_33_column_window_prints_within_it);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
