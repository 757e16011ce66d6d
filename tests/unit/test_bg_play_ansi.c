/*
 * test_bg_play_ansi.c - Backgammon on the screen: the ANSI pane (the
 * board, the dice with the used ones marked, the last move) redrawn in
 * place and only where it changed, at 80 and at 72 columns; the board in
 * lines when the window is too small or becomes so; and every line of
 * the teletype dialogue within 72 columns, in characters a Model 33 has.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "test_bg_play.h"
#include "vt.h"

#define TBP_ONE "1\r\r\r\r\r"

/* The screen as the game left it, before it gave the scroll region up
 * on its way back to the menu. */
static void screen(vt *t, const char *out, int rows, int cols)
{
    const char *end = tbp_last(out, "\033[0m\033[r");
    char *game = strndup(out, end ? (size_t)(end - out) : strlen(out));
    vt_init(t, cols, rows);
    vt_puts(t, game);
    free(game);
}

START_TEST(pane_shows_the_board_and_dice)
{
    memline_opts o = { .game = "backgammon", .seed = 3, .name = "ANN",
                       .profile = "ansi", .width = 80, .height = 24 };
    char *out = tu_run(&o, TBP_ONE "ID\r");
    char all[48], step[48], script[256];
    bg_movelist *ml = malloc(sizeof *ml);
    ck_assert_int_ge(tbp_choose(out, BG_RULES_ATARI, TBP_FIRST, ml, NULL,
                                all, sizeof all), 0);
    free(ml);
    free(out);
    snprintf(step, sizeof step, "%.*s", (int)strcspn(all, " "), all);
    int from, to;
    ck_assert_int_eq(sscanf(step, "%d/%d", &from, &to), 2);

    snprintf(script, sizeof script, TBP_ONE "%s\r", step);
    out = tu_run(&o, script);
    vt t;
    screen(&t, out, 24, 80);
    ck_assert_str_eq(vt_row(&t, 0), "  BACKGAMMON    ATARI RULES: AT MOST "
                                    "FIVE TILES ON A PEG");
    ck_assert_str_eq(vt_row(&t, 1), "   12 11 10  9  8  7       6  5  4  3  "
                                    "2  1     GREEN ATARI");
    ck_assert_str_eq(vt_row(&t, 2), "  +------------------+---+------------"
                                    "------+   OFF  0  PIPS 167");
    ck_assert_str_eq(vt_row(&t, 8), "  |                  |BAR|            "
                                    "      |");
    ck_assert_str_eq(vt_row(&t, 15), "   13 14 15 16 17 18      19 20 21 22 "
                                     "23 24     BLUE  ANN");
    /* blue's count is down by the move it made */
    char want[96];
    snprintf(want, sizeof want, "OFF  0  PIPS %3d", 167 - (to - from));
    ck_assert_ptr_nonnull(strstr(vt_row(&t, 14), want));
    /* the dice: the one used without its brackets */
    const char *dice = vt_row(&t, 16);
    ck_assert_ptr_nonnull(strstr(dice, "BLUE (ANN) TO PLAY"));
    if (to - from == 4)
        ck_assert_ptr_nonnull(strstr(dice, "DICE  4  [2]"));
    else
        ck_assert_ptr_nonnull(strstr(dice, "DICE [4]  2"));
    /* ... dimmed, the one to play bold, as the title */
    int d4 = (int)(strstr(dice, "DICE") - dice) + 6;
    ck_assert_int_eq(t.attr[16][d4], to - from == 4 ? VT_DIM : VT_BOLD);
    ck_assert_int_eq(t.attr[16][d4 + 4], to - from == 4 ? VT_BOLD : VT_DIM);
    ck_assert_int_eq(t.attr[0][2], VT_BOLD);
    ck_assert_int_eq(t.attr[0][16], 0);
    /* the dialogue below the pane, the prompt at its foot (the line
     * dropped after it) */
    ck_assert_int_eq(vt_find(&t, "BLUE (ANN) TO MOVE, DICE 4 2 ("), 22);
    ck_assert_int_lt(vt_find(&t, "THE COMPUTER THROWS A DIE"), 23);
    ck_assert_int_gt(vt_find(&t, "THE COMPUTER THROWS A DIE"), 17);
    /* the board is not printed in lines as well */
    ck_assert_int_eq(tu_count(out, "|BAR|"), 1);
    free(out);
}
END_TEST

START_TEST(only_what_changed_is_drawn)
{
    /* Several turns against ATARI: the rows that never change went down
     * the line once, the rest only when they changed. */
    memline_opts o = { .game = "backgammon", .seed = 3, .name = "ANN",
                       .profile = "ansi", .width = 80, .height = 24 };
    char *out = tbp_play(&o, TBP_ONE, BG_RULES_ATARI, TBP_FIRST, 6, NULL);
    ck_assert_int_eq(tu_count(out, "ATARI RULES: AT MOST FIVE TILES"), 1);
    ck_assert_int_eq(tu_count(out, "|BAR|"), 1);
    ck_assert_int_eq(tu_count(out, "12 11 10  9  8  7"), 1);
    ck_assert_int_ge(tu_count(out, " PLAYS "), 6);
    vt t;
    screen(&t, out, 24, 80);
    ck_assert_ptr_nonnull(strstr(vt_row(&t, 17), " PLAYS "));
    /* BOARD draws the whole pane again */
    free(out);
    out = tu_run(&o, TBP_ONE "BOARD\r");
    ck_assert_int_eq(tu_count(out, "ATARI RULES: AT MOST FIVE TILES"), 2);
    free(out);
}
END_TEST

START_TEST(pane_fits_72_columns)
{
    memline_opts o = { .game = "backgammon", .seed = 3, .name = "ANN",
                       .profile = "ansi", .width = 72, .height = 24 };
    char *out = tbp_play(&o, TBP_ONE, BG_RULES_ATARI, TBP_FIRST, 4, NULL);
    vt t;
    screen(&t, out, 24, 80);
    ck_assert_ptr_nonnull(strstr(vt_row(&t, 0), "BACKGAMMON"));
    for (int r = 0; r < 24; r++)
        ck_assert_msg(strlen(vt_row(&t, r)) <= 72, "row %d: %s", r,
                      vt_row(&t, r));
    free(out);
}
END_TEST

START_TEST(small_windows_get_lines)
{
    /* Too narrow for the pane: the board in lines, no scroll region. */
    memline_opts o = { .game = "backgammon", .seed = 3, .name = "ANN",
                       .profile = "ansi", .width = 60, .height = 24 };
    char *out = tu_run(&o, TBP_ONE "BOARD\r");
    ck_assert_ptr_null(strstr(out, "\033[19;24r"));
    ck_assert_int_eq(tu_count(out, "|BAR|"), 2);
    free(out);
    /* A window made too small during the game: lines from then on. */
    memline_opts r = { .game = "backgammon", .seed = 3, .name = "ANN",
                       .profile = "ansi", .width = 80, .height = 24,
                       .resize_after = 7, .resize_width = 80,
                       .resize_height = 20 };
    out = tu_run(&r, TBP_ONE "ID\rBOARD\r");
    ck_assert_ptr_nonnull(strstr(out, "\033[19;24r"));
    const char *after = strstr(out, "POSITION ID");
    ck_assert_ptr_nonnull(after);
    ck_assert_int_ge(tu_count(after, "|BAR|"), 1);
    ck_assert_ptr_nonnull(strstr(after, "   12 11 10  9  8  7       6  5"));
    free(out);
}
END_TEST

/* Every line of a transcript within 72 columns. */
static void lines_fit(const char *out)
{
    for (const char *p = out; *p;) {
        size_t n = strcspn(p, "\r\n");
        ck_assert_msg(n <= 72, "%zu columns: %.*s", n, (int)n, p);
        p += n;
        p += strspn(p, "\r\n");
    }
}

START_TEST(teletype_lines_fit_72_columns)
{
    /* A glass terminal wider than paper: nothing the dialogue prints,
     * questions, help, boards or news, goes past 72 columns. */
    memline_opts o = { .game = "backgammon", .seed = 11, .name = "ABCDEFGHI",
                       .width = 200 };
    char *out = tu_run(&o, "I\r1\r\rATARI\r\r\rHELP\rID\r");
    lines_fit(out);
    free(out);
    out = tbp_play(&o, "1\r\r\r\r\r", BG_RULES_ATARI, TBP_FIRST, 120, NULL);
    ck_assert_ptr_nonnull(strstr(out, " WINS.\r\n"));
    lines_fit(out);
    free(out);
    out = tbp_play(&o, "2\r\rABCDEFGHI\r\r", BG_RULES_ATARI, TBP_FIRST, 20,
                   NULL);
    lines_fit(out);
    free(out);
    /* and on a teletype, upper case only */
    o.profile = "asr33";
    o.width = 0;
    out = tbp_play(&o, "1\r\r\r\r\r", BG_RULES_ATARI, TBP_FIRST, 6, NULL);
    lines_fit(out);
    for (const char *p = out; *p; p++)
        ck_assert_msg(!(*p >= 'a' && *p <= 'z'), "lower case: %.20s", p);
    /* the board in four lines of counts, in characters a Model 33 has */
    ck_assert_ptr_nonnull(strstr(out, "\r\n   12 11 10  9  8  7  BAR  6  5"
                                      "  4  3  2  1   GREEN ATARI\r\n"
                                      "   5B  .  .  . 3G  .    . 5G  .  .  "
                                      ".  . 2B   OFF  0  PIPS 167\r\n"
                                      "   5G  .  .  . 3B  .    . 5B  .  .  "
                                      ".  . 2G   OFF  0  PIPS 167\r\n"
                                      "   13 14 15 16 17 18  BAR 19 20 21 "
                                      "22 23 24   BLUE  ABCDEFGHI\r\n"));
    ck_assert_ptr_null(strchr(out, '|'));
    ck_assert_ptr_null(strchr(out, '\\'));
    free(out);
}
END_TEST

START_TEST(narrow_windows_get_boards_that_fit)
{
    /* 50 columns: the picture's board, its names and counts under it */
    memline_opts o = { .game = "backgammon", .seed = 3, .name = "ANN",
                       .profile = "ansi", .width = 50, .height = 24 };
    char *out = tu_run(&o, TBP_ONE "BOARD\r");
    vt t;
    screen(&t, out, 24, 50);
    ck_assert_int_eq(t.wraps, 0);
    int r = vt_find(&t, "   13 14 15 16 17 18      19 20 21 22 23 24");
    ck_assert_int_ge(r, 0);
    ck_assert_str_eq(vt_row(&t, r + 1), " GREEN ATARI");
    ck_assert_str_eq(vt_row(&t, r + 2), " OFF  0  PIPS 167");
    ck_assert_str_eq(vt_row(&t, r + 4), " BLUE  ANN");
    free(out);
    /* 33 columns: the four lines folded in two, every number whole, and
     * a match's stakes */
    o.width = 33;
    out = tu_run(&o, "1\r\r\r\rSTANDARD\r3\r\rBOARD\r");
    screen(&t, out, 24, 33);
    ck_assert_int_eq(t.wraps, 0);
    r = vt_find(&t, "   12 11 10  9  8  7  BAR");
    ck_assert_int_ge(r, 0);
    const char *want[] = {
        "   12 11 10  9  8  7  BAR", "   5B  .  .  . 3G  .    .",
        "    6  5  4  3  2  1", "   5G  .  .  .  . 2B",
        "   5G  .  .  . 3B  .    .", "   13 14 15 16 17 18  BAR",
        "   5B  .  .  .  . 2G", "   19 20 21 22 23 24",
        " GREEN ATARI       0 PTS", " OFF  0  PIPS 167",
        " CUBE 1, MATCH TO 3", " BLUE  ANN         0 PTS",
        " OFF  0  PIPS 167"
    };
    for (int i = 0; i < 13; i++)
        ck_assert_str_eq(vt_row(&t, r + i), want[i]);
    free(out);
    /* narrower than that: said so before the board */
    o.width = 24;
    out = tu_run(&o, TBP_ONE "BOARD\r");
    ck_assert_ptr_nonnull(strstr(out, "THIS BOARD NEEDS 26 COLUMNS.\r\n"
                                      "   12 11 10  9  8  7  BAR\r\n"));
    free(out);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("bg_play_ansi");
    TCase *tc = tcase_create("ansi");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, pane_shows_the_board_and_dice);
    tcase_add_test(tc, narrow_windows_get_boards_that_fit);
    tcase_add_test(tc, only_what_changed_is_drawn);
    tcase_add_test(tc, pane_fits_72_columns);
    tcase_add_test(tc, small_windows_get_lines);
    tcase_add_test(tc, teletype_lines_fit_72_columns);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run_suite(suite());
}
