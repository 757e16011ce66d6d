/*
 * test_watch_keep.c - what watching and recording rest on: the asciicast
 * lines (valid JSON whatever the bytes, read back to the same bytes) and
 * the kept screen (a fresh terminal fed the redraw shows what the
 * player's shows: since the last clear, past the bound through libvterm,
 * and a page of paper).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cast.h"
#include "replay.h"
#include "scrkeep.h"
#include "testutil.h"
#include "vt.h"

static char *cstr(buf *b)
{
    buf_addc(b, 0);
    return (char *)buf_data(b);
}

START_TEST(escape_is_json)
{
    buf b = { 0 };
    const char in[] = "A\"\\\r\n\t\033[2J\x7f";
    cast_escape(&b, in, sizeof in - 1);
    ck_assert_str_eq(cstr(&b),
                     "A\\\"\\\\\\r\\n\\u0009\\u001b[2J\\u007f");
    buf_free(&b);
    /* valid UTF-8 as it is; bytes that are not, as U+0080..U+00FF */
    const char mixed[] = "\xc3\xa9|\xff|\xc3|\xe2\x82\xac|\xed\xa0\x80|"
                         "\xc0\xaf";
    cast_escape(&b, mixed, sizeof mixed - 1);
    ck_assert_str_eq(cstr(&b), "\xc3\xa9|\\u00ff|\\u00c3|\xe2\x82\xac|"
                               "\\u00ed\\u00a0\\u0080|\\u00c0\\u00af");
    buf_free(&b);
}
END_TEST

/* Every byte value, one at a time and all together, goes out and comes
 * back the same (what the replay and `recording play` send). */
START_TEST(event_round_trip)
{
    char all[256];
    for (int i = 0; i < 256; i++)
        all[i] = (char)i;
    buf line = { 0 }, back = { 0 };
    cast_event_line(&line, 1.25, all, sizeof all);
    ck_assert_int_eq(buf_data(&line)[buf_avail(&line) - 1], '\n');
    double t = 0;
    ck_assert_int_eq(cast_parse_event(cstr(&line), &t, &back), 0);
    ck_assert(t == 1.25);
    ck_assert_uint_eq(buf_avail(&back), 256);
    ck_assert(memcmp(buf_data(&back), all, 256) == 0);
    buf_free(&line);
    buf_free(&back);
    /* a multi-byte character written by another program */
    ck_assert_int_eq(cast_parse_event("[0.5, \"o\", \"\\u20ac\\ud83d\\ude00\"]",
                                      &t, &back), 0);
    ck_assert_uint_eq(buf_avail(&back), 7);
    ck_assert(memcmp(buf_data(&back), "\xe2\x82\xac\xf0\x9f\x98\x80", 7) == 0);
    buf_free(&back);
    /* input events are skipped, damage is refused */
    ck_assert_int_eq(cast_parse_event("[0.1, \"i\", \"x\"]", &t, &back), 1);
    ck_assert_int_eq(cast_parse_event("[0.1, \"o\", \"x", &t, &back), -1);
    ck_assert_int_eq(cast_parse_event("{\"version\": 2}", &t, &back), -1);
    ck_assert_int_eq(cast_parse_event("[0.1, \"o\", \"\\q\"]", &t, &back), -1);
    buf_free(&back);
}
END_TEST

START_TEST(resize_events)
{
    buf b = { 0 }, d = { 0 };
    double t;
    int w, h;
    cast_resize_line(&b, 2.5, 130, 43);
    ck_assert_str_eq(cstr(&b), "[2.500000, \"r\", \"130x43\"]\n");
    ck_assert_int_eq(cast_parse_event(cstr(&b), &t, &d), 2);
    ck_assert(t == 2.5);
    ck_assert_int_eq(cast_parse_size(&d, &w, &h), 0);
    ck_assert_int_eq(w, 130);
    ck_assert_int_eq(h, 43);
    buf_free(&d);
    ck_assert_int_eq(cast_parse_event("[1, \"r\", \"wide\"]", &t, &d), 2);
    ck_assert_int_eq(cast_parse_size(&d, &w, &h), -1);
    buf_free(&d);
    buf_free(&b);

    /* A recording that grew: played back only on a screen as large as
     * the largest it became. */
    char dir[256], path[300];
    tu_tempdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/r.cast", dir);
    FILE *f = fopen(path, "w");
    fputs("{\"version\": 2, \"width\": 90, \"height\": 30}\n"
          "[0.1, \"o\", \"a\"]\n[0.2, \"r\", \"130x43\"]\n"
          "[0.3, \"o\", \"b\"]\n[0.4, \"r\", \"100x20\"]\n", f);
    fclose(f);
    replay r;
    char err[96];
    ck_assert_int_eq(replay_load(&r, path, err, sizeof err), 0);
    ck_assert_int_eq(r.width, 90);
    ck_assert_int_eq(r.max_width, 130);
    ck_assert_int_eq(r.max_height, 43);
    ck_assert_int_eq((int)r.n, 4);
    ck_assert_int_eq(r.ev[1].width, 130);
    ck_assert_int_eq((int)r.ev[1].len, 0);
    ck_assert_int_eq((int)r.data.len, 2);
    replay_free(&r);
    tu_rmdir(dir);
}
END_TEST

START_TEST(header_fields)
{
    buf b = { 0 };
    cast_header(&b, 80, 24, 1700000000, "vt100", "ANN \"X\" playing hangman");
    ck_assert_str_eq(cstr(&b),
                     "{\"version\": 2, \"width\": 80, \"height\": 24, "
                     "\"timestamp\": 1700000000, \"env\": {\"TERM\": "
                     "\"vt100\"}, \"title\": \"ANN \\\"X\\\" playing "
                     "hangman\"}\n");
    int w = 0, h = 0;
    ck_assert_int_eq(cast_parse_header(buf_data(&b), &w, &h), 0);
    ck_assert_int_eq(w, 80);
    ck_assert_int_eq(h, 24);
    ck_assert_int_eq(cast_parse_header("{\"version\": 1, \"width\": 80, "
                                       "\"height\": 24}", &w, &h), -1);
    buf_free(&b);
}
END_TEST

/* Feed the same bytes to a player's screen and to a keep; a fresh
 * screen fed the keep's redraw must read the same, row by row. */
static void same_screen(scrkeep *k, vt *player)
{
    buf r = { 0 };
    scrkeep_redraw(k, &r);
    vt *fresh = malloc(sizeof *fresh);
    vt_init(fresh, player->w, player->h);
    /* the fresh terminal had something on it already */
    vt_puts(fresh, "\033[5;5HOLD TEXT OF THE WATCHER'S OWN");
    vt_feed(fresh, buf_data(&r), buf_avail(&r));
    for (int row = 0; row < player->h; row++) {
        char want[VT_MAXW + 1];
        snprintf(want, sizeof want, "%s", vt_row(player, row));
        ck_assert_str_eq(vt_row(fresh, row), want);
    }
    ck_assert_int_eq(fresh->row, player->row);
    ck_assert_int_eq(fresh->col, player->col);
    free(fresh);
    buf_free(&r);
}

static void both(scrkeep *k, vt *player, const char *text)
{
    size_t n = strlen(text);
    /* in pieces, so a clear split between two writes is still seen */
    for (size_t i = 0; i < n; i += 3) {
        size_t m = n - i < 3 ? n - i : 3;
        scrkeep_feed(k, 1, player->h, player->w, text + i, m);
    }
    vt_puts(player, text);
}

START_TEST(ansi_since_the_clear)
{
    scrkeep k = { 0 };
    vt *p = malloc(sizeof *p);
    vt_init(p, 80, 24);
    both(&k, p, "MENU TEXT\r\nMORE MENU\r\n");
    same_screen(&k, p);
    both(&k, p, "\033[H\033[2J\033[3;10HBOARD\033[10;1HYOUR MOVE? ");
    ck_assert(k.cleared);
    /* only what follows the clear is kept */
    ck_assert_ptr_null(memmem(buf_data(&k.text), buf_avail(&k.text), "MENU",
                              4));
    same_screen(&k, p);
    both(&k, p, "11-15\r\n\033[3;10H\033[7mB\033[0mOARD");
    same_screen(&k, p);
    ck_assert_ptr_null(k.vt);
    scrkeep_free(&k);
    free(p);
}
END_TEST

/* Past SCRKEEP_MAX without a clear the screen is held by libvterm; the
 * redraw is then drawn from its cells; the next clear frees it. */
START_TEST(ansi_past_the_bound)
{
    scrkeep k = { 0 };
    vt *p = malloc(sizeof *p);
    vt_init(p, 80, 24);
    both(&k, p, "\033[H\033[2J");
    char line[128];
    for (int i = 0; buf_avail(&k.text) < SCRKEEP_MAX && !k.vt; i++) {
        snprintf(line, sizeof line, "\033[%d;%dHMOVE %d \033[1mX\033[0m ",
                 i % 22 + 1, i % 60 + 1, i);
        both(&k, p, line);
    }
    ck_assert_ptr_nonnull(k.vt);
    ck_assert_uint_eq(buf_avail(&k.text), 0);
    both(&k, p, "\033[24;1HYOUR MOVE? ");
    same_screen(&k, p);
    both(&k, p, "\033[2J\033[HAGAIN");
    ck_assert_ptr_null(k.vt);
    same_screen(&k, p);
    scrkeep_free(&k);
    free(p);
}
END_TEST

/* On paper the watcher gets the last page: 66 lines. */
START_TEST(paper_last_page)
{
    scrkeep k = { 0 };
    char line[64];
    for (int i = 1; i <= 2000; i++) {
        snprintf(line, sizeof line, "LINE %d OF THE ROLL\r\n", i);
        scrkeep_feed(&k, 0, 0, 72, line, strlen(line));
    }
    scrkeep_feed(&k, 0, 0, 72, "GUESS A LETTER: ", 16);
    ck_assert_uint_le(scrkeep_size(&k), 64 * 1024);
    buf r = { 0 };
    scrkeep_redraw(&k, &r);
    char *text = cstr(&r);
    ck_assert_int_eq(tu_count(text, "\n"), SCRKEEP_PAGE);
    ck_assert(strncmp(text, "LINE 1935 OF THE ROLL\r\n", 23) == 0);
    ck_assert_ptr_nonnull(strstr(text, "LINE 2000 OF THE ROLL\r\nGUESS A "
                                       "LETTER: "));
    buf_free(&r);
    scrkeep_free(&k);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("watch_keep");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, escape_is_json);
    tcase_add_test(tc, event_round_trip);
    tcase_add_test(tc, header_fields);
    tcase_add_test(tc, resize_events);
    tcase_add_test(tc, ansi_since_the_clear);
    tcase_add_test(tc, ansi_past_the_bound);
    tcase_add_test(tc, paper_last_page);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
