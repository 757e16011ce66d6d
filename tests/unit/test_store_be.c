/*
 * test_store_be.c - the storage interface on both backends: every test
 * runs once on SQLite (a temporary directory) and once on PostgreSQL (a
 * real server this suite starts with tests/pg/pgtmp.sh: initdb into a
 * temporary directory, a unix socket there, removed at the end).  Two
 * handles on one database stand for two servers.  The accounts' store
 * calls are test_acct.c's, run here on both.  PostgreSQL alone: the
 * database stopped under an open store and started again, and a database
 * of version 0 migrated.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <libpq-fe.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "rec_public.h"
#include "store.h"
#include "store_people.h"
#include "store_sql.h"
#include "tty.h"
#include "testutil.h"

enum { BE_SQLITE, BE_PG };

static char pg_conninfo[512];
static char sq_dir[256];

static void pgtmp(const char *verb)
{
    ck_assert_int_eq(tu_pg(verb), 0);
}

static void pg_sql(const char *sql)
{
    PGconn *c = PQconnectdb(pg_conninfo);
    ck_assert_int_eq(PQstatus(c), CONNECTION_OK);
    PGresult *r = PQexec(c, sql);
    ck_assert_msg(PQresultStatus(r) == PGRES_COMMAND_OK ||
                  PQresultStatus(r) == PGRES_TUPLES_OK,
                  "%s: %s", sql, PQerrorMessage(c));
    PQclear(r);
    PQfinish(c);
}

/* Each test starts on an empty database of its backend. */
static const char *be_fresh(int be)
{
    if (be == BE_PG) {
        pg_sql("SET client_min_messages = warning;"
               "DROP SCHEMA public CASCADE; CREATE SCHEMA public");
        return pg_conninfo;
    }
    tu_tempdir(sq_dir, sizeof sq_dir);
    return sq_dir;
}

static void be_clean(int be)
{
    if (be == BE_SQLITE)
        tu_rmdir(sq_dir);
}

static store *be_open(const char *where)
{
    store *st;
    char err[512];
    ck_assert_msg(store_open(&st, where, err, sizeof err) == STORE_OK, "%s",
                  err);
    return st;
}

START_TEST(save_load_forget)
{
    const char *where = be_fresh(_i);
    store *st = be_open(where);
    ck_assert_str_eq(store_backend(st), _i == BE_PG ? "postgresql" : "sqlite");
    /* every byte value survives, NULs and 0xFF included */
    unsigned char blob[256];
    for (int i = 0; i < 256; i++)
        blob[i] = (unsigned char)(255 - i);
    ck_assert_int_eq(store_save_new(st, "ACDEFH", "hangman", blob, 256),
                     STORE_OK);
    ck_assert_int_eq(store_save_new(st, "ACDEFH", "other", "x", 1),
                     STORE_EXISTS);
    char game[32];
    void *data;
    size_t len;
    ck_assert_int_eq(store_load(st, "ACDEFH", game, sizeof game, &data, &len),
                     STORE_OK);
    ck_assert_str_eq(game, "hangman");
    ck_assert_int_eq(len, 256);
    ck_assert_mem_eq(data, blob, 256);
    free(data);
    ck_assert_int_eq(store_save_as(st, "ACDEFH", "hangman", "", 0), STORE_OK);
    ck_assert_int_eq(store_load(st, "ACDEFH", game, sizeof game, &data, &len),
                     STORE_OK);
    ck_assert_int_eq(len, 0);
    free(data);
    ck_assert_int_eq(store_forget(st, "ACDEFH"), STORE_OK);
    ck_assert_int_eq(store_forget(st, "ACDEFH"), STORE_NOTFOUND);
    ck_assert_int_eq(store_load(st, "ACDEFH", game, sizeof game, &data, &len),
                     STORE_NOTFOUND);
    store_close(st);
    be_clean(_i);
}

START_TEST(a_save_on_one_server_loads_on_another)
{
    const char *where = be_fresh(_i);
    store *a = be_open(where), *b = be_open(where);
    ck_assert_int_eq(store_save_new(a, "KMNPQR", "efront_text", "EF41", 4),
                     STORE_OK);
    char game[32];
    void *data;
    size_t len;
    ck_assert_int_eq(store_load(b, "KMNPQR", game, sizeof game, &data, &len),
                     STORE_OK);
    ck_assert_str_eq(game, "efront_text");
    ck_assert_mem_eq(data, "EF41", 4);
    free(data);
    ck_assert_int_eq(store_save_as(b, "KMNPQR", "efront_text", "EF42", 4),
                     STORE_OK);
    ck_assert_int_eq(store_load(a, "KMNPQR", game, sizeof game, &data, &len),
                     STORE_OK);
    ck_assert_mem_eq(data, "EF42", 4);
    free(data);
    store_close(a);
    store_close(b);
    be_clean(_i);
}

START_TEST(tables_put_get)
{
    store *st = be_open(be_fresh(_i));
    void *data;
    size_t len;
    ck_assert_int_eq(store_table_get(st, "hexpawn", &data, &len),
                     STORE_NOTFOUND);
    ck_assert_int_eq(store_table_put(st, "hexpawn", "one", 3), STORE_OK);
    ck_assert_int_eq(store_table_put(st, "hexpawn", "two!", 4), STORE_OK);
    ck_assert_int_eq(store_table_get(st, "hexpawn", &data, &len), STORE_OK);
    ck_assert_int_eq(len, 4);
    ck_assert_mem_eq(data, "two!", 4);
    free(data);
    store_close(st);
    be_clean(_i);
}

/* The table holds a count; each update adds one. */
static void count_up(void *arg, const void *old, size_t oldlen, void **out,
                     size_t *outlen)
{
    long n = 0;
    (void)arg;
    if (old && oldlen == sizeof n)
        memcpy(&n, old, sizeof n);
    n++;
    *out = malloc(sizeof n);
    memcpy(*out, &n, sizeof n);
    *outlen = sizeof n;
}

#define UPDATERS 4
#define UPDATES 40

static void *updater(void *arg)
{
    store *st = arg;
    for (int i = 0; i < UPDATES; i++)
        if (store_table_update(st, "counter", count_up, NULL) != STORE_OK)
            return (void *)1;
    return NULL;
}

START_TEST(updates_from_two_servers_all_count)
{
    /* Two handles (two servers), each with threads (its workers), all
     * adding one to the same table from nothing: no update is lost, the
     * first ones (no row yet) included. */
    const char *where = be_fresh(_i);
    store *a = be_open(where), *b = be_open(where);
    pthread_t t[UPDATERS];
    for (int i = 0; i < UPDATERS; i++)
        pthread_create(&t[i], NULL, updater, i % 2 ? a : b);
    for (int i = 0; i < UPDATERS; i++) {
        void *failed;
        pthread_join(t[i], &failed);
        ck_assert_ptr_null(failed);
    }
    void *data;
    size_t len;
    long n;
    ck_assert_int_eq(store_table_get(a, "counter", &data, &len), STORE_OK);
    ck_assert_int_eq(len, sizeof n);
    memcpy(&n, data, sizeof n);
    free(data);
    ck_assert_int_eq(n, UPDATERS * UPDATES);
    store_close(a);
    store_close(b);
    be_clean(_i);
}

/* ---- the limits' counts ---------------------------------------------- */

#define LIMIT_MAX 10
#define LIMIT_TRIES 15

static long limit_now;          /* the tests' clock: unix seconds */
static _Atomic int limit_counted;

static void *limit_adder(void *arg)
{
    store *st = arg;
    for (int i = 0; i < LIMIT_TRIES; i++) {
        int rc = store_limit_add(st, "login-acct", "victim", limit_now,
                                 limit_now + 600, LIMIT_MAX);
        if (rc < 0)
            return (void *)1;
        if (rc < LIMIT_MAX)
            limit_counted++;
    }
    return NULL;
}

START_TEST(limits_are_shared_and_expire_only_by_time)
{
    const char *where = be_fresh(_i);
    store *a = be_open(where), *b = be_open(where);
    limit_now = 1700000000;
    /* Two servers, each with threads, failing at one account at once:
     * exactly max are counted, never more. */
    limit_counted = 0;
    pthread_t t[UPDATERS];
    for (int i = 0; i < UPDATERS; i++)
        pthread_create(&t[i], NULL, limit_adder, i % 2 ? a : b);
    for (int i = 0; i < UPDATERS; i++) {
        void *failed;
        pthread_join(t[i], &failed);
        ck_assert_ptr_null(failed);
    }
    ck_assert_int_eq(limit_counted, LIMIT_MAX);
    ck_assert_int_eq(store_limit_count(a, "login-acct", "victim", limit_now),
                     LIMIT_MAX);
    ck_assert_int_eq(store_limit_count(b, "login-acct", "victim", limit_now),
                     LIMIT_MAX);
    /* Events of a thousand other keys evict nothing. */
    for (int i = 0; i < 1000; i++) {
        char key[16];
        snprintf(key, sizeof key, "Z%04d", i);
        ck_assert_int_eq(store_limit_add(b, "login-acct", key, limit_now,
                                         limit_now + 600, LIMIT_MAX), 0);
    }
    ck_assert_int_eq(store_limit_add(a, "login-acct", "victim", limit_now,
                                     limit_now + 600, LIMIT_MAX), LIMIT_MAX);
    /* A store opened again (a restart) still counts them. */
    store_close(a);
    a = be_open(where);
    ck_assert_int_eq(store_limit_count(a, "login-acct", "victim",
                                       limit_now + 599), LIMIT_MAX);
    /* Kinds and keys are apart. */
    ck_assert_int_eq(store_limit_count(a, "login-addr", "victim", limit_now),
                     0);
    /* Their time up, they no longer count, and a new one is counted. */
    ck_assert_int_eq(store_limit_count(a, "login-acct", "victim",
                                       limit_now + 600), 0);
    ck_assert_int_eq(store_limit_add(a, "login-acct", "victim",
                                     limit_now + 600, limit_now + 1200,
                                     LIMIT_MAX), 0);
    /* The operator's unlock forgets a key's events. */
    ck_assert_int_eq(store_limit_clear(b, "login-acct", "victim"), STORE_OK);
    ck_assert_int_eq(store_limit_count(a, "login-acct", "victim",
                                       limit_now + 600), 0);
    ck_assert_int_eq(store_limit_clear(b, NULL, "nobody"), STORE_OK);
    store_close(a);
    store_close(b);
    be_clean(_i);
}

/* ---- what players keep about each other ------------------------------ */

START_TEST(people_are_kept)
{
    const char *where = be_fresh(_i);
    store *a = be_open(where), *b = be_open(where);
    ck_assert_int_eq(store_acct_add(a, "ann", "Ann", "$h"), STORE_OK);
    ck_assert_int_eq(store_acct_add(a, "bob", "BOB", "$h"), STORE_OK);
    /* settings, seen from the other server */
    char v[STORE_SETTING_SIZE];
    ck_assert_int_eq(store_setting_get(b, "ann", "terminal", v),
                     TTY_NOTFOUND);
    ck_assert_int_eq(store_setting_set(a, "ann", "terminal", "asr33"), TTY_OK);
    ck_assert_int_eq(store_setting_set(a, "ann", "terminal", "ansi"), TTY_OK);
    ck_assert_int_eq(store_setting_get(b, "ann", "terminal", v), TTY_OK);
    ck_assert_str_eq(v, "ansi");
    ck_assert_int_eq(store_setting_set(b, "ann", "terminal", NULL), TTY_OK);
    ck_assert_int_eq(store_setting_get(a, "ann", "terminal", v),
                     TTY_NOTFOUND);
    /* messages: kept, counted, listed in order, marked seen */
    long m1 = store_msg_add(a, "ann", "BOB", "bob", "HELLO", 100);
    long m2 = store_msg_add(b, "ann", "GUEST", NULL, "IT'S ME", 101);
    ck_assert(m1 > 0 && m2 > m1);
    ck_assert_int_eq(store_msg_unseen(b, "ann"), 2);
    store_msg rows[4];
    ck_assert_int_eq(store_msg_list(b, "ann", 1, rows, 4), 2);
    ck_assert_str_eq(rows[0].body, "HELLO");
    ck_assert_str_eq(rows[0].sender_acct, "bob");
    ck_assert_str_eq(rows[1].sender_acct, "");
    ck_assert_int_eq(store_msg_seen(a, "ann", m1), TTY_OK);
    ck_assert_int_eq(store_msg_unseen(b, "ann"), 1);
    ck_assert_int_eq(store_msg_list(b, "ann", 0, rows, 1), 1);
    ck_assert_str_eq(rows[0].body, "IT'S ME");
    /* blocks */
    ck_assert_int_eq(store_block_has(a, "ann", "bob"), 0);
    ck_assert_int_eq(store_block_set(a, "ann", "bob", 1), TTY_OK);
    ck_assert_int_eq(store_block_set(b, "ann", "bob", 1), TTY_OK);
    ck_assert_int_eq(store_block_has(b, "ann", "bob"), 1);
    char names[4][STORE_NAME_SIZE];
    ck_assert_int_eq(store_block_list(b, "ann", names, 4), 1);
    ck_assert_str_eq(names[0], "bob");
    ck_assert_int_eq(store_block_set(b, "ann", "bob", 0), TTY_OK);
    ck_assert_int_eq(store_block_has(a, "ann", "bob"), 0);
    /* ratings: from the start given, then as recorded with a result */
    store_rating start = { 1500, 0, 0, 0 }, w, l;
    ck_assert_int_eq(store_rating_get(a, "ann", "backgammon", &start, &w),
                     TTY_NOTFOUND);
    ck_assert(w.rating == 1500);
    w = (store_rating){ 1510.25, 5, 1, 1 };
    l = (store_rating){ 1489.75, 5, 1, 0 };
    ck_assert_int_eq(store_result_add(a, "backgammon", "ann", "bob", 5,
                                      "won", 200, &w, &l), TTY_OK);
    store_rating r;
    ck_assert_int_eq(store_rating_get(b, "bob", "backgammon", &start, &r),
                     TTY_OK);
    ck_assert(r.rating == 1489.75 && r.experience == 5 && r.played == 1 &&
              r.won == 0);
    store_rating_row top[4];
    ck_assert_int_eq(store_rating_top(b, "backgammon", top, 4), 2);
    ck_assert_str_eq(top[0].name, "Ann");
    ck_assert_str_eq(top[1].account, "bob");
    store_result_row res[4];
    ck_assert_int_eq(store_result_list(b, "bob", res, 4), 1);
    ck_assert_str_eq(res[0].opponent, "Ann");
    ck_assert_int_eq(res[0].won, 0);
    ck_assert_int_eq(res[0].length, 5);
    /* last seen */
    char name[STORE_NAME_SIZE];
    long created, seen;
    ck_assert_int_eq(store_seen_set(a, "ann", 300), TTY_OK);
    ck_assert_int_eq(store_acct_info(b, "ann", name, &created, &seen), TTY_OK);
    ck_assert_str_eq(name, "Ann");
    ck_assert_int_eq(seen, 300);
    ck_assert_int_eq(store_acct_info(b, "zed", name, &created, &seen),
                     TTY_NOTFOUND);
    /* a deleted account takes what it kept; its results stay */
    ck_assert_int_eq(store_acct_delete(a, "ann"), STORE_OK);
    ck_assert_int_eq(store_msg_unseen(b, "ann"), 0);
    ck_assert_int_eq(store_rating_get(b, "ann", "backgammon", &start, &r),
                     TTY_NOTFOUND);
    ck_assert_int_eq(store_result_list(b, "bob", res, 4), 1);
    ck_assert_str_eq(res[0].opponent, "ann");
    store_close(a);
    store_close(b);
    be_clean(_i);
}

/* A batch is all or nothing: a failing statement undoes the ones before. */
START_TEST(sql_batches_are_all_or_nothing)
{
    const char *where = be_fresh(_i);
    store *st = be_open(where);
    store_arg ok[] = { STORE_T("ann"), STORE_T("k"), STORE_T("1") };
    store_arg dup[] = { STORE_T("x"), STORE_T("y"), STORE_T("z") };
    const char *ins = "INSERT INTO settings(account, key, value) VALUES($1, "
                      "$2, $3)";
    store_stmt two[] = { { ins, ok, 3 }, { ins, ok, 3 } };
    ck_assert_int_eq(store_sql_batch(st, two, 2), TTY_EXISTS);
    char v[STORE_SETTING_SIZE];
    ck_assert_int_eq(store_setting_get(st, "ann", "k", v), TTY_NOTFOUND);
    store_stmt fine[] = { { ins, ok, 3 }, { ins, dup, 3 } };
    ck_assert_int_eq(store_sql_batch(st, fine, 2), TTY_OK);
    ck_assert_int_eq(store_setting_get(st, "x", "y", v), TTY_OK);
    ck_assert_str_eq(v, "z");
    store_close(st);
    be_clean(_i);
}

START_TEST(hall_of_fame_ranks)
{
    store *st = be_open(be_fresh(_i));
    store_hof_add(st, "g", "m", "ANN", 5, "a");
    store_hof_add(st, "g", "m", "BOB", 2, "b");
    store_hof_add(st, "g", "m", "ANN", 1, "c");
    store_hof_add(st, "g", "m", "CY", 9, "d");
    store_hof_add(st, "other", "m", "ZED", 100, "z");
    store_hof_row rows[5];
    int n = store_hof_top(st, "g", "m", TTY_HOF_MAX, rows, 5);
    ck_assert_int_eq(n, 4);
    ck_assert_str_eq(rows[0].name, "CY");
    ck_assert_int_eq(rows[0].value, 9);
    n = store_hof_top(st, "g", "m", TTY_HOF_MIN, rows, 2);
    ck_assert_int_eq(n, 2);
    ck_assert_str_eq(rows[0].detail, "c");
    ck_assert_str_eq(rows[1].name, "BOB");
    n = store_hof_top(st, "g", "m", TTY_HOF_SUM, rows, 5);
    ck_assert_int_eq(n, 3);
    ck_assert_str_eq(rows[0].name, "CY");
    ck_assert_str_eq(rows[1].name, "ANN");
    ck_assert_int_eq(rows[1].value, 6);
    n = store_hof_top(st, "g", "m", TTY_HOF_COUNT, rows, 5);
    ck_assert_str_eq(rows[0].name, "ANN");
    ck_assert_int_eq(rows[0].value, 2);
    store_close(st);
    be_clean(_i);
}

static void ban_seen(void *arg, const char *range, const char *reason,
                     long at)
{
    char *out = arg;
    (void)at;
    size_t n = strlen(out);
    snprintf(out + n, 256 - n, "%s=%s;", range, reason);
}

START_TEST(bans_add_replace_remove)
{
    store *st = be_open(be_fresh(_i));
    char seen[256] = "";
    ck_assert_int_eq(store_ban_add(st, "192.0.2.0/24", "spam"), STORE_OK);
    ck_assert_int_eq(store_ban_add(st, "192.0.2.0/24", "flood"), STORE_OK);
    ck_assert_int_eq(store_ban_list(st, ban_seen, seen), STORE_OK);
    ck_assert_str_eq(seen, "192.0.2.0/24=flood;");
    /* one ban by its key: an account's as much as a range's */
    char why[8];
    long at = 0;
    ck_assert_int_eq(store_ban_add(st, "account:ann", "cheating at hangman"),
                     STORE_OK);
    ck_assert_int_eq(store_ban_get(st, "account:ann", why, sizeof why, &at),
                     STORE_OK);
    ck_assert_str_eq(why, "cheatin");
    ck_assert_int_ge(at, 1700000000);
    ck_assert_int_eq(store_ban_get(st, "account:bob", why, sizeof why, &at),
                     STORE_NOTFOUND);
    ck_assert_int_eq(store_ban_remove(st, "account:ann"), STORE_OK);
    ck_assert_int_eq(store_ban_remove(st, "192.0.2.0/24"), STORE_OK);
    ck_assert_int_eq(store_ban_remove(st, "192.0.2.0/24"), STORE_NOTFOUND);
    seen[0] = 0;
    ck_assert_int_eq(store_ban_list(st, ban_seen, seen), STORE_OK);
    ck_assert_str_eq(seen, "");
    store_close(st);
    be_clean(_i);
}

static void presence_seen(void *arg, const store_presence_row *r)
{
    char *out = arg;
    size_t n = strlen(out);
    snprintf(out + n, 256 - n, "%s:%s:%s:%ld;", r->server, r->name, r->game,
             r->since);
}

START_TEST(presence_lists_the_other_servers)
{
    const char *where = be_fresh(_i);
    store *a = be_open(where), *b = be_open(where);
    store_presence_row rows[2] = {
        { .name = "ANN", .game = "hangman", .since = 100 },
        { .name = "BO\"B\\", .game = "(menu)", .since = 200 },
    };
    ck_assert_int_eq(store_presence_sync(a, "one", rows, 2, 1000, 30),
                     STORE_OK);
    ck_assert_int_eq(store_presence_sync(b, "two", rows, 1, 1000, 30),
                     STORE_OK);
    char seen[256] = "";
    ck_assert_int_eq(store_presence_list(b, "two", 990, presence_seen, seen),
                     2);
    ck_assert_str_eq(seen, "one:ANN:hangman:100;one:BO\"B\\:(menu):200;");
    /* a heartbeat replaces the server's rows */
    ck_assert_int_eq(store_presence_sync(a, "one", rows + 1, 1, 1010, 30),
                     STORE_OK);
    seen[0] = 0;
    ck_assert_int_eq(store_presence_list(b, "two", 990, presence_seen, seen),
                     1);
    ck_assert_str_eq(seen, "one:BO\"B\\:(menu):200;");
    /* a server that stops beating drops out: by age in the list, and
     * from the table at the next heartbeat past its expiry */
    seen[0] = 0;
    ck_assert_int_eq(store_presence_list(a, "one", 1001, presence_seen, seen),
                     0);
    ck_assert_int_eq(store_presence_sync(a, "one", NULL, 0, 1100, 30),
                     STORE_OK);
    seen[0] = 0;
    ck_assert_int_eq(store_presence_list(a, "", 0, presence_seen, seen), 0);
    store_close(a);
    store_close(b);
    be_clean(_i);
}

/* The shared lobby: one seat per key, claimed once; a seat whose server
 * stopped beating is replaced, never claimed; a server's restart clears
 * its own seats.  SQLite, one server's store, has no shared lobby. */
START_TEST(lobby_seats_are_claimed_once)
{
    const char *where = be_fresh(_i);
    store *a = be_open(where), *b = be_open(where);
    store_lobby_seat seat;
    if (_i == BE_SQLITE) {
        ck_assert_int_eq(store_lobby_meet(a, "gunjin", "one", 1, 1000, 997,
                                          &seat), TTY_NOSTORE);
        ck_assert_ptr_null(store_shared_uri(a));
        store_close(a);
        store_close(b);
        be_clean(_i);
        return;
    }
    ck_assert_str_eq(store_shared_uri(a), where);
    /* the first to ask takes the seat */
    ck_assert_int_eq(store_lobby_meet(a, "gunjin", "one", 7, 1000, 997,
                                      &seat), TTY_NOTFOUND);
    long first = seat.id;
    ck_assert_str_eq(seat.server, "one");
    /* another key is another seat */
    ck_assert_int_eq(store_lobby_meet(b, "backgammon", "two", 3, 1000, 997,
                                      &seat), TTY_NOTFOUND);
    long other = seat.id;
    /* the next under the key claims it, from another server */
    memset(&seat, 0, sizeof seat);
    ck_assert_int_eq(store_lobby_meet(b, "gunjin", "two", 9, 1001, 998,
                                      &seat), TTY_OK);
    ck_assert_int_eq(seat.id, first);
    ck_assert_str_eq(seat.server, "one");
    ck_assert_int_eq(seat.session, 7);
    /* the one who waited cannot give up a seat that was claimed */
    ck_assert_int_eq(store_lobby_leave(a, first), TTY_NOTFOUND);
    /* ... and gives up one that was not */
    ck_assert_int_eq(store_lobby_leave(b, other), TTY_OK);
    ck_assert_int_eq(store_lobby_meet(a, "backgammon", "one", 4, 1002, 999,
                                      &seat), TTY_NOTFOUND);
    /* a seat not renewed within three beats is not claimed: the asker
     * takes it over under a new number */
    long stale = seat.id;
    ck_assert_int_eq(store_lobby_meet(b, "backgammon", "two", 5, 1100, 1097,
                                      &seat), TTY_NOTFOUND);
    ck_assert_int_ne(seat.id, stale);
    ck_assert_str_eq(seat.server, "two");
    /* beats keep a server's seats; a restart clears them */
    ck_assert_int_eq(store_lobby_beat(b, "two", 1200, 1197, 0), TTY_OK);
    ck_assert_int_eq(store_lobby_meet(a, "hexpawn", "one", 6, 1200, 1197,
                                      &seat), TTY_NOTFOUND);
    ck_assert_int_eq(store_lobby_beat(b, "two", 1201, 1198, 1), TTY_OK);
    ck_assert_int_eq(store_lobby_meet(a, "backgammon", "one", 8, 1201, 1198,
                                      &seat), TTY_NOTFOUND);
    ck_assert_str_eq(seat.server, "one");
    /* and one server's beat drops the seats of a server gone silent */
    ck_assert_int_eq(store_lobby_beat(b, "two", 1300, 1297, 0), TTY_OK);
    ck_assert_int_eq(store_lobby_leave(a, seat.id), TTY_NOTFOUND);
    store_close(a);
    store_close(b);
}
END_TEST

START_TEST(schema_versions)
{
    const char *where = be_fresh(_i);
    store *st = be_open(where);
    int v = store_schema_version(st);
    ck_assert_int_ge(v, 0);
    store_close(st);
    /* opening again migrates nothing and says the same */
    st = be_open(where);
    ck_assert_int_eq(store_schema_version(st), v);
    store_close(st);
    /* a database from a later ttyarcade is refused, not damaged */
    if (_i == BE_PG) {
        pg_sql("UPDATE schema_version SET version = 999");
    } else {
        char path[600];
        snprintf(path, sizeof path, "%s/ttyarcade.db", where);
        sqlite3 *db;
        ck_assert_int_eq(sqlite3_open(path, &db), SQLITE_OK);
        ck_assert_int_eq(sqlite3_exec(db, "PRAGMA user_version = 999", NULL,
                                      NULL, NULL), SQLITE_OK);
        sqlite3_close(db);
    }
    char err[512];
    ck_assert_int_eq(store_open(&st, where, err, sizeof err), STORE_ERROR);
    ck_assert_ptr_nonnull(strstr(err, "schema version 999"));
    be_clean(_i);
}

START_TEST(where_is_read)
{
    char err[512];
    store *st;
    char dir[256], where[300];
    tu_tempdir(dir, sizeof dir);
    snprintf(where, sizeof where, "sqlite:%s", dir);
    st = be_open(where);
    ck_assert_str_eq(store_backend(st), "sqlite");
    store_close(st);
    ck_assert_int_eq(store_open(&st, "sqlite:", err, sizeof err),
                     STORE_ERROR);
    /* nothing listens there: refused at once, with libpq's reason */
    ck_assert_int_eq(store_open(&st, "postgresql:///x?host=/nonexistent",
                                err, sizeof err), STORE_ERROR);
    ck_assert_ptr_nonnull(strstr(err, "/nonexistent"));
    tu_rmdir(dir);
}

START_TEST(the_database_goes_away_and_comes_back)
{
    /* PostgreSQL stops under an open store: a save fails with an error
     * (the game tells the player), nothing hangs; when it is back, the
     * same store saves again without being reopened. */
    store *st = be_open(be_fresh(BE_PG));
    ck_assert_int_eq(store_save_new(st, "ACDEFH", "hangman", "a", 1),
                     STORE_OK);
    pgtmp("stop");
    ck_assert_int_eq(store_save_as(st, "ACDEFH", "hangman", "b", 1),
                     STORE_ERROR);
    /* why, for the log */
    ck_assert_msg(strstr(store_error(), "connect") ||
                  strstr(store_error(), "closed"), "%s", store_error());
    ck_assert_int_eq(store_table_update(st, "t", count_up, NULL),
                     STORE_ERROR);
    pgtmp("restart");
    ck_assert_int_eq(store_save_as(st, "ACDEFH", "hangman", "c", 1),
                     STORE_OK);
    ck_assert_str_eq(store_error(), "");
    char game[32];
    void *data;
    size_t len;
    ck_assert_int_eq(store_load(st, "ACDEFH", game, sizeof game, &data, &len),
                     STORE_OK);
    ck_assert_mem_eq(data, "c", 1);
    free(data);
    /* a restart while the pool sits idle costs no call a failure */
    pgtmp("stop");
    pgtmp("restart");
    ck_assert_int_eq(store_save_as(st, "ACDEFH", "hangman", "d", 1),
                     STORE_OK);
    ck_assert_int_eq(store_table_update(st, "t", count_up, NULL), STORE_OK);
    store_close(st);
}

/* ---- accounts (the store calls of test_acct.c, on both backends) ---- */

START_TEST(acct_accounts_are_kept)
{
    char name[STORE_NAME_SIZE], hash[STORE_HASH_SIZE];
    store *st = be_open(be_fresh(_i));
    ck_assert_int_eq(store_schema_version(st), STORE_SCHEMA_VERSION);
    ck_assert_int_eq(store_acct_add(st, "ann", "Ann", "$argon2id$x"),
                     STORE_OK);
    ck_assert_int_eq(store_acct_add(st, "ann", "ANN", "$argon2id$y"),
                     STORE_EXISTS);
    ck_assert_int_eq(store_acct_get(st, "ann", name, hash), STORE_OK);
    ck_assert_str_eq(name, "Ann");
    ck_assert_str_eq(hash, "$argon2id$x");
    ck_assert_int_eq(store_acct_get(st, "bob", name, hash), STORE_NOTFOUND);
    ck_assert_int_eq(store_acct_set_hash(st, "ann", "$argon2id$z"), STORE_OK);
    ck_assert_int_eq(store_acct_get(st, "ann", NULL, hash), STORE_OK);
    ck_assert_str_eq(hash, "$argon2id$z");
    ck_assert_int_eq(store_acct_set_hash(st, "bob", "h"), STORE_NOTFOUND);
    /* the choice not to be watched (schema version 4) */
    ck_assert_int_eq(store_acct_nowatch(st, "ann"), 0);
    ck_assert_int_eq(store_acct_set_nowatch(st, "ann", 1), STORE_OK);
    ck_assert_int_eq(store_acct_nowatch(st, "ann"), 1);
    ck_assert_int_eq(store_acct_set_nowatch(st, "ann", 0), STORE_OK);
    ck_assert_int_eq(store_acct_nowatch(st, "ann"), 0);
    ck_assert_int_eq(store_acct_nowatch(st, "bob"), STORE_NOTFOUND);
    ck_assert_int_eq(store_acct_set_nowatch(st, "bob", 1), STORE_NOTFOUND);

    /* Saves with an owner: listed for it, kept as its own when saved
     * again, forgotten with it. */
    ck_assert_int_eq(store_save_owned(st, "AAAAA-CCCCC", "checkers", "1", 1,
                                      "ann", NULL, "HARRY, MOVE 3", 1),
                     STORE_OK);
    ck_assert_int_eq(store_save_owned(st, "AAAAA-CCCCC", "checkers", "2", 1,
                                      "ann", NULL, NULL, 1), STORE_EXISTS);
    ck_assert_int_eq(store_save_owned(st, "AAAAA-CCCCC", "checkers", "22", 2,
                                      NULL, NULL, NULL, 0), STORE_OK);
    ck_assert_int_eq(store_save_owned(st, "DDDDD-EEEEE", "hangman", "x", 1,
                                      NULL, NULL, NULL, 1), STORE_OK);
    store_save_row rows[8];
    int n = store_saves_of(st, "ann", rows, 8);
    ck_assert_int_eq(n, 1);
    ck_assert_str_eq(rows[0].code, "AAAAA-CCCCC");
    ck_assert_str_eq(rows[0].game, "checkers");
    ck_assert_str_eq(rows[0].note, "HARRY, MOVE 3");
    char game[32], owner[STORE_NAME_SIZE];
    void *data;
    size_t len;
    ck_assert_int_eq(store_load_owned(st, "AAAAA-CCCCC", game, sizeof game,
                                      &data, &len, owner, NULL), STORE_OK);
    ck_assert_str_eq(owner, "ann");
    ck_assert_int_eq((int)len, 2);
    free(data);
    ck_assert_int_eq(store_load_owned(st, "DDDDD-EEEEE", game, sizeof game,
                                      &data, &len, owner, NULL), STORE_OK);
    ck_assert_str_eq(owner, "");
    free(data);
    ck_assert_int_eq(store_forget_owned(st, "DDDDD-EEEEE", "ann"),
                     STORE_NOTFOUND);

    ck_assert_int_eq(store_hof_add_acct(st, "g", "m", "Ann", "ann", 5, ""),
                     STORE_OK);
    ck_assert_int_eq(store_acct_delete(st, "ann"), STORE_OK);
    ck_assert_int_eq(store_acct_delete(st, "ann"), STORE_NOTFOUND);
    ck_assert_int_eq(store_saves_of(st, "ann", rows, 8), 0);
    ck_assert_int_eq(store_load(st, "AAAAA-CCCCC", game, sizeof game, &data,
                                &len), STORE_NOTFOUND);
    ck_assert_int_eq(store_load(st, "DDDDD-EEEEE", game, sizeof game, &data,
                                &len), STORE_OK);
    free(data);
    store_hof_entry e[4];
    ck_assert_int_eq(store_hof_board(st, "g", "m", TTY_HOF_MAX, e, 4), 1);
    ck_assert_int_eq(e[0].guest, 1);
    store_close(st);
    be_clean(_i);
}

START_TEST(acct_two_players_share_a_save)
{
    char owner[STORE_NAME_SIZE], partner[STORE_NAME_SIZE];
    store *st = be_open(be_fresh(_i));
    ck_assert_int_eq(store_save_owned(st, "FFFFF-HHHHH", "backgammon", "1", 1,
                                      "ann", "bob", "TWO PLAYERS", 1),
                     STORE_OK);
    /* Saved again through the guest's handle: both stay. */
    ck_assert_int_eq(store_save_owned(st, "FFFFF-HHHHH", "backgammon", "2", 1,
                                      "ann", NULL, NULL, 0), STORE_OK);
    store_save_row rows[4];
    ck_assert_int_eq(store_saves_of(st, "ann", rows, 4), 1);
    ck_assert_int_eq(store_saves_of(st, "bob", rows, 4), 1);
    ck_assert_str_eq(rows[0].note, "TWO PLAYERS");
    char game[32];
    void *data;
    size_t len;
    ck_assert_int_eq(store_load_owned(st, "FFFFF-HHHHH", game, sizeof game,
                                      &data, &len, owner, partner), STORE_OK);
    free(data);
    ck_assert_str_eq(owner, "ann");
    ck_assert_str_eq(partner, "bob");
    /* Deleting bob's account leaves ann's game; bob can delete it too. */
    store_acct_add(st, "bob", "BOB", "h");
    ck_assert_int_eq(store_forget_owned(st, "FFFFF-HHHHH", "cy"),
                     STORE_NOTFOUND);
    ck_assert_int_eq(store_acct_delete(st, "bob"), STORE_OK);
    ck_assert_int_eq(store_saves_of(st, "ann", rows, 4), 1);
    ck_assert_int_eq(store_forget_owned(st, "FFFFF-HHHHH", "ann"), STORE_OK);
    ck_assert_int_eq(store_saves_of(st, "ann", rows, 4), 0);
    store_close(st);
    be_clean(_i);
}

static void acct_count_row(void *arg, const store_acct_row *r)
{
    char *out = arg;
    strcat(out, r->name);
    strcat(out, ",");
}

START_TEST(acct_accounts_are_listed)
{
    char out[256] = "";
    store *st = be_open(be_fresh(_i));
    store_acct_add(st, "zed", "ZED", "h");
    store_acct_add(st, "ann", "Ann", "h");
    ck_assert_int_eq(store_acct_list(st, acct_count_row, out), 2);
    ck_assert_str_eq(out, "Ann,ZED,");
    store_close(st);
    be_clean(_i);
}

START_TEST(acct_hall_of_fame_tells_guests_apart)
{
    store *st = be_open(be_fresh(_i));
    store_hof_add_acct(st, "g", "w", "ANN", "ann", 1, "");
    store_hof_add_acct(st, "g", "w", "ANN", "ann", 1, "");
    store_hof_add_acct(st, "g", "w", "ANN", NULL, 1, "");
    store_hof_entry e[4];
    int n = store_hof_board(st, "g", "w", TTY_HOF_COUNT, e, 4);
    ck_assert_int_eq(n, 2);
    ck_assert_str_eq(e[0].name, "ANN");
    ck_assert_int_eq(e[0].value, 2);
    ck_assert_int_eq(e[0].guest, 0);
    ck_assert_int_eq(e[1].value, 1);
    ck_assert_int_eq(e[1].guest, 1);
    store_close(st);
    be_clean(_i);
}


START_TEST(pg_version_0_migrates)
{
    /* A database as the servers before accounts left it (version 0):
     * opened now, it gains the accounts' tables and columns, and what it
     * held is still there and can be owned. */
    be_fresh(BE_PG);
    pg_sql("CREATE TABLE schema_version(version INTEGER NOT NULL);"
           "INSERT INTO schema_version VALUES(0);"
           "CREATE TABLE saves(code TEXT PRIMARY KEY, game TEXT NOT NULL,"
           "  data BYTEA NOT NULL, saved BIGINT NOT NULL);"
           "CREATE TABLE tables(name TEXT PRIMARY KEY, data BYTEA NOT NULL);"
           "CREATE TABLE hof(id BIGSERIAL PRIMARY KEY, game TEXT NOT NULL,"
           "  metric TEXT NOT NULL, name TEXT NOT NULL, value BIGINT NOT NULL,"
           "  detail TEXT NOT NULL, at BIGINT NOT NULL);"
           "INSERT INTO saves VALUES('K7MX3Q', 'hangman', '\\x0102',"
           "  1700000000);"
           "INSERT INTO tables VALUES('hexpawn', '\\x09');"
           "INSERT INTO hof(game, metric, name, value, detail, at)"
           "  VALUES('hexpawn', 'won', 'ADA', 1, '', 1700000000)");
    store *st = be_open(pg_conninfo);
    ck_assert_int_eq(store_schema_version(st), STORE_SCHEMA_VERSION);
    char game[32];
    void *data;
    size_t len;
    ck_assert_int_eq(store_load(st, "K7MX3Q", game, sizeof game, &data, &len),
                     STORE_OK);
    ck_assert_int_eq((int)len, 2);
    ck_assert_mem_eq(data, "\x01\x02", 2);
    free(data);
    ck_assert_int_eq(store_table_get(st, "hexpawn", &data, &len), STORE_OK);
    ck_assert_mem_eq(data, "\x09", 1);
    free(data);
    store_save_row rows[2];
    ck_assert_int_eq(store_saves_of(st, "ann", rows, 2), 0);
    ck_assert_int_eq(store_save_owned(st, "K7MX3Q", "hangman", "\x03", 1,
                                      "ann", NULL, "OLD", 0), STORE_OK);
    ck_assert_int_eq(store_saves_of(st, "ann", rows, 2), 1);
    ck_assert_str_eq(rows[0].note, "OLD");
    store_hof_entry e[2];
    ck_assert_int_eq(store_hof_board(st, "hexpawn", "won", TTY_HOF_COUNT, e,
                                     2), 1);
    ck_assert_int_eq(e[0].guest, 1);
    store_close(st);
}

/* ---- SSH keys (test_sshkey.c's store case, on both backends) ---- */

START_TEST(keys_are_kept_per_account)
{
    static const char blob[] = "AAAAC3NzaC1lZDI1NTE5AAAAIBench";
    store *st = be_open(be_fresh(_i));
    ck_assert_int_eq(store_acct_add(st, "ann", "ANN", "h"), STORE_OK);
    ck_assert_int_eq(store_key_add(st, "ann", "ssh-ed25519", blob, "a"),
                     STORE_OK);
    ck_assert_int_eq(store_key_add(st, "ann", "ssh-ed25519", blob, "b"),
                     STORE_EXISTS);
    ck_assert_int_eq(store_key_has(st, "ann", "ssh-ed25519", blob),
                     STORE_OK);
    ck_assert_int_eq(store_key_has(st, "bob", "ssh-ed25519", blob),
                     STORE_NOTFOUND);
    for (int i = 1; i < STORE_KEYS_MAX; i++) {
        char b[16];
        snprintf(b, sizeof b, "K%d", i);
        ck_assert_int_eq(store_key_add(st, "ann", "t", b, ""), STORE_OK);
    }
    ck_assert_int_eq(store_key_add(st, "ann", "t", "one too many", ""),
                     STORE_NOTFOUND);
    static store_key_row rows[STORE_KEYS_MAX];
    ck_assert_int_eq(store_key_list(st, "ann", rows, STORE_KEYS_MAX),
                     STORE_KEYS_MAX);
    ck_assert_str_eq(rows[0].blob, blob);
    ck_assert_str_eq(rows[0].comment, "a");
    ck_assert_int_eq(store_key_delete(st, "bob", rows[0].id), STORE_NOTFOUND);
    ck_assert_int_eq(store_key_delete(st, "ann", rows[0].id), STORE_OK);
    ck_assert_int_eq(store_key_has(st, "ann", "ssh-ed25519", blob),
                     STORE_NOTFOUND);
    ck_assert_int_eq(store_acct_delete(st, "ann"), STORE_OK);
    ck_assert_int_eq(store_key_list(st, "ann", rows, STORE_KEYS_MAX), 0);
    store_close(st);
    be_clean(_i);
}

/* ---- the recordings' index ---- */

static void rec_seen(void *arg, const store_rec_row *r)
{
    char *out = arg;
    size_t n = strlen(out);
    snprintf(out + n, 256 - n, "%s:%s:%s;", r->file, r->player, r->result);
}

START_TEST(recordings_are_indexed)
{
    store *st = be_open(be_fresh(_i));
    long now = 1800000000;
    store_rec_row r = { .player = "ANN", .game = "hangman", .term = "ansi",
                        .width = 80, .height = 24, .start = now,
                        .result = "playing" };
    snprintf(r.file, sizeof r.file, "one.cast");
    long one = store_rec_add(st, &r);
    ck_assert_int_gt(one, 0);
    snprintf(r.file, sizeof r.file, "two.cast");
    snprintf(r.player, sizeof r.player, "BOB");
    long two = store_rec_add(st, &r);
    ck_assert_int_gt(two, one);
    ck_assert_int_eq(store_rec_finish(st, one, 5000, 1234, "won"), STORE_OK);
    store_rec_row got;
    ck_assert_int_eq(store_rec_get(st, one, &got), STORE_OK);
    ck_assert_str_eq(got.file, "one.cast");
    ck_assert_str_eq(got.term, "ansi");
    ck_assert_int_eq(got.width, 80);
    ck_assert_int_eq(got.duration_ms, 5000);
    ck_assert_int_eq(got.size, 1234);
    ck_assert_str_eq(got.result, "won");
    ck_assert_int_eq(store_rec_get(st, two + 100, &got), STORE_NOTFOUND);
    char seen[256] = "";
    ck_assert_int_eq(store_rec_list(st, NULL, 0, 0, rec_seen, seen), 2);
    ck_assert_str_eq(seen, "two.cast:BOB:playing;one.cast:ANN:won;");
    seen[0] = 0;
    ck_assert_int_eq(store_rec_list(st, NULL, 1, 1, rec_seen, seen), 1);
    ck_assert_str_eq(seen, "one.cast:ANN:won;");
    seen[0] = 0;
    ck_assert_int_eq(store_rec_list(st, "BOB", 0, 0, rec_seen, seen), 1);
    ck_assert_str_eq(seen, "two.cast:BOB:playing;");
    /* the recording behind a hall of fame entry made during it (the
     * entry's time is the wall clock's, so the test's times are too) */
    long t0 = (long)time(NULL);
    snprintf(r.file, sizeof r.file, "three.cast");
    snprintf(r.player, sizeof r.player, "CY");
    r.start = t0 - 1;
    long three = store_rec_add(st, &r);
    ck_assert_int_eq(store_hof_add(st, "hangman", "words", "CY", 3, ""),
                     STORE_OK);
    ck_assert_int_eq(store_rec_finish(st, three, 4000, 10, "won"), STORE_OK);
    seen[0] = 0;
    ck_assert_int_eq(store_rec_best(st, "hangman", "words", 0, 5, rec_seen,
                                    seen), 1);
    ck_assert_str_eq(seen, "three.cast:CY:won;");
    ck_assert_int_eq(store_rec_remove(st, one), STORE_OK);
    ck_assert_int_eq(store_rec_remove(st, one), STORE_NOTFOUND);
    store_close(st);
    be_clean(_i);
}

/* Which recordings others may see (community/rec_public.c), on the
 * index of either backend: a game over, hiding nothing, not made while
 * its player forbade watching (the row's nowatch, schema 8), not of an
 * account that forbids it now; newest first, a page at a time. */
START_TEST(public_recordings)
{
    store *st = be_open(be_fresh(_i));
    static const struct { const char *player, *game, *result; int nowatch; }
        made[] = {
            { "ANN", "hangman", "finished", 0 },
            { "BOB", "gunjin", "finished", 0 },     /* hides pieces */
            { "CY", "hangman", "playing", 0 },      /* still on */
            { "DEE", "hangman", "hangup", 1 },      /* forbade then */
            { "EVE", "hexpawn", "finished", 0 },    /* forbids now */
            { "FAY", "hexpawn", "finished", 0 },    /* an account */
            { "GUS", "hangman", "stopped", 0 },     /* a guest */
        };
    long dee = 0;
    for (size_t i = 0; i < sizeof made / sizeof made[0]; i++) {
        store_rec_row r = { .term = "glass", .width = 80, .height = 24,
                            .start = 1800000000 + (long)i,
                            .nowatch = made[i].nowatch };
        snprintf(r.file, sizeof r.file, "%zu.cast", i);
        snprintf(r.player, sizeof r.player, "%s", made[i].player);
        snprintf(r.game, sizeof r.game, "%s", made[i].game);
        snprintf(r.result, sizeof r.result, "%s", made[i].result);
        long id = store_rec_add(st, &r);
        ck_assert_int_gt(id, 0);
        if (made[i].nowatch)
            dee = id;
    }
    store_rec_row got;
    ck_assert_int_eq(store_rec_get(st, dee, &got), STORE_OK);
    ck_assert_int_eq(got.nowatch, 1);
    ck_assert_int_eq(store_acct_add(st, "eve", "EVE", "h"), STORE_OK);
    ck_assert_int_eq(store_acct_set_nowatch(st, "eve", 1), STORE_OK);
    ck_assert_int_eq(store_acct_add(st, "fay", "FAY", "h"), STORE_OK);
    store_rec_row rows[10];
    int more = -1;
    rec_public_memo memo = { 0 };
    ck_assert_int_eq(rec_public_list(st, NULL, 0, 10, rows, &more, &memo),
                     3);
    ck_assert_str_eq(rows[0].player, "GUS");
    ck_assert_str_eq(rows[1].player, "FAY");
    ck_assert_str_eq(rows[2].player, "ANN");
    ck_assert_int_eq(more, 0);
    ck_assert_int_eq(rec_public_account(&memo, "FAY"), 1);
    ck_assert_int_eq(rec_public_account(&memo, "gus"), 0);
    ck_assert_int_eq(rec_public_account(&memo, "NOBODY"), -1);
    /* a page at a time */
    ck_assert_int_eq(rec_public_list(st, NULL, 1, 1, rows, &more, NULL), 1);
    ck_assert_str_eq(rows[0].player, "FAY");
    ck_assert_int_eq(more, 1);
    ck_assert_int_eq(rec_public_list(st, NULL, 2, 1, rows, &more, NULL), 1);
    ck_assert_str_eq(rows[0].player, "ANN");
    ck_assert_int_eq(more, 0);
    /* one player's: none of an account that forbids watching */
    ck_assert_int_eq(rec_public_list(st, "EVE", 0, 10, rows, &more, NULL),
                     0);
    ck_assert_int_eq(rec_public_list(st, "FAY", 0, 10, rows, &more, NULL),
                     1);
    /* allowed again: listed again */
    ck_assert_int_eq(store_acct_set_nowatch(st, "eve", 0), STORE_OK);
    ck_assert_int_eq(rec_public_list(st, "EVE", 0, 10, rows, &more, NULL),
                     1);
    store_close(st);
    be_clean(_i);
}
END_TEST

int main(void)
{
    tu_pg_start(pg_conninfo, sizeof pg_conninfo);
    Suite *s = suite_create("store backends");
    TCase *both = tcase_create("sqlite and postgresql");
    tcase_set_timeout(both, 60);
    tcase_add_loop_test(both, save_load_forget, BE_SQLITE, BE_PG + 1);
    tcase_add_loop_test(both, a_save_on_one_server_loads_on_another,
                        BE_SQLITE, BE_PG + 1);
    tcase_add_loop_test(both, tables_put_get, BE_SQLITE, BE_PG + 1);
    tcase_add_loop_test(both, updates_from_two_servers_all_count, BE_SQLITE,
                        BE_PG + 1);
    tcase_add_loop_test(both, hall_of_fame_ranks, BE_SQLITE, BE_PG + 1);
    tcase_add_loop_test(both, people_are_kept, BE_SQLITE, BE_PG + 1);
    tcase_add_loop_test(both, sql_batches_are_all_or_nothing, BE_SQLITE,
                        BE_PG + 1);
    tcase_add_loop_test(both, limits_are_shared_and_expire_only_by_time,
                        BE_SQLITE, BE_PG + 1);
    tcase_add_loop_test(both, bans_add_replace_remove, BE_SQLITE, BE_PG + 1);
    tcase_add_loop_test(both, presence_lists_the_other_servers, BE_SQLITE,
                        BE_PG + 1);
    tcase_add_loop_test(both, schema_versions, BE_SQLITE, BE_PG + 1);
    tcase_add_loop_test(both, lobby_seats_are_claimed_once, BE_SQLITE,
                        BE_PG + 1);
    tcase_add_loop_test(both, acct_accounts_are_kept, BE_SQLITE, BE_PG + 1);
    tcase_add_loop_test(both, acct_two_players_share_a_save, BE_SQLITE,
                        BE_PG + 1);
    tcase_add_loop_test(both, acct_accounts_are_listed, BE_SQLITE, BE_PG + 1);
    tcase_add_loop_test(both, acct_hall_of_fame_tells_guests_apart, BE_SQLITE,
                        BE_PG + 1);
    tcase_add_loop_test(both, keys_are_kept_per_account, BE_SQLITE,
                        BE_PG + 1);
    tcase_add_loop_test(both, recordings_are_indexed, BE_SQLITE, BE_PG + 1);
    tcase_add_loop_test(both, public_recordings, BE_SQLITE, BE_PG + 1);
    suite_add_tcase(s, both);
    TCase *pg = tcase_create("postgresql");
    tcase_set_timeout(pg, 60);
    tcase_add_test(pg, where_is_read);
    tcase_add_test(pg, the_database_goes_away_and_comes_back);
    tcase_add_test(pg, pg_version_0_migrates);
    suite_add_tcase(s, pg);
    return tu_run_suite(s);
}
