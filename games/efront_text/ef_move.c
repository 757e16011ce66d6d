/*
 * ef_move.c - movement: the terrain table (TRNTAB) and DINGO's lookup in
 * it, zones of control (CHKZOC), putting units on and off squares
 * (SWITCH) and the death routine (DEAD).  The subturn loop that uses them
 * is in ef_turn.c.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "ef_int.h"

/*
 * Subturns (of 32 a turn) to enter a square, by weather, infantry/armor
 * and terrain: the terrain values table on page 63.  One printed value
 * disagrees with the original program's data (facts sheet): infantry
 * entering a city in dry weather costs 8, not the 18 the page prints.
 * 0 marks the frozen rows outside winter, where they cannot occur.
 */
static const uint8_t ef_trntab[3][2][9] = {
    /* clear mtn/for city frz-sw frz-rv swamp river coast estuary */
    [EF_DRY] = {{6, 12, 8, 0, 0, 18, 14, 8, 20},
                {4, 8, 6, 0, 0, 18, 13, 6, 16}},
    [EF_MUD] = {{24, 30, 24, 0, 0, 30, 30, 26, 28},
                {30, 30, 30, 0, 0, 30, 30, 30, 30}},
    [EF_SNOW] = {{10, 16, 10, 12, 12, 24, 28, 12, 24},
                 {6, 10, 8, 8, 8, 24, 28, 8, 20}},
};

/* The table's row for a terrain (forest and mountain share one). */
static int ef_trn_row(int t)
{
    static const int8_t row[EF_T_COUNT] = {
        [EF_T_CLEAR] = 0, [EF_T_FOREST] = 1, [EF_T_MOUNTAIN] = 1,
        [EF_T_CITY] = 2, [EF_T_FROZEN_SWAMP] = 3, [EF_T_FROZEN_RIVER] = 4,
        [EF_T_SWAMP] = 5, [EF_T_RIVER] = 6, [EF_T_COAST] = 7,
        [EF_T_ESTUARY] = 8, [EF_T_SEA] = -1, [EF_T_BORDER] = -1,
    };
    return t >= 0 && t < EF_T_COUNT ? row[t] : -1;
}

/* DEFNC and OFFNC, the terrain table's last two columns. */
int ef_defence_value(int t)
{
    static const uint8_t defnc[9] = {2, 3, 3, 2, 2, 2, 1, 1, 2};
    int r = ef_trn_row(t);
    return r < 0 ? 2 : defnc[r];
}

int ef_offence_halved(int t)
{
    return t == EF_T_RIVER || t == EF_T_COAST;
}

static int ef_adjacent_dir(int lon, int lat, int lon2, int lat2)
{
    for (int d = 0; d < 4; d++) {
        int x, y;
        ef_step(lon, lat, d, &x, &y);
        if (x == lon2 && y == lat2)
            return d;
    }
    return -1;
}

int ef_terrain_cost(const ef_state *g, int armor, int lon, int lat)
{
    int r = ef_trn_row(ef_terrain(g, lon, lat));
    if (r < 0)
        return 255;             /* TRNTAB's 128: never entered */
    int cost = ef_trntab[g->weather][!!armor][r];
    if (cost == 0)              /* ice lingering into April's mud: the */
        cost = ef_trntab[g->weather][!!armor][r + 2]; /* thawed row */
    return cost;
}

int ef_move_cost(const ef_state *g, int id, int lon2, int lat2)
{
    const ef_unit *u = &g->u[id];
    int d = ef_adjacent_dir(u->lon, u->lat, lon2, lat2);
    if (d >= 0 && ef_side_blocked(u->lon, u->lat, d))
        return 255;
    return ef_terrain_cost(g, ef_is_armor(id), lon2, lat2);
}

void ef_dingo(ef_state *g, int id)
{
    ef_unit *u = &g->u[id];
    if (u->norders == 0) {
        u->exec = EF_EXEC_NONE;
        return;
    }
    int lon, lat;
    ef_step(u->lon, u->lat, u->orders[0], &lon, &lat);
    int cost = ef_move_cost(g, id, lon, lat);
    /* a blocked order is never executed: the unit stands, orders kept,
     * as the original's EXEC of $FF left it */
    u->exec = cost == 255 ? EF_EXEC_NONE : (uint8_t)(g->tick + cost);
}

/*
 * CHKZOC: is there an enemy zone of control over (lon, lat) for unit id?
 * An enemy in the square makes it 2 at once; a friendly unit other than id
 * in it cancels all control; otherwise the walk around the square (JSTP+16)
 * adds 1 for an enemy on a corner and 2 for one on a side.
 */
int ef_zoc(const ef_state *g, int id, int lon, int lat)
{
    int occ = ef_unit_at(g, lon, lat);
    if (occ && !ef_same_side(occ, id))
        return 2;
    if (occ && occ != id)
        return 0;
    int zoc = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            if (!dx && !dy)
                continue;
            int o = ef_unit_at(g, lon + dx, lat + dy);
            if (o && !ef_same_side(o, id))
                zoc += dx && dy ? 1 : 2;
        }
    return zoc;
}

/* SWITCH twice: off the old square, onto the new one.  A city changes
 * hands when a unit of the other side enters it (lines 5930-6060). */
void ef_place(ef_state *g, int id, int lon, int lat, ef_events *ev)
{
    ef_unit *u = &g->u[id];
    if (u->lon < EF_W && u->lat < EF_H && g->occ[u->lat][u->lon] == id)
        g->occ[u->lat][u->lon] = 0;
    u->lon = (uint8_t)lon;
    u->lat = (uint8_t)lat;
    g->occ[lat][lon] = (uint8_t)id;
    int c = ef_city_at(lon, lat);
    if (c >= 0 && g->city_german[c] != ef_is_german(id)) {
        g->city_german[c] = (uint8_t)ef_is_german(id);
        ef_emit(ev, EF_EV_CAPTURE, id, 0, lon, lat, lon, lat, c, 0);
    }
}

/* DEAD: "his combat strength, muster strength, and orders must be zeroed.
 * His execution time and arrival times ... set to nonsense values to
 * preclude his reincarnation.  Finally, the body must be removed." */
void ef_kill(ef_state *g, int id, int cause, ef_events *ev)
{
    ef_unit *u = &g->u[id];
    if (u->lon < EF_W && u->lat < EF_H && g->occ[u->lat][u->lon] == id)
        g->occ[u->lat][u->lon] = 0;
    ef_emit(ev, EF_EV_DEATH, id, 0, u->lon, u->lat, u->lon, u->lat, cause, 0);
    u->muster = u->combat = 0;
    u->norders = 0;
    u->exec = EF_EXEC_NONE;
    u->arrive = EF_NEVER;
}
