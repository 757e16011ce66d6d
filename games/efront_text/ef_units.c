/*
 * ef_units.c - the unit characteristics chart (pages 56-58 of the notes):
 * the eight parameters that "completely determine the state of a military
 * unit", row for row.  Rows 1-54 are the German side (with its Finnish,
 * Rumanian, Italian and Hungarian allies), 55-159 the Russian armies.
 * Row 0 and row 159 are the table's placeholders (muster 0): row 0 is
 * never looked at and 159 never reaches the map.  An ARRIVE of 255 is the
 * notes' "postpone beyond reasonable limits": those units never come.
 *
 * Kept as printed, including two oddities a reader may trip on:
 *  - 148 (36 INFANTRY ARMY) has SWAP 254, the armor character, so it moves
 *    as armor, as the original's DINGO would have it;
 *  - a few rows share a square with a later arrival (e.g. 71 and 117 at
 *    21,28); the later one enters when the square is free.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>

#include "ef.h"

const ef_unit_info ef_units[EF_NUNITS] = {
    /*  #    CORPNO X   Y  MSTRNG SWAP ARRIVE CORPT  name */
    /*   0 */ {  0,  0,  0,   0,   0, 255,   0, "INFANTRY CORPS"},
    /*   1 */ { 24, 40, 20, 203, 126,   0,   3, "PANZER CORPS"},
    /*   2 */ { 39, 40, 19, 205, 126, 255,   3, "PANZER CORPS"},
    /*   3 */ { 46, 40, 18, 192, 126,   0,   3, "PANZER CORPS"},
    /*   4 */ { 47, 40, 17, 199, 126,   0,   3, "PANZER CORPS"},
    /*   5 */ { 57, 40, 16, 184, 126,   0,   3, "PANZER CORPS"},
    /*   6 */ {  5, 41, 20, 136, 125,   0,   0, "INFANTRY CORPS"},
    /*   7 */ {  6, 40, 19, 127, 125,   0,   0, "INFANTRY CORPS"},
    /*   8 */ {  7, 41, 18, 150, 125,   0,   0, "INFANTRY CORPS"},
    /*   9 */ {  8, 41, 17, 129, 125,   0,   0, "INFANTRY CORPS"},
    /*  10 */ {  9, 41, 16, 136, 125,   0,   0, "INFANTRY CORPS"},
    /*  11 */ { 12, 42, 20, 109, 125, 255,   0, "INFANTRY CORPS"},
    /*  12 */ { 13, 42, 19,  72, 125, 255,   0, "INFANTRY CORPS"},
    /*  13 */ { 20, 42, 18,  70, 125, 255,   0, "INFANTRY CORPS"},
    /*  14 */ { 42, 42, 17,  81, 125, 255,   0, "INFANTRY CORPS"},
    /*  15 */ { 43, 43, 19, 131, 125, 255,   0, "INFANTRY CORPS"},
    /*  16 */ { 53, 43, 18, 102, 125, 255,   0, "INFANTRY CORPS"},
    /*  17 */ {  3, 43, 17,  53, 125, 255,  64, "ITAL INF CORPS"},
    /*  18 */ { 41, 41, 23, 198, 126,   0,   3, "PANZER CORPS"},
    /*  19 */ { 56, 40, 22, 194, 126,   0,   3, "PANZER CORPS"},
    /*  20 */ {  1, 40, 21, 129, 125,   0,   0, "INFANTRY CORPS"},
    /*  21 */ {  2, 41, 21, 123, 125,   0,   0, "INFANTRY CORPS"},
    /*  22 */ { 10, 41, 22, 101, 125,   0,   0, "INFANTRY CORPS"},
    /*  23 */ { 26, 42, 22, 104, 125,   0,   0, "INFANTRY CORPS"},
    /*  24 */ { 28, 42, 23, 112, 125,   0,   0, "INFANTRY CORPS"},
    /*  25 */ { 38, 42, 24, 120, 125,   0,   0, "INFANTRY CORPS"},
    /*  26 */ {  3, 40, 15, 202, 126,   0,   3, "PANZER CORPS"},
    /*  27 */ { 14, 41, 14, 195, 126,   0,   3, "PANZER CORPS"},
    /*  28 */ { 48, 42, 13, 191, 126,   0,   3, "PANZER CORPS"},
    /*  29 */ { 52, 41, 15,  72, 126, 255,   3, "PANZER CORPS"},
    /*  30 */ { 49, 42, 14, 140, 125,   0,   0, "INFANTRY CORPS"},
    /*  31 */ {  4, 42, 12, 142, 125,   0,   0, "INFANTRY CORPS"},
    /*  32 */ { 17, 43, 13, 119, 125,   0,   0, "INFANTRY CORPS"},
    /*  33 */ { 29, 41, 15, 111, 125,   0,   0, "INFANTRY CORPS"},
    /*  34 */ { 44, 42, 16, 122, 125, 255,   0, "INFANTRY CORPS"},
    /*  35 */ { 55, 43, 16,  77, 125, 255,   0, "INFANTRY CORPS"},
    /*  36 */ {  1, 30,  2,  97, 125,   0,  48, "RUM INF CORPS"},
    /*  37 */ {  2, 30,  3,  96, 125,   0,  48, "RUM INF CORPS"},
    /*  38 */ {  4, 31,  4,  92, 125,   0,  48, "RUM INF CORPS"},
    /*  39 */ { 11, 33,  6, 125, 125,   0,   0, "INFANTRY CORPS"},
    /*  40 */ { 30, 35,  7, 131, 125,   0,   0, "INFANTRY CORPS"},
    /*  41 */ { 54, 37,  8, 106, 125,   0,   0, "INFANTRY CORPS"},
    /*  42 */ {  2, 35, 38, 112, 125,   0,  32, "FINN INF CORPS"},
    /*  43 */ {  4, 36, 37, 104, 125,   0,  32, "FINN INF CORPS"},
    /*  44 */ {  6, 36, 38, 101, 125, 255,  32, "FINN INF CORPS"},
    /*  45 */ { 40, 45, 20, 210, 126,   2,   3, "PANZER CORPS"},
    /*  46 */ { 27, 45, 15,  97, 125, 255,   0, "INFANTRY CORPS"},
    /*  47 */ {  1, 38,  8,  98, 126,   2,  83, "HUN PZR CORPS"},
    /*  48 */ { 23, 45, 16,  95, 125,   5,   0, "INFANTRY CORPS"},
    /*  49 */ {  5, 31,  1,  52, 125,   6,  48, "RUM INF CORPS"},
    /*  50 */ { 34, 45, 20,  98, 125,   9,   0, "INFANTRY CORPS"},
    /*  51 */ { 35, 45, 19,  96, 125,  10,   0, "INFANTRY CORPS"},
    /*  52 */ {  4, 32,  1,  55, 125,  11,  64, "ITAL INF CORPS"},
    /*  53 */ { 51, 45, 17, 104, 125,  20,   0, "INFANTRY CORPS"},
    /*  54 */ { 50, 45, 18, 101, 126,  24,   7, "PZR GRNDR CORPS"},
    /*  55 */ {  7, 29, 32, 100, 253,   4,   4, "MILITIA ARMY"},
    /*  56 */ { 11, 27, 31, 103, 253,   5,   4, "MILITIA ARMY"},
    /*  57 */ { 41, 24, 38, 110, 253,   7,   0, "INFANTRY ARMY"},
    /*  58 */ { 42, 23, 38, 101, 253,   9,   0, "INFANTRY ARMY"},
    /*  59 */ { 43, 20, 38,  92, 253,  11,   0, "INFANTRY ARMY"},
    /*  60 */ { 44, 15, 38, 103, 253,  13,   0, "INFANTRY ARMY"},
    /*  61 */ { 45,  0, 20, 105, 253,   7,   0, "INFANTRY ARMY"},
    /*  62 */ { 46,  0,  8, 107, 253,  12,   0, "INFANTRY ARMY"},
    /*  63 */ { 47,  0, 18, 111, 253,   8,   0, "INFANTRY ARMY"},
    /*  64 */ { 48,  0, 10,  88, 253,  10,   0, "INFANTRY ARMY"},
    /*  65 */ {  9,  0, 14, 117, 254,  10,   1, "TANK ARMY"},
    /*  66 */ { 13,  0, 33,  84, 254,  14,   1, "TANK ARMY"},
    /*  67 */ { 14,  0, 11, 109, 254,  15,   1, "TANK ARMY"},
    /*  68 */ { 15,  0, 15,  89, 254,  16,   1, "TANK ARMY"},
    /*  69 */ { 16,  0, 20, 105, 254,  18,   1, "TANK ARMY"},
    /*  70 */ {  7,  0, 10,  93, 254,   7,   2, "CAV ARMY"},
    /*  71 */ {  2, 21, 28,  62, 254,   0,   1, "TANK ARMY"},
    /*  72 */ { 19, 21, 27, 104, 253,   0,   0, "INFANTRY ARMY"},
    /*  73 */ { 18, 30, 14, 101, 253,   0,   0, "INFANTRY ARMY"},
    /*  74 */ {  1, 30, 13,  67, 254,   0,   2, "CAV ARMY"},
    /*  75 */ { 27, 39, 28, 104, 253,   0,   0, "INFANTRY ARMY"},
    /*  76 */ { 10, 38, 28,  84, 254,   0,   1, "TANK ARMY"},
    /*  77 */ { 22, 23, 31, 127, 253,   0,   0, "INFANTRY ARMY"},
    /*  78 */ { 21, 19, 24, 112, 253,   0,   0, "INFANTRY ARMY"},
    /*  79 */ { 13, 34, 22, 111, 253,   0,   0, "INFANTRY ARMY"},
    /*  80 */ {  6, 34, 21,  91, 254,   0,   1, "TANK ARMY"},
    /*  81 */ {  9, 31, 34,  79, 253,   0,   4, "MILITIA ARMY"},
    /*  82 */ {  2, 27,  6,  69, 253,   0,   0, "INFANTRY ARMY"},
    /*  83 */ {  1, 33, 37, 108, 253,   0,   4, "MILITIA ARMY"},
    /*  84 */ {  8, 41, 24, 118, 253,   0,   0, "INFANTRY ARMY"},
    /*  85 */ { 11, 40, 23, 137, 253,   0,   0, "INFANTRY ARMY"},
    /*  86 */ {  1, 39, 23,  70, 254,   0,   1, "TANK ARMY"},
    /*  87 */ {  7, 42, 25,  85, 254,   0,   1, "TANK ARMY"},
    /*  88 */ {  3, 39, 20, 130, 253,   0,   0, "INFANTRY ARMY"},
    /*  89 */ {  4, 39, 22,  91, 253,   0,   0, "INFANTRY ARMY"},
    /*  90 */ { 10, 39, 18, 131, 253,   0,   0, "INFANTRY ARMY"},
    /*  91 */ {  5, 39, 17,  71, 254,   0,   1, "TANK ARMY"},
    /*  92 */ {  8, 39, 21,  86, 254,   0,   1, "TANK ARMY"},
    /*  93 */ {  3, 37, 20,  75, 254,   0,   2, "CAV ARMY"},
    /*  94 */ {  6, 39, 19,  90, 254,   0,   2, "CAV ARMY"},
    /*  95 */ {  5, 39, 16, 123, 253,   0,   0, "INFANTRY ARMY"},
    /*  96 */ {  6, 39, 15, 124, 253,   0,   0, "INFANTRY ARMY"},
    /*  97 */ { 12, 40, 14, 151, 253,   0,   0, "INFANTRY ARMY"},
    /*  98 */ { 26, 41, 13, 128, 253,   0,   0, "INFANTRY ARMY"},
    /*  99 */ {  3, 41, 12,  88, 254,   0,   1, "TANK ARMY"},
    /* 100 */ {  4, 39, 11,  77, 254,   0,   1, "TANK ARMY"},
    /* 101 */ { 11, 36,  9,  79, 254,   0,   1, "TANK ARMY"},
    /* 102 */ {  5, 34,  8,  80, 254,   0,   2, "CAV ARMY"},
    /* 103 */ {  9, 32,  6, 126, 253,   0,   0, "INFANTRY ARMY"},
    /* 104 */ { 12, 35,  9,  79, 254,   0,   1, "TANK ARMY"},
    /* 105 */ {  4, 30,  4,  91, 254,   0,   2, "CAV ARMY"},
    /* 106 */ {  2, 28,  2,  84, 254,   0,   2, "CAV ARMY"},
    /* 107 */ {  7, 25,  6,  72, 253,   1,   0, "INFANTRY ARMY"},
    /* 108 */ {  2, 29, 14,  86, 253,   1,   4, "MILITIA ARMY"},
    /* 109 */ { 14, 32, 22,  76, 253,   1,   0, "INFANTRY ARMY"},
    /* 110 */ {  4, 33, 36,  99, 253,   1,   4, "MILITIA ARMY"},
    /* 111 */ { 15, 26, 23,  67, 253,   1,   0, "INFANTRY ARMY"},
    /* 112 */ { 16, 21,  8,  78, 253,   2,   0, "INFANTRY ARMY"},
    /* 113 */ { 20, 29, 33, 121, 253,   2,   0, "INFANTRY ARMY"},
    /* 114 */ {  6,  0, 28, 114, 253,   2,   0, "INFANTRY ARMY"},
    /* 115 */ { 24, 28, 30, 105, 253,   3,   0, "INFANTRY ARMY"},
    /* 116 */ { 40, 21, 20, 122, 253,   3,   0, "INFANTRY ARMY"},
    /* 117 */ { 29, 21, 28, 127, 253,   4,   0, "INFANTRY ARMY"},
    /* 118 */ { 30, 21, 33, 129, 253,   4,   0, "INFANTRY ARMY"},
    /* 119 */ { 31, 20, 27, 105, 253,   5,   0, "INFANTRY ARMY"},
    /* 120 */ { 32, 20, 30, 111, 253,   5,   0, "INFANTRY ARMY"},
    /* 121 */ { 33, 12,  8, 112, 253,   6,   0, "INFANTRY ARMY"},
    /* 122 */ { 37,  0, 10, 127, 253,   6,   0, "INFANTRY ARMY"},
    /* 123 */ { 43,  0, 32, 119, 253,   7,   0, "INFANTRY ARMY"},
    /* 124 */ { 49,  0, 11,  89, 253,   8,   0, "INFANTRY ARMY"},
    /* 125 */ { 50,  0, 25, 108, 253,   8,   0, "INFANTRY ARMY"},
    /* 126 */ { 52,  0, 12, 113, 253,   8,   0, "INFANTRY ARMY"},
    /* 127 */ { 54,  0, 23, 105, 253,   9,   0, "INFANTRY ARMY"},
    /* 128 */ { 55,  0, 13,  94, 253,   9,   0, "INFANTRY ARMY"},
    /* 129 */ {  1, 21, 29, 103, 254,   5, 114, "GD CAV ARMY"},
    /* 130 */ { 34, 25, 30,  97, 253,   5,   0, "INFANTRY ARMY"},
    /* 131 */ {  1,  0, 31, 108, 253,   2, 112, "GD INF ARMY"},
    /* 132 */ {  2,  0, 15, 110, 253,   9, 112, "GD INF ARMY"},
    /* 133 */ {  3,  0, 27, 111, 253,  10, 112, "GD INF ARMY"},
    /* 134 */ {  4,  0, 17,  96, 253,  10, 112, "GD INF ARMY"},
    /* 135 */ { 39,  0, 25, 109, 253,   6,   0, "INFANTRY ARMY"},
    /* 136 */ { 59,  0, 11, 112, 253,  11,   0, "INFANTRY ARMY"},
    /* 137 */ { 60,  0, 23,  95, 253,   5,   0, "INFANTRY ARMY"},
    /* 138 */ { 61,  0, 19,  93, 253,  17,   0, "INFANTRY ARMY"},
    /* 139 */ {  2,  0, 21, 114, 254,   2, 114, "GD CAV ARMY"},
    /* 140 */ {  1,  0, 33, 103, 254,  11,   1, "TANK ARMY"},
    /* 141 */ {  1,  0, 28, 107, 254,  20, 113, "GD TANK ARMY"},
    /* 142 */ {  5,  0, 13, 105, 253,  21, 112, "GD INF ARMY"},
    /* 143 */ {  2,  0, 26,  92, 254,  22,   1, "TANK ARMY"},
    /* 144 */ {  6,  0, 10, 109, 253,  23, 112, "GD INF ARMY"},
    /* 145 */ {  3,  0, 29, 101, 254,  24,   1, "TANK ARMY"},
    /* 146 */ {  4,  0, 35, 106, 254,  26,   1, "TANK ARMY"},
    /* 147 */ { 38,  0, 27,  95, 253,  28,   0, "INFANTRY ARMY"},
    /* 148 */ { 36,  0, 15,  99, 254,  30,   0, "INFANTRY ARMY"},
    /* 149 */ { 35, 38, 30, 101, 253,   2,   0, "INFANTRY ARMY"},
    /* 150 */ { 28, 21, 22, 118, 253,   3,   0, "INFANTRY ARMY"},
    /* 151 */ { 25, 12,  8, 106, 253,   3,   0, "INFANTRY ARMY"},
    /* 152 */ { 23, 20, 13, 112, 253,   3,   0, "INFANTRY ARMY"},
    /* 153 */ { 17, 21, 14, 104, 253,   3,   0, "INFANTRY ARMY"},
    /* 154 */ {  8, 20, 28, 185, 253,   6,   4, "MILITIA ARMY"},
    /* 155 */ { 10, 15,  3, 108, 253,   6,   4, "MILITIA ARMY"},
    /* 156 */ {  3, 21,  3,  94, 253,   4,   4, "MILITIA ARMY"},
    /* 157 */ {  5, 20,  3, 102, 253,   4,   4, "MILITIA ARMY"},
    /* 158 */ {  6, 19,  2,  98, 253,   4,   4, "MILITIA ARMY"},
    /* 159 */ {  0,  0,  0,   0, 255,  32,   0, "INFANTRY ARMY"},
};

int ef_is_german(int id)
{
    return id >= 1 && id < EF_FIRST_RUSSIAN;
}

int ef_is_armor(int id)
{
    return (ef_units[id].swap & 0x7f) == 126;
}

/* CORPT: the low nibble is the kind (0 infantry, 1 tank, 2 cavalry,
 * 3 panzer, 4 militia, 7 panzergrenadier), the high nibble the
 * nationality or corps (2 Finnish, 3 Rumanian, 4 Italian, 5 Hungarian,
 * 7 Guards). */
int ef_is_militia(int id)
{
    return !ef_is_german(id) && (ef_units[id].corpt & 0x0f) == 4;
}

int ef_is_finnish(int id)
{
    return ef_is_german(id) && (ef_units[id].corpt & 0xf0) == 0x20;
}

int ef_is_ally(int id)
{
    return ef_is_german(id) && (ef_units[id].corpt & 0xf0) != 0;
}

char *ef_unit_name(int id, char *buf, size_t size)
{
    if (id < 1 || id >= EF_NUNITS)
        snprintf(buf, size, "NO UNIT");
    else
        snprintf(buf, size, "%d %s", ef_units[id].number, ef_units[id].kind);
    return buf;
}
