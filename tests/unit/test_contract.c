/*
 * test_contract.c - the game contract (games/tty.h) through the scripted
 * in-memory line: echo, line input, hang-up, randomness, work, storage,
 * and the menu every session starts in.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "srv.h"
#include "store.h"
#include "testutil.h"
#include "tty.h"

static char *run_fn(void (*fn)(tty_io *, void *), void *ctx,
                    const char *profile, const char *input)
{
    memline_opts o = { .run = fn, .ctx = ctx, .profile = profile, .seed = 1 };
    return tu_run(&o, input);
}

/* ---- INPUTN, CKINP, echo ------------------------------------------- */

static void inputn_three(tty_io *io, void *ctx)
{
    int *keys = ctx;
    tty_msg(io, "?");
    keys[3] = tty_ckinp(io);    /* nothing typed yet: CKINP never waits */
    for (int i = 0; i < 3; i++)
        keys[i] = tty_inputn(io);
    /* after a hang-up CKINP says "go on", so that a CKINP loop reaches
     * INPUTN and sees the end */
    keys[4] = tty_ckinp(io);
}

START_TEST(inputn_echoes_printable_keys_only)
{
    int keys[5];
    char *out = run_fn(inputn_three, keys, "glass", "a\rb");
    ck_assert_str_eq(out, "?ab");
    ck_assert_int_eq(keys[0], 'a');
    ck_assert_int_eq(keys[1], TTY_KEY_RETURN);
    ck_assert_int_eq(keys[2], 'b');
    ck_assert_int_eq(keys[3], 0);
    free(out);
}

START_TEST(no_echo_for_a_client_that_echoes_itself)
{
    int keys[5];
    memline_opts o = { .run = inputn_three, .ctx = keys, .seed = 1,
                       .remote_echo = 1 };
    char *out = tu_run(&o, "xyz");
    ck_assert_str_eq(out, "?");
    ck_assert_int_eq(keys[2], 'z');
    free(out);
}

START_TEST(inputn_returns_eof_after_hangup)
{
    int keys[5];
    char *out = run_fn(inputn_three, keys, "glass", "q");
    ck_assert_int_eq(keys[0], 'q');
    ck_assert_int_eq(keys[1], TTY_EOF);
    ck_assert_int_eq(keys[2], TTY_EOF);
    ck_assert_int_eq(keys[4], 1);
    free(out);
}

/* ---- line input ----------------------------------------------------- */

static void one_line(tty_io *io, void *ctx)
{
    char *line = ctx;
    int n = tty_getline(io, line, 16, 0);
    snprintf(line + 20, 12, "%d", n);
}

START_TEST(getline_erases_on_a_screen)
{
    char line[40];
    char *out = run_fn(one_line, line, "glass", "CAX\bT\r");
    ck_assert_str_eq(line, "CAT");
    ck_assert_str_eq(out, "CAX\b \bT\r\n");
    free(out);
}

START_TEST(getline_erases_the_hard_copy_way_on_paper)
{
    char line[40];
    char *out = run_fn(one_line, line, "asr33", "cax\x7ft\r");
    ck_assert_str_eq(line, "CAT");      /* a teletype has upper case only */
    ck_assert_str_eq(out, "CAX\\XT\r\n");
    free(out);
}

START_TEST(getline_caps_the_line)
{
    char line[40];
    char *out = run_fn(one_line, line, "glass",
                       "ABCDEFGHIJKLMNOPQRSTUVWXYZ\r");
    ck_assert_str_eq(line, "ABCDEFGHIJKLMNO");   /* 15 of a 16-byte buffer */
    ck_assert_int_eq(tu_count(out, "\a"), 11);
    free(out);
}

START_TEST(getline_reports_hangup)
{
    char line[40];
    char *out = run_fn(one_line, line, "glass", "HALF");
    ck_assert_str_eq(line + 20, "-1");
    free(out);
}

/* ---- randomness ----------------------------------------------------- */

static void draw(tty_io *io, void *ctx)
{
    uint32_t *v = ctx;
    for (int i = 0; i < 4; i++)
        v[i] = tty_random(io);
}

START_TEST(seed_and_session_number_fix_the_randomness)
{
    uint32_t a[4], b[4], c[4];
    memline_opts o = { .run = draw, .seed = 99, .k = 5 };
    o.ctx = a;
    free(tu_run(&o, ""));
    o.ctx = b;
    free(tu_run(&o, ""));
    o.ctx = c;
    o.k = 6;
    free(tu_run(&o, ""));
    ck_assert_mem_eq(a, b, sizeof a);
    ck_assert(memcmp(a, c, sizeof a) != 0);
}

/* ---- window size -------------------------------------------------- */

static void watch_size(tty_io *io, void *ctx)
{
    int *seen = ctx;
    tty_want_resize(io, 1);
    int k, n = 0;
    while ((k = tty_inkey(io)) != TTY_EOF && n < 8) {
        seen[n++] = k;
        if (k == TTY_KEY_RESIZE) {
            seen[6] = tty_get_caps(io)->width;
            seen[7] = tty_get_caps(io)->height;
        }
    }
}

START_TEST(cursor_keys_are_typed_whole)
{
    int keys[5];
    char *out = run_fn(inputn_three, keys, "ansi", "\033[A\033OBx");
    ck_assert_int_eq(keys[0], TTY_KEY_UP);
    ck_assert_int_eq(keys[1], TTY_KEY_DOWN);
    ck_assert_int_eq(keys[2], 'x');
    free(out);
}

START_TEST(a_new_window_size_is_a_key)
{
    int seen[8] = { 0 };
    memline_opts o = { .run = watch_size, .ctx = seen, .seed = 1,
                       .profile = "ansi", .resize_after = 1,
                       .resize_width = 132, .resize_height = 43 };
    free(tu_run(&o, "ab"));
    ck_assert_int_eq(seen[0], 'a');
    ck_assert_int_eq(seen[1], TTY_KEY_RESIZE);
    ck_assert_int_eq(seen[2], 'b');
    ck_assert_int_eq(seen[6], 132);
    ck_assert_int_eq(seen[7], 43);
}

/* ---- work and sleep ------------------------------------------------- */

typedef struct work_probe {
    pthread_t loop, worker;
    int sum, cancelled, rc, slept;
} work_probe;

static void work_fn(void *arg, const volatile int *cancel)
{
    work_probe *p = arg;
    p->worker = pthread_self();
    for (int i = 1; i <= 100; i++)
        p->sum += i;
    p->cancelled = *cancel;
}

static void work_game(tty_io *io, void *ctx)
{
    work_probe *p = ctx;
    p->loop = pthread_self();
    p->rc = tty_work(io, work_fn, p);
    uint64_t t0 = uv_hrtime();
    tty_sleep(io, 50);
    p->slept = (int)((uv_hrtime() - t0) / 1000000);
}

START_TEST(work_runs_off_the_loop_thread)
{
    work_probe p = { 0 };
    free(run_fn(work_game, &p, "glass", "x"));
    ck_assert_int_eq(p.rc, 0);
    ck_assert_int_eq(p.sum, 5050);
    ck_assert(!pthread_equal(p.loop, p.worker));
    ck_assert_int_ge(p.slept, 50);      /* a sleep is at least its length */
}

/* ---- storage -------------------------------------------------------- */

typedef struct save_probe {
    char code[TTY_CODE_SIZE];
    char game[32];
    char *data;
    size_t len;
    int rc_save, rc_load, rc_table;
} save_probe;

static void save_game(tty_io *io, void *ctx)
{
    save_probe *p = ctx;
    p->rc_save = tty_save(io, "hangman", "STATE", 5, p->code);
    void *data;
    p->rc_load = tty_load(io, p->code, p->game, sizeof p->game, &data,
                          &p->len);
    p->data = data;
    tty_table_put(io, "t", "12", 2);
    void *t;
    size_t tl;
    p->rc_table = tty_table_get(io, "t", &t, &tl);
    free(t);
}

START_TEST(save_gives_a_code_that_loads)
{
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    save_probe p = { 0 };
    memline_opts o = { .run = save_game, .ctx = &p, .seed = 3, .data = dir };
    free(tu_run(&o, ""));
    ck_assert_int_eq(p.rc_save, 0);
    ck_assert_int_eq((int)strlen(p.code), TTY_CODE_LEN);
    ck_assert_int_eq(p.rc_load, 0);
    ck_assert_str_eq(p.game, "hangman");
    ck_assert_int_eq(p.len, 5);
    ck_assert_mem_eq(p.data, "STATE", 5);
    ck_assert_int_eq(p.rc_table, 0);
    free(p.data);
    /* The same seed gives the same code on a fresh store. */
    char dir2[256];
    tu_tempdir(dir2, sizeof dir2);
    save_probe q = { 0 };
    o.ctx = &q;
    o.data = dir2;
    free(tu_run(&o, ""));
    ck_assert_str_eq(p.code, q.code);
    free(q.data);
    tu_rmdir(dir);
    tu_rmdir(dir2);
}

typedef struct counter_probe { int rc[3]; int final; } counter_probe;

/* One more, in the transaction: the stored count plus one. */
static void count_up(void *arg, const void *old, size_t oldlen, void **out,
                     size_t *outlen)
{
    int *seen = arg;
    int n = 0;
    if (old && oldlen == sizeof n)
        memcpy(&n, old, sizeof n);
    *seen = ++n;
    *out = malloc(sizeof n);
    memcpy(*out, &n, sizeof n);
    *outlen = sizeof n;
}

static void count_game(tty_io *io, void *ctx)
{
    counter_probe *p = ctx;
    int seen = 0;
    for (int i = 0; i < 3; i++)
        p->rc[i] = tty_table_update(io, "count", count_up, &seen);
    p->final = seen;
}

START_TEST(table_updates_build_on_what_is_stored)
{
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    counter_probe p = { { 1, 1, 1 }, 0 };
    memline_opts o = { .run = count_game, .ctx = &p, .seed = 1, .data = dir };
    free(tu_run(&o, ""));
    ck_assert_int_eq(p.final, 3);
    free(tu_run(&o, ""));       /* a second session goes on from there */
    ck_assert_int_eq(p.final, 6);
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(p.rc[i], 0);
    tu_rmdir(dir);
}

/* ---- a client that stops reading ---------------------------------- */

static void flood(tty_io *io, void *ctx)
{
    int *lines = ctx;
    while (!tty_hungup(io) && *lines < 1000000) {
        tty_msg(io, "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG\n");
        (*lines)++;
    }
}

START_TEST(a_client_that_stops_reading_is_dropped)
{
    srv_conf_defaults();
    srv.out_high = 4096;
    srv.stall_ms = 300;
    int lines = 0;
    memline_opts o = { .run = flood, .ctx = &lines, .seed = 1, .stuck = 1 };
    size_t len;
    char *out = memline_run(&o, "", 0, &len);
    /* the game was held at the cap, then the line was dropped */
    ck_assert_int_lt(lines, 1000);
    ck_assert_uint_lt(len, 8192);
    free(out);
    srv_conf_defaults();
}

/* ---- the menu ------------------------------------------------------- */

START_TEST(return_at_every_question_starts_a_game)
{
    memline_opts o = { .seed = 1 };
    char *out = tu_run(&o, "\r\r");
    ck_assert_ptr_nonnull(strstr(out, "YOUR NAME (RETURN: GUEST)? "));
    ck_assert_ptr_nonnull(strstr(out, "YOUR CHOICE (RETURN: HANGMAN)? "));
    ck_assert_ptr_nonnull(strstr(out, "WANT A NEW WORD? "));
    free(out);
}

START_TEST(menu_takes_numbers_names_and_quit)
{
    memline_opts o = { .seed = 1 };
    char *out = tu_run(&o, "ada\rhangman\rN\rnonsense\rq\r");
    ck_assert_ptr_nonnull(strstr(out, "N  NAME: ADA"));
    ck_assert_ptr_nonnull(strstr(out, "GOODBYE!"));
    ck_assert_ptr_nonnull(strstr(out, "TYPE A NUMBER OR A NAME FROM THE LIST."));
    ck_assert_ptr_nonnull(strstr(out, "GOODBYE.\r\n"));
    free(out);
}

START_TEST(menu_changes_the_terminal)
{
    memline_opts o = { .seed = 1 };
    char *out = tu_run(&o, "\rt\rasr33\rq\r");
    /* after the change the menu prints as a teletype would: upper case,
     * CR LF padded (the NULs are taken out here) */
    ck_assert_ptr_nonnull(strstr(out, "T  TERMINAL: ASR33"));
    free(out);
}

START_TEST(resume_finds_a_saved_game_or_says_why_not)
{
    char dir[256], err[256];
    tu_tempdir(dir, sizeof dir);
    store *st;
    ck_assert_int_eq(store_open(&st, dir, err, sizeof err), TTY_OK);
    ck_assert_int_eq(store_save_new(st, "PQRTUV", "hangman", "", 0), 0);
    store_close(st);
    memline_opts o = { .seed = 1, .data = dir };
    char *out = tu_run(&o, "\rr\rnope\rr\rAAAAAA\rresume pqr tuv\rN\rq\r");
    ck_assert_ptr_nonnull(strstr(out, "THAT IS NOT A RESUME CODE"));
    ck_assert_ptr_nonnull(strstr(out, "NO GAME IS SAVED UNDER AAAAAA."));
    ck_assert_ptr_nonnull(strstr(out, "WANT A NEW WORD? N"));
    free(out);
    tu_rmdir(dir);
}

START_TEST(hall_of_fame_is_shown_from_the_menu)
{
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    /* HELLO solved with four misses, from a fresh Hangman */
    memline_opts o = { .seed = 1, .data = dir, .name = "ADA",
                       .game = "hangman" };
    free(tu_run(&o, "YAERLBSOHN"));
    memline_opts m = { .seed = 1, .data = dir };
    char *out = tu_run(&m, "\rh\rhangman\rq\r");
    ck_assert_ptr_nonnull(strstr(out, "WHICH, BY NUMBER OR NAME"));
    ck_assert_ptr_nonnull(strstr(out, "HALL OF FAME: HANGMAN"));
    ck_assert_ptr_nonnull(strstr(out, "WORDS SOLVED"));
    ck_assert_ptr_nonnull(strstr(out, "1. ADA                  1  "));
    ck_assert_ptr_nonnull(strstr(out, "1. ADA                  4  HELLO"));
    free(out);
    tu_rmdir(dir);
}

int main(void)
{
    Suite *s = suite_create("contract");
    TCase *io = tcase_create("io");
    tcase_add_test(io, inputn_echoes_printable_keys_only);
    tcase_add_test(io, no_echo_for_a_client_that_echoes_itself);
    tcase_add_test(io, inputn_returns_eof_after_hangup);
    tcase_add_test(io, getline_erases_on_a_screen);
    tcase_add_test(io, getline_erases_the_hard_copy_way_on_paper);
    tcase_add_test(io, getline_caps_the_line);
    tcase_add_test(io, getline_reports_hangup);
    tcase_add_test(io, seed_and_session_number_fix_the_randomness);
    tcase_add_test(io, a_new_window_size_is_a_key);
    tcase_add_test(io, cursor_keys_are_typed_whole);
    tcase_add_test(io, work_runs_off_the_loop_thread);
    tcase_add_test(io, save_gives_a_code_that_loads);
    tcase_add_test(io, table_updates_build_on_what_is_stored);
    tcase_add_test(io, a_client_that_stops_reading_is_dropped);
    suite_add_tcase(s, io);
    TCase *menu = tcase_create("menu");
    tcase_add_test(menu, return_at_every_question_starts_a_game);
    tcase_add_test(menu, menu_takes_numbers_names_and_quit);
    tcase_add_test(menu, menu_changes_the_terminal);
    tcase_add_test(menu, resume_finds_a_saved_game_or_says_why_not);
    tcase_add_test(menu, hall_of_fame_is_shown_from_the_menu);
    suite_add_tcase(s, menu);
    return tu_run_suite(s);
}
