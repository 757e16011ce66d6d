/*
 * test_gj_setup.c - the seed's placement restrictions ("Banners cannot be
 * placed on the back row and mines cannot block the bridge entrances"),
 * for manual validation, the random set-up and the selection tray.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "test_gj.h"

START_TEST(start_masks_are_the_restrictions)
{
    for (int k = 0; k < GJ_SIDE_PIECES; k++) {
        int sq = gj_terr_sq(GJ_RED, k);
        uint16_t want = GJ_ALL_TYPES;
        if (GJ_RANK(sq) == 0)
            want &= (uint16_t)~GJ_TYPE_BIT(GJ_BANNER);
        if (sq == tg_sq("B4") || sq == tg_sq("E4"))
            want &= (uint16_t)~GJ_TYPE_BIT(GJ_MINE);
        ck_assert_uint_eq(gj_start_mask(k), want);
    }
    ck_assert_uint_eq(gj_start_mask(2), 0x7fff);      /* the HQ */
    ck_assert_uint_eq(gj_start_mask(18), 0xbfff);     /* B4 */
}
END_TEST

START_TEST(validation)
{
    gj_setup s;
    tg_setup_plain(&s);
    ck_assert_int_eq(gj_setup_validate(&s), GJ_SETUP_OK);
    gj_setup t = s;
    t.type[0] = GJ_GENERAL;                   /* two Generals */
    ck_assert_int_eq(gj_setup_validate(&t), GJ_SETUP_BAD_COUNT);
    t = s;
    t.type[3] = 16;
    ck_assert_int_eq(gj_setup_validate(&t), GJ_SETUP_BAD_TYPE);
    /* Banner (22, F4) to the back rank (3, E1). */
    t = s;
    t.type[22] = t.type[3];
    t.type[3] = GJ_BANNER;
    ck_assert_int_eq(gj_setup_validate(&t), GJ_SETUP_BANNER_BACK);
    /* A mine (0, A1) to the bridge entrance B4 (18). */
    t = s;
    t.type[0] = t.type[18];
    t.type[18] = GJ_MINE;
    ck_assert_int_eq(gj_setup_validate(&t), GJ_SETUP_MINE_BRIDGE);
    gj_game g;
    ck_assert_int_eq(gj_game_init(&g, &s, &t), GJ_SETUP_MINE_BRIDGE);
    ck_assert_int_eq(gj_game_init(&g, &s, &s), 0);
}
END_TEST

START_TEST(random_setups_obey_and_vary)
{
    gj_rng r;
    gj_rng_seed(&r, 42);
    int seen[GJ_SIDE_PIECES][GJ_TYPES] = { { 0 } };
    for (int i = 0; i < 2000; i++) {
        gj_setup s;
        gj_setup_random(&s, &r);
        ck_assert_int_eq(gj_setup_validate(&s), GJ_SETUP_OK);
        for (int k = 0; k < GJ_SIDE_PIECES; k++)
            seen[k][s.type[k]]++;
    }
    /* Every type turns up wherever it is allowed, and only there. */
    for (int k = 0; k < GJ_SIDE_PIECES; k++)
        for (int t = 0; t < GJ_TYPES; t++)
            ck_assert_msg((seen[k][t] > 0) == (gj_start_mask(k) >> t & 1),
                          "type %d at %d seen %d times", t, k, seen[k][t]);
}
END_TEST

START_TEST(tray_tracks_what_remains)
{
    gj_tray t;
    gj_tray_init(&t);
    ck_assert_uint_eq(t.left[GJ_MINE], 2);
    ck_assert_uint_eq(gj_tray_mask(&t, 0), 0x7fff);   /* A1: no Banner */
    ck_assert_uint_eq(gj_tray_mask(&t, 18), 0xbfff);  /* B4: no mine */
    ck_assert_int_eq(gj_tray_place(&t, 0, GJ_BANNER), -1);
    ck_assert_int_eq(gj_tray_place(&t, 18, GJ_MINE), -1);
    ck_assert_int_eq(gj_tray_place(&t, 5, GJ_GENERAL), 0);
    ck_assert_uint_eq(t.left[GJ_GENERAL], 0);
    ck_assert_int_eq(gj_tray_place(&t, 6, GJ_GENERAL), -1); /* none left */
    ck_assert_int_eq(gj_tray_place(&t, 5, GJ_SPY), -1);     /* taken */
    ck_assert_uint_eq(gj_tray_mask(&t, 5), 0);
    ck_assert_int_eq(gj_tray_take(&t, 5), GJ_GENERAL);
    ck_assert_uint_eq(t.left[GJ_GENERAL], 1);
    ck_assert_int_eq(gj_tray_take(&t, 5), -1);
    ck_assert(!gj_tray_done(&t));
}
END_TEST

START_TEST(tray_never_strands_the_banner_or_the_mines)
{
    gj_tray t;
    gj_tray_init(&t);
    /* Fill 17 of the 18 positions off the back rank with ordinary pieces:
     * the last one must be kept for the Banner. */
    static const uint8_t plain[] = { 1, 1, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8,
                                     9, 9, 10, 10, 11 };
    int k = 5;
    for (size_t i = 0; i < sizeof plain; i++, k++)
        ck_assert_int_eq(gj_tray_place(&t, k, plain[i]), 0);
    ck_assert_int_eq(k, 22);
    ck_assert_uint_eq(gj_tray_mask(&t, 22), GJ_TYPE_BIT(GJ_BANNER));
    ck_assert_int_eq(gj_tray_place(&t, 22, GJ_SPY), -1);
    ck_assert_int_eq(gj_tray_place(&t, 22, GJ_BANNER), 0);
    /* The back rank takes the rest, mines included. */
    gj_rng r;
    gj_rng_seed(&r, 3);
    gj_tray_fill_random(&t, &r);
    ck_assert(gj_tray_done(&t));
    ck_assert_int_eq(gj_setup_validate(&t.s), GJ_SETUP_OK);

    /* Mines: with both still in the tray, the positions they may take are
     * held back for them. */
    gj_tray_init(&t);
    for (k = 0; k < GJ_SIDE_PIECES; k++)
        ck_assert(gj_tray_can_place(&t, k, GJ_SPY));
    static const uint8_t more[] = { 0, 1, 1, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8,
                                    9, 9, 10, 10, 11, 12, 13 };
    /* Everything but the Banner and mines on the 20 positions that are
     * neither B4 nor E4 nor F4 (22): left are 18, 21 (bridges) and 22. */
    int m = 0;
    for (k = 0; k < GJ_SIDE_PIECES; k++) {
        if (k == 18 || k == 21 || k == 22)
            continue;
        if (m == 20)
            break;
        int ok = gj_tray_place(&t, k, more[m]);
        if (m < 19)
            ck_assert_int_eq(ok, 0);
        else
            /* The 20th would leave the two mines one free place. */
            ck_assert_int_eq(ok, -1);
        m++;
    }
}
END_TEST

START_TEST(tray_random_fill_is_valid)
{
    gj_rng r;
    gj_rng_seed(&r, 9);
    for (int i = 0; i < 500; i++) {
        gj_tray t;
        gj_tray_init(&t);
        /* A few pieces by hand first, anywhere they are allowed. */
        for (int j = 0; j < 6; j++) {
            int k = (int)gj_rng_below(&r, GJ_SIDE_PIECES);
            uint16_t m = gj_tray_mask(&t, k);
            if (m)
                ck_assert_int_eq(gj_tray_place(&t, k, __builtin_ctz(m)), 0);
        }
        gj_tray_fill_random(&t, &r);
        ck_assert(gj_tray_done(&t));
        ck_assert_int_eq(gj_setup_validate(&t.s), GJ_SETUP_OK);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("gj_setup");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, start_masks_are_the_restrictions);
    tcase_add_test(tc, validation);
    tcase_add_test(tc, random_setups_obey_and_vary);
    tcase_add_test(tc, tray_tracks_what_remains);
    tcase_add_test(tc, tray_never_strands_the_banner_or_the_mines);
    tcase_add_test(tc, tray_random_fill_is_valid);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
