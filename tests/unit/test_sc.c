/*
 * test_sc.c - Space Capture's engine against the book: the messages and the
 * moves table against the 8008 listing's octal bytes, NOTNO's start, TRYMOV
 * under many seeds, the shot counter, HITEST and ZERSEC, the book's sample
 * game, the paper grid and saved games.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "sm64.h"
#include "spacecapture/sc.h"
#include "testutil.h"

/*
 * The message storage of pages 00 and 01 as the book prints it (000 000 to
 * 001 263), transcribed from the octal dump; parity bit set on every
 * character.  Independent of sc_msgs.c, which holds them as C strings.
 */
static const uint8_t sc_dump[] = {
    /* 000 000 */ 0215, 0212, 0212, 0323, 0320, 0301, 0303, 0305,
    /* 000 010 */ 0323, 0310, 0311, 0320, 0240, 0303, 0301, 0320,
    /* 000 020 */ 0324, 0325, 0322, 0305, 0256, 0240, 0331, 0317,
    /* 000 030 */ 0325, 0240, 0310, 0301, 0326, 0305, 0240, 0261,
    /* 000 040 */ 0265, 0240, 0320, 0310, 0301, 0323, 0317, 0322,
    /* 000 050 */ 0215, 0212, 0323, 0310, 0317, 0324, 0323, 0240,
    /* 000 060 */ 0327, 0311, 0324, 0310, 0240, 0327, 0310, 0311,
    /* 000 070 */ 0303, 0310, 0240, 0324, 0317, 0240, 0304, 0305,
    /* 000 100 */ 0323, 0324, 0322, 0317, 0331, 0240, 0315, 0331,
    /* 000 110 */ 0240, 0324, 0322, 0301, 0326, 0305, 0314, 0215,
    /* 000 120 */ 0212, 0323, 0305, 0303, 0324, 0317, 0322, 0323,
    /* 000 130 */ 0256, 0240, 0311, 0306, 0240, 0301, 0314, 0314,
    /* 000 140 */ 0240, 0315, 0331, 0240, 0301, 0304, 0312, 0301,
    /* 000 150 */ 0303, 0305, 0316, 0324, 0240, 0323, 0305, 0303,
    /* 000 160 */ 0324, 0317, 0322, 0323, 0215, 0212, 0301, 0322,
    /* 000 170 */ 0305, 0240, 0304, 0305, 0323, 0324, 0322, 0317,
    /* 000 200 */ 0331, 0305, 0304, 0240, 0311, 0240, 0301, 0315,
    /* 000 210 */ 0240, 0303, 0301, 0320, 0324, 0325, 0322, 0305,
    /* 000 220 */ 0304, 0256, 0240, 0311, 0306, 0240, 0331, 0317,
    /* 000 230 */ 0325, 0215, 0212, 0310, 0311, 0324, 0240, 0315,
    /* 000 240 */ 0305, 0240, 0317, 0322, 0240, 0322, 0325, 0316,
    /* 000 250 */ 0240, 0317, 0325, 0324, 0240, 0317, 0306, 0240,
    /* 000 260 */ 0320, 0310, 0301, 0323, 0317, 0322, 0240, 0305,
    /* 000 270 */ 0316, 0305, 0322, 0307, 0331, 0254, 0215, 0212,
    /* 000 300 */ 0324, 0310, 0305, 0316, 0240, 0331, 0317, 0325,
    /* 000 310 */ 0240, 0314, 0317, 0323, 0305, 0241, 0215, 0212,
    /* 000 320 */ 0212, 0000, 0000, 0000, 0000, 0215, 0212, 0212,
    /* 000 330 */ 0327, 0301, 0316, 0324, 0240, 0324, 0317, 0240,
    /* 000 340 */ 0320, 0314, 0301, 0331, 0277, 0240, 0240, 0000,
    /* 000 350 */ 0215, 0212, 0212, 0320, 0317, 0317, 0322, 0240,
    /* 000 360 */ 0323, 0320, 0317, 0322, 0324, 0241, 0000, 0215,
    /* 000 370 */ 0212, 0212, 0315, 0331, 0240, 0314, 0301, 0323,
    /* 001 000 */ 0324, 0240, 0320, 0317, 0323, 0311, 0324, 0311,
    /* 001 010 */ 0317, 0316, 0240, 0327, 0301, 0323, 0272, 0240,
    /* 001 020 */ 0240, 0330, 0240, 0275, 0240, 0000, 0254, 0240,
    /* 001 030 */ 0240, 0331, 0240, 0275, 0240, 0000, 0215, 0212,
    /* 001 040 */ 0212, 0331, 0317, 0325, 0240, 0301, 0322, 0305,
    /* 001 050 */ 0240, 0306, 0311, 0322, 0311, 0316, 0307, 0240,
    /* 001 060 */ 0324, 0317, 0272, 0240, 0240, 0330, 0240, 0275,
    /* 001 070 */ 0240, 0000, 0215, 0212, 0212, 0331, 0317, 0325,
    /* 001 100 */ 0240, 0310, 0311, 0324, 0240, 0315, 0305, 0241,
    /* 001 110 */ 0241, 0240, 0240, 0331, 0317, 0325, 0240, 0314,
    /* 001 120 */ 0317, 0323, 0305, 0241, 0000, 0215, 0212, 0212,
    /* 001 130 */ 0331, 0317, 0325, 0240, 0301, 0322, 0305, 0240,
    /* 001 140 */ 0317, 0325, 0324, 0240, 0317, 0306, 0240, 0320,
    /* 001 150 */ 0310, 0301, 0323, 0317, 0322, 0240, 0305, 0316,
    /* 001 160 */ 0305, 0322, 0307, 0331, 0254, 0240, 0240, 0331,
    /* 001 170 */ 0317, 0325, 0240, 0314, 0317, 0323, 0305, 0241,
    /* 001 200 */ 0000, 0215, 0212, 0212, 0243, 0241, 0260, 0243,
    /* 001 210 */ 0207, 0207, 0207, 0240, 0240, 0304, 0301, 0322,
    /* 001 220 */ 0316, 0241, 0240, 0240, 0331, 0317, 0325, 0240,
    /* 001 230 */ 0310, 0301, 0326, 0305, 0240, 0315, 0305, 0240,
    /* 001 240 */ 0240, 0303, 0240, 0301, 0240, 0320, 0240, 0324,
    /* 001 250 */ 0240, 0325, 0240, 0322, 0240, 0305, 0240, 0304,
    /* 001 260 */ 0240, 0241, 0241, 0000,
};

/* The MOVES TABLE as the listing assembles it at 003 260..277 (one byte per
 * line in the book; its line 002 273 is 003 273 misprinted). */
static const uint8_t sc_dump_moves[16] = {
    /* 003 260 */ 0377, 0001, 0000, 0001, 0001, 0001, 0377, 0000,
    /* 003 270 */ 0001, 0000, 0377, 0377, 0000, 0377, 0001, 0377,
};

START_TEST(messages_match_listing)
{
    size_t prev_end = 0;
    int n = 0;
    for (const sc_msg_entry *m = sc_msg_table; m->text; m++, n++) {
        size_t len = strlen(m->text);
        ck_assert_uint_lt(m->addr + len, sizeof sc_dump);
        for (size_t i = 0; i < len; i++) {
            ck_assert_msg((sc_dump[m->addr + i] & 0200) != 0,
                          "%s: parity bit clear at %zu", m->label, i);
            ck_assert_msg((sc_dump[m->addr + i] & 0177) ==
                          (uint8_t)m->text[i], "%s: byte %zu differs",
                          m->label, i);
        }
        ck_assert_uint_eq(sc_dump[m->addr + len], 0);
        /* messages follow each other; only 000 322..324 are spare */
        for (size_t a = prev_end; a < m->addr; a++)
            ck_assert_uint_eq(sc_dump[a], 0);
        ck_assert_uint_le(m->addr - prev_end, 4);
        prev_end = m->addr + len + 1;
    }
    ck_assert_int_eq(n, 9);
    ck_assert_uint_eq(prev_end, sizeof sc_dump);
}
END_TEST

START_TEST(capture_message_rings_three_bells)
{
    const char *bel = strchr(sc_msg_captured, '\a');
    ck_assert_ptr_nonnull(bel);
    ck_assert_int_eq(strncmp(bel - 4, "#!0#\a\a\a  DARN!", 14), 0);
    ck_assert_str_eq(sc_msg_playin, "\r\n\nMY LAST POSITION WAS:  X = ");
}
END_TEST

START_TEST(moves_table_matches_listing)
{
    int seen[3][3] = { { 0 } };
    ck_assert_mem_eq(sc_moves, sc_dump_moves, 16);
    for (int i = 0; i < 8; i++) {
        int dx = (int8_t)sc_moves[2 * i], dy = (int8_t)sc_moves[2 * i + 1];
        ck_assert(dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1);
        ck_assert(dx || dy);
        seen[dx + 1][dy + 1]++;
    }
    for (int i = 0; i < 9; i++)      /* the eight neighbours, once each */
        ck_assert_int_eq(seen[i / 3][i % 3], i == 4 ? 0 : 1);
}
END_TEST

START_TEST(keys_as_the_listing_reads_them)
{
    ck_assert_int_eq(sc_want('Y'), SC_YES);
    ck_assert_int_eq(sc_want('N'), SC_NO);
    ck_assert_int_eq(sc_want('Y' | 0200), SC_YES);  /* mark parity */
    ck_assert_int_eq(sc_want('y'), SC_WAIT);        /* CPI 331 only */
    ck_assert_int_eq(sc_want('X'), SC_WAIT);
    ck_assert_int_eq(sc_want(-1), SC_WAIT);
    ck_assert_int_eq(sc_want(0x100 | 'Y'), SC_WAIT);
    for (int c = 0; c < 256; c++) {
        int want = (c & 0177) >= '1' && (c & 0177) <= '8' ? (c & 017) : 0;
        ck_assert_int_eq(sc_coord(c), want);
    }
    ck_assert_int_eq(sc_coord('9'), 0);
    ck_assert_int_eq(sc_coord('0'), 0);
}
END_TEST

START_TEST(start_on_the_diagonal)
{
    sc_state g;
    for (int l = 0; l < 256; l++) {
        sc_start(&g, (uint8_t)l);
        int v = (l & 7) + 1;
        ck_assert_int_eq(g.x, v);
        ck_assert_int_eq(g.y, v);
        /* NDI 007 after ADI 001: 8 wraps to entry 0 */
        ck_assert_int_eq(g.ptr, 0260 | ((v & 7) << 1));
        ck_assert_int_eq(g.shots, 16);
        for (int i = 0; i < 64; i++)
            ck_assert_int_eq(g.map[i], SC_SECTOR_FREE);
    }
}
END_TEST

/* A small generator for the test's own random boards. */
static uint32_t t_next(uint64_t *s)
{
    return (uint32_t)(sm64_step(s) >> 32);
}

static int free_sector(const sc_state *g, int x, int y)
{
    return x >= 1 && x <= 8 && y >= 1 && y <= 8 && !sc_destroyed(g, x, y);
}

START_TEST(trymov_under_many_seeds)
{
    static const int dir[8][2] = {  /* the book's table, read as pairs */
        { -1, 1 }, { 0, 1 }, { 1, 1 }, { -1, 0 },
        { 1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } };
    uint64_t s = 1976;
    int captured = 0, moved = 0;
    for (int round = 0; round < 20000; round++) {
        sc_state g;
        sc_start(&g, (uint8_t)t_next(&s));
        g.x = (uint8_t)(1 + t_next(&s) % 8);
        g.y = (uint8_t)(1 + t_next(&s) % 8);
        g.ptr = (uint8_t)(0260 | ((t_next(&s) % 8) << 1));
        int density = (int)(t_next(&s) % 101);
        for (int i = 0; i < 64; i++)
            if ((int)(t_next(&s) % 100) < density)
                g.map[i] = SC_SECTOR_GONE;
        g.map[(g.x - 1) * 8 + g.y - 1] = SC_SECTOR_FREE;
        sc_state before = g;
        int first = -1;
        for (int k = 0; k < 8 && first < 0; k++) {
            int e = ((g.ptr - 0260) / 2 + k) % 8;
            if (free_sector(&g, g.x + dir[e][0], g.y + dir[e][1]))
                first = e;
        }
        int r = sc_trymov(&g);
        ck_assert_int_eq(r, first >= 0);
        ck_assert_mem_eq(g.map, before.map, 64);
        ck_assert_int_eq(g.ptr, before.ptr);
        if (!r) {
            captured++;
            ck_assert_int_eq(g.x, before.x);
            ck_assert_int_eq(g.y, before.y);
            for (int e = 0; e < 8; e++)
                ck_assert(!free_sector(&g, g.x + dir[e][0],
                                       g.y + dir[e][1]));
            continue;
        }
        moved++;
        ck_assert(abs(g.x - before.x) <= 1 && abs(g.y - before.y) <= 1);
        ck_assert(g.x != before.x || g.y != before.y);
        ck_assert(g.x >= 1 && g.x <= 8 && g.y >= 1 && g.y <= 8);
        ck_assert(!sc_destroyed(&g, g.x, g.y));
        ck_assert_int_eq(g.x, before.x + dir[first][0]);
        ck_assert_int_eq(g.y, before.y + dir[first][1]);
    }
    ck_assert_int_gt(captured, 1000);   /* both branches were exercised */
    ck_assert_int_gt(moved, 1000);
}
END_TEST

START_TEST(trymov_in_the_corner)
{
    /* The book's second diagram: at X = 1, Y = 1 with 2,2 destroyed the
     * ship can only move up to 1,2 or right to 2,1; with those destroyed
     * too it is captured. */
    sc_state g;
    for (int e = 0; e < 8; e++) {
        sc_start(&g, 0);
        ck_assert_int_eq(sc_fire(&g, 2, 2, (uint8_t)e), SC_MISS);
        ck_assert_int_eq(g.ptr, 0260 | (e << 1));
        ck_assert(sc_trymov(&g));
        /* entries 0..1 reach (0,+1) first; 2..4 reach (+1,0) first
         * (2 is the destroyed 2,2); 5..7 wrap round to (0,+1) */
        if (e >= 2 && e <= 4) {
            ck_assert_int_eq(g.x, 2);
            ck_assert_int_eq(g.y, 1);
        } else {
            ck_assert_int_eq(g.x, 1);
            ck_assert_int_eq(g.y, 2);
        }
    }
    sc_start(&g, 0);
    ck_assert_int_eq(sc_fire(&g, 1, 2, 0), SC_MISS);
    ck_assert_int_eq(sc_fire(&g, 2, 1, 0), SC_MISS);
    ck_assert(sc_trymov(&g));           /* 2,2 is still open */
    ck_assert_int_eq(g.x, 2);
    ck_assert_int_eq(g.y, 2);
    sc_start(&g, 0);
    sc_fire(&g, 1, 2, 0);
    sc_fire(&g, 2, 1, 0);
    sc_fire(&g, 2, 2, 0);
    ck_assert(!sc_trymov(&g));
    ck_assert_int_eq(sc_turn(&g), SC_CAPTURED);
    ck_assert_int_eq(g.shots, 16);      /* no count when captured */
}
END_TEST

START_TEST(fifteen_shots_then_out_of_energy)
{
    sc_state g;
    sc_start(&g, 5);
    for (int shot = 1; shot <= 15; shot++) {
        ck_assert_int_eq(sc_turn(&g), SC_FIRE);
        int x = g.x == 1 && g.y == 1 ? 8 : 1;
        ck_assert_int_eq(sc_fire(&g, x, x, (uint8_t)shot), SC_MISS);
    }
    ck_assert_int_eq(sc_turn(&g), SC_PHASOR);
    ck_assert_int_eq(g.shots, 0);
    ck_assert_int_eq(g.nreports, 16);
    ck_assert_int_eq(g.nfired, 15);
}
END_TEST

START_TEST(hit_and_sector_destroyed)
{
    sc_state g;
    sc_start(&g, 2);                    /* 3,3 */
    ck_assert_int_eq(sc_turn(&g), SC_FIRE);
    sc_state before = g;
    /* a shot where the ship was is a miss: it has moved */
    ck_assert_int_eq(sc_fire(&g, 3, 3, 0), SC_MISS);
    ck_assert(sc_destroyed(&g, 3, 3));
    ck_assert_int_eq(g.map[2 * 8 + 2], SC_SECTOR_GONE);
    ck_assert_int_eq(g.shot_x, 3);
    ck_assert_int_eq(g.shot_y, 3);
    /* INY: the random counter picks the next first move */
    sc_fire(&g, 8, 8, 0377);
    ck_assert_int_eq(g.ptr, 0276);
    g = before;
    ck_assert_int_eq(sc_fire(&g, g.x, g.y, 0), SC_HIT);
    ck_assert_mem_eq(g.map, before.map, 64);
    ck_assert_int_eq(g.nfired, 0);
    ck_assert_int_eq(sc_fire(&g, 0, 4, 0), -1);
    ck_assert_int_eq(sc_fire(&g, 4, 9, 0), -1);
}
END_TEST

/* The book's illustrative game: the positions PLAYIN printed and the shots
 * fired, in order; after the twelfth shot the ship at 8,5 is captured. */
static const int book_report[13][2] = {
    { 7, 7 }, { 8, 6 }, { 8, 7 }, { 8, 6 }, { 8, 5 }, { 7, 6 }, { 8, 7 },
    { 7, 6 }, { 8, 6 }, { 7, 5 }, { 7, 6 }, { 7, 5 }, { 8, 5 } };
static const int book_shot[12][2] = {
    { 7, 7 }, { 6, 6 }, { 6, 8 }, { 6, 5 }, { 6, 4 }, { 6, 7 }, { 7, 4 },
    { 8, 4 }, { 8, 6 }, { 8, 7 }, { 7, 6 }, { 7, 5 } };

/* Replay the book's game, choosing at each shot a counter value that makes
 * TRYMOV go where the book's ship went; fails if none does. */
static void play_book_game(sc_state *g)
{
    /* WANT TO PLAY? answered with L = 6: the ship at 7,7, and TRYMOV starts
     * at entry 7 (X+1, Y-1): to 8,6, the book's second report. */
    sc_start(g, 6);
    ck_assert_int_eq(g->x, 7);
    ck_assert_int_eq(g->y, 7);
    ck_assert_int_eq(sc_turn(g), SC_FIRE);
    ck_assert_int_eq(g->x, 8);
    ck_assert_int_eq(g->y, 6);
    for (int i = 0; i < 12; i++) {
        int found = 0;
        for (int l = 0; l < 8 && !found; l++) {
            sc_state t = *g;
            ck_assert_int_eq(sc_fire(&t, book_shot[i][0], book_shot[i][1],
                                     (uint8_t)l), SC_MISS);
            int r = sc_turn(&t);
            if (i == 11) {
                found = r == SC_CAPTURED;
            } else if (r == SC_FIRE && t.x == book_report[i + 2][0] &&
                       t.y == book_report[i + 2][1]) {
                found = 1;
            }
            if (found)
                *g = t;
        }
        ck_assert_msg(found, "no counter reproduces the book after shot %d",
                      i + 1);
    }
    ck_assert_int_eq(g->nreports, 13);
    for (int i = 0; i < 13; i++) {
        ck_assert_int_eq(g->report[i][0], book_report[i][0]);
        ck_assert_int_eq(g->report[i][1], book_report[i][1]);
    }
}

START_TEST(book_sample_game)
{
    sc_state g;
    play_book_game(&g);
    ck_assert_int_eq(g.x, 8);
    ck_assert_int_eq(g.y, 5);
    ck_assert_int_eq(g.nfired, 12);
    ck_assert_int_eq(g.shots, 16 - 12);
}
END_TEST

START_TEST(paper_grid_of_the_book_game)
{
    sc_state g;
    sc_grid grid;
    char text[SC_GRID_TEXT_SIZE];
    play_book_game(&g);
    sc_grid_get(&g, &grid);
    ck_assert_int_eq(grid.cell[6][6].shot, 1);     /* 7,7 */
    ck_assert_int_eq(grid.cell[6][4].shot, 12);    /* 7,5 */
    ck_assert_int_eq(grid.cell[7][4].shot, 0);     /* 8,5 */
    ck_assert_int_eq(grid.cell[7][4].last, 1);
    ck_assert_int_eq(grid.cell[7][4].seen, 2);
    ck_assert_int_eq(grid.cell[6][5].seen, 3);     /* 7,6 */
    size_t n = sc_grid_text(&g, text, sizeof text);
    ck_assert_uint_lt(n, sizeof text);
    ck_assert_str_eq(text,
        " Y\n"
        " 8  .  .  .  .  .  3  .  .\n"
        " 7  .  .  .  .  .  6  1 10\n"
        " 6  .  .  .  .  .  2 11  9\n"
        " 5  .  .  .  .  .  4 12  @\n"
        " 4  .  .  .  .  .  5  7  8\n"
        " 3  .  .  .  .  .  .  .  .\n"
        " 2  .  .  .  .  .  .  .  .\n"
        " 1  .  .  .  .  .  .  .  .\n"
        "    1  2  3  4  5  6  7  8  X\n");
    /* a short buffer gets what fits, and the length it needed */
    char small[10];
    ck_assert_uint_eq(sc_grid_text(&g, small, sizeof small), n);
    ck_assert_str_eq(small, " Y\n 8  . ");
    ck_assert_uint_eq(sc_grid_text(&g, NULL, 0), n);
}
END_TEST

START_TEST(paper_grid_marks_earlier_reports)
{
    sc_state g;
    char text[SC_GRID_TEXT_SIZE];
    sc_start(&g, 0);                    /* 1,1 */
    g.ptr = 0262;                       /* first try (0, +1) */
    ck_assert_int_eq(sc_turn(&g), SC_FIRE);
    ck_assert_int_eq(sc_fire(&g, 8, 8, 1), SC_MISS);
    ck_assert_int_eq(sc_turn(&g), SC_FIRE);
    sc_grid_text(&g, text, sizeof text);
    ck_assert_ptr_nonnull(strstr(text, " 8  .  .  .  .  .  .  .  1\n"));
    ck_assert_ptr_nonnull(strstr(text, " 2  @  .  "));
    ck_assert_ptr_nonnull(strstr(text, " 1  +  .  "));
}
END_TEST

START_TEST(save_and_load)
{
    sc_state g, h;
    uint8_t buf[SC_SAVE_MAX];
    play_book_game(&g);
    size_t n = sc_save(&g, buf, sizeof buf);
    ck_assert_uint_gt(n, 0);
    memset(&h, 0x55, sizeof h);
    ck_assert_int_eq(sc_load(&h, buf, n), 0);
    ck_assert_mem_eq(&h, &g, sizeof g);
    ck_assert_uint_eq(sc_save(&g, buf, 5), 0);  /* too small */

    /* a fresh game, and one half way */
    sc_start(&g, 3);
    n = sc_save(&g, buf, sizeof buf);
    ck_assert_int_eq(sc_load(&h, buf, n), 0);
    ck_assert_mem_eq(&h, &g, sizeof g);
    sc_turn(&g);
    sc_fire(&g, 1, 1, 9);
    n = sc_save(&g, buf, sizeof buf);
    ck_assert_int_eq(sc_load(&h, buf, n), 0);
    ck_assert_mem_eq(&h, &g, sizeof g);

    /* damaged saves are refused and leave the game alone */
    sc_state keep = h;
    uint8_t bad[SC_SAVE_MAX];
    struct { int at; uint8_t v; } hurt[] = {
        { 0, 'X' }, { 2, 2 }, { 3, 0 }, { 4, 9 }, { 5, 9 },
        { 7, 3 }, { 8, 0261 }, { 8, 0300 }, { 9, 7 } };
    for (size_t i = 0; i < sizeof hurt / sizeof hurt[0]; i++) {
        memcpy(bad, buf, n);
        bad[hurt[i].at] = hurt[i].v;
        ck_assert_msg(sc_load(&h, bad, n) < 0, "damage %zu accepted", i);
        ck_assert_mem_eq(&h, &keep, sizeof keep);
    }
    ck_assert_int_lt(sc_load(&h, buf, n - 1), 0);
    ck_assert_int_lt(sc_load(&h, buf, 3), 0);
    /* the ship sitting in a destroyed sector */
    memcpy(bad, buf, n);
    bad[n - 2] = g.x;
    bad[n - 1] = g.y;
    ck_assert_int_lt(sc_load(&h, bad, n), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("spacecapture");
    TCase *tc = tcase_create("engine");
    tcase_add_test(tc, messages_match_listing);
    tcase_add_test(tc, capture_message_rings_three_bells);
    tcase_add_test(tc, moves_table_matches_listing);
    tcase_add_test(tc, keys_as_the_listing_reads_them);
    tcase_add_test(tc, start_on_the_diagonal);
    tcase_add_test(tc, trymov_under_many_seeds);
    tcase_add_test(tc, trymov_in_the_corner);
    tcase_add_test(tc, fifteen_shots_then_out_of_energy);
    tcase_add_test(tc, hit_and_sector_destroyed);
    tcase_add_test(tc, book_sample_game);
    tcase_add_test(tc, paper_grid_of_the_book_game);
    tcase_add_test(tc, paper_grid_marks_earlier_reports);
    tcase_add_test(tc, save_and_load);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
