/*
 * ef_german.c - a German player for demos and tests.  The 1981 program had
 * none (the German was the human); this one is deliberately simple: three
 * army groups each march on the next city of their axis that is not yet
 * German, every corps following the cheapest road there, armor first, and
 * attacking what stands in the way when the odds look fair.  A worn corps
 * (combat below 55% of muster) rests where it is supplied and falls back
 * west where it is not; in winter the others take short steps and strike
 * at even odds, in the mud they go as far as the mud lets them (issue 21:
 * the AUTO command gave no orders at all from October on).  It is a
 * sparring partner for the Russian AI and a driver for the invariant
 * tests, not a general.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "ef_int.h"

enum { EF_AG_NORTH, EF_AG_CENTRE, EF_AG_SOUTH, EF_AG_COUNT };

/* Each army group's road, city by city. */
static const char *const ef_axis[EF_AG_COUNT][7] = {
    {"RIGA", "LENINGRAD", "GORKY", 0},
    {"MINSK", "SMOLENSK", "RZHEV", "MOSCOW", "GORKY", "KAZAN", 0},
    {"KIEV", "DNEPROPETROVSK", "KHARKOV", "ROSTOV", "STALINGRAD",
     "KUIBYSHEV", 0},
};

/* The army group of a corps, from where the table first puts it. */
static int ef_group(int id)
{
    const ef_unit_info *t = &ef_units[id];
    if (ef_is_finnish(id) || t->lat >= 21)
        return EF_AG_NORTH;
    return t->lat >= 16 ? EF_AG_CENTRE : EF_AG_SOUTH;
}

static int ef_target_city(const ef_state *g, int group)
{
    for (int i = 0; ef_axis[group][i]; i++) {
        int c = ef_city_find(ef_axis[group][i]);
        if (c >= 0 && !g->city_german[c])
            return c;
    }
    return -1;
}

/* A small binary heap of squares keyed by cost, for the two Dijkstras. */
typedef struct ef_heap {
    int n;
    uint32_t item[EF_W * EF_H * 4];     /* cost << 16 | square */
} ef_heap;

static void ef_heap_push(ef_heap *h, unsigned cost, unsigned sq)
{
    int i = h->n++;
    uint32_t v = cost << 16 | sq;
    while (i > 0 && h->item[(i - 1) / 2] > v) {
        h->item[i] = h->item[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->item[i] = v;
}

static uint32_t ef_heap_pop(ef_heap *h)
{
    uint32_t top = h->item[0], v = h->item[--h->n];
    int i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= h->n)
            break;
        if (c + 1 < h->n && h->item[c + 1] < h->item[c])
            c++;
        if (h->item[c] >= v)
            break;
        h->item[i] = h->item[c];
        i = c;
    }
    h->item[i] = v;
    return top;
}

/* Start a Dijkstra: every square unknown but the source, at 0. */
static void ef_heap_start(ef_heap *h, uint16_t c[EF_H][EF_W], int x, int y)
{
    for (int j = 0; j < EF_H; j++)
        for (int i = 0; i < EF_W; i++)
            c[j][i] = 0xffff;
    c[y][x] = 0;
    h->n = 0;
    ef_heap_push(h, 0, (unsigned)(y * EF_W + x));
}

/* The cheapest square not yet settled; 0 when none is left. */
static int ef_heap_next(ef_heap *h, uint16_t c[EF_H][EF_W], int *x, int *y)
{
    while (h->n) {
        uint32_t top = ef_heap_pop(h);
        *x = (int)(top & 0xffff) % EF_W;
        *y = (int)(top & 0xffff) / EF_W;
        if ((top >> 16) == c[*y][*x])
            return 1;           /* else a stale entry */
    }
    return 0;
}

/* Subturns from every square to the city for infantry or armor this week,
 * ignoring units (Dijkstra from the city, stepping backwards). */
static void ef_distances(const ef_state *g, int armor, int city,
                         uint16_t d[EF_H][EF_W], ef_heap *h)
{
    int x, y;
    ef_heap_start(h, d, ef_cities[city].lon, ef_cities[city].lat);
    while (ef_heap_next(h, d, &x, &y)) {
        int c = ef_terrain_cost(g, armor, x, y);
        for (int dir = 0; dir < 4; dir++) {
            int nx, ny;
            ef_step(x, y, dir, &nx, &ny);
            /* (nx, ny) reaches (x, y) by stepping back */
            if (ef_map_terrain(nx, ny) >= EF_T_SEA ||
                ef_side_blocked(nx, ny, dir ^ 2))
                continue;
            if (d[y][x] + c < d[ny][nx]) {
                d[ny][nx] = (uint16_t)(d[y][x] + c);
                ef_heap_push(h, d[ny][nx], (unsigned)(ny * EF_W + nx));
            }
        }
    }
}

/* The odds as the combat routine will weigh them, terrain included: in
 * summer a corps attacks anything not three times its strength (many
 * small battles favour the side that keeps pressing); in winter it wants
 * even odds. */
static int ef_fair_fight(const ef_state *g, int att, int def)
{
    if (ef_is_finnish(att))
        return 0;               /* Finns never attack */
    const ef_unit *a = &g->u[att], *d = &g->u[def];
    int s = d->combat, dv = ef_defence_value(ef_terrain(g, d->lon, d->lat));
    s = dv == 3 ? s * 2 : dv == 1 ? s / 2 : s;
    int at = a->combat;
    if (ef_offence_halved(ef_terrain(g, a->lon, a->lat)))
        at /= 2;
    return g->weather == EF_SNOW ? at >= s : 3 * at >= s;
}

/*
 * One corps' orders: every square it can reach this week (a bounded
 * Dijkstra over at most 8 steps and 32 subturns, through empty squares,
 * never from one enemy zone of control into another) is scored by the
 * road distance left to the group's city; an enemy next to a reachable
 * square may be attacked if the odds are fair.  Squares another corps has
 * chosen are avoided, which spreads the group into a line.
 */
/* The planner's scratch space, on the heap (some 60 KB: too much for the
 * small stacks a session's game may run on). */
typedef struct ef_work {
    uint16_t d[EF_AG_COUNT][2][EF_H][EF_W];     /* to each group's city */
    uint16_t west[EF_H][EF_W];                  /* to the home edge */
    uint16_t cost[EF_H][EF_W];
    uint8_t steps[EF_H][EF_W], from[EF_H][EF_W], claimed[EF_H][EF_W];
    ef_heap h;
} ef_work;

static int ef_route(const ef_state *g, int id, uint16_t d[EF_H][EF_W],
                    ef_work *w, int reach, int attack,
                    uint8_t dirs[EF_MAX_ORDERS])
{
    static const int8_t dx[4] = {0, -1, 0, 1}, dy[4] = {1, 0, -1, 0};
    uint16_t (*cost)[EF_W] = w->cost;
    uint8_t (*steps)[EF_W] = w->steps, (*from)[EF_W] = w->from;
    uint8_t (*claimed)[EF_W] = w->claimed;
    ef_heap *h = &w->h;
    int armor = ef_is_armor(id), x0 = g->u[id].lon, y0 = g->u[id].lat;
    ef_heap_start(h, cost, x0, y0);
    steps[y0][x0] = 0;
    long best = -1000000;
    int bx = x0, by = y0, battack = -1, cx, cy;
    while (ef_heap_next(h, cost, &cx, &cy)) {
        /* this square as a destination */
        long v = -(long)d[cy][cx] * 2;
        if (claimed[cy][cx] && (cx != x0 || cy != y0))
            v -= 60;
        if (v > best) {
            best = v;
            bx = cx;
            by = cy;
            battack = -1;
        }
        if (steps[cy][cx] >= EF_MAX_ORDERS)
            continue;
        int zoc_here = ef_zoc(g, id, cx, cy) >= 2;
        for (int dir = 0; dir < 4; dir++) {
            int nx = cx + dx[dir], ny = cy + dy[dir];
            if (ef_side_blocked(cx, cy, dir))
                continue;
            int occ = ef_unit_at(g, nx, ny);
            if (occ && !ef_is_german(occ)) {
                /* an attack from here */
                if (!attack || !ef_fair_fight(g, id, occ))
                    continue;
                long va = -(long)d[ny][nx] * 2 + 10;
                if (va > best) {
                    best = va;
                    bx = cx;
                    by = cy;
                    battack = dir;
                }
                continue;
            }
            if (occ && occ != id)
                continue;       /* a friend: traffic */
            if (steps[cy][cx] >= reach)
                continue;
            if (zoc_here && ef_zoc(g, id, nx, ny) >= 2)
                continue;       /* zone to zone is not allowed */
            int c = cost[cy][cx] + ef_terrain_cost(g, armor, nx, ny);
            if (c > EF_SUBTURNS || c >= cost[ny][nx])
                continue;
            cost[ny][nx] = (uint16_t)c;
            steps[ny][nx] = (uint8_t)(steps[cy][cx] + 1);
            from[ny][nx] = (uint8_t)dir;
            ef_heap_push(h, (unsigned)c, (unsigned)(ny * EF_W + nx));
        }
    }
    /* the path back from the chosen square */
    int n = steps[by][bx] + (battack >= 0);
    if (n > EF_MAX_ORDERS)
        n = EF_MAX_ORDERS;
    int k = steps[by][bx], x = bx, y = by;
    if (battack >= 0 && k < EF_MAX_ORDERS)
        dirs[k] = (uint8_t)battack;
    while (k > 0) {
        int dir = from[y][x];
        dirs[--k] = (uint8_t)dir;
        x -= dx[dir];
        y -= dy[dir];
    }
    claimed[by][bx] = 1;
    return n;
}

void ef_german_orders(ef_state *g)
{
    if (g->phase != EF_PHASE_ORDERS)
        return;
    static_assert(EF_W * EF_H < 0x10000, "a square fits 16 bits");
    ef_work *w = malloc(sizeof *w);
    if (!w)
        return;                 /* no orders this week */
    int target[EF_AG_COUNT];
    for (int ag = 0; ag < EF_AG_COUNT; ag++) {
        target[ag] = ef_target_city(g, ag);
        if (target[ag] >= 0)
            for (int armor = 0; armor < 2; armor++)
                ef_distances(g, armor, target[ag], w->d[ag][armor], &w->h);
    }
    for (int y = 0; y < EF_H; y++)
        for (int x = 0; x < EF_W; x++)
            w->west[y][x] = (uint16_t)((EF_W - 1 - x) * 8);
    memset(w->claimed, 0, sizeof w->claimed);
    /* armor leads, then the infantry; in winter a step or two and
     * strikes from where the corps stands */
    int reach = g->weather == EF_SNOW ? 2 : EF_MAX_ORDERS;
    for (int pass = 1; pass >= 0; pass--)
        for (int id = 1; id < EF_FIRST_RUSSIAN; id++) {
            if (!ef_on_map(g, id) || ef_is_armor(id) != pass)
                continue;
            int ag = ef_group(id);
            uint8_t dirs[EF_MAX_ORDERS];
            const ef_unit *u = &g->u[id];
            int n = 0;
            int worn = u->combat * 100 < u->muster * 55;
            if (worn && !ef_supply_traced(g, id))
                n = ef_route(g, id, w->west, w, 2, 0, dirs);
            else if (target[ag] >= 0 && !worn)
                n = ef_route(g, id, w->d[ag][pass], w, reach, 1, dirs);
            else
                w->claimed[u->lat][u->lon] = 1;
            ef_order_set(g, id, dirs, n);
        }
    free(w);
}
