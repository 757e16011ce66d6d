/*
 * test_scelbi_keep.c - the SCELBI games kept under a resume code after
 * every guess, shot and move (games/keep.h): the code is told once, after
 * the first; a hang-up leaves the game to be resumed at the same state; a
 * finished game, or one left with the leave key, is forgotten.  Without
 * storage the book's dialogue is untouched (the book-replay tests).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hexpawn/hp.h"
#include "testutil.h"

/* A session of game (or, with a code, the game kept under it) on the
 * test's data directory. */
static char *play(const char *game, const char *resume, const char *keys)
{
    memline_opts o = { .game = resume ? NULL : game, .resume = resume,
                       .seed = 1, .data = tu_dir };
    return tu_run_ok(&o, keys);
}

/* The code told in out (exactly once); code gets it. */
static void told(const char *out, char code[TTY_CODE_SIZE])
{
    static const char head[] = "(RESUME CODE ";
    const char *rest = tu_code(out, head, code);
    ck_assert_int_eq(tu_count(out, head), 1);
    ck_assert_int_eq(strncmp(rest, ": THIS GAME IS KEPT UNDER IT IF THE "
                             "LINE DROPS.)", 44), 0);
}

/* A game begun with keys and kept: its code, told once (after want, if
 * given). */
static void kept(const char *game, const char *keys, const char *want,
                 char code[TTY_CODE_SIZE])
{
    char *out = play(game, NULL, keys);
    if (want)
        ck_assert_ptr_nonnull(strstr(out, want));
    told(out, code);
    free(out);
}

/* Nothing is kept under code any more. */
static void forgotten(const char *code)
{
    char *out = play(NULL, code, "");
    ck_assert_ptr_nonnull(strstr(out, "NO GAME IS SAVED UNDER"));
    free(out);
}

START_TEST(hangman_resumes_the_word_where_it_was)
{
    char code[TTY_CODE_SIZE];
    /* told after the first guess, before the next question */
    kept("hangman", "YAE", "NOPE!  H-------\r\n(RESUME CODE ", code);
    char *out = play(NULL, code, "LOHN");
    ck_assert_ptr_nonnull(strstr(out, "(RESUMED.)  YOU HAVE:  -E---  "
                                      "H-------\r\nGUESS A LETTER: L"));
    ck_assert_ptr_nonnull(strstr(out, "HELLO\r\nCONGRATULATIONS!"));
    ck_assert_ptr_null(strstr(out, "(RESUME CODE "));    /* told before */
    /* the word after it is the one the book's run gives after HELLO with
     * one miss */
    free(out);
    forgotten(code);
}
END_TEST

START_TEST(leaving_with_the_key_forgets_the_game)
{
    char code[TTY_CODE_SIZE];
    kept("hangman", "YA.", NULL, code);
    forgotten(code);
    kept("spacecapture", "Y55Q", NULL, code);
    forgotten(code);
}
END_TEST

/* The text from the last MY LAST POSITION on. */
static const char *last_report(const char *out)
{
    const char *p = NULL;
    for (const char *q = out; (q = strstr(q, "MY LAST POSITION")); q++)
        p = q;
    ck_assert_ptr_nonnull(p);
    return p;
}

START_TEST(space_capture_goes_on_as_it_would_have)
{
    char code[TTY_CODE_SIZE];
    char *whole = play("spacecapture", NULL, "Y554647");
    char *out = play("spacecapture", NULL, "Y5546");
    told(out, code);
    const char *before = last_report(out);
    /* the position reported before the hang-up is shown again */
    char *again = play(NULL, code, "4");
    ck_assert_ptr_nonnull(strstr(again, "(RESUMED.)"));
    ck_assert_int_eq(strncmp(last_report(again), before,
                             strlen("MY LAST POSITION WAS:  X = 1,  Y = 1")),
                     0);
    free(again);
    /* and the next shot finds the ship where the unbroken game did */
    again = play(NULL, code, "47");
    ck_assert_str_eq(last_report(again), last_report(whole));
    free(again);
    free(out);
    free(whole);
}
END_TEST

START_TEST(hexpawn_resumes_at_the_board)
{
    char code[TTY_CODE_SIZE];
    kept("hexpawn", "8596", "FM 8 TO 5\r\n(RESUME CODE ", code);
    char *out = play(NULL, code, "52Q");
    ck_assert_ptr_nonnull(strstr(out, "(RESUMED.)\r\n | |X\r\nX|O|X\r\nO| | "
                                      "\r\nFM 5 TO 2\r\nYOU WIN."));
    free(out);
    forgotten(code);
}
END_TEST

START_TEST(a_machine_of_ones_own_learns_from_one_player_only)
{
    char code[TTY_CODE_SIZE];
    /* the book's first two games teach the shared machine two lessons */
    free(play("hexpawn", NULL, "859652" "85967552" "Q"));
    /* it now answers 8-5 9-6 as in the book's third game */
    char *out = play("hexpawn", NULL, "8596Q");
    ck_assert_ptr_nonnull(strstr(out, "FM 9 TO 6\r\n |X| \r\nX|X|O"));
    free(out);
    /* M: a fresh machine, which answers as in the book's first game and
     * has learned nothing */
    out = play("hexpawn", NULL, "M8596L52Q");
    ck_assert_ptr_nonnull(strstr(out, "FM M\r\nA MACHINE OF YOUR OWN: IT "
                                      "KNOWS NOTHING YET AND LEARNS ONLY "
                                      "FROM YOU."));
    ck_assert_ptr_nonnull(strstr(out, "FM 9 TO 6\r\n | |X\r\nX|O|X"));
    ck_assert_ptr_nonnull(strstr(out, "NOTHING STRUCK OUT"));
    ck_assert_ptr_nonnull(strstr(out, "FM 5 TO 2\r\nYOU WIN."));
    free(out);
    /* its lesson did not reach the shared machine */
    char *argv[] = { "hexpawn", "learned", "--data", tu_dir, NULL };
    char *text = NULL;
    ck_assert_int_eq(tu_tool(hp_tool_run, &text, 4, argv), 0);
    ck_assert_ptr_nonnull(strstr(text, "moves struck: 2\n"));
    free(text);
    /* a game against one's own machine is kept with that machine */
    kept("hexpawn", "M85", NULL, code);
    out = play(NULL, code, "96Q");
    ck_assert_ptr_nonnull(strstr(out, "(RESUMED, WITH YOUR OWN MACHINE.)"));
    ck_assert_ptr_nonnull(strstr(out, "FM 9 TO 6\r\n | |X\r\nX|O|X"));
    free(out);
    /* M again: the shared one */
    out = play("hexpawn", NULL, "MM8596Q");
    ck_assert_ptr_nonnull(strstr(out, "THE SHARED MACHINE: IT HAS LEARNED "
                                      "FROM EVERYONE."));
    ck_assert_ptr_nonnull(strstr(out, "FM 9 TO 6\r\n |X| \r\nX|X|O"));
    free(out);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("scelbi_keep");
    TCase *t = tcase_create("keep");
    tu_tempdir_each(t);
    tcase_add_test(t, hangman_resumes_the_word_where_it_was);
    tcase_add_test(t, leaving_with_the_key_forgets_the_game);
    tcase_add_test(t, space_capture_goes_on_as_it_would_have);
    tcase_add_test(t, hexpawn_resumes_at_the_board);
    tcase_add_test(t, a_machine_of_ones_own_learns_from_one_player_only);
    suite_add_tcase(s, t);
    return tu_run_suite(s);
}
