/*
 * test_notice.c - a notice (the operator's say, the server stopping)
 * arriving while a player types: on paper and glass it goes on a line of
 * its own and the prompt and what was typed come again below it, as a
 * tty's reprint does; on ANSI it goes on the bottom line with the cursor
 * put back, or, at the foot of a scrolling dialogue, takes the typed
 * line's place with the prompt and typing below.  Paper and glass are read
 * from the transcript, ANSI from the screen of the test terminal (vt.c).
 * The notice comes from the loop, between two keys, as the admin socket's
 * does (memline's notice_after).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sess.h"
#include "testutil.h"
#include "tty.h"
#include "vt.h"

#define HELLO "FROM THE OPERATOR: HELLO"
#define FRAMED "*** " HELLO " ***"

/* What a session asks, and how. */
typedef struct ask {
    int lines;              /* lines printed before (the dialogue so far) */
    int row;                /* ANSI: clear, draw, the prompt on this row */
    const char *first;      /* a question answered before the prompt */
    int echo_self;          /* the game echoes with INPUTN, no editor */
    int flags;              /* the editor's flags */
    int stop_esc;           /* the line ends at Escape (no Return's new
                               line), so the screen is read as typed */
    char line[64];
} ask;

static void ask_run(tty_io *io, void *ctx)
{
    ask *a = ctx;
    char first[16];
    for (int i = 0; i < a->lines; i++)
        tty_printf(io, "LINE %d\n", i);
    if (a->row) {
        tty_clear(io);
        tty_goto(io, 2, 1);
        tty_msg(io, "+--BOARD--+");
        tty_goto(io, a->row, 1);
    }
    if (a->first && tty_ask(io, a->first, first, sizeof first) < 0)
        return;
    tty_msg(io, "YOUR MOVE? ");
    if (a->echo_self) {
        size_t n = 0;
        int key;
        while ((key = tty_inputn(io)) != TTY_EOF && key != '\r' &&
               n + 1 < sizeof a->line)
            a->line[n++] = (char)key;
        a->line[n] = 0;
        return;
    }
    tty_edit ed;
    tty_edit_begin(&ed, io, a->line, sizeof a->line, a->flags);
    int key;
    while ((key = tty_inkey(io)) != TTY_EOF) {
        if (a->stop_esc && key == TTY_KEY_ESC)
            return;
        if (tty_edit_feed(&ed, key) == TTY_EDIT_DONE)
            break;
    }
    if (a->flags & TTY_EDIT_SILENT)
        tty_msg(io, "\n");
}

static char *run_ask(ask *a, const char *profile, const char *keys,
                     int after, int flags, int remote_echo)
{
    memline_opts o = { .run = ask_run, .ctx = a, .profile = profile,
                       .seed = 1, .notice_after = after, .notice = HELLO,
                       .notice_flags = flags, .remote_echo = remote_echo };
    char *out = tu_run(&o, keys);
    ck_assert_ptr_nonnull(out);
    return out;
}

/* ---- glass and paper: the transcript -------------------------------- */

START_TEST(glass_mid_line)
{
    ask a = { 0 };
    char *out = run_ask(&a, "glass", "15-18\r", 3, 0, 0);
    ck_assert_str_eq(out, "YOUR MOVE? 15-\r\n" FRAMED "\r\n"
                          "YOUR MOVE? 15-18\r\n");
    ck_assert_str_eq(a.line, "15-18");
    free(out);
}
END_TEST

START_TEST(glass_erased)
{
    /* What was taken back is not printed again. */
    ask a = { 0 };
    char *out = run_ask(&a, "glass", "15-X\b18\r", 5, 0, 0);
    ck_assert_str_eq(out, "YOUR MOVE? 15-X\b \b\r\n" FRAMED "\r\n"
                          "YOUR MOVE? 15-18\r\n");
    ck_assert_str_eq(a.line, "15-18");
    free(out);
}
END_TEST

START_TEST(paper_erased)
{
    /* Paper shows the erase as \X; the reprint shows the line as it now
     * stands, in the teletype's upper case. */
    ask a = { 0 };
    char *out = run_ask(&a, "asr33", "15-x\b18\r", 5, 0, 0);
    ck_assert_str_eq(out, "YOUR MOVE? 15-X\\X\r\n" FRAMED "\r\n"
                          "YOUR MOVE? 15-18\r\n");
    ck_assert_str_eq(a.line, "15-18");
    free(out);
}
END_TEST

START_TEST(paper_before_typing)
{
    /* Nothing typed yet: the prompt alone comes again. */
    ask a = { .first = "NAME? " };
    char *out = run_ask(&a, "asr33", "\r15\r", 1, 0, 0);
    ck_assert_str_eq(out, "NAME? \r\nYOUR MOVE? \r\n" FRAMED "\r\n"
                          "YOUR MOVE? 15\r\n");
    free(out);
}
END_TEST

START_TEST(paper_killed_line)
{
    /* ^U on paper starts the line again below, the prompt with it. */
    ask a = { 0 };
    char *out = run_ask(&a, "asr33", "12\025" "15-18\r", 6, 0, 0);
    ck_assert_str_eq(out, "YOUR MOVE? 12 ^U\r\n15-\r\n" FRAMED "\r\n"
                          "15-18\r\n");
    free(out);
}
END_TEST

START_TEST(glass_game_echoes)
{
    /* A game that echoes with INPUTN: its line is printed as it stands. */
    ask a = { .echo_self = 1 };
    char *out = run_ask(&a, "glass", "AB\r", 2, 0, 0);
    ck_assert_str_eq(out, "YOUR MOVE? AB\r\n" FRAMED "\r\nYOUR MOVE? AB");
    ck_assert_str_eq(a.line, "AB");
    free(out);
}
END_TEST

START_TEST(glass_secret)
{
    /* A password: the prompt again, never what was typed. */
    ask a = { .flags = TTY_EDIT_SILENT };
    char *out = run_ask(&a, "glass", "SECRET\r", 3, 0, 0);
    ck_assert_str_eq(out, "YOUR MOVE? \r\n" FRAMED "\r\nYOUR MOVE? \r\n");
    ck_assert_str_eq(a.line, "SECRET");
    free(out);
}
END_TEST

START_TEST(glass_client_echoes)
{
    /* A line-mode client shows its own typing: the prompt comes again,
     * the client keeps what it shows. */
    ask a = { 0 };
    char *out = run_ask(&a, "glass", "15-18\r", 3, 0, 1);
    ck_assert_str_eq(out, "YOUR MOVE? \r\n" FRAMED "\r\nYOUR MOVE? ");
    free(out);
}
END_TEST

START_TEST(glass_last)
{
    /* A notice after which input ends prints nothing again. */
    ask a = { 0 };
    char *out = run_ask(&a, "glass", "15-", 3, SESS_NOTICE_LAST, 0);
    ck_assert_str_eq(out, "YOUR MOVE? 15-\r\n" FRAMED "\r\n");
    free(out);
}
END_TEST

START_TEST(glass_after_output)
{
    /* Between prompts, at the start of a line: no blank line first. */
    ask a = { .lines = 1, .first = "NAME? " };
    char *out = run_ask(&a, "glass", "\r\r", 1, 0, 0);
    ck_assert_str_eq(out, "LINE 0\r\nNAME? \r\nYOUR MOVE? \r\n" FRAMED
                          "\r\nYOUR MOVE? \r\n");
    free(out);
}
END_TEST

/* ---- ANSI: the screen ----------------------------------------------- */

static void screen_of(vt *t, const char *out)
{
    vt_init(t, 80, 24);
    vt_puts(t, out);
}

START_TEST(ansi_scrolling_dialogue)
{
    /* The prompt on the bottom line of a scrolling dialogue (the menu):
     * that line becomes the notice, the prompt and typing come below. */
    ask a = { .lines = 30, .stop_esc = 1 };
    char *out = run_ask(&a, "ansi", "15-18\033", 3, 0, 0);
    vt t;
    screen_of(&t, out);
    ck_assert_str_eq(vt_row(&t, 23), "YOUR MOVE? 15-18");
    ck_assert_str_eq(vt_row(&t, 22), FRAMED);
    ck_assert_str_eq(vt_row(&t, 21), "LINE 29");
    ck_assert_int_eq(t.row, 23);
    ck_assert_int_eq(t.col, 16);
    ck_assert_int_eq(t.bells, 1);
    ck_assert_str_eq(a.line, "15-18");
    free(out);
}
END_TEST

START_TEST(ansi_screen)
{
    /* A drawn screen, the prompt on row 10: the notice on the bottom line,
     * the board and the line being typed untouched, the typing goes on
     * where it was. */
    ask a = { .row = 10, .stop_esc = 1 };
    char *out = run_ask(&a, "ansi", "15-18\033", 3, 0, 0);
    vt t;
    screen_of(&t, out);
    ck_assert_str_eq(vt_row(&t, 1), "+--BOARD--+");
    ck_assert_str_eq(vt_row(&t, 9), "YOUR MOVE? 15-18");
    ck_assert_str_eq(vt_row(&t, 23), FRAMED);
    ck_assert_int_eq(t.row, 9);
    ck_assert_int_eq(t.col, 16);
    free(out);
}
END_TEST

START_TEST(ansi_screen_bottom)
{
    /* A drawn screen whose prompt is its last line: the notice goes on the
     * line above, nothing scrolls. */
    ask a = { .row = 24, .stop_esc = 1 };
    char *out = run_ask(&a, "ansi", "15-18\033", 3, 0, 0);
    vt t;
    screen_of(&t, out);
    ck_assert_str_eq(vt_row(&t, 1), "+--BOARD--+");
    ck_assert_str_eq(vt_row(&t, 23), "YOUR MOVE? 15-18");
    ck_assert_str_eq(vt_row(&t, 22), FRAMED);
    ck_assert_int_eq(t.scrolled, 0);
    free(out);
}
END_TEST

START_TEST(ansi_cut_to_width)
{
    /* On a drawn screen a notice is one line: cut, never wrapped. */
    static char longer[200];
    memset(longer, 'X', 150);
    ask a = { .row = 10, .stop_esc = 1 };
    memline_opts o = { .run = ask_run, .ctx = &a, .profile = "ansi",
                       .seed = 1, .notice_after = 1, .notice = longer };
    char *out = tu_run(&o, "1\033");
    vt t;
    screen_of(&t, out);
    ck_assert_int_eq((int)strlen(vt_row(&t, 23)), 79);
    ck_assert_int_eq(t.wraps, 0);
    ck_assert_str_eq(vt_row(&t, 9), "YOUR MOVE? 1");
    free(out);
}
END_TEST

/* ---- in a game ------------------------------------------------------ */

START_TEST(checkers_glass)
{
    /* Checkers' own editor (a line fed key by key): the move typed so far
     * comes again after the notice, and the move is made. */
    memline_opts o = { .game = "checkers", .profile = "glass", .seed = 1,
                       .notice_after = 5, .notice = HELLO };
    char *out = tu_run(&o, "\r\r11-15\r");
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? 11-\r\n" FRAMED "\r\n"
                                      "YOUR MOVE? 11-15\r\n"));
    free(out);
}
END_TEST

START_TEST(backgammon_ansi)
{
    /* Backgammon's board is a pane above a scrolling dialogue whose foot
     * holds the prompt: the notice takes the prompt's line, the prompt
     * and the typing come back below it, and the board stays whole. */
    memline_opts o = { .game = "backgammon", .seed = 3, .name = "ANN",
                       .profile = "ansi", .width = 80, .height = 24,
                       .notice_after = 7, .notice = HELLO };
    char *out = tu_run(&o, "1\r\r\r\r\rXY");
    vt t;
    vt_init(&t, 80, 24);
    vt_upto_last(&t, out, "\033[0m\033[r");
    ck_assert_str_eq(vt_row(&t, 0), "  BACKGAMMON    ATARI RULES: AT MOST "
                                    "FIVE TILES ON A PEG");
    int at = vt_find(&t, FRAMED);
    ck_assert_int_gt(at, 16);
    const char *prompt = vt_row(&t, at + 1);
    ck_assert_msg(strncmp(prompt, "BLUE (ANN) TO MOVE, DICE 4 2", 28) == 0,
                  "%s", prompt);
    ck_assert_str_eq(prompt + strlen(prompt) - 2, "XY");
    free(out);
}
END_TEST

static Suite *notice_suite(void)
{
    Suite *s = suite_create("notice");
    TCase *tc = tcase_create("paper and glass");
    tcase_add_test(tc, glass_mid_line);
    tcase_add_test(tc, glass_erased);
    tcase_add_test(tc, paper_erased);
    tcase_add_test(tc, paper_before_typing);
    tcase_add_test(tc, paper_killed_line);
    tcase_add_test(tc, glass_game_echoes);
    tcase_add_test(tc, glass_secret);
    tcase_add_test(tc, glass_client_echoes);
    tcase_add_test(tc, glass_last);
    tcase_add_test(tc, glass_after_output);
    suite_add_tcase(s, tc);
    tc = tcase_create("ansi");
    tcase_add_test(tc, ansi_scrolling_dialogue);
    tcase_add_test(tc, ansi_screen);
    tcase_add_test(tc, ansi_screen_bottom);
    tcase_add_test(tc, ansi_cut_to_width);
    suite_add_tcase(s, tc);
    tc = tcase_create("games");
    tcase_add_test(tc, checkers_glass);
    tcase_add_test(tc, backgammon_ansi);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run_suite(notice_suite());
}
