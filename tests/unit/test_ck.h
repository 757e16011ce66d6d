/*
 * test_ck.h - what the checkers suites share: reading a FEN that must be
 * good, and running a suite's list of tests.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef TEST_CK_H
#define TEST_CK_H

#include <check.h>
#include <stddef.h>

#include "checkers/ck_notation.h"
#include "testutil.h"

static inline ck_pos test_ck_fen(const char *s)
{
    ck_pos p;
    ck_assert_msg(ck_fen_parse(s, &p) == 0, "bad FEN %s", s);
    return p;
}

/* Run the tests as one suite; the exit status for main. */
static inline int test_ck_run(const char *name, const TTest *const *tests,
                              size_t n)
{
    Suite *s = suite_create(name);
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    for (size_t i = 0; i < n; i++)
        tcase_add_test(tc, tests[i]);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}

#endif
