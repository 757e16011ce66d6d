/*
 * test_ck_dialog_ansi.c - the checkers board on an ANSI terminal: drawn
 * once in a pane and then only where it changes, the cursor moved with
 * the arrow keys and the piece and its squares picked with Return or
 * space as with the cartridge's joystick, checked at each pick, Tom's
 * marks, kings, the frame's colour, a window that changes size, HELP on
 * a page of its own, and the screen given back.  What the player sees is
 * read from a small VT100 screen (vt.h) the output is played on.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checkers/ck_board.h"
#include "test_ck.h"
#include "test_ck_dlg.h"
#include "vscr.h"
#include "vt.h"

#define UP "\033[A"
#define DOWN "\033[B"
#define RIGHT "\033[C"
#define LEFT "\033[D"

/* How the game gives the screen back when it ends (scr_unsplit). */
static const char ck_leave[] = "\033[r\033[24;1H\r\n";

/* The screen as the player saw it while the game ran (before it gave
 * the screen back when the script ran out). */
static void ck_screen(vt *t, const char *out)
{
    vt_init(t, 80, 24);
    const char *end = strstr(out, ck_leave);
    size_t n = end ? (size_t)(end - out) : strlen(out);
    char *copy = strndup(out, n);
    vt_puts(t, copy);
    free(copy);
}

/* The seven columns of the square the player's screen shows at screen
 * row and column sr, sc (0-7). */
static const char *ck_cell(vt *t, int sr, int sc)
{
    static char cell[8];
    memcpy(cell, t->cell[2 + sr] + 2 + 7 * sc, 7);
    cell[7] = 0;
    return cell;
}

/* The cell of a square (1-32) with black at the bottom. */
static const char *ck_square_cell(vt *t, int square)
{
    int r, c;
    ck_square_rc(square - 1, &r, &c);
    return ck_cell(t, 7 - r, 7 - c);
}

/* The attributes of the first column of a square (1-32), black at the
 * bottom. */
static int ck_square_attr(const vt *t, int square)
{
    int r, c;
    ck_square_rc(square - 1, &r, &c);
    return t->attr[2 + 7 - r][2 + 7 * (7 - c)];
}

/* 1 if the dialogue's rows, from some row on, read the given lines
 * (separated by '\n'). */
static int ck_dialogue_has(vt *t, const char *lines)
{
    for (int r = 13; r < t->h; r++) {
        const char *p = lines;
        int k = r;
        for (;;) {
            size_t n = strcspn(p, "\n");
            if (k >= t->h || strlen(vt_row(t, k)) != n ||
                strncmp(vt_row(t, k), p, n) != 0)
                break;
            if (!p[n])
                return 1;
            p += n + 1;
            k++;
        }
    }
    return 0;
}

static char *ck_ansi(const char *keys)
{
    return tck_run("ansi", 1, keys);
}

START_TEST(the_board_is_drawn_once_and_then_only_where_it_changes)
{
    char *out = ck_ansi("\r\r11-15\r");
    vt t;
    ck_screen(&t, out);
    ck_assert_str_eq(vt_row(&t, 0), " CHECKERS   YOU (BLACK) AGAINST HELPFUL "
                                    "ROBOT TOM");
    ck_assert_str_eq(vt_row(&t, 1), " +----------------------------------------"
                                    "----------------+");
    /* the player's men at the bottom, red's at the top */
    ck_assert_str_eq(vt_row(&t, 9), " |  4 B           3 B           2 B     "
                                    "      1 B         |");
    ck_assert_str_eq(vt_row(&t, 2), " |        32 R          31 R          30 R"
                                    "          29 R  |");
    ck_assert_str_eq(ck_square_cell(&t, 15), " 15 B  ");
    ck_assert_str_eq(ck_square_cell(&t, 11), " 11    ");
    /* the status line has the machine's reply */
    char reply[32], want[80];
    tck_first_word(out, "I MOVE ", reply, sizeof reply);
    snprintf(want, sizeof want, " MOVE 2   I MOVED %s   YOUR MOVE", reply);
    ck_assert_str_eq(vt_row(&t, 11), want);
    ck_assert_str_eq(vt_row(&t, 23), "YOUR MOVE?");
    /* the frame once; after the move only the squares that changed: 11
     * and 15 (the player's move, and the pick's marks going), the
     * machine's two, and the cursor's way to the next piece */
    ck_assert_int_eq(tu_count(out, "+------"), 2);
    const char *after = strstr(out, "YOUR MOVE? 11-");
    ck_assert_ptr_nonnull(after);
    after = strstr(after, "15\r\n");
    ck_assert_ptr_nonnull(after);
    int draws = 0;
    for (int row = 3; row <= 10; row++) {
        char go[16];
        snprintf(go, sizeof go, "\033[%d;", row);
        draws += tu_count(after, go);
    }
    ck_assert_int_ge(draws, 4);
    ck_assert_int_le(draws, 8);
    free(out);
}
END_TEST

START_TEST(the_cursor_picks_the_piece_and_its_square)
{
    /* the cursor starts on a piece that can move (12); two to the right
     * is 11; space picks it */
    char *out = ck_ansi("\r\r" RIGHT RIGHT " ");
    vt t;
    ck_screen(&t, out);
    ck_assert_str_eq(ck_square_cell(&t, 11), "[11 B ]");
    ck_assert_str_eq(vt_row(&t, 23), "YOUR MOVE? 11-");
    /* Tom shows where it can go */
    ck_assert_str_eq(ck_square_cell(&t, 15), " 15 ++ ");
    ck_assert_str_eq(ck_square_cell(&t, 16), " 16 ++ ");
    free(out);
    /* the cursor moved off, the piece shows its blinking spot */
    out = ck_ansi("\r\r" RIGHT RIGHT " " UP);
    ck_screen(&t, out);
    ck_assert_str_eq(ck_square_cell(&t, 11), "*11 B  ");
    ck_assert_int_eq(ck_square_attr(&t, 11), VT_REV | VT_BLINK);
    ck_assert_int_eq(ck_square_attr(&t, 15), VT_REV);
    free(out);
    /* up and right is 15: Return makes the move */
    out = ck_ansi("\r\r" RIGHT RIGHT " " UP RIGHT "\r");
    ck_screen(&t, out);
    char reply[32], want[64];
    tck_first_word(out, "I MOVE ", reply, sizeof reply);
    snprintf(want, sizeof want, "YOUR MOVE? 11-15\nI MOVE %s.", reply);
    ck_assert(ck_dialogue_has(&t, want));
    ck_assert_str_eq(ck_square_cell(&t, 11), " 11    ");
    ck_assert_int_eq(ck_square_cell(&t, 15)[4], 'B');
    free(out);
}
END_TEST

START_TEST(each_pick_is_checked_at_once)
{
    static const struct { const char *keys, *said; } cases[] = {
        /* square 4, down in the corner, cannot move */
        { "\r\r" DOWN DOWN " ", "YOUR MOVE? 4\nTHAT PIECE IS BLOCKED.\n"
                                "YOU CAN PLAY: 9-13 9-14 10-14 10-15 11-15 "
                                "11-16 12-16\nYOUR MOVE?" },
        /* a light square is not a playing square, for the piece or for its
         * destination (and then the piece stays picked) */
        { "\r\r" UP "\r", "YOUR MOVE?\nTHAT IS NOT A PLAYING SQUARE." },
        { "\r\r" RIGHT RIGHT " " UP " ", "YOUR MOVE? 11-\nTHAT IS NOT A "
                                         "PLAYING SQUARE.\nTHAT PIECE CAN "
                                         "PLAY: 11-15 11-16\nYOUR MOVE? 11-" },
        /* a wrong square: 11 to 7 is occupied */
        { "\r\r" RIGHT RIGHT " " DOWN RIGHT " ", "YOUR MOVE? 11-7\nTHAT "
                                                 "SQUARE IS OCCUPIED." },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *out = ck_ansi(cases[i].keys);
        vt t;
        ck_screen(&t, out);
        ck_assert_msg(ck_dialogue_has(&t, cases[i].said), "%s", cases[i].said);
        /* the bell, as the notes' buzz */
        ck_assert_ptr_nonnull(strchr(out, '\a'));
        free(out);
    }
}
END_TEST

START_TEST(the_pick_is_dropped_by_picking_again_or_escape)
{
    static const char *const drops[] = { "\r\r" RIGHT RIGHT "  ",
                                         "\r\r" RIGHT RIGHT " \033" };
    for (int i = 0; i < 2; i++) {
        char *out = ck_ansi(drops[i]);
        vt t;
        ck_screen(&t, out);
        ck_assert(ck_dialogue_has(&t, "YOUR MOVE? 11-\nYOUR MOVE?"));
        ck_assert_str_eq(ck_square_cell(&t, 11), "[11 B ]");
        ck_assert_str_eq(ck_square_cell(&t, 15), " 15    ");
        free(out);
    }
}
END_TEST

START_TEST(a_multiple_jump_is_picked_square_by_square)
{
    /* B:W14,22,30:B10,K1: the cursor goes to 10, the one piece that can
     * move; 17 is two up and two right of it, 26 two up and two left */
    char *out = ck_ansi("\r\rSETUP\rB:W14,22,30:B10,K1\r\r"
                        " " UP UP RIGHT RIGHT " ");
    vt t;
    ck_screen(&t, out);
    ck_assert_str_eq(vt_row(&t, 23), "YOUR MOVE? 10X17X");
    ck_assert_str_eq(ck_square_cell(&t, 10), "*10 B  ");
    ck_assert_str_eq(ck_square_cell(&t, 17), "[17   ]");
    ck_assert_str_eq(ck_square_cell(&t, 26), " 26 ++ ");
    free(out);
    out = ck_ansi("\r\rSETUP\rB:W14,22,30:B10,K1\r\r"
                  " " UP UP RIGHT RIGHT " " UP UP LEFT LEFT " ");
    ck_screen(&t, out);
    ck_assert(ck_dialogue_has(&t, "YOUR MOVE? 10X17X26\nI JUMP 30X23."));
    free(out);
}
END_TEST

START_TEST(kings_are_marked)
{
    char *out = ck_ansi("\r\rSETUP\rB:WK30:BK9,K10\r\r");
    vt t;
    ck_screen(&t, out);
    ck_assert_str_eq(ck_square_cell(&t, 30), " 30 RK ");
    ck_assert_int_eq(ck_square_cell(&t, 9)[4], 'B');
    ck_assert_int_eq(ck_square_cell(&t, 9)[5], 'K');
    ck_assert_int_eq(ck_square_cell(&t, 10)[5], 'K');
    free(out);
}
END_TEST

START_TEST(the_frame_has_the_level_s_colour)
{
    vt t;
    char *out = ck_ansi("\r\r");
    ck_screen(&t, out);
    ck_assert_str_eq(vt_row(&t, 0), " CHECKERS   YOU (BLACK) AGAINST HELPFUL "
                                    "ROBOT TOM");
    ck_assert_int_eq(t.attr[0][1], VSCR_FG(VSCR_GREEN));
    ck_assert_int_eq(t.attr[1][1], VSCR_FG(VSCR_GREEN));    /* the border */
    ck_assert_int_eq(t.attr[2][1], VSCR_FG(VSCR_GREEN));    /* a side */
    ck_assert_int_eq(t.attr[12][1], VT_BOLD);           /* the keys */
    free(out);
    out = ck_ansi("D\r");
    ck_screen(&t, out);
    ck_assert_str_eq(vt_row(&t, 0), " CHECKERS   YOU (BLACK) AGAINST SILENT "
                                    "ROBOT DICK");
    ck_assert_int_eq(t.attr[0][1], VSCR_FG(VSCR_CYAN));
    free(out);
}
END_TEST

START_TEST(a_new_window_size_lays_the_screen_out_again)
{
    /* larger: the pane again, the dialogue below it to the new bottom */
    memline_opts o = { .game = "checkers", .profile = "ansi", .seed = 1,
                       .resize_after = 3, .resize_width = 100,
                       .resize_height = 40 };
    char *out = tck_run_opts(&o, "\r\r1");
    ck_assert_ptr_nonnull(strstr(out, "\033[14;40r"));
    ck_assert_int_eq(tu_count(out, "+------"), 4);
    vt t;
    vt_init(&t, 100, 40);
    *strstr(out, "\033[r\033[40;1H\r\n") = 0;   /* the game leaves */
    vt_puts(&t, out);
    ck_assert_str_eq(vt_row(&t, 39), "YOUR MOVE? 1");
    ck_assert_str_eq(vt_row(&t, 9), " |  4 B           3 B           2 B     "
                                    "      1 B         |");
    free(out);
    /* too small for it: the board as on paper */
    o.resize_width = 50;
    o.resize_height = 15;
    out = tck_run_opts(&o, "\r\r1");
    const char *gone = strstr(out, "\033[r\033[H\033[2J");
    ck_assert_ptr_nonnull(gone);
    vt_init(&t, 50, 15);
    vt_upto_last(&t, gone, "\033[r\033[15;1H\r\n");
    int r = vt_find(&t, "YOUR MOVE? 1");
    ck_assert_int_gt(r, 7);
    ck_assert_str_eq(vt_row(&t, r - 1), "   4 B         3 B         2 B        "
                                        " 1 B");
    ck_assert_str_eq(vt_row(&t, r - 8), "        32 R        31 R        30 R"
                                        "        29 R");
    free(out);
    /* narrower than the printed board: the compact one, no number cut */
    o.resize_width = 33;
    o.resize_height = 20;
    out = tck_run_opts(&o, "\r\r1");
    vt_init(&t, 33, 20);
    vt_upto_last(&t, strstr(out, "\033[r\033[H\033[2J"),
                 "\033[r\033[20;1H\r\n");
    ck_assert_int_eq(t.wraps, 0);
    r = vt_find(&t, "YOUR MOVE? 1");
    ck_assert_str_eq(vt_row(&t, r - 8), "    32R     31R     30R     29R");
    ck_assert_str_eq(vt_row(&t, r - 3), "12B     11B     10B      9B");
    ck_assert_str_eq(vt_row(&t, r - 1), " 4B      3B      2B      1B");
    free(out);
    /* narrower than the smallest window promised: said so, then the
     * compact board all the same */
    o.resize_width = 30;
    out = tck_run_opts(&o, "\r\r1");
    ck_assert_ptr_nonnull(strstr(out, "THIS BOARD NEEDS 33 COLUMNS.\r\n"
                                      "    32"));
    free(out);
}
END_TEST

/* The two sides differ by more than their letters: white on red for red,
 * white on blue for black, in the pane and on the printed board. */
static void ck_assert_side(const vt *t, int row, int col, int bg)
{
    ck_assert_int_eq(VT_BG(t->attr[row][col]), bg + 1);
    ck_assert_int_eq(VT_FG(t->attr[row][col]), VSCR_WHITE + 1);
    ck_assert(t->attr[row][col] & VT_BOLD);
}

START_TEST(the_two_sides_have_colours_of_their_own)
{
    char *out = ck_ansi("\r\r");
    vt t;
    ck_screen(&t, out);
    /* 15 empty, 12 black, 21 red: the letters' columns */
    int r, c;
    ck_square_rc(11, &r, &c);
    ck_assert_side(&t, 2 + 7 - r, 2 + 7 * (7 - c) + 4, VSCR_BLUE);
    ck_square_rc(20, &r, &c);
    ck_assert_side(&t, 2 + 7 - r, 2 + 7 * (7 - c) + 4, VSCR_RED);
    ck_assert_int_eq(ck_square_attr(&t, 15), VT_REV);   /* the square */
    ck_square_rc(14, &r, &c);
    ck_assert_int_eq(t.attr[2 + 7 - r][2 + 7 * (7 - c) + 4], VT_REV);
    free(out);
    /* the printed board in a window too small for the pane */
    memline_opts o = { .game = "checkers", .profile = "ansi", .seed = 1,
                       .width = 40, .height = 12 };
    out = tck_run_opts(&o, "\r\r");
    vt_init(&t, 40, 12);
    vt_upto_last(&t, out, "\033[r\033[12;1H\r\n");
    ck_assert_int_eq(t.wraps, 0);
    r = vt_find(&t, "YOUR MOVE?");
    ck_assert_str_eq(vt_row(&t, r - 1), " 4B      3B      2B      1B");
    ck_assert_str_eq(vt_row(&t, r - 8), "    32R     31R     30R     29R");
    ck_assert_side(&t, r - 1, 2, VSCR_BLUE);
    ck_assert_side(&t, r - 8, 6, VSCR_RED);
    ck_assert_int_eq(t.attr[r - 1][1], 0);              /* the number */
    free(out);
}
END_TEST

START_TEST(help_has_a_page_of_its_own)
{
    char *out = ck_ansi("\r\rHELP\r ");
    const char *page = strstr(out, "YOUR MOVE? HELP\r\n\033[r\033[H\033[2J"
                                   "TYPE A MOVE AS 11-15");
    ck_assert_ptr_nonnull(page);
    const char *back = strstr(page, "PRESS ANY KEY TO GO ON.\033[H\033[2J"
                                    "\033[14;24r");
    ck_assert_ptr_nonnull(back);
    /* the board comes back whole */
    ck_assert_ptr_nonnull(strstr(back, "+------"));
    vt t;
    ck_screen(&t, out);
    ck_assert_str_eq(vt_row(&t, 9), " |  4 B           3 B           2 B     "
                                    "      1 B         |");
    free(out);
}
END_TEST

START_TEST(the_resume_code_is_on_the_screen)
{
    /* printed after the screen is laid out for the board, not before */
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    memline_opts o = { .game = "checkers", .profile = "ansi", .seed = 1,
                       .data = dir };
    char *out = tck_run_opts(&o, "\r\r");
    vt t;
    ck_screen(&t, out);
    int r = vt_find(&t, "THIS GAME'S RESUME CODE IS ");
    ck_assert_int_ge(r, 13);
    char code[TTY_CODE_SIZE];
    memcpy(code, vt_row(&t, r) + 27, TTY_CODE_LEN);
    code[TTY_CODE_LEN] = 0;
    ck_assert_str_eq(vt_row(&t, r + 1), "IF THE LINE DROPS, THE GAME IS KEPT "
                                        "UNDER IT.");
    free(out);
    /* and so is the word that the game was resumed */
    o.game = NULL;
    o.resume = code;
    out = tck_run_opts(&o, "");
    ck_screen(&t, out);
    ck_assert(ck_dialogue_has(&t, "CHECKERS: YOUR GAME AGAINST HELPFUL ROBOT "
                                  "TOM, RESUMED AT MOVE 1.\nYOU PLAY BLACK, AT "
                                  "THE BOTTOM.\nYOUR MOVE?"));
    free(out);
    tu_rmdir(dir);
}
END_TEST

START_TEST(the_screen_is_given_back)
{
    char *out = ck_ansi("\r\rQUIT\rN");
    static const char end[] = "GOODBYE.\r\n\033[r\033[24;1H\r\n";
    ck_assert_ptr_nonnull(strstr(out, end));
    free(out);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        the_board_is_drawn_once_and_then_only_where_it_changes,
        the_cursor_picks_the_piece_and_its_square,
        each_pick_is_checked_at_once,
        the_pick_is_dropped_by_picking_again_or_escape,
        a_multiple_jump_is_picked_square_by_square,
        kings_are_marked,
        the_frame_has_the_level_s_colour,
        the_two_sides_have_colours_of_their_own,
        a_new_window_size_lays_the_screen_out_again,
        help_has_a_page_of_its_own,
        the_resume_code_is_on_the_screen,
        the_screen_is_given_back,
    };
    return test_ck_run("checkers on ANSI", tests,
                       sizeof tests / sizeof tests[0]);
}
