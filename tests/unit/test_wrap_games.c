/*
 * test_wrap_games.c - every game's running text through the in-memory
 * line, on a Model 33 (72 columns) and on a glass terminal 40 columns
 * wide: no word is broken across lines.  The games break their own lines
 * at blanks (games/wrap.h), so the profile filter's last-resort break at
 * the column limit never comes: no line of a transcript reaches the
 * width, but the rows of boards and tables, which are laid out as they
 * are (a run of three blanks or more tells them).  Each game's long
 * messages (its resume code, its help) are checked whole as well.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* A row of a board or a table: three blanks in a row somewhere in it. */
static int laid_out(const char *line, size_t len)
{
    for (size_t i = 0; i + 3 <= len; i++)
        if (!memcmp(line + i, "   ", 3))
            return 1;
    return 0;
}

/* Every line of out shorter than width, but laid-out rows; the first
 * offending line into bad. */
static int lines_fit(const char *out, int width, char *bad, size_t n)
{
    const char *p = out;
    while (*p) {
        size_t len = strcspn(p, "\r\n");
        if (len >= (size_t)width && !memchr(p, 27, len) &&
            !laid_out(p, len)) {
            snprintf(bad, n, "%.*s", (int)len, p);
            return 0;
        }
        p += len;
        while (*p == '\r' || *p == '\n')
            p++;
    }
    return 1;
}

typedef struct game_case {
    const char *game;
    const char *keys;
    const char *said[4];    /* long messages, to be found whole */
} game_case;

static const game_case cases[] = {
    { "spacecapture", "Y11Q",
      { "SPACESHIP CAPTURE. YOU HAVE 15 PHASOR",
        ": THIS GAME IS KEPT UNDER IT IF THE LINE DROPS.)" } },
    { "hexpawn", "74Q",
      { "MOVE ONE SQUARE FORWARD IF VACANT",
        ": THIS GAME IS KEPT UNDER IT IF THE LINE DROPS.)" } },
    { "hangman", "YAE.",
      { ": THIS GAME IS KEPT UNDER IT IF THE LINE DROPS.)" } },
    { "checkers", "\r\rHELP\rEXPERT\rSETUP\rZZZ\r\rQUIT\rY",
      { "IF THE LINE DROPS, THE GAME IS KEPT UNDER IT.",
        "FOR EVEN HIGHER LEVELS OF PLAY, WRITE IN FOR INFORMATION:",
        "THE EXPERT LEVEL: I NOW THINK UP TO 5 SECONDS A MOVE, AND "
        "WITHOUT ANY RANDOMNESS.",
        "THAT IS NOT A POSITION I CAN READ." } },
    { "backgammon", "I\r1\r\r\r\r\rHELP\rS\r",
      { "IF A LINE DROPS, THE GAME IS SAVED UNDER IT.",
        "THE OBJECTIVE IS TO REMOVE ALL YOUR TILES FROM THE BOARD",
        "THE RULES: ATARI (AT MOST FIVE TILES ON A PEG) OR STANDARD "
        "(NO LIMIT)." } },
    { "efront_text", "N\rHELP\rSCORE\rORDER #1 NE\rQUIT\r",
      { "RESUME CODE", "THE GAME SAVES ITSELF AFTER EVERY ORDER.",
        "HANDICAP (THE SCORE IS HALVED)? Y OR N (RETURN: N)",
        "A COMMAND MAY BE CUT TO ITS FIRST LETTERS: M MOSCOW, O #1 EEN, "
        "G." } },
    /* the report's reproduction, and the help */
    { "gunjin", "1\r\rR\rY\rB4-B5\rB5-B6\rB6-B7\rG\rH\rQ\rS\r",
      { "IF A LINE DROPS, THE GAME IS SAVED UNDER IT.",
        "THE GAME IS SAVED. TO GO ON LATER, RESUME IT WITH THE CODE",
        "YOUR PIECES SHOW AS TWO LETTERS (THE RULES GIVE THE KEY), THE "
        "ENEMY'S AS [C7]: THE SQUARE EACH STARTED ON." } },
};

static void run_case(const game_case *c, const char *profile, int width)
{
    char dir[256], bad[256];
    tu_tempdir(dir, sizeof dir);
    memline_opts o = { .game = c->game, .profile = profile, .width = width,
                       .seed = 1, .data = dir };
    char *out = tu_run(&o, c->keys);
    int w = width ? width : 72;
    ck_assert_msg(lines_fit(out, w, bad, sizeof bad),
                  "%s on %s %d: a line reaches the margin: \"%s\"", c->game,
                  profile, w, bad);
    for (int i = 0; i < 4 && c->said[i]; i++)
        ck_assert_msg(tu_says(out, c->said[i]), "%s on %s %d: not said whole: "
                      "\"%s\"", c->game, profile, w, c->said[i]);
    free(out);
    tu_rmdir(dir);
}

START_TEST(teletype_72_columns)
{
    run_case(&cases[_i], "asr33", 0);
}
END_TEST

START_TEST(glass_40_columns)
{
    run_case(&cases[_i], "glass", 40);
}
END_TEST

START_TEST(gunjin_reproduction_on_paper)
{
    /* The report's own case: the resume code's message on a Model 33,
     * once cut as "...THE GAME IS SAVED UNDE" / "R IT.". */
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    memline_opts o = { .game = "gunjin", .profile = "asr33", .seed = 1,
                       .data = dir };
    char *out = tu_run(&o, "1\r\rR\rY\rB4-B5\rB5-B6\rB6-B7\rG\rS\r");
    ck_assert_ptr_null(strstr(out, "UNDE\r\nR IT."));
    const char *msg = strstr(out, "YOUR RESUME CODE IS ");
    ck_assert_ptr_nonnull(msg);
    ck_assert_ptr_nonnull(strstr(msg, ": IF A LINE DROPS, THE GAME IS SAVED"
                                      "\r\nUNDER IT.\r\n"));
    free(out);
    tu_rmdir(dir);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("wrap_games");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    int n = (int)(sizeof cases / sizeof cases[0]);
    tcase_add_loop_test(tc, teletype_72_columns, 0, n);
    tcase_add_loop_test(tc, glass_40_columns, 0, n);
    tcase_add_test(tc, gunjin_reproduction_on_paper);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
