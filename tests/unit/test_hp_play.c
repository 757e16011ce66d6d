/*
 * test_hp_play.c - Hexpawn's dialogue through the in-memory line: the
 * book's three sample games replayed from a fresh memory, the listing's
 * checks, the memory shared in storage (across sessions, read-merge-write,
 * the reset tool), what the machine has learned (L), the player with no
 * move, the board on a teletype and on ANSI, the hall of fame.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hexpawn/hp.h"
#include "hexpawn/hp_dialog.h"
#include "memline.h"
#include "testutil.h"

/* The sample run printed under OPERATING THE HEXPAWN PROGRAM, three
 * consecutive games from START, with the listing's bytes (each message
 * opens with CR LF; the board's separator as the typeset run shows it). */
static const char hp_book_run[] =
    "\r\nHERE'S THE BOARD\r\n1|2|3\r\n4|5|6\r\n7|8|9\r\nI'M X, YOU'RE O"
    "\r\nMOVE ONE SQUARE FORWARD IF VACANT"
    "\r\nOR ONE SQUARE DIAGONALLY TO CAPTURE\r\nYOU START.\r\n"
    /* game 1 */
    "\r\nX|X|X\r\n | | \r\nO|O|O\r\nFM 8 TO 5"
    "\r\n |X|X\r\nX|O| \r\nO| |O\r\nFM 9 TO 6"
    "\r\n | |X\r\nX|O|X\r\nO| | \r\nFM 5 TO 2"
    "\r\nYOU WIN."
    /* game 2: 9-6 is answered differently now */
    "\r\nX|X|X\r\n | | \r\nO|O|O\r\nFM 8 TO 5"
    "\r\n |X|X\r\nX|O| \r\nO| |O\r\nFM 9 TO 6"
    "\r\n |X| \r\nX|X|O\r\nO| | \r\nFM 7 TO 5"
    "\r\n | | \r\nX|O|X\r\n | | \r\nFM 5 TO 2"
    "\r\nYOU WIN."
    /* game 3: and 7-5 too */
    "\r\nX|X|X\r\n | | \r\nO|O|O\r\nFM 8 TO 5"
    "\r\n |X|X\r\nX|O| \r\nO| |O\r\nFM 9 TO 6"
    "\r\n |X| \r\nX|X|O\r\nO| | \r\nFM 7 TO 5"
    "\r\nI MOVE TO 7,\r\nI WIN! YOU LOSE!"
    /* beyond the book: Q leaves */
    "\r\nX|X|X\r\n | | \r\nO|O|O\r\nFM Q\r\n";

static const char hp_book_keys[] = "859652" "85967552" "859675" "Q";

static char *hp_run_keys(const char *keys, const char *data)
{
    memline_opts o = { .game = "hexpawn", .seed = 1, .data = data };
    char *out = tu_run(&o, keys);
    ck_assert_ptr_nonnull(out);
    return out;
}

/* With storage, each game is kept after its first move and its code told
 * on a line of its own: take those lines out (counting them) to compare
 * with the book. */
static int hp_strip_codes(char *out)
{
    static const char head[] = "\r\n(RESUME CODE ";
    static const char tail[] = ": THIS GAME IS KEPT UNDER IT IF THE LINE "
                               "DROPS.)";
    int n = 0;
    char *p;
    while ((p = strstr(out, head))) {
        char *end = p + strlen(head) + TTY_CODE_LEN;
        ck_assert_int_eq(strncmp(end, tail, strlen(tail)), 0);
        end += strlen(tail);
        memmove(p, end, strlen(end) + 1);
        n++;
    }
    return n;
}

START_TEST(book_sample_run_replays_exactly)
{
    /* without storage, as the 8008 did */
    char *out = hp_run_keys(hp_book_keys, NULL);
    ck_assert_str_eq(out, hp_book_run);
    free(out);
    /* and from a fresh data directory */
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    out = hp_run_keys(hp_book_keys, dir);
    ck_assert_ptr_nonnull(strstr(out, "FM 8 TO 5\r\n(RESUME CODE "));
    ck_assert_int_eq(hp_strip_codes(out), 3);   /* once a game */
    ck_assert_str_eq(out, hp_book_run);
    free(out);
    tu_rmdir(dir);
}
END_TEST

START_TEST(line_mode_keys_are_passed_over)
{
    /* a line-mode client sends each key with CR LF; spaces too are not
     * meant as squares */
    char *out = hp_run_keys("8\r\n5\r\n 9\r\n6\r\n5 2\r\nq\r\n", NULL);
    ck_assert_ptr_nonnull(strstr(out, "FM 8 TO 5\r\n |X|X"));
    ck_assert_ptr_nonnull(strstr(out, "FM 9 TO 6\r\n | |X"));
    ck_assert_ptr_nonnull(strstr(out, "FM 5 TO 2\r\nYOU WIN."));
    ck_assert_int_eq(tu_count(out, "NO! NO!"), 0);
    free(out);
}
END_TEST

START_TEST(the_listings_checks_answer_no_no)
{
    /* FNUM: not 1..9; RTAL: no O pawn there; BLK, CKCAP: not a move.  The
     * board is printed again after each, as ERROR jumps to PBD. */
    char *out = hp_run_keys("0A18382Q", NULL);
    static const char want[] =
        "\r\nX|X|X\r\n | | \r\nO|O|O\r\nFM 0\r\nNO! NO!"
        "\r\nX|X|X\r\n | | \r\nO|O|O\r\nFM A\r\nNO! NO!"
        "\r\nX|X|X\r\n | | \r\nO|O|O\r\nFM 1\r\nNO! NO!"
        "\r\nX|X|X\r\n | | \r\nO|O|O\r\nFM 8 TO 3\r\nNO! NO!"
        "\r\nX|X|X\r\n | | \r\nO|O|O\r\nFM 8 TO 2\r\nNO! NO!"
        "\r\nX|X|X\r\n | | \r\nO|O|O\r\nFM Q\r\n";
    ck_assert_ptr_nonnull(strstr(out, want));
    free(out);
    /* a "diagonal" from 6 to 4 slips past them, as the book says, and
     * the model search finds no such board */
    out = hp_run_keys("748664Q", NULL);
    ck_assert_ptr_nonnull(strstr(out, "\r\nX| | \r\nX| |O\r\n | |O\r\nFM 6 TO 4"
                                      "\r\nNO GOOD! MUST START AGAIN"
                                      "\r\nX|X|X\r\n | | \r\nO|O|O\r\nFM Q"));
    free(out);
}
END_TEST

/* ---- The memory in storage ------------------------------------------ */

START_TEST(memory_persists_across_sessions)
{
    char dir[256], other[256];
    tu_tempdir(dir, sizeof dir);
    tu_tempdir(other, sizeof other);
    /* the book's first game teaches it that 2-6 loses on model 9 */
    free(hp_run_keys("859652Q", dir));
    /* a later session in the same directory answers 9-6 as in game 2 */
    char *out = hp_run_keys("8596Q", dir);
    ck_assert_ptr_nonnull(strstr(out, "FM 9 TO 6\r\n |X| \r\nX|X|O\r\nO| | "));
    free(out);
    /* one with a directory of its own knows nothing of it */
    out = hp_run_keys("8596Q", other);
    ck_assert_ptr_nonnull(strstr(out, "FM 9 TO 6\r\n | |X\r\nX|O|X\r\nO| | "));
    free(out);
    tu_rmdir(dir);
    tu_rmdir(other);
}
END_TEST

typedef struct hp_rmw {
    int theirs, mine;   /* memory addresses struck by each */
    hp_memory after;    /* this session's copy at the end */
} hp_rmw;

/* Another player's lesson lands between this session's load and its own
 * lesson: both must be in the stored memory. */
static void hp_two_players(tty_io *io, void *ctx)
{
    hp_rmw *t = ctx;
    hp_memory mine, theirs;
    uint8_t bytes[HP_MEMORY_BYTES];
    hp_memory_reset(&mine);
    hp_shared_load(io, &mine);
    hp_memory_reset(&theirs);
    theirs.list[t->theirs] = 0;
    ck_assert_int_eq(tty_table_put(io, HP_MEMORY_TABLE, bytes,
                                   hp_memory_save(&theirs, bytes,
                                                  sizeof bytes)), 0);
    mine.list[t->mine] = 0;             /* as hp_play strikes it */
    hp_shared_learn(io, &mine, t->mine);
    t->after = mine;
}

/* A session that has learned loads again after an operator's reset. */
static void hp_after_reset(tty_io *io, void *ctx)
{
    hp_memory *mem = ctx;
    uint8_t bytes[HP_MEMORY_BYTES];
    hp_memory_reset(mem);
    hp_shared_load(io, mem);
    hp_shared_learn(io, mem, 036);
    hp_memory fresh;
    hp_memory_reset(&fresh);
    ck_assert_int_eq(tty_table_put(io, HP_MEMORY_TABLE, bytes,
                                   hp_memory_save(&fresh, bytes,
                                                  sizeof bytes)), 0);
    hp_shared_load(io, mem);            /* its next game */
}

START_TEST(a_reset_reaches_a_session_at_its_next_game)
{
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    hp_memory mem, fresh;
    memline_opts o = { .run = hp_after_reset, .ctx = &mem, .data = dir };
    free(tu_run(&o, ""));
    hp_memory_reset(&fresh);
    ck_assert_int_ne(fresh.list[036], 0);
    ck_assert_mem_eq(&mem, &fresh, sizeof mem);
    tu_rmdir(dir);
}
END_TEST

static int hp_tool(char **text, int argc, char **argv)
{
    return tu_tool(hp_tool_run, text, argc, argv);
}

START_TEST(lessons_learned_at_once_are_both_kept)
{
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    hp_rmw t = { .theirs = 0, .mine = 036 };
    memline_opts o = { .run = hp_two_players, .ctx = &t, .data = dir };
    free(tu_run(&o, ""));
    /* the session learned the other's lesson too */
    ck_assert_int_eq(t.after.list[0], 0);
    ck_assert_int_eq(t.after.list[036], 0);
    ck_assert_int_eq(hp_memory_struck(&t.after), 2);
    char *out;
    char *learned[] = { "hexpawn", "learned", "--data", dir, NULL };
    ck_assert_int_eq(hp_tool(&out, 4, learned), 0);
    ck_assert_ptr_nonnull(strstr(out, "model  1  XXX/O../.OO  340 043   [3-6]"));
    ck_assert_ptr_nonnull(strstr(out, "model  9  .XX/XOO/O..  160 034   [2x6]"));
    ck_assert_ptr_nonnull(strstr(out, "moves struck: 2\n"));
    free(out);
    tu_rmdir(dir);
}
END_TEST

START_TEST(reset_returns_it_to_ignorance)
{
    char dir[256], gone[300];
    tu_tempdir(dir, sizeof dir);
    free(hp_run_keys("859652" "85967552" "Q", dir));
    char *out;
    char *reset[] = { "hexpawn", "reset", "--data", dir, NULL };
    ck_assert_int_eq(hp_tool(&out, 4, reset), 0);
    ck_assert_ptr_nonnull(strstr(out, "is back in its initial state of "
                                      "ignorance (2 of 62 moves were struck "
                                      "out)"));
    free(out);
    char *learned[] = { "hexpawn", "learned", "--data", dir, NULL };
    ck_assert_int_eq(hp_tool(&out, 4, learned), 0);
    ck_assert_ptr_nonnull(strstr(out, "moves struck: 0\n"));
    free(out);
    /* and the book's three games are played again as printed */
    out = hp_run_keys(hp_book_keys, dir);
    hp_strip_codes(out);
    ck_assert_str_eq(out, hp_book_run);
    free(out);
    /* a mistyped directory is neither created nor reset */
    snprintf(gone, sizeof gone, "%s/nowhere", dir);
    char *bad[] = { "hexpawn", "reset", "--data", gone, NULL };
    ck_assert_int_eq(hp_tool(&out, 4, bad), 1);
    free(out);
    struct stat sb;
    ck_assert_int_ne(stat(gone, &sb), 0);
    char *junk[] = { "hexpawn", "reset", "--force", NULL };
    ck_assert_int_eq(hp_tool(&out, 3, junk), 2);
    free(out);
    tu_rmdir(dir);
}
END_TEST

/* ---- What it has learned -------------------------------------------- */

START_TEST(l_shows_what_it_has_learned)
{
    char *out = hp_run_keys("LQ", NULL);
    ck_assert_ptr_nonnull(strstr(out,
        "\r\nO|O|O\r\nFM L"
        "\r\nWHAT I HAVE LEARNED: FOR EACH BOARD (123/456/789, AFTER YOUR MOVE)"
        "\r\nMY MOVES, IN THE ORDER I TRY THEM.  ( ) = STRUCK OUT: IT LOST A "
        "GAME.\r\n"
        "\r\n 1 XXX/O../.OO  3-6  2-5  2-4      18 .X./XOO/...  2-6  4-7"));
    ck_assert_ptr_nonnull(strstr(out,
        "\r\n17 X../OOO/...  1-5\r\n"
        "\r\nNOTHING STRUCK OUT: I AM IN MY INITIAL STATE OF IGNORANCE.\r\n"
        "\r\nX|X|X\r\n | | \r\nO|O|O\r\nFM Q"));
    free(out);
    /* after the book's first two games: 2-6 on model 9 and the move that
     * led to game 2's loss are struck; L is not a move */
    out = hp_run_keys("859652" "85967552" "L8596Q", NULL);
    ck_assert_ptr_nonnull(strstr(out, "\r\n 9 .XX/XOO/O.. (2-6) 3-5 "));
    ck_assert_ptr_nonnull(strstr(out, "\r\nI HAVE STRUCK OUT 2 OF 62 MOVES.\r\n"
                                      "\r\nX|X|X\r\n | | \r\nO|O|O\r\nFM 8 TO 5"));
    free(out);
}
END_TEST

/* ---- A player with no move ------------------------------------------ */

START_TEST(a_player_with_no_move_gets_a_draw)
{
    /* Three games teach it to answer 9x5 with 3x5, which leaves both
     * sides blocked: the listing would answer NO! NO! for ever. */
    char *out = hp_run_keys("7442" "749552" "749541" "7495" "Q", NULL);
    ck_assert_ptr_nonnull(strstr(out,
        "FM 9 TO 5\r\nX| | \r\nO|X| \r\n |O| \r\nFM "
        "\r\nYOU CANNOT MOVE, AND NEITHER CAN I.\r\nDRAW,NO ONE WINS."
        "\r\nX|X|X\r\n | | \r\nO|O|O\r\nFM Q"));
    ck_assert_int_eq(tu_count(out, "NO! NO!"), 0);
    free(out);
}
END_TEST

/* The machine's moves by the book's rules, for the check below. */
static int hp_machine_can_move(const hp_state *st)
{
    for (int sq = 1; sq <= 6; sq++) {
        if (hp_square(st, sq) != 'X')
            continue;
        int col = (sq - 1) % 3;
        if (hp_square(st, sq + 3) == ' ')
            return 1;
        for (int dc = -1; dc <= 1; dc += 2)
            if (col + dc >= 0 && col + dc <= 2 &&
                hp_square(st, sq + 3 + dc) == 'O')
                return 1;
    }
    return 0;
}

/* Every board the machine can leave after any of its listed moves, from
 * the start, by legal play: where the player cannot move, neither can the
 * machine, so the book's rule makes it a draw. */
static int hp_walk(const hp_state *st, int depth)
{
    uint8_t mv[2 * HP_MAX_HMOVES];
    int n = hp_human_moves(st, mv), stuck = 0;
    if (n == 0) {
        ck_assert_msg(!hp_machine_can_move(st), "the machine could move");
        return 1;
    }
    ck_assert_int_lt(depth, HP_MAX_PLIES);
    for (int i = 0; i < n; i++) {
        hp_state s = *st;
        ck_assert_int_eq(hp_fm(&s, '0' + mv[2 * i]), 0);
        ck_assert_int_eq(hp_to(&s, '0' + mv[2 * i + 1]), 0);
        /* the model the machine will find once the move is made */
        hp_state t = s;
        hp_memory mem;
        hp_reply r;
        hp_memory_reset(&mem);
        hp_play(&t, &mem, &r);
        for (int k = 0; r.model && k < 3; k++) {
            /* the machine's k-th choice: the ones before it struck */
            hp_state u = s;
            hp_memory_reset(&mem);
            unsigned p = hp_model_index[r.model - 1];
            if (hp_restore[p + k] == HP_END)
                break;
            for (int j = 0; j < k; j++)
                mem.list[p + j] = 0;
            hp_reply ru;
            if (hp_play(&u, &mem, &ru) == HP_GO_ON)
                stuck += hp_walk(&u, depth + 1);
        }
    }
    return stuck;
}

START_TEST(no_move_for_the_player_means_none_for_the_machine)
{
    hp_state st;
    hp_init(&st);
    ck_assert_int_gt(hp_walk(&st, 0), 0);
}
END_TEST

/* ---- Terminals ------------------------------------------------------ */

START_TEST(teletype_prints_the_listings_up_arrow)
{
    memline_opts o = { .game = "hexpawn", .seed = 1, .profile = "asr33" };
    char *out = tu_run(&o, "85q");
    ck_assert_ptr_nonnull(strstr(out, "\r\n1^2^3\r\n4^5^6\r\n7^8^9\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "\r\nX^X^X\r\n ^ ^ \r\nO^O^O\r\nFM 8 TO 5"
                                      "\r\n ^X^X\r\nX^O^ \r\nO^ ^O\r\nFM Q"));
    ck_assert_ptr_null(strchr(out, '\033'));
    free(out);
}
END_TEST

START_TEST(board_in_place_on_ansi)
{
    memline_opts o = { .game = "hexpawn", .seed = 1, .profile = "ansi" };
    char *out = tu_run(&o, "85L Q");
    /* the pane of ten rows, the dialogue from the bottom row */
    ck_assert_ptr_nonnull(strstr(out, "\033[11;24r\033[24;1H"));
    ck_assert_ptr_nonnull(strstr(out, "\033[3;1H       X | X | X          "
                                      "1 | 2 | 3"));
    /* after 8-5 and the machine's 1-4 */
    ck_assert_ptr_nonnull(strstr(out, "\033[3;1H         | X | X          "
                                      "1 | 2 | 3"));
    ck_assert_ptr_nonnull(strstr(out, "\033[5;1H       X | O |            "
                                      "4 | 5 | 6"));
    /* the dialogue has the book's lines but not the boards */
    ck_assert_ptr_nonnull(strstr(out, "YOU START.\r\n\0337"));
    ck_assert_ptr_nonnull(strstr(out, "\0338\r\nFM 8 TO 5\0337"));
    ck_assert_ptr_null(strstr(out, "X|X|X"));
    /* L takes the whole screen until a key, then the split comes back */
    ck_assert_ptr_nonnull(strstr(out, "\033[r\033[H\033[2JWHAT I HAVE "
                                      "LEARNED"));
    ck_assert_ptr_nonnull(strstr(out, "PRESS ANY KEY TO GO ON.\033[H\033[2J"
                                      "\033[11;24r"));
    /* the game gives the whole screen back as it leaves (the menu then
     * makes sure of it too) */
    size_t n = strlen(out);
    static const char undone[] = "FM Q\r\n\033[r\033[24;1H\r\n"
                                 "\0337\033[r\0338\033[0m\033[?25h";
    ck_assert_uint_gt(n, sizeof undone);
    ck_assert_str_eq(out + n - (sizeof undone - 1), undone);
    free(out);
}
END_TEST

/* ---- The hall of fame ----------------------------------------------- */

static long hp_hof_value(const char *out, const char *board)
{
    const char *p = strstr(out, board);
    ck_assert_ptr_nonnull(p);
    char name[32];
    long v = -1;
    ck_assert_int_eq(sscanf(p + strlen(board), " 1. %31s %ld", name, &v), 2);
    ck_assert_str_eq(name, "ADA");
    return v;
}

START_TEST(games_won_by_each_side_in_the_hall_of_fame)
{
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    memline_opts o = { .game = "hexpawn", .seed = 1, .data = dir,
                       .name = "ADA" };
    free(tu_run(&o, hp_book_keys));
    char *out = tu_hof(dir, "hexpawn");
    ck_assert_int_eq(hp_hof_value(out, "GAMES YOU WON\r\n"), 2);
    ck_assert_int_eq(hp_hof_value(out, "GAMES THE MACHINE WON\r\n"), 1);
    free(out);
    tu_rmdir(dir);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("hexpawn play");
    TCase *book = tcase_create("book");
    tcase_add_test(book, book_sample_run_replays_exactly);
    tcase_add_test(book, the_listings_checks_answer_no_no);
    tcase_add_test(book, line_mode_keys_are_passed_over);
    suite_add_tcase(s, book);
    TCase *mem = tcase_create("memory");
    tcase_add_test(mem, memory_persists_across_sessions);
    tcase_add_test(mem, lessons_learned_at_once_are_both_kept);
    tcase_add_test(mem, a_reset_reaches_a_session_at_its_next_game);
    tcase_add_test(mem, reset_returns_it_to_ignorance);
    tcase_add_test(mem, l_shows_what_it_has_learned);
    suite_add_tcase(s, mem);
    TCase *beyond = tcase_create("beyond");
    tcase_add_test(beyond, a_player_with_no_move_gets_a_draw);
    tcase_add_test(beyond, no_move_for_the_player_means_none_for_the_machine);
    tcase_add_test(beyond, teletype_prints_the_listings_up_arrow);
    tcase_add_test(beyond, board_in_place_on_ansi);
    tcase_add_test(beyond, games_won_by_each_side_in_the_hall_of_fame);
    suite_add_tcase(s, beyond);
    return tu_run_suite(s);
}
