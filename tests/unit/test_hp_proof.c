/*
 * test_hp_proof.c - "can the machine still be beaten?" settled by playing
 * out every line (hp_proof.c), and `hexpawn learn` saying only what its
 * run proves.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hexpawn/hp.h"
#include "testutil.h"

/* Play the player's moves of a proof's winning line on a fresh game from
 * this memory; the outcome of the last. */
static int replay(hp_memory mem, uint8_t last, const hp_proof *p)
{
    hp_state st;
    hp_init(&st);
    st.last = last;
    int out = HP_NO;
    for (int i = 0; i < p->nwin; i++) {
        ck_assert_int_eq(hp_fm(&st, '0' + p->win_fm[i]), 0);
        ck_assert_int_eq(hp_to(&st, '0' + p->win_to[i]), 0);
        hp_reply r;
        out = hp_play(&st, &mem, &r);
        if (i + 1 < p->nwin)
            ck_assert_int_eq(out, HP_GO_ON);
    }
    return out;
}

START_TEST(a_fresh_machine_can_be_beaten_and_the_line_does_it)
{
    hp_memory mem;
    hp_memory_reset(&mem);
    hp_proof p;
    ck_assert_int_eq(hp_prove(&mem, 0, &p), 0);
    ck_assert_int_eq(p.first, 1);
    ck_assert_int_gt(p.nwin, 0);
    int out = replay(mem, 0, &p);
    ck_assert(out == HP_YOU_WIN || out == HP_CONCEDE);
}
END_TEST

START_TEST(a_proven_machine_is_never_beaten_by_anyone)
{
    /* learn against the exhaustive opponent until a loss leaves it
     * proven, then let a random opponent try many games from there */
    hp_learner l;
    hp_learner_init(&l, HP_OPP_EXHAUSTIVE, 0);
    hp_proof p;
    int proven = 0;
    for (int g = 0; g < 200 && !proven; g++) {
        hp_game_log log;
        if (hp_learner_play(&l, &log) == HP_SIDE_HUMAN)
            proven = hp_prove(&l.mem, l.st.last, &p) == 1;
    }
    ck_assert_int_eq(proven, 1);
    ck_assert_int_gt(p.lines, 0);
    l.opponent = HP_OPP_RANDOM;
    l.rng = 12345;
    for (int g = 0; g < 20000; g++) {
        hp_game_log log;
        ck_assert_int_ne(hp_learner_play(&l, &log), HP_SIDE_HUMAN);
    }
}
END_TEST

static char *learn(const char *games, const char *opponent, const char *seed)
{
    char *argv[] = { "hexpawn", "learn", "--games", (char *)games,
                     "--opponent", (char *)opponent, "--seed", (char *)seed,
                     "--quiet", NULL };
    char *text = NULL;
    ck_assert_int_eq(tu_tool(hp_tool_run, &text, 9, argv), 0);
    return text;
}

START_TEST(learn_claims_only_what_the_run_proves)
{
    /* ten games: no loss after game 4, but it loses again at game 17 */
    char *out = learn("10", "exhaustive", "0");
    ck_assert_ptr_nonnull(strstr(out, "still learning: it can be beaten in "
                                      "the next game, for example by "));
    ck_assert_ptr_nonnull(strstr(out, "which proves nothing"));
    ck_assert_ptr_null(strstr(out, "never lost again"));
    free(out);
    out = learn("100", "exhaustive", "0");
    ck_assert_ptr_nonnull(strstr(out, "learned in 17 games: its last loss "
                                      "was game 17, and from then on no line "
                                      "of play beats it (proven: "));
    free(out);
    out = learn("20", "exhaustive", "0");
    ck_assert_ptr_nonnull(strstr(out, "learned in 17 games"));
    free(out);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("hp_proof");
    TCase *t = tcase_create("proof");
    tcase_add_test(t, a_fresh_machine_can_be_beaten_and_the_line_does_it);
    tcase_add_test(t, a_proven_machine_is_never_beaten_by_anyone);
    tcase_add_test(t, learn_claims_only_what_the_run_proves);
    suite_add_tcase(s, t);
    return tu_run_suite(s);
}
