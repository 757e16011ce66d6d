/*
 * test_ef_map.c - Eastern Front: the map agrees with the facts sheet, the
 * unit table with pages 56-58 of the notes, and `ttyarcade efront map`
 * prints exactly the map and its legend.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_ef.h"

START_TEST(map_is_41_rows_of_48_with_a_border)
{
    for (int r = 0; r < EF_MAP_ROWS; r++) {
        ck_assert_uint_eq(strlen(ef_map_rows[r]), EF_MAP_COLS);
        ck_assert_int_eq(ef_map_rows[r][0], '#');
        ck_assert_int_eq(ef_map_rows[r][EF_MAP_COLS - 1], '#');
        for (int c = 0; c < EF_MAP_COLS; c++) {
            int ch = ef_map_rows[r][c], known = 0;
            for (int t = 0; t < EF_T_COUNT; t++)
                known |= ef_terrain_char(t) == ch;
            ck_assert_msg(known, "row %d col %d: '%c'", r, c, ch);
            if (r == 0 || r == EF_MAP_ROWS - 1)
                ck_assert_int_eq(ch, '#');
            else if (c > 0 && c < EF_MAP_COLS - 1)
                ck_assert_int_ne(ch, '#');
        }
    }
    /* a row is lon 45 .. 0 after the border; lat 38 is the top row */
    ck_assert_int_eq(ef_map_terrain(20, 28), EF_T_CITY);
    ck_assert_int_eq(ef_map_rows[EF_H - 28][EF_W - 20], '*');
    ck_assert_int_eq(ef_map_terrain(-1, 5), EF_T_BORDER);
    ck_assert_int_eq(ef_map_terrain(46, 5), EF_T_BORDER);
    ck_assert_int_eq(ef_map_terrain(5, 39), EF_T_BORDER);
    ck_assert_int_eq(ef_map_terrain(5, -1), EF_T_BORDER);
}
END_TEST

START_TEST(cities_where_the_facts_sheet_puts_them)
{
    static const struct { const char *n; int lon, lat, pts; } f[] = {
        {"MOSCOW", 20, 28, 20}, {"LENINGRAD", 33, 36, 10},
        {"STALINGRAD", 6, 15, 10}, {"KRASNODAR", 12, 4, 0},
        {"GORKY", 13, 33, 0}, {"KAZAN", 7, 32, 0}, {"RIGA", 38, 30, 0},
        {"RZHEV", 24, 28, 0}, {"SMOLENSK", 26, 24, 0},
        {"KUIBYSHEV", 3, 24, 0}, {"MINSK", 33, 22, 0},
        {"VORONEZH", 15, 21, 0}, {"OREL", 21, 21, 0},
        {"KHARKOV", 20, 15, 0}, {"KIEV", 29, 14, 0}, {"ROSTOV", 12, 8, 0},
        {"DNEPROPETROVSK", 20, 8, 0}, {"ODESSA", 26, 5, 0},
        {"SEVASTOPOL", 20, 0, 0}, {"WARSAW", 44, 19, 0},
    };
    ck_assert_int_eq(sizeof f / sizeof f[0], EF_NCITIES);
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        int c = ef_city_find(f[i].n);
        ck_assert_int_ge(c, 0);
        ck_assert_int_eq(ef_cities[c].lon, f[i].lon);
        ck_assert_int_eq(ef_cities[c].lat, f[i].lat);
        ck_assert_int_eq(ef_cities[c].points, f[i].pts);
        ck_assert_int_eq(ef_cities[c].german, strcmp(f[i].n, "WARSAW") == 0);
        ck_assert_int_eq(ef_map_terrain(f[i].lon, f[i].lat), EF_T_CITY);
        ck_assert_int_eq(ef_city_at(f[i].lon, f[i].lat), c);
    }
    /* and no city square besides them */
    int n = 0;
    for (int lat = 0; lat < EF_H; lat++)
        for (int lon = 0; lon < EF_W; lon++)
            n += ef_map_terrain(lon, lat) == EF_T_CITY;
    ck_assert_int_eq(n, EF_NCITIES);
}
END_TEST

START_TEST(the_eleven_blocked_sides)
{
    static const int north[][2] = {{40, 35}, {39, 35}, {38, 35}, {35, 36},
                                   {34, 36}, {22, 3}, {15, 6}, {14, 7},
                                   {19, 3}};
    static const int west[][2] = {{35, 33}, {14, 7}};
    for (int i = 0; i < 9; i++) {
        int lon = north[i][0], lat = north[i][1];
        ck_assert_int_lt(ef_map_terrain(lon, lat), EF_T_SEA);
        ck_assert_int_lt(ef_map_terrain(lon, lat + 1), EF_T_SEA);
        ck_assert(ef_side_blocked(lon, lat, EF_NORTH));
        ck_assert(ef_side_blocked(lon, lat + 1, EF_SOUTH));
    }
    for (int i = 0; i < 2; i++) {
        int lon = west[i][0], lat = west[i][1];
        ck_assert_int_lt(ef_map_terrain(lon, lat), EF_T_SEA);
        ck_assert_int_lt(ef_map_terrain(lon + 1, lat), EF_T_SEA);
        ck_assert(ef_side_blocked(lon, lat, EF_WEST));
        ck_assert(ef_side_blocked(lon + 1, lat, EF_EAST));
    }
    /* land sides not in the table are open: the Perekop isthmus, the
     * Karelian isthmus north of Leningrad */
    ck_assert(!ef_side_blocked(20, 3, EF_NORTH));
    ck_assert(!ef_side_blocked(21, 4, EF_SOUTH));
    ck_assert(!ef_side_blocked(33, 36, EF_NORTH));
    /* every other blocked side borders water */
    int blocked = 0;
    for (int lat = 0; lat < EF_H; lat++)
        for (int lon = 0; lon < EF_W; lon++)
            for (int d = 0; d < 4; d++) {
                int x, y;
                ef_step(lon, lat, d, &x, &y);
                if (ef_map_terrain(lon, lat) < EF_T_SEA &&
                    ef_map_terrain(x, y) < EF_T_SEA &&
                    ef_side_blocked(lon, lat, d))
                    blocked++;
            }
    ck_assert_int_eq(blocked, 2 * 11);
}
END_TEST

/* Every land square reaches every other, minding the blocked sides. */
START_TEST(land_is_connected)
{
    static uint8_t seen[EF_H][EF_W];
    static int stack[EF_W * EF_H];
    memset(seen, 0, sizeof seen);
    int land = 0, reached = 0, sp = 0;
    for (int lat = 0; lat < EF_H; lat++)
        for (int lon = 0; lon < EF_W; lon++)
            land += ef_map_terrain(lon, lat) < EF_T_SEA;
    seen[28][20] = 1;
    stack[sp++] = 28 * EF_W + 20;
    while (sp) {
        int s = stack[--sp], lon = s % EF_W, lat = s / EF_W;
        reached++;
        for (int d = 0; d < 4; d++) {
            int x, y;
            ef_step(lon, lat, d, &x, &y);
            if (!ef_side_blocked(lon, lat, d) && !seen[y][x]) {
                seen[y][x] = 1;
                stack[sp++] = y * EF_W + x;
            }
        }
    }
    ck_assert_int_eq(reached, land);
}
END_TEST

START_TEST(geography_of_the_facts_sheet)
{
    /* the Baltic fills the north-west corner; Finland is across the gulf */
    ck_assert_int_eq(ef_map_terrain(45, 38), EF_T_SEA);
    ck_assert_int_eq(ef_map_terrain(44, 30), EF_T_SEA);
    ck_assert_int_eq(ef_map_terrain(36, 36), EF_T_SEA);
    ck_assert_int_lt(ef_map_terrain(36, 38), EF_T_SEA);   /* Finland */
    ck_assert_int_lt(ef_map_terrain(38, 34), EF_T_SEA);   /* Estonia */
    /* the Black Sea along the south edge, the Crimea, the Sea of Azov */
    ck_assert_int_eq(ef_map_terrain(25, 1), EF_T_SEA);
    ck_assert_int_lt(ef_map_terrain(20, 1), EF_T_SEA);
    ck_assert_int_eq(ef_map_terrain(16, 5), EF_T_SEA);
    ck_assert_int_eq(ef_map_terrain(17, 2), EF_T_RIVER); /* Kerch straits */
    /* the Caucasus in the south-east corner */
    ck_assert_int_eq(ef_map_terrain(2, 2), EF_T_MOUNTAIN);
    /* the Pripet marshes between Minsk and Kiev */
    int swamp = 0;
    for (int lat = 15; lat <= 20; lat++)
        for (int lon = 28; lon <= 36; lon++)
            swamp += ef_map_terrain(lon, lat) == EF_T_SWAMP;
    ck_assert_int_ge(swamp, 20);
    /* the Volga by Gorky, Kazan, Kuibyshev and Stalingrad */
    ck_assert_int_eq(ef_map_terrain(12, 33), EF_T_RIVER);
    ck_assert_int_eq(ef_map_terrain(6, 31), EF_T_RIVER);
    ck_assert_int_eq(ef_map_terrain(3, 25), EF_T_RIVER);
    ck_assert_int_eq(ef_map_terrain(6, 16), EF_T_RIVER);
    /* forests cover much of the north */
    int forest = 0, north = 0;
    for (int lat = 22; lat < EF_H; lat++)
        for (int lon = 0; lon < EF_W; lon++)
            if (ef_map_terrain(lon, lat) < EF_T_SEA) {
                north++;
                forest += ef_map_terrain(lon, lat) == EF_T_FOREST;
            }
    ck_assert_int_ge(forest * 3, north);
}
END_TEST

START_TEST(the_unit_table)
{
    int german = 0, russian = 0;
    for (int id = 1; id < EF_NUNITS; id++)
        *(ef_is_german(id) ? &german : &russian) += 1;
    ck_assert_int_eq(german, 54);
    ck_assert_int_eq(russian, 105);
    char buf[32];
    ck_assert_str_eq(ef_unit_name(1, buf, sizeof buf), "24 PANZER CORPS");
    ck_assert_str_eq(ef_unit_name(38, buf, sizeof buf), "4 RUM INF CORPS");
    ck_assert_str_eq(ef_unit_name(139, buf, sizeof buf), "2 GD CAV ARMY");
    ck_assert_str_eq(ef_unit_name(47, buf, sizeof buf), "1 HUN PZR CORPS");
    ck_assert_str_eq(ef_unit_name(54, buf, sizeof buf), "50 PZR GRNDR CORPS");
    ck_assert_str_eq(ef_unit_name(154, buf, sizeof buf), "8 MILITIA ARMY");
    ck_assert_int_eq(ef_units[1].muster, 203);
    ck_assert_int_eq(ef_units[1].lon, 40);
    ck_assert_int_eq(ef_units[1].lat, 20);
    ck_assert_int_eq(ef_units[154].muster, 185);
    ck_assert_int_eq(ef_units[148].arrive, 30);
    ck_assert(ef_is_armor(1) && !ef_is_armor(6) && ef_is_armor(148));
    ck_assert(ef_is_militia(55) && !ef_is_militia(57));
    ck_assert(ef_is_finnish(42) && ef_is_finnish(43) && !ef_is_finnish(36));
    ck_assert(ef_is_ally(36) && ef_is_ally(17) && ef_is_ally(47));
    ck_assert(!ef_is_ally(1) && !ef_is_ally(54));
}
END_TEST

START_TEST(every_unit_starts_on_land_and_alone)
{
    for (int id = 1; id < EF_NUNITS; id++) {
        const ef_unit_info *t = &ef_units[id];
        if (!t->muster)
            continue;           /* row 159, the placeholder */
        ck_assert_msg(ef_map_terrain(t->lon, t->lat) < EF_T_SEA,
                      "unit %d at sea (%d,%d)", id, t->lon, t->lat);
    }
    /* the units on the map at the start have squares of their own */
    static ef_state g;
    ef_new(&g, 1, 0, NULL);
    int n = 0;
    for (int id = 1; id < EF_NUNITS; id++) {
        if (ef_units[id].arrive != 0 || !ef_units[id].muster)
            continue;
        n++;
        ck_assert(ef_on_map(&g, id));
        for (int o = 1; o < id; o++)
            if (ef_units[o].arrive == 0 && ef_units[o].muster)
                ck_assert(ef_units[o].lon != ef_units[id].lon ||
                          ef_units[o].lat != ef_units[id].lat);
    }
    ck_assert_int_eq(n, ef_count_units(&g, 1) + ef_count_units(&g, 0));
    ck_assert_int_eq(ef_count_units(&g, 1), 32);
}
END_TEST

/* ttyarcade efront map: the 41 lines, then one legend line per character
 * used, "C name". */
START_TEST(the_map_tool_prints_map_and_legend)
{
    char *argv[] = {"efront", "map", 0};
    static char out[16384];
    int rc = tu_tool_stdio(ef_tool_main, out, sizeof out, 0, 2, argv);
    ck_assert_int_eq(rc, 0);
    ck_assert_uint_lt(strlen(out), sizeof out - 1);
    FILE *f = fmemopen(out, strlen(out), "r");
    ck_assert_ptr_nonnull(f);
    char line[128];
    for (int r = 0; r < EF_MAP_ROWS; r++) {
        ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
        line[strcspn(line, "\n")] = 0;
        ck_assert_str_eq(line, ef_map_rows[r]);
    }
    int legend = 0, seen_sea = 0, seen_border = 0, seen_forest = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        ck_assert_int_eq(line[1], ' ');
        int t;
        for (t = 0; t < EF_T_COUNT; t++)
            if (ef_terrain_char(t) == line[0])
                break;
        ck_assert_int_lt(t, EF_T_COUNT);
        ck_assert_str_eq(line + 2, ef_terrain_name(t));
        seen_sea |= t == EF_T_SEA;
        seen_border |= t == EF_T_BORDER;
        seen_forest |= t == EF_T_FOREST;
        legend++;
    }
    ck_assert_int_eq(legend, 10);
    ck_assert(seen_sea && seen_border && seen_forest);
    fclose(f);
}
END_TEST

static void add_tests(TCase *tc)
{
    tcase_add_test(tc, map_is_41_rows_of_48_with_a_border);
    tcase_add_test(tc, cities_where_the_facts_sheet_puts_them);
    tcase_add_test(tc, the_eleven_blocked_sides);
    tcase_add_test(tc, land_is_connected);
    tcase_add_test(tc, geography_of_the_facts_sheet);
    tcase_add_test(tc, the_unit_table);
    tcase_add_test(tc, every_unit_starts_on_land_and_alone);
    tcase_add_test(tc, the_map_tool_prints_map_and_legend);
}

int main(void)
{
    return ef_test_main("ef_map", add_tests);
}
