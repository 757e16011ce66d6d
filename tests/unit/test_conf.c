/*
 * test_conf.c - the configuration file and serve's options: how a line is
 * read (comments, blanks, quotes, a '#' inside a value, CR LF), what is
 * refused and with which line; the command line winning over the file (a
 * repeatable option's lines replaced, the others' kept); and a reload that
 * applies a live change, keeps a restart-only one and takes a removed key
 * back to its default.  Each test runs in a process of its own (Check's
 * fork), since the options are the process's.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"
#include "serve_opt.h"
#include "srv.h"
#include "testutil.h"

static char dir[256], path[300];

static void write_conf(const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

static void setup(void)
{
    tu_tempdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/t.conf", dir);
    srv_conf_defaults();
}

static void teardown(void)
{
    tu_rmdir(dir);
}

/* ---- reading lines -------------------------------------------------- */

START_TEST(reads_lines)
{
    write_conf("# a comment\r\n"
               "\n"
               "   telnet   =   23   \r\n"
               "http-origin = https://a.example#frag   # a comment\n"
               "motd = \"/srv/the motd\"\n"
               "telnet=2323\n");
    conf_file *cf;
    char err[256];
    ck_assert_int_eq(conf_read(path, &cf, err, sizeof err), 0);
    ck_assert_int_eq(cf->n, 4);
    ck_assert_str_eq(cf->lines[0].key, "telnet");
    ck_assert_str_eq(cf->lines[0].value, "23");
    ck_assert_int_eq(cf->lines[0].lineno, 3);
    ck_assert_str_eq(cf->lines[1].value, "https://a.example#frag");
    ck_assert_str_eq(cf->lines[2].value, "/srv/the motd");
    ck_assert_str_eq(cf->lines[3].value, "2323");
    ck_assert_int_eq(cf->lines[3].lineno, 6);
    conf_free(cf);
}
END_TEST

START_TEST(refuses_lines)
{
    static const struct { const char *text, *want; } bad[] = {
        { "telnet 23\n", ":1: 'telnet 23' is not KEY = VALUE" },
        { "\n\nTelnet = 23\n", ":3: 'Telnet' is not an option's name" },
        { "data =   # nothing\n", ":1: data has no value" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        write_conf(bad[i].text);
        conf_file *cf;
        char err[256], want[400];
        ck_assert_int_eq(conf_read(path, &cf, err, sizeof err), -1);
        snprintf(want, sizeof want, "%s%s", path, bad[i].want);
        ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "%s", err);
    }
    char gone[400];
    snprintf(gone, sizeof gone, "%s/gone.conf", dir);
    conf_file *cf;
    char err[64];
    ck_assert_int_eq(conf_read(gone, &cf, err, sizeof err), TTY_NOTFOUND);
}
END_TEST

/* ---- serve's options from both ---------------------------------------- */

static int start(char *const *args, int n)
{
    char *argv[16] = { "serve", "--config", path };
    for (int i = 0; i < n; i++)
        argv[3 + i] = args[i];
    return serve_conf_start(3 + n, argv);
}

START_TEST(command_line_wins)
{
    write_conf("telnet = 127.0.0.1:1\n"
               "telnet = 127.0.0.1:2\n"
               "pace = 300\n"
               "max-sessions = 5\n"
               "max-per-address = 7\n");
    char *args[] = { "--telnet", "127.0.0.1:3", "--max-sessions=9" };
    ck_assert_int_eq(start(args, 3), -1);
    /* the file's two telnet lines are replaced by the command line's one,
     * which takes the file's pace */
    ck_assert_int_eq(serve_cfg.ntelnet, 1);
    ck_assert_str_eq(serve_cfg.telnet[0], "127.0.0.1:3");
    ck_assert_int_eq(serve_cfg.telnet_pace[0], 300);
    ck_assert_int_eq(srv.max_sessions, 9);
    ck_assert_int_eq(srv.max_per_addr, 7);
}
END_TEST

START_TEST(bad_value_names_the_line)
{
    write_conf("max-sessions = 5\nidle = soon\n");
    ck_assert_int_eq(start(NULL, 0), 2);
    write_conf("max-sessions = 5\nmax-sessions = 6\n");
    ck_assert_int_eq(start(NULL, 0), 2);
    write_conf("frobnicate = 1\n");
    ck_assert_int_eq(start(NULL, 0), 2);
}
END_TEST

START_TEST(reload_applies_live)
{
    char *logtext = NULL;
    size_t loglen = 0;
    FILE *log = open_memstream(&logtext, &loglen);
    srv_log_open(log);
    write_conf("telnet = 127.0.0.1:1\n"
               "max-sessions = 5\n"
               "idle = 60\n"
               "default-game = checkers\n");
    ck_assert_int_eq(start(NULL, 0), -1);
    ck_assert_int_eq(srv.max_sessions, 5);
    ck_assert_int_eq(srv.idle_ms, 60000);
    /* one live change, one that needs a restart, one key gone */
    write_conf("telnet = 127.0.0.1:2\n"
               "max-sessions = 6\n"
               "default-game = checkers\n");
    serve_conf_reload();
    fflush(log);
    ck_assert_int_eq(srv.max_sessions, 6);
    ck_assert_int_eq(srv.idle_ms, 30 * 60 * 1000);      /* the default */
    ck_assert_int_eq(serve_cfg.ntelnet, 1);
    ck_assert_str_eq(serve_cfg.telnet[0], "127.0.0.1:1");
    ck_assert_ptr_nonnull(strstr(logtext, "reload: telnet changed: it "
                                          "takes a restart (still "
                                          "127.0.0.1:1)"));
    ck_assert_ptr_nonnull(strstr(logtext, "reload: max-sessions = 6 (was "
                                          "5)"));
    ck_assert_ptr_nonnull(strstr(logtext, "reload: idle = not set (was "
                                          "60)"));
    /* a bad value: nothing at all changes */
    write_conf("telnet = 127.0.0.1:1\n"
               "max-sessions = 8\n"
               "default-game = chess\n");
    serve_conf_reload();
    fflush(log);
    ck_assert_int_eq(srv.max_sessions, 6);
    ck_assert_ptr_nonnull(strstr(logtext, "--default-game: no game "
                                          "'chess'"));
    ck_assert_ptr_nonnull(strstr(logtext, "has 1 bad value; nothing "
                                          "changed"));
    srv_log_silence();
    fclose(log);
    free(logtext);
}
END_TEST

static Suite *conf_suite(void)
{
    Suite *s = suite_create("conf");
    TCase *tc = tcase_create("file");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, reads_lines);
    tcase_add_test(tc, refuses_lines);
    tcase_add_test(tc, command_line_wins);
    tcase_add_test(tc, bad_value_names_the_line);
    tcase_add_test(tc, reload_applies_live);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run_suite(conf_suite());
}
