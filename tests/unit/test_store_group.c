/*
 * test_store_group.c - writes committed in groups (store_group.c), on
 * SQLite and on PostgreSQL (a server of the suite's own, tests/pg): saves
 * asked for in one turn of the loop share transactions, each is answered
 * on its own (a fresh code already taken does not spoil the others), a
 * game's forgets and hall of fame entries go in the same groups, an
 * answer comes only once its save can be read by another server, a
 * commit that fails fails every save in it with the database's reason,
 * closing the store commits what was still queued, and SQLite's WAL is
 * copied back by the store's own thread, not by the commits.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <libpq-fe.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <uv.h>

#include "store.h"
#include "tty.h"
#include "testutil.h"

enum { BE_SQLITE, BE_PG };
#define TG_SAVES 300

static char pg_conninfo[512];
static char sq_dir[256];

typedef struct tg_save {
    store_write req;
    char code[16];
    unsigned char data[64];
    int answered;
    int seen_elsewhere;         /* the other handle could load it then */
} tg_save;

static tg_save tg_saves[TG_SAVES];
static store *tg_other;         /* a second server on the same database */
static int tg_answers;

/* Each test starts on an empty database of its backend. */
static const char *tg_fresh(int be)
{
    if (be == BE_PG) {
        PGconn *c = PQconnectdb(pg_conninfo);
        ck_assert_int_eq(PQstatus(c), CONNECTION_OK);
        PGresult *r = PQexec(c, "SET client_min_messages = warning;"
                                "DROP SCHEMA public CASCADE;"
                                "CREATE SCHEMA public");
        ck_assert_int_eq(PQresultStatus(r), PGRES_COMMAND_OK);
        PQclear(r);
        PQfinish(c);
        return pg_conninfo;
    }
    tu_tempdir(sq_dir, sizeof sq_dir);
    return sq_dir;
}

static store *tg_open(const char *where)
{
    store *st;
    char err[512];
    ck_assert_msg(store_open(&st, where, err, sizeof err) == TTY_OK, "%s",
                  err);
    return st;
}

static void tg_done(store_write *r)
{
    tg_save *s = (tg_save *)r;
    s->answered++;
    tg_answers++;
    if (tg_other && r->rc == TTY_OK) {
        char game[32];
        void *data;
        size_t len;
        if (store_load(tg_other, s->code, game, sizeof game, &data, &len) ==
            TTY_OK) {
            s->seen_elsewhere = len == sizeof s->data &&
                                memcmp(data, s->data, len) == 0;
            free(data);
        }
    }
}

static void tg_queue(store_group *g, int i, int fresh)
{
    tg_save *s = &tg_saves[i];
    memset(s, 0, sizeof *s);
    snprintf(s->code, sizeof s->code, "G%04d", i);
    memset(s->data, i & 0xff, sizeof s->data);
    s->req = (store_write){ .code = s->code, .game = "checkers",
                               .data = s->data, .len = sizeof s->data,
                               .fresh = fresh, .note = "MOVE",
                               .done = tg_done };
    store_group_write(g, &s->req);
}

static const char *tg_where;
static uv_loop_t *tg_loop;
static store_group *tg_group;

/* A store on an empty database of backend be, with its writer. */
static store *tg_begin(int be)
{
    tg_where = tg_fresh(be);
    store *st = tg_open(tg_where);
    tg_loop = uv_default_loop();
    ck_assert_int_eq(store_group_open(&tg_group, st, tg_loop), TTY_OK);
    ck_assert_ptr_eq(store_group_of(st), tg_group);
    tg_answers = 0;
    return st;
}

/* Run the loop until every write queued is answered. */
static void tg_settle(void)
{
    uv_run(tg_loop, UV_RUN_DEFAULT);
}

static void tg_end(store *st, int be)
{
    store_close(st);
    tg_settle();                        /* the writer's handle closes */
    if (be == BE_SQLITE)
        tu_rmdir(sq_dir);
}

START_TEST(saves_share_commits_and_are_answered_after_them)
{
    store *st = tg_begin(_i);
    tg_other = tg_open(tg_where);
    for (int i = 0; i < TG_SAVES; i++)
        tg_queue(tg_group, i, 1);
    ck_assert_int_gt(store_group_depth(tg_group), 0);
    /* The loop runs while answers are owed, then has nothing to do. */
    tg_settle();
    ck_assert_int_eq(tg_answers, TG_SAVES);
    ck_assert_int_eq(store_group_depth(tg_group), 0);
    for (int i = 0; i < TG_SAVES; i++) {
        ck_assert_int_eq(tg_saves[i].answered, 1);
        ck_assert_int_eq(tg_saves[i].req.rc, TTY_OK);
        ck_assert_msg(tg_saves[i].seen_elsewhere,
                      "save %d answered before another server could read "
                      "it", i);
    }
    unsigned long long groups, saves;
    store_group_counts(tg_group, &groups, &saves);
    ck_assert_int_eq(saves, TG_SAVES);
    /* one loop turn queued them all: far fewer commits than saves */
    ck_assert_msg(groups * 10 <= saves, "%llu commits for %llu saves",
                  groups, saves);
    store_close(tg_other);
    tg_other = NULL;
    tg_end(st, _i);
}
END_TEST

START_TEST(a_taken_code_spoils_no_other_save)
{
    store *st = tg_begin(_i);
    ck_assert_int_eq(store_save_owned(st, "G0001", "hangman", "OLD", 3,
                                      NULL, NULL, "", 1), TTY_OK);
    for (int i = 0; i < 4; i++)
        tg_queue(tg_group, i, 1);       /* G0001 is taken */
    tg_queue(tg_group, 4, 0);
    tg_saves[4].req.owner = "tg";       /* over an old code, an owner's */
    tg_settle();
    ck_assert_int_eq(tg_answers, 5);
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(tg_saves[i].req.rc, i == 1 ? TTY_EXISTS : TTY_OK);
    char game[32], owner[STORE_NAME_SIZE], partner[STORE_NAME_SIZE];
    void *data;
    size_t len;
    ck_assert_int_eq(store_load(st, "G0001", game, sizeof game, &data, &len),
                     TTY_OK);
    ck_assert_str_eq(game, "hangman");  /* the taken code kept its game */
    ck_assert_mem_eq(data, "OLD", 3);
    free(data);
    ck_assert_int_eq(store_load_owned(st, "G0004", game, sizeof game, &data,
                                      &len, owner, partner), TTY_OK);
    ck_assert_str_eq(owner, "tg");
    ck_assert_int_eq(len, sizeof tg_saves[4].data);
    free(data);
    tg_end(st, _i);
}
END_TEST

/* A game's other writes share the group: the save it forgets at its end
 * and its hall of fame entries, in the order they were queued. */
START_TEST(forgets_and_hall_of_fame_entries_share_the_group)
{
    store *st = tg_begin(_i);
    ck_assert_int_eq(store_save_owned(st, "G0002", "hangman", "OLD", 3,
                                      NULL, NULL, "", 1), TTY_OK);
    tg_queue(tg_group, 0, 1);
    store_write more[4] = {
        { .kind = STORE_WRITE_FORGET, .code = "G0002", .done = tg_done },
        { .kind = STORE_WRITE_FORGET, .code = "G0003", .done = tg_done },
        { .kind = STORE_WRITE_HOF, .game = "hangman", .metric = "misses",
          .name = "ALICE", .owner = "alice", .value = 2, .detail = "WORD",
          .done = tg_done },
        { .kind = STORE_WRITE_FORGET, .code = "G0000", .done = tg_done },
    };
    /* tg_done reads a tg_save: give each its own */
    static tg_save box[4];
    for (int i = 0; i < 4; i++) {
        box[i].req = more[i];
        store_group_write(tg_group, &box[i].req);
    }
    tg_settle();
    ck_assert_int_eq(tg_answers, 5);
    ck_assert_int_eq(tg_saves[0].req.rc, TTY_OK);
    ck_assert_int_eq(box[0].req.rc, TTY_OK);
    ck_assert_int_eq(box[1].req.rc, TTY_NOTFOUND);   /* nothing there */
    ck_assert_int_eq(box[2].req.rc, TTY_OK);
    ck_assert_int_eq(box[3].req.rc, TTY_OK);   /* saved, then forgotten */
    char game[32];
    void *data;
    size_t len;
    ck_assert_int_eq(store_load(st, "G0000", game, sizeof game, &data, &len),
                     TTY_NOTFOUND);
    ck_assert_int_eq(store_load(st, "G0002", game, sizeof game, &data, &len),
                     TTY_NOTFOUND);
    store_hof_entry rows[4];
    ck_assert_int_eq(store_hof_board(st, "hangman", "misses", TTY_HOF_MIN,
                                     rows, 4), 1);
    ck_assert_str_eq(rows[0].name, "ALICE");
    ck_assert_int_eq(rows[0].value, 2);
    ck_assert_int_eq(rows[0].guest, 0);         /* the account's own */
    tg_end(st, _i);
}
END_TEST

START_TEST(closing_commits_what_is_queued)
{
    store *st = tg_begin(_i);
    for (int i = 0; i < 50; i++)
        tg_queue(tg_group, i, 0);
    store_close(st);                    /* without running the loop */
    ck_assert_int_eq(tg_answers, 50);
    for (int i = 0; i < 50; i++)
        ck_assert_int_eq(tg_saves[i].req.rc, TTY_OK);
    tg_settle();
    st = tg_open(tg_where);
    char game[32];
    void *data;
    size_t len;
    ck_assert_int_eq(store_load(st, "G0049", game, sizeof game, &data, &len),
                     TTY_OK);
    free(data);
    store_close(st);
    if (_i == BE_SQLITE)
        tu_rmdir(sq_dir);
}
END_TEST

/* Another process holds SQLite's write lock past the store's wait: the
 * group's commit fails, and every save in it says why. */
START_TEST(a_failed_commit_fails_every_save_in_it)
{
    store *st = tg_begin(BE_SQLITE);
    store_set_wait(st, 20);
    char path[512];
    snprintf(path, sizeof path, "%s/ttyarcade.db", sq_dir);
    sqlite3 *db;
    ck_assert_int_eq(sqlite3_open(path, &db), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(db, "BEGIN EXCLUSIVE;"
                                      "DELETE FROM saves WHERE code = 'X';",
                                  NULL, NULL, NULL), SQLITE_OK);
    for (int i = 0; i < 20; i++)
        tg_queue(tg_group, i, 0);
    tg_settle();
    ck_assert_int_eq(tg_answers, 20);
    for (int i = 0; i < 20; i++) {
        ck_assert_int_eq(tg_saves[i].req.rc, TTY_FAILED);
        ck_assert_msg(strstr(tg_saves[i].req.why, "database is locked"),
                      "why: %s", tg_saves[i].req.why);
    }
    ck_assert_int_eq(store_group_depth(tg_group), 0);
    /* the lock gone, the next group commits */
    sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close(db);
    tg_queue(tg_group, 0, 0);
    tg_settle();
    ck_assert_int_eq(tg_saves[0].req.rc, TTY_OK);
    tg_end(st, BE_SQLITE);
}
END_TEST

static long tg_size(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 ? (long)sb.st_size : -1;
}

/* The committing connection never checkpoints (a checkpoint flushes the
 * database file too, and saves would wait for it): a thread of the
 * store's own copies the WAL into the database while the store is open. */
START_TEST(the_wal_is_copied_back_while_saves_go_on)
{
    tg_fresh(BE_SQLITE);
    store *st = tg_open(sq_dir);
    char db[512], wal[512];
    snprintf(db, sizeof db, "%s/ttyarcade.db", sq_dir);
    snprintf(wal, sizeof wal, "%s/ttyarcade.db-wal", sq_dir);
    long before = tg_size(db);
    static unsigned char big[3000];
    for (int i = 0; i < 1500; i++) {    /* a page each: past 1,000 */
        char code[16];
        snprintf(code, sizeof code, "W%04d", i);
        big[0] = (unsigned char)i;
        ck_assert_int_eq(store_save_owned(st, code, "checkers", big,
                                          sizeof big, NULL, NULL, "", 1),
                         TTY_OK);
    }
    long after = before;
    for (int tries = 0; tries < 100 && after < before + 1000 * 4096; tries++) {
        usleep(20000);
        after = tg_size(db);
    }
    ck_assert_msg(after >= before + 1000 * 4096,
                  "the database file is %ld bytes (%ld before), the WAL %ld",
                  after, before, tg_size(wal));
    store_close(st);
    tu_rmdir(sq_dir);
}
END_TEST

/* PostgreSQL stopped under the store: the group fails with its reason;
 * started again, the next group commits on a new connection. */
START_TEST(postgresql_down_and_back)
{
    store *st = tg_begin(BE_PG);
    tg_queue(tg_group, 0, 0);
    tg_settle();
    ck_assert_int_eq(tg_saves[0].req.rc, TTY_OK);
    ck_assert_int_eq(tu_pg("stop"), 0);
    tg_answers = 0;
    for (int i = 0; i < 10; i++)
        tg_queue(tg_group, i, 0);
    tg_settle();
    ck_assert_int_eq(tg_answers, 10);
    for (int i = 0; i < 10; i++) {
        ck_assert_int_eq(tg_saves[i].req.rc, TTY_FAILED);
        ck_assert_msg(tg_saves[i].req.why[0], "a failure without a reason");
    }
    ck_assert_int_eq(tu_pg("restart"), 0);
    for (int i = 0; i < 10; i++)
        tg_queue(tg_group, i, 0);
    tg_settle();
    for (int i = 0; i < 10; i++)
        ck_assert_int_eq(tg_saves[i].req.rc, TTY_OK);
    tg_end(st, BE_PG);
}
END_TEST

/* A statement the server refuses (here a trigger of the test's own;
 * in service, a lock another server held past the store's wait) fails
 * its group once: it is not sent again on a new connection, as a group
 * whose connection died is, so its players do not wait twice.  The
 * trigger counts its calls with a sequence, which no rollback undoes. */
START_TEST(a_refused_group_is_sent_once)
{
    store *st = tg_begin(BE_PG);
    tg_queue(tg_group, 0, 0);           /* the writer's connection is open */
    tg_settle();
    ck_assert_int_eq(tg_saves[0].req.rc, TTY_OK);
    PGconn *c = PQconnectdb(pg_conninfo);
    ck_assert_int_eq(PQstatus(c), CONNECTION_OK);
    PGresult *r = PQexec(c, "CREATE SEQUENCE tg_tries;"
                            "CREATE FUNCTION tg_refuse() RETURNS trigger "
                            "LANGUAGE plpgsql AS $$BEGIN "
                            "PERFORM nextval('tg_tries'); "
                            "RAISE EXCEPTION 'refused by the test'; END$$;"
                            "CREATE TRIGGER tg_refuse BEFORE INSERT ON saves "
                            "FOR EACH ROW EXECUTE FUNCTION tg_refuse()");
    ck_assert_int_eq(PQresultStatus(r), PGRES_COMMAND_OK);
    PQclear(r);
    tg_answers = 0;
    tg_queue(tg_group, 1, 0);
    tg_settle();
    ck_assert_int_eq(tg_answers, 1);
    ck_assert_int_eq(tg_saves[1].req.rc, TTY_FAILED);
    ck_assert_msg(strstr(tg_saves[1].req.why, "refused by the test"),
                  "why: %s", tg_saves[1].req.why);
    r = PQexec(c, "SELECT last_value FROM tg_tries");
    ck_assert_int_eq(PQresultStatus(r), PGRES_TUPLES_OK);
    ck_assert_str_eq(PQgetvalue(r, 0, 0), "1");
    PQclear(r);
    PQfinish(c);
    tg_end(st, BE_PG);
}
END_TEST

int main(void)
{
    tu_pg_start(pg_conninfo, sizeof pg_conninfo);
    Suite *s = suite_create("writes committed in groups");
    TCase *both = tcase_create("sqlite and postgresql");
    tcase_set_timeout(both, 60);
    tcase_add_loop_test(both, saves_share_commits_and_are_answered_after_them,
                        BE_SQLITE, BE_PG + 1);
    tcase_add_loop_test(both, a_taken_code_spoils_no_other_save, BE_SQLITE,
                        BE_PG + 1);
    tcase_add_loop_test(both, forgets_and_hall_of_fame_entries_share_the_group,
                        BE_SQLITE, BE_PG + 1);
    tcase_add_loop_test(both, closing_commits_what_is_queued, BE_SQLITE,
                        BE_PG + 1);
    suite_add_tcase(s, both);
    TCase *fail = tcase_create("failures and the WAL");
    tcase_set_timeout(fail, 60);
    tcase_add_test(fail, a_failed_commit_fails_every_save_in_it);
    tcase_add_test(fail, the_wal_is_copied_back_while_saves_go_on);
    tcase_add_test(fail, postgresql_down_and_back);
    tcase_add_test(fail, a_refused_group_is_sent_once);
    suite_add_tcase(s, fail);
    return tu_run_suite(s);
}
