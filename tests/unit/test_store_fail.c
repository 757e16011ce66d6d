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

/* Another process's writer holds the test's database: BEGIN EXCLUSIVE
 * and a write, left open until tsf_unlock. */
static sqlite3 *tsf_lock(void)
{
    char path[512];
    snprintf(path, sizeof path, "%s/ttyarcade.db", tu_dir);
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

/* An empty database in the test's data directory. */
static void tsf_data(void)
{
    char err[512];
    store *st;
    ck_assert_int_eq(store_open(&st, tu_dir, err, sizeof err), TTY_OK);
    store_close(st);
}

START_TEST(a_locked_database_fails_every_write_with_its_reason)
{
    char err[512];
    tsf_data();
    store *st;
    ck_assert_int_eq(store_open(&st, tu_dir, err, sizeof err), TTY_OK);
    store_set_wait(st, 20);
    ck_assert_int_eq(store_save_new(st, "ACDEFH", "hangman", "abc", 3),
                     TTY_OK);
    ck_assert_str_eq(store_error(), "");
    sqlite3 *other = tsf_lock();
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
}
END_TEST

START_TEST(a_database_it_may_not_write_is_refused_at_open)
{
    /* Made by one owner, opened by another who may read but not write
     * it (root may write anything: the child becomes nobody). */
    char path[512];
    tsf_data();
    snprintf(path, sizeof path, "%s/ttyarcade.db", tu_dir);
    ck_assert_int_eq(chmod(tu_dir, 0777), 0);
    ck_assert_int_eq(chmod(path, 0444), 0);
    pid_t pid = fork();
    if (pid == 0) {
        if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
            _exit(3);
        char err[512];
        store *st;
        int rc = store_open(&st, tu_dir, err, sizeof err);
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
}
END_TEST

START_TEST(a_data_directory_that_is_a_file_is_named)
{
    char file[512], err[512];
    snprintf(file, sizeof file, "%s/plain", tu_dir);
    FILE *f = fopen(file, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    store *st;
    ck_assert_int_eq(store_open(&st, file, err, sizeof err), TTY_FAILED);
    ck_assert_ptr_nonnull(strstr(err, "is not a directory"));
}
END_TEST

/* ---- through the contract: the player is told, the log says why ---- */

/* A session played on the test's data directory, opened as the server
 * opens it at start, while another process holds the database's lock:
 * the player must be told want and the server's log must name the
 * failure.  The transcript, for more. */
static char *tsf_says(memline_opts *o, const char *keys, const char *want)
{
    srv_conf_defaults();
    srv.store_wait_ms = 20;
    ck_assert_int_eq(store_main_open(tu_dir), 0);
    sqlite3 *other = tsf_lock();
    char *logtext;
    size_t loglen;
    o->log = open_memstream(&logtext, &loglen);
    char *out = tu_run_ok(o, keys);
    ck_assert_msg(strstr(out, want) != NULL, "no \"%s\" in: %s", want, out);
    fclose(o->log);
    tsf_unlock(other);
    store_close(store_main);
    store_main = NULL;
    /* the operator's line: which call, and SQLite's words */
    ck_assert_ptr_nonnull(strstr(logtext, "storage failed"));
    ck_assert_msg(strstr(logtext, "database is locked") != NULL, "log: %s",
                  logtext);
    free(logtext);
    return out;
}

START_TEST(checkers_says_its_game_is_not_kept)
{
    memline_opts o = { .game = "checkers", .seed = 1 };
    char *out = tsf_says(&o, "\r\r", "THE GAME COULD NOT BE KEPT: THERE IS "
                                     "NO STORAGE HERE\r\nJUST NOW. IF THE "
                                     "LINE DROPS, IT IS LOST.");
    ck_assert_ptr_null(strstr(out, "RESUME CODE IS"));
    free(out);
}
END_TEST

START_TEST(hangman_says_once_its_hall_of_fame_failed)
{
    memline_opts o = { .game = "hangman", .seed = 1 };
    char *out = tsf_says(&o, "YAERLBSOHN", "CONGRATULATIONS");
    ck_assert_int_eq(tu_count(out, "(THE HALL OF FAME COULD NOT BE WRITTEN "
                                   "JUST NOW.)"), 1);
    free(out);
}
END_TEST

START_TEST(hexpawn_says_its_lesson_was_not_stored)
{
    memline_opts o = { .game = "hexpawn", .seed = 1 };
    char *out = tsf_says(&o, "859652Q", "YOU WIN.");
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
    memline_opts first = { .game = "efront_text", .profile = "asr33",
                           .seed = 5, .data = tu_dir };
    char *a = tu_run_ok(&first, "\r");
    char code[TTY_CODE_SIZE];
    tu_code(a, "RESUME CODE ", code);
    free(a);
    memline_opts o = { .resume = code, .profile = "asr33", .seed = 5 };
    char *out = tsf_says(&o, "GO\r", "RESUMED.");
    ck_assert_ptr_nonnull(strstr(out, "(THIS WEEK COULD NOT BE SAVED.)"));
    free(out);
}
END_TEST

START_TEST(backgammon_says_its_game_is_not_saved)
{
    memline_opts o = { .game = "backgammon", .seed = 3, .name = "ANN" };
    char *out = tsf_says(&o, "1\r\r\r\r\r",
                         "THE GAME COULD NOT BE SAVED JUST NOW: IF A LINE "
                         "DROPS, IT IS LOST.");
    ck_assert_ptr_null(strstr(out, "YOUR RESUME CODE IS"));
    free(out);
}
END_TEST

START_TEST(gunjin_says_its_game_is_not_saved)
{
    memline_opts o = { .game = "gunjin", .seed = 3 };
    char *out = tsf_says(&o, "1\r\r\r\rB4-B5\rS\r",
                         "THE GAME COULD NOT BE SAVED JUST NOW: IF A LINE "
                         "DROPS, IT IS LOST.");
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
    tu_tempdir_each(t);
    tcase_add_test(t, a_locked_database_fails_every_write_with_its_reason);
    tcase_add_test(t, a_database_it_may_not_write_is_refused_at_open);
    tcase_add_test(t, a_data_directory_that_is_a_file_is_named);
    suite_add_tcase(s, t);
    TCase *g = tcase_create("games");
    tu_tempdir_each(g);
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
