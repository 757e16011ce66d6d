/*
 * ef_german.c - a German player for demos and tests.  The 1981 program had
 * none (the German was the human); this one is deliberately simple: three
 * army groups each march on the next city of their axis that is not yet
 * German, every corps following the cheapest road there, armor first, and
 * attacking what stands in the way when the odds look fair.  It is a
 * sparring partner for the Russian AI and a driver for the invariant
 * tests, not a general.
 */
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

/* Subturns from every square to the city for infantry or armor this week,
 * ignoring units: repeated relaxation over the 46 x 39 squares. */
static void ef_distances(const ef_state *g, int armor, int city,
                         uint16_t d[EF_H][EF_W])
{
    for (int y = 0; y < EF_H; y++)
        for (int x = 0; x < EF_W; x++)
            d[y][x] = 0xffff;
    d[ef_cities[city].lat][ef_cities[city].lon] = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int y = 0; y < EF_H; y++)
            for (int x = 0; x < EF_W; x++) {
                if (d[y][x] == 0xffff)
                    continue;
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
                        changed = 1;
                    }
                }
            }
    }
}

/* Do the odds look fair?  The attacker's strength against the defender's
 * as the combat routine will weigh them. */
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
    return 4 * at >= 3 * s;
}

/* Up to 8 orders down the distance field, into a fair fight at most. */
static int ef_route(const ef_state *g, int id, uint16_t d[EF_H][EF_W],
                    uint8_t claimed[EF_H][EF_W], uint8_t dirs[EF_MAX_ORDERS])
{
    int x = g->u[id].lon, y = g->u[id].lat, n = 0, spent = 0;
    while (n < EF_MAX_ORDERS && spent < EF_SUBTURNS && d[y][x]) {
        int best = -1, bscore = 0, bx = 0, by = 0, fight = 0;
        for (int dir = 0; dir < 4; dir++) {
            int nx, ny;
            ef_step(x, y, dir, &nx, &ny);
            if (ef_side_blocked(x, y, dir) || d[ny][nx] >= d[y][x])
                continue;
            int occ = ef_unit_at(g, nx, ny), score = d[ny][nx];
            if (occ && !ef_is_german(occ)) {
                if (!ef_fair_fight(g, id, occ))
                    continue;
            } else if (occ && occ != id) {
                score += 24;    /* a friend there: traffic */
            } else if (ef_zoc(g, id, x, y) >= 2 && ef_zoc(g, id, nx, ny) >= 2) {
                continue;       /* zone to zone: not allowed */
            }
            if (claimed[ny][nx])
                score += 12;
            if (best < 0 || score < bscore) {
                best = dir;
                bscore = score;
                bx = nx;
                by = ny;
                fight = occ && !ef_is_german(occ);
            }
        }
        if (best < 0)
            break;
        dirs[n++] = (uint8_t)best;
        spent += ef_terrain_cost(g, ef_is_armor(id), bx, by);
        x = bx;
        y = by;
        if (fight)
            break;              /* the fight decides the rest */
    }
    claimed[y][x] = 1;
    return n;
}

void ef_german_orders(ef_state *g)
{
    if (g->phase != EF_PHASE_ORDERS)
        return;
    uint16_t d[EF_AG_COUNT][2][EF_H][EF_W];
    int target[EF_AG_COUNT];
    for (int ag = 0; ag < EF_AG_COUNT; ag++) {
        target[ag] = ef_target_city(g, ag);
        if (target[ag] >= 0)
            for (int armor = 0; armor < 2; armor++)
                ef_distances(g, armor, target[ag], d[ag][armor]);
    }
    uint8_t claimed[EF_H][EF_W];
    memset(claimed, 0, sizeof claimed);
    /* armor leads, then the infantry */
    for (int pass = 1; pass >= 0; pass--)
        for (int id = 1; id < EF_FIRST_RUSSIAN; id++) {
            if (!ef_on_map(g, id) || ef_is_armor(id) != pass)
                continue;
            int ag = ef_group(id);
            uint8_t dirs[EF_MAX_ORDERS];
            int n = target[ag] < 0 ? 0
                    : ef_route(g, id, d[ag][pass], claimed, dirs);
            ef_order_set(g, id, dirs, n);
        }
}
