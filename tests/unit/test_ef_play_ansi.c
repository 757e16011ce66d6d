/*
 * test_ef_play_ansi.c - Eastern Front on an ANSI screen, read through a
 * small VT100 (vt.h): the date window, the map window and the
 * text window; the cursor and the scrolling; picking a unit up, its orders
 * as arrows to a cross, the original's errors; START and the week played
 * out; the report and help; what each step costs on the line; and that
 * the screen drawn by differences is the screen drawn whole.
 *
 * The in-memory line types one byte at a time, so the cursor keys here
 * are H J K L and the keypad's digits; the arrow keys' escape sequences
 * are typed by the Expect script in tmux.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "test_ef_play.h"
#include "vt.h"
#include "vscr.h"
#include "testutil.h"

static vt efa_t;
/* Text that ran past the screen's edge once the map screen was drawn
 * (what comes before it, the opening question, scrolls and may wrap) */
static int efa_wraps;

/* Lines that ran past the edge of a w x h screen from the first clear of
 * out to the game's leaving. */
static int efa_wraps_in(const char *out, int w, int h)
{
    static vt all;
    const char *p = strstr(out, "\033[2J");
    if (!p)
        return 0;
    vt_init(&all, w, h);
    vt_upto_last(&all, p, TEF_LEAVE);
    return all.wraps;
}

/* Play keys on a w x h ANSI screen (seed 5); the screen as the game left
 * it, and the bytes sent in all. */
static size_t efa_play(const char *keys, int w, int h, const char *data)
{
    memline_opts o = { .game = "efront_text", .profile = "ansi", .seed = 5,
                       .width = w, .height = h, .data = data };
    size_t len;
    char *out = memline_run(&o, keys, strlen(keys), &len);
    ck_assert_ptr_nonnull(out);
    vt_init(&efa_t, w, h);
    vt_upto_last(&efa_t, out, TEF_LEAVE);
    efa_wraps = efa_wraps_in(out, w, h);
    free(out);
    return len;
}

static const char *efa_row(int r)
{
    return vt_line(&efa_t, r);
}

START_TEST(the_first_screen)
{
    efa_play("\r", 80, 24, NULL);
    ck_assert_ptr_nonnull(strstr(efa_row(0), " JUNE 22, 1941  DRY  SCORE 17"));
    ck_assert_ptr_nonnull(strstr(efa_row(0), "WEEK 1 OF 45 "));
    /* the map window from the north-west corner: border, then the Baltic */
    ck_assert_int_eq(strncmp(efa_row(1), "##~~~~~~~~~~: : : ~~~~", 22), 0);
    /* the text window: the unit in the cursor, as the original showed it */
    ck_assert_int_eq(strncmp(efa_row(21), "#1 24 PANZER CORPS  MUSTER 203  "
                                          "COMBAT 203", 42), 0);
    ck_assert_ptr_nonnull(strstr(efa_row(21), "CLEAR 40,20 "));
    ck_assert_int_eq(strncmp(efa_row(22), "ENTER YOUR ORDERS", 17), 0);
    ck_assert_ptr_nonnull(strstr(efa_row(23), "G START"));
    /* 24 PANZER CORPS on 40,20: column 46 - 40 = 6, two columns each;
     * row 39 - 20 = 19 of the map, which has scrolled 3 rows down to keep
     * the cursor off its margin */
    ck_assert_int_eq(strncmp(efa_row(17), "##. . . . G P R . T", 19), 0);
    /* in colour: Germans grey (black on white), Russians red (bold white
     * on red), the sea blue, the top line reversed */
    ck_assert_int_eq(efa_t.attr[17][12], (VSCR_BLACK + 1) << 4 |
                                         (VSCR_WHITE + 1) << 8);
    ck_assert_int_eq(efa_t.attr[17][13], (VSCR_BLACK + 1) << 4 |
                                         (VSCR_WHITE + 1) << 8);
    ck_assert_int_eq(efa_t.attr[17][14], 1 | (VSCR_WHITE + 1) << 4 |
                                         (VSCR_RED + 1) << 8);
    ck_assert_int_eq(efa_t.attr[1][2], (VSCR_BLUE + 1) << 4);
    ck_assert_int_eq(efa_t.attr[0][0], 4);
    ck_assert_int_eq(efa_t.attr[21][0], 0);
}

START_TEST(the_cursor_moves_and_the_card_follows)
{
    /* north twice (K, keypad 8) onto 1 INFANTRY CORPS and 56 PANZER */
    efa_play("\rk", 80, 24, NULL);
    ck_assert_int_eq(strncmp(efa_row(21), "#20 1 INFANTRY CORPS  MUSTER 129", 32),
                     0);
    efa_play("\rk8", 80, 24, NULL);
    ck_assert_int_eq(strncmp(efa_row(21), "#19 56 PANZER CORPS", 19), 0);
    /* east (L, keypad 6) is a Russian: 3 INFANTRY ARMY on 39,20 */
    efa_play("\r6", 80, 24, NULL);
    ck_assert_int_eq(strncmp(efa_row(21), "#88 3 INFANTRY ARMY  MUSTER 13", 30),
                     0);
    /* west twice and south: an empty square shows what it is */
    efa_play("\rhh2", 80, 24, NULL);
    ck_assert_int_eq(strncmp(efa_row(21), "   ", 3), 0);
    ck_assert_ptr_nonnull(strstr(efa_row(21), " 42,19 "));
    /* Tab: the next corps (#2 never comes; #3 is 46 PANZER CORPS) */
    efa_play("\r\t", 80, 24, NULL);
    ck_assert_int_eq(strncmp(efa_row(21), "#3 46 PANZER CORPS", 18), 0);
}

START_TEST(a_unit_picked_up_shows_its_orders_as_arrows_to_a_cross)
{
    efa_play("\r\rlllk", 80, 24, NULL);
    ck_assert_int_eq(strncmp(efa_row(21), "#1 24 PANZER CORPS  MUSTER 203  "
                                          "COMBAT 203  ORDERS E E E N", 58), 0);
    /* on the unit's row: the panzer, then three arrows east; the cross
     * north of the last */
    ck_assert_int_eq(strncmp(efa_row(17) + 12, "P ->->->", 8), 0);
    ck_assert_int_eq(strncmp(efa_row(16) + 18, "><", 2), 0);
    ck_assert_ptr_nonnull(strstr(efa_row(23), "N E S W OR ARROWS: ORDERS"));
    /* N E S W do the same; X clears; Escape puts it down */
    efa_play("\r\rnwsx", 80, 24, NULL);
    ck_assert_ptr_null(strstr(efa_row(21), "ORDERS"));
    efa_play("\r\rnwe\033", 80, 24, NULL);
    ck_assert_ptr_nonnull(strstr(efa_row(21), "ORDERS N W E"));
    ck_assert_int_eq(strncmp(efa_row(17) + 12, "P R", 3), 0);  /* no path */
    ck_assert_ptr_nonnull(strstr(efa_row(23), "RETURN PICK UP"));
}

START_TEST(the_originals_errors_on_screen)
{
    efa_play("\rl\rn", 80, 24, NULL);
    ck_assert_int_eq(strncmp(efa_row(22), "THAT IS A RUSSIAN UNIT!", 23), 0);
    ck_assert_int_ge(efa_t.bells, 1);
    efa_play("\r\r9", 80, 24, NULL);
    ck_assert_int_eq(strncmp(efa_row(22), "NO DIAGONAL MOVES ALLOWED!", 26), 0);
    efa_play("\r\reeeeeeeee", 80, 24, NULL);
    ck_assert_int_eq(strncmp(efa_row(22), "ONLY 8 ORDERS ARE ALLOWED!", 26), 0);
    ck_assert_ptr_nonnull(strstr(efa_row(21), "ORDERS E E E E E E E E"));
    efa_play("\rhh\r", 80, 24, NULL);
    ck_assert_int_eq(strncmp(efa_row(22), "NO UNIT THERE", 13), 0);
    efa_play("\rn", 80, 24, NULL);
    ck_assert_int_eq(strncmp(efa_row(22), "PICK A UNIT UP FIRST", 20), 0);
}

START_TEST(start_plays_the_week_out_on_the_map)
{
    memline_opts o = { .game = "efront_text", .profile = "ansi", .seed = 5 };
    const char *keys = "\r\rlllk\033g";
    char *out = tu_run(&o, keys);
    ck_assert_ptr_nonnull(strstr(out, "FIGURING MOVE; NO ORDERS ALLOWED"));
    /* a battle fought: the square marked and the news told */
    ck_assert_ptr_nonnull(strstr(out, "**"));
    ck_assert_ptr_nonnull(strstr(out, "24 PANZER CORPS ATTACKS "));
    free(out);
    efa_play(keys, 80, 24, NULL);
    ck_assert_ptr_nonnull(strstr(efa_row(0), " JUNE 29, 1941  DRY  SCORE "));
    ck_assert_ptr_nonnull(strstr(efa_row(0), "WEEK 2 OF 45 "));
    ck_assert_int_eq(strncmp(efa_row(22), "JUNE 29, 1941: ", 15), 0);
    ck_assert_ptr_nonnull(strstr(efa_row(22), " BATTLES, 5 ARRIVED, 1 CORPS OUT "
                                              "OF SUPPLY  R: REPORT"));
    /* the report, then the map again */
    efa_play("\r\rlllk\033gr", 80, 24, NULL);
    ck_assert_int_eq(strncmp(efa_row(1), " THE WEEK OF JUNE 22, 1941:", 27), 0);
    ck_assert(vt_shows(&efa_t, " ATTACKS: "));
    ck_assert(vt_shows(&efa_t, " JUNE 29, 1941  DRY  SCORE "));
    efa_play("\r\rlllk\033grx", 80, 24, NULL);
    ck_assert_int_eq(strncmp(efa_row(1), "##~~", 4), 0);
}

START_TEST(help_and_the_computers_orders)
{
    efa_play("\r?", 80, 24, NULL);
    ck_assert(vt_shows(&efa_t, "ARROWS, H J K L, KEYPAD  MOVE THE CURSOR"));
    ck_assert(vt_shows(&efa_t, "ORDERS SHOW AS ARROWS TO A CROSS"));
    efa_play("\ran", 80, 24, NULL);
    ck_assert_int_eq(strncmp(efa_row(22), "ENTER YOUR ORDERS", 17), 0);
    efa_play("\ray", 80, 24, NULL);
    ck_assert_int_eq(strncmp(efa_row(22), "THE COMPUTER HAS GIVEN ORDERS TO ",
                             33), 0);
}

START_TEST(save_shows_the_code_and_quit_leaves)
{
    char dir[256], code[TTY_CODE_SIZE];
    tu_tempdir(dir, sizeof dir);
    efa_play("\rs", 80, 24, dir);
    ck_assert_int_eq(strncmp(efa_row(22), "SAVED. RESUME CODE ", 19), 0);
    memline_opts o = { .game = "efront_text", .profile = "ansi", .seed = 5,
                       .data = dir };
    char *out = tu_run(&o, "\rq");
    efp_code(out, code, 0);
    char said[64];
    snprintf(said, sizeof said, "SAVED AS %s: RESUME IT FROM THE MENU.",
             code);
    ck_assert_ptr_nonnull(strstr(out, said));
    free(out);
    tu_rmdir(dir);
}

/* ---- The size of the screen ------------------------------------------- */

START_TEST(a_wide_screen_shows_the_whole_map)
{
    efa_play("\r", 120, 50, NULL);
    /* 48 squares of two columns, 41 rows, the text window beneath */
    ck_assert_int_eq(strncmp(efa_row(1), "################################"
                                         "################################"
                                         "################################",
                             96), 0);
    ck_assert_int_eq(strncmp(efa_row(41), "################", 16), 0);
    ck_assert_int_eq(strncmp(efa_row(42), "#1 24 PANZER CORPS", 18), 0);
}

START_TEST(a_narrow_screen_shows_a_column_a_square)
{
    efa_play("\r", 50, 20, NULL);
    ck_assert_int_eq(strncmp(efa_row(13), "#....GPR.T...%%%..=......FFFF..=",
                             32), 0);
    ck_assert_int_eq(strncmp(efa_row(17), "#1 24 PANZER CORPS", 18), 0);
}

/* The screen a w x h window shows at the end of out: from the last time
 * it was cleared (a new layout, or the notice) to the game's leaving. */
static void efa_last_screen(const char *out, int w, int h)
{
    const char *leave = NULL, *p = out, *clear = NULL;
    while ((p = strstr(p, TEF_LEAVE)) != NULL)
        leave = p++;
    ck_assert_ptr_nonnull(leave);
    for (p = out; (p = strstr(p, "\033[2J")) != NULL && p < leave; p++)
        clear = p;
    ck_assert_ptr_nonnull(clear);
    vt_init(&efa_t, w, h);
    vt_feed(&efa_t, clear, (size_t)(leave - clear));
    efa_wraps = efa_t.wraps;
}

/* Keys on a w x h ANSI window that becomes w2 x h2 once after keys have
 * been typed (seed 5); the output. */
static char *efa_resized(const char *keys, int w, int h, int after, int w2,
                         int h2, const char *data)
{
    memline_opts o = { .game = "efront_text", .profile = "ansi", .seed = 5,
                       .width = w, .height = h, .data = data,
                       .resize_after = after, .resize_width = w2,
                       .resize_height = h2 };
    char *out = memline_run(&o, keys, strlen(keys), NULL);
    ck_assert_ptr_nonnull(out);
    return out;
}

/* Nothing ran past the screen's edge, and rows first..last (of text,
 * not of the map, which fills the width) stop short of its last column. */
static void efa_fits(int w, int first, int last)
{
    ck_assert_int_eq(efa_wraps, 0);
    for (int r = first; r <= last; r++)
        ck_assert_msg((int)strlen(vt_row(&efa_t, r)) <= w - 1,
                      "row %d runs to the edge: %s", r, vt_row(&efa_t, r));
}

START_TEST(a_screen_too_small_for_the_map_says_so_and_offers_the_dialect)
{
    memline_opts o = { .game = "efront_text", .profile = "ansi", .seed = 5,
                       .width = 36, .height = 8 };
    char *out = tu_run(&o, "\r\rUNIT #1\r");
    /* the notice, within the window; Return, and the dialect */
    const char *notice = efp_after(out, "EASTERN FRONT (1941)\r\nTHE MAP NEEDS "
                                        "A WINDOW OF 40 BY");
    ck_assert_ptr_nonnull(strstr(notice, "THIS ONE IS 36 BY 8."));
    ck_assert_ptr_nonnull(strstr(notice, "PRESS RETURN"));
    ck_assert_ptr_nonnull(strstr(notice, "GLASS VIEW"));
    /* the notice and the dialect after it, within 35 columns */
    const char *dialect = efp_after(notice, TEF_LEAVE);
    char *before = strndup(notice, (size_t)(dialect - notice) -
                                   strlen(TEF_LEAVE));
    ck_assert_int_le(efp_widest(before), 35);
    ck_assert_int_le(efp_widest(dialect), 35);
    free(before);
    ck_assert_ptr_nonnull(strstr(notice, "COMMAND? UNIT #1\r\n#1 24 PANZER "
                                         "CORPS AT 40,20"));
    free(out);
}

START_TEST(a_window_shrunk_mid_game_gets_the_notice_not_a_cut_map)
{
    /* a corps picked up at 80 x 24 (the key line "... ESC OR RETURN: PUT
     * DOWN ..."), then the window shrinks to 33 x 20 */
    char *out = efa_resized("\r\r", 80, 24, 2, 33, 20, NULL);
    efa_last_screen(out, 33, 20);
    free(out);
    ck_assert_int_eq(vt_find(&efa_t, "EASTERN FRONT (1941)"), 0);
    ck_assert(vt_shows(&efa_t, "THE MAP NEEDS A WINDOW OF 40 BY"));
    ck_assert(vt_shows(&efa_t, "THIS ONE IS 33 BY"));
    ck_assert(vt_shows(&efa_t, "Q: SAVE AND LEAVE."));
    ck_assert(!vt_shows(&efa_t, "ESC PUT"));
    ck_assert(!vt_shows(&efa_t, "##"));
    efa_fits(33, 0, 19);
    /* Return there: the same campaign in the glass view, the corps still
     * where it was */
    out = efa_resized("\r\r\rUNIT #1\r", 80, 24, 2, 33, 20, NULL);
    const char *glass = efp_after(out, "THE MAP NEEDS A WINDOW OF 40 BY");
    glass = efp_after(glass, "COMMAND? UNIT #1\r\n#1 24 PANZER CORPS AT 40,20");
    free(out);
}

START_TEST(a_window_grown_to_40_by_12_gets_the_map_back)
{
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    /* 33 x 20 at the start: the notice, with the resume code */
    char *out = efa_resized("\r", 33, 20, 1, 40, 12, dir);
    char code[TTY_CODE_SIZE];
    efp_code(out, code, 0);
    const char *notice = efp_after(out, "THE MAP NEEDS A WINDOW OF 40 BY");
    char said[64];
    snprintf(said, sizeof said, "RESUME CODE %s.", code);
    ck_assert_ptr_nonnull(strstr(notice, said));
    /* then 40 x 12: the map, every line within it, every hint whole, the
     * code whole beside the briefing's key */
    efa_last_screen(out, 40, 12);
    free(out);
    efa_fits(40, 0, 0);
    efa_fits(40, 9, 11);
    ck_assert_str_eq(vt_row(&efa_t, 0), " JUN 22, 1941 DRY SCORE 17    WEEK 1/45");
    ck_assert_int_eq(strncmp(vt_row(&efa_t, 1), "#", 1), 0);
    ck_assert_int_eq(strncmp(vt_row(&efa_t, 9), "#1 24 PANZER CORPS ", 19), 0);
    ck_assert_ptr_nonnull(strstr(vt_row(&efa_t, 9), " 40,20"));
    snprintf(said, sizeof said, "RESUME CODE %s...  B: BRIEFING", code);
    ck_assert_str_eq(vt_row(&efa_t, 10), said);
    ck_assert_str_eq(vt_row(&efa_t, 11), "RETURN PICK UP  G START  ? HELP  Q "
                                         "QUIT");
    tu_rmdir(dir);
}

START_TEST(the_resume_code_stays_whole_at_41_columns)
{
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    memline_opts o = { .game = "efront_text", .profile = "ansi", .seed = 5,
                       .width = 41, .height = 24, .data = dir };
    char *out = tu_run(&o, "\r");
    char code[TTY_CODE_SIZE], said[48];
    efp_code(out, code, 0);
    vt_init(&efa_t, 41, 24);
    vt_upto_last(&efa_t, out, TEF_LEAVE);
    free(out);
    snprintf(said, sizeof said, "RESUME CODE %s", code);
    ck_assert_msg(strstr(vt_row(&efa_t, 22), said), "no %s in %s", said,
                  vt_row(&efa_t, 22));
    ck_assert_ptr_nonnull(strstr(vt_row(&efa_t, 22), "B: BRIEFING"));
    efa_fits(41, 0, 0);
    efa_fits(41, 21, 23);
    /* the date window keeps the week */
    ck_assert_ptr_nonnull(strstr(vt_row(&efa_t, 0), "WEEK 1/45"));
    tu_rmdir(dir);
}

/* The week's news at width w after AUTO and START, without its key. */
static void efa_news(int w, char *news, size_t size)
{
    efa_play("\rayg", w, 24, NULL);
    const char *row = vt_row(&efa_t, 22);
    const char *hint = strstr(row, "  R: REPORT");
    ck_assert_msg(hint != NULL, "width %d: %s", w, row);
    snprintf(news, size, "%.*s", (int)(hint - row), row);
}

START_TEST(the_weeks_news_at_40_columns_is_cut_between_parts_and_marked)
{
    char whole[160], narrow[160];
    efa_news(80, whole, sizeof whole);
    efa_news(40, narrow, sizeof narrow);
    efa_fits(40, 21, 23);
    /* the news at 80 columns: the date, then the parts */
    const char *parts = strstr(whole, ": ");
    ck_assert_ptr_nonnull(parts);
    parts += 2;
    ck_assert_msg(strchr(parts, ','), "a week of one part: %s", whole);
    /* at 40, the first parts whole and in order, then "..." where the
     * rest gave way: never a later part in place of an earlier one */
    size_t n = strlen(narrow);
    ck_assert_msg(n > 3 && strcmp(narrow + n - 3, "...") == 0,
                  "no marker: %s (of %s)", narrow, whole);
    n -= 3;
    ck_assert_msg(strncmp(parts, narrow, n) == 0 && parts[n] == ',',
                  "not the first parts: %s (of %s)", narrow, whole);
}

START_TEST(a_long_card_at_80_columns_keeps_its_square)
{
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    static efp_pos m;
    /* 24 PANZER CORPS (#1) ringed by Russians at Smolensk: out of supply */
    efp_ringed(&m.g);
    efp_store(&m, dir);
    /* picked up and ordered west, into the Russian there */
    memline_opts o = { .resume = m.code, .profile = "ansi", .seed = 1,
                       .data = dir, .width = 80, .height = 24 };
    char *out = tu_run(&o, "\rw");
    vt_init(&efa_t, 80, 24);
    vt_upto_last(&efa_t, out, TEF_LEAVE);
    free(out);
    const char *card = vt_row(&efa_t, 21);
    ck_assert_msg(strstr(card, "SMOLENSK (RUSSIAN) 26,24"), "card: %s", card);
    ck_assert_int_eq(strncmp(card, "#1 24 PANZER CORPS M200 C200 NO SUPPLY W",
                             40), 0);
    efa_fits(80, 21, 23);
    tu_rmdir(dir);
}

/* ---- What goes down the line ------------------------------------------- */

/* Bytes a run of keys costs beyond the start. */
static double efa_cost(const char *steps, int n)
{
    char keys[256];
    size_t base = efa_play("\r", 80, 24, NULL);
    snprintf(keys, sizeof keys, "\r%s", steps);
    size_t all = efa_play(keys, 80, 24, NULL);
    return (double)(all - base) / n;
}

START_TEST(a_cursor_step_costs_a_few_hundred_bytes)
{
    /* steps inside the window: a cursor move and the card */
    double inside = efa_cost("kkjjhh", 6);
    ck_assert_msg(inside < 120, "%.0f bytes a step", inside);
    /* steps that push the window: the terminal scrolls, a row or a
     * column pair comes in */
    double up = efa_cost("kkkkkkkkkkkkkkkkkkkk", 20);
    ck_assert_msg(up < 300, "%.0f bytes a step north", up);
    double east = efa_cost("llllllllllllllllllllllllllllllllllllll", 38);
    ck_assert_msg(east < 400, "%.0f bytes a step east", east);
}

START_TEST(the_screen_drawn_by_differences_is_the_screen_drawn_whole)
{
    /* A long walk with scrolls every way, orders, an overlay; then ^L
     * draws the screen whole: it must not change a character. */
    const char *keys = "\rllllllllllllllllllllllllllllllkkkkkkkkkkkkkkkkkkkk"
                       "\rwwss\033?xjjjjjjjjjjjjjjjjjjjjjjjjjhhhhhhhhhhhhhh"
                       "hhhhhhhhhhhh\t\rnnn\033\f";
    memline_opts o = { .game = "efront_text", .profile = "ansi", .seed = 5 };
    size_t len;
    char *out = memline_run(&o, keys, strlen(keys), &len);
    /* the whole redraw is the last "clear" that does not leave */
    const char *redraw = NULL, *p = out;
    static const char clear[] = "\033[0m\033[H\033[2J";
    while ((p = strstr(p, clear)) != NULL) {
        if (strncmp(p + strlen(clear), "\033[?25h", 6) != 0)
            redraw = p;
        p++;
    }
    ck_assert_ptr_nonnull(redraw);
    static vt before, after;
    vt_init(&before, 80, 24);
    vt_feed(&before, out, (size_t)(redraw - out));
    vt_init(&after, 80, 24);
    vt_upto_last(&after, out, TEF_LEAVE);
    for (int r = 0; r < 24; r++) {
        ck_assert_str_eq(vt_row(&before, r), vt_row(&after, r));
        for (int c = 0; c < 80; c++)
            ck_assert_msg(before.attr[r][c] == after.attr[r][c],
                          "attributes differ at row %d column %d", r, c);
    }
    free(out);
}

int main(void)
{
    Suite *s = suite_create("ef_play_ansi");
    TCase *tc = tcase_create("ansi");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, the_first_screen);
    tcase_add_test(tc, the_cursor_moves_and_the_card_follows);
    tcase_add_test(tc, a_unit_picked_up_shows_its_orders_as_arrows_to_a_cross);
    tcase_add_test(tc, the_originals_errors_on_screen);
    tcase_add_test(tc, start_plays_the_week_out_on_the_map);
    tcase_add_test(tc, help_and_the_computers_orders);
    tcase_add_test(tc, save_shows_the_code_and_quit_leaves);
    tcase_add_test(tc, a_wide_screen_shows_the_whole_map);
    tcase_add_test(tc, a_narrow_screen_shows_a_column_a_square);
    tcase_add_test(tc, a_screen_too_small_for_the_map_says_so_and_offers_the_dialect);
    tcase_add_test(tc, a_window_shrunk_mid_game_gets_the_notice_not_a_cut_map);
    tcase_add_test(tc, a_window_grown_to_40_by_12_gets_the_map_back);
    tcase_add_test(tc, the_resume_code_stays_whole_at_41_columns);
    tcase_add_test(tc, the_weeks_news_at_40_columns_is_cut_between_parts_and_marked);
    tcase_add_test(tc, a_long_card_at_80_columns_keeps_its_square);
    tcase_add_test(tc, a_cursor_step_costs_a_few_hundred_bytes);
    tcase_add_test(tc, the_screen_drawn_by_differences_is_the_screen_drawn_whole);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
