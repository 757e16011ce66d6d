/*
 * test_rating.c - the ratings' formulas: FIBS's for backgammon (the match
 * length counts, newcomers move fast) and Elo for the others.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <math.h>

#include "rating.h"
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

int main(void)
{
    Suite *s = suite_create("rating");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, fibs_equal_newcomers);
    tcase_add_test(tc, fibs_favourite_and_experience);
    tcase_add_test(tc, elo_win_and_draw);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
