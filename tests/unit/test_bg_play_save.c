/*
 * test_bg_play_save.c - saving and resuming Backgammon: SAVE, a hang-up
 * that saves by itself (in the middle of a turn too), the dice going on
 * as they would have, a finished game forgotten, and saves that cannot be
 * read.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "test_bg_play.h"
#include "backgammon/bg_ui.h"

#define TBP_ONE "1\r\r\r\r\r"

/* The first step of the first legal play at the prompt out ends at. */
static void first_step(const char *out, char *step, size_t n)
{
    char all[48];
    bg_movelist *ml = malloc(sizeof *ml);
    ck_assert_int_ge(tbp_choose(out, BG_RULES_ATARI, TBP_FIRST, ml, NULL,
                                all, sizeof all), 0);
    free(ml);
    snprintf(step, n, "%.*s", (int)strcspn(all, " "), all);
}

START_TEST(save_and_resume)
{
    char dir[256], code[TTY_CODE_SIZE], first[TTY_CODE_SIZE], step[48];
    char script[256], want[256];
    tu_tempdir(dir, sizeof dir);
    memline_opts o = { .game = "backgammon", .seed = 3, .name = "ANN",
                       .data = dir };
    char *out = tu_run(&o, TBP_ONE "ID\r");
    first_step(out, step, sizeof step);
    free(out);
    /* one move of the turn, the board, then SAVE */
    snprintf(script, sizeof script, TBP_ONE "%s\rBOARD\rSAVE\r", step);
    out = tu_run(&o, script);
    ck_assert_int_eq(tbp_code(out, "YOUR RESUME CODE IS ", first), 0);
    ck_assert_int_eq(tbp_code(out, "RESUME IT WITH THE CODE ", code), 0);
    ck_assert_str_eq(code, first);
    ck_assert_ptr_nonnull(strstr(out, "? SAVE\r\nTHE GAME IS SAVED. TO GO ON "
                                      "LATER, RESUME IT WITH THE CODE "));
    int before[2][26], after[2][26];
    ck_assert_int_eq(tbp_board(out, strstr(out, "? SAVE"), before), 0);
    const char *used = tbp_last(out, "BLUE (ANN) TO MOVE, DICE 4 2 (");
    ck_assert_ptr_nonnull(used);
    char prompt[64];
    snprintf(prompt, sizeof prompt, "%.*s", (int)(strchr(used, '?') - used),
             used);
    free(out);

    /* Back through the menu's RESUME: the board with the move, the dice
     * marked, and the move can still be taken back. */
    memline_opts r = { .resume = code, .seed = 99, .name = "ANN",
                       .data = dir };
    char *back = tu_run(&r, "UNDO\r");
    snprintf(want, sizeof want, "THE GAME %s GOES ON: BLUE (ANN) TO MOVE.",
             code);
    ck_assert_msg(strstr(back, want), "%s", back);
    ck_assert_ptr_nonnull(strstr(back, "BLUE: ANN.  GREEN: ATARI, LEVEL 1.  "
                                       "ATARI RULES."));
    ck_assert_int_eq(tbp_board(back, strstr(back, prompt), after), 0);
    ck_assert_mem_eq(before, after, sizeof before);
    snprintf(want, sizeof want, "%s? UNDO\r\nTHE LAST MOVE IS TAKEN BACK.\r\n"
             "BLUE (ANN) TO MOVE, DICE 4 2? ", prompt);
    ck_assert_ptr_nonnull(strstr(back, want));
    free(back);
    /* the line dropped after UNDO: saved again under the same code, now
     * with nothing played */
    back = tu_run(&r, "");
    ck_assert_ptr_nonnull(strstr(back, "BLUE (ANN) TO MOVE, DICE 4 2? "));
    ck_assert_ptr_null(strstr(back, "USED)"));
    free(back);
    tu_rmdir(dir);
}
END_TEST

START_TEST(hang_up_saves_and_the_dice_go_on)
{
    char dir[256], code[TTY_CODE_SIZE], *script;
    tu_tempdir(dir, sizeof dir);
    memline_opts o = { .game = "backgammon", .seed = 8, .name = "ANN",
                       .data = dir };
    /* A game of eight of the person's turns without a break... */
    char *whole = tbp_play(&o, TBP_ONE, BG_RULES_ATARI, TBP_FIRST, 8,
                           &script);
    /* ...and the same, the line dropping after the fourth move */
    const char *cut = script;
    for (int k = 0; k < 5; k++)
        cut = strstr(cut, "ID\r") + 3;
    char *part = strndup(script, (size_t)(cut - script));
    char *first = tu_run(&o, part);
    ck_assert_int_eq(tbp_code(first, "YOUR RESUME CODE IS ", code), 0);
    memline_opts r = { .resume = code, .seed = 77, .name = "ANN",
                       .data = dir };
    char *back = tu_run(&r, cut);
    char want[64];
    snprintf(want, sizeof want, "THE GAME %s GOES ON: ", code);
    ck_assert_ptr_nonnull(strstr(back, want));
    /* The throws after the break are those of the game without one: the
     * resumed game tells again the throw it stopped at, then goes on. */
    int k = tu_count(first, " THROWS ");
    const char *a = whole;
    for (int i = 0; i < k; i++)
        a = strstr(a, " THROWS ") + 1;
    a--;
    const char *b = strstr(back, want);
    int n = 0;
    for (const char *p = b; (p = strstr(p, " THROWS ")); p++, n++) {
        const char *q = strstr(a, " THROWS ");
        ck_assert_ptr_nonnull(q);
        size_t la = strcspn(q, "\r"), lb = strcspn(p, "\r");
        ck_assert_msg(la == lb && !memcmp(p, q, la), "%.*s / %.*s",
                      (int)lb, p, (int)la, q);
        a = q + 1;
    }
    ck_assert_int_ge(n, 3);
    free(whole);
    free(script);
    free(part);
    free(first);
    free(back);
    tu_rmdir(dir);
}
END_TEST

START_TEST(a_finished_game_is_forgotten)
{
    char dir[256], code[TTY_CODE_SIZE];
    tu_tempdir(dir, sizeof dir);
    memline_opts o = { .game = "backgammon", .seed = 11, .name = "ANN",
                       .data = dir };
    char *out = tbp_play(&o, TBP_ONE, BG_RULES_ATARI, TBP_FIRST, 120, NULL);
    ck_assert_ptr_nonnull(strstr(out, " WINS.\r\n"));
    ck_assert_int_eq(tbp_code(out, "YOUR RESUME CODE IS ", code), 0);
    memline_opts r = { .resume = code, .seed = 1, .data = dir };
    char *gone = tu_run(&r, "");
    ck_assert_ptr_nonnull(strstr(gone, "NO GAME IS SAVED UNDER"));
    free(gone);
    free(out);
    tu_rmdir(dir);
}
END_TEST

/* Saves that are not a game in play. */
static void save_junk(tty_io *io, void *ctx)
{
    char *code = ctx;
    static const char junk[] = "BD\001not a game";
    tty_save(io, "backgammon", junk, sizeof junk, code);
}

START_TEST(unreadable_saves_are_refused)
{
    char dir[256], code[TTY_CODE_SIZE];
    tu_tempdir(dir, sizeof dir);
    memline_opts w = { .run = save_junk, .ctx = code, .data = dir };
    free(tu_run(&w, ""));
    memline_opts r = { .resume = code, .seed = 1, .data = dir };
    char *out = tu_run(&r, "");
    ck_assert_ptr_nonnull(strstr(out, "THAT SAVED GAME CANNOT BE READ."));
    free(out);
    tu_rmdir(dir);

    /* The dialogue's save, packed and unpacked, and what unpacking
     * refuses: players that do not fit the mode, a level, a game over. */
    bg_match m;
    memset(&m, 0, sizeof m);
    bg_state_new(&m.g, "ANN", "ATARI", BG_RULES_STANDARD, BG_GREEN);
    bg_state_throw(&m.g, 6, 4);
    ck_assert_int_eq(bg_turn_play(&m.g.tn, 24, 18), BG_OK);
    m.mode = BG_MODE_ONE;
    m.kind[BG_GREEN] = BG_MACHINE;
    m.level = 3;
    m.from_setup = 1;
    bg_xrng_seed(&m.rng, 42);
    size_t len;
    uint8_t *buf = bg_store_pack(&m, &len);
    bg_match u;
    memset(&u, 0, sizeof u);
    ck_assert_int_eq(bg_store_unpack(&u, buf, len), 0);
    ck_assert_int_eq(u.mode, BG_MODE_ONE);
    ck_assert_int_eq(u.kind[BG_BLUE], BG_HUMAN);
    ck_assert_int_eq(u.kind[BG_GREEN], BG_MACHINE);
    ck_assert_int_eq(u.level, 3);
    ck_assert_int_eq(u.from_setup, 1);
    ck_assert(u.rng.s == m.rng.s);
    ck_assert_str_eq(u.g.name[BG_GREEN], "ATARI");
    ck_assert_int_eq(u.g.tn.nplayed, 1);
    ck_assert_mem_eq(&u.g.tn.cur, &m.g.tn.cur, sizeof m.g.tn.cur);
    buf[4] = BG_MACHINE;                /* two machines in a one-player game */
    ck_assert_int_eq(bg_store_unpack(&u, buf, len), -1);
    buf[4] = BG_HUMAN;
    buf[6] = 9;                         /* no such level */
    ck_assert_int_eq(bg_store_unpack(&u, buf, len), -1);
    buf[6] = 3;
    ck_assert_int_eq(bg_store_unpack(&u, buf, len - 1), -1);
    free(buf);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("bg_play_save");
    TCase *tc = tcase_create("save");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, save_and_resume);
    tcase_add_test(tc, hang_up_saves_and_the_dice_go_on);
    tcase_add_test(tc, a_finished_game_is_forgotten);
    tcase_add_test(tc, unreadable_saves_are_refused);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run_suite(suite());
}
