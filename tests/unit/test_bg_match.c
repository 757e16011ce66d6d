/*
 * test_bg_match.c - matches and money play in the dialogue: ROLL OR
 * DOUBLE before a throw, TAKE, BEAVER or PASS to a double (and the
 * refusals), the cube on the board, the points and the score, the
 * Crawford game, a double pending kept by a save, the computer's doubles
 * and answers, the end of a match with its export and hall of fame.
 *
 * A person's turns are played by the scripted player of test_bg_play.h:
 * the script is run again and again, a step longer each time, answering
 * whatever the game asks at the end of it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_bg_play.h"

/* What the game asks at the end of a transcript. */
enum { ASK_NONE, ASK_CUBE, ASK_ANSWER, ASK_MOVE, ASK_END };

/* Does the transcript end with tail, on the line the script's end left
 * open (the game ends it with a new line when the input runs out)? */
static int ends_with(const char *out, const char *tail)
{
    size_t n = strlen(out), k = strlen(tail);
    if (n >= 2 && !strcmp(out + n - 2, "\r\n"))
        n -= 2;
    return n >= k && !strncmp(out + n - k, tail, k);
}

/* The last line of the transcript (without the new line after it). */
static const char *last_line(const char *out)
{
    size_t n = strlen(out);
    if (n >= 2 && !strcmp(out + n - 2, "\r\n"))
        n -= 2;
    while (n > 0 && out[n - 1] != '\n')
        n--;
    return out + n;
}

static int asked(const char *out)
{
    const char *last = last_line(out);
    if (ends_with(out, "ROLL OR DOUBLE (RETURN: ROLL)? "))
        return ASK_CUBE;
    if (strstr(last, " OR PASS THE CUBE AT ") && ends_with(out, "? "))
        return ASK_ANSWER;
    if (strstr(last, " TO MOVE, DICE ") && ends_with(out, "? "))
        return ASK_MOVE;
    if (ends_with(out, "EXPORT, OR RETURN TO LEAVE? "))
        return ASK_END;
    return ASK_NONE;
}

/* The scripted people's answers: step k of the cube and answer prompts
 * gets cube[k] / answer[k] (NULL past the end: roll, take). */
typedef struct plan {
    const char *const *cube, *const *answer;
    int ncube, nanswer;
    int chooser;                /* TBP_FIRST (0) or TBP_NET */
} plan;

/*
 * Play the script on from prefix: cube prompts and answers as plan says,
 * moves as the engine's first legal play (or the net's, as plan says),
 * until the game asks nothing more, stop appears in the transcript, or
 * max steps.  The transcript (and in *script the script) is returned,
 * malloc'd.
 */
static char *drive(const memline_opts *o, const char *prefix, const plan *pl,
                   const char *stop, int max, char **script)
{
    size_t cap = strlen(prefix) + 64 + (size_t)max * 64;
    char *s = malloc(cap), *out = NULL;
    bg_movelist *ml = malloc(sizeof *ml);
    bg_ai *ai = pl->chooser == TBP_NET ? bg_ai_new() : NULL;
    int ncube = 0, nanswer = 0, idsent = 0;
    snprintf(s, cap, "%s", prefix);
    for (int step = 0; step < max; step++) {
        free(out);
        out = tu_run(o, s);
        ck_assert_ptr_nonnull(out);
        if (stop && strstr(out, stop))
            break;
        size_t len = strlen(s);
        int q = asked(out);
        if (q == ASK_CUBE) {
            const char *a = ncube < pl->ncube ? pl->cube[ncube] : NULL;
            ncube++;
            snprintf(s + len, cap - len, "%s\r", a ? a : "");
        } else if (q == ASK_ANSWER) {
            const char *a = nanswer < pl->nanswer ? pl->answer[nanswer]
                                                  : NULL;
            nanswer++;
            snprintf(s + len, cap - len, "%s\r", a ? a : "TAKE");
        } else if (q == ASK_MOVE && !idsent) {
            snprintf(s + len, cap - len, "ID\r");
            idsent = 1;
            continue;
        } else if (q == ASK_MOVE) {
            char mv[64];
            ck_assert_int_ge(tbp_choose(out, BG_RULES_STANDARD, pl->chooser, ml,
                                        ai, mv, sizeof mv), 0);
            snprintf(s + len, cap - len, "%s\r", mv);
        } else {
            break;
        }
        idsent = 0;
    }
    free(ml);
    bg_ai_free(ai);
    if (script)
        *script = s;
    else
        free(s);
    return out;
}

/* Hot seat, a 3-point match: blue doubles, green's wrong answers are
 * refused and it takes; the cube is green's on the board and blue cannot
 * double; green redoubles and blue passes; the score; the Crawford game,
 * with no cube; EXPORT of the match so far. */
START_TEST(hot_seat_match)
{
    memline_opts o = { .game = "backgammon", .seed = 21, .name = "ANN" };
    static const char *const cube[] = {"HELLO", "DOUBLE", "DOUBLE"};
    static const char *const answer[] = {"BEAVER", "MAYBE", "TAKE", "PASS"};
    plan pl = { cube, answer, 3, 4, TBP_FIRST };
    char *script;
    char *out = drive(&o, "2\r\rBOB\rSTANDARD\r3\r", &pl, "GAME 2.", 400,
                      &script);
    ck_assert_ptr_nonnull(strstr(out, "STANDARD RULES, MATCH TO 3."));
    ck_assert(tu_says(out, ": ROLL OR DOUBLE (RETURN: ROLL)? HELLO FIRST "
                           "ROLL OR DOUBLE: RETURN (OR ROLL) THROWS THE "
                           "DICE, DOUBLE OFFERS THE CUBE."));
    const char *d = strstr(out, " DOUBLES: THE CUBE TO 2.\r\n");
    ck_assert_ptr_nonnull(d);
    int doubler = !strncmp(d - 10, "BLUE (ANN)", 10) ? BG_BLUE : BG_GREEN;
    const char *taker = doubler == BG_BLUE ? "GREEN (BOB)" : "BLUE (ANN)";
    char want[160];
    snprintf(want, sizeof want, "%s: TAKE OR PASS THE CUBE AT 2? BEAVER\r\n"
             "BEAVERS ARE NOT ALLOWED IN THIS GAME.\r\n", taker);
    ck_assert_ptr_nonnull(strstr(out, want));
    ck_assert_ptr_nonnull(strstr(out, "? MAYBE\r\nTAKE OR PASS, PLEASE.\r\n"));
    snprintf(want, sizeof want, "%s TAKES: THE CUBE IS %s'S, AT 2.", taker,
             doubler == BG_BLUE ? "GREEN" : "BLUE");
    ck_assert_ptr_nonnull(strstr(out, want));
    /* the cube beside its holder, the stakes in the middle row */
    ck_assert_ptr_nonnull(strstr(out, "|   CUBE 2\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "|BAR|                  |   MATCH TO "
                                      "3\r\n"));
    /* the redouble passed: two points to the redoubler */
    const char *p = strstr(out, " DOUBLES: THE CUBE TO 4.\r\n");
    ck_assert_ptr_nonnull(p);
    snprintf(want, sizeof want, "%s PASSES.\r\n", doubler == BG_BLUE
             ? "BLUE (ANN)" : "GREEN (BOB)");
    ck_assert_ptr_nonnull(strstr(p, want));
    ck_assert_ptr_nonnull(strstr(p, " WINS 2 POINTS.\r\n"));
    snprintf(want, sizeof want, "THE SCORE IN THE 3-POINT MATCH: BLUE (ANN) "
             "%d, GREEN (BOB) %d.", doubler == BG_BLUE ? 0 : 2,
             doubler == BG_BLUE ? 2 : 0);
    ck_assert_ptr_nonnull(strstr(p, want));
    ck_assert_ptr_nonnull(strstr(out, "\r\nGAME 2.\r\nTHE CRAWFORD GAME: "
                                      "NOBODY MAY DOUBLE.\r\n"));
    free(out);

    /* a few turns of the Crawford game: no cube asked; DOUBLE refused;
     * the record so far as a .mat file */
    out = drive(&o, script, &pl, NULL, 6, NULL);
    const char *g2 = strstr(out, "GAME 2.");
    ck_assert_ptr_nonnull(g2);
    ck_assert_ptr_null(strstr(g2, "ROLL OR DOUBLE"));
    ck_assert_ptr_nonnull(strstr(g2, "|BAR|                  |   CRAWFORD "
                                     "GAME, TO 3\r\n"));
    free(out);
    size_t n = strlen(script);
    script = realloc(script, n + 64);
    strcat(script, "ID\rDOUBLE\rEXPORT\r");
    out = drive(&o, script, &pl, NULL, 1, NULL);
    ck_assert_ptr_nonnull(strstr(out, "YOU CANNOT DOUBLE NOW: NOBODY MAY "
                                      "DOUBLE IN THE CRAWFORD GAME."));
    const char *mat = strstr(out, "--- BEGIN .MAT ---\r\n");
    ck_assert_ptr_nonnull(mat);
    ck_assert_ptr_nonnull(strstr(mat, " 3 point match\r\n"));
    ck_assert_ptr_nonnull(strstr(mat, " Game 1\r\n ANN : 0"));
    ck_assert_ptr_nonnull(strstr(mat, " Doubles => 2"));
    ck_assert_ptr_nonnull(strstr(mat, " Doubles => 4"));
    ck_assert_ptr_nonnull(strstr(mat, " Drops"));
    ck_assert_ptr_nonnull(strstr(mat, "Wins 2 points\r\n"));
    ck_assert_ptr_nonnull(strstr(mat, " Game 2\r\n ANN : "));
    ck_assert_ptr_nonnull(strstr(mat, "--- END .MAT ---\r\n"));
    free(out);
    free(script);
}
END_TEST

/* Money play with beavers: a beaver takes the cube to 4, the beaver's;
 * a double pending is saved with the game and asked again on resuming;
 * a pass scores the cube's value and the next game begins. */
START_TEST(money_beaver_and_resume)
{
    char dir[256], code[TTY_CODE_SIZE];
    tu_tempdir(dir, sizeof dir);
    memline_opts o = { .game = "backgammon", .seed = 22, .name = "ANN",
                       .data = dir };
    static const char *const cube[] = {"D", "D"};
    static const char *const answer[] = {"B", "SAVE"};
    plan pl = { cube, answer, 2, 2, TBP_FIRST };
    char *out = drive(&o, "2\r\rBOB\rS\r0\r\r\r", &pl, "THE GAME IS SAVED. TO",
                      300, NULL);
    ck_assert(tu_says(out, "STANDARD RULES, MONEY PLAY, JACOBY RULE, "
                           "BEAVERS."));
    ck_assert_ptr_nonnull(strstr(out, " BEAVERS: THE CUBE IS "));
    ck_assert_ptr_nonnull(strstr(out, "'S, AT 4.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, " DOUBLES: THE CUBE TO 8.\r\n"));
    ck_assert_int_eq(tbp_code(out, "RESUME IT WITH THE CODE ", code), 0);
    free(out);
    /* resumed: the double is still to be answered */
    memline_opts r = o;
    r.game = NULL;
    r.resume = code;
    out = tu_run(&r, "PASS\r");
    ck_assert_ptr_nonnull(strstr(out, "GOES ON: "));
    ck_assert_ptr_nonnull(strstr(out, " TO TAKE OR PASS.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, " OR PASS THE CUBE AT 8? PASS\r\n"));
    ck_assert_ptr_nonnull(strstr(out, " PASSES.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, " WINS 4 POINTS.\r\n"));
    ck_assert_ptr_nonnull(strstr(out, "AFTER 1 GAME: BLUE (ANN) "));
    ck_assert_ptr_nonnull(strstr(out, "\r\nGAME 2.\r\n"));
    free(out);
    tu_rmdir(dir);
}
END_TEST

/* Against the computer in a 1-point match (no cube: nobody is asked to
 * double) to the end: the match's winner, EXPORT with the winner in the
 * right column, and the hall of fame when the person wins.  The person
 * plays as the net would, and matches are played with seed after seed
 * until ANN has both won and lost one, so both ends are always seen. */
static int one_point_match(int seed)
{
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    /* the replays keep nothing; the whole script once more does */
    memline_opts o = { .game = "backgammon", .seed = seed, .name = "ANN" };
    plan pl = { NULL, NULL, 0, 0, TBP_NET };
    char *script;
    char *out = drive(&o, "1\r\r\r2\rSTANDARD\r1\r", &pl, NULL, 400,
                      &script);
    ck_assert_ptr_null(strstr(out, "ROLL OR DOUBLE"));
    ck_assert_ptr_nonnull(strstr(out, " WINS THE MATCH, "));
    ck_assert_ptr_nonnull(strstr(out, "THE SCORE IN THE 1-POINT MATCH: "));
    ck_assert(ends_with(out, "EXPORT, OR RETURN TO LEAVE? "));
    int won = strstr(out, "BLUE (ANN) WINS THE MATCH") != NULL;
    free(out);
    size_t n = strlen(script);
    script = realloc(script, n + 16);
    strcat(script, "EXPORT\r\r");
    o.data = dir;
    out = tu_run(&o, script);
    const char *mat = strstr(out, "--- BEGIN .MAT ---\r\n");
    ck_assert_ptr_nonnull(mat);
    ck_assert_ptr_nonnull(strstr(mat, " 1 point match\r\n"));
    ck_assert_ptr_nonnull(strstr(mat, "  1) "));
    ck_assert_ptr_nonnull(strstr(mat, won ? "\r\n      Wins "
                                          : "                  Wins "));
    char *hof = tu_hof(dir, "backgammon");
    if (won) {
        ck_assert_ptr_nonnull(strstr(out, "YOUR MATCH WIN IS IN THE HALL OF "
                                          "FAME."));
        ck_assert_ptr_nonnull(strstr(hof, "MATCHES WON\r\n    1. ANN "
                                          "                 1   (GUEST)"));
        ck_assert_ptr_nonnull(strstr(hof, "MATCH POINTS WON\r\n    1. ANN "
                                          "                 1   (GUEST)"));
    } else {
        ck_assert_ptr_null(strstr(out, "HALL OF FAME"));
        ck_assert_ptr_null(strstr(hof, "1. ANN"));
    }
    free(hof);
    free(out);
    free(script);
    tu_rmdir(dir);
    return won;
}

START_TEST(one_point_match_to_the_end)
{
    int wins = 0, losses = 0;
    for (int seed = 23; seed < 35 && (!wins || !losses); seed++) {
        if (one_point_match(seed))
            wins++;
        else
            losses++;
    }
    ck_assert_int_gt(wins, 0);
    ck_assert_int_gt(losses, 0);
}
END_TEST

/* The computer against itself, a 3-point match: it doubles, takes or
 * passes, and the points told add up to the final score. */
START_TEST(demo_match)
{
    memline_opts o = { .game = "backgammon", .seed = 24, .name = "ANN" };
    char *out = tu_run(&o, "4\r2\rSTANDARD\r3\r0\r");
    const char *end = strstr(out, " WINS THE MATCH, ");
    ck_assert_ptr_nonnull(end);
    int sum[2] = {0, 0};
    for (const char *p = out; (p = strstr(p, " WINS ")) && p < end; p++) {
        const char *line = p;
        while (line > out && line[-1] != '\n')
            line--;
        const char *pts = strstr(p, "POINT");
        int n = 0;
        const char *q = pts;
        while (q > p && q[-1] == ' ')
            q--;
        while (q > p && q[-1] >= '0' && q[-1] <= '9')
            q--;
        ck_assert_int_eq(sscanf(q, "%d", &n), 1);
        sum[strncmp(line, "BLUE", 4) ? BG_GREEN : BG_BLUE] += n;
    }
    int a, b;
    ck_assert_int_eq(sscanf(end, " WINS THE MATCH, %d TO %d.", &a, &b), 2);
    ck_assert_int_eq(a > b ? a : b, sum[0] > sum[1] ? sum[0] : sum[1]);
    ck_assert_int_eq(a > b ? b : a, sum[0] > sum[1] ? sum[1] : sum[0]);
    ck_assert_ptr_nonnull(strstr(out, " DOUBLES: THE CUBE TO 2."));
    ck_assert(strstr(out, " TAKES: THE CUBE IS ") ||
              strstr(out, " PASSES."));
    ck_assert_ptr_null(strstr(out, "EXPORT, OR RETURN"));
    free(out);
}
END_TEST

/* On an ANSI screen the pane's title names the stakes, its middle row
 * the cube, and its dice row who is to roll or double (the same turns
 * as on glass: the dice follow the seed, whatever the screen). */
START_TEST(ansi_pane)
{
    memline_opts o = { .game = "backgammon", .seed = 21, .name = "ANN" };
    plan pl = { NULL, NULL, 0, 0, TBP_FIRST };
    char *script;
    char *out = drive(&o, "2\r\rBOB\rSTANDARD\r7\r", &pl, "ROLL OR DOUBLE",
                      20, &script);
    ck_assert_ptr_nonnull(strstr(out, "ROLL OR DOUBLE"));
    free(out);
    o.profile = "ansi";
    out = tu_run(&o, script);
    ck_assert_ptr_nonnull(strstr(out, "STANDARD RULES, MATCH TO 7"));
    ck_assert_ptr_nonnull(strstr(out, "CUBE 1, MATCH TO 7"));
    ck_assert_ptr_nonnull(strstr(out, "(BOB) TO ROLL OR DOUBLE"));
    free(out);
    free(script);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("bg_match");
    TCase *tc = tcase_create("match");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, hot_seat_match);
    tcase_add_test(tc, money_beaver_and_resume);
    tcase_add_test(tc, one_point_match_to_the_end);
    tcase_add_test(tc, demo_match);
    tcase_add_test(tc, ansi_pane);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
