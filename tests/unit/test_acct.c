/*
 * test_acct.c - accounts: the name rules, password hashing, the failure
 * limits, and the store's accounts, owned saves, signed hall of fame and
 * migration from the database of the version before accounts.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acct.h"
#include "store.h"
#include "tty.h"
#include "testutil.h"

START_TEST(names_follow_the_rules)
{
    const char *why = NULL;
    ck_assert_int_eq(acct_name_check("ANN", &why), 0);
    ck_assert_int_eq(acct_name_check("Ann O'Neil-2", &why), 0);
    ck_assert_int_eq(acct_name_check("X", &why), 0);
    ck_assert_int_eq(acct_name_check("SIXTEEN CHARS 16", &why), 0);
    ck_assert_int_eq(acct_name_check("SEVENTEEN CHARS17", &why), -1);
    ck_assert_str_eq(why, "A NAME IS AT MOST 16 CHARACTERS.");
    ck_assert_int_eq(acct_name_check("", &why), -1);
    ck_assert_int_eq(acct_name_check(" ANN", &why), -1);
    ck_assert_int_eq(acct_name_check("ANN ", &why), -1);
    ck_assert_str_eq(why, "A NAME MAY NOT BEGIN OR END WITH A SPACE.");
    /* Anything a terminal would obey is refused. */
    ck_assert_int_eq(acct_name_check("\033[2JEVE", &why), -1);
    ck_assert_ptr_nonnull(strstr(why, "ESCAPE SEQUENCES"));
    ck_assert_int_eq(acct_name_check("A\bB", &why), -1);
    ck_assert_int_eq(acct_name_check("A\x7f", &why), -1);
    ck_assert_int_eq(acct_name_check("\xc3\xa9T\xc3\xa9", &why), -1);
    ck_assert_int_eq(acct_name_check("A\tB", &why), -1);
}

START_TEST(names_are_unique_without_case)
{
    char a[ACCT_NAME_SIZE], b[ACCT_NAME_SIZE];
    acct_name_key("Ann", a);
    acct_name_key("aNN", b);
    ck_assert_str_eq(a, b);
    ck_assert_str_eq(a, "ann");
    acct_name_key("BOB-2", b);
    ck_assert_str_eq(b, "bob-2");
    ck_assert(acct_name_is_guest("guest"));
    ck_assert(acct_name_is_guest("GUEST"));
    ck_assert(!acct_name_is_guest("GUESTS"));
}

START_TEST(shown_names_carry_no_control)
{
    char out[ACCT_NAME_SIZE];
    acct_name_show("\033[2JEVE\a", out);
    ck_assert_str_eq(out, "?[2JEVE?");
    acct_name_show("A NAME FAR LONGER THAN SIXTEEN", out);
    ck_assert_int_eq((int)strlen(out), ACCT_NAME_MAX);
    acct_name_show("\xff\xfe", out);
    ck_assert_str_eq(out, "??");
}

START_TEST(passwords_follow_the_rules)
{
    const char *why = NULL;
    ck_assert_int_eq(acct_pw_check("SECRET", &why), 0);
    ck_assert_int_eq(acct_pw_check("SHORT", &why), -1);
    ck_assert_str_eq(why, "A PASSWORD NEEDS AT LEAST 6 CHARACTERS.");
    ck_assert_int_eq(acct_pw_check("SECRET\033", &why), -1);
    char longpw[80];
    memset(longpw, 'A', 65);
    longpw[65] = 0;
    ck_assert_int_eq(acct_pw_check(longpw, &why), -1);
    longpw[64] = 0;
    ck_assert_int_eq(acct_pw_check(longpw, &why), 0);
}

START_TEST(hashes_verify_and_salt)
{
    char h1[ACCT_HASH_SIZE], h2[ACCT_HASH_SIZE];
    ck_assert_int_eq(acct_pw_hash("OPEN SESAME", h1), 0);
    ck_assert_int_eq(acct_pw_hash("OPEN SESAME", h2), 0);
    /* Argon2id, and the password nowhere in what is stored. */
    ck_assert_int_eq(strncmp(h1, "$argon2id$", 10), 0);
    ck_assert_ptr_null(strstr(h1, "SESAME"));
    ck_assert_str_ne(h1, h2);   /* each hash has its own salt */
    ck_assert_int_eq(acct_pw_verify(h1, "OPEN SESAME"), 1);
    ck_assert_int_eq(acct_pw_verify(h2, "OPEN SESAME"), 1);
    ck_assert_int_eq(acct_pw_verify(h1, "OPEN SESAMF"), 0);
    ck_assert_int_eq(acct_pw_verify(h1, ""), 0);
    ck_assert_int_eq(acct_pw_verify("not a hash", "OPEN SESAME"), 0);
}

START_TEST(limits_count_within_the_window)
{
    acct_limit *l = acct_limit_new(10, 600, 64);
    uint64_t t = 1000000;
    for (int i = 0; i < 9; i++) {
        acct_limit_fail(l, "10.0.0.1", t + (uint64_t)i * 1000);
        ck_assert(!acct_limit_blocked(l, "10.0.0.1", t + 9000));
    }
    acct_limit_fail(l, "10.0.0.1", t + 9000);
    ck_assert(acct_limit_blocked(l, "10.0.0.1", t + 9000));
    ck_assert_int_eq(acct_limit_count(l, "10.0.0.1", t + 9000), 10);
    /* Another address is not touched. */
    ck_assert(!acct_limit_blocked(l, "10.0.0.2", t + 9000));
    /* The window slides: once the first failure is ten minutes old, one
     * more try is allowed, and no more. */
    ck_assert(acct_limit_blocked(l, "10.0.0.1", t + 599999));
    ck_assert(!acct_limit_blocked(l, "10.0.0.1", t + 600000));
    acct_limit_fail(l, "10.0.0.1", t + 600000);
    ck_assert(acct_limit_blocked(l, "10.0.0.1", t + 600000));
    /* Long after, all is forgiven. */
    ck_assert_int_eq(acct_limit_count(l, "10.0.0.1", t + 2000000), 0);
    acct_limit_free(l);
}

START_TEST(limits_are_options)
{
    acct_limit *l = acct_limit_new(3, 60, 64);
    acct_limit_fail(l, "ann", 0);
    acct_limit_fail(l, "ann", 1);
    ck_assert(!acct_limit_blocked(l, "ann", 2));
    acct_limit_fail(l, "ann", 2);
    ck_assert(acct_limit_blocked(l, "ann", 3));
    ck_assert(!acct_limit_blocked(l, "ann", 60001));
    acct_limit_free(l);
}

START_TEST(limit_table_is_bounded)
{
    /* A flood of addresses fills the table and the oldest are forgotten,
     * while a key failing now stays counted. */
    acct_limit *l = acct_limit_new(2, 600, 16);
    char key[32];
    for (int i = 0; i < 10000; i++) {
        snprintf(key, sizeof key, "10.%d.%d.%d", i >> 16, (i >> 8) & 255,
                 i & 255);
        acct_limit_fail(l, key, (uint64_t)i);
        acct_limit_fail(l, "attacker", (uint64_t)i);
        if (i > 0)
            ck_assert(acct_limit_blocked(l, "attacker", (uint64_t)i));
    }
    ck_assert(acct_limit_count(l, "10.0.0.0", 10000) == 0);
    acct_limit_free(l);
}

START_TEST(peer_hosts)
{
    char h[64];
    acct_peer_host("127.0.0.1:5000", h, sizeof h);
    ck_assert_str_eq(h, "127.0.0.1");
    acct_peer_host("[::1]:5000", h, sizeof h);
    ck_assert_str_eq(h, "[::1]");
    acct_peer_host("/dev/pts/3", h, sizeof h);
    ck_assert_str_eq(h, "/dev/pts/3");
}

/* ---- the store ------------------------------------------------------ *
 * What accounts keep in the store is tested on both backends in
 * test_store_be.c; here, what only the SQLite file's history needs. */

/* The database as the version before accounts made it. */
static const char old_schema[] =
    "PRAGMA journal_mode=WAL;"
    "CREATE TABLE saves(code TEXT PRIMARY KEY, game TEXT NOT NULL,"
    "  data BLOB NOT NULL, saved INTEGER NOT NULL);"
    "CREATE TABLE tables(name TEXT PRIMARY KEY, data BLOB NOT NULL);"
    "CREATE TABLE hof(id INTEGER PRIMARY KEY, game TEXT NOT NULL,"
    "  metric TEXT NOT NULL, name TEXT NOT NULL, value INTEGER NOT NULL,"
    "  detail TEXT NOT NULL, at INTEGER NOT NULL);"
    "CREATE INDEX hof_board ON hof(game, metric);"
    "INSERT INTO saves VALUES('K7MX3Q', 'hangman', X'0102', 1700000000);"
    "INSERT INTO tables VALUES('hexpawn', X'09');"
    "INSERT INTO hof(game, metric, name, value, detail, at)"
    "  VALUES('hexpawn', 'won', 'ADA', 1, '', 1700000000);";

START_TEST(old_databases_migrate)
{
    char dir[256], path[300], err[256];
    tu_tempdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/ttyarcade.db", dir);
    sqlite3 *db;
    ck_assert_int_eq(sqlite3_open(path, &db), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(db, old_schema, NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(db);

    store *st;
    ck_assert_int_eq(store_open(&st, dir, err, sizeof err), STORE_OK);
    ck_assert_int_eq(store_schema_version(st), STORE_SCHEMA_VERSION);
    /* The old six-character save still loads, for anyone. */
    char game[32], owner[STORE_NAME_SIZE];
    void *data;
    size_t len;
    ck_assert_int_eq(store_load_owned(st, "K7MX3Q", game, sizeof game, &data,
                                      &len, owner, NULL), STORE_OK);
    ck_assert_str_eq(game, "hangman");
    ck_assert_str_eq(owner, "");
    ck_assert_int_eq((int)len, 2);
    free(data);
    ck_assert_int_eq(store_table_get(st, "hexpawn", &data, &len), STORE_OK);
    free(data);
    /* Old entries are a guest's: nobody logged in to sign them. */
    store_hof_entry e[2];
    ck_assert_int_eq(store_hof_board(st, "hexpawn", "won", TTY_HOF_MAX, e, 2),
                     1);
    ck_assert_str_eq(e[0].name, "ADA");
    ck_assert_int_eq(e[0].guest, 1);
    ck_assert_int_eq(store_acct_add(st, "ada", "ADA", "h"), STORE_OK);
    store_close(st);

    /* Opening again does not migrate twice. */
    ck_assert_int_eq(store_open(&st, dir, err, sizeof err), STORE_OK);
    ck_assert_int_eq(store_schema_version(st), STORE_SCHEMA_VERSION);
    ck_assert_int_eq(store_acct_get(st, "ada", NULL, NULL), STORE_OK);
    store_close(st);
    tu_rmdir(dir);
}

START_TEST(newer_databases_are_refused)
{
    char dir[256], path[300], err[256];
    tu_tempdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/ttyarcade.db", dir);
    sqlite3 *db;
    ck_assert_int_eq(sqlite3_open(path, &db), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(db, old_schema, NULL, NULL, NULL),
                     SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(db, "PRAGMA user_version = 99", NULL, NULL,
                                  NULL), SQLITE_OK);
    sqlite3_close(db);
    store *st;
    err[0] = 0;
    ck_assert_int_eq(store_open(&st, dir, err, sizeof err), STORE_ERROR);
    ck_assert_ptr_nonnull(strstr(err, "schema version 99"));
    tu_rmdir(dir);
}

int main(void)
{
    Suite *s = suite_create("acct");
    TCase *names = tcase_create("names");
    tcase_add_test(names, names_follow_the_rules);
    tcase_add_test(names, names_are_unique_without_case);
    tcase_add_test(names, shown_names_carry_no_control);
    suite_add_tcase(s, names);
    TCase *pw = tcase_create("passwords");
    tcase_add_test(pw, passwords_follow_the_rules);
    tcase_add_test(pw, hashes_verify_and_salt);
    suite_add_tcase(s, pw);
    TCase *lim = tcase_create("limits");
    tcase_add_test(lim, limits_count_within_the_window);
    tcase_add_test(lim, limits_are_options);
    tcase_add_test(lim, limit_table_is_bounded);
    tcase_add_test(lim, peer_hosts);
    suite_add_tcase(s, lim);
    TCase *st = tcase_create("store");
    tcase_add_test(st, old_databases_migrate);
    tcase_add_test(st, newer_databases_are_refused);
    suite_add_tcase(s, st);
    return tu_run_suite(s);
}
