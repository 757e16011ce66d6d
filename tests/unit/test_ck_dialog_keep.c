/*
 * test_ck_dialog_keep.c - checkers games under resume codes: the code
 * given when a game starts, the game kept when the line drops, resumed
 * from `play --resume` and from the menu, SAVE, QUIT with and without
 * keeping, a finished game forgotten, no storage, a save that cannot be
 * read, and the level the hall of fame will credit, kept in the save.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checkers/ck_dialog.h"
#include "store.h"
#include "test_ck.h"
#include "test_ck_dlg.h"

typedef struct ck_keep_run {
    char dir[256];
    memline_opts o;
} ck_keep_run;

static void ck_keep_setup(ck_keep_run *r)
{
    tu_tempdir(r->dir, sizeof r->dir);
    memset(&r->o, 0, sizeof r->o);
    r->o.game = "checkers";
    r->o.profile = "glass";
    r->o.seed = 2;
    r->o.data = r->dir;
}

/* The code a game was given when it started. */
static void ck_code_of(const char *out, char code[TTY_CODE_SIZE])
{
    const char *line = tck_last(out, "THIS GAME'S RESUME CODE IS ");
    ck_assert_uint_eq(strlen(line), TTY_CODE_LEN + 1);
    memcpy(code, line, TTY_CODE_LEN);
    code[TTY_CODE_LEN] = 0;
}

static char *ck_resume(ck_keep_run *r, const char *code, const char *keys)
{
    memline_opts o = r->o;
    o.game = NULL;
    o.resume = code;
    return tck_run_opts(&o, keys);
}

/* The code leads nowhere now. */
static void ck_assert_forgotten(ck_keep_run *r, const char *code)
{
    char *out = ck_resume(r, code, "");
    char want[64];
    snprintf(want, sizeof want, "NO GAME IS SAVED UNDER %s.", code);
    ck_assert_ptr_nonnull(strstr(out, want));
    free(out);
}

START_TEST(a_dropped_line_keeps_the_game)
{
    ck_keep_run r;
    ck_keep_setup(&r);
    /* the line drops at the second move */
    char *out = tck_run_opts(&r.o, "\r\r11-15\r");
    ck_assert_ptr_nonnull(strstr(out, "THIS GAME'S RESUME CODE IS "));
    ck_assert_ptr_nonnull(strstr(out, ".\r\nIF THE LINE DROPS, THE GAME IS "
                                      "KEPT UNDER IT.\r\n"));
    char code[TTY_CODE_SIZE], board[1024];
    ck_code_of(out, code);
    snprintf(board, sizeof board, "%s", tck_last_board(out));
    free(out);
    /* `ttyarcade play checkers --resume CODE` */
    out = ck_resume(&r, code, "MOVES\r");
    ck_assert_ptr_nonnull(strstr(out, "CHECKERS: YOUR GAME AGAINST HELPFUL "
                                      "ROBOT TOM, RESUMED AT MOVE 2.\r\nYOU "
                                      "PLAY BLACK, AT THE BOTTOM.\r\n"));
    ck_assert_str_eq(tck_last_board(out), board);
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? MOVES\r\nYOUR MOVES: "));
    free(out);
    /* the same code, from the menu's RESUME */
    memline_opts m = r.o;
    m.game = NULL;
    char keys[64];
    snprintf(keys, sizeof keys, "\rR\r%s\r", code);
    out = tck_run_opts(&m, keys);
    ck_assert_ptr_nonnull(strstr(out, "RESUMED AT MOVE 2."));
    free(out);
    tu_rmdir(r.dir);
}
END_TEST

START_TEST(quit_keeps_the_game_unless_told_not_to)
{
    ck_keep_run r;
    ck_keep_setup(&r);
    char code[TTY_CODE_SIZE], keys[256];
    char *out = tck_run_opts(&r.o, "\r\r11-15\rQUIT\r\r");
    ck_code_of(out, code);
    snprintf(keys, sizeof keys, "KEEP THE GAME TO FINISH LATER? TYPE N FOR "
             "NO (ANY OTHER KEY: YES): \r\nTHE GAME IS KEPT UNDER THE RESUME "
             "CODE %s.\r\n", code);
    ck_assert_ptr_nonnull(strstr(out, keys));
    snprintf(keys, sizeof keys, "  ttyarcade play checkers --resume %s\r\n"
             "GOODBYE.\r\n", code);
    ck_assert_ptr_nonnull(strstr(out, keys));
    free(out);
    out = ck_resume(&r, code, "");
    ck_assert_ptr_nonnull(strstr(out, "RESUMED AT MOVE 2."));
    free(out);
    /* QUIT, N: the game goes */
    out = tck_run_opts(&r.o, "\r\r11-15\rQUIT\rN");
    ck_code_of(out, code);
    ck_assert_ptr_nonnull(strstr(out, "(ANY OTHER KEY: YES): N\r\nTHE GAME IS "
                                      "NOT KEPT.\r\nGOODBYE.\r\n"));
    free(out);
    ck_assert_forgotten(&r, code);
    tu_rmdir(r.dir);
}
END_TEST

START_TEST(save_keeps_it_now_and_setup_leaves_it_kept)
{
    ck_keep_run r;
    ck_keep_setup(&r);
    char *out = tck_run_opts(&r.o, "\r\r11-15\rSAVE\rSETUP\rB:W22:B9\r\r");
    char code[TTY_CODE_SIZE], first[TTY_CODE_SIZE], want[96];
    const char *at = strstr(out, "THIS GAME'S RESUME CODE IS ");
    ck_assert_ptr_nonnull(at);
    memcpy(first, at + strlen("THIS GAME'S RESUME CODE IS "), TTY_CODE_LEN);
    first[TTY_CODE_LEN] = 0;
    snprintf(want, sizeof want, "YOUR MOVE? SAVE\r\nTHE GAME IS KEPT UNDER "
             "THE RESUME CODE %s.\r\n", first);
    ck_assert_ptr_nonnull(strstr(out, want));
    /* the set-up game has a code of its own */
    ck_code_of(out, code);
    ck_assert_str_ne(code, first);
    free(out);
    out = ck_resume(&r, first, "");
    ck_assert_ptr_nonnull(strstr(out, "RESUMED AT MOVE 2."));
    free(out);
    out = ck_resume(&r, code, "FEN\r");
    ck_assert_ptr_nonnull(strstr(out, "RESUMED AT MOVE 1."));
    ck_assert_ptr_nonnull(strstr(out, "(W IS RED):\r\nB:W22:B9\r\n"));
    free(out);
    tu_rmdir(r.dir);
}
END_TEST

START_TEST(a_finished_game_is_forgotten)
{
    ck_keep_run r;
    ck_keep_setup(&r);
    char *out = tck_run_opts(&r.o, "\r\rRESIGN\rYN");
    char code[TTY_CODE_SIZE];
    ck_code_of(out, code);
    ck_assert_ptr_nonnull(strstr(out, "YOU RESIGN."));
    free(out);
    ck_assert_forgotten(&r, code);
    tu_rmdir(r.dir);
}
END_TEST

START_TEST(without_storage_nothing_is_promised)
{
    char *out = tck_run("glass", 1, "\r\rSAVE\rQUIT\r\r");
    ck_assert_ptr_null(strstr(out, "RESUME CODE IS"));
    ck_assert_ptr_nonnull(strstr(out, "YOUR MOVE? SAVE\r\nTHE GAME COULD NOT BE "
                                      "KEPT: THERE IS NO STORAGE HERE\r\n"
                                      "JUST NOW.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "(ANY OTHER KEY: YES): \r\nTHE GAME COULD "
                                      "NOT BE KEPT"));
    free(out);
}
END_TEST

START_TEST(a_save_that_cannot_be_read)
{
    char dir[256], err[256];
    tu_tempdir(dir, sizeof dir);
    store *st;
    ck_assert_int_eq(store_open(&st, dir, err, sizeof err), TTY_OK);
    ck_assert_int_eq(store_save_new(st, "PQRTUV", "checkers", "CDX", 3), 0);
    store_close(st);
    memline_opts o = { .resume = "PQRTUV", .profile = "glass", .seed = 1,
                       .data = dir };
    char *out = tck_run_opts(&o, "");
    ck_assert_ptr_nonnull(strstr(out, "THAT SAVED GAME CANNOT BE READ."));
    free(out);
    tu_rmdir(dir);
}
END_TEST

/* The level the save says the hall of fame will credit. */
static int ck_saved_credit(const char *dir, const char *code, int *level)
{
    char err[256], game[32];
    store *st;
    void *data;
    size_t len;
    ck_assert_int_eq(store_open(&st, dir, err, sizeof err), TTY_OK);
    ck_assert_int_eq(store_load(st, code, game, sizeof game, &data, &len), 0);
    store_close(st);
    ck_assert_str_eq(game, "checkers");
    ck_session s;
    memset(&s, 0, sizeof s);
    s.g = malloc(sizeof *s.g);
    ck_assert_int_eq(ck_keep_load(&s, data, len), 0);
    *level = s.g->level;
    int credit = s.credit;
    free(s.g);
    free(data);
    return credit;
}

START_TEST(the_credited_level_is_the_first_searched)
{
    ck_keep_run r;
    ck_keep_setup(&r);
    char code[TTY_CODE_SIZE];
    int level;
    /* EXPERT before the machine has searched: the expert's game */
    char *out = tck_run_opts(&r.o, "\r\rEXPERT\rSAVE\r");
    ck_code_of(out, code);
    free(out);
    ck_assert_int_eq(ck_saved_credit(r.dir, code, &level), CK_EXPERT);
    ck_assert_int_eq(level, CK_EXPERT);
    /* after Tom's first search (his second move; the first is the
     * book's): still Tom's */
    r.o.seed = 4;
    out = tck_run_opts(&r.o, "\r\r11-15\r9-13\rEXPERT\rSAVE\r");
    ck_code_of(out, code);
    ck_assert_ptr_nonnull(strstr(out, "THE EXPERT LEVEL: "));
    free(out);
    ck_assert_int_eq(ck_saved_credit(r.dir, code, &level), CK_TOM);
    ck_assert_int_eq(level, CK_EXPERT);
    tu_rmdir(r.dir);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        a_dropped_line_keeps_the_game,
        quit_keeps_the_game_unless_told_not_to,
        save_keeps_it_now_and_setup_leaves_it_kept,
        a_finished_game_is_forgotten,
        without_storage_nothing_is_promised,
        a_save_that_cannot_be_read,
        the_credited_level_is_the_first_searched,
    };
    return test_ck_run("checkers saves", tests,
                       sizeof tests / sizeof tests[0]);
}
