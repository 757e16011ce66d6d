/*
 * test_scelbi_leave.c - the ways out of the SCELBI games beyond the book:
 * a full stop leaves Hangman and Q leaves Space Capture at any question,
 * mid-word and mid-game, on every profile; a key stops Hexpawn's learned
 * view; a word list that cannot be read is reported, not silently
 * replaced.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "srv.h"
#include "testutil.h"

static const char *const profiles[] = { "asr33", "glass", "ansi" };

static char *play(const char *game, const char *profile, const char *keys,
                  int eager)
{
    memline_opts o = { .game = game, .profile = profile, .seed = 1,
                       .eager = eager };
    return tu_run(&o, keys);
}

START_TEST(a_full_stop_leaves_hangman_mid_word)
{
    const char *prof = profiles[_i];
    char *out = play("hangman", prof, "YAE.Y", 0);
    ck_assert_msg(strstr(out, "GUESS A LETTER: .\r\nGOODBYE!"), "%s: %s",
                  prof, out);
    /* the game is over: the Y after it starts nothing */
    ck_assert_int_eq(tu_count(out, "GUESS A LETTER: "), 3);
    free(out);
    out = play("hangman", prof, ".", 0);
    ck_assert_msg(strstr(out, "WANT A NEW WORD? .\r\nGOODBYE!"), "%s: %s",
                  prof, out);
    free(out);
}
END_TEST

START_TEST(q_leaves_space_capture_mid_game)
{
    const char *prof = profiles[_i];
    /* at the X of a shot */
    char *out = play("spacecapture", prof, "YQY", 0);
    ck_assert_msg(strstr(out, "X = Q\r\n\r\nPOOR SPORT!"), "%s: %s", prof,
                  out);
    ck_assert_int_eq(tu_count(out, "WANT TO PLAY?"), 1);
    free(out);
    /* at its Y */
    out = play("spacecapture", prof, "Y1q", 0);
    ck_assert_msg(strstr(out, "Y = Q\r\n\r\nPOOR SPORT!"), "%s: %s", prof,
                  out);
    free(out);
    /* and at WANT TO PLAY, as N */
    out = play("spacecapture", prof, "Q", 0);
    ck_assert_msg(strstr(out, "WANT TO PLAY?  Q\r\n\r\nPOOR SPORT!"),
                  "%s: %s", prof, out);
    free(out);
}
END_TEST

START_TEST(a_key_stops_the_learned_view)
{
    /* L, then a key while the list prints: it stops, the key is taken,
     * and the board comes back. */
    char *out = play("hexpawn", "asr33", "LX", 1);
    ck_assert_ptr_nonnull(strstr(out, "WHAT I HAVE LEARNED"));
    ck_assert_ptr_nonnull(strstr(out, "(STOPPED)"));
    ck_assert_ptr_null(strstr(out, "NOTHING STRUCK OUT"));
    ck_assert_ptr_null(strstr(out, "NO! NO!"));
    ck_assert_int_eq(tu_count(out, "FM "), 2);
    free(out);
    /* without a key it prints to the end */
    out = play("hexpawn", "asr33", "L", 0);
    ck_assert_ptr_nonnull(strstr(out, "NOTHING STRUCK OUT"));
    ck_assert_ptr_null(strstr(out, "(STOPPED)"));
    free(out);
}
END_TEST

START_TEST(an_unreadable_word_list_is_reported)
{
    srv_conf_defaults();
    srv_set_option("wordlist", "/nonexistent/ttyarcade/words.txt");
    char *out = play("hangman", "glass", "YH", 0);
    /* a list that is not there is told apart from one that cannot be
     * read */
    ck_assert_ptr_nonnull(strstr(out, "(THAT WORD LIST IS NOT HERE: "
                                      "USING THE BOOK'S.)"));
    /* and the book's list is played */
    ck_assert_ptr_nonnull(strstr(out, "GOOD. YOU HAVE:  H----"));
    free(out);
    srv_conf_defaults();
}
END_TEST

int main(void)
{
    Suite *s = suite_create("scelbi_leave");
    TCase *t = tcase_create("leave");
    tcase_add_loop_test(t, a_full_stop_leaves_hangman_mid_word, 0, 3);
    tcase_add_loop_test(t, q_leaves_space_capture_mid_game, 0, 3);
    tcase_add_test(t, a_key_stops_the_learned_view);
    tcase_add_test(t, an_unreadable_word_list_is_reported);
    suite_add_tcase(s, t);
    return tu_run_suite(s);
}
