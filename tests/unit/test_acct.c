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
#include <unistd.h>

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

/* A fresh SQLite store in a temporary directory, and the limits at their
 * defaults. */
static store *limit_store(char *dir, size_t size)
{
    char err[256];
    store *st;
    tu_tempdir(dir, size);
    ck_assert_int_eq(store_open(&st, dir, err, sizeof err), STORE_OK);
    acct_lim = (acct_limits){ .fail_max = 10, .fail_window = 600,
                              .reg_max = 5, .reg_net_max = 20,
                              .reg_window = 3600 };
    return st;
}

START_TEST(limits_count_within_the_window)
{
    char dir[256];
    store *st = limit_store(dir, sizeof dir);
    for (int i = 0; i < 9; i++) {
        ck_assert_int_eq(acct_fail_count(st, "10.0.0.1", NULL), TTY_OK);
        ck_assert_int_eq(acct_fail_blocked(st, "10.0.0.1", NULL), ACCT_OPEN);
    }
    ck_assert_int_eq(acct_fail_count(st, "10.0.0.1", NULL), TTY_OK);
    ck_assert_int_eq(acct_fail_blocked(st, "10.0.0.1", NULL),
                     ACCT_LIMITED_ADDR);
    /* Another address is not touched. */
    ck_assert_int_eq(acct_fail_blocked(st, "10.0.0.2", NULL), ACCT_OPEN);
    /* Once the window has passed, all is forgiven. */
    store_close(st);
    tu_rmdir(dir);
    st = limit_store(dir, sizeof dir);
    acct_lim.fail_max = 3;
    /* Two seconds, not one: the counts are in whole seconds, and counts
     * made just before a second turns must still be in force when they
     * are asked just after it. */
    acct_lim.fail_window = 2;
    for (int i = 0; i < 3; i++)
        acct_fail_count(st, "[::1]", "ann");
    ck_assert_int_eq(acct_fail_blocked(st, "10.9.9.9", "ann"),
                     ACCT_LIMITED_ACCT);
    sleep(3);
    ck_assert_int_eq(acct_fail_blocked(st, "[::1]", "ann"), ACCT_OPEN);
    store_close(st);
    tu_rmdir(dir);
}

/* The names of other accounts failing once each, from new addresses,
 * give no guesses back to an account that is shut (they once did, when
 * the counts were a fixed table in memory and these names shared its
 * slot). */
START_TEST(other_names_never_reopen_an_account)
{
    static const char *const names[] = {
        "zwi09a8pb6", "zkgwomgs2o", "z7tt9n0a0u", "z7xg1bxzlq",
        "zeqdklidbh", "z537ske8ff", "zwemn4e05e", "zm50grir5i",
    };
    char dir[256];
    store *st = limit_store(dir, sizeof dir);
    for (int i = 0; i < 10; i++) {
        char addr[32];
        snprintf(addr, sizeof addr, "192.0.2.%d", i + 1);
        acct_fail_count(st, addr, "victim");
    }
    ck_assert_int_eq(acct_fail_blocked(st, "198.51.100.1", "victim"),
                     ACCT_LIMITED_ACCT);
    for (int round = 0; round < 50; round++)
        for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
            char addr[32];
            snprintf(addr, sizeof addr, "203.0.%d.%zu", round, k + 1);
            acct_fail_count(st, addr, names[k]);
        }
    ck_assert_int_eq(acct_fail_blocked(st, "198.51.100.2", "victim"),
                     ACCT_LIMITED_ACCT);
    /* A server started again over the same database still counts them. */
    char err[256];
    store_close(st);
    ck_assert_int_eq(store_open(&st, dir, err, sizeof err), STORE_OK);
    ck_assert_int_eq(acct_fail_blocked(st, "198.51.100.3", "victim"),
                     ACCT_LIMITED_ACCT);
    /* The operator's unlock. */
    ck_assert_int_eq(acct_unlock(st, "victim"), TTY_OK);
    ck_assert_int_eq(acct_fail_blocked(st, "198.51.100.3", "victim"),
                     ACCT_OPEN);
    store_close(st);
    tu_rmdir(dir);
}

START_TEST(ipv6_counts_per_64)
{
    char k[64];
    acct_addr_key("[2001:db8:1:2:aaaa::1]", k, sizeof k);
    ck_assert_str_eq(k, "2001:db8:1:2::/64");
    acct_addr_key("2001:db8:1:2:ffff:ffff:ffff:ffff", k, sizeof k);
    ck_assert_str_eq(k, "2001:db8:1:2::/64");
    acct_addr_key("::ffff:192.0.2.7", k, sizeof k);
    ck_assert_str_eq(k, "192.0.2.7");
    acct_addr_key("192.0.2.7", k, sizeof k);
    ck_assert_str_eq(k, "192.0.2.7");
    acct_net_key("192.0.2.7", k, sizeof k);
    ck_assert_str_eq(k, "192.0.2.0/24");
    acct_net_key("[2001:db8:1:2::9]", k, sizeof k);
    ck_assert_str_eq(k, "2001:db8:1::/48");
    acct_addr_key("/dev/pts/3", k, sizeof k);
    ck_assert_str_eq(k, "/dev/pts/3");

    /* Every address of one /64 fails as one. */
    char dir[256];
    store *st = limit_store(dir, sizeof dir);
    for (int i = 0; i < 10; i++) {
        char addr[64];
        snprintf(addr, sizeof addr, "[2001:db8:1:2::%x]", i + 1);
        acct_fail_count(st, addr, NULL);
    }
    ck_assert_int_eq(acct_fail_blocked(st, "[2001:db8:1:2::ffff]", NULL),
                     ACCT_LIMITED_ADDR);
    ck_assert_int_eq(acct_fail_blocked(st, "[2001:db8:1:3::1]", NULL),
                     ACCT_OPEN);
    store_close(st);
    tu_rmdir(dir);
}

START_TEST(registrations_per_address_and_network)
{
    char dir[256];
    store *st = limit_store(dir, sizeof dir);
    acct_lim.reg_max = 3;
    acct_lim.reg_net_max = 5;
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(acct_register_count(st, "192.0.2.1"), ACCT_OPEN);
    ck_assert_int_eq(acct_register_blocked(st, "192.0.2.1"),
                     ACCT_LIMITED_ADDR);
    ck_assert_int_eq(acct_register_count(st, "192.0.2.1"),
                     ACCT_LIMITED_ADDR);
    /* Its network has room for two more, from other addresses. */
    ck_assert_int_eq(acct_register_blocked(st, "192.0.2.2"), ACCT_OPEN);
    ck_assert_int_eq(acct_register_count(st, "192.0.2.2"), ACCT_OPEN);
    ck_assert_int_eq(acct_register_count(st, "192.0.2.3"), ACCT_OPEN);
    ck_assert_int_eq(acct_register_count(st, "192.0.2.4"), ACCT_LIMITED_NET);
    ck_assert_int_eq(acct_register_blocked(st, "192.0.2.5"),
                     ACCT_LIMITED_NET);
    ck_assert_int_eq(acct_register_count(st, "198.51.100.1"), ACCT_OPEN);
    store_close(st);
    tu_rmdir(dir);
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
    tcase_add_test(lim, other_names_never_reopen_an_account);
    tcase_add_test(lim, ipv6_counts_per_64);
    tcase_add_test(lim, registrations_per_address_and_network);
    tcase_add_test(lim, peer_hosts);
    suite_add_tcase(s, lim);
    TCase *st = tcase_create("store");
    tcase_add_test(st, old_databases_migrate);
    tcase_add_test(st, newer_databases_are_refused);
    suite_add_tcase(s, st);
    return tu_run_suite(s);
}
