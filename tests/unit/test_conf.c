/*
 * test_conf.c - the configuration file and serve's options: how a line is
 * read (comments, blanks, quotes, a '#' inside a value, CR LF), what is
 * refused and with which line; the command line winning over the file (a
 * repeatable option's lines replaced, the others' kept); and a reload that
 * applies a live change, keeps a restart-only one and takes a removed key
 * back to its default; a reload's files all read in its reading step (the
 * pool's, in the server), none when it applies on the loop; and the log
 * reopened without waiting on a FIFO nobody reads.  Each test runs in a
 * process of its own (Check's fork), since the options are the process's.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

static void write_file(const char *name, const char *text)
{
    char p[400];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

/* The log, into memory for the reload tests to read. */
static char *logtext;
static size_t loglen;
static FILE *logmem;

static void log_capture(void)
{
    logmem = open_memstream(&logtext, &loglen);
    ck_assert_ptr_nonnull(logmem);
    srv_log_open(logmem);
}

static int log_says(const char *what)
{
    fflush(logmem);
    return strstr(logtext, what) != NULL;
}

static void log_release(void)
{
    srv_log_silence();
    fclose(logmem);
    free(logtext);
}

/* A reload as the server runs it, its reading step here in line. */
static void reload(void)
{
    serve_reread *r = serve_conf_reload_prepare();
    ck_assert_ptr_nonnull(r);
    serve_conf_reload_read(r);
    ck_assert_ptr_null(serve_conf_reload_reading(r));
    serve_conf_reload_apply(r);
    serve_conf_reload_free(r);
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
    log_capture();
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
    reload();
    ck_assert_int_eq(srv.max_sessions, 6);
    ck_assert_int_eq(srv.idle_ms, 30 * 60 * 1000);      /* the default */
    ck_assert_int_eq(serve_cfg.ntelnet, 1);
    ck_assert_str_eq(serve_cfg.telnet[0], "127.0.0.1:1");
    ck_assert(log_says("reload: telnet changed: it takes a restart (still "
                       "127.0.0.1:1)"));
    ck_assert(log_says("reload: max-sessions = 6 (was 5)"));
    ck_assert(log_says("reload: idle = not set (was 60)"));
    /* a bad value: nothing at all changes */
    write_conf("telnet = 127.0.0.1:1\n"
               "max-sessions = 8\n"
               "default-game = chess\n");
    reload();
    ck_assert_int_eq(srv.max_sessions, 6);
    ck_assert(log_says("--default-game: no game 'chess'"));
    ck_assert(log_says("has 1 bad value; nothing changed"));
    log_release();
}
END_TEST

START_TEST(reload_reads_before_it_applies)
{
    char conf[1200];
    log_capture();
    write_file("motd", "FIRST\n");
    write_file("words", "APPLE\nPEAR\n");
    snprintf(conf, sizeof conf, "motd = %s/motd\n", dir);
    write_conf(conf);
    ck_assert_int_eq(start(NULL, 0), -1);
    ck_assert_str_eq(srv.motd, "FIRST\n");
    /* the message of the day and a new word list are read in the reading
     * step; what the files say afterwards is not seen by the apply */
    snprintf(conf, sizeof conf, "motd = %s/motd\nwordlist = %s/words\n",
             dir, dir);
    write_conf(conf);
    write_file("motd", "SECOND\x1b[2J\n");
    serve_reread *r = serve_conf_reload_prepare();
    ck_assert_ptr_nonnull(r);
    serve_conf_reload_read(r);
    write_file("motd", "THIRD\n");
    char words[400];
    snprintf(words, sizeof words, "%s/words", dir);
    ck_assert_int_eq(unlink(words), 0);
    serve_conf_reload_apply(r);
    serve_conf_reload_free(r);
    ck_assert_str_eq(srv.motd, "SECOND[2J\n");     /* the escape left out */
    ck_assert_ptr_nonnull(srv_option("wordlist"));
    ck_assert_ptr_nonnull(strstr(srv_option("wordlist"), "/words"));
    ck_assert(log_says("read again, its text changed"));
    ck_assert(log_says("reload: wordlist = "));
    /* a value whose file cannot be read is refused, nothing changes */
    snprintf(conf, sizeof conf, "motd = %s/motd\nwordlist = %s/none\n",
             dir, dir);
    write_conf(conf);
    reload();
    ck_assert_str_eq(srv.motd, "SECOND[2J\n");
    ck_assert_ptr_nonnull(strstr(srv_option("wordlist"), "/words"));
    ck_assert(log_says("cannot read word list"));
    ck_assert(log_says("has 1 bad value; nothing changed"));
    log_release();
}
END_TEST

START_TEST(log_opens_without_waiting)
{
    char p[400];
    snprintf(p, sizeof p, "%s/fifo", dir);
    ck_assert_int_eq(mkfifo(p, 0600), 0);
    /* nobody reads it: refused at once, where a plain open would wait */
    ck_assert_int_eq(srv_log_open_fd(p), -1);
    snprintf(p, sizeof p, "%s/log", dir);
    int fd = srv_log_open_fd(p);
    ck_assert_int_ge(fd, 0);
    int fl = fcntl(fd, F_GETFL);
    ck_assert_int_eq(fl & O_NONBLOCK, 0);       /* writes block as before */
    ck_assert_int_ne(fl & O_APPEND, 0);
    close(fd);
    /* with no named log there is nothing to reopen */
    ck_assert_int_eq(srv_log_reopen_take(-1), -1);
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
    tcase_add_test(tc, reload_reads_before_it_applies);
    tcase_add_test(tc, log_opens_without_waiting);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run_suite(conf_suite());
}
