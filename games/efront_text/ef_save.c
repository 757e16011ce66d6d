/*
 * ef_save.c - a campaign to bytes and back, exactly: the generator, the
 * calendar and the ice, the cities, every unit with its orders and its
 * execution time, so a game saved in the middle of a turn's movement
 * resumes on the same subturn.  Little-endian, versioned, checksummed,
 * and checked field by field on load.
 *
 *   "EF41" version  rng(8)  turn phase tick day month year(2) weather
 *   icelat handicap  cities(20)  score(2)  units 1..159 x 9  fnv1a(4)
 *   unit: lon lat muster combat arrive norders orders(2: 2 bits each,
 *         first order in the low bits, as WHORDS) exec
 *
 * Version 2 (issue 21) adds the score each week began with, 46 x 2 bytes
 * (0xffff unknown), before the checksum, for SCORE WEEKS.  A version 1
 * save still loads, its history unknown.  A save is written after every
 * order the player gives (ef_play_commit), so it stays small and plain.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "ef_int.h"

#define EF_SAVE_VERSION 2
#define EF_UNIT_BYTES 9
#define EF_HISTORY (EF_LAST_TURN + 2)
#define EF_SAVE_LEN_V1 (4 + 1 + 8 + 10 + EF_NCITIES + 2 + \
                        (EF_NUNITS - 1) * EF_UNIT_BYTES + 4)
#define EF_SAVE_LEN (EF_SAVE_LEN_V1 + 2 * EF_HISTORY)

static uint32_t ef_fnv1a(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    while (n--)
        h = (h ^ *p++) * 16777619u;
    return h;
}

static uint8_t *ef_put(uint8_t *p, uint64_t v, int n)
{
    for (int i = 0; i < n; i++)
        *p++ = (uint8_t)(v >> (8 * i));
    return p;
}

static uint64_t ef_get(const uint8_t **p, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++)
        v |= (uint64_t)*(*p)++ << (8 * i);
    return v;
}

int ef_save(const ef_state *g, uint8_t *buf, size_t size)
{
    if (size < EF_SAVE_LEN)
        return -1;
    uint8_t *p = buf;
    memcpy(p, "EF41", 4);
    p += 4;
    *p++ = EF_SAVE_VERSION;
    p = ef_put(p, g->rng.s, 8);
    *p++ = g->turn;
    *p++ = g->phase;
    *p++ = g->tick;
    *p++ = g->day;
    *p++ = g->month;
    p = ef_put(p, g->year, 2);
    *p++ = g->weather;
    *p++ = g->icelat;
    *p++ = g->handicap;
    for (int i = 0; i < EF_NCITIES; i++)
        *p++ = g->city_german[i];
    p = ef_put(p, (uint16_t)g->score, 2);
    for (int id = 1; id < EF_NUNITS; id++) {
        const ef_unit *u = &g->u[id];
        unsigned ord = 0;
        for (int i = 0; i < u->norders && i < EF_MAX_ORDERS; i++)
            ord |= (unsigned)(u->orders[i] & 3) << (2 * i);
        *p++ = u->lon;
        *p++ = u->lat;
        *p++ = u->muster;
        *p++ = u->combat;
        *p++ = u->arrive;
        *p++ = u->norders;
        p = ef_put(p, ord, 2);
        *p++ = u->exec;
    }
    for (int t = 0; t < EF_HISTORY; t++)
        p = ef_put(p, (uint16_t)g->history[t], 2);
    p = ef_put(p, ef_fnv1a(buf, (size_t)(p - buf)), 4);
    return (int)(p - buf);
}

int ef_load(ef_state *out, const uint8_t *buf, size_t len)
{
    if (len < 5 || memcmp(buf, "EF41", 4) != 0 ||
        !((buf[4] == 1 && len == EF_SAVE_LEN_V1) ||
          (buf[4] == 2 && len == EF_SAVE_LEN)))
        return -1;
    const uint8_t *q = buf + len - 4;
    if (ef_get(&q, 4) != ef_fnv1a(buf, len - 4))
        return -1;
    ef_state g;
    memset(&g, 0, sizeof g);
    g.u[0].arrive = EF_NEVER;   /* row 0, as ef_new leaves it */
    g.u[0].exec = EF_EXEC_NONE;
    const uint8_t *p = buf + 5;
    g.rng.s = ef_get(&p, 8);
    g.turn = *p++;
    g.phase = *p++;
    g.tick = *p++;
    g.day = *p++;
    g.month = *p++;
    g.year = (uint16_t)ef_get(&p, 2);
    g.weather = *p++;
    g.icelat = *p++;
    g.handicap = *p++;
    for (int i = 0; i < EF_NCITIES; i++)
        g.city_german[i] = *p++;
    g.score = (int16_t)ef_get(&p, 2);
    if (!g.rng.s || g.turn > EF_LAST_TURN + 1 || g.phase > EF_PHASE_OVER ||
        (g.phase == EF_PHASE_OVER) != (g.turn > EF_LAST_TURN) ||
        g.tick > EF_SUBTURNS || g.day < 1 || g.day > 31 || g.month < 1 ||
        g.month > 12 || g.year < 1941 || g.year > 1943 ||
        g.weather != ef_weather_of_month(g.month) || g.icelat < 1 ||
        g.icelat > EF_H || g.handicap > 1)
        return -1;
    for (int i = 0; i < EF_NCITIES; i++)
        if (g.city_german[i] > 1)
            return -1;
    for (int id = 1; id < EF_NUNITS; id++) {
        ef_unit *u = &g.u[id];
        u->lon = *p++;
        u->lat = *p++;
        u->muster = *p++;
        u->combat = *p++;
        u->arrive = *p++;
        u->norders = *p++;
        unsigned ord = (unsigned)ef_get(&p, 2);
        u->exec = *p++;
        if (u->lon >= EF_W || u->lat >= EF_H || u->norders > EF_MAX_ORDERS ||
            u->combat > u->muster + 2)
            return -1;
        for (int i = 0; i < u->norders; i++)
            u->orders[i] = (uint8_t)((ord >> (2 * i)) & 3);
    }
    for (int t = 0; t < EF_HISTORY; t++) {
        g.history[t] = buf[4] == 1 ? -1 : (int16_t)ef_get(&p, 2);
        if (g.history[t] < -1 || (g.history[t] >= 0 && t > g.turn))
            return -1;
    }
    /* the squares: every unit on the map on land, none sharing */
    ef_occupancy(&g);
    for (int id = 1; id < EF_NUNITS; id++) {
        const ef_unit *u = &g.u[id];
        if (u->arrive == EF_NEVER || u->arrive > g.turn || !u->combat)
            continue;
        if (g.occ[u->lat][u->lon] != id ||
            ef_map_terrain(u->lon, u->lat) >= EF_T_SEA)
            return -1;
    }
    *out = g;
    return 0;
}
