/*
 * ef_think.c - the thinking module: the Russian player.
 *
 * "Imagine now a ghost army of virtual Russian units, initially springing
 * from the real army, but with each ghost army plotting a path of its own
 * across the map.  Each ghost plans its path based on the assumption that
 * the other ghost armies represent the concrete reality that must be
 * conformed to."  The ghosts are OBJX/OBJY; each pass of the main loop
 * (MLOOP) lets every army move its ghost one square, or keep it, toward
 * the best square by the point system of pages 60-62; when the player
 * presses START the ghosts become orders by the "Mayan" straight walk.
 *
 * Departures from the 1981 code, each where the notes call the code a
 * mistake or the code contradicts the notes' description:
 *  - CALIFR sorts a German south-east of the army by the larger of the two
 *    separations, as in the other three quadrants (the code swapped E/S);
 *  - the reinforcement search does not throw out armies whose separation
 *    "had bit D3 set" ("I cannot now figure out the purpose");
 *  - a direction is ruled out when the ghost's own next square cannot be
 *    entered (the code asked DINGO about the real army's neighbour), and the
 *    terrain bonus is the target square's (the code used a stale TRNTYP);
 *  - the offensive inversion 9 - NBVAL stops at 0 rather than wrapping, and
 *    only a defensive army refuses a square holding a German;
 *  - the "dibs" penalty is kept from going below zero and does not skip the
 *    distance penalty, which is 2^range as the notes give it;
 *  - a square that cannot be entered or lies beyond range 6 is not a
 *    candidate (the code valued it 0, and 0 beat "stay" on a tie).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "ef_int.h"

#define EF_STAY 4

static int ef_iabs(int v)
{
    return v < 0 ? -v : v;
}

static int ef_sat(long v)
{
    return v > 255 ? 255 : v < 0 ? 0 : (int)v;
}

/* Which of the four dangers (0 N, 1 E, 2 S, 3 W) a German at (dx, dy) from
 * the army is: the direction of the larger separation. */
static int ef_danger_dir(int dx, int dy)
{
    if (dx >= 0)                /* west of us, or level */
        return ef_iabs(dy) >= dx ? (dy >= 0 ? EF_NORTH : EF_SOUTH) : EF_WEST;
    return -dx >= ef_iabs(dy) ? EF_EAST : (dy >= 0 ? EF_NORTH : EF_SOUTH);
}

/* CALIFR: the four directional dangers and the individual force ratio.
 * Units more than eight squares away (ignoring Pythagoras) do not count; each
 * counts a sixteenth of its combat strength. */
static void ef_califr(ef_plan *p, int id)
{
    const ef_state *g = &p->g;
    const ef_unit *u = &g->u[id];
    int ifr[4] = {0, 0, 0, 0}, rfr = 1;
    for (int o = 1; o < EF_NUNITS; o++) {
        if (!ef_on_map(g, o))
            continue;
        int dx = g->u[o].lon - u->lon, dy = g->u[o].lat - u->lat;
        if (ef_iabs(dx) + ef_iabs(dy) >= 9)
            continue;
        int s = g->u[o].combat / 16;
        if (!ef_is_german(o))
            rfr = ef_sat(rfr + s);
        else {
            int d = ef_danger_dir(dx, dy);
            ifr[d] = ef_sat(ifr[d] + s);
        }
    }
    int danger = ef_sat(ifr[0] + ifr[1] + ifr[2] + ifr[3]);
    int raw = ef_sat(16L * danger / rfr);
    /* "This quotient is averaged with the overall force ratio" */
    p->ifr[id] = (uint8_t)((raw + p->ofr) / 2);
    for (int d = 0; d < 4; d++)
        p->ifrdir[id][d] = (uint8_t)ifr[d];
}

void ef_plan_init(ef_plan *p, const ef_state *g)
{
    memset(p, 0, sizeof *p);
    p->g = *g;
    /* The overall force ratio: total German over total Russian combat
     * strength, times 16 so that near-equal sides still tell apart. */
    long tg = 0, tr = 0;
    for (int id = 1; id < EF_NUNITS; id++)
        if (ef_on_map(g, id)) {
            if (ef_is_german(id))
                tg += g->u[id].combat;
            else
                tr += g->u[id].combat;
        }
    p->ofr = tr ? ef_sat(16 * tg / tr) : 255;
    for (int id = EF_FIRST_RUSSIAN; id < EF_NUNITS; id++) {
        if (!ef_on_map(g, id))
            continue;
        ef_califr(p, id);
        p->objx[id] = g->u[id].lon;
        p->objy[id] = g->u[id].lat;
        /* militia never move; an army that arrived this turn (every army
         * on turn 0) does not move either */
        p->active[id] = !ef_is_militia(id) && g->u[id].arrive < g->turn;
    }
    p->next = EF_NUNITS - 1;
}

/* ---- The point system --------------------------------------------------- */

int ef_line_points(const uint8_t a[25])
{
    /* LV: for each column, how far forward its first unit stands (5 for
     * an empty column) */
    int lv[5];
    for (int k = 0; k < 5; k++) {
        lv[k] = 5;
        for (int c = 0; c < 5; c++)
            if (a[k * 5 + c]) {
                lv[k] = c;
                break;
            }
    }
    int lpts = 0;
    for (int k = 0; k < 5; k++)
        if (lv[k] != 5)
            lpts += 40;         /* $28 for each occupied column */
    if (!a[10] && !a[11] && !a[13] && !a[14])
        lpts += 48;             /* $30: we fill the centre column alone */
    /* $20 off for each front unit with somebody right behind it: its
     * retreat and the rear unit's attack are both blocked */
    for (int k = 0; k < 5; k++)
        if (lv[k] < 4 && a[k * 5 + lv[k] + 1])
            lpts = lpts > 32 ? lpts - 32 : 0;
    /* penetrations: 2^delta for each column more rearward than another */
    for (int o = 0; o < 5; o++)
        for (int c = 0; c < 5; c++) {
            int d = lv[c] - lv[o];
            if (c != o && d > 0)
                lpts = lpts > (1 << d) ? lpts - (1 << d) : 0;
        }
    return lpts;
}

/* Armies whose ghost may fall inside a 5 x 5 block around a neighbour of
 * (ox, oy): the only ones LINARR can see this evaluation. */
static int ef_near_ghosts(const ef_plan *p, int id, int ox, int oy,
                          uint8_t *list)
{
    int n = 0;
    for (int o = EF_FIRST_RUSSIAN; o < EF_NUNITS; o++)
        if (o != id && ef_on_map(&p->g, o) &&
            ef_iabs(p->objx[o] - ox) <= 3 && ef_iabs(p->objy[o] - oy) <= 3)
            list[n++] = (uint8_t)o;
    return n;
}

/* LINARR around (tx, ty): the muster of the army whose ghost stands on
 * each square, this army in the centre.  Element [k * 5 + c]: column k
 * from the west (lon tx + 2 - k), depth c from the north (lat ty + 2 - c). */
static void ef_linarr(const ef_plan *p, int id, int tx, int ty,
                      const uint8_t *near, int nnear, uint8_t a[25])
{
    memset(a, 0, 25);
    for (int i = 0; i < nnear; i++) {
        int o = near[i];
        int k = 2 + tx - p->objx[o], c = 2 + ty - p->objy[o];
        if (k >= 0 && k < 5 && c >= 0 && c < 5)
            a[k * 5 + c] = p->g.u[o].muster;    /* highest number wins */
    }
    a[12] = p->g.u[id].muster;
}

/* ROTARR: element i moves to ROTARR[i], a quarter turn that makes the
 * north-facing evaluation look from the east, then south, then west. */
static void ef_rotate(uint8_t a[25])
{
    uint8_t b[25];
    memcpy(b, a, 25);
    for (int k = 0; k < 5; k++)
        for (int c = 0; c < 5; c++)
            a[c * 5 + (4 - k)] = b[k * 5 + c];
}

/* SQVAL of one target square for army id (lines 3130-6870). */
static int ef_square_value(const ef_plan *p, int id, int tx, int ty,
                           const uint8_t *near, int nnear)
{
    const ef_state *g = &p->g;
    uint8_t a[25];
    ef_linarr(p, id, tx, ty, near, nnear, a);
    long acc = 0;
    for (int sec = 0; sec < 4; sec++) {
        if (sec)
            ef_rotate(a);
        acc += (long)ef_line_points(a) * p->ifrdir[id][sec];
    }
    int sqval = ef_sat(acc / 256);      /* only ACCHI mattered */

    int nb = 255;               /* NBVAL: range to the nearest German */
    for (int o = 1; o < EF_FIRST_RUSSIAN; o++)
        if (ef_on_map(g, o)) {
            int r = ef_iabs(g->u[o].lon - tx) + ef_iabs(g->u[o].lat - ty);
            if (r < nb)
                nb = r;
        }
    int mult, nbv;
    if (p->ifr[id] <= 15) {
        /* offensive: "let's fool the routine" - closeness to a German is
         * now an opportunity, not a danger */
        mult = 2 * (15 - p->ifr[id]);
        nbv = nb < 9 ? 9 - nb : 0;
    } else {
        if (nb == 0)
            return 0;           /* "we don't go around picking fights" */
        mult = p->ifr[id];
        nbv = nb;
    }
    int bonus = ef_defence_value(ef_terrain(g, tx, ty));
    sqval = ef_sat(sqval + ef_sat((long)mult * (nbv + bonus)));

    for (int i = 0; i < nnear; i++)
        if (p->objx[near[i]] == tx && p->objy[near[i]] == ty) {
            sqval = sqval > 32 ? sqval - 32 : 0;     /* somebody has dibs */
            break;
        }
    int range = ef_iabs(g->u[id].lon - tx) + ef_iabs(g->u[id].lat - ty);
    if (range > 6)
        return 0;               /* too far away */
    return sqval > (1 << range) ? sqval - (1 << range) : 0;
}

/* One army's turn in the main loop. */
static void ef_plan_army(ef_plan *p, int id)
{
    const ef_state *g = &p->g;
    const ef_unit *u = &g->u[id];
    if (p->ifr[id] == p->ofr / 2) {
        /* No German within reach: a reinforcement.  Head for the most
         * beleaguered army, weighing its IFR against the distance. */
        int bval = p->ofr / 2, bone = 0;
        for (int o = EF_NUNITS - 1; o >= EF_FIRST_RUSSIAN; o--) {
            if (!ef_on_map(g, o))
                continue;
            int d = ef_iabs(g->u[o].lon - u->lon) +
                    ef_iabs(g->u[o].lat - u->lat);
            int v = p->ifr[o] - d / 8;
            if (v >= 0 && v >= bval) {
                bval = v;
                bone = o;
            }
        }
        if (bone) {
            p->objx[id] = g->u[bone].lon;
            p->objy[id] = g->u[bone].lat;
        }
        return;
    }
    /* Trapped behind the German lines (danger from the east) or starved
     * (combat strength halved): "head due east!" */
    if (p->ifrdir[id][EF_EAST] >= 16 || u->combat <= u->muster / 2) {
        p->objx[id] = (uint8_t)(u->lon >= 5 ? u->lon - 5 : 0);
        p->objy[id] = u->lat;
        return;
    }
    /* DRLOOP: stay, north, east, south, west */
    int ox = p->objx[id], oy = p->objy[id];
    uint8_t near[EF_NUNITS];
    int nnear = ef_near_ghosts(p, id, ox, oy, near);
    int bval = 0, bone = EF_STAY;
    static const int order[5] = {EF_STAY, EF_NORTH, EF_EAST, EF_SOUTH, EF_WEST};
    for (int i = 0; i < 5; i++) {
        int dir = order[i], tx = ox, ty = oy;
        if (dir != EF_STAY) {
            ef_step(ox, oy, dir, &tx, &ty);
            /* a square that cannot be entered, or more than 6 from the
             * army, is no candidate at all (the code scored it 0, which
             * then beat "stay" on a tie and let a ghost wander off) */
            if (ef_side_blocked(ox, oy, dir) ||
                ef_iabs(u->lon - tx) + ef_iabs(u->lat - ty) > 6)
                continue;
        }
        int v = ef_square_value(p, id, tx, ty, near, nnear);
        if (v >= bval) {
            bval = v;
            bone = dir;
        }
    }
    if (bone != EF_STAY) {
        int tx, ty;
        ef_step(ox, oy, bone, &tx, &ty);
        p->objx[id] = (uint8_t)tx;
        p->objy[id] = (uint8_t)ty;
    }
}

/* Advance the pass by one army; 1 when a pass has just completed. */
static int ef_plan_one(ef_plan *p)
{
    int id = p->next;
    if (p->active[id])
        ef_plan_army(p, id);
    if (--p->next < EF_FIRST_RUSSIAN) {
        p->next = EF_NUNITS - 1;
        p->iterations++;
        return 1;
    }
    return 0;
}

void ef_plan_iterate(ef_plan *p)
{
    while (!ef_plan_one(p))
        ;
}

int ef_plan_run(ef_plan *p, int max_iter, const volatile int *cancel,
                ef_clock_fn clock, void *clock_ctx, uint64_t budget_ms)
{
    uint64_t t0 = clock ? clock(clock_ctx) : 0;
    while (p->iterations < max_iter) {
        if (cancel && *cancel)
            break;
        if (clock && clock(clock_ctx) - t0 >= budget_ms)
            break;
        ef_plan_one(p);
    }
    return p->iterations;
}

/* ---- Orders: the Mayan walk ---------------------------------------------- */

/*
 * "Instead of declaring that one year is 365 and 1/4 days long, they
 * declared that 4 years are 1461 days long."  Walk from A to B taking the
 * long direction each step and adding the short range to a running count
 * (CHRIS, started at half the long range); when the count passes the total
 * range, take a short step instead and subtract the range.
 */
int ef_mayan_walk(int x0, int y0, int x1, int y1,
                  uint8_t dirs[EF_MAX_ORDERS])
{
    int hr = ef_iabs(x1 - x0), hdir = x1 >= x0 ? EF_WEST : EF_EAST;
    int vr = ef_iabs(y1 - y0), vdir = y1 >= y0 ? EF_NORTH : EF_SOUTH;
    int lr, sr, ldir, sdir;
    if (vr >= hr) {
        lr = vr; ldir = vdir; sr = hr; sdir = hdir;
    } else {
        lr = hr; ldir = hdir; sr = vr; sdir = vdir;
    }
    int range = lr + sr, chris = lr / 2, n = 0;
    while (n < range && n < EF_MAX_ORDERS) {
        chris += sr;
        if (chris >= range) {
            chris -= range;
            dirs[n++] = (uint8_t)sdir;
        } else {
            dirs[n++] = (uint8_t)ldir;
        }
    }
    return n;
}

int ef_plan_apply(const ef_plan *p, ef_state *g)
{
    if (g->phase != EF_PHASE_ORDERS || g->turn != p->g.turn)
        return EF_ERR_PHASE;
    for (int id = EF_FIRST_RUSSIAN; id < EF_NUNITS; id++) {
        if (!ef_on_map(g, id))
            continue;
        uint8_t dirs[EF_MAX_ORDERS];
        int n = 0;
        if (p->active[id])
            n = ef_mayan_walk(g->u[id].lon, g->u[id].lat, p->objx[id],
                              p->objy[id], dirs);
        ef_order_set(g, id, dirs, n);
    }
    return EF_OK;
}
