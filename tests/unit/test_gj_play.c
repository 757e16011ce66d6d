/*
 * test_gj_play.c - Gunjin Shogi played through the in-memory line: whole
 * games against the random and the computer opponent under seeds, the
 * demo, the hall of fame, saving and resuming (by S, and by itself when
 * the line drops).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "test_gj_play.h"
#include "gunjin/gj_ui.h"

/* How a game ended, from the transcript. */
static int ended(const char *out)
{
    return strstr(out, "WINS: AN OFFICER HAS ENTERED") ||
           strstr(out, "HAS NO MOVE LEFT.") ||
           strstr(out, "THE GAME IS DRAWN");
}

START_TEST(versus_random_to_the_end)
{
    /* The marcher as red against the seed's random opponent: seeds that
     * end each way, then the hall of fame holds the two wins. */
    static const struct { uint64_t seed; const char *end; } games[] = {
        { 1, "RED WINS: AN OFFICER HAS ENTERED BLUE'S HEADQUARTERS. "
             "YOU WIN!" },
        { 8, "RED WINS: BLUE HAS NO MOVE LEFT. YOU WIN!" },
        { 11, "BLUE WINS: AN OFFICER HAS ENTERED RED'S HEADQUARTERS. "
              "YOU LOSE." },
    };
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    char *script = tgp_script("2\r\r\r\r", 1, 40);
    for (int i = 0; i < 3; i++) {
        memline_opts o = { .game = "gunjin", .seed = games[i].seed,
                           .data = dir, .name = "ANN" };
        char *out = tu_run(&o, script);
        ck_assert_ptr_nonnull(strstr(out, "VERSUS (RETURN: 1)? 2"));
        ck_assert_ptr_nonnull(strstr(out, "YOUR RESUME CODE IS "));
        ck_assert_msg(strstr(out, games[i].end), "seed %d did not end with"
                      " %s:\n%s", (int)games[i].seed, games[i].end,
                      out + strlen(out) - 600);
        ck_assert_int_eq(tu_count(out, " WINS: "), 1);
        /* the random opponent's moves were announced by label */
        ck_assert_ptr_nonnull(strstr(out, "BLUE ["));
        if (i == 0) {
            /* the same seed and keys: the same game, byte for byte */
            char dir2[256];
            tu_tempdir(dir2, sizeof dir2);
            o.data = dir2;
            char *again = tu_run(&o, script);
            ck_assert_str_eq(out, again);
            free(again);
            tu_rmdir(dir2);
        }
        free(out);
    }
    free(script);
    memline_opts h = { .seed = 1, .data = dir, .name = "ANN" };
    char *hall = tu_run(&h, "\rH\rgunjin\rQ\r");
    ck_assert_ptr_nonnull(strstr(hall, "HALL OF FAME: GUNJIN SHOGI\r\n"
                                       "  GAMES WON\r\n    1. ANN"));
    ck_assert_ptr_nonnull(strstr(hall, "VS RANDOM"));
    free(hall);
    tu_rmdir(dir);
}
END_TEST

START_TEST(versus_computer_to_the_end)
{
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    int wins = 0;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        /* The marcher plays blue this time: the computer moves first. */
        char *script = tgp_script("1\rB\r\r\r", 0, 40);
        memline_opts o = { .game = "gunjin", .seed = seed, .data = dir,
                           .name = "ANN" };
        char *out = tu_run(&o, script);
        ck_assert_ptr_nonnull(strstr(out, "RED [")); /* computer's moves */
        ck_assert_msg(ended(out), "seed %d: no end", (int)seed);
        wins += strstr(out, " YOU WIN!") != NULL;
        ck_assert(strstr(out, " YOU WIN!") || strstr(out, " YOU LOSE."));
        /* nothing left to resume once a game is over */
        char code[TTY_CODE_SIZE];
        ck_assert_int_eq(tgp_code(out, "YOUR RESUME CODE IS ", code), 0);
        memline_opts r = { .resume = code, .seed = 1, .data = dir };
        char *gone = tu_run(&r, "");
        ck_assert_ptr_nonnull(strstr(gone, "NO GAME IS SAVED UNDER"));
        free(gone);
        free(out);
        free(script);
    }
    /* The computer beats a player who only marches forward. */
    ck_assert_int_eq(wins, 0);
    /* A loss goes nowhere in the hall of fame. */
    memline_opts h = { .seed = 1, .data = dir, .name = "ANN" };
    char *hall = tu_run(&h, "\rH\rgunjin\rQ\r");
    ck_assert_ptr_nonnull(strstr(hall, "HALL OF FAME: GUNJIN SHOGI"));
    ck_assert_ptr_null(strstr(hall, "VS COMPUTER"));
    free(hall);
    tu_rmdir(dir);
}
END_TEST

START_TEST(demo_plays_both_sides_to_the_end)
{
    memline_opts o = { .game = "gunjin", .seed = 5 };
    char *out = tu_run(&o, "5\r0\r");
    ck_assert_ptr_nonnull(strstr(out, "TENTHS OF A SECOND BETWEEN MOVES"));
    /* the spectator sees both armies, as the umpire does */
    ck_assert_ptr_nonnull(strstr(out, "RED:  CP     BLUE: (CP)"));
    ck_assert_ptr_nonnull(strstr(out, "RED "));
    ck_assert_ptr_nonnull(strstr(out, "BLUE "));
    ck_assert(ended(out));
    ck_assert_ptr_null(strstr(out, "YOU WIN"));
    ck_assert_ptr_null(strstr(out, "YOUR RESUME CODE"));
    free(out);
}
END_TEST

START_TEST(save_with_s_and_resume)
{
    char dir[256], code[TTY_CODE_SIZE];
    tu_tempdir(dir, sizeof dir);
    memline_opts o = { .game = "gunjin", .seed = 3, .data = dir };
    char *out = tu_run(&o, "1\r\r\r\rB4-B5\rS\r");
    ck_assert_int_eq(tgp_code(out, "RESUME IT WITH THE CODE ", code), 0);
    /* the code given at the start is the one saved under */
    ck_assert_ptr_nonnull(strstr(out, "YOUR RESUME CODE IS "));
    char first[TTY_CODE_SIZE];
    tgp_code(out, "YOUR RESUME CODE IS ", first);
    ck_assert_str_eq(code, first);
    /* The board the player last saw comes back, with the last move. */
    char *before = tgp_board_before(out, "RED'S MOVE (H: HELP)? S");
    memline_opts r = { .resume = code, .seed = 99, .data = dir };
    char *back = tu_run(&r, "P\rS\r");
    char want[64];
    snprintf(want, sizeof want, "THE GAME %s GOES ON: MOVE 2, RED TO MOVE.",
             code);
    ck_assert_ptr_nonnull(strstr(back, want));
    char *after = tgp_board_before(back, "RED'S MOVE (H: HELP)? P");
    ck_assert_ptr_nonnull(before);
    ck_assert_ptr_nonnull(after);
    ck_assert_str_eq(before, after);
    ck_assert_ptr_nonnull(strstr(back, "RED'S MOVE (H: HELP)? P\r\n"
                                       "LAST MOVE: BLUE ["));
    /* saved again under the same code */
    snprintf(want, sizeof want, "RESUME IT WITH THE CODE %s.", code);
    ck_assert_ptr_nonnull(strstr(back, want));
    free(before);
    free(after);
    free(back);
    free(out);
    tu_rmdir(dir);
}
END_TEST

START_TEST(a_hang_up_saves_by_itself)
{
    char dir[256], code[TTY_CODE_SIZE];
    tu_tempdir(dir, sizeof dir);
    /* The script runs out at a prompt: the line drops. */
    memline_opts o = { .game = "gunjin", .seed = 3, .data = dir };
    char *out = tu_run(&o, "1\r\r\r\rB4-B5\rC4-B4\r");
    ck_assert_int_eq(tgp_code(out, "YOUR RESUME CODE IS ", code), 0);
    memline_opts r = { .resume = code, .seed = 4, .data = dir };
    char *back = tu_run(&r, "G\r");
    char want[64];
    snprintf(want, sizeof want, "THE GAME %s GOES ON: MOVE 3, RED TO MOVE.",
             code);
    ck_assert_ptr_nonnull(strstr(back, want));
    /* what was played before the hang-up is all there */
    ck_assert_ptr_nonnull(strstr(back, "THE GRAVEYARD ("));
    free(back);
    free(out);
    tu_rmdir(dir);
}
END_TEST

START_TEST(hot_seat_resumes_behind_the_pass)
{
    char dir[256], code[TTY_CODE_SIZE];
    tu_tempdir(dir, sizeof dir);
    memline_opts o = { .game = "gunjin", .seed = 6, .data = dir };
    /* Red sets up, hides, passes; blue sets up, hides, passes; red
     * moves (one of the two bridge attacks is always legal at first) and
     * hides: the line drops at the pass to blue or before it. */
    char *out = tu_run(&o, "3\r" "\r\r\r\r" "\r\r\r\r" "B4-B5\rE4-E5\r");
    ck_assert_int_eq(tgp_code(out, "YOUR RESUME CODE IS ", code), 0);
    memline_opts r = { .resume = code, .seed = 4, .data = dir };
    char *back = tu_run(&r, "\r");
    /* nobody's board before the pass */
    const char *pass = strstr(back, "PASS TO ");
    ck_assert_ptr_nonnull(pass);
    ck_assert_ptr_null(tgp_board_before(back, "PASS TO "));
    free(back);
    free(out);
    tu_rmdir(dir);
}
END_TEST

START_TEST(saves_pack_and_unpack)
{
    gj_match *m = calloc(1, sizeof *m), *back = calloc(1, sizeof *back);
    gj_setup red, blue;
    gj_rng r;
    gj_rng_seed(&r, 9);
    gj_setup_random(&red, &r);
    gj_setup_random(&blue, &r);
    ck_assert_int_eq(gj_game_init(&m->g, &red, &blue), 0);
    gj_view *v = malloc(sizeof *v);
    for (int i = 0; i < 30 && m->g.result == GJ_PLAYING; i++) {
        gj_move mv;
        gj_view_build(&m->g, m->g.turn, v);
        ck_assert_int_eq(gj_ai_random(v, &r, &mv), 0);
        ck_assert_int_eq(gj_play(&m->g, mv.from, mv.to, NULL), 0);
    }
    m->mode = GJ_MODE_COMPUTER;
    m->kind[GJ_RED] = GJ_COMPUTER_AI;
    m->kind[GJ_BLUE] = GJ_HUMAN;
    m->rng.s = 0x0123456789abcdefull;
    strcpy(m->name[GJ_RED], "COMPUTER");
    strcpy(m->name[GJ_BLUE], "A NAME OF 15 CH");
    size_t len;
    uint8_t *buf = gj_store_pack(m, &len);
    ck_assert_int_eq(gj_store_unpack(back, buf, len), 0);
    ck_assert_int_eq(back->mode, GJ_MODE_COMPUTER);
    ck_assert_int_eq(back->kind[GJ_BLUE], GJ_HUMAN);
    ck_assert(back->rng.s == m->rng.s);
    ck_assert_str_eq(back->name[GJ_BLUE], "A NAME OF 15 CH");
    ck_assert_int_eq(back->g.nhist, m->g.nhist);
    ck_assert(memcmp(back->g.at, m->g.at, sizeof m->g.at) == 0);
    ck_assert(back->started);
    /* a mode and players that do not fit, a cut save, another game's */
    buf[4] = GJ_HUMAN;
    ck_assert_int_eq(gj_store_unpack(back, buf, len), -1);
    buf[4] = GJ_COMPUTER_AI;
    ck_assert_int_eq(gj_store_unpack(back, buf, len - 1), -1);
    buf[0] = 'X';
    ck_assert_int_eq(gj_store_unpack(back, buf, len), -1);
    free(buf);
    free(v);
    free(m);
    free(back);
}
END_TEST

static void save_junk(tty_io *io, void *ctx)
{
    tty_save(io, "gunjin", "junk", 4, ctx);
}

START_TEST(a_save_that_cannot_be_read_is_refused)
{
    char dir[256], code[TTY_CODE_SIZE];
    tu_tempdir(dir, sizeof dir);
    memline_opts o = { .run = save_junk, .ctx = code, .seed = 1,
                       .data = dir };
    free(tu_run(&o, ""));
    memline_opts r = { .resume = code, .seed = 1, .data = dir };
    char *out = tu_run(&r, "");
    ck_assert_ptr_nonnull(strstr(out, "THAT SAVED GAME CANNOT BE READ."));
    free(out);
    tu_rmdir(dir);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("gunjin play");
    TCase *tc = tcase_create("games");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, versus_random_to_the_end);
    tcase_add_test(tc, versus_computer_to_the_end);
    tcase_add_test(tc, demo_plays_both_sides_to_the_end);
    tcase_add_test(tc, save_with_s_and_resume);
    tcase_add_test(tc, a_hang_up_saves_by_itself);
    tcase_add_test(tc, hot_seat_resumes_behind_the_pass);
    tcase_add_test(tc, saves_pack_and_unpack);
    tcase_add_test(tc, a_save_that_cannot_be_read_is_refused);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run_suite(suite());
}
