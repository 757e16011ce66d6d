/*
 * test_ef_play_save.c - Eastern Front saved and resumed: SAVE then RESUME
 * goes on exactly as playing on would have, a dropped line saves by
 * itself (in the orders phase and in the middle of a week's movement),
 * the menu's RESUME, and what happens when there is nowhere to save.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "store.h"
#include "test_ef_play.h"
#include "vt.h"
#include "testutil.h"

#define TTY "asr33"

START_TEST(save_then_resume_goes_on_as_playing_on)
{
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    char *a = efp_run(TTY, 21, dir, "\rORDER #1 EEEN\rAUTO\rSAVE\r");
    char code[TTY_CODE_SIZE], first[TTY_CODE_SIZE];
    efp_code(a, first, 0);
    efp_code(a, code, 1);
    ck_assert_str_eq(code, first);     /* one campaign, one code */
    ck_assert_ptr_nonnull(strstr(a, "SAVED. RESUME CODE "));

    char *b = efp_resume(TTY, 99, dir, code, "GO\rGO\rLIST\rSCORE\r");
    char resumed[96];
    snprintf(resumed, sizeof resumed, "EASTERN FRONT (1941): CAMPAIGN %s "
             "RESUMED.\r\nJUNE 22, 1941", code);
    ck_assert_ptr_nonnull(strstr(b, resumed));
    char *c = efp_run(TTY, 21, NULL, "\rORDER #1 EEEN\rAUTO\rGO\rGO\rLIST\r"
                                     "SCORE\r");
    ck_assert_str_eq(efp_after(b, "COMMAND? GO\r\n"),
                     efp_after(c, "COMMAND? GO\r\n"));
    free(a);
    free(b);
    free(c);
    tu_rmdir(dir);
}

START_TEST(a_resumed_campaign_saves_under_its_code)
{
    char dir[256], code[TTY_CODE_SIZE], again[TTY_CODE_SIZE];
    tu_tempdir(dir, sizeof dir);
    char *a = efp_run(TTY, 3, dir, "\r");
    efp_code(a, code, 0);
    char *b = efp_resume(TTY, 3, dir, code, "GO\rSAVE\r");
    efp_code(efp_after(b, "SAVED."), again, 0);
    ck_assert_str_eq(again, code);
    free(a);
    free(b);
    tu_rmdir(dir);
}

START_TEST(the_menu_resumes_a_campaign)
{
    char dir[256], code[TTY_CODE_SIZE], keys[64];
    tu_tempdir(dir, sizeof dir);
    char *a = efp_run(TTY, 8, dir, "\rORDER #3 S\rQUIT\r");
    efp_code(a, code, 0);
    ck_assert_ptr_nonnull(strstr(a, "QUIT\r\nSAVED AS "));
    snprintf(keys, sizeof keys, "\rR\r%s\rLIST\rQUIT\rQ\r", code);
    memline_opts o = { .profile = TTY, .seed = 8, .data = dir };
    char *b = tu_run(&o, keys);
    ck_assert_ptr_nonnull(strstr(b, "RESUMED.\r\n"));
    ck_assert_ptr_nonnull(strstr(b, "  3 46 PANZER CORPS     40,18    192"
                                    "    192 S\r\n"));
    ck_assert_ptr_nonnull(strstr(b, "GOODBYE."));
    free(a);
    free(b);
    tu_rmdir(dir);
}

START_TEST(a_hangup_while_giving_orders_keeps_them)
{
    char dir[256], code[TTY_CODE_SIZE];
    tu_tempdir(dir, sizeof dir);
    /* the line drops after the orders: the game saves by itself, under
     * the code it gave at the start */
    char *a = efp_run(TTY, 4, dir, "\rORDER #1 EEEN\rORDER #26 NN\r");
    efp_code(a, code, 0);
    char *b = efp_resume(TTY, 4, dir, code, "LIST\r");
    ck_assert_ptr_nonnull(strstr(b, "203 E E E N\r\n"));
    ck_assert_ptr_nonnull(strstr(b, "202 N N\r\n"));
    free(a);
    free(b);
    tu_rmdir(dir);
}

/* ---- In the middle of a week's movement -------------------------------- */

typedef struct efp_mid {
    ef_state g;         /* the game at subturn 10 */
    char code[TTY_CODE_SIZE];
    int rc;
} efp_mid;

/* A campaign with orders given, START pressed and ten subturns played,
 * saved as the game would save it when the line dropped just then. */
static void efp_save_mid(tty_io *io, void *ctx)
{
    efp_mid *m = ctx;
    static ef_plan plan;
    ef_new(&m->g, 1941, 0, NULL);
    ef_german_orders(&m->g);
    ef_plan_init(&plan, &m->g);
    ef_plan_run(&plan, EF_PLAN_ITERS, NULL, NULL, NULL, 0);
    ef_plan_apply(&plan, &m->g);
    ef_turn_begin(&m->g, NULL);
    for (int i = 0; i < 10; i++)
        ef_subturn(&m->g, NULL);
    uint8_t buf[EF_SAVE_MAX];
    int n = ef_save(&m->g, buf, sizeof buf);
    m->rc = tty_save(io, "efront_text", buf, (size_t)n, m->code);
}

START_TEST(a_hangup_mid_movement_resumes_on_the_same_subturn)
{
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    static efp_mid m;
    memline_opts o = { .run = efp_save_mid, .ctx = &m, .seed = 1,
                       .data = dir };
    free(tu_run(&o, ""));
    ck_assert_int_eq(m.rc, 0);
    /* what the rest of the week does, played here */
    ef_state g = m.g;
    while (ef_subturn(&g, NULL) > 0)
        ;
    ef_turn_end(&g, NULL);

    char *out = efp_resume(TTY, 1, dir, m.code, "LIST\r");
    const char *week = efp_after(out, "RESUMED.\r\nFIGURING MOVE; NO ORDERS "
                                      "ALLOWED\r\n");
    char line[96];
    snprintf(line, sizeof line, "JUNE 29, 1941  DRY  SCORE %d\r\n", g.score);
    ck_assert_msg(strstr(week, line), "no %s", line);
    for (int id = 1; id < EF_FIRST_RUSSIAN; id++) {
        if (!ef_on_map(&g, id))
            continue;
        char name[24], sq[8];
        ef_unit_name(id, name, sizeof name);
        snprintf(sq, sizeof sq, "%d,%d", g.u[id].lon, g.u[id].lat);
        snprintf(line, sizeof line, "\n%3d %-18s %6s %6d %6d", id, name, sq,
                 g.u[id].muster, g.u[id].combat);
        ck_assert_msg(strstr(week, line), "no%s", line);
    }
    free(out);

    /* on a screen it plays out on the map, then waits for orders (the
     * resumed game above saved itself over the code: save it again) */
    free(tu_run(&o, ""));
    char *ansi = efp_resume("ansi", 1, dir, m.code, "q");
    static vt t;
    vt_init(&t, 80, 24);
    vt_upto_last(&t, ansi, TEF_LEAVE);
    ck_assert_ptr_nonnull(strstr(ansi, "FIGURING MOVE; NO ORDERS ALLOWED"));
    snprintf(line, sizeof line, " JUNE 29, 1941  DRY  SCORE %d ", g.score);
    ck_assert_msg(strstr(vt_row(&t, 0), line), "top line: %s", vt_row(&t, 0));
    ck_assert(vt_shows(&t, "R: REPORT"));
    ck_assert_ptr_nonnull(strstr(ansi, "SAVED AS "));
    free(ansi);
    tu_rmdir(dir);
}

START_TEST(a_save_that_is_not_a_campaign_is_refused)
{
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    char err[128];
    store *st;
    ck_assert_int_eq(store_open(&st, dir, err, sizeof err), TTY_OK);
    ck_assert_int_eq(store_save_new(st, "PQRTUV", "efront_text", "EF41", 4),
                     0);
    store_close(st);
    char *out = efp_resume(TTY, 1, dir, "PQRTUV", "");
    ck_assert_ptr_nonnull(strstr(out, "THAT SAVED CAMPAIGN CANNOT BE READ."));
    free(out);
    tu_rmdir(dir);
}

START_TEST(without_storage_save_says_so_and_play_goes_on)
{
    char *out = efp_run(TTY, 5, NULL, "\rSAVE\rQUIT\r");
    ck_assert_ptr_nonnull(strstr(out, "SAVE\r\nTHE GAME CANNOT BE SAVED JUST "
                                      "NOW.\r\nCOMMAND? "));
    ck_assert_ptr_nonnull(strstr(out, "QUIT\r\nTHE GAME COULD NOT BE "
                                      "SAVED.\r\n"));
    free(out);
}

int main(void)
{
    Suite *s = suite_create("ef_play_save");
    TCase *tc = tcase_create("save");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, save_then_resume_goes_on_as_playing_on);
    tcase_add_test(tc, a_resumed_campaign_saves_under_its_code);
    tcase_add_test(tc, the_menu_resumes_a_campaign);
    tcase_add_test(tc, a_hangup_while_giving_orders_keeps_them);
    tcase_add_test(tc, a_hangup_mid_movement_resumes_on_the_same_subturn);
    tcase_add_test(tc, a_save_that_is_not_a_campaign_is_refused);
    tcase_add_test(tc, without_storage_save_says_so_and_play_goes_on);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
