/*
 * test_bg.h - what the backgammon suites share: running a suite.
 */
#ifndef TEST_BG_H
#define TEST_BG_H

#include <check.h>

/* Run every case of s; 0 when all pass (the suite's exit status). */
static inline int bg_run_suite(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}

#endif
