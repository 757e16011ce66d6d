/*
 * ef_combat.c - the combat module's resolution routine ($4ED8), BRKCHK and
 * RETRET.  A week-long battle is many tiny ones: each time an attacker's
 * order comes due against an occupied enemy square, the defender strikes
 * first, then the attacker; a hit costs 1 muster and 5 combat strength.
 * "The sensitivity and power of the combat results system arises from the
 * statistical behavior of this ensemble of many small battles."
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "ef_int.h"

int ef_hurt(ef_state *g, int id, int m, int n, int cause, ef_events *ev)
{
    ef_unit *u = &g->u[id];
    u->muster = (uint8_t)(u->muster > m ? u->muster - m : 0);
    if (u->combat <= n) {       /* "A unit at 0 combat strength is destroyed" */
        ef_kill(g, id, cause, ev);
        return 1;
    }
    u->combat = (uint8_t)(u->combat - n);
    return 0;
}

/*
 * BRKCHK.  The notes say German and Finnish units hold until combat
 * strength falls below half the muster; the facts sheet (the program) has
 * only the Germans' own corps do so, the allies Finns included breaking
 * with everyone else below seven-eighths.  The program is followed.
 */
int ef_brkchk(ef_state *g, int id, ef_events *ev)
{
    ef_unit *u = &g->u[id];
    int limit = ef_is_german(id) && !ef_is_ally(id)
                    ? u->muster / 2 : u->muster - u->muster / 8;
    if (u->combat >= limit)
        return 0;
    /* "Your priorities change when you're on the run." */
    u->norders = 0;
    u->exec = EF_EXEC_NONE;
    ef_emit(ev, EF_EV_BREAK, id, 0, u->lon, u->lat, u->lon, u->lat, 0, 0);
    return 1;
}

/* RETRET's test of one way out: off the map, water, a blocked side, any
 * unit, or an enemy zone of control all block it. */
static int ef_retreat_open(const ef_state *g, int id, int dir, int *lon,
                           int *lat)
{
    const ef_unit *u = &g->u[id];
    ef_step(u->lon, u->lat, dir, lon, lat);
    if (ef_side_blocked(u->lon, u->lat, dir))
        return 0;
    if (ef_unit_at(g, *lon, *lat))
        return 0;
    return ef_zoc(g, id, *lon, *lat) < 2;
}

/* A broken defender retreats: away from the attacker, toward home, north
 * or south (a coin decides which first), the other, and last away from
 * home.  Each blocked way costs 5 combat strength.  Returns 1 if the
 * square was vacated (by the retreat or by death on the way). */
int ef_retreat(ef_state *g, int def, int attdir, ef_events *ev)
{
    int home = ef_is_german(def) ? EF_WEST : EF_EAST;
    int ns = ef_rng_byte(&g->rng) & 1 ? EF_NORTH : EF_SOUTH;
    const int tries[5] = {attdir, home, ns, ns ^ 2, home ^ 2};
    int paid = 0;
    for (int i = 0; i < 5; i++) {
        int lon, lat;
        if (ef_retreat_open(g, def, tries[i], &lon, &lat)) {
            const ef_unit *u = &g->u[def];
            ef_emit(ev, EF_EV_RETREAT, def, 0, u->lon, u->lat, lon, lat,
                    paid, 0);
            ef_place(g, def, lon, lat, ev);
            return 1;
        }
        paid += 5;
        if (ef_hurt(g, def, 0, 5, EF_DIED_RETREAT, ev))
            return 1;
    }
    const ef_unit *u = &g->u[def];
    ef_emit(ev, EF_EV_NO_RETREAT, def, 0, u->lon, u->lat, u->lon, u->lat,
            paid, 0);
    return 0;
}

int ef_combat(ef_state *g, int att, int def, int dir, ef_events *ev)
{
    ef_unit *a = &g->u[att], *d = &g->u[def];
    if (ef_is_finnish(att)) {
        /* "Finnish units are not allowed to attack": the original returns
         * before touching EXEC, which leaves the corps standing for the
         * rest of the turn. */
        a->exec = EF_EXEC_NONE;
        return 0;
    }
    int dlon = d->lon, dlat = d->lat;

    /* The defender: terrain doubles, keeps or halves its strength (DEFNC
     * 3/2/1), and a defender caught moving is halved again. */
    int s = d->combat, dv = ef_defence_value(ef_terrain(g, dlon, dlat));
    if (dv == 3)
        s = s * 2 > 255 ? 255 : s * 2;
    else if (dv == 1)
        s /= 2;
    if (d->norders)
        s /= 2;
    /* First strike: the strength against a random byte. */
    int hit1 = s >= ef_rng_byte(&g->rng);
    int att_broke = 0;
    if (hit1) {
        if (ef_hurt(g, att, 1, 5, EF_DIED_COMBAT, NULL)) {
            ef_emit(ev, EF_EV_COMBAT, att, def, a->lon, a->lat, dlon, dlat,
                    1, 0);
            /* the death is told after the combat that caused it */
            ef_emit(ev, EF_EV_DEATH, att, 0, a->lon, a->lat, a->lon, a->lat,
                    EF_DIED_COMBAT, 0);
            return 0;
        }
    }
    /* The attack, halved from a river or coastline square (OFFNC 2). */
    int at = a->combat;
    if (ef_offence_halved(ef_terrain(g, a->lon, a->lat)))
        at /= 2;
    int hit2 = at >= ef_rng_byte(&g->rng);
    ef_emit(ev, EF_EV_COMBAT, att, def, a->lon, a->lat, dlon, dlat, hit1, hit2);
    if (hit1)
        att_broke = ef_brkchk(g, att, ev);

    int victory = 0;
    if (hit2 && !ef_hurt(g, def, 1, 5, EF_DIED_COMBAT, ev) &&
        ef_brkchk(g, def, ev))
        victory = ef_retreat(g, def, dir, ev);
    /* "The combat routine terminates by incrementing the execution time
     * of the attacking unit": it fights on next subturn.  A broken
     * attacker has forgotten its orders and does not advance. */
    if (att_broke)
        return 0;
    a->exec = (uint8_t)(g->tick + 1);
    return victory;
}
