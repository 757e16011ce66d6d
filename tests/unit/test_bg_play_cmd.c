/*
 * test_bg_play_cmd.c - what a player types at the move prompt: refusals
 * with their reasons, taking moves back, a turn with no possible moves,
 * entering from the bar by the destination alone, ID and SETUP (and
 * their round trip, on a teletype too).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "test_bg_play.h"

#define TBP_ONE "1\r\r\r\r\r"

/* One player against ATARI on the position given, then the lines. */
static char *after_setup(const char *board, const char *lines, int seed)
{
    char id[BG_POSID_LEN + 1], script[1024];
    tbp_posid(board, id);
    snprintf(script, sizeof script, TBP_ONE "SETUP %s\r%s", id, lines);
    memline_opts o = { .game = "backgammon", .seed = (uint64_t)seed,
                       .name = "ANN" };
    return tu_run(&o, script);
}

START_TEST(refusals_say_why)
{
    /* Blue's tiles on 12 face a prime of green's on 13-18; five blue
     * tiles on 24, one each on the five pegs before it, while those on
     * 12 are far from home. */
    static const char board[] =
        "B12x5 B19 B20 B21 B22 B23 B24x5 "
        "G13x2 G14x2 G15x2 G16x2 G17x2 G18x2 G2x3";
    char *out = after_setup(board,
        "5 8\r23 17\r24 OFF\r12 30\rHELLO\r13 X\r"
        "12 13\r12 14\r12 15\r12 16\r12 17\r12 18\r"
        "19 24\r20 24\r21 24\r22 24\r23 24\rUNDO\rRESET\r", 2);
    ck_assert_ptr_nonnull(strstr(out, "THE POSITION IS SET UP, BLUE (ANN) "
                                      "ON ROLL."));
    ck_assert_ptr_nonnull(strstr(out, "? 5 8\r\n5 8: YOU HAVE NO TILE ON "
                                      "THAT PEG.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "? 23 17\r\n23 17: TILES CANNOT MOVE "
                                      "BACKWARDS.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "? 24 OFF\r\n24 OFF: YOU CANNOT BEAR "
                                      "OFF UNTIL ALL YOUR TILES ARE HOME."));
    ck_assert_ptr_nonnull(strstr(out, "? 12 30\r\nNOT A MOVE: \"30\"."));
    ck_assert_ptr_nonnull(strstr(out, "? HELLO\r\nNOT A MOVE: \"HELLO\".\r\n"
                                      "TYPE MOVES AS 13 10 OR 13/10, BAR 3, "
                                      "20 OFF; HELP LISTS THE COMMANDS.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "? 13 X\r\nNOT A MOVE: \"X\"."));
    /* whichever the dice, one of the six lands on the prime... */
    ck_assert_ptr_nonnull(strstr(out, ": THAT PEG IS CLOSED (TWO OR MORE "
                                      "ENEMY TILES).\r\n"));
    ck_assert_ptr_nonnull(strstr(out, ": NO DIE FITS THAT MOVE.\r\n"));
    /* ...and one of the next five on the five tiles of 24 */
    ck_assert_ptr_nonnull(strstr(out, ": THAT PEG ALREADY HOLDS FIVE "
                                      "TILES.\r\n"));
    /* nothing was played, so nothing can be taken back */
    ck_assert_int_eq(tu_count(out, "\r\nNOTHING TO TAKE BACK.\r\n"), 2);
    ck_assert_ptr_null(strstr(out, "BLUE (ANN) PLAYS"));
    free(out);

    /* A tile on the bar must enter first. */
    out = after_setup("BBAR B12x4 B17x5 B19x5 G24x2 G13x5 G8x3 G7x5",
                      "12 14\r", 2);
    ck_assert_ptr_nonnull(strstr(out, "? 12 14\r\n12 14: YOU MUST ENTER "
                                      "YOUR TILE FROM THE BAR FIRST.\r\n"));
    free(out);

    /* Several moves on a line stop at the first refused. */
    out = after_setup(board, "5 8 19 20\r", 2);
    ck_assert_ptr_nonnull(strstr(out, "(THE REST OF THE LINE WAS NOT "
                                      "PLAYED.)"));
    free(out);
}
END_TEST

/* The first step, and the whole play, of the first legal move for the
 * prompt the transcript ends at. */
static void first_play(const char *out, char *step, char *all, size_t n)
{
    bg_movelist *ml = malloc(sizeof *ml);
    ck_assert_int_ge(tbp_choose(out, BG_RULES_ATARI, TBP_FIRST, ml, NULL,
                                all, n), 0);
    free(ml);
    snprintf(step, n, "%.*s", (int)strcspn(all, " "), all);
}

START_TEST(take_back)
{
    memline_opts o = { .game = "backgammon", .seed = 3, .name = "ANN" };
    char *out = tu_run(&o, TBP_ONE "ID\r");
    char step[48], all[48], script[512];
    first_play(out, step, all, sizeof all);
    ck_assert_ptr_nonnull(strchr(all, ' '));    /* two dice to play */
    free(out);
    snprintf(script, sizeof script, TBP_ONE "%s\rUNDO\rUNDO\r%s\rRESET\r"
             "TAKE BACK\r%s\r", step, step, all);
    out = tu_run(&o, script);
    char want[128];
    /* one die used, and marked so */
    snprintf(want, sizeof want, "? %s\r\nBLUE (ANN) TO MOVE, DICE 4 2 (", step);
    ck_assert_msg(strstr(out, want), "%s", out);
    ck_assert_ptr_nonnull(strstr(out, " USED)? UNDO\r\nTHE LAST MOVE IS TAKEN "
                                      "BACK.\r\nBLUE (ANN) TO MOVE, DICE 4 2? "
                                      "UNDO\r\nNOTHING TO TAKE BACK.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, " USED)? RESET\r\nTHE WHOLE TURN IS "
                                      "TAKEN BACK.\r\nBLUE (ANN) TO MOVE, "
                                      "DICE 4 2? TAKE BACK\r\nNOTHING TO TAKE "
                                      "BACK.\r\n"));
    /* and the whole play ends the turn */
    snprintf(want, sizeof want, "? %s\r\nBLUE (ANN) PLAYS ", all);
    ck_assert_ptr_nonnull(strstr(out, want));
    ck_assert_ptr_nonnull(strstr(out, "GREEN (ATARI) THROWS "));
    free(out);
}
END_TEST

START_TEST(no_possible_moves_passes)
{
    /* Blue's tile on the bar faces green's closed home: whatever the
     * throw, blue is told and green plays. */
    char *out = after_setup("BBAR B12x4 B17x5 B19x5 "
                            "G1x2 G2x2 G3x2 G4x2 G5x2 G6x2 G13x3", "", 6);
    const char *p = strstr(out, "BLUE (ANN) THROWS ");
    ck_assert_ptr_nonnull(p);
    ck_assert_ptr_nonnull(strstr(p, ": NO POSSIBLE MOVES. PLAY PASSES TO "
                                    "GREEN.\r\nGREEN (ATARI) THROWS "));
    free(out);

    /* In the hot seat the same, for whoever is on roll at the SETUP
     * (green, under this seed): the ID is the board of the side on roll. */
    char id[BG_POSID_LEN + 1], script[256];
    tbp_posid("BBAR B12x4 B17x5 B19x5 G1x2 G2x2 G3x2 G4x2 G5x2 G6x2 G13x3",
              id);
    snprintf(script, sizeof script, "2\r\rBOB\r\rSETUP %s\r", id);
    memline_opts o = { .game = "backgammon", .seed = 6, .name = "ANN" };
    out = tu_run(&o, script);
    ck_assert_ptr_nonnull(strstr(out, "THE POSITION IS SET UP, GREEN (BOB) "
                                      "ON ROLL."));
    p = strstr(out, ": NO POSSIBLE MOVES. PLAY PASSES TO BLUE.\r\n");
    ck_assert_ptr_nonnull(p);
    ck_assert_ptr_nonnull(strstr(p, "BLUE (ANN) TO MOVE, DICE "));
    free(out);
}
END_TEST

/* On the bar the destination alone is a move (the article: "you are
 * only required to enter a destination"); off the bar it is not. */
START_TEST(enter_by_destination)
{
    static const char board[] = "BBAR B19x5 B20x5 B21x4 G12x5 G13x5 G14x5";
    char *out = after_setup(board, "ID\r", 5);
    bg_pos p;
    int d1, d2;
    ck_assert_int_eq(tbp_read_id(out, &p, &d1, &d2), BG_BLUE);
    free(out);
    char lines[64], want[96];
    snprintf(lines, sizeof lines, "ID\r%d\r19\r", d1);
    out = after_setup(board, lines, 5);
    if (d1 == d2)
        snprintf(want, sizeof want, "? %d\r\nBLUE (ANN) TO MOVE, DICE %d %d "
                 "%d %d (%d USED)? 19\r\nNOT A MOVE: \"19\".", d1, d1, d1, d1,
                 d1, d1);
    else
        snprintf(want, sizeof want, "? %d\r\nBLUE (ANN) TO MOVE, DICE %d %d "
                 "(%d USED)? 19\r\nNOT A MOVE: \"19\".", d1, d1, d2, d1);
    ck_assert_msg(strstr(out, want) != NULL, "%s", out);
    free(out);
}
END_TEST

START_TEST(id_and_setup_round_trip)
{
    /* green has split a tile from 6 to 5: blue can always move */
    static const char board[] = "B1x2 B12x5 B17x3 B19x5 "
        "G24x2 G13x5 G8x3 G6x4 G5";
    char id[BG_POSID_LEN + 1], script[512], want[128];
    tbp_posid(board, id);
    snprintf(script, sizeof script, TBP_ONE "ID\rSETUP %s\rID\r", id);
    memline_opts o = { .game = "backgammon", .seed = 3, .name = "ANN" };
    char *out = tu_run(&o, script);
    ck_assert_ptr_nonnull(strstr(out, "? ID\r\nPOSITION ID 4HPwATDgc/ABMA: "
                                      "BLUE ON ROLL WITH 4-2.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "THE POSITION IS SET UP, BLUE (ANN) ON "
                                      "ROLL.\r\n(THIS GAME NO LONGER GOES "
                                      "INTO THE HALL OF FAME.)\r\n"));
    snprintf(want, sizeof want, "? ID\r\nPOSITION ID %s: BLUE ON ROLL WITH ",
             id);
    ck_assert_ptr_nonnull(strstr(out, want));
    /* the board shown is the position set up */
    int tiles[2][26];
    ck_assert_int_eq(tbp_board(out, NULL, tiles), 0);
    ck_assert_int_eq(tiles[BG_BLUE][25 - 1], 2);
    ck_assert_int_eq(tiles[BG_BLUE][25 - 12], 5);
    ck_assert_int_eq(tiles[BG_GREEN][6], 4);
    ck_assert_int_eq(tiles[BG_GREEN][5], 1);
    free(out);

    /* On a teletype, which has no lower case, ' marks a lower-case
     * letter, and SETUP reads the ID back in that form. */
    o.profile = "asr33";
    out = tu_run(&o, TBP_ONE "ID\rSETUP 4HP'WATD'G'C/ABMA\rID\r");
    ck_assert_ptr_nonnull(strstr(out, "POSITION ID 4HP'WATD'G'C/ABMA: BLUE ON "
                                      "ROLL WITH 4-2.\r\n(A ' MARKS A "
                                      "LOWER-CASE LETTER.)"));
    ck_assert_ptr_nonnull(strstr(out, "THE POSITION IS SET UP"));
    ck_assert_int_eq(tu_count(out, "POSITION ID 4HP'WATD'G'C/ABMA: "), 2);
    free(out);

    /* What SETUP will not take. */
    o.profile = NULL;
    tbp_posid("B1x6 B12x4 B17x3 B19x2 G24x2 G13x5 G8x3 G6x5", id);
    snprintf(script, sizeof script, TBP_ONE "SETUP\rSETUP XYZ\r"
             "SETUP 4HPwATDgc/ABM!\rSETUP %s\r", id);
    out = tu_run(&o, script);
    ck_assert_ptr_nonnull(strstr(out, "? SETUP\r\nSETUP NEEDS A POSITION ID, "
                                      "AS IN SETUP 4HPwATDgc/ABMA.\r\n"));
    ck_assert_int_eq(tu_count(out, "THAT IS NOT A GNU BACKGAMMON POSITION "
                                   "ID.\r\n"), 2);
    ck_assert_ptr_nonnull(strstr(out, "\r\nTHE ATARI RULES ALLOW NO MORE "
                                      "THAN FIVE TILES ON A PEG.\r\n"));
    free(out);
    /* ...which the standard rules allow */
    snprintf(script, sizeof script, "1\r\r\r\rSTANDARD\r1\rSETUP %s\rID\r",
             id);
    out = tu_run(&o, script);
    snprintf(want, sizeof want, "POSITION ID %s: BLUE ON ROLL WITH ", id);
    ck_assert_ptr_nonnull(strstr(out, want));
    ck_assert_int_eq(tbp_board(out, NULL, tiles), 0);
    ck_assert_int_eq(tiles[BG_BLUE][24], 6);
    free(out);
}
END_TEST

START_TEST(help_lists_the_commands)
{
    memline_opts o = { .game = "backgammon", .seed = 3 };
    char *out = tu_run(&o, TBP_ONE "HELP\rBOARD\rEXPORT\rDOUBLE\r");
    ck_assert_ptr_nonnull(strstr(out, "? HELP\r\nTYPE A MOVE AS THE PEG A "
                                      "TILE LEAVES AND THE PEG IT GOES TO:"));
    ck_assert_ptr_nonnull(strstr(out, "UNDO       TAKE BACK THE LAST MOVE"));
    ck_assert_ptr_nonnull(strstr(out, "DOUBLE     OFFER THE CUBE AT TWICE "
                                      "ITS VALUE, BEFORE YOUR THROW"));
    ck_assert_ptr_nonnull(strstr(out, "EXPORT     THE MATCH SO FAR AS A .MAT "
                                      "FILE FOR GNU BACKGAMMON"));
    /* the article's game has no cube and is no match */
    ck_assert_ptr_nonnull(strstr(out, "? EXPORT\r\nA GAME UNDER THE ATARI "
                                      "RULES IS NO MATCH: THERE IS NOTHING TO "
                                      "EXPORT.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "? DOUBLE\r\nYOU CANNOT DOUBLE NOW: "
                                      "THIS GAME IS PLAYED WITHOUT THE CUBE."));
    ck_assert_ptr_nonnull(strstr(out, "SETUP ID   PLAY ON FROM A GNU "
                                      "BACKGAMMON POSITION ID"));
    ck_assert_ptr_nonnull(strstr(out, "? BOARD\r\n   12 11 10  9  8  7"));
    free(out);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("bg_play_cmd");
    TCase *tc = tcase_create("cmd");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, refusals_say_why);
    tcase_add_test(tc, take_back);
    tcase_add_test(tc, no_possible_moves_passes);
    tcase_add_test(tc, enter_by_destination);
    tcase_add_test(tc, id_and_setup_round_trip);
    tcase_add_test(tc, help_lists_the_commands);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run_suite(suite());
}
