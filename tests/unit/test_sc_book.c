/*
 * test_sc_book.c - the book's illustrative game of Space Capture replayed
 * through the dialogue, byte for byte: --counter gives register L the
 * values it held when the book's player answered (found by the engine
 * test's search, tests/unit/test_sc.c), as --seed fixes the generator.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "srv.h"
#include "testutil.h"

/* What PLAYIN printed and the shots fired, from the book's sample run. */
static const int book_report[13][2] = {
    { 7, 7 }, { 8, 6 }, { 8, 7 }, { 8, 6 }, { 8, 5 }, { 7, 6 }, { 8, 7 },
    { 7, 6 }, { 8, 6 }, { 7, 5 }, { 7, 6 }, { 7, 5 }, { 8, 5 } };
static const int book_shot[12][2] = {
    { 7, 7 }, { 6, 6 }, { 6, 8 }, { 6, 5 }, { 6, 4 }, { 6, 7 }, { 7, 4 },
    { 8, 4 }, { 8, 6 }, { 8, 7 }, { 7, 6 }, { 7, 5 } };
/* L at WANT TO PLAY? Y and at the Y of each shot. */
static const char book_counter[] = "6,0,6,6,0,1,2,3,4,0,0,0,0";

START_TEST(the_books_game_replays_through_the_dialogue)
{
    char keys[64], want[4096];
    size_t k = 0, w = 0;
    keys[k++] = 'Y';
    w += (size_t)snprintf(want + w, sizeof want - w, "%s",
        "\r\n\r\nSPACESHIP CAPTURE. YOU HAVE 15 PHASOR"
        "\r\nSHOTS WITH WHICH TO DESTROY MY TRAVEL"
        "\r\nSECTORS. IF ALL MY ADJACENT SECTORS"
        "\r\nARE DESTROYED I AM CAPTURED. IF YOU"
        "\r\nHIT ME OR RUN OUT OF PHASOR ENERGY,"
        "\r\nTHEN YOU LOSE!\r\n\r\n\r\n\r\nWANT TO PLAY?  Y");
    for (int i = 0; i < 13; i++) {
        w += (size_t)snprintf(want + w, sizeof want - w,
                              "\r\n\r\nMY LAST POSITION WAS:  X = %d,  Y = %d",
                              book_report[i][0], book_report[i][1]);
        if (i == 12)
            break;
        keys[k++] = (char)('0' + book_shot[i][0]);
        keys[k++] = (char)('0' + book_shot[i][1]);
        w += (size_t)snprintf(want + w, sizeof want - w,
                              "\r\n\r\nYOU ARE FIRING TO:  X = %d,  Y = %d",
                              book_shot[i][0], book_shot[i][1]);
    }
    keys[k++] = 'N';
    keys[k] = 0;
    snprintf(want + w, sizeof want - w, "%s",
             "\r\n\r\n#!0#\a\a\a  DARN!  YOU HAVE ME  C A P T U R E D !!"
             "\r\n\r\nWANT TO PLAY?  N\r\n\r\nPOOR SPORT!\r\n");
    srv_conf_defaults();
    srv_set_option("counter", book_counter);
    memline_opts o = { .game = "spacecapture", .seed = 1 };
    char *out = tu_run(&o, keys);
    ck_assert_str_eq(out, want);
    free(out);
    /* and without the counter the session's generator decides */
    srv_conf_defaults();
    out = tu_run(&o, keys);
    ck_assert_str_ne(out, want);
    free(out);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sc_book");
    TCase *t = tcase_create("book");
    tcase_add_test(t, the_books_game_replays_through_the_dialogue);
    suite_add_tcase(s, t);
    return tu_run_suite(s);
}
