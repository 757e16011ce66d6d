/*
 * test_store.c - SQLite storage, resume codes and the seeded generator.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rcode.h"
#include "rng.h"
#include "srv.h"
#include "store.h"
#include "tty.h"
#include "testutil.h"

/* Saves, tables and the hall of fame are tested on both backends in
 * test_store_be.c; here, what the SQLite file itself promises. */

START_TEST(a_commit_survives_the_process)
{
    /* The child saves and dies without closing anything, as kill -9
     * would leave it; the parent finds the save. */
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    pid_t pid = fork();
    if (pid == 0) {
        store *st;
        char err[256];
        if (store_open(&st, dir, err, sizeof err) != TTY_OK)
            _exit(1);
        if (store_save_new(st, "KMNPQR", "hexpawn", "memory", 6) != TTY_OK)
            _exit(1);
        _exit(0);
    }
    int status;
    waitpid(pid, &status, 0);
    ck_assert_int_eq(WEXITSTATUS(status), 0);
    store *st;
    char err[256], game[32];
    void *data;
    size_t len;
    ck_assert_int_eq(store_open(&st, dir, err, sizeof err), TTY_OK);
    ck_assert_int_eq(store_load(st, "KMNPQR", game, sizeof game, &data, &len),
                     TTY_OK);
    ck_assert_mem_eq(data, "memory", 6);
    free(data);
    store_close(st);
    /* and the database is in WAL mode */
    char path[300];
    snprintf(path, sizeof path, "%s/ttyarcade.db", dir);
    sqlite3 *db;
    sqlite3_open(path, &db);
    sqlite3_stmt *stmt;
    sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &stmt, NULL);
    ck_assert_int_eq(sqlite3_step(stmt), SQLITE_ROW);
    ck_assert_str_eq((const char *)sqlite3_column_text(stmt, 0), "wal");
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    tu_rmdir(dir);
}



START_TEST(codes_are_read_forgivingly)
{
    char code[TTY_CODE_SIZE];
    /* The codes of today: ten characters, written in two groups. */
    ck_assert_int_eq(tty_code_parse("k7mx3 qacde", code), 0);
    ck_assert_str_eq(code, "K7MX3-QACDE");
    ck_assert_int_eq(tty_code_parse("K7MX3QACDE", code), 0);
    ck_assert_str_eq(code, "K7MX3-QACDE");
    ck_assert_int_eq(tty_code_parse("K7M-X3Q-ACD-E", code), 0);
    ck_assert_str_eq(code, "K7MX3-QACDE");
    ck_assert_int_eq(tty_code_parse("K7MX3-QACD", code), -1);    /* short */
    ck_assert_int_eq(tty_code_parse("K7MX3-QACDEF", code), -1);  /* long */
    ck_assert_int_eq(tty_code_parse("K0MX3-QACDE", code), -1);   /* 0 or O? */
    /* The six-character codes of earlier versions still resume. */
    ck_assert_int_eq(tty_code_parse("k7m x3q", code), 0);
    ck_assert_str_eq(code, "K7MX3Q");
    ck_assert_int_eq(tty_code_parse("K7M-X3Q", code), 0);
    ck_assert_str_eq(code, "K7MX3Q");
    ck_assert_int_eq(tty_code_parse("K7MX3", code), -1);      /* short */
    ck_assert_int_eq(tty_code_parse("K7MX3QA", code), -1);    /* 7: neither */
    ck_assert_int_eq(tty_code_parse("KIMX3Q", code), -1);     /* I or 1? */
    ck_assert_int_eq(tty_code_parse("", code), -1);
}

START_TEST(codes_use_the_unambiguous_alphabet)
{
    rng r;
    rng_seed(&r, 42, 0);
    /* Unseeded (the server without --seed): from libsodium's randombytes,
     * so two runs differ; the session generator r is not used. */
    char seen[1000][TTY_CODE_SIZE];
    for (int i = 0; i < 1000; i++) {
        char *code = seen[i], back[TTY_CODE_SIZE];
        rcode_make(&r, code);
        ck_assert_int_eq((int)strlen(code), TTY_CODE_LEN);
        ck_assert_int_eq(code[5], '-');
        ck_assert_int_eq(tty_code_parse(code, back), 0);
        ck_assert_str_eq(code, back);
        for (int j = 0; j < TTY_CODE_LEN; j++)
            if (j != 5)
                ck_assert_ptr_nonnull(
                    strchr("ACDEFHJKMNPQRTUVWXY3479", code[j]));
        for (int k = 0; k < i; k++)
            ck_assert_str_ne(seen[k], code);
    }
    rng check;
    rng_seed(&check, 42, 0);
    ck_assert_uint_eq(rng_next(&r), rng_next(&check));
}

START_TEST(seeded_codes_repeat)
{
    /* With --seed the codes come from the session's generator, so a
     * transcript repeats byte for byte. */
    rng a, b;
    rng_seed(&a, 1976, 1);
    rng_seed(&b, 1976, 1);
    char x[TTY_CODE_SIZE], y[TTY_CODE_SIZE];
    srv.seeded = 1;
    rcode_make(&a, x);
    rcode_make(&b, y);
    srv.seeded = 0;
    ck_assert_str_eq(x, y);
}

START_TEST(seeded_streams_repeat_and_differ)
{
    rng a, b, c;
    rng_seed(&a, 1976, 3);
    rng_seed(&b, 1976, 3);
    rng_seed(&c, 1976, 4);
    int same_c = 0;
    for (int i = 0; i < 100; i++) {
        uint32_t x = rng_next(&a);
        ck_assert_uint_eq(x, rng_next(&b));
        same_c += x == rng_next(&c);
    }
    ck_assert_int_lt(same_c, 3);
}

START_TEST(below_is_in_range_and_spread)
{
    rng r;
    rng_seed(&r, 7, 0);
    int count[8] = { 0 };
    for (int i = 0; i < 80000; i++) {
        uint32_t v = rng_below(&r, 8);
        ck_assert_uint_lt(v, 8);
        count[v]++;
    }
    for (int i = 0; i < 8; i++) {
        ck_assert_int_gt(count[i], 9000);
        ck_assert_int_lt(count[i], 11000);
    }
}

int main(void)
{
    Suite *s = suite_create("store");
    TCase *st = tcase_create("sqlite");
    tcase_add_test(st, a_commit_survives_the_process);
    suite_add_tcase(s, st);
    TCase *rc = tcase_create("codes");
    tcase_add_test(rc, codes_are_read_forgivingly);
    tcase_add_test(rc, codes_use_the_unambiguous_alphabet);
    tcase_add_test(rc, seeded_codes_repeat);
    suite_add_tcase(s, rc);
    TCase *rn = tcase_create("rng");
    tcase_add_test(rn, seeded_streams_repeat_and_differ);
    tcase_add_test(rn, below_is_in_range_and_spread);
    suite_add_tcase(s, rn);
    return tu_run_suite(s);
}
