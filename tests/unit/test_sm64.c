/*
 * test_sm64.c - the shared splitmix64 generator gives the published
 * sequence, and the games that draw from it keep the values they drew
 * before it was shared (their --seed transcripts depend on them).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdint.h>

#include "sm64.h"
#include "testutil.h"

/* The reference sequence from seed 0 and from seed 1234567. */
START_TEST(published_values)
{
    sm64 r;
    sm64_seed(&r, 0);
    ck_assert_uint_eq(sm64_next(&r), 0xe220a8397b1dcdafull);
    ck_assert_uint_eq(sm64_next(&r), 0x6e789e6aa1b965f4ull);
    ck_assert_uint_eq(sm64_next(&r), 0x06c45d188009454full);
    sm64_seed(&r, 1234567);
    ck_assert_uint_eq(sm64_next(&r), 6457827717110365317ull);
    ck_assert_uint_eq(sm64_next(&r), 3203168211198807973ull);
    ck_assert_uint_eq(sm64_next(&r), 9817491932198370423ull);
    ck_assert_uint_eq(sm64_next(&r), 4593380528125082431ull);
    ck_assert_uint_eq(sm64_next(&r), 16408922859458223821ull);
}
END_TEST

/* sm64_step on a bare state is sm64_next; sm64_mix is the finalizer of
 * the stepped state. */
START_TEST(step_and_mix_agree)
{
    sm64 r;
    uint64_t bare = 42;
    sm64_seed(&r, 42);
    for (int i = 0; i < 100; i++)
        ck_assert_uint_eq(sm64_step(&bare), sm64_next(&r));
    ck_assert_uint_eq(bare, r.s);
    ck_assert_uint_eq(sm64_mix(0x9e3779b97f4a7c15ull), 0xe220a8397b1dcdafull);
}
END_TEST

/* The two ways to a number below n, with values fixed by the draws
 * above: 0xe220a839 * 10 >> 32 = 8, 0x6e789e6a * 10 >> 32 = 4, ... */
START_TEST(below_and_scale)
{
    sm64 r;
    sm64_seed(&r, 0);
    ck_assert_uint_eq(sm64_scale(&r, 10), 8);
    ck_assert_uint_eq(sm64_scale(&r, 10), 4);
    ck_assert_uint_eq(sm64_scale(&r, 10), 0);
    sm64_seed(&r, 0);
    ck_assert_uint_eq(sm64_below(&r, 10), 8);
    ck_assert_uint_eq(sm64_below(&r, 10), 4);
    ck_assert_uint_eq(sm64_below(&r, 10), 0);
    /* n = 1 is always 0; every value of a small range comes up. */
    ck_assert_uint_eq(sm64_below(&r, 1), 0);
    ck_assert_uint_eq(sm64_scale(&r, 1), 0);
    int seen[7] = {0};
    for (int i = 0; i < 700; i++) {
        uint32_t v = sm64_below(&r, 7);
        ck_assert_uint_lt(v, 7);
        seen[v]++;
    }
    for (int v = 0; v < 7; v++)
        ck_assert_int_gt(seen[v], 50);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sm64");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, published_values);
    tcase_add_test(tc, step_and_mix_agree);
    tcase_add_test(tc, below_and_scale);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
