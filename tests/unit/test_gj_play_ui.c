/*
 * test_gj_play_ui.c - the Gunjin Shogi dialogue through the in-memory
 * line: the manual set-up and its refusals, the seed's player aids (I, G,
 * P), typed moves and their refusals, the hot seat's hiding, the ANSI
 * board with cursor selection, and the teletype's board.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "gunjin/gj.h"
#include "test_gj_play.h"

#define UP "\033[A"
#define DOWN "\033[B"
#define RIGHT "\033[C"
#define LEFT "\033[D"

static char *run(const char *profile, uint64_t seed, const char *keys)
{
    memline_opts o = { .game = "gunjin", .seed = seed, .profile = profile };
    return tu_run(&o, keys);
}

/* "PROMPT? TYPED\r\nREPLY" somewhere in out. */
static void said(const char *out, const char *typed, const char *reply)
{
    char want[512];
    snprintf(want, sizeof want, "? %s\r\n%s", typed, reply);
    ck_assert_msg(strstr(out, want), "no \"%s\" after \"%s\"", reply, typed);
}

START_TEST(manual_setup_refuses_with_reasons)
{
    char *out = run(NULL, 3,
        "1\r\rM\r"
        "B5 SP\rA1 BN\rB4 LM\rA4 SP\rA3 SP\rA4 EN\rA2 FOO\rHELLO\r"
        "CAPTAIN\rD\rA4\rC2 MAJOR GENERAL\rLG C3\rA4 SP\rB4 EN\rC4 EN\r"
        "D4 CV\rE4 2L\rF4 2L\rA3 1L\rB3 1L\rD3 CP\rE3 CP\rF3 MJ\rA2 LC\r"
        "B2 CL\rD2 TK\rE2 TK\rF2 PL\rF2 BN\rA1 PL\rB1 PL\rD1 GN\rE1 LM\r"
        "T\rF1 LM\rD\r");
    said(out, "B5 SP", "B5 IS NOT ON YOUR SIDE OF THE RIVER (RANKS 1 TO 4).");
    said(out, "A1 BN", "THE BANNER MAY NOT STAND ON THE BACK RANK: IT NEEDS "
                       "A PIECE BEHIND IT.");
    said(out, "B4 LM", "A LANDMINE MAY NOT BLOCK A BRIDGE ENTRANCE "
                       "(B4, E4).");
    said(out, "A4 SP", "SPY ON A4. 22 TO PLACE.");
    said(out, "A3 SP", "THERE IS NO SPY LEFT IN THE TRAY.");
    said(out, "A4 EN", "YOUR SPY IS ON A4: TYPE A4 TO TAKE IT BACK FIRST.");
    said(out, "A2 FOO", "NO SUCH PIECE: TYPE H FOR THE ABBREVIATIONS.");
    said(out, "HELLO", "TYPE A SQUARE AND A PIECE, E.G. B2 CP, OR H FOR "
                       "HELP.");
    said(out, "CAPTAIN", "SAY WHERE AS WELL, E.G. B2 CP.");
    said(out, "D", "22 PIECES ARE STILL IN THE TRAY.");
    said(out, "A4", "THE SPY ON A4 GOES BACK TO THE TRAY.");
    said(out, "C2 MAJOR GENERAL", "MAJOR GENERAL ON C2. 22 TO PLACE.");
    said(out, "LG C3", "LIEUTENANT GENERAL ON C3. 21 TO PLACE.");
    /* every square off the back rank taken but one: not the banner's */
    said(out, "F2 PL", "NOT THERE: THE BANNER WOULD HAVE NOWHERE LEFT TO "
                       "GO.");
    said(out, "F2 BN", "BANNER ON F2. 5 TO PLACE.");
    said(out, "D1 GN", "GENERAL ON C1. 2 TO PLACE.");   /* D1 is the HQ */
    ck_assert_ptr_nonnull(strstr(out, "IN THE TRAY: LM 1\r\n"));
    said(out, "F1 LM", "LANDMINE ON F1. 0 TO PLACE.\r\nTHE TRAY IS EMPTY: "
                       "TYPE D WHEN YOU ARE DONE.");
    said(out, "D", "BOTH ARMIES ARE IN PLACE.  RED MOVES FIRST.");
    /* The army placed is the army played. */
    char *board = tgp_board_before(out, "RED'S MOVE (H: HELP)?");
    ck_assert_ptr_nonnull(board);
    ck_assert_ptr_nonnull(strstr(board, "  4   SP   EN   EN   CV   2L   2L"
                                        "   4\r\n"));
    ck_assert_ptr_nonnull(strstr(board, "  1   PL   PL     GN      LM   LM"
                                        "   1\r\n"));
    free(board);
    free(out);
}
END_TEST

START_TEST(manual_setup_keeps_room_for_the_landmines)
{
    /* Ranks 2-4 filled but for the bridge entrances, where no mine may
     * go, and three of the back rank: the last two back squares are the
     * mines'. */
    char *out = run(NULL, 3,
        "1\r\rM\r"
        "A4 SP\rC4 EN\rD4 EN\rF4 CV\rA3 2L\rB3 2L\rC3 1L\rD3 1L\rE3 CP\r"
        "F3 CP\rA2 MJ\rB2 LC\rC2 CL\rD2 TK\rE2 TK\rF2 BN\rA1 PL\rB1 PL\r"
        "C1 MG\rE1 LG\rF1 GN\rB4 GN\rE4 LG\rE1 LM\rF1 LM\rD\r");
    said(out, "E1 LG", "NOT THERE: THE LANDMINES WOULD HAVE NOWHERE LEFT TO "
                       "GO.");
    said(out, "F1 GN", "NOT THERE: THE LANDMINES WOULD HAVE NOWHERE LEFT TO "
                       "GO.");
    said(out, "B4 GN", "GENERAL ON B4. 3 TO PLACE.");
    said(out, "E4 LG", "LIEUTENANT GENERAL ON E4. 2 TO PLACE.");
    said(out, "F1 LM", "LANDMINE ON F1. 0 TO PLACE.");
    said(out, "D", "BOTH ARMIES ARE IN PLACE.");
    free(out);
}
END_TEST

START_TEST(random_setup_can_be_dealt_again_or_changed)
{
    char *out = run(NULL, 3, "1\r\rX\r\rN\rM\rA4\rR\rD\r");
    said(out, "X", "TYPE R FOR A RANDOM ARMY, M TO PLACE IT BY HAND.");
    /* two different deals, then the tray holds the second */
    ck_assert_int_eq(tu_count(out, "KEEP IT? Y, N: DEAL AGAIN, M: BY HAND"),
                     2);
    ck_assert_ptr_nonnull(strstr(out, "GOES BACK TO THE TRAY."));
    said(out, "R", "THE REST ARE PLACED AT RANDOM.");
    ck_assert_ptr_nonnull(strstr(out, "BOTH ARMIES ARE IN PLACE."));
    free(out);
}
END_TEST

START_TEST(the_player_aids)
{
    /* Seed 3: red's cavalry attacks [B5] and loses; blue's [E5] takes
     * the plane on E4, then falls with the landmine on D4; red's
     * lieutenant general takes [B5]. */
    char *out = run(NULL, 3,
        "1\r\r\r\rB4-B5\rI B5\rI E5\rI A4\rI\rIC7\rI F3\rG\rP\r"
        "C4-B4\rB4-B5\rG\rREP\r");
    said(out, "B4-B5", "YOUR CAVALRY B4-B5 ATTACKS BLUE [B5]. UMPIRE: "
                       "DEFENDER WINS.\r\nBLUE [E5] E5-E4 ATTACKS YOUR "
                       "PLANE. UMPIRE: ATTACKER WINS.");
    /* Intelligence: what beat a cavalry is no spy, engineer, cavalry or
     * mine. */
    said(out, "I B5", "INTELLIGENCE ON BLUE [B5], NOW ON B5:\r\n"
         "  -- SPY           1L 1ST LT        CL COLONEL       LG LT GENERAL"
         "\r\n  -- ENGINEER      CP CAPTAIN       TK TANK          GN GENERAL"
         "\r\n  -- CAVALRY       MJ MAJOR         PL PLANE         -- LANDMINE"
         "\r\n  2L 2ND LT        LC LT COLONEL    MG MAJOR GEN     BN BANNER"
         "\r\n(-- : RULED OUT.  12 TYPES STILL POSSIBLE.)");
    /* by its label, wherever it now stands; it beat a plane */
    said(out, "I E5", "INTELLIGENCE ON BLUE [E5], NOW ON E4:\r\n");
    ck_assert_ptr_nonnull(strstr(out, "-- 2ND LT"));
    ck_assert_ptr_nonnull(strstr(out, "-- BANNER\r\n(-- : RULED OUT.  3 "
                                      "TYPES STILL POSSIBLE.)"));
    said(out, "I A4", "YOU MAY VIEW THE INTELLIGENCE ON ENEMY PIECES ONLY.");
    said(out, "I", "TYPE I AND THE ENEMY PIECE'S LABEL, E.G. I C7.");
    said(out, "IC7", "INTELLIGENCE ON BLUE [C7], NOW ON C7:\r\n"
                     "  SP SPY ");
    said(out, "I F3", "YOU MAY VIEW THE INTELLIGENCE ON ENEMY PIECES ONLY.");
    said(out, "G", "THE GRAVEYARD (2 PIECES):\r\n"
                   "  1. YOUR CAVALRY, FROM B4\r\n"
                   "  2. YOUR PLANE, FROM E4\r\n");
    said(out, "P", "LAST MOVE: BLUE [E5] E5-E4 ATTACKS YOUR PLANE. UMPIRE: "
                   "ATTACKER WINS.");
    said(out, "C4-B4", "YOUR LIEUTENANT GENERAL MOVES C4-B4.\r\n"
                       "BLUE [E5] E4-D4 ATTACKS YOUR LANDMINE. UMPIRE: BOTH "
                       "ARE REMOVED.");
    said(out, "B4-B5", "YOUR LIEUTENANT GENERAL B4-B5 ATTACKS BLUE [B5]. "
                       "UMPIRE: ATTACKER WINS.");
    /* the dead enemy pieces with what was known of them, a long entry
     * going on under its text, no word cut */
    ck_assert_ptr_nonnull(strstr(out, "  3. BLUE [E5]: MAY BE MAJOR GENERAL, "
                                      "LIEUTENANT GENERAL, GENERAL\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "  5. BLUE [B5]: MAY BE SECOND "
                                      "LIEUTENANT, FIRST LIEUTENANT, CAPTAIN,"
                                      " MAJOR,\r\n     LIEUTENANT COLONEL, "
                                      "COLONEL, TANK, PLANE, MAJOR GENERAL, "
                                      "BANNER\r\n"));
    said(out, "REP", "LAST MOVE: BLUE [C5] C5-C3 ATTACKS YOUR TANK. UMPIRE: "
                     "ATTACKER WINS.");
    /* no view of the enemy's types anywhere */
    ck_assert_ptr_null(strstr(out, "BLUE SPY"));
    ck_assert_ptr_null(strstr(out, "BLUE GENERAL"));
    free(out);
}
END_TEST

START_TEST(typed_moves_and_refusals)
{
    char *out = run(NULL, 3,
        "1\r\r\r\rC4-C5\ra3a4\rB4 C4\rE3-E2\rA4-A7\rB5-B6\rX\rE2\r"
        "B4 B5\rRES\rN\rR\r\rB2-B3\rR\rY\r");
    said(out, "C4-C5", "ONLY PLANES CROSS THE RIVER OFF THE BRIDGES (FILES B"
                       " AND E).");
    said(out, "a3a4", "YOUR CAPTAIN ON A3 HAS NOWHERE TO GO.");
    said(out, "B4 C4", "YOUR OWN LIEUTENANT GENERAL IS ON C4.");
    said(out, "E3-E2", "YOUR LANDMINE NEVER MOVES.");
    said(out, "B5-B6", "THE PIECE ON B5 IS THE ENEMY'S.");
    said(out, "X", "TYPE A MOVE AS B2-B3, OR H FOR HELP.");
    said(out, "E2", "SAY WHERE TO AS WELL, E.G. E2-E3.");
    said(out, "B4 B5", "YOUR CAVALRY B4-B5 ATTACKS BLUE [B5].");
    said(out, "RES", "RESIGN (Y/N, RETURN: N)? N\r\nPLAY ON.");
    /* Return is No */
    said(out, "R", "RESIGN (Y/N, RETURN: N)? \r\nPLAY ON.");
    said(out, "R", "RESIGN (Y/N, RETURN: N)? Y\r\nRED RESIGNS: BLUE WINS. "
                   "YOU LOSE.");
    free(out);
}
END_TEST

/* The rows printed after 'from' up to the MORE that follows it. */
static int rows_to_more(const char *out, const char *from)
{
    const char *p = strstr(out, from);
    ck_assert_ptr_nonnull(p);
    p += strlen(from);
    const char *more = strstr(p, "MORE (RETURN; Q: ENOUGH)? ");
    ck_assert_ptr_nonnull(more);
    int rows = 0;
    for (; p < more; p++)
        rows += *p == '\n';
    return rows;
}

START_TEST(help_and_instructions)
{
    /* The instructions on a glass terminal of 24 rows: a screenful at a
     * time; the rules give the order of the pieces with the key to their
     * two letters, the original table's notes word for word, and say
     * that a General attacking a Spy loses. */
    char *out = run(NULL, 3, "I\r\r1\r\rM\rH\r\rR\rD\rH\rQ\rRULES\r\r");
    ck_assert_ptr_nonnull(strstr(out, "GUNJIN SHOGI, JAPANESE MILITARY "
                                      "CHESS."));
    ck_assert_ptr_nonnull(strstr(out, "COMBAT.  THE PIECES, STRONGEST FIRST, "
                                      "WITH THE TWO LETTERS YOURS SHOW AS: "
                                      "GN\r\nGENERAL, LG LIEUTENANT GENERAL, "
                                      "MG MAJOR GENERAL, PL PLANE, TK TANK, "
                                      "CL\r\nCOLONEL, LC LIEUTENANT COLONEL,"
                                      " MJ MAJOR, CP CAPTAIN, 1L FIRST "
                                      "LIEUTENANT, 2L\r\nSECOND LIEUTENANT, "
                                      "CV CAVALRY, EN ENGINEER, SP SPY; AND "
                                      "LM LANDMINE, BN BANNER.\r\nA PIECE "
                                      "BEATS EVERY PIECE AFTER IT; EQUALS "
                                      "BOTH FALL."));
    ck_assert(tu_says(out, "THE ORIGINAL'S TABLE NOTES: SPY CAN DEFEAT A "
                        "GENERAL, BUT NOT ANOTHER SPY.  ENGINEER CAN DEFEAT "
                        "MINES.  PLANE CAN DEFEAT MINES.  GENERAL IS DEFEATED "
                        "BY A SPY.  MINES ARE DEFEATED BY ENGINEERS AND "
                        "PLANES.  UNDEFENDED BANNERS ARE DEFEATED BY "
                        "EVERYTHING."));
    ck_assert(tu_says(out, "A GENERAL THAT ATTACKS A SPY LOSES (NOT SO IN THE "
                        "TRADITIONAL GAME)."));
    ck_assert_ptr_nonnull(strstr(out, "HOW TO WIN.  MOVE AN OFFICER"));
    /* the commands after the rules, the second screenful */
    ck_assert_ptr_nonnull(strstr(out, "  I C7    INTELLIGENCE: WHAT THE "
                                      "ENEMY PIECE [C7] MAY STILL BE"));
    /* a screenful: 23 rows, and the MORE on the 24th */
    ck_assert_int_eq(rows_to_more(out, "VERSUS (RETURN: 1)? I\r\n"), 23);
    ck_assert_int_eq(rows_to_more(out, "RED'S MOVE (H: HELP)? H\r\n"), 23);
    /* setting up: placing pieces, then the rules */
    ck_assert_ptr_nonnull(strstr(out, "  B2 CP   PUT A CAPTAIN ON B2"));
    /* in play, Q at MORE is enough: the rest of it is not printed */
    const char *play = strstr(out, "RED'S MOVE (H: HELP)? H\r\n");
    ck_assert_ptr_nonnull(play);
    const char *q = strstr(play, "MORE (RETURN; Q: ENOUGH)? \r\n"
                                 "RED'S MOVE (H: HELP)? RULES\r\n");
    ck_assert_ptr_nonnull(q);
    ck_assert(strstr(play, "HOW TO WIN.  MOVE") > q);
    /* RULES: the rules, to their end */
    ck_assert_ptr_nonnull(strstr(q, "HOW TO WIN.  MOVE"));
    free(out);

    /* On paper everything is printed and kept: no MORE; the help in play
     * is the commands, the rules are RULES. */
    out = run("asr33", 3, "1\r\r\r\rH\rRULES\rS\r");
    ck_assert_ptr_null(strstr(out, "MORE"));
    play = strstr(out, "RED'S MOVE (H: HELP)? H\r\n");
    const char *rules = strstr(out, "RED'S MOVE (H: HELP)? RULES\r\n");
    ck_assert_ptr_nonnull(play);
    ck_assert_ptr_nonnull(rules);
    ck_assert_ptr_nonnull(strstr(play, "  RULES   THE RULES: THE PIECES, "
                                       "COMBAT, MOVEMENT, HOW TO WIN"));
    ck_assert(strstr(play, "COMBAT.") > rules);
    ck_assert_ptr_nonnull(strstr(rules, "HOW TO WIN."));
    free(out);
}
END_TEST

START_TEST(screen_help_in_pages)
{
    /* The ANSI help, 80 x 24: the commands, then the rules, a page at a
     * time; combat, movement and how to win all come to be shown. */
    vt vt;
    char *out = run("ansi", 3, "1\r\r\r\rh");
    tgp_vt_game(&vt, out);
    ck_assert(tgp_vt_has(&vt, "COMMANDS (RETURN AFTER EACH):"));
    ck_assert(tgp_vt_has(&vt, "HELP, PAGE 1 OF 3."));
    ck_assert(tgp_vt_has(&vt, "SPACE NEXT PAGE  B PAGE BEFORE  ESCAPE BACK"));
    free(out);
    out = run("ansi", 3, "1\r\r\r\rh ");
    tgp_vt_game(&vt, out);
    ck_assert(tgp_vt_has(&vt, "HELP, PAGE 2 OF 3."));
    ck_assert(tgp_vt_has(&vt, "COMBAT.  THE PIECES, STRONGEST FIRST"));
    ck_assert(tgp_vt_has(&vt, "GENERAL IS DEFEATED BY A"));
    free(out);
    out = run("ansi", 3, "1\r\r\r\rh  ");
    tgp_vt_game(&vt, out);
    ck_assert(tgp_vt_has(&vt, "HELP, PAGE 3 OF 3."));
    ck_assert(tgp_vt_has(&vt, "A GENERAL THAT ATTACKS A SPY"));
    ck_assert(tgp_vt_has(&vt, "MOVEMENT.  PIECES MOVE ONE SQUARE"));
    ck_assert(tgp_vt_has(&vt, "HOW TO WIN.  MOVE AN OFFICER"));
    free(out);
    /* B turns back; past the last page, or Escape, the board again with
     * its key hint, which ends H HELP */
    out = run("ansi", 3, "1\r\r\r\rh  b");
    tgp_vt_game(&vt, out);
    ck_assert(tgp_vt_has(&vt, "HELP, PAGE 2 OF 3."));
    free(out);
    static const char *const back[] = { "1\r\r\r\rh   ", "1\r\r\r\rh \033" };
    for (int i = 0; i < 2; i++) {
        out = run("ansi", 3, back[i]);
        tgp_vt_game(&vt, out);
        ck_assert(!tgp_vt_has(&vt, "HELP, PAGE"));
        ck_assert(tgp_vt_has(&vt, "THE UMPIRE'S LOG"));
        ck_assert(tgp_vt_has(&vt, "S SAVE  R RESIGN  H HELP"));
        free(out);
    }
}
END_TEST

/* The transcript's text between two markers. */
static char *between(const char *out, const char *from, const char *to)
{
    const char *a = strstr(out, from);
    ck_assert_ptr_nonnull(a);
    const char *b = strstr(a, to);
    ck_assert_ptr_nonnull(b);
    char *s = malloc((size_t)(b - a) + 1);
    memcpy(s, a, (size_t)(b - a));
    s[b - a] = 0;
    return s;
}

/* No two-letter type on the first four rank rows of a board. */
static int types_on_far_half(const char *board)
{
    const char *p = board;
    for (int row = 0; row < 4; row++) {
        const char *nl = strchr(p, '\n');
        for (const char *q = p + 5; q + 4 <= nl - 3; q += 5)
            if (q[0] == ' ' && q[1] != '.' && q[1] != ' ')
                return 1;
        p = nl + 1;
    }
    return 0;
}

START_TEST(hot_seat_hides_the_board_between_turns)
{
    /* Red sets up, hides, passes; blue sets up, hides, passes; red moves,
     * hides, passes: blue's turn. */
    char *out = run(NULL, 6, "3\r" "\r\r" "x\r" "y\r" "\r\r\r\r"
                              "B4-B5\r" "\r\r");
    /* Only Return hides and passes; other keys are not taken. */
    ck_assert_int_eq(tu_count(out, "PRESS RETURN TO HIDE THE BOARD. "), 3);
    ck_assert_int_eq(tu_count(out, "PASS TO "), 3);
    /* The board is scrolled off a 24-line screen before every pass. */
    const char *p = out;
    while ((p = strstr(p + 1, "PASS TO "))) {
        for (int i = 1; i <= 23; i++)
            ck_assert_msg(p[-2 * i] == '\r' && p[-2 * i + 1] == '\n',
                          "line %d above a pass is not empty", i);
    }
    /* After the pass, blue sees the last move and its own board: red's
     * pieces only as labels, on the far side. */
    char *blue = between(out, "PASS TO BLUE, PRESS RETURN \r\nLAST MOVE:",
                         "BLUE'S MOVE (H: HELP)?");
    ck_assert_ptr_nonnull(strstr(blue, "LAST MOVE: RED [B4] B4-B5 ATTACKS "
                                       "YOUR "));
    char *board = tgp_board_before(blue, NULL);
    ck_assert_ptr_nonnull(board);
    ck_assert_ptr_nonnull(strstr(board, "  1  [F1] [E1]   [C1]    [B1] [A1]"
                                        "  1\r\n"));
    ck_assert(!types_on_far_half(board));
    free(board);
    /* and red's view before had blue's only as labels */
    board = tgp_board_before(out, "RED'S MOVE (H: HELP)? B4-B5");
    ck_assert_ptr_nonnull(strstr(board, "  8  [A8] [B8]   [C8]    [E8] [F8]"
                                        "  8\r\n"));
    ck_assert(!types_on_far_half(board));
    free(board);
    free(blue);
    free(out);
}
END_TEST

/* How many of the seed's two-letter type labels a board shows. */
static int type_labels(const char *board)
{
    int n = 0;
    for (int ty = 0; ty < GJ_TYPES; ty++) {
        char cell[8];
        snprintf(cell, sizeof cell, " %s ", gj_type_abbr[ty]);
        n += tu_count(board, cell);
    }
    return n;
}

START_TEST(hot_seat_setup_shows_blue_none_of_red)
{
    /* Red deals at random, keeps it, hides, passes; blue asks for the
     * board again (^L) at the AT RANDOM OR BY HAND question.  One
     * terminal sets up both sides: blue's board must not be drawn from
     * the tray red left behind. */
    char *out = run(NULL, 7, "3\r" "R\r" "\r" "\r" "\r" "\014");
    char *red = between(out, "RED: SET UP YOUR ARMY.", "KEEP IT?");
    char *board = tgp_board_before(red, NULL);
    ck_assert_ptr_nonnull(board);
    ck_assert_int_eq(type_labels(board), GJ_SIDE_PIECES);   /* seen */
    free(board);
    free(red);
    const char *blue = strstr(out, "PASS TO BLUE, PRESS RETURN");
    ck_assert_ptr_nonnull(blue);
    blue = strstr(blue, "BLUE: SET UP YOUR ARMY.");
    ck_assert_ptr_nonnull(blue);
    board = tgp_board_before(blue, NULL);
    ck_assert_ptr_nonnull(board);
    ck_assert_msg(type_labels(board) == 0, "blue's set-up board shows "
                  "red's army:\n%s", board);
    free(board);
    free(out);
}
END_TEST

/* A client that echoes for itself (a line-mode telnet) has shown the
 * keys, erasures and Return already: the set-up prompt's editor, like
 * tty_getline, must not show them a second time. */
static char *typed_at_setup(int remote_echo)
{
    memline_opts o = { .game = "gunjin", .seed = 5,
                       .remote_echo = remote_echo };
    char *out = tu_run(&o, "1\r" "\r" "XYZ\b\b\bR\r" "\r");
    const char *a = strstr(out, "AT RANDOM OR BY HAND (R/M, RETURN: R)? ");
    ck_assert_ptr_nonnull(a);
    a += strlen("AT RANDOM OR BY HAND (R/M, RETURN: R)? ");
    const char *b = strstr(a, "KEEP IT?");
    ck_assert_ptr_nonnull(b);
    char *typed = strndup(a, (size_t)(b - a));
    free(out);
    return typed;
}

START_TEST(no_echo_at_setup_for_a_client_that_echoes)
{
    char *echoed = typed_at_setup(0);   /* our own echo: the control */
    ck_assert_msg(strncmp(echoed, "XYZ\b \b\b \b\b \bR\r\n", 15) == 0,
                  "echo: [%s]", echoed);
    char *quiet = typed_at_setup(1);
    ck_assert_msg(!strpbrk(quiet, "XYZ\b"), "echoed: [%s]", quiet);
    ck_assert_msg(quiet[0] != 'R', "echoed: [%s]", quiet);
    /* not even the Return: what follows is what followed it before */
    ck_assert_str_eq(quiet, echoed + 15);
    free(quiet);
    free(echoed);
}
END_TEST

START_TEST(hot_seat_on_a_screen_clears_it)
{
    char *out = run("ansi", 6, "3\r" "\r\r" "\r");
    const char *pass = strstr(out, "PASS TO BLUE, PRESS RETURN");
    ck_assert_ptr_nonnull(pass);
    /* the last clear before the pass comes after red's board */
    const char *clear = tgp_last(out, "\033[H\033[2J");
    ck_assert_ptr_nonnull(clear);
    ck_assert(clear < pass);
    ck_assert(tgp_last(out, "SETTING UP") < clear);
    vt vt;
    tgp_vt_game(&vt, out);
    ck_assert(tgp_vt_has(&vt, "PASS TO BLUE, PRESS RETURN"));
    ck_assert(!tgp_vt_has(&vt, "+------+"));
    free(out);
}
END_TEST

START_TEST(screen_board_with_cursor_selection)
{
    /* Seed 3 as above.  The cursor starts on C4: left to the cavalry on
     * B4, pick it, up to [B5], play. */
    char *sel = run("ansi", 3, "1\r\r\r\r" LEFT " ");
    vt vt;
    tgp_vt_game(&vt, sel);
    /* the HQ drawn across its two squares, the bridges in the river */
    ck_assert(tgp_vt_has(&vt, "+------+------+-------------+------+------+"));
    ck_assert(tgp_vt_has(&vt, " 8 | [A8] | [B8] |    [C8]     | [E8] | [F8]"
                              " | 8"));
    ck_assert(tgp_vt_has(&vt, "+~~~~~~+|    |+~~~~~~+~~~~~~+|    |+~~~~~~+"));
    /* the cavalry picked, its one square marked */
    ck_assert(tgp_vt_has(&vt, "| [A5] |*[B5]*| [C5] |"));
    ck_assert(tgp_vt_has(&vt, "|  BN  | >CV< |  LG  |"));
    ck_assert(tgp_vt_has(&vt, "RED'S MOVE:"));
    free(sel);

    char *out = run("ansi", 3, "1\r\r\r\r" LEFT " " UP " ");
    tgp_vt_game(&vt, out);
    ck_assert(tgp_vt_has(&vt, "YOUR CAVALRY B4-B5 ATTACKS"));
    ck_assert(tgp_vt_has(&vt, "MOVE 2: RED"));
    /* the computer's reply was replayed and is the message */
    ck_assert(tgp_vt_has(&vt, "BLUE [E5] E5-E4 ATTACKS YOUR PLANE."));
    ck_assert(tgp_vt_has(&vt, " 4 |  BN  |      |  LG  |  LM  | [E5] |  1L"));
    free(out);

    /* An enemy piece cannot be picked; I on it shows its intelligence,
     * with the ruled-out types marked. */
    out = run("ansi", 3, "1\r\r\r\r" LEFT " " UP " i");
    tgp_vt_game(&vt, out);
    ck_assert(tgp_vt_has(&vt, "INTELLIGENCE: BLUE [B5]"));
    ck_assert(tgp_vt_has(&vt, "- SP SPY"));
    ck_assert(tgp_vt_has(&vt, "- CV CAVALRY"));
    ck_assert(tgp_vt_has(&vt, "+ 2L SECOND LIEUTENANT"));
    ck_assert(tgp_vt_has(&vt, "- LM LANDMINE"));
    free(out);
    out = run("ansi", 3, "1\r\r\r\r" UP " ");
    tgp_vt_game(&vt, out);
    ck_assert(tgp_vt_has(&vt, "THAT IS AN ENEMY PIECE: PICK ONE OF YOURS."));
    free(out);
}
END_TEST

START_TEST(screen_graveyard_and_typed_moves)
{
    /* A typed move on the screen, then the graveyard: the dead in columns
     * growing downwards, empty slots as crosses. */
    char *out = run("ansi", 3, "1\r\r\r\rB4-B5\rg");
    vt vt;
    tgp_vt_game(&vt, out);
    ck_assert(tgp_vt_has(&vt, "THE GRAVEYARD: 2"));
    ck_assert(tgp_vt_has(&vt, "|  CV  |  ++  |  ++  |"));
    ck_assert(tgp_vt_has(&vt, "|  PL  |  ++  |  ++  |"));
    free(out);
    /* and back, G again */
    out = run("ansi", 3, "1\r\r\r\rB4-B5\rgg" RIGHT "x");
    tgp_vt_game(&vt, out);
    ck_assert(tgp_vt_has(&vt, "MOVE 2: RED"));
    ck_assert(!tgp_vt_has(&vt, "THE GRAVEYARD"));
    ck_assert(tgp_vt_has(&vt, "RED'S MOVE: x"));
    free(out);
}
END_TEST

START_TEST(screen_redraws_only_what_changed)
{
    /* Moving the cursor one square sends far less than the board. */
    char *a = run("ansi", 3, "1\r\r\r\r");
    char *b = run("ansi", 3, "1\r\r\r\r" LEFT);
    size_t board = strlen(a), step = strlen(b) - strlen(a);
    ck_assert_msg(step < 80, "a cursor step cost %zu bytes", step);
    ck_assert(board > 2000);
    free(a);
    free(b);
}
END_TEST

START_TEST(screen_demo_runs_to_the_end)
{
    char *out = run("ansi", 5, "5\r0\r");
    vt vt;
    tgp_vt_game(&vt, out);
    ck_assert(tgp_vt_has(&vt, "GAME OVER"));
    ck_assert(tgp_vt_has(&vt, "GUNJIN SHOGI   RED COMPUTER  BLUE COMPUTER"));
    ck_assert(tgp_vt_has(&vt, " WINS: ") || tgp_vt_has(&vt, "DRAWN"));
    ck_assert(tgp_vt_has(&vt, "| ("));      /* blue as the umpire sees it */
    free(out);
}
END_TEST

START_TEST(nobody_came_to_the_lobby)
{
    /* Alone, the player gives up waiting (Q) and chooses again. */
    char *out = run(NULL, 2, "4\rQ\rQ\r");
    ck_assert_ptr_nonnull(strstr(out, "WAITING FOR A PERSON TO CHOOSE "
                                      "GUNJIN SHOGI ON ANOTHER TERMINAL.\r\n"
                                      "PRESS Q OR ESCAPE TO GIVE UP.\r\n"
                                      "NOBODY CAME.\r\n"));
    ck_assert_int_eq(tu_count(out, "VERSUS (RETURN: 1)? "), 2);
    free(out);
}
END_TEST

START_TEST(teletype_board_is_upper_case_lines)
{
    char *out = run("asr33", 3, "1\r\r\r\rB4-B5\rI B5\rG\r");
    ck_assert_ptr_null(strchr(out, 27));
    for (const char *p = out; *p; p++)
        ck_assert_msg(!(*p >= 'a' && *p <= 'z'), "lower case on paper");
    /* every line within the carriage's 72 columns */
    int col = 0;
    for (const char *p = out; *p; p++) {
        col = *p == '\r' || *p == '\n' ? 0 : col + 1;
        ck_assert_int_le(col, 72);
    }
    ck_assert_ptr_nonnull(strstr(out, "  8  [A8] [B8]   [C8]    [E8] [F8]"
                                      "  8\r\n"));
    /* a Model 33 has no ~ or |: the river and its bridges in its own
     * characters */
    ck_assert_ptr_nonnull(strstr(out, "     ==== H  H ==== ==== H  H ===="));
    free(out);
}
END_TEST

/* Every line of a glass transcript within w columns (one short of the
 * window's width, where its text wraps by itself). */
static void within(const char *out, int w)
{
    int col = 0;
    for (const char *p = out; *p; p++) {
        col = *p == '\r' || *p == '\n' ? 0 : col + 1;
        ck_assert_msg(col <= w, "past %d columns: %.40s", w, p - col + 1);
    }
}

START_TEST(a_narrow_window_gets_a_narrow_board)
{
    /* 33 columns: the ranks on the left only, the intelligence in two
     * columns; grown to 40 in the turn, the board again with both */
    memline_opts o = { .game = "gunjin", .seed = 3, .profile = "ansi",
                       .width = 33,
                       .height = 20, .resize_after = 10, .resize_width = 40,
                       .resize_height = 12 };
    char *out = tu_run(&o, "1\r\r\r\rI B5\rB\r");
    char *grown = strstr(out, "\r\n\r\n      A    B    C    D    E    F\r\n"
                              "  8  [A8]");
    ck_assert_ptr_nonnull(grown);
    *grown = 0;
    within(out, 32);
    ck_assert_ptr_nonnull(strstr(out, "\r\n   A    B    C    D    E    F"
                                      "\r\n8 [A8] [B8]   [C8]    [E8] [F8]"
                                      "\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "\r\n  ~~~~ |  | ~~~~ ~~~~ |  | ~~~~"
                                      "\r\n"));
    said(out, "I B5", "INTELLIGENCE ON BLUE [B5], NOW\r\nON B5:\r\n"
         "  SP SPY           CL COLONEL\r\n"
         "  EN ENGINEER      TK TANK\r\n");
    /* the question again under the board grown back */
    *grown = '\r';
    ck_assert_ptr_nonnull(strstr(grown, "  1  "));
    ck_assert_ptr_nonnull(strstr(grown, "  1\r\n      A    B    C    D    E"
                                        "    F\r\nRED'S MOVE (H: HELP)? "));
    free(out);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("gunjin dialogue");
    TCase *tc = tcase_create("dialogue");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, manual_setup_refuses_with_reasons);
    tcase_add_test(tc, a_narrow_window_gets_a_narrow_board);
    tcase_add_test(tc, manual_setup_keeps_room_for_the_landmines);
    tcase_add_test(tc, random_setup_can_be_dealt_again_or_changed);
    tcase_add_test(tc, the_player_aids);
    tcase_add_test(tc, typed_moves_and_refusals);
    tcase_add_test(tc, help_and_instructions);
    tcase_add_test(tc, screen_help_in_pages);
    tcase_add_test(tc, hot_seat_hides_the_board_between_turns);
    tcase_add_test(tc, hot_seat_setup_shows_blue_none_of_red);
    tcase_add_test(tc, no_echo_at_setup_for_a_client_that_echoes);
    tcase_add_test(tc, hot_seat_on_a_screen_clears_it);
    tcase_add_test(tc, screen_board_with_cursor_selection);
    tcase_add_test(tc, screen_graveyard_and_typed_moves);
    tcase_add_test(tc, screen_redraws_only_what_changed);
    tcase_add_test(tc, screen_demo_runs_to_the_end);
    tcase_add_test(tc, nobody_came_to_the_lobby);
    tcase_add_test(tc, teletype_board_is_upper_case_lines);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run_suite(suite());
}
