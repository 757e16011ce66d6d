/*
 * test_rating.c - the ratings' formulas: FIBS's for backgammon (the match
 * length counts, newcomers move fast) and Elo for the others; and the
 * rating the lists of who is on show beside a session (the menu's O and
 * the web's /who share it): whose, read from the store, and how shown.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "rating.h"
#include "store.h"
#include "testutil.h"

#define NEAR(a, b) (fabs((a) - (b)) < 1e-6)

START_TEST(fibs_equal_newcomers)
{
    /* Equal ratings: each had half a chance; 4 * sqrt(n) * 0.5, times
     * the newcomer's experience factor of 5. */
    store_rating w = { 1500, 0, 0, 0 }, l = { 1500, 0, 0, 0 };
    rating_fibs(&w, &l, 1);
    ck_assert(NEAR(w.rating, 1510));
    ck_assert(NEAR(l.rating, 1490));
    ck_assert_int_eq(w.experience, 1);
    ck_assert_int_eq(w.played, 1);
    ck_assert_int_eq(w.won, 1);
    ck_assert_int_eq(l.won, 0);
    store_rating w5 = { 1500, 0, 0, 0 }, l5 = { 1500, 0, 0, 0 };
    rating_fibs(&w5, &l5, 5);
    ck_assert(NEAR(w5.rating, 1500 + 5 * 4 * sqrt(5.0) * 0.5));
    ck_assert_int_eq(l5.experience, 5);
}
END_TEST

START_TEST(fibs_favourite_and_experience)
{
    /* 400 points apart over a 9-point match: the favourite's chance is
     * 1 - 1 / (10^(400 * 3 / 2000) + 1); veterans (400 and more) move at
     * factor 1. */
    store_rating fav = { 1900, 500, 10, 5 }, dog = { 1500, 800, 10, 5 };
    double p = 1.0 - 1.0 / (pow(10.0, 400 * 3.0 / 2000) + 1.0);
    rating_fibs(&fav, &dog, 9);
    ck_assert(NEAR(fav.rating, 1900 + 4 * 3 * (1 - p)));
    ck_assert(NEAR(dog.rating, 1500 - 4 * 3 * (1 - p)));
    /* the underdog winning gains the favourite's chance */
    store_rating fav2 = { 1900, 500, 0, 0 }, dog2 = { 1500, 800, 0, 0 };
    rating_fibs(&dog2, &fav2, 9);
    ck_assert(NEAR(dog2.rating, 1500 + 4 * 3 * p));
    /* experience 250: factor 2.5 */
    store_rating a = { 1500, 250, 0, 0 }, b = { 1500, 1000, 0, 0 };
    rating_fibs(&a, &b, 1);
    ck_assert(NEAR(a.rating, 1505));
    ck_assert(NEAR(b.rating, 1498));
}
END_TEST

START_TEST(elo_win_and_draw)
{
    store_rating w = { 1500, 0, 0, 0 }, l = { 1500, 0, 0, 0 };
    rating_elo(&w, &l, 0);
    ck_assert(NEAR(w.rating, 1516));
    ck_assert(NEAR(l.rating, 1484));
    store_rating a = { 1600, 0, 0, 0 }, b = { 1400, 0, 0, 0 };
    double ea = 1.0 / (1.0 + pow(10.0, -200 / 400.0));
    rating_elo(&a, &b, 1);
    ck_assert(NEAR(a.rating, 1600 + 32 * (0.5 - ea)));
    ck_assert(NEAR(b.rating, 1400 + 32 * (0.5 - (1 - ea))));
    ck_assert_int_eq(a.won, 0);
    ck_assert_int_eq(a.played, 1);
}
END_TEST

START_TEST(whose_rating_is_shown)
{
    /* an account playing a rated game: its key and that game */
    sess *s = calloc(1, sizeof *s);
    rating_ask a;
    snprintf(s->account, sizeof s->account, "ann");
    s->game = "backgammon";
    s->playing = 1;
    ck_assert_int_eq(rating_ask_of(s, &a), 1);
    ck_assert_str_eq(a.key, "ann");
    ck_assert_str_eq(a.game, "backgammon");
    ck_assert_int_eq(a.rated, 0);
    s->game = "gunjin";
    ck_assert_int_eq(rating_ask_of(s, &a), 1);
    ck_assert_str_eq(a.game, "gunjin");
    /* none ("-"): a game not rated, back in the menu, a guest */
    s->game = "hangman";
    ck_assert_int_eq(rating_ask_of(s, &a), 0);
    ck_assert_str_eq(a.key, "");
    s->game = "backgammon";
    s->playing = 0;
    ck_assert_int_eq(rating_ask_of(s, &a), 0);
    s->playing = 1;
    s->account[0] = 0;
    ck_assert_int_eq(rating_ask_of(s, &a), 0);
    ck_assert_str_eq(a.key, "");
    free(s);
}
END_TEST

START_TEST(ratings_read_and_shown)
{
    char dir[256], err[256], shown[RATING_SHOWN];
    tu_tempdir(dir, sizeof dir);
    store *st;
    ck_assert_int_eq(store_open(&st, dir, err, sizeof err), TTY_OK);
    ck_assert_int_eq(store_acct_add(st, "ann", "ANN", "$h"), STORE_OK);
    ck_assert_int_eq(store_acct_add(st, "bob", "BOB", "$h"), STORE_OK);
    store_rating w = { 1514.142, 2, 1, 1 }, l = { 1485.858, 2, 1, 0 };
    ck_assert_int_eq(store_result_add(st, "backgammon", "ann", "bob", 2,
                                      "won", 100, &w, &l), TTY_OK);
    /* ANN has played backgammon rated; CAROL has not; BOB no Gunjin; an
     * empty key (a guest's row) and an unrated game are not looked up */
    rating_ask asks[5] = {
        { "ann", "backgammon", 0, 1 }, { "carol", "backgammon", 0, 1 },
        { "bob", "gunjin", 0, 1 }, { "", "backgammon", 0, 1 },
        { "bob", "hangman", 0, 1 },
    };
    ck_assert_int_eq(rating_read(st, asks, 5, NULL), TTY_OK);
    ck_assert_int_eq(asks[0].rated, 1);
    ck_assert(NEAR(asks[0].rating, 1514.142));
    rating_show(&asks[0], shown);
    ck_assert_str_eq(shown, "1514.14");
    for (int i = 1; i < 5; i++) {
        ck_assert_int_eq(asks[i].rated, 0);
        rating_show(&asks[i], shown);
        ck_assert_str_eq(shown, "-");
    }
    rating_show(NULL, shown);
    ck_assert_str_eq(shown, "-");
    /* cancelled (the session went): nothing more is read */
    volatile int cancel = 1;
    asks[0].rated = 0;
    ck_assert_int_eq(rating_read(st, asks, 1, &cancel), TTY_OK);
    ck_assert_int_eq(asks[0].rated, 0);
    store_close(st);
    tu_rmdir(dir);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("rating");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, fibs_equal_newcomers);
    tcase_add_test(tc, fibs_favourite_and_experience);
    tcase_add_test(tc, elo_win_and_draw);
    tcase_add_test(tc, whose_rating_is_shown);
    tcase_add_test(tc, ratings_read_and_shown);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
