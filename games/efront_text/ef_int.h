/*
 * ef_int.h - what the engine's files share among themselves.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef EF_INT_H
#define EF_INT_H

#include "ef.h"

/* Append an event (ev may be NULL). */
void ef_emit(ef_events *ev, int kind, int unit, int other, int lon, int lat,
             int lon2, int lat2, int a, int b);
/* Put unit id on (lon, lat), off its old square; a city entered changes
 * hands.  Used by moves, advances, retreats and arrivals alike. */
void ef_place(ef_state *g, int id, int lon, int lat, ef_events *ev);
/* DEAD: strengths, orders and arrival wiped, body off the map. */
void ef_kill(ef_state *g, int id, int cause, ef_events *ev);
/* Lose strength in a fight or a blocked retreat: combat down by n (and
 * muster by m); 1 if the unit died of it. */
int ef_hurt(ef_state *g, int id, int m, int n, int cause, ef_events *ev);
/* BRKCHK: 1 if the unit breaks (and then forgets its orders). */
int ef_brkchk(ef_state *g, int id, ef_events *ev);
/* TRNTAB: subturns for infantry or armor to enter (lon, lat) this week,
 * 255 for sea and border. */
int ef_terrain_cost(const ef_state *g, int armor, int lon, int lat);
/* DINGO: set the unit's next execution time from the current subturn. */
void ef_dingo(ef_state *g, int id);
/* A broken defender's retreat; 1 if its square is now free. */
int ef_retreat(ef_state *g, int def, int attdir, ef_events *ev);
/* The combat routine; returns 1 (VICTRY) if the attacker may advance. */
int ef_combat(ef_state *g, int att, int def, int dir, ef_events *ev);
/* LOGSTC for one unit: the trace, the losses, the Russian muster gain. */
void ef_logistics(ef_state *g, int id, ef_events *ev);
/* Terrain a unit fights or moves on: the drawing plus the ice. */
int ef_defence_value(int terrain);      /* DEFNC: 1, 2 or 3 */
int ef_offence_halved(int terrain);     /* OFFNC 2 */
/* The calendar's week: date, weather, the ice line (ef_calendar.c). */
void ef_week(ef_state *g, ef_events *ev);
/* NEWTRN: the week's bookkeeping from the calendar to the score. */
void ef_newtrn(ef_state *g, ef_events *ev);
/* Rebuild occ[][] from the units (after a load). */
void ef_occupancy(ef_state *g);
/* CALIFR and friends need the sides of two units compared. */
static inline int ef_same_side(int a, int b)
{
    return ef_is_german(a) == ef_is_german(b);
}

#endif
