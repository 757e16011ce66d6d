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
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

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

/*
 * A database of up to 'pieces' pieces built for a suite in a directory of
 * its own (seconds for 4), before the suite runs: outside a test, so it
 * reports by itself.  0, or -1 after a message.
 */
#include "checkers/ck_egdb.h"
static inline int test_ck_egdb_build(int pieces, char dir[64], ck_egdb *db)
{
    char err[256], path[200];
    snprintf(dir, 64, "/tmp/test_ck_egdb.XXXXXX");
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return -1;
    }
    ck_egdb_path(dir, pieces, path, sizeof path);
    if (ck_egdb_build(pieces, path, db, NULL, NULL, NULL, err,
                      sizeof err) != 0) {
        fprintf(stderr, "egdb build: %s\n", err);
        return -1;
    }
    return 0;
}

static inline void test_ck_egdb_remove(int pieces, const char *dir,
                                       ck_egdb *db)
{
    char path[200];
    ck_egdb_close(db);
    ck_egdb_path(dir, pieces, path, sizeof path);
    unlink(path);
    rmdir(dir);
}

#endif
