/*
 * test_ef_play_find.c - issue 21, what a player meets on the screen and on
 * paper: the ANSI card's number and supply, the U and O keys, orders into
 * the sea (off the map, across a blocked side) refused on every profile,
 * no ANSI line past the terminal's edge and the hint always whole, AUTO in
 * the mud and the snow, the teletype's short views and their printing
 * time, the briefing on both faces, the week a report covers, and version
 * 1 saves still loading.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "efront_text/ef_ui.h"
#include "test_ef_play.h"
#include "vt.h"
#include "testutil.h"

static vt efq_t;

/* Lines that ran past the edge of a w-column screen, from the moment the
 * map screen is first cleared (the lines before it scroll, as on any
 * terminal, and wrap there by design) to the end. */
static int efq_wraps(const char *out, size_t len, int w)
{
    static vt all;
    const char *p = strstr(out, "\033[2J");
    ck_assert_ptr_nonnull(p);
    vt_init(&all, w, 24);
    vt_feed(&all, p, len - (size_t)(p - out));
    return all.wraps;
}

/* Resume the position on a w x h ANSI screen with keys; the screen as the
 * game left it; the raw output in *raw if wanted. */
static void efq_ansi(const char *dir, const char *code, const char *keys,
                     int w, int h, char **raw)
{
    memline_opts o = { .resume = code, .profile = "ansi", .seed = 1,
                       .data = dir, .width = w, .height = h };
    size_t len;
    char *out = memline_run(&o, keys, strlen(keys), &len);
    ck_assert_ptr_nonnull(out);
    vt_init(&efq_t, w, h);
    vt_upto_last(&efq_t, out, TEF_LEAVE);
    efq_t.wraps = efq_wraps(out, len, w);
    if (raw)
        *raw = out;
    else
        free(out);
}

static void efq_put(ef_state *g, int id, int lon, int lat)
{
    ck_assert_msg(ef_put_unit(g, id, lon, lat, 200, 200) == 0,
                  "#%d cannot stand on %d,%d", id, lon, lat);
}

/* ---- The card, U and O ----------------------------------------------- */

START_TEST(the_card_shows_the_number_and_the_supply)
{
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    static efp_pos m;
    /* 24 PANZER CORPS (#1) ringed by Russians at Smolensk; 46 PANZER
     * CORPS (#3) free in the west */
    efp_ringed(&m.g);
    efq_put(&m.g, 3, 40, 18);
    ck_assert(ef_supply_traced(&m.g, 3));
    efp_store(&m, dir);

    /* the cursor starts on #1: its number and its supply on the card,
     * and its square (the card takes single spaces to keep it) */
    efq_ansi(dir, m.code, "", 80, 24, NULL);
    ck_assert_int_eq(strncmp(vt_row(&efq_t, 21), "#1 24 PANZER CORPS MUSTER "
                             "200 COMBAT 200 OUT OF SUPPLY", 53), 0);
    ck_assert_ptr_nonnull(strstr(vt_row(&efq_t, 21), " SMOLENSK (RUSSIAN) "
                                 "26,24"));
    /* Tab: #3, in supply */
    efq_ansi(dir, m.code, "\t", 80, 24, NULL);
    ck_assert_int_eq(strncmp(vt_row(&efq_t, 21), "#3 46 PANZER CORPS  MUSTER "
                             "200  COMBAT 200 ", 43), 0);
    ck_assert_ptr_null(strstr(vt_row(&efq_t, 21), "SUPPLY"));
    /* U: back to the one out of supply; O: none has orders yet */
    efq_ansi(dir, m.code, "\tu", 80, 24, NULL);
    ck_assert_int_eq(strncmp(vt_row(&efq_t, 21), "#1 24 PANZER", 12), 0);
    efq_ansi(dir, m.code, "o", 80, 24, NULL);
    ck_assert_int_eq(strncmp(vt_row(&efq_t, 22), "NO CORPS HAS ORDERS LEFT",
                             24), 0);
    /* #3 given an order west; from #1, O finds it */
    efq_ansi(dir, m.code, "\t\rw\033\to", 80, 24, NULL);
    ck_assert_int_eq(strncmp(vt_row(&efq_t, 21), "#3 46 PANZER CORPS", 18), 0);
    ck_assert_ptr_nonnull(strstr(vt_row(&efq_t, 21), "ORDERS W"));
    /* on a 40-column screen the card takes its short form, whole, and
     * keeps the square: at its tightest the number names the unit */
    efq_ansi(dir, m.code, "", 40, 24, NULL);
    ck_assert_int_eq(strncmp(vt_row(&efq_t, 21), "#1 M200 C200 NO SUPPLY", 22),
                     0);
    ck_assert_ptr_nonnull(strstr(vt_row(&efq_t, 21), " 26,24"));
    ck_assert_int_eq(efq_t.wraps, 0);
    tu_rmdir(dir);
}
END_TEST

/* ---- Orders nowhere ------------------------------------------------- */

/* A land square with sea to its north. */
static void efq_coast(int *lon, int *lat)
{
    for (int y = 0; y < EF_H - 1; y++)
        for (int x = 0; x < EF_W; x++)
            if (ef_map_terrain(x, y) < EF_T_SEA &&
                ef_map_terrain(x, y + 1) == EF_T_SEA) {
                *lon = x;
                *lat = y;
                return;
            }
    ck_abort_msg("no coast");
}

/* A land square on the west edge. */
static int efq_west_edge(void)
{
    for (int y = 0; y < EF_H; y++)
        if (ef_map_terrain(EF_W - 1, y) < EF_T_SEA)
            return y;
    ck_abort_msg("no land on the west edge");
    return -1;
}

START_TEST(orders_into_the_sea_are_refused_on_every_profile)
{
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    static efp_pos m;
    int clon, clat, wlat = efq_west_edge();
    efq_coast(&clon, &clat);
    ef_new(&m.g, 5, 0, NULL);
    ef_clear_board(&m.g);
    efq_put(&m.g, 1, clon, clat);
    /* (39,35) to (39,36): both land, water between (facts sheet) */
    ck_assert_int_lt(ef_map_terrain(39, 36), EF_T_SEA);
    efq_put(&m.g, 3, 39, 35);
    efq_put(&m.g, 4, EF_W - 1, wlat);
    efp_store(&m, dir);

    char want[96];
    snprintf(want, sizeof want, "ORDER #1 N\r\nTHAT WAY IS SEA: NO ORDER "
             "GIVEN (N FROM %d,%d).\r\n#1 24 PANZER CORPS: NO ORDERS.", clon,
             clat);
    static const char *const profiles[] = {"asr33", "glass"};
    for (int i = 0; i < 2; i++) {
        char *out = efp_resume(profiles[i], 1, dir, m.code,
                               "ORDER #1 N\rORDER #3 N\rORDER #4 W\r"
                               "ORDER #3 SN\r");
        ck_assert_msg(strstr(out, want), "%s: no %s", profiles[i], want);
        ck_assert_ptr_nonnull(strstr(out, "ORDER #3 N\r\nNO CROSSING THAT "
                                          "SIDE: NO ORDER GIVEN (N FROM "
                                          "39,35).\r\n"));
        snprintf(want, sizeof want, "ORDER #4 W\r\nTHAT WAY IS OFF THE MAP: "
                 "NO ORDER GIVEN (W FROM %d,%d).\r\n", EF_W - 1, wlat);
        ck_assert_msg(strstr(out, want), "%s: no %s", profiles[i], want);
        /* the orders before the refused one stand: S, then N is back
         * across the same side, which is fine; it is the side that is
         * blocked, not the square */
        ck_assert_ptr_nonnull(strstr(out, "#3 46 PANZER CORPS: S N TO 39,35."));
        free(out);
        snprintf(want, sizeof want, "ORDER #1 N\r\nTHAT WAY IS SEA: NO ORDER "
                 "GIVEN (N FROM %d,%d).\r\n#1 24 PANZER CORPS: NO ORDERS.",
                 clon, clat);
        /* the save kept #3's two orders: clear them for the next run */
        char *c = efp_resume(profiles[i], 1, dir, m.code, "CLEAR #3\r");
        free(c);
    }
    /* ANSI: picked up, N is refused with the message and the bell */
    efq_ansi(dir, m.code, "\rn", 80, 24, NULL);
    ck_assert_int_eq(strncmp(vt_row(&efq_t, 22), "THAT WAY IS SEA: NO ORDER "
                             "GIVEN", 31), 0);
    ck_assert_int_ge(efq_t.bells, 1);
    ck_assert_ptr_null(strstr(vt_row(&efq_t, 21), "ORDERS"));
    tu_rmdir(dir);
}
END_TEST

/* ---- The ANSI lines fit ---------------------------------------------- */

START_TEST(no_ansi_line_runs_past_the_edge_and_hints_stay_whole)
{
    static const int widths[] = {40, 59, 80};
    for (int i = 0; i < 3; i++) {
        memline_opts o = { .game = "efront_text", .profile = "ansi",
                           .seed = 5, .width = widths[i], .height = 24 };
        size_t len;
        /* AUTO, START, the week's news; the report; the help */
        char *out = memline_run(&o, "\raygrx?x", 8, &len);
        ck_assert_ptr_nonnull(out);
        int wraps = efq_wraps(out, len, widths[i]);
        ck_assert_msg(wraps == 0, "width %d: %d lines ran over", widths[i],
                      wraps);
        free(out);
        o.width = widths[i];
        out = memline_run(&o, "\rayg", 4, &len);
        vt_init(&efq_t, widths[i], 24);
        vt_upto_last(&efq_t, out, TEF_LEAVE);
        free(out);
        /* the week's news, shortened if need be, and its key whole */
        const char *msg = vt_row(&efq_t, 22);
        const char *hint = strstr(msg, "R: REPORT");
        ck_assert_msg(hint != NULL, "width %d: %s", widths[i], msg);
        ck_assert_int_le((int)(hint - msg) + 9, widths[i] - 1);
    }
    /* the help on a 40-column screen: wrapped, every key's line whole */
    memline_opts h = { .game = "efront_text", .profile = "ansi", .seed = 5,
                       .width = 40, .height = 24 };
    size_t hl;
    char *help = memline_run(&h, "\r?", 2, &hl);
    vt_init(&efq_t, 40, 24);
    vt_upto_last(&efq_t, help, TEF_LEAVE);
    free(help);
    ck_assert(vt_shows(&efq_t, " ARROWS, H J K L, KEYPAD MOVE THE"));
    ck_assert(vt_shows(&efq_t, "  CURSOR (PAGE UP/DOWN: FASTER)"));
    /* the rule itself */
    char buf[256];
    const char *news = "SEPTEMBER 28, 1941: 2 TAKEN, 1 LOST, 45 BATTLES, 3 "
                       "DESTROYED, 4 ARRIVED, 12 CORPS OUT OF SUPPLY";
    ef_view_fit(news, "R: REPORT", 40, buf, sizeof buf);
    ck_assert_int_le((int)strlen(buf), 39);
    ck_assert_str_eq(buf + strlen(buf) - 14, "...  R: REPORT");
    /* cut between two parts, never between a count and what it counts */
    ck_assert_str_eq(buf, "SEPTEMBER 28, 1941...  R: REPORT");
    ef_view_fit(news + 20, "R: REPORT", 40, buf, sizeof buf);
    ck_assert_str_eq(buf, "2 TAKEN, 1 LOST...  R: REPORT");
    ef_view_fit(news + 20, "R: REPORT", 42, buf, sizeof buf);
    ck_assert_str_eq(buf, "2 TAKEN, 1 LOST, 45 BATTLES...  R: REPORT");
    /* a sentence without parts gives way at a word */
    ef_view_fit("24 PANZER CORPS ATTACKS 3 INFANTRY ARMY", "R: REPORT", 40, buf,
                sizeof buf);
    ck_assert_str_eq(buf, "24 PANZER CORPS ATTACKS...  R: REPORT");
    ef_view_fit("ENTER YOUR ORDERS", "B: BRIEFING", 80, buf, sizeof buf);
    ck_assert_str_eq(buf, "ENTER YOUR ORDERS  B: BRIEFING");
}
END_TEST

/* ---- AUTO all campaign ----------------------------------------------- */

static ef_plan efq_plan;

/* Computer against computer until the weather is w. */
static void efq_play_until(ef_state *g, int weather)
{
    while (!ef_over(g) && g->weather != weather) {
        ef_german_orders(g);
        ef_plan_init(&efq_plan, g);
        ef_plan_run(&efq_plan, EF_PLAN_ITERS, NULL, NULL, NULL, 0);
        ef_plan_apply(&efq_plan, g);
        ef_turn_run(g, NULL);
    }
    ck_assert_int_eq(g->weather, weather);
}

static int efq_ordered(const ef_state *g)
{
    int n = 0;
    for (int id = 1; id < EF_FIRST_RUSSIAN; id++)
        n += ef_on_map(g, id) && g->u[id].norders;
    return n;
}

START_TEST(auto_gives_orders_in_the_mud_and_the_snow)
{
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    static efp_pos m;
    static ef_state s;
    ef_new(&m.g, 5, 0, NULL);
    efq_play_until(&m.g, EF_MUD);
    s = m.g;
    ef_german_orders(&s);
    ck_assert_int_gt(efq_ordered(&s), 0);
    efq_play_until(&m.g, EF_SNOW);
    s = m.g;
    ef_german_orders(&s);
    ck_assert_int_gt(efq_ordered(&s), 0);
    /* through the dialogue, in a winter week */
    efp_store(&m, dir);
    char *out = efp_resume("asr33", 1, dir, m.code, "AUTO\r");
    const char *said = efp_after(out, "THE COMPUTER HAS GIVEN ORDERS TO ");
    ck_assert_int_gt(atoi(said), 0);
    ck_assert_ptr_nonnull(strstr(out, "  SNOW  SCORE "));
    free(out);
    efq_ansi(dir, m.code, "ay", 80, 24, NULL);
    ck_assert(vt_shows(&efq_t, "THE COMPUTER HAS GIVEN ORDERS TO "));
    ck_assert(!vt_shows(&efq_t, "ORDERS TO 0 CORPS"));
    tu_rmdir(dir);
}
END_TEST

/* ---- The teletype's short views -------------------------------------- */

START_TEST(short_views_tell_their_printing_time)
{
    const char *keys = "\rORDER #1 E\rLIST ORDERS\rLIST FRONT\r"
                       "LIST UNSUPPLIED\rSCORE WEEKS\rGO\rSCORE WEEKS\r"
                       "LIST BOGUS\r";
    char *out = efp_run("asr33", 5, NULL, keys);
    const char *v = efp_after(out, "COMMAND? LIST ORDERS\r\n");
    ck_assert_int_eq(strncmp(v, "YOUR CORPS WITH ORDERS: 3 LINES, ABOUT ", 39),
                     0);
    v = efp_after(v, " SECONDS AT 110 BAUD.\r\n");
    ck_assert_int_eq(strncmp(v, " NO UNIT", 8), 0);
    ck_assert_ptr_nonnull(strstr(v, "\r\n  1 24 PANZER CORPS     40,20    203"
                                    "    203 E\r\n1 CORPS.\r\n"));
    /* on June 22 some corps already stand in a Russian zone of control;
     * none is out of supply, and that view says so in one line */
    v = efp_after(out, "COMMAND? LIST FRONT\r\n");
    ck_assert_int_eq(strncmp(v, "YOUR CORPS IN AN ENEMY ZONE OF CONTROL: ", 40),
                     0);
    v = efp_after(out, "COMMAND? LIST UNSUPPLIED\r\n");
    ck_assert_int_eq(strncmp(v, "EVERY CORPS IS IN SUPPLY.\r\nCOMMAND? ", 36),
                     0);
    /* the score by week: one week, then two */
    v = efp_after(out, "COMMAND? SCORE WEEKS\r\n");
    ck_assert_int_eq(strncmp(v, "THE SCORE EACH WEEK BEGAN WITH: 3 LINES, "
                                "ABOUT ", 46), 0);
    ck_assert_ptr_nonnull(strstr(v, "\r\nJUNE 22, 1941         17\r\n"));
    v = efp_after(efp_after(out, "COMMAND? GO\r\n"), "COMMAND? SCORE WEEKS\r\n");
    const char *row = efp_after(v, "\r\nJUNE 22, 1941         17 ");
    ck_assert_int_gt(atoi(row), 0);
    ck_assert_ptr_nonnull(strstr(out, "COMMAND? LIST BOGUS\r\nLIST, LIST FRONT,"
                                      " LIST UNSUPPLIED OR LIST ORDERS.\r\n"));
    free(out);
    efp_fits_a_teletype(5, NULL, keys);
}
END_TEST

/* ---- The briefing ------------------------------------------------------ */

START_TEST(the_briefing_on_both_faces)
{
    /* at the opening question, before the campaign begins */
    char *first = efp_run("asr33", 5, NULL, "B\r\r");
    const char *q = efp_after(first, "ANSWER B BELOW FOR THE BRIEFING FIRST."
                                     "\r\nHANDICAP (THE SCORE IS HALVED)? ");
    q = efp_after(q, "B\r\nTHE BRIEFING. JUNE 22, 1941");
    q = efp_after(q, "NOVEMBER TO MARCH.\r\nHANDICAP (THE SCORE IS HALVED)? ");
    ck_assert_ptr_nonnull(strstr(q, "ENTER YOUR ORDERS."));
    free(first);
    efp_fits_a_teletype(5, NULL, "B\r\r");

    char *out = efp_run("asr33", 5, NULL, "\rHELP\rBRIEFING\r");
    ck_assert_ptr_nonnull(strstr(out, "\r\nBRIEFING        THE OBJECTIVE"));
    const char *b = efp_after(out, "COMMAND? BRIEFING\r\nTHE BRIEFING: ");
    static const char *const parts[] = {
        "OBJECTIVE:", "MOSCOW 20 POINTS", "POINTS:", "ZONES OF CONTROL:",
        "SUPPLY:", "TERRAIN:", "CLEAR 6/4", "FOREST 12/8", "CITY 8/6",
        "WEATHER:"};
    for (size_t i = 0; i < sizeof parts / sizeof *parts; i++)
        ck_assert_msg(strstr(b, parts[i]), "the briefing lacks %s", parts[i]);
    free(out);
    efp_fits_a_teletype(5, NULL, "\rBRIEFING\r");

    /* ANSI: B, page by page, then the map again */
    memline_opts o = { .game = "efront_text", .profile = "ansi", .seed = 5,
                       .width = 80, .height = 24 };
    size_t len;
    char *s = memline_run(&o, "\rb", 2, &len);
    vt_init(&efq_t, 80, 24);
    vt_upto_last(&efq_t, s, TEF_LEAVE);
    free(s);
    ck_assert_int_eq(strncmp(vt_row(&efq_t, 1), " THE BRIEFING.", 14), 0);
    ck_assert_int_eq(strncmp(vt_row(&efq_t, 23), "ANY KEY: MORE (PAGE 1 OF ",
                             25), 0);
    int pages = atoi(vt_row(&efq_t, 23) + 25);
    ck_assert_int_ge(pages, 2);
    char keys[16] = "\rb";
    for (int i = 1; i < pages; i++)
        strcat(keys, " ");
    s = memline_run(&o, keys, strlen(keys), &len);
    vt_init(&efq_t, 80, 24);
    vt_upto_last(&efq_t, s, TEF_LEAVE);
    free(s);
    ck_assert_int_eq(strncmp(vt_row(&efq_t, 23), "ANY KEY: BACK TO THE MAP",
                             24), 0);
    ck_assert(vt_shows(&efq_t, "WEATHER:"));
    strcat(keys, " ");
    s = memline_run(&o, keys, strlen(keys), &len);
    vt_init(&efq_t, 80, 24);
    vt_upto_last(&efq_t, s, TEF_LEAVE);
    free(s);
    ck_assert_int_eq(strncmp(vt_row(&efq_t, 1), "##~~", 4), 0);
    /* the first screen points at it */
    ck_assert_ptr_nonnull(strstr(vt_row(&efq_t, 22), "B: BRIEFING"));
}
END_TEST

/* ---- What a report covers ---------------------------------------------- */

START_TEST(a_week_resumed_in_its_movement_says_what_its_report_covers)
{
    char dir[256];
    tu_tempdir(dir, sizeof dir);
    static efp_pos m;
    ef_new(&m.g, 1941, 0, NULL);
    ef_german_orders(&m.g);
    ef_plan_init(&efq_plan, &m.g);
    ef_plan_run(&efq_plan, EF_PLAN_ITERS, NULL, NULL, NULL, 0);
    ef_plan_apply(&efq_plan, &m.g);
    ef_turn_begin(&m.g, NULL);
    for (int i = 0; i < 10; i++)
        ef_subturn(&m.g, NULL);
    efp_store(&m, dir);
    char *out = efp_resume("asr33", 1, dir, m.code, "");
    ck_assert_ptr_nonnull(strstr(out, "FIGURING MOVE; NO ORDERS ALLOWED\r\n"
                                      "THE WEEK OF JUNE 22, 1941, SUBTURNS 11 "
                                      "TO 32 OF 32 ONLY: RESUMED IN ITS\r\n "
                                      "MOVEMENT.\r\n"));
    free(out);
    tu_rmdir(dir);
}
END_TEST

/* ---- Saves of version 1 ------------------------------------------------ */

static uint32_t efq_fnv1a(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    while (n--)
        h = (h ^ *p++) * 16777619u;
    return h;
}

START_TEST(a_version_1_save_still_loads)
{
    static ef_state g, h;
    static uint8_t buf[EF_SAVE_MAX];
    ef_new(&g, 12, 0, NULL);
    ef_german_orders(&g);
    ef_turn_run(&g, NULL);
    ef_order_give(&g, 1, EF_EAST);
    int n = ef_save(&g, buf, sizeof buf);
    ck_assert_int_eq(buf[4], 2);
    ck_assert_int_eq(ef_load(&h, buf, (size_t)n), 0);
    ck_assert_int_eq(h.history[0], g.history[0]);
    ck_assert_int_eq(h.history[1], g.history[1]);
    ck_assert_int_eq(h.history[2], -1);
    /* version 1: the same bytes without the 46 weeks of history */
    int n1 = n - 2 * (EF_LAST_TURN + 2);
    buf[4] = 1;
    uint32_t sum = efq_fnv1a(buf, (size_t)n1 - 4);
    for (int i = 0; i < 4; i++)
        buf[n1 - 4 + i] = (uint8_t)(sum >> (8 * i));
    ck_assert_int_eq(ef_load(&h, buf, (size_t)n1), 0);
    ck_assert_int_eq(h.turn, g.turn);
    ck_assert_int_eq(h.score, g.score);
    ck_assert_int_eq(h.u[1].norders, 1);
    for (int id = 1; id < EF_NUNITS; id++) {
        ck_assert_int_eq(h.u[id].lon, g.u[id].lon);
        ck_assert_int_eq(h.u[id].combat, g.u[id].combat);
        ck_assert_int_eq(h.u[id].norders, g.u[id].norders);
        ck_assert_mem_eq(h.u[id].orders, g.u[id].orders, g.u[id].norders);
    }
    ck_assert_int_eq(h.history[0], -1);
    /* a version 1 length claiming version 2 is refused */
    buf[4] = 2;
    ck_assert_int_eq(ef_load(&h, buf, (size_t)n1), -1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ef_play_find");
    TCase *tc = tcase_create("issue21");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, the_card_shows_the_number_and_the_supply);
    tcase_add_test(tc, orders_into_the_sea_are_refused_on_every_profile);
    tcase_add_test(tc, no_ansi_line_runs_past_the_edge_and_hints_stay_whole);
    tcase_add_test(tc, auto_gives_orders_in_the_mud_and_the_snow);
    tcase_add_test(tc, short_views_tell_their_printing_time);
    tcase_add_test(tc, the_briefing_on_both_faces);
    tcase_add_test(tc, a_week_resumed_in_its_movement_says_what_its_report_covers);
    tcase_add_test(tc, a_version_1_save_still_loads);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
