/*
 * ef_turn.c - the mainline module's turn loop.  NEWTRN does a week's
 * bookkeeping (calendar, seasons and ice, reinforcements, logistics,
 * points, the end of the game); then the players give orders; then the
 * movement execution phase runs 32 subturns (LOOP33 over subturns, LOOP32
 * over units).  The calendar and the ice are in ef_calendar.c.  Here each
 * of those is a call, so a screen can show every subturn and every event
 * as it happens.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "ef_int.h"

/* Reinforcements (lines 3720-3960): a unit whose square is occupied gets
 * "another chance next turn by modifying his value of ARRIVE". */
static void ef_reinforce(ef_state *g, ef_events *ev)
{
    for (int id = EF_NUNITS - 1; id >= 1; id--) {
        ef_unit *u = &g->u[id];
        if (u->arrive != g->turn || u->combat == 0)
            continue;
        if (ef_unit_at(g, u->lon, u->lat)) {
            u->arrive = (uint8_t)(g->turn + 1);
            ef_emit(ev, EF_EV_DELAYED, id, ef_unit_at(g, u->lon, u->lat),
                    u->lon, u->lat, u->lon, u->lat, 0, 0);
            continue;
        }
        u->norders = 0;
        u->exec = EF_EXEC_NONE;
        ef_place(g, id, u->lon, u->lat, ev);
        ef_emit(ev, EF_EV_ARRIVE, id, 0, u->lon, u->lat, u->lon, u->lat, 0, 0);
    }
}

void ef_newtrn(ef_state *g, ef_events *ev)
{
    g->turn++;                  /* from $FF to 0 on the first week */
    ef_week(g, ev);
    ef_reinforce(g, ev);
    for (int id = EF_NUNITS - 1; id >= 1; id--)
        if (ef_on_map(g, id))
            ef_logistics(g, id, ev);
    g->score = (int16_t)ef_score(g);
    if (g->turn < EF_LAST_TURN + 2)
        g->history[g->turn] = g->score;
    ef_emit(ev, EF_EV_SCORE, 0, 0, 0, 0, 0, 0, g->score, 0);
    g->tick = 0;
    if (g->turn > EF_LAST_TURN) {
        g->phase = EF_PHASE_OVER;
        ef_emit(ev, EF_EV_GAME_OVER, 0, 0, 0, 0, 0, 0, g->score, 0);
    } else {
        g->phase = EF_PHASE_ORDERS;
    }
}

int ef_turn_begin(ef_state *g, ef_events *ev)
{
    (void)ev;
    if (g->phase != EF_PHASE_ORDERS)
        return EF_ERR_PHASE;
    g->phase = EF_PHASE_MOVING;
    g->tick = 0;
    for (int id = 1; id < EF_NUNITS; id++) {
        if (!ef_on_map(g, id))
            continue;
        ef_unit *u = &g->u[id];
        /* Militia never move; a Russian army does not move on the turn it
         * arrives, nor on turn 0 (surprise).  The thinking module never
         * plans for them; this holds whoever gave the orders. */
        if (ef_is_militia(id) || (!ef_is_german(id) && u->arrive >= g->turn))
            u->norders = 0;
        ef_dingo(g, id);        /* LOOP31: the first execution times */
    }
    return EF_OK;
}

/* One pass of LOOP32 for one unit (units are taken from the highest
 * number down, Russians first, as the original did). */
static void ef_unit_subturn(ef_state *g, int id, ef_events *ev)
{
    ef_unit *u = &g->u[id];
    /* Recovery: the facts sheet's rule, 1 point when at least 2 below
     * muster and a coin flip for a second. */
    if (u->muster >= u->combat + 2) {
        u->combat++;
        if (ef_rng_byte(&g->rng) & 1)
            u->combat++;
    }
    if (!u->norders || u->exec != g->tick)
        return;
    int dir = u->orders[0], lon, lat;
    ef_step(u->lon, u->lat, dir, &lon, &lat);
    int other = ef_unit_at(g, lon, lat);
    if (other && ef_same_side(other, id)) {
        u->exec = (uint8_t)(g->tick + 2);      /* traffic jam */
        ef_emit(ev, EF_EV_JAM, id, other, u->lon, u->lat, lon, lat, 0, 0);
        return;
    }
    if (other) {
        if (!ef_combat(g, id, other, dir, ev))
            return;
        /* victory: the defender's square is free and the attacker may
         * enter it "regardless of the presence of enemy zones of control" */
    } else if (ef_zoc(g, id, u->lon, u->lat) >= 2 &&
               ef_zoc(g, id, lon, lat) >= 2) {
        u->exec = (uint8_t)(g->tick + 2);      /* from one ZOC to another */
        ef_emit(ev, EF_EV_JAM, id, 0, u->lon, u->lat, lon, lat, 1, 0);
        return;
    }
    ef_emit(ev, EF_EV_MOVE, id, 0, u->lon, u->lat, lon, lat, 0, 0);
    ef_place(g, id, lon, lat, ev);
    u->norders--;
    for (int i = 0; i < u->norders; i++)
        u->orders[i] = u->orders[i + 1];
    ef_dingo(g, id);
}

int ef_subturn(ef_state *g, ef_events *ev)
{
    if (g->phase != EF_PHASE_MOVING || g->tick >= EF_SUBTURNS)
        return EF_ERR_PHASE;
    for (int id = EF_NUNITS - 1; id >= 1; id--)
        if (ef_on_map(g, id))
            ef_unit_subturn(g, id, ev);
    g->tick++;
    return EF_SUBTURNS - g->tick;
}

int ef_turn_end(ef_state *g, ef_events *ev)
{
    if (g->phase != EF_PHASE_MOVING || g->tick != EF_SUBTURNS)
        return EF_ERR_PHASE;
    ef_newtrn(g, ev);
    return EF_OK;
}

int ef_turn_run(ef_state *g, ef_events *ev)
{
    int r = ef_turn_begin(g, ev);
    if (r < 0)
        return r;
    while ((r = ef_subturn(g, ev)) > 0)
        ;
    if (r < 0)
        return r;
    return ef_turn_end(g, ev);
}
