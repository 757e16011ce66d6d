/*
 * ef_map.c - the map: the project's own 48 x 41 drawing (border included)
 * of the area the 1981 program scrolled over, one character a square, north
 * at the top and west on the left, so a row reads lon 45 .. 0 between its
 * border characters.  Drawn to the facts sheet (efront-facts.md): the
 * cities where it puts them, the Baltic and the Gulf of Finland in the
 * north-west, Lakes Ladoga and Peipus, the Black Sea, the Crimea and the
 * Sea of Azov in the south, the Pripet marshes, the Caucasus and the
 * Carpathians, the Dvina, Dnieper, Bug, Dniester, Donets, Don and Volga.
 * The Kerch straits are a river square, as the original's character was.
 *
 * The original kept its map as ANTIC character codes (lines 2950-5400 of
 * the data module) and told terrain from code ranges in TERRTY; here the
 * character is the terrain.  Coastline squares are land touching the sea.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>
#include <strings.h>

#include "ef.h"

const char *const ef_map_rows[EF_MAP_ROWS] = {
    "################################################", /* border */
    "#~~~~:FFFFFFF.:~~:F:~~:FFFFF.FFFFFFFF....FFFFF.#", /* lat 38 */
    "#~~~~:FFF:::::~~~:F:~~:FFFF..FFFFFFFF...FFFFFF.#", /* lat 37 */
    "#~~~~~:::~~::*~~~:FF::FF......FFFFFFFFFFF..FFFF#", /* lat 36 */
    "#~~~~::::::.FF==:.FFFFFF...F..FFFFFF.FFF....FFF#", /* lat 35 */
    "#~~~~:::F:~:.FF...FFFF.F..FFFFFFFFFFF.FF....FFF#", /* lat 34 */
    "#~~~~~~~:.::...F..FFF..FFFF.=====*==FFFFFF.FFFF#", /* lat 33 */
    "#~~~:~~~::~:....FF%FFF.FFF==.FFFF.FF===*FFFFFF.#", /* lat 32 */
    "#~~~:~~~:F:.....%%..FFFFF=F..FFF.FFFFFFF=FFFFF.#", /* lat 31 */
    "#~~~::~~*=.....:~:..FFFF=FFF.FFFF.FF.FFF.=FFFF.#", /* lat 30 */
    "#~~~:.::..==....:..FF.F=FFFF..FFFFFF.FFF..=FFFF#", /* lat 29 */
    "#~~:..FF...F==F.FFFFFF*FF.*FFFFFFFFFFFFF..=F.FF#", /* lat 28 */
    "#~~~:FFF..FFFF==.F...FFFF..FF..FF..FFFFFF..=..F#", /* lat 27 */
    "#~~:F.....FFFFFF.....FFFFFFFF......FFFFF.F.=...#", /* lat 26 */
    "#::FFF....FFFFFF....F=FFFFFFF=....FFFFFFF..=..F#", /* lat 25 */
    "#FFFF......FFFF....F*FFFFFF.FF=...FFF......*..F#", /* lat 24 */
    "#F.F.....FFF.FF....F=.FFFF....=.F..FF......=.FF#", /* lat 23 */
    "#..........F.*.F..F=F..FFFF....=F.........=...F#", /* lat 22 */
    "#..................=.....*.....*..........=....#", /* lat 21 */
    "#............%%%..=......FFFF..=....FF...=..FFF#", /* lat 20 */
    "#.*........%%%%%%%=.F...FFFFF...=...FF.FF=.FFFF#", /* lat 19 */
    "#F......F..%%%%%%%=......FFF.....=......=...FFF#", /* lat 18 */
    "#FFF.......%%%%%%%=.......FF......=...FF=..FF..#", /* lat 17 */
    "#.FF.......%%%%%%=...F.....=.......=..FF=......#", /* lat 16 */
    "#...........%%%%%=....FF..*.........==F.*.....F#", /* lat 15 */
    "#...........=....*....FF...=.........=...=.....#", /* lat 14 */
    "#............=..FF=.........=.......=.....=....#", /* lat 13 */
    "#^^^^^^F=.....=..F.=.........=.....=.....FF=...#", /* lat 12 */
    "#^^^^^^FF=.....=....=.........==...=........=..#", /* lat 11 */
    "#^^^^^^^..=.....=....==F......F.===..........=.#", /* lat 10 */
    "#^^^^^^^...=.....=.....===...F....==..........=#", /* lat  9 */
    "#^^^^^^^....=.....=.......*.....:.*...........F#", /* lat  8 */
    "#^^^^^^......=.....=......=.:::::+...........FF#", /* lat  7 */
    "#^^^^^^.......=.....=F...=.:~~~::~:.F..........#", /* lat  6 */
    "#^^^^^FFFF.....==...*:::=..:~~~~~~:.....^^^^^^^#", /* lat  5 */
    "#F.FF..FF........==+:~~~+..:~~~~~~*....^^^^^^^^#", /* lat  4 */
    "#F................:~~~~~:..:~:::::::..^^^^^^^^^#", /* lat  3 */
    "#FF...............:~~~~~:...:=~:~~~~:^^^^^^^^^^#", /* lat  2 */
    "#FF...............:~~~~~:...:~~~~~~~~~~^^^^^^^^#", /* lat  1 */
    "#F..F.............:~~~~~:.*.:~~~~~~~~~~^^^^^^^^#", /* lat  0 */
    "################################################", /* border */
};

/* The characters of the drawing, by terrain.  Frozen rivers and swamps
 * never appear in the drawing (the ice is in the game state). */
static const struct {
    char c;
    const char *name;
} ef_terrain_tab[EF_T_COUNT] = {
    [EF_T_CLEAR] = {'.', "clear"},
    [EF_T_FOREST] = {'F', "forest"},
    [EF_T_MOUNTAIN] = {'^', "mountain"},
    [EF_T_CITY] = {'*', "city"},
    [EF_T_FROZEN_SWAMP] = {'"', "frozen swamp"},
    [EF_T_FROZEN_RIVER] = {'-', "frozen river"},
    [EF_T_SWAMP] = {'%', "swamp"},
    [EF_T_RIVER] = {'=', "river"},
    [EF_T_COAST] = {':', "coastline"},
    [EF_T_ESTUARY] = {'+', "estuary"},
    [EF_T_SEA] = {'~', "sea"},
    [EF_T_BORDER] = {'#', "border"},
};

int ef_terrain_char(int t)
{
    return t >= 0 && t < EF_T_COUNT ? ef_terrain_tab[t].c : '?';
}

const char *ef_terrain_name(int t)
{
    return t >= 0 && t < EF_T_COUNT ? ef_terrain_tab[t].name : "?";
}

int ef_map_terrain(int lon, int lat)
{
    if (lon < 0 || lon >= EF_W || lat < 0 || lat >= EF_H)
        return EF_T_BORDER;
    char c = ef_map_rows[EF_H - lat][EF_W - lon];
    for (int t = 0; t < EF_T_COUNT; t++)
        if (ef_terrain_tab[t].c == c)
            return t;
    return EF_T_BORDER;
}

/* BHX1/BHY1 - BHX2/BHY2: the eleven pairs of land squares with water
 * between them (facts sheet).  Stored as the square whose north or west
 * side is blocked. */
static const uint8_t ef_block_north[][2] = {
    {40, 35}, {39, 35}, {38, 35}, {35, 36}, {34, 36},
    {22, 3}, {15, 6}, {14, 7}, {19, 3},
};
static const uint8_t ef_block_west[][2] = {
    {35, 33}, {14, 7},
};

static int ef_listed(const uint8_t (*tab)[2], int n, int lon, int lat)
{
    for (int i = 0; i < n; i++)
        if (tab[i][0] == lon && tab[i][1] == lat)
            return 1;
    return 0;
}

static const int8_t ef_dlon[4] = {0, -1, 0, 1};
static const int8_t ef_dlat[4] = {1, 0, -1, 0};

void ef_step(int lon, int lat, int dir, int *nlon, int *nlat)
{
    *nlon = lon + ef_dlon[dir & 3];
    *nlat = lat + ef_dlat[dir & 3];
}

int ef_side_blocked(int lon, int lat, int dir)
{
    int nlon, nlat;
    ef_step(lon, lat, dir, &nlon, &nlat);
    int t = ef_map_terrain(nlon, nlat);
    if (t == EF_T_SEA || t == EF_T_BORDER)
        return 1;
    switch (dir) {
    case EF_NORTH:
        return ef_listed(ef_block_north, 9, lon, lat);
    case EF_SOUTH:
        return ef_listed(ef_block_north, 9, nlon, nlat);
    case EF_WEST:
        return ef_listed(ef_block_west, 2, lon, lat);
    default:
        return ef_listed(ef_block_west, 2, nlon, nlat);
    }
}

/* Cities and victory points in the APX edition (facts sheet); Warsaw is
 * the only one German-held at the start. */
const ef_city ef_cities[EF_NCITIES] = {
    {"MOSCOW", 20, 28, 20, 0},
    {"LENINGRAD", 33, 36, 10, 0},
    {"STALINGRAD", 6, 15, 10, 0},
    {"KRASNODAR", 12, 4, 0, 0},
    {"GORKY", 13, 33, 0, 0},
    {"KAZAN", 7, 32, 0, 0},
    {"RIGA", 38, 30, 0, 0},
    {"RZHEV", 24, 28, 0, 0},
    {"SMOLENSK", 26, 24, 0, 0},
    {"KUIBYSHEV", 3, 24, 0, 0},
    {"MINSK", 33, 22, 0, 0},
    {"VORONEZH", 15, 21, 0, 0},
    {"OREL", 21, 21, 0, 0},
    {"KHARKOV", 20, 15, 0, 0},
    {"KIEV", 29, 14, 0, 0},
    {"ROSTOV", 12, 8, 0, 0},
    {"DNEPROPETROVSK", 20, 8, 0, 0},
    {"ODESSA", 26, 5, 0, 0},
    {"SEVASTOPOL", 20, 0, 0, 0},
    {"WARSAW", 44, 19, 0, 1},
};

int ef_city_at(int lon, int lat)
{
    for (int i = 0; i < EF_NCITIES; i++)
        if (ef_cities[i].lon == lon && ef_cities[i].lat == lat)
            return i;
    return -1;
}

int ef_city_find(const char *name)
{
    for (int i = 0; i < EF_NCITIES; i++)
        if (strcasecmp(ef_cities[i].name, name) == 0)
            return i;
    return -1;
}
