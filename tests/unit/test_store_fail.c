/*
 * test_store_fail.c - storage that fails: a database the server may not
 * write is refused at start with SQLite's reason; a database another
 * process has locked makes every write fail with TTY_FAILED and its
 * reason; through the contract, each game says so to the player and the
 * server's log names the failure: checkers, backgammon, gunjin and
 * Eastern Front (a save not made), Hexpawn (a lesson not stored), Hangman
 * (the hall of fame not written).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "srv.h"
#include "store.h"
#include "store_main.h"
#include "tty.h"
#include "testutil.h"

/* Another process's writer holds the database: BEGIN EXCLUSIVE and a
 * write, left open until tsf_unlock. */
static sqlite3 *tsf_lock(const char *dir)
{
    char path[512];
    snprintf(path, sizeof path, "%s/ttyarcade.db", dir);
    sqlite3 *db;
    ck_assert_int_eq(sqlite3_open(path, &db), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(db, "BEGIN EXCLUSIVE;"
                                      "DELETE FROM saves WHERE code = 'X';",
                                  NULL, NULL, NULL), SQLITE_OK);
    return db;
}

static void tsf_unlock(sqlite3 *db)
{
    sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close(db);
}

/* A data directory with an empty database in it. */
static void tsf_data(char *dir, size_t size)
{
    char err[512];
    store *st;
    tu_tempdir(dir, size);
    ck_assert_int_eq(store_open(&st, dir, err, sizeof err), TTY_OK);
    store_close(st);
}

START_TEST(a_locked_database_fails_every_write_with_its_reason)
{
    char dir[256], err[512];
    tsf_data(dir, sizeof dir);
    store *st;
    ck_assert_int_eq(store_open(&st, dir, err, sizeof err), TTY_OK);
    store_set_wait(st, 20);
    ck_assert_int_eq(store_save_new(st, "ACDEFH", "hangman", "abc", 3),
                     TTY_OK);
    ck_assert_str_eq(store_error(), "");
    sqlite3 *other = tsf_lock(dir);
    ck_assert_int_eq(store_save_new(st, "KMNPQR", "hangman", "abc", 3),
                     TTY_FAILED);
    ck_assert_ptr_nonnull(strstr(store_error(), "database is locked"));
    ck_assert_int_eq(store_save_as(st, "ACDEFH", "hangman", "x", 1),
                     TTY_FAILED);
    ck_assert_int_eq(store_table_put(st, "t", "x", 1), TTY_FAILED);
    ck_assert_int_eq(store_hof_add(st, "hangman", "solved", "ANN", 1, ""),
                     TTY_FAILED);
    ck_assert_ptr_nonnull(strstr(store_error(), "locked"));
    /* the codes stay apart: a failure is neither a hang-up nor "taken" */
    ck_assert_int_ne(TTY_FAILED, TTY_EOF);
    ck_assert_int_ne(TTY_FAILED, TTY_EXISTS);
    /* reading still works under a writer (WAL) */
    char game[32];
    void *data;
    size_t len;
    ck_assert_int_eq(store_load(st, "ACDEFH", game, sizeof game, &data,
                                &len), TTY_OK);
    free(data);
    tsf_unlock(other);
    ck_assert_int_eq(store_save_new(st, "KMNPQR", "hangman", "abc", 3),
                     TTY_OK);
    store_close(st);
    tu_rmdir(dir);
}
END_TEST

START_TEST(a_database_it_may_not_write_is_refused_at_open)
{
    /* Made by one owner, opened by another who may read but not write
     * it (root may write anything: the child becomes nobody). */
    char dir[256], path[512];
    tsf_data(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/ttyarcade.db", dir);
    ck_assert_int_eq(chmod(dir, 0777), 0);
    ck_assert_int_eq(chmod(path, 0444), 0);
    pid_t pid = fork();
    if (pid == 0) {
        if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
            _exit(3);
        char err[512];
        store *st;
        int rc = store_open(&st, dir, err, sizeof err);
        if (rc != TTY_FAILED)
            _exit(1);
        /* what, where and SQLite's reason */
        if (!strstr(err, "cannot write") || !strstr(err, path) ||
            !strstr(err, "readonly"))
            _exit(2);
        _exit(0);
    }
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFEXITED(status));
    ck_assert_int_eq(WEXITSTATUS(status), 0);
    chmod(path, 0644);
    tu_rmdir(dir);
}
END_TEST

START_TEST(a_data_directory_that_is_a_file_is_named)
{
    char dir[256], file[512], err[512];
    tu_tempdir(dir, sizeof dir);
    snprintf(file, sizeof file, "%s/plain", dir);
    FILE *f = fopen(file, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    store *st;
    ck_assert_int_eq(store_open(&st, file, err, sizeof err), TTY_FAILED);
    ck_assert_ptr_nonnull(strstr(err, "is not a directory"));
    tu_rmdir(dir);
}
END_TEST

/* ---- through the contract: the player is told, the log says why ---- */

typedef struct tsf_run {
    char dir[256];
    sqlite3 *other;
    FILE *log;
    char *logtext;
    size_t loglen;
} tsf_run;

static char *tsf_play(tsf_run *r, memline_opts *o, const char *keys)
{
    if (!r->dir[0])
        tu_tempdir(r->dir, sizeof r->dir);
    srv_conf_defaults();
    srv.store_wait_ms = 20;
    /* Opened here, as the server opens it at start; then another
     * process takes the lock and keeps it while the game plays. */
    ck_assert_int_eq(store_main_open(r->dir), 0);
    r->other = tsf_lock(r->dir);
    r->log = open_memstream(&r->logtext, &r->loglen);
    o->log = r->log;
    char *out = tu_run(o, keys);
    ck_assert_ptr_nonnull(out);
    fclose(r->log);
    tsf_unlock(r->other);
    store_close(store_main);
    store_main = NULL;
    /* the operator's line: which call, and SQLite's words */
    ck_assert_ptr_nonnull(strstr(r->logtext, "storage failed"));
    ck_assert_msg(strstr(r->logtext, "database is locked") != NULL,
                  "log: %s", r->logtext);
    free(r->logtext);
    tu_rmdir(r->dir);
    return out;
}

START_TEST(checkers_says_its_game_is_not_kept)
{
    tsf_run r = { .dir = "" };
    memline_opts o = { .game = "checkers", .seed = 1 };
    char *out = tsf_play(&r, &o, "\r\r");
    ck_assert_ptr_nonnull(strstr(out, "THE GAME COULD NOT BE KEPT: THERE IS "
                                      "NO STORAGE HERE\r\nJUST NOW. IF THE "
                                      "LINE DROPS, IT IS LOST."));
    ck_assert_ptr_null(strstr(out, "RESUME CODE IS"));
    free(out);
}
END_TEST

START_TEST(hangman_says_once_its_hall_of_fame_failed)
{
    tsf_run r = { .dir = "" };
    memline_opts o = { .game = "hangman", .seed = 1 };
    char *out = tsf_play(&r, &o, "YAERLBSOHN");
    ck_assert_ptr_nonnull(strstr(out, "CONGRATULATIONS"));
    ck_assert_int_eq(tu_count(out, "(THE HALL OF FAME COULD NOT BE WRITTEN "
                                   "JUST NOW.)"), 1);
    free(out);
}
END_TEST

START_TEST(hexpawn_says_its_lesson_was_not_stored)
{
    tsf_run r = { .dir = "" };
    memline_opts o = { .game = "hexpawn", .seed = 1 };
    char *out = tsf_play(&r, &o, "859652Q");
    ck_assert_ptr_nonnull(strstr(out, "YOU WIN."));
    ck_assert_ptr_nonnull(strstr(out, "(THE LESSON COULD NOT BE STORED JUST "
                                      "NOW: ONLY THIS SESSION REMEMBERS "
                                      "IT.)"));
    free(out);
}
END_TEST

START_TEST(eastern_front_says_a_week_was_not_saved)
{
    /* a campaign saved while the database was free, resumed and played
     * a week while another process holds it */
    tsf_run r = { .dir = "" };
    tu_tempdir(r.dir, sizeof r.dir);
    memline_opts first = { .game = "efront_text", .profile = "asr33",
                           .seed = 5, .data = r.dir };
    char *a = tu_run(&first, "\r");
    ck_assert_ptr_nonnull(a);
    const char *at = strstr(a, "RESUME CODE ");
    ck_assert_ptr_nonnull(at);
    char code[TTY_CODE_SIZE];
    snprintf(code, sizeof code, "%.*s", TTY_CODE_LEN, at + 12);
    free(a);
    memline_opts o = { .resume = code, .profile = "asr33", .seed = 5 };
    char *out = tsf_play(&r, &o, "GO\r");
    ck_assert_ptr_nonnull(strstr(out, "RESUMED."));
    ck_assert_ptr_nonnull(strstr(out, "(THIS WEEK COULD NOT BE SAVED.)"));
    free(out);
}
END_TEST

START_TEST(backgammon_says_its_game_is_not_saved)
{
    tsf_run r = { .dir = "" };
    memline_opts o = { .game = "backgammon", .seed = 3, .name = "ANN" };
    char *out = tsf_play(&r, &o, "1\r\r\r\r\r");
    ck_assert_ptr_nonnull(strstr(out, "THE GAME COULD NOT BE SAVED JUST NOW: "
                                      "IF A LINE DROPS, IT IS LOST."));
    ck_assert_ptr_null(strstr(out, "YOUR RESUME CODE IS"));
    free(out);
}
END_TEST

START_TEST(gunjin_says_its_game_is_not_saved)
{
    tsf_run r = { .dir = "" };
    memline_opts o = { .game = "gunjin", .seed = 3 };
    char *out = tsf_play(&r, &o, "1\r\r\r\rB4-B5\rS\r");
    ck_assert_ptr_nonnull(strstr(out, "THE GAME COULD NOT BE SAVED JUST NOW: "
                                      "IF A LINE DROPS, IT IS LOST."));
    /* and S says so too, and play goes on */
    ck_assert_ptr_nonnull(strstr(out, "THE GAME COULD NOT BE SAVED: PLAY "
                                      "ON."));
    free(out);
}
END_TEST

Suite *tsf_suite(void)
{
    Suite *s = suite_create("store_fail");
    TCase *t = tcase_create("store");
    tcase_add_test(t, a_locked_database_fails_every_write_with_its_reason);
    tcase_add_test(t, a_database_it_may_not_write_is_refused_at_open);
    tcase_add_test(t, a_data_directory_that_is_a_file_is_named);
    suite_add_tcase(s, t);
    TCase *g = tcase_create("games");
    tcase_set_timeout(g, 120);
    tcase_add_test(g, checkers_says_its_game_is_not_kept);
    tcase_add_test(g, hangman_says_once_its_hall_of_fame_failed);
    tcase_add_test(g, hexpawn_says_its_lesson_was_not_stored);
    tcase_add_test(g, eastern_front_says_a_week_was_not_saved);
    tcase_add_test(g, backgammon_says_its_game_is_not_saved);
    tcase_add_test(g, gunjin_says_its_game_is_not_saved);
    suite_add_tcase(s, g);
    return s;
}

int main(void)
{
    return tu_run_suite(tsf_suite());
}
