/*
 * test_wrap.c - the toolkit's one wrapping routine (games/wrap.h): lines
 * broken at blanks and never inside a word (but a word wider than a whole
 * line), text that fits left byte for byte as it was, the column carried
 * on, tables going on under their second column, and the width each
 * terminal gets, through the in-memory line as a game prints.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "wrap.h"

START_TEST(fit_breaks_at_the_last_blank_that_fits)
{
    size_t next;
    const char *t = "THE GAME IS SAVED UNDER IT.";
    /* "THE GAME IS SAVED UNDE" would be 22 columns: the break comes
     * before UNDER, and the blank belongs to neither line. */
    ck_assert_uint_eq(wrap_fit(t, strlen(t), 22, &next), 17);
    ck_assert_uint_eq(next, 18);
    ck_assert_str_eq(t + next, "UNDER IT.");
    /* text that fits is taken whole, blanks and all */
    ck_assert_uint_eq(wrap_fit("WANT TO PLAY?  ", 15, 13, &next), 15);
    ck_assert_uint_eq(next, 15);
    /* a blank that ends the room exactly */
    ck_assert_uint_eq(wrap_fit("ABCDE FG", 8, 5, &next), 5);
    ck_assert_uint_eq(next, 6);
    /* a word wider than the line: cut, the last resort */
    ck_assert_uint_eq(wrap_fit("ABCDEFGHIJ", 10, 4, &next), 4);
    ck_assert_uint_eq(next, 4);
    /* ... unless it has a comma to break after (a FEN) */
    ck_assert_uint_eq(wrap_fit("W21,22,23,24", 12, 8, &next), 7);
    ck_assert_uint_eq(next, 7);
    /* a bell takes no column */
    ck_assert_uint_eq(wrap_fit("\a\a\aAB CD", 8, 5, &next), 8);
    /* leading blanks are no break */
    ck_assert_uint_eq(wrap_fit("   ABCDEFGH IJ", 14, 6, &next), 6);
}
END_TEST

static void collect(void *ctx, const char *line)
{
    char *all = ctx;
    strcat(all, line);
    strcat(all, "|");
}

START_TEST(lines_keep_words_whole)
{
    char all[1024] = "";
    int n = wrap_lines("YOUR RESUME CODE IS J3PHR-YFUER: IF A LINE DROPS, "
                       "THE GAME IS SAVED UNDER IT.", 71, 0, 0, collect, all);
    ck_assert_int_eq(n, 2);
    ck_assert_str_eq(all, "YOUR RESUME CODE IS J3PHR-YFUER: IF A LINE DROPS,"
                          " THE GAME IS SAVED|UNDER IT.|");
    /* the first line starts where col says; its own line ends stay */
    all[0] = 0;
    n = wrap_lines("ONE TWO THREE\nFOUR FIVE SIX SEVEN", 12, 4, 0, collect,
                   all);
    ck_assert_str_eq(all, "ONE TWO|THREE|FOUR FIVE|SIX SEVEN|");
    ck_assert_int_eq(n, 4);
    /* not even the first word fits after col: the line ends first */
    all[0] = 0;
    wrap_lines("INTELLIGENCE ON", 20, 12, 0, collect, all);
    ck_assert_str_eq(all, "|INTELLIGENCE ON|");
    /* a numbered entry goes on at its indent; a row of a table under its
     * second column */
    all[0] = 0;
    wrap_lines("  1. BLUE [B5]: MAY BE ENGINEER, CAVALRY", 24, 0, 5, collect,
               all);
    ck_assert_str_eq(all, "  1. BLUE [B5]: MAY BE|     ENGINEER, CAVALRY|");
    all[0] = 0;
    wrap_lines("  G       THE GRAVEYARD: EVERY PIECE REMOVED", 30, 0, 0,
               collect, all);
    ck_assert_str_eq(all, "  G       THE GRAVEYARD: EVERY|          PIECE "
                          "REMOVED|");
    /* prose with two blanks after a sentence is no table */
    all[0] = 0;
    wrap_lines("ONE.  TWO THREE FOUR", 12, 0, 0, collect, all);
    ck_assert_str_eq(all, "ONE.  TWO|THREE FOUR|");
}
END_TEST

/* Printed one after another, each followed by the column wrap_print
 * says it ended at. */
typedef struct print_case {
    const char *text;
    int col, indent;
} print_case;

static const print_case cases[] = {
    /* fits: exactly what tty_msg would have sent */
    { "\r\n\nSPACESHIP CAPTURE. YOU HAVE 15 PHASOR\r\nTHEN YOU LOSE!\r\n\n",
      0, 0 },
    { "\r\n\nWANT TO PLAY?  ", 0, 0 },
    /* broken at a blank for the 72-column paper (71 columns of text) */
    { "\r\n(RESUME CODE J3PHR-YFUER: THIS GAME IS KEPT UNDER IT IF THE LINE "
      "DROPS.)", 0, 0 },
    /* carried on from a column */
    { "AND THE REST OF A SENTENCE THAT RUNS ON PAST THE END OF THE LINE",
      40, 0 },
};

static void print_run(tty_io *io, void *ctx)
{
    (void)ctx;
    char end[64];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int col = wrap_print(io, cases[i].col, cases[i].indent,
                             cases[i].text);
        snprintf(end, sizeof end, "<%d>", col);
        tty_msg(io, end);
    }
}

START_TEST(print_sends_what_fits_as_it_is)
{
    memline_opts o = { .profile = "asr33", .seed = 1, .run = print_run };
    char *out = tu_run(&o, "");
    ck_assert_ptr_nonnull(strstr(out, "\r\n\r\nSPACESHIP CAPTURE. YOU HAVE 15 "
                                      "PHASOR\r\nTHEN YOU LOSE!\r\n\r\n<0>"));
    ck_assert_ptr_nonnull(strstr(out, "\r\n\r\nWANT TO PLAY?  <15>"));
    ck_assert_ptr_nonnull(strstr(out, "(RESUME CODE J3PHR-YFUER: THIS GAME IS "
                                      "KEPT UNDER IT IF THE LINE\r\nDROPS.)"
                                      "<7>"));
    ck_assert_ptr_nonnull(strstr(out, "<7>AND THE REST OF A SENTENCE THAT"
                                      "\r\nRUNS ON PAST THE END OF THE "
                                      "LINE<32>"));
    free(out);
}
END_TEST

static void width_run(tty_io *io, void *ctx)
{
    tty_printf(io, "[%d]", wrap_width(tty_get_caps(io)));
}

START_TEST(width_is_one_short_of_the_terminal)
{
    static const struct { const char *profile; int width; const char *want; }
    w[] = {
        { "asr33", 0, "[71]" }, { "glass", 0, "[79]" }, { "ansi", 0, "[79]" },
        { "glass", 40, "[39]" }, { "ansi", 132, "[131]" },
        { "glass", 8, "[20]" },
    };
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) {
        memline_opts o = { .profile = w[i].profile, .width = w[i].width,
                           .seed = 1, .run = width_run };
        char *out = tu_run(&o, "");
        ck_assert_msg(strstr(out, w[i].want), "%s %d: %s", w[i].profile,
                      w[i].width, out);
        free(out);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("wrap");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, fit_breaks_at_the_last_blank_that_fits);
    tcase_add_test(tc, lines_keep_words_whole);
    tcase_add_test(tc, print_sends_what_fits_as_it_is);
    tcase_add_test(tc, width_is_one_short_of_the_terminal);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
