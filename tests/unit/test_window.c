/*
 * test_window.c - the window size a client reports is kept whatever the
 * profile is when it arrives (telnet clients send NAWS before the
 * terminal type has settled), and applied when the profile becomes ANSI,
 * from the terminal type or from the menu; and the table of terminal type
 * names that picks the profile.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"
#include "sess.h"
#include "testutil.h"

typedef struct tw_seen {
    int w0, h0;     /* on glass, after the size came */
    int w1, h1;     /* after the profile became ANSI */
    int w2, h2;     /* back to glass */
    int w3, h3;     /* ANSI again */
} tw_seen;

static void tw_sizes(tty_io *io, void *ctx)
{
    tw_seen *t = ctx;
    const tty_caps *c = tty_get_caps(io);
    sess_set_size(io, 40, 12);          /* NAWS while still glass */
    t->w0 = c->width, t->h0 = c->height;
    sess_set_profile(io, profile_find("ansi"));     /* then TTYPE */
    t->w1 = c->width, t->h1 = c->height;
    sess_set_profile(io, profile_find("glass"));
    t->w2 = c->width, t->h2 = c->height;
    sess_set_size(io, 132, 50);         /* the window grows meanwhile */
    sess_set_profile(io, profile_find("ansi"));
    t->w3 = c->width, t->h3 = c->height;
}

START_TEST(a_size_sent_before_the_profile_is_kept)
{
    tw_seen t;
    memline_opts o = { .run = tw_sizes, .ctx = &t, .profile = "glass" };
    free(tu_run(&o, ""));
    /* glass keeps its fixed margins */
    ck_assert_int_eq(t.w0, 80);
    ck_assert_int_eq(t.h0, 24);
    ck_assert_int_eq(t.w1, 40);
    ck_assert_int_eq(t.h1, 12);
    ck_assert_int_eq(t.w2, 80);
    ck_assert_int_eq(t.h2, 24);
    ck_assert_int_eq(t.w3, 132);
    ck_assert_int_eq(t.h3, 50);
}
END_TEST

/* The highest row any cursor address in out goes to. */
static int tw_lowest_row(const char *out)
{
    int most = 0;
    for (const char *p = out; (p = strstr(p, "\033[")); p += 2) {
        int row, col, n = 0;
        if (sscanf(p + 2, "%d;%d%n", &row, &col, &n) == 2 && n &&
            p[2 + n] == 'H' && row > most)
            most = row;
    }
    return most;
}

START_TEST(choosing_ansi_from_the_menu_takes_the_window)
{
    /* A 40x12 window reported while the session is glass; the player
     * picks ANSI from the menu and starts checkers: nothing is drawn
     * below row 12 (with the size lost, checkers drew its 80x24 screen,
     * down to row 24 and out to column 59). */
    memline_opts o = { .profile = "glass", .seed = 1, .resize_after = 1,
                       .resize_width = 40, .resize_height = 12 };
    char *out = tu_run(&o, "\rT\rANSI\rCHECKERS\r\r\r");
    ck_assert_ptr_nonnull(out);
    ck_assert_ptr_nonnull(strstr(out, "TERMINAL (ASR33"));
    ck_assert_ptr_nonnull(strstr(out, "\033[?25h"));  /* ANSI it is */
    ck_assert_int_le(tw_lowest_row(out), 12);
    free(out);
}
END_TEST

START_TEST(terminal_type_names_pick_the_profile)
{
    static const struct { const char *ttype, *profile; } table[] = {
        /* terminfo names */
        { "xterm", "ansi" }, { "XTERM-256COLOR", "ansi" },
        { "vt100", "ansi" }, { "VT102", "ansi" }, { "vt220", "ansi" },
        { "vt320", "ansi" }, { "vt420", "ansi" }, { "vt510", "ansi" },
        { "vt525", "ansi" }, { "screen", "ansi" }, { "linux", "ansi" },
        { "ansi", "ansi" }, { "tmux-256color", "ansi" },
        /* a VT52 has no ANSI sequences */
        { "vt52", "glass" }, { "VT52", "glass" }, { "vt50", "glass" },
        { "vt50h", "glass" }, { "vt55", "glass" }, { "vt52-basic", "glass" },
        /* the IANA names (RFC 1091) */
        { "DEC-VT100", "ansi" }, { "DEC-VT102", "ansi" },
        { "DEC-VT220", "ansi" }, { "DEC-VT52", "glass" },
        { "DEC-VT50H", "glass" }, { "TELETYPE-33", "asr33" },
        { "TELETYPE-35", "asr33" }, { "TELETYPE-37", "asr33" },
        { "TELETYPE-43", "asr33" },
        /* teletypes by their terminfo names */
        { "tty33", "asr33" }, { "TTY33", "asr33" }, { "tty43", "asr33" },
        { "asr33", "asr33" },
        /* the rest */
        { "dumb", "glass" }, { "UNKNOWN", "glass" }, { "", "glass" },
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        const char *got = profile_for_ttype(table[i].ttype)->name;
        ck_assert_msg(strcmp(got, table[i].profile) == 0,
                      "terminal type '%s' gave %s, not %s", table[i].ttype,
                      got, table[i].profile);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("window");
    TCase *t = tcase_create("window");
    tcase_add_test(t, a_size_sent_before_the_profile_is_kept);
    tcase_add_test(t, choosing_ansi_from_the_menu_takes_the_window);
    tcase_add_test(t, terminal_type_names_pick_the_profile);
    suite_add_tcase(s, t);
    return tu_run_suite(s);
}
