/*
 * ef_supply.c - logistics (LOGSTC in the combat module).  "Start at the
 * location of each unit and trace a line from that unit to the appropriate
 * edge of the map without encountering a blocking square", counting the
 * blocked squares met and giving up past a limit that depends on the
 * nationality and the season.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "ef_int.h"

/* The trace (LOOP90/LOOP91): step toward home; a step off the map or
 * (for a Russian) onto open sea costs 1, a step into an enemy zone of
 * control costs 2, and after a blocked step a random north or south step
 * is tried from the same square.  Reaching the home edge is supply. */
static int ef_trace(const ef_state *g, int id, int limit, ef_rng *rng)
{
    const ef_unit *u = &g->u[id];
    int german = ef_is_german(id);
    int home = german ? EF_WEST : EF_EAST;
    int x = u->lon, y = u->lat, dir = home, cost = 0;
    /* each pass moves home, moves north/south once after a cost, or
     * costs at least 1, so 4 * (EF_W + limit) passes always suffice */
    for (int guard = 0; guard < 4 * (EF_W + limit); guard++) {
        int nx, ny;
        ef_step(x, y, dir, &nx, &ny);
        if (dir == home && (german ? nx >= EF_W : nx < 0))
            return 1;
        int t = ef_map_terrain(nx, ny), c = 0;
        if (t == EF_T_BORDER || (!german && t == EF_T_SEA))
            c = 1;
        else if (ef_zoc(g, id, nx, ny) >= 2)
            c = 2;
        if (!c) {
            x = nx;
            y = ny;
            dir = home;
            continue;
        }
        cost += c;
        if (cost >= limit)
            return 0;
        dir = ef_rng_byte(rng) & 2 ? EF_SOUTH : EF_NORTH;
    }
    return 0;
}

/* The limit: 24, German in snow 16; German in mud: no supply at all.
 * Germans in snow must also pass "a rather odd calculation": quadruple the
 * longitude, add $4A, and compare with a random byte, so a corps on the
 * west edge is supplied 99 times in 100 and one at the east edge 30. */
static int ef_limit(const ef_state *g, int id, ef_rng *rng, int winter_test)
{
    if (!ef_is_german(id))
        return 24;
    if (g->weather == EF_MUD)
        return 0;
    if (g->weather == EF_SNOW) {
        if (winter_test && ef_rng_byte(rng) > 4 * g->u[id].lon + 0x4a)
            return 0;
        return 16;
    }
    return 24;
}

void ef_logistics(ef_state *g, int id, ef_events *ev)
{
    int limit = ef_limit(g, id, &g->rng, 1);
    ef_unit *u = &g->u[id];
    if (limit && ef_trace(g, id, limit, &g->rng)) {
        /* "any Russian units in supply have two points added to their
         * muster strength.  This is a Russian advantage." (capped at the
         * byte the original kept it in) */
        if (!ef_is_german(id))
            u->muster = (uint8_t)(u->muster + 2 > 255 ? 255 : u->muster + 2);
        return;
    }
    int lost = u->combat - u->combat / 2;
    ef_emit(ev, EF_EV_SUPPLY, id, 0, u->lon, u->lat, u->lon, u->lat, lost, 0);
    if (u->combat / 2 == 0)
        ef_kill(g, id, EF_DIED_SUPPLY, ev);
    else
        u->combat = (uint8_t)(u->combat / 2);
}

int ef_supply_traced(const ef_state *g, int id)
{
    if (!ef_on_map(g, id))
        return 0;
    ef_rng r = g->rng;          /* a copy: looking changes nothing */
    int limit = ef_limit(g, id, &r, 0);
    return limit && ef_trace(g, id, limit, &r);
}
