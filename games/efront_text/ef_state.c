/*
 * ef_state.c - a campaign's state: setting it up, looking at it (the unit
 * in the cursor and its card, the path of its orders), the German player's
 * orders with the original's error messages, and the points routine.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "ef_int.h"

/* ERRMSG and TXTTBL of the data module: 32-character fields there, trimmed
 * here.  The notes paraphrase them ("only eight orders allowed", "please
 * wait for Maltakreuze", "That is a Russian unit", "no diagonal moves
 * allowed"); this is the program's own wording.  MILITIA UNITS CAN'T MOVE!
 * is the later cartridge edition's; under the APX rules a German player
 * never owns militia, so THAT IS A RUSSIAN UNIT! comes first. */
const char ef_txt_enter[] = "ENTER YOUR ORDERS";
const char ef_txt_game_over[] = "GAME OVER";
const char ef_txt_figuring[] = "FIGURING MOVE; NO ORDERS ALLOWED";

const char *ef_error_text(int err)
{
    switch (err) {
    case EF_OK: return "";
    case EF_ERR_RUSSIAN: return "THAT IS A RUSSIAN UNIT!";
    case EF_ERR_FULL: return "ONLY 8 ORDERS ARE ALLOWED!";
    case EF_ERR_WAIT: return "PLEASE WAIT FOR MALTAKREUZE!";
    case EF_ERR_DIAGONAL: return "NO DIAGONAL MOVES ALLOWED!";
    case EF_ERR_MILITIA: return "MILITIA UNITS CAN'T MOVE!";
    case EF_ERR_MOVING: return ef_txt_figuring;
    case EF_ERR_OVER: return ef_txt_game_over;
    case EF_ERR_NO_UNIT: return "NO UNIT THERE";
    case EF_ERR_SEA: return "THAT WAY IS SEA: NO ORDER GIVEN";
    case EF_ERR_EDGE: return "THAT WAY IS OFF THE MAP: NO ORDER GIVEN";
    case EF_ERR_BLOCKED: return "NO CROSSING THAT SIDE: NO ORDER GIVEN";
    default: return "NOT NOW";
    }
}

void ef_events_clear(ef_events *e)
{
    if (e)
        e->n = e->dropped = 0;
}

void ef_emit(ef_events *ev, int kind, int unit, int other, int lon, int lat,
             int lon2, int lat2, int a, int b)
{
    if (!ev)
        return;
    if (ev->n >= EF_EVENTS_MAX) {
        ev->dropped++;
        return;
    }
    ef_event *e = &ev->ev[ev->n++];
    e->kind = (uint8_t)kind;
    e->unit = (uint8_t)unit;
    e->other = (uint8_t)other;
    e->lon = (int8_t)lon;
    e->lat = (int8_t)lat;
    e->lon2 = (int8_t)lon2;
    e->lat2 = (int8_t)lat2;
    e->a = (int16_t)a;
    e->b = (int16_t)b;
}

/* ---- Setting up -------------------------------------------------------- */

void ef_occupancy(ef_state *g)
{
    memset(g->occ, 0, sizeof g->occ);
    for (int id = 1; id < EF_NUNITS; id++) {
        const ef_unit *u = &g->u[id];
        if (u->arrive != EF_NEVER && u->arrive <= g->turn && u->combat > 0 &&
            u->lon < EF_W && u->lat < EF_H)
            g->occ[u->lat][u->lon] = (uint8_t)id;
    }
}

/* A new game is the mainline module's initialisation followed by its
 * first NEWTRN (ef_turn.c). */
void ef_new(ef_state *g, uint64_t seed, int handicap, ef_events *ev)
{
    memset(g, 0, sizeof *g);
    ef_rng_seed(&g->rng, seed);
    g->handicap = handicap ? 1 : 0;
    /* PSXVAL: June 15, 1941 and TURN = $FF; NEWTRN's first week makes
     * them June 22 and turn 0. */
    g->day = 15;
    g->month = 6;
    g->year = 1941;
    g->turn = 0xff;
    g->weather = EF_DRY;
    g->icelat = EF_H;           /* ICELAT $27: nothing frozen */
    for (int i = 0; i < EF_NCITIES; i++)
        g->city_german[i] = ef_cities[i].german;
    for (int id = 0; id < EF_NUNITS; id++) {
        const ef_unit_info *t = &ef_units[id];
        ef_unit *u = &g->u[id];
        u->lon = t->lon;
        u->lat = t->lat;
        u->muster = u->combat = t->muster;   /* CSTRNG starts at MSTRNG */
        u->arrive = id == 0 || t->muster == 0 ? EF_NEVER : t->arrive;
        u->exec = EF_EXEC_NONE;
    }
    for (int t = 0; t < EF_LAST_TURN + 2; t++)
        g->history[t] = -1;
    ef_newtrn(g, ev);
}

void ef_clear_board(ef_state *g)
{
    for (int id = 1; id < EF_NUNITS; id++) {
        g->u[id].arrive = EF_NEVER;
        g->u[id].norders = 0;
        g->u[id].exec = EF_EXEC_NONE;
    }
    memset(g->occ, 0, sizeof g->occ);
}

int ef_put_unit(ef_state *g, int id, int lon, int lat, int muster,
                int combat)
{
    if (id < 1 || id >= EF_NUNITS || ef_map_terrain(lon, lat) >= EF_T_SEA ||
        ef_unit_at(g, lon, lat) || muster < 1 || muster > 255 ||
        combat < 1 || combat > muster)
        return -1;
    ef_unit *u = &g->u[id];
    if (ef_on_map(g, id))
        g->occ[u->lat][u->lon] = 0;
    u->lon = (uint8_t)lon;
    u->lat = (uint8_t)lat;
    u->muster = (uint8_t)muster;
    u->combat = (uint8_t)combat;
    u->arrive = 0;              /* on the map since the start */
    u->norders = 0;
    u->exec = EF_EXEC_NONE;
    g->occ[lat][lon] = (uint8_t)id;
    return 0;
}

void ef_set_date(ef_state *g, int year, int month, int day)
{
    g->year = (uint16_t)year;
    g->month = (uint8_t)month;
    g->day = (uint8_t)day;
    g->weather = (uint8_t)ef_weather_of_month(month);
}

/* ---- Looking ------------------------------------------------------------ */

int ef_over(const ef_state *g)
{
    return g->phase == EF_PHASE_OVER;
}

int ef_on_map(const ef_state *g, int id)
{
    if (id < 1 || id >= EF_NUNITS)
        return 0;
    const ef_unit *u = &g->u[id];
    return u->lon < EF_W && u->lat < EF_H && g->occ[u->lat][u->lon] == id;
}

int ef_unit_at(const ef_state *g, int lon, int lat)
{
    if (lon < 0 || lon >= EF_W || lat < 0 || lat >= EF_H)
        return 0;
    return g->occ[lat][lon];
}

int ef_terrain(const ef_state *g, int lon, int lat)
{
    int t = ef_map_terrain(lon, lat);
    if (lat >= g->icelat) {
        if (t == EF_T_RIVER)
            return EF_T_FROZEN_RIVER;
        if (t == EF_T_SWAMP)
            return EF_T_FROZEN_SWAMP;
    }
    return t;
}

int ef_unit_card(const ef_state *g, int id, ef_card *c)
{
    if (!ef_on_map(g, id))
        return -1;
    const ef_unit *u = &g->u[id];
    memset(c, 0, sizeof *c);
    c->id = id;
    ef_unit_name(id, c->name, sizeof c->name);
    c->german = ef_is_german(id);
    c->armor = ef_is_armor(id);
    c->militia = ef_is_militia(id);
    c->muster = u->muster;
    c->combat = u->combat;
    c->lon = u->lon;
    c->lat = u->lat;
    c->norders = u->norders;
    for (int i = 0; i < u->norders; i++)
        c->orders[i] = u->orders[i];
    return 0;
}

int ef_unit_path(const ef_state *g, int id, int lons[EF_MAX_ORDERS],
                 int lats[EF_MAX_ORDERS])
{
    if (!ef_on_map(g, id))
        return 0;
    const ef_unit *u = &g->u[id];
    int lon = u->lon, lat = u->lat, n = 0;
    for (int i = 0; i < u->norders; i++) {
        ef_step(lon, lat, u->orders[i], &lon, &lat);
        if (ef_map_terrain(lon, lat) == EF_T_BORDER)
            break;              /* the arrow stops at the map's edge */
        lons[n] = lon;
        lats[n] = lat;
        n++;
    }
    return n;
}

/* ---- Orders --------------------------------------------------------------- */

static int ef_order_check(const ef_state *g, int id)
{
    if (g->phase == EF_PHASE_OVER)
        return EF_ERR_OVER;
    if (g->phase == EF_PHASE_MOVING)
        return EF_ERR_MOVING;
    if (!ef_on_map(g, id))
        return EF_ERR_NO_UNIT;
    if (!ef_is_german(id))
        return EF_ERR_RUSSIAN;
    return EF_OK;
}

int ef_order_add(ef_state *g, int id, int dir)
{
    int err = ef_order_check(g, id);
    if (err)
        return err;
    ef_unit *u = &g->u[id];
    if (ef_is_militia(id))
        return EF_ERR_MILITIA;
    if (u->norders >= EF_MAX_ORDERS)
        return EF_ERR_FULL;
    if (dir < EF_NORTH || dir > EF_WEST)
        return EF_ERR_DIAGONAL;
    u->orders[u->norders++] = (uint8_t)dir;
    return EF_OK;
}

int ef_order_way(const ef_state *g, int id, int dir)
{
    if (dir < EF_NORTH || dir > EF_WEST || !ef_on_map(g, id))
        return EF_OK;           /* other checks say what is wrong */
    const ef_unit *u = &g->u[id];
    int lon = u->lon, lat = u->lat;
    for (int i = 0; i < u->norders; i++) {
        int nlon, nlat;
        ef_step(lon, lat, u->orders[i], &nlon, &nlat);
        if (ef_map_terrain(nlon, nlat) >= EF_T_SEA)
            break;              /* an old order that stops here */
        lon = nlon;
        lat = nlat;
    }
    int nlon, nlat;
    ef_step(lon, lat, dir, &nlon, &nlat);
    int t = ef_map_terrain(nlon, nlat);
    if (t == EF_T_BORDER)
        return EF_ERR_EDGE;
    if (t == EF_T_SEA)
        return EF_ERR_SEA;
    if (ef_side_blocked(lon, lat, dir))
        return EF_ERR_BLOCKED;
    return EF_OK;
}

int ef_order_give(ef_state *g, int id, int dir)
{
    int err = ef_order_check(g, id);
    if (err)
        return err;
    if (ef_is_militia(id))
        return EF_ERR_MILITIA;
    if (g->u[id].norders >= EF_MAX_ORDERS)
        return EF_ERR_FULL;
    if (dir < EF_NORTH || dir > EF_WEST)
        return EF_ERR_DIAGONAL;
    err = ef_order_way(g, id, dir);
    return err ? err : ef_order_add(g, id, dir);
}

int ef_order_clear(ef_state *g, int id)
{
    int err = ef_order_check(g, id);
    if (err)
        return err;
    g->u[id].norders = 0;
    return EF_OK;
}

int ef_order_set(ef_state *g, int id, const uint8_t *dirs, int n)
{
    if (g->phase != EF_PHASE_ORDERS)
        return g->phase == EF_PHASE_OVER ? EF_ERR_OVER : EF_ERR_MOVING;
    if (!ef_on_map(g, id))
        return EF_ERR_NO_UNIT;
    if (n > EF_MAX_ORDERS)
        return EF_ERR_FULL;
    if (n > 0 && ef_is_militia(id))
        return EF_ERR_MILITIA;
    for (int i = 0; i < n; i++)
        if (dirs[i] > EF_WEST)
            return EF_ERR_DIAGONAL;
    ef_unit *u = &g->u[id];
    memcpy(u->orders, dirs, (size_t)n);
    u->norders = (uint8_t)n;
    return EF_OK;
}

/* ---- Points (mainline lines 4070-4760) ----------------------------------- */

void ef_score_parts(const ef_state *g, long *armies, int *cities)
{
    /* German muster projected east and Russian combat strength projected
     * west, each a distance times a strength; "$30 - CORPSX" is the
     * distance from the west edge plus 3.  Muster for the Germans so that
     * winter's supply losses do not cost points; combat for the Russians so
     * that starving them does earn points. */
    long acc = 0;
    for (int id = 1; id < EF_NUNITS; id++) {
        if (!ef_on_map(g, id))
            continue;
        const ef_unit *u = &g->u[id];
        if (ef_is_german(id))
            acc += (long)(0x30 - u->lon) * (u->muster / 2);
        else
            acc -= (long)u->lon * (u->combat / 8);
    }
    *armies = acc / 256;
    *cities = 0;
    for (int i = 0; i < EF_NCITIES; i++)
        if (g->city_german[i])
            *cities += ef_cities[i].points;
}

int ef_score(const ef_state *g)
{
    long armies;
    int cities;
    ef_score_parts(g, &armies, &cities);
    long s = (armies < 0 ? 0 : armies) + cities;    /* never below zero */
    if (g->handicap)
        s /= 2;
    return (int)s;
}

int ef_count_units(const ef_state *g, int german)
{
    int n = 0;
    for (int id = 1; id < EF_NUNITS; id++)
        if (ef_on_map(g, id) && ef_is_german(id) == !!german)
            n++;
    return n;
}

int ef_count_cities(const ef_state *g, int german)
{
    int n = 0;
    for (int i = 0; i < EF_NCITIES; i++)
        if (!!g->city_german[i] == !!german)
            n++;
    return n;
}

/* ---- Events as text --------------------------------------------------- */

char *ef_event_text(const ef_event *e, char *buf, size_t size)
{
    char a[24], b[24];
    ef_unit_name(e->unit, a, sizeof a);
    ef_unit_name(e->other, b, sizeof b);
    static const char *const death[] = {"DESTROYED", "DESTROYED IN RETREAT",
                                        "DESTROYED: NO SUPPLY"};
    switch (e->kind) {
    case EF_EV_MOVE:
        snprintf(buf, size, "%s MOVES TO %d,%d", a, e->lon2, e->lat2);
        break;
    case EF_EV_JAM:
        snprintf(buf, size, "%s WAITS (%s)", a,
                 e->a ? "ZONE OF CONTROL" : "TRAFFIC");
        break;
    case EF_EV_COMBAT:
        snprintf(buf, size, "%s ATTACKS %s%s%s", a, b,
                 e->a ? ", IS HIT" : "", e->b ? ", HITS" : "");
        break;
    case EF_EV_BREAK:
        snprintf(buf, size, "%s BREAKS", a);
        break;
    case EF_EV_RETREAT:
        snprintf(buf, size, "%s RETREATS TO %d,%d", a, e->lon2, e->lat2);
        break;
    case EF_EV_NO_RETREAT:
        snprintf(buf, size, "%s CANNOT RETREAT", a);
        break;
    case EF_EV_DEATH:
        snprintf(buf, size, "%s %s", a, death[e->a % 3]);
        break;
    case EF_EV_CAPTURE:
        snprintf(buf, size, "%s TAKES %s", a,
                 e->a >= 0 && e->a < EF_NCITIES ? ef_cities[e->a].name : "?");
        break;
    case EF_EV_ARRIVE:
        snprintf(buf, size, "%s ARRIVES AT %d,%d", a, e->lon, e->lat);
        break;
    case EF_EV_DELAYED:
        snprintf(buf, size, "%s DELAYED", a);
        break;
    case EF_EV_SUPPLY:
        snprintf(buf, size, "%s OUT OF SUPPLY, LOSES %d", a, e->a);
        break;
    case EF_EV_DATE:
        snprintf(buf, size, "NEW WEEK: %s", ef_weather_name(e->a));
        break;
    case EF_EV_ICE:
        snprintf(buf, size, "ICE LINE %d TO %d", e->a, e->b);
        break;
    case EF_EV_SCORE:
        snprintf(buf, size, "SCORE %d", e->a);
        break;
    case EF_EV_GAME_OVER:
        snprintf(buf, size, "%s  SCORE %d", ef_txt_game_over, e->a);
        break;
    default:
        snprintf(buf, size, "?");
    }
    return buf;
}
