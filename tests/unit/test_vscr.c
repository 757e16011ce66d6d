/*
 * test_vscr.c - the virtual screen (games/vscr.h): what a flush sends,
 * played on the shared test VT100, is the picture wanted; it sends only
 * what changed, everything after an invalidate, and a pane keeps the
 * dialogue's cursor and the rows outside it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "sm64.h"
#include "testutil.h"
#include "vscr.h"
#include "vt.h"

/* The bytes of the last flush, and every flush played on a terminal. */
typedef struct tv_sink {
    char last[65536];
    size_t n;
    vt t;
} tv_sink;

static tv_sink tv;

static void tv_take(void *arg, const char *p, size_t n)
{
    tv_sink *k = arg;
    ck_assert_uint_lt(n, sizeof k->last);
    memcpy(k->last, p, n);
    k->last[n] = 0;
    k->n = n;
    vt_feed(&k->t, p, n);
}

static void tv_open(vscr *s, int w, int h)
{
    ck_assert_int_eq(vscr_init(s, NULL, w, h), 0);
    s->sink = tv_take;
    s->sink_arg = &tv;
    tv.n = 0;
    tv.last[0] = 0;
    vt_init(&tv.t, w, h);
}

static size_t tv_flush(vscr *s, int row, int col)
{
    tv.n = 0;
    tv.last[0] = 0;
    return vscr_flush(s, row, col);
}

/* Every cell of the terminal is what the screen wanted, rows shifted by
 * the screen's top. */
static void tv_matches(const vscr *s)
{
    for (int r = 0; r < s->h; r++)
        for (int c = 0; c < s->w; c++) {
            const vscr_cell *w = &s->want[r * s->w + c];
            ck_assert_msg(tv.t.cell[s->top + r][c] == w->ch &&
                          tv.t.attr[s->top + r][c] == w->attr,
                          "cell %d,%d: '%c' %x, wanted '%c' %x", r, c,
                          tv.t.cell[s->top + r][c],
                          tv.t.attr[s->top + r][c], w->ch, w->attr);
        }
}

START_TEST(first_flush_clears_and_draws)
{
    vscr s;
    tv_open(&s, 40, 10);
    vscr_put(&s, 0, 0, "TITLE", VSCR_BOLD);
    vscr_put(&s, 3, 5, "A BOARD", VSCR_REV | VSCR_FG(VSCR_RED));
    vscr_put(&s, 9, 35, "CORNR", VSCR_UNDER);
    size_t n = tv_flush(&s, 5, 2);
    ck_assert_uint_eq(n, tv.n);
    ck_assert_int_eq(strncmp(tv.last, "\033[0m\033[H\033[2J", 11), 0);
    tv_matches(&s);
    ck_assert_str_eq(vt_row(&tv.t, 3), "     A BOARD");
    ck_assert_int_eq(tv.t.row, 5);
    ck_assert_int_eq(tv.t.col, 2);
    /* The last cell of the last row is written; the cursor came back. */
    ck_assert_str_eq(vt_row(&tv.t, 9), "                                   CORNR");
    ck_assert_int_eq(tv.t.attr[9][39], VT_UNDER);
    vscr_free(&s);
}
END_TEST

START_TEST(a_flush_sends_only_what_changed)
{
    vscr s;
    tv_open(&s, 40, 10);
    vscr_put(&s, 2, 0, "ONE TWO THREE", 0);
    tv_flush(&s, -1, 0);
    /* Nothing changed: nothing at all. */
    ck_assert_uint_eq(tv_flush(&s, -1, 0), 0);
    /* One character: one cursor address and the character. */
    vscr_putc(&s, 5, 10, 'X', 0);
    ck_assert_uint_eq(tv_flush(&s, -1, 0), 8);
    ck_assert_str_eq(tv.last, "\033[6;11HX");
    /* Two changes four cells apart: the cells between are sent again,
     * cheaper than a jump. */
    vscr_putc(&s, 2, 0, 'N', 0);
    vscr_putc(&s, 2, 4, 'Z', 0);
    tv_flush(&s, -1, 0);
    ck_assert_str_eq(tv.last, "\033[3;1HNNE Z");
    /* An attribute alone is a change; turning one on adds it alone.  The
     * cursor stood after the Z: three steps forward. */
    vscr_put(&s, 2, 8, "THREE", VSCR_BOLD);
    tv_flush(&s, -1, 0);
    ck_assert_str_eq(tv.last, "\033[3C\033[1mTHREE");
    vscr_put(&s, 2, 8, "THREE", VSCR_BOLD | VSCR_FG(VSCR_BLUE));
    tv_flush(&s, -1, 0);
    ck_assert_str_eq(tv.last, "\033[3;9H\033[34mTHREE");
    /* Turning one off starts from a reset. */
    vscr_put(&s, 2, 8, "THREE", VSCR_FG(VSCR_BLUE));
    tv_flush(&s, -1, 0);
    ck_assert_str_eq(tv.last, "\033[3;9H\033[0;34mTHREE");
    /* The cursor shown at a place: a move and the mode. */
    vscr_put(&s, 2, 8, "THREE", 0);
    tv_flush(&s, 0, 0);
    tv_matches(&s);
    ck_assert_uint_eq(tv_flush(&s, 0, 0), 0);
    vscr_free(&s);
}
END_TEST

/* A row that gets shorter is cut with one erase to the end of the line,
 * not a run of blanks. */
START_TEST(a_shorter_row_is_erased)
{
    vscr s;
    tv_open(&s, 40, 4);
    vscr_put(&s, 1, 0, "THE COMPUTER HAS GIVEN ORDERS", 0);
    tv_flush(&s, -1, 0);
    vscr_blank(&s);
    vscr_put(&s, 1, 0, "THE END", 0);
    tv_flush(&s, -1, 0);
    ck_assert_str_eq(tv.last, "\033[2;5HEND\033[K");
    ck_assert_str_eq(vt_row(&tv.t, 1), "THE END");
    tv_matches(&s);
    vscr_free(&s);
}
END_TEST

START_TEST(invalidate_redraws_everything)
{
    vscr s;
    tv_open(&s, 30, 6);
    for (int r = 0; r < 6; r++)
        vscr_put(&s, r, r, "ROW", (uint16_t)(r & 1 ? VSCR_REV : 0));
    tv_flush(&s, 0, 0);
    /* The terminal is cleared behind the screen's back (a page shown
     * over it): after an invalidate, the same picture is sent whole. */
    vt_init(&tv.t, 30, 6);
    vscr_invalidate(&s);
    tv_flush(&s, 0, 0);
    ck_assert_int_eq(strncmp(tv.last, "\033[0m\033[H\033[2J", 11), 0);
    ck_assert_int_eq(tu_count(tv.last, "ROW"), 6);
    tv_matches(&s);
    /* A resize: blank, and a whole new picture. */
    ck_assert_int_eq(vscr_resize(&s, 50, 8), 0);
    vt_init(&tv.t, 50, 8);
    vscr_put(&s, 7, 45, "WIDE", VSCR_DIM);
    tv_flush(&s, 0, 0);
    tv_matches(&s);
    ck_assert_int_eq(tv.t.attr[7][45], VT_DIM);
    vscr_free(&s);
}
END_TEST

/* A pane of three rows at row 2 of a 30 x 10 terminal whose dialogue
 * scrolls below it. */
START_TEST(a_pane_keeps_the_dialogue)
{
    vscr s;
    ck_assert_int_eq(vscr_init_pane(&s, NULL, 2, 30, 3), 0);
    s.sink = tv_take;
    s.sink_arg = &tv;
    vt_init(&tv.t, 30, 10);
    vt_puts(&tv.t, "\033[1;1HABOVE\033[3;1HOLD JUNK IN THE PANE\033[6;10r"
                   "\033[10;1HYOUR MOVE? \033[1m");
    vscr_put(&s, 0, 1, "+----+", 0);
    vscr_put(&s, 1, 1, "| BK |", VSCR_BLINK);
    vscr_put(&s, 2, 1, "+----+", 0);
    ck_assert_uint_gt(vscr_flush_pane(&s), 0);
    tv_matches(&s);
    /* The rows outside are untouched; the junk in the pane is gone. */
    ck_assert_str_eq(vt_row(&tv.t, 0), "ABOVE");
    ck_assert_str_eq(vt_row(&tv.t, 2), " +----+");
    /* The dialogue's cursor and attributes are back. */
    ck_assert_int_eq(tv.t.row, 9);
    ck_assert_int_eq(tv.t.col, 11);
    ck_assert_int_eq(tv.t.cur, VT_BOLD);
    ck_assert_int_eq(strncmp(tv.last, "\0337", 2), 0);
    /* Nothing changed: not even the save and restore. */
    tv.n = 0;
    ck_assert_uint_eq(vscr_flush_pane(&s), 0);
    ck_assert_uint_eq(tv.n, 0);
    /* One square changes: it alone is sent, addressed in the pane. */
    vscr_put(&s, 1, 3, "RK", VSCR_BLINK);
    vscr_flush_pane(&s);
    ck_assert_str_eq(tv.last, "\0337\033[4;4H\033[0;5mR\033[m\0338");
    tv_matches(&s);
    ck_assert_int_eq(tv.t.row, 9);
    vscr_free(&s);
}
END_TEST

/* Random pictures, scrolls and invalidations: after every flush the
 * terminal shows exactly the picture wanted. */
START_TEST(random_frames_always_match)
{
    static const uint16_t attrs[] = {
        0, VSCR_BOLD, VSCR_REV, VSCR_UNDER | VSCR_FG(VSCR_GREEN),
        VSCR_FG(VSCR_BLACK) | VSCR_BG(VSCR_WHITE), VSCR_DIM, VSCR_BLINK };
    sm64 r;
    sm64_seed(&r, 19);
    vscr s;
    tv_open(&s, 24, 8);
    for (int frame = 0; frame < 400; frame++) {
        uint32_t what = sm64_below(&r, 20);
        if (what == 0) {
            vscr_blank(&s);
        } else if (what == 1) {
            int top = (int)sm64_below(&r, 4), n = (int)sm64_below(&r, 5) - 2;
            /* The picture moves as the terminal's rows will. */
            vscr_vscroll(&s, top, 7, n);
            for (int i = 0; i < 8; i++)
                vscr_fill(&s, (int)sm64_below(&r, 8), 0, 24, 0);
        } else if (what == 2) {
            vscr_hscroll(&s, 0, 7, (int)sm64_below(&r, 7) - 3);
        } else if (what == 3) {
            vscr_invalidate(&s);
            vt_init(&tv.t, 24, 8);
        }
        int changes = (int)sm64_below(&r, 12);
        for (int i = 0; i < changes; i++) {
            char text[8];
            int len = 1 + (int)sm64_below(&r, 7);
            for (int k = 0; k < len; k++)
                text[k] = (char)('A' + sm64_below(&r, 26));
            text[len] = 0;
            vscr_put(&s, (int)sm64_below(&r, 8), (int)sm64_below(&r, 26),
                     text, attrs[sm64_below(&r, 7)]);
        }
        int crow = (int)sm64_below(&r, 9) - 1;
        tv_flush(&s, crow, (int)sm64_below(&r, 24));
        tv_matches(&s);
        if (crow >= 0) {
            ck_assert_int_eq(tv.t.row, crow);
            ck_assert_int_eq(tv.t.cur, 0);
        }
    }
    vscr_free(&s);
}
END_TEST

/* The four games that draw through vscr, played a few keys on every
 * profile: on a teletype and a glass terminal not one escape goes out
 * (they print their boards in lines); on ANSI their screens do. */
START_TEST(no_escape_but_on_ansi)
{
    /* What vscr sends first on ANSI: a pane's DECSC, a whole screen's
     * cursor mode. */
    static const struct { const char *game, *keys, *mark; } games[] = {
        { "checkers", "\r\r11-15\r", "\0337" },
        { "backgammon", "\r\r\r", "\0337" },
        { "efront_text", "\r\r", "\033[?25" },
        { "gunjin", "\r\r\r", "\033[?25" } };
    static const char *const profiles[] = { "asr33", "glass", "ansi" };
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++)
        for (size_t p = 0; p < 3; p++) {
            memline_opts o = { .game = games[g].game,
                               .profile = profiles[p], .seed = 7 };
            char *out = tu_run(&o, games[g].keys);
            ck_assert_ptr_nonnull(out);
            int esc = strchr(out, '\033') != NULL;
            ck_assert_msg(esc == (p == 2), "%s on %s: %s escapes",
                          games[g].game, profiles[p], esc ? "" : "no");
            if (p == 2)
                ck_assert_msg(strstr(out, games[g].mark), "%s: no screen",
                              games[g].game);
            free(out);
        }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("vscr");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, first_flush_clears_and_draws);
    tcase_add_test(tc, a_flush_sends_only_what_changed);
    tcase_add_test(tc, a_shorter_row_is_erased);
    tcase_add_test(tc, invalidate_redraws_everything);
    tcase_add_test(tc, a_pane_keeps_the_dialogue);
    tcase_add_test(tc, random_frames_always_match);
    tcase_add_test(tc, no_escape_but_on_ansi);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
