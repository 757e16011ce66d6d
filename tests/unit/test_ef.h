/*
 * test_ef.h - what the Eastern Front suites share: running a suite, and
 * running an engine tool with its standard output caught in a file.
 */
#ifndef TEST_EF_H
#define TEST_EF_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "efront_text/ef.h"
#include "testutil.h"

/* Run ttyarcade efront ARGS; the output, rewound, or the test fails.
 * The caller fcloses it (the file is already unlinked). */
static inline FILE *ef_test_tool(int argc, char **argv, int *rc)
{
    char path[] = "/tmp/test_efXXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    unlink(path);
    fflush(stdout);
    int saved = dup(1);
    dup2(fd, 1);
    *rc = ef_tool_main(argc, argv);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    FILE *f = fdopen(fd, "r");
    ck_assert_ptr_nonnull(f);
    rewind(f);
    return f;
}

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
