/*
 * test_hangman.c - Hangman: the book's sample run replayed whole, MOVTAB,
 * the word lists, and what goes beyond the book.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hangman/hm_round.h"
#include "hangman/hm_words.h"
#include "srv.h"
#include "testutil.h"

/* The sample run printed after the listing, three games from START, with
 * the message bytes of page 04 (each message opens with CR LF; WANT A NEW
 * WORD? with CR LF LF) and the guesses as the player typed them. */
static const char hm_book_run[] =
    "\r\n\r\nWANT A NEW WORD? Y"
    "\r\nGUESS A LETTER: A\r\nNOPE!  H-------"
    "\r\nGUESS A LETTER: E\r\nGOOD. YOU HAVE:  -E---"
    "\r\nGUESS A LETTER: R\r\nNOPE!  HA------"
    "\r\nGUESS A LETTER: L\r\nGOOD. YOU HAVE:  -ELL-"
    "\r\nGUESS A LETTER: B\r\nNOPE!  HAN-----"
    "\r\nGUESS A LETTER: S\r\nNOPE!  HANG----"
    "\r\nGUESS A LETTER: O\r\nGOOD. YOU HAVE:  -ELLO"
    "\r\nGUESS A LETTER: H\r\nGOOD. YOU HAVE:  HELLO"
    "\r\nCONGRATULATIONS!"
    "\r\n\r\nWANT A NEW WORD? Y"
    "\r\nGUESS A LETTER: A\r\nNOPE!  H-------"
    "\r\nGUESS A LETTER: E\r\nGOOD. YOU HAVE:  -----E"
    "\r\nGUESS A LETTER: I\r\nGOOD. YOU HAVE:  ---I-E"
    "\r\nGUESS A LETTER: O\r\nGOOD. YOU HAVE:  -O-I-E"
    "\r\nGUESS A LETTER: U\r\nNOPE!  HA------"
    "\r\nGUESS A LETTER: R\r\nNOPE!  HAN-----"
    "\r\nGUESS A LETTER: T\r\nGOOD. YOU HAVE:  -OTI-E"
    "\r\nGUESS A LETTER: N\r\nGOOD. YOU HAVE:  NOTI-E"
    "\r\nGUESS A LETTER: C\r\nGOOD. YOU HAVE:  NOTICE"
    "\r\nCONGRATULATIONS!"
    "\r\n\r\nWANT A NEW WORD? Y"
    "\r\nGUESS A LETTER: W\r\nNOPE!  H-------"
    "\r\nGUESS A LETTER: Y\r\nNOPE!  HA------"
    "\r\nGUESS A LETTER: P\r\nNOPE!  HAN-----"
    "\r\nGUESS A LETTER: N\r\nNOPE!  HANG----"
    "\r\nGUESS A LETTER: G\r\nNOPE!  HANGM---"
    "\r\nGUESS A LETTER: V\r\nNOPE!  HANGMA--"
    "\r\nGUESS A LETTER: C\r\nNOPE!  HANGMAN-"
    "\r\nGUESS A LETTER: X\r\nNOPE!  HANGMAN!"
    "\r\n\r\nWANT A NEW WORD? N"
    "\r\nGOODBYE!\r\n";

static const char hm_book_keys[] = "YAERLBSOH" "YAEIOURTNC" "YWYPNGVCX" "N";

START_TEST(book_sample_run_replays_exactly)
{
    memline_opts o = { .game = "hangman", .seed = 1976 };
    char *out = tu_run(&o, hm_book_keys);
    ck_assert_str_eq(out, hm_book_run);
    free(out);
}

START_TEST(the_run_is_the_same_for_any_seed)
{
    /* Hangman takes nothing from the random generator: MOVTAB is the
     * whole of its choice. */
    memline_opts o = { .game = "hangman", .seed = 12345, .k = 7 };
    char *out = tu_run(&o, hm_book_keys);
    ck_assert_str_eq(out, hm_book_run);
    free(out);
}

START_TEST(line_mode_keys_are_ignored_not_counted)
{
    /* A line-mode client sends each letter with CR LF; spaces and digits
     * are not letters either.  None of them is echoed or counted. */
    memline_opts o = { .game = "hangman", .seed = 1 };
    char *out = tu_run(&o, "y\r\n \r\na\r\n7\r\ne\r\nN\r\n");
    ck_assert_ptr_nonnull(strstr(out, "WANT A NEW WORD? Y\r\nGUESS A LETTER: A"
                                      "\r\nNOPE!  H-------\r\nGUESS A LETTER: E"
                                      "\r\nGOOD. YOU HAVE:  -E---"));
    free(out);
}

START_TEST(other_letters_ask_again_as_the_listing_does)
{
    memline_opts o = { .game = "hangman", .seed = 1 };
    char *out = tu_run(&o, "QN");
    ck_assert_str_eq(out, "\r\n\r\nWANT A NEW WORD? Q\r\n\r\nWANT A NEW WORD? N"
                          "\r\nGOODBYE!\r\n");
    free(out);
}

START_TEST(a_repeated_letter_is_told_not_counted)
{
    memline_opts o = { .game = "hangman", .seed = 1 };
    char *out = tu_run(&o, "YAAEEB");
    ck_assert_ptr_nonnull(strstr(out, "GUESS A LETTER: A\r\nNOPE!  H-------"
                                      "\r\nGUESS A LETTER: A\r\nYOU HAVE TRIED "
                                      "THAT LETTER."));
    /* E again is not a second GOOD; B is the second miss, not the third */
    ck_assert_int_eq(tu_count(out, "GOOD. YOU HAVE:"), 1);
    ck_assert_ptr_nonnull(strstr(out, "GUESS A LETTER: B\r\nNOPE!  HA------"));
    free(out);
}

START_TEST(teletype_transcript_is_the_same_in_upper_case)
{
    memline_opts o = { .game = "hangman", .seed = 1, .profile = "asr33" };
    char *out = tu_run(&o, "yaerlbsohn");
    ck_assert_ptr_nonnull(strstr(out, "GOOD. YOU HAVE:  HELLO\r\n"
                                      "CONGRATULATIONS!"));
    free(out);
}

/* ---- MOVTAB and the lists ------------------------------------------- */

START_TEST(book_list_is_the_listing_in_order)
{
    hm_list l;
    hm_list_scelbi(&l);
    ck_assert_int_eq(l.count, 104);
    ck_assert_str_eq(l.words[0], "HELLO");
    ck_assert_str_eq(l.words[4], "NOTICE");
    ck_assert_str_eq(l.words[7], "RUBBER");
    ck_assert_str_eq(l.words[103], "END");
    for (int i = 0; i < l.count; i++)
        ck_assert_int_le((int)strlen(l.words[i]), 8);   /* 8-byte buffer */
}

START_TEST(movtab_skips_the_last_games_misses)
{
    hm_list l;
    hm_list_scelbi(&l);
    hm_movtab m;
    hm_movtab_start(&m);
    ck_assert_str_eq(l.words[hm_movtab_next(&m, &l)], "HELLO");
    ck_assert_int_eq(m.counter, 0);
    m.counter = 4;
    ck_assert_str_eq(l.words[hm_movtab_next(&m, &l)], "NOTICE");
    m.counter = 3;
    ck_assert_str_eq(l.words[hm_movtab_next(&m, &l)], "RUBBER");
}

START_TEST(movtab_wraps_at_the_end_of_the_table)
{
    hm_list l;
    hm_list_scelbi(&l);
    hm_movtab m = { .next = 102, .counter = 3 };
    /* TRICKLE, END, then the double zero sends it back to HELLO */
    ck_assert_str_eq(l.words[hm_movtab_next(&m, &l)], "HELLO");
    ck_assert_int_eq(m.next, 1);
}

START_TEST(movtab_after_a_perfect_game_walks_256_words)
{
    hm_list l;
    hm_list_scelbi(&l);
    hm_movtab m = { .next = 10, .counter = 0 };
    int w = hm_movtab_next(&m, &l);
    ck_assert_int_eq(w, (10 + 255) % l.count);
}

START_TEST(lists_parse_leniently)
{
    char *text = strdup("# a comment\nzebra\n  Ocelot  \r\nnot-a-word\n"
                        "\nantidisestablishmentarianism\nyak # trailing\n");
    hm_list l;
    ck_assert_int_eq(hm_list_parse(&l, text), 0);
    ck_assert_int_eq(l.count, 3);
    ck_assert_str_eq(l.words[0], "ZEBRA");
    ck_assert_str_eq(l.words[1], "OCELOT");
    ck_assert_str_eq(l.words[2], "YAK");
    hm_list_free(&l);
    char *empty = strdup("# nothing\n123\n");
    ck_assert_int_eq(hm_list_parse(&l, empty), -1);
    hm_list_free(&l);
}

START_TEST(another_word_list_is_played)
{
    char dir[256], path[300];
    tu_tempdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/animals.txt", dir);
    FILE *f = fopen(path, "w");
    fputs("yak\nemu\n", f);
    fclose(f);
    srv_conf_defaults();
    srv_set_option("wordlist", path);
    memline_opts o = { .game = "hangman", .seed = 1 };
    char *out = tu_run(&o, "YYAKN");
    ck_assert_ptr_nonnull(strstr(out, "GOOD. YOU HAVE:  YAK\r\n"
                                      "CONGRATULATIONS!"));
    free(out);
    srv_conf_defaults();
    tu_rmdir(dir);
}

START_TEST(a_missing_word_list_is_reported)
{
    /* asked for and not there: the player is told, the log names the
     * path, and the book's words are played */
    char dir[256], path[300];
    tu_tempdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/gone.txt", dir);
    srv_conf_defaults();
    srv_set_option("wordlist", path);
    char *log;
    size_t loglen;
    FILE *lf = open_memstream(&log, &loglen);
    memline_opts o = { .game = "hangman", .seed = 1, .log = lf };
    char *out = tu_run(&o, "YAERLBSOHN");
    fclose(lf);
    ck_assert_ptr_nonnull(strstr(out, "(THAT WORD LIST IS NOT HERE: USING "
                                      "THE BOOK'S.)"));
    ck_assert_ptr_nonnull(strstr(out, "GOOD. YOU HAVE:  HELLO"));
    ck_assert_ptr_nonnull(strstr(log, "resource failed"));
    ck_assert_ptr_nonnull(strstr(log, path));
    ck_assert_ptr_nonnull(strstr(log, "No such file"));
    free(out);
    free(log);
    srv_conf_defaults();
    tu_rmdir(dir);
}
END_TEST

START_TEST(gallows_spells_hangman)
{
    char g[HM_MISSES + 1];
    hm_gallows(1, g);
    ck_assert_str_eq(g, "H-------");
    hm_gallows(7, g);
    ck_assert_str_eq(g, "HANGMAN-");
    hm_gallows(8, g);
    ck_assert_str_eq(g, "HANGMAN!");
}

START_TEST(round_rules)
{
    hm_round r;
    hm_round_new(&r, "RUBBER");
    ck_assert_str_eq(r.have, "------");
    ck_assert_int_eq(hm_guess(&r, 'B'), HM_GOOD);
    ck_assert_str_eq(r.have, "--BB--");
    ck_assert_int_eq(hm_guess(&r, 'B'), HM_AGAIN);
    for (const char *p = "ACDFGHI"; *p; p++)
        ck_assert_int_eq(hm_guess(&r, *p), HM_NOPE);
    ck_assert_int_eq(hm_guess(&r, 'J'), HM_HANGED);
    hm_round_new(&r, "AIR");
    hm_guess(&r, 'A');
    hm_guess(&r, 'I');
    ck_assert_int_eq(hm_guess(&r, 'R'), HM_SOLVED);
}

int main(void)
{
    Suite *s = suite_create("hangman");
    TCase *book = tcase_create("book");
    tcase_add_test(book, book_sample_run_replays_exactly);
    tcase_add_test(book, the_run_is_the_same_for_any_seed);
    tcase_add_test(book, other_letters_ask_again_as_the_listing_does);
    tcase_add_test(book, teletype_transcript_is_the_same_in_upper_case);
    suite_add_tcase(s, book);
    TCase *beyond = tcase_create("beyond");
    tcase_add_test(beyond, line_mode_keys_are_ignored_not_counted);
    tcase_add_test(beyond, a_repeated_letter_is_told_not_counted);
    tcase_add_test(beyond, another_word_list_is_played);
    tcase_add_test(beyond, a_missing_word_list_is_reported);
    suite_add_tcase(s, beyond);
    TCase *eng = tcase_create("engine");
    tcase_add_test(eng, book_list_is_the_listing_in_order);
    tcase_add_test(eng, movtab_skips_the_last_games_misses);
    tcase_add_test(eng, movtab_wraps_at_the_end_of_the_table);
    tcase_add_test(eng, movtab_after_a_perfect_game_walks_256_words);
    tcase_add_test(eng, lists_parse_leniently);
    tcase_add_test(eng, gallows_spells_hangman);
    tcase_add_test(eng, round_rules);
    suite_add_tcase(s, eng);
    return tu_run_suite(s);
}
