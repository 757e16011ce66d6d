/*
 * test_edit.c - the contract's line editor (games/tty_edit.c) through the
 * scripted in-memory line: what each key is, echo, erase and ^U on every
 * profile, the full line, silence, set, type, redraw and the end of a
 * line; then ^U in tty_getline and in each game that edits its own lines,
 * with no ESC byte ever sent to a glass or paper terminal.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "tty.h"

/* One line edited by keys from the script, after the prompt "?"; the
 * prompt comes again after TTY_EDIT_FRESH. */
typedef struct probe {
    int flags;
    size_t size;            /* 0: the whole of line */
    const char *set;        /* tty_edit_set before the first key */
    const char *type;       /* tty_edit_type before the first key */
    int redraw;             /* "?" and tty_edit_redraw before the first key */
    int res[64];            /* what each key was */
    int nres;
    char line[32];
    int len;                /* tty_edit_length at the end */
    int done;               /* TTY_EDIT_DONE was seen */
    int after;              /* the length just after TTY_EDIT_DONE */
} probe;

static void edit_keys(tty_io *io, void *ctx)
{
    probe *p = ctx;
    tty_edit ed;
    tty_edit_begin(&ed, io, p->line, p->size ? p->size : sizeof p->line,
                   p->flags);
    tty_msg(io, "?");
    if (p->set)
        tty_edit_set(&ed, p->set);
    if (p->type)
        tty_edit_type(&ed, p->type);
    if (p->redraw) {
        tty_msg(io, "?");
        tty_edit_redraw(&ed);
    }
    for (;;) {
        int key = tty_inkey(io);
        if (key == TTY_EOF)
            break;
        int r = tty_edit_feed(&ed, key);
        if (p->nres < 64)
            p->res[p->nres++] = r;
        if (r == TTY_EDIT_FRESH)
            tty_msg(io, "?");
        if (r == TTY_EDIT_DONE) {
            p->done = 1;
            p->after = tty_edit_length(&ed);
            break;
        }
    }
    p->len = tty_edit_length(&ed);
}

/* Keys edited on profile: the line comes out as line and the terminal
 * sees out (either NULL: not looked at); p keeps what each key was. */
static void edits_to(probe *p, const char *profile, int remote_echo,
                     const char *keys, const char *line, const char *out)
{
    memline_opts o = { .run = edit_keys, .ctx = p, .profile = profile,
                       .seed = 1, .remote_echo = remote_echo };
    char *got = tu_run_ok(&o, keys);
    if (line)
        ck_assert_str_eq(p->line, line);
    if (out)
        ck_assert_str_eq(got, out);
    free(got);
}

static const char *const profiles[] = { "glass", "ansi", "asr33" };

/* ---- what a key is -------------------------------------------------- */

START_TEST(feed_says_what_each_key_was)
{
    probe p = { 0 };
    /* a, the up arrow, ^A, erase, ^U (on an empty line), b, Return; keys
     * that are not the editor's print nothing */
    edits_to(&p, "ansi", 0, "a\033[A\001\b\025b\r", "b", "?a\b \bb\r\n");
    static const int want[] = {
        TTY_EDIT_TAKEN, TTY_EDIT_OTHER, TTY_EDIT_OTHER, TTY_EDIT_TAKEN,
        TTY_EDIT_TAKEN, TTY_EDIT_TAKEN, TTY_EDIT_DONE
    };
    ck_assert_int_eq(p.nres, 7);
    for (int i = 0; i < 7; i++)
        ck_assert_int_eq(p.res[i], want[i]);
    ck_assert_int_eq(p.done, 1);
    /* the editor is empty again, the line stays in buf for the caller */
    ck_assert_int_eq(p.after, 0);
}
END_TEST

/* ---- echo and erase ------------------------------------------------- */

START_TEST(erase_on_a_screen_is_backspace_space_backspace)
{
    for (int i = 0; i < 2; i++) {
        probe p = { 0 };
        edits_to(&p, profiles[i], 0, "cax\bt\r", "cat", "?cax\b \bt\r\n");
    }
}
END_TEST

START_TEST(erase_on_paper_prints_what_was_taken_back)
{
    probe p = { 0 };
    /* upper case only */
    edits_to(&p, "asr33", 0, "cax\x7ft\r", "CAT", "?CAX\\XT\r\n");
}
END_TEST

START_TEST(erase_on_an_empty_line_prints_nothing)
{
    probe p = { 0 };
    edits_to(&p, "glass", 0, "\b\ba\r", NULL, "?a\r\n");
    ck_assert_int_eq(p.res[0], TTY_EDIT_TAKEN);
}
END_TEST

START_TEST(nothing_again_to_a_client_that_echoes)
{
    for (int i = 0; i < 3; i++) {
        probe p = { 0 };
        edits_to(&p, profiles[i], 1, "ab\bcd\025ef\r", i == 2 ? "EF" : "ef",
                 "?");
    }
}
END_TEST

/* ---- ^U ------------------------------------------------------------- */

/* On glass and paper the whole transcript is compared: no ESC byte in
 * it. */
START_TEST(kill_on_glass_backspaces_without_escape)
{
    probe p = { 0 };
    edits_to(&p, "glass", 0, "abc\025d\r", "d",
             "?abc\b \b\b \b\b \bd\r\n");
    ck_assert_int_eq(p.res[3], TTY_EDIT_TAKEN);
}
END_TEST

START_TEST(kill_on_ansi_moves_back_and_clears)
{
    probe p = { 0 };
    edits_to(&p, "ansi", 0, "abc\025d\r", "d", "?abc\033[3D\033[Kd\r\n");
    ck_assert_int_eq(p.res[3], TTY_EDIT_TAKEN);
}
END_TEST

START_TEST(kill_on_paper_starts_a_new_line)
{
    probe p = { 0 };
    /* the caller asks again after TTY_EDIT_FRESH */
    edits_to(&p, "asr33", 0, "abc\025d\r", "D", "?ABC ^U\r\n?D\r\n");
    ck_assert_int_eq(p.res[3], TTY_EDIT_FRESH);
}
END_TEST

START_TEST(kill_on_an_empty_line_prints_nothing)
{
    for (int i = 0; i < 3; i++) {
        probe p = { 0 };
        edits_to(&p, profiles[i], 0, "\025x\r", NULL,
                 i == 2 ? "?X\r\n" : "?x\r\n");
        ck_assert_int_eq(p.res[0], TTY_EDIT_TAKEN);
    }
}
END_TEST

/* ---- a full line ---------------------------------------------------- */

START_TEST(a_full_line_rings_the_bell)
{
    probe p = { .size = 4 };
    /* 3 of 4 bytes, and the NUL */
    edits_to(&p, "glass", 0, "abcde\r", "abc", "?abc\a\a\r\n");
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(p.res[i], TTY_EDIT_TAKEN);
}
END_TEST

/* ---- silence -------------------------------------------------------- */

START_TEST(silent_prints_nothing_on_any_profile)
{
    for (int i = 0; i < 3; i++) {
        probe p = { .flags = TTY_EDIT_SILENT, .size = 6 };
        /* typing, erase, ^U, a full line's bell, Return */
        edits_to(&p, profiles[i], 0, "pw\bx\025secret!\r",
                 i == 2 ? "SECRE" : "secre", "?");
        /* ^U is no new line on silent paper: nothing to ask again */
        ck_assert_int_eq(p.res[4], TTY_EDIT_TAKEN);
        ck_assert_int_eq(p.done, 1);
    }
}
END_TEST

START_TEST(silent_set_type_and_redraw_print_nothing)
{
    probe p = { .flags = TTY_EDIT_SILENT, .set = "ab", .type = "cd",
                .redraw = 1 };
    edits_to(&p, "asr33", 0, "", "ABCD", "??");
}
END_TEST

/* ---- set, type, redraw, upper case ---------------------------------- */

START_TEST(set_prints_nothing_and_redraw_shows_the_line)
{
    probe p = { .set = "11-", .redraw = 1 };
    edits_to(&p, "glass", 0, "15\r", "11-15", "??11-15\r\n");
}
END_TEST

START_TEST(redraw_shows_the_line_to_a_client_that_echoes)
{
    /* text the game put into the line was never shown by the client */
    probe p = { .set = "11-", .redraw = 1 };
    edits_to(&p, "glass", 1, "15\r", "11-15", "??11-");
}
END_TEST

START_TEST(type_prints_and_stops_at_a_full_line)
{
    probe p = { .size = 5, .type = "11-15x" };
    /* printed even to a client that echoes: it never saw these keys */
    edits_to(&p, "glass", 1, "\r", "11-1", "?11-1");
}
END_TEST

START_TEST(set_is_cut_to_the_line)
{
    probe p = { .size = 3, .set = "abcdef" };
    edits_to(&p, "glass", 0, "\r", "ab", NULL);
}
END_TEST

START_TEST(upper_flag_stores_upper_case_and_echoes_as_typed)
{
    probe p = { .flags = TTY_EDIT_UPPER };
    edits_to(&p, "glass", 0, "help\b\r", "HEL", "?help\b \b\r\n");
}
END_TEST

/* ---- the end of a line by the game ---------------------------------- */

static void done_by_game(tty_io *io, void *ctx)
{
    char *line = ctx;
    tty_edit ed;
    tty_edit_begin(&ed, io, line, 16, 0);
    tty_edit_feed(&ed, tty_inkey(io));
    tty_edit_feed(&ed, tty_inkey(io));
    int n = tty_edit_done(&ed);
    snprintf(line + 16, 16, "%d %d", n, tty_edit_length(&ed));
    /* the next key starts the next line; erase after the end finds it
     * empty and keeps buf clean */
    tty_edit_feed(&ed, tty_inkey(io));
    memcpy(line + 24, line, strlen(line) + 1);
    tty_edit_feed(&ed, tty_inkey(io));
    tty_edit_feed(&ed, tty_inkey(io));
}

START_TEST(done_ends_the_line_as_return_would)
{
    char line[40] = { 0 };
    memline_opts o = { .run = done_by_game, .ctx = line, .seed = 1 };
    char *out = tu_run(&o, "ab\bcd");
    ck_assert_str_eq(line + 16, "2 0");     /* "ab": length 2, then empty */
    ck_assert_str_eq(line + 24, "");        /* erase cleared the old line */
    ck_assert_str_eq(line, "cd");
    /* the erase after the end printed nothing: there was nothing left */
    ck_assert_str_eq(out, "ab\r\ncd");
    free(out);
}
END_TEST

/* ---- tty_getline ---------------------------------------------------- */

static void get_one(tty_io *io, void *ctx)
{
    char *line = ctx;
    tty_msg(io, "? ");
    int n = tty_getline(io, line, 16, 0);
    snprintf(line + 20, 12, "%d", n);
}

START_TEST(getline_kills_per_profile)
{
    static const char *const want[] = {
        "? AB\b \b\b \bCD\r\n",
        "? AB\033[2D\033[KCD\r\n",
        "? AB ^U\r\nCD\r\n",            /* no prompt: tty_getline has none */
    };
    for (int i = 0; i < 3; i++) {
        char line[40];
        memline_opts o = { .run = get_one, .ctx = line, .seed = 1,
                           .profile = profiles[i] };
        char *out = tu_run(&o, "AB\025CD\r");
        ck_assert_str_eq(out, want[i]);
        ck_assert_str_eq(line, "CD");
        ck_assert_str_eq(line + 20, "2");
        free(out);
    }
}
END_TEST

/* ---- the games: ^U at their prompts --------------------------------- */

/* A game played on profile with keys from its first question: the
 * transcript has want in it, and no ESC byte but on "ansi". */
static void play_shows(const char *game, const char *profile,
                       const char *keys, const char *want)
{
    memline_opts o = { .game = game, .profile = profile, .seed = 1 };
    char *out = tu_run_ok(&o, keys);
    ck_assert_msg(strstr(out, want) != NULL, "%s on %s: %s", game, profile,
                  out);
    if (strcmp(profile, "ansi") != 0)
        ck_assert_msg(strchr(out, '\033') == NULL, "%s on %s: %s", game,
                      profile, out);
    free(out);
}

/* The reproduction: `printf 'AB\025' | ttyarcade play backgammon
 * --profile glass` sent ESC [ K at the first question. */
START_TEST(backgammon_first_question_kills_without_escape)
{
    play_shows("backgammon", "glass", "AB\025",
               "PLAYERS (RETURN: 1)? AB\b \b\b \b");
}
END_TEST

START_TEST(backgammon_move_prompt_kills_per_profile)
{
    /* one player against ATARI, the defaults; then a move half typed */
    play_shows("backgammon", "glass", "1\r\r\r\r\r8 5\025",
               "? 8 5\b \b\b \b\b \b");
    /* on paper the prompt comes again on the new line */
    play_shows("backgammon", "asr33", "1\r\r\r\r\r8 5\025",
               "DICE 5 1? 8 5 ^U\r\nBLUE (GUEST) TO MOVE, DICE 5 1? ");
}
END_TEST

START_TEST(checkers_move_prompt_kills_per_profile)
{
    /* Tom, the player first: the move prompt */
    play_shows("checkers", "glass", "\r\r11\025", "YOUR MOVE? 11\b \b\b \b");
    play_shows("checkers", "asr33", "\r\r11\025",
               "YOUR MOVE? 11 ^U\r\nYOUR MOVE? ");
    play_shows("checkers", "ansi", "\r\r11\025", "YOUR MOVE? 11\033[2D\033[K");
}
END_TEST

START_TEST(checkers_questions_hear_kill)
{
    /* SETUP asks for square lists with ck_ask_line, which ignored ^U */
    play_shows("checkers", "glass", "\r\rSETUP\rXY\025", "XY\b \b\b \b");
}
END_TEST

START_TEST(gunjin_line_prompt_kills_per_profile)
{
    /* against the computer as red, set up at random, at the move prompt */
    play_shows("gunjin", "glass", "1\r\r\r\rA4\025",
               "RED'S MOVE (H: HELP)? A4\b \b\b \b");
    play_shows("gunjin", "asr33", "1\r\r\r\rA4\025",
               "RED'S MOVE (H: HELP)? A4 ^U\r\nRED'S MOVE (H: HELP)? ");
}
END_TEST

static Suite *edit_suite(void)
{
    Suite *s = suite_create("edit");
    TCase *t = tcase_create("editor");
    tcase_add_test(t, feed_says_what_each_key_was);
    tcase_add_test(t, erase_on_a_screen_is_backspace_space_backspace);
    tcase_add_test(t, erase_on_paper_prints_what_was_taken_back);
    tcase_add_test(t, erase_on_an_empty_line_prints_nothing);
    tcase_add_test(t, nothing_again_to_a_client_that_echoes);
    tcase_add_test(t, kill_on_glass_backspaces_without_escape);
    tcase_add_test(t, kill_on_ansi_moves_back_and_clears);
    tcase_add_test(t, kill_on_paper_starts_a_new_line);
    tcase_add_test(t, kill_on_an_empty_line_prints_nothing);
    tcase_add_test(t, a_full_line_rings_the_bell);
    tcase_add_test(t, silent_prints_nothing_on_any_profile);
    tcase_add_test(t, silent_set_type_and_redraw_print_nothing);
    tcase_add_test(t, set_prints_nothing_and_redraw_shows_the_line);
    tcase_add_test(t, redraw_shows_the_line_to_a_client_that_echoes);
    tcase_add_test(t, type_prints_and_stops_at_a_full_line);
    tcase_add_test(t, set_is_cut_to_the_line);
    tcase_add_test(t, upper_flag_stores_upper_case_and_echoes_as_typed);
    tcase_add_test(t, done_ends_the_line_as_return_would);
    tcase_add_test(t, getline_kills_per_profile);
    suite_add_tcase(s, t);
    TCase *g = tcase_create("games");
    tcase_set_timeout(g, 120);
    tcase_add_test(g, backgammon_first_question_kills_without_escape);
    tcase_add_test(g, backgammon_move_prompt_kills_per_profile);
    tcase_add_test(g, checkers_move_prompt_kills_per_profile);
    tcase_add_test(g, checkers_questions_hear_kill);
    tcase_add_test(g, gunjin_line_prompt_kills_per_profile);
    suite_add_tcase(s, g);
    return s;
}

int main(void)
{
    return tu_run_suite(edit_suite());
}
