/*
 * test_ef.h - what the Eastern Front suites share: running a suite (an
 * engine tool's output is caught with tu_tool_stdio).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef TEST_EF_H
#define TEST_EF_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "efront_text/ef.h"
#include "testutil.h"

/* One test case of the given tests, run; the exit status. */
static inline int ef_test_main(const char *name, void (*add)(TCase *))
{
    Suite *s = suite_create(name);
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 300);
    add(tc);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}

#endif
