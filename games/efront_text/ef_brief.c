/*
 * ef_brief.c - the briefing (issue 21): what a new German commander needs
 * before the first week, in the terms of Crawford's notes - the
 * objective, how the points are counted, zones of control, supply and
 * what terrain costs.  One text for both faces: the B key on the ANSI
 * map, BRIEFING on a teletype; each paragraph is wrapped to the width
 * the face gives.  The figures are the engine's (ef_score, ef_zoc,
 * ef_logistics, the terrain table), so the briefing cannot drift from
 * the rules it explains.  When the score is reckoned and why it can
 * stand still (the armies' part floored at 0) are said here because a
 * campaign that stays at its cities' points for months looks broken
 * otherwise; the notes state the floor, not the words.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "ef_int.h"
#include "ef_play.h"

static const char *const ef_brief_text[] = {
    "THE BRIEFING. JUNE 22, 1941: YOU COMMAND THE GERMAN ARMIES; THE "
    "COMPUTER COMMANDS THE RUSSIANS. THE CAMPAIGN LASTS 45 WEEKS, THE LAST "
    "ONE BEGINNING APRIL 26, 1942.",
    "OBJECTIVE: PROJECT YOUR STRENGTH EAST, DESTROY OR CUT OFF THE RUSSIAN "
    "ARMIES, AND TAKE THE SPECIAL CITIES: MOSCOW 20 POINTS, LENINGRAD 10, "
    "STALINGRAD 10.",
    "POINTS: EACH WEEK EVERY GERMAN UNIT SCORES ITS DISTANCE EAST OF THE "
    "WEST EDGE (PLUS 3) TIMES HALF ITS MUSTER STRENGTH; EVERY RUSSIAN "
    "ARMY TAKES AWAY ITS DISTANCE WEST OF THE EAST EDGE TIMES AN EIGHTH "
    "OF ITS COMBAT STRENGTH. MUSTER, NOT COMBAT, COUNTS FOR YOU, SO WINTER "
    "LOSSES DO NOT PENALIZE AN ADVANCE; COMBAT COUNTS FOR THEM, SO RUSSIANS "
    "OUT OF SUPPLY ARE WORTH LITTLE. THE SUM IS DIVIDED BY 256, THE CITIES "
    "ARE ADDED, AND THE HANDICAP HALVES IT ALL. THE SCORE IS RECKONED ONCE "
    "A WEEK, AS THE NEW WEEK BEGINS. THE ARMIES' PART NEVER COUNTS BELOW 0: "
    "WHILE THE RUSSIANS OUTWEIGH YOUR ARMIES THE SCORE IS THE POINTS OF YOUR "
    "CITIES ALONE, MARKED (CITIES ONLY), AND IT STAYS THERE WEEK AFTER WEEK "
    "UNTIL YOU PUSH EAST AGAIN OR WEAR THE RUSSIANS DOWN. ON A TELETYPE "
    "SCORE SHOWS BOTH PARTS.",
    "ORDERS: UP TO 8 STEPS, N E S W, NO DIAGONALS. A UNIT EXECUTES ITS NEXT "
    "ORDER WHEN ITS CLOCK (32 SUBTURNS A WEEK) REACHES THE COST OF THE "
    "NEXT SQUARE. MOVING INTO AN ENEMY IS AN ATTACK; THE DEFENDER STRIKES "
    "FIRST. MILITIA NEVER MOVE; FINNS NEVER ATTACK.",
    "ZONES OF CONTROL: A SQUARE BESIDE AN ENEMY UNIT (OR BETWEEN TWO AT "
    "ITS CORNERS) IS IN ITS ZONE OF CONTROL, UNLESS A FRIEND STANDS IN IT. "
    "NO UNIT MAY MOVE FROM ONE ENEMY ZONE STRAIGHT INTO ANOTHER.",
    "SUPPLY: EACH WEEK A LINE IS TRACED FROM EVERY UNIT TO ITS HOME EDGE "
    "(YOURS IS THE WEST). ENEMY UNITS AND ZONES BLOCK IT. IN MUD NO "
    "GERMAN IS SUPPLIED; IN SNOW THE FURTHER EAST, THE LESS LIKELY. A UNIT "
    "OUT OF SUPPLY LOSES HALF ITS COMBAT STRENGTH. THE ENCIRCLEMENT THAT "
    "CUTS OFF SUPPLY IS THE CENTRAL GERMAN MANEUVER.",
    "WEATHER: DRY MAY TO SEPTEMBER, MUD IN OCTOBER AND APRIL, SNOW FROM "
    "NOVEMBER TO MARCH.",
    0
};

/* Subturns for infantry and armor to enter the first square of a terrain
 * in a weather, from the engine's own table; 0 if the map has none. */
static int ef_brief_cost(int terrain, int weather, int *inf, int *arm)
{
    static ef_state g;          /* only the weather and the ice are read */
    memset(&g, 0, sizeof g);
    g.weather = (uint8_t)weather;
    g.icelat = EF_H;            /* nothing frozen */
    for (int lat = 0; lat < EF_H; lat++)
        for (int lon = 0; lon < EF_W; lon++)
            if (ef_map_terrain(lon, lat) == terrain) {
                *inf = ef_terrain_cost(&g, 0, lon, lat);
                *arm = ef_terrain_cost(&g, 1, lon, lat);
                return 1;
            }
    return 0;
}

static void ef_brief_terrain(ef_wrap *w)
{
    static const int shown[] = {EF_T_CLEAR, EF_T_FOREST, EF_T_MOUNTAIN,
                                EF_T_CITY, EF_T_SWAMP, EF_T_RIVER,
                                EF_T_COAST, EF_T_ESTUARY};
    char text[600], name[24];
    size_t k = (size_t)snprintf(text, sizeof text, "TERRAIN: SUBTURNS (OF "
                                "32 A WEEK) TO ENTER A SQUARE, INFANTRY/"
                                "ARMOR, DRY:");
    for (size_t i = 0; i < sizeof shown / sizeof *shown; i++) {
        int inf, arm;
        if (!ef_brief_cost(shown[i], EF_DRY, &inf, &arm))
            continue;
        snprintf(name, sizeof name, "%s", ef_terrain_name(shown[i]));
        ef_upper(name);
        k += (size_t)snprintf(text + k, sizeof text - k, "%s %s %d/%d",
                              i ? "," : "", name, inf, arm);
    }
    int mi, ma, si, sa;
    if (ef_brief_cost(EF_T_CLEAR, EF_MUD, &mi, &ma) &&
        ef_brief_cost(EF_T_CLEAR, EF_SNOW, &si, &sa))
        snprintf(text + k, sizeof text - k, ". CLEAR IN MUD %d/%d, IN SNOW "
                 "%d/%d. FORESTS, MOUNTAINS AND CITIES DOUBLE A DEFENDER, "
                 "SWAMPS AND RIVERS HALVE IT; AN ATTACKER ON A RIVER OR "
                 "COAST IS HALVED.", mi, ma, si, sa);
    ef_wrap_text(w, text);
}

int ef_brief_lines(int width, ef_line_fn line, void *ctx)
{
    ef_wrap w = { .line = line, .ctx = ctx, .width = width };
    int n = 0;
    for (int i = 0; ef_brief_text[i]; i++) {
        if (i) {
            line(ctx, "");
            n++;
        }
        int before = w.lines;
        ef_wrap_text(&w, ef_brief_text[i]);
        n += w.lines - before;
        if (i == 5) {           /* after supply: what the ground costs */
            line(ctx, "");
            n++;
            before = w.lines;
            ef_brief_terrain(&w);
            n += w.lines - before;
        }
    }
    return n;
}
