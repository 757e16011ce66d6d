/*
 * sc_save.c - a Space Capture game to bytes and back, so a dialogue can
 * save it under a resume code and carry on exactly.
 *
 * Format, version 1: 'S' 'C' 1, X WAS, Y WAS, shot X, shot Y, the shots
 * counter, the moves-table pointer, the number of reports and the reported
 * positions (two bytes each), the number of destroyed sectors and those
 * sectors in order.  The sector map is not stored: it is exactly the set of
 * destroyed sectors, so it is rebuilt from them on load.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "sc.h"

enum { SC_SAVE_VERSION = 1, SC_SAVE_HEAD = 10 };

size_t sc_save(const sc_state *g, uint8_t *buf, size_t n)
{
    size_t len = SC_SAVE_HEAD + 2u * g->nreports + 1 + 2u * g->nfired;
    if (n < len)
        return 0;
    uint8_t *p = buf;
    *p++ = 'S';
    *p++ = 'C';
    *p++ = SC_SAVE_VERSION;
    *p++ = g->x;
    *p++ = g->y;
    *p++ = g->shot_x;
    *p++ = g->shot_y;
    *p++ = g->shots;
    *p++ = g->ptr;
    *p++ = g->nreports;
    memcpy(p, g->report, 2u * g->nreports);
    p += 2u * g->nreports;
    *p++ = g->nfired;
    memcpy(p, g->fired, 2u * g->nfired);
    return len;
}

static int sc_on_grid(uint8_t v)
{
    return v >= 1 && v <= SC_SIZE;
}

int sc_load(sc_state *g, const uint8_t *buf, size_t n)
{
    sc_state t;
    if (n < SC_SAVE_HEAD + 1 || buf[0] != 'S' || buf[1] != 'C' ||
        buf[2] != SC_SAVE_VERSION)
        return -1;
    memset(&t, 0, sizeof t);
    t.x = buf[3];
    t.y = buf[4];
    t.shot_x = buf[5];
    t.shot_y = buf[6];
    t.shots = buf[7];
    t.ptr = buf[8];
    t.nreports = buf[9];
    if (!sc_on_grid(t.x) || !sc_on_grid(t.y) ||
        t.shot_x > SC_SIZE || t.shot_y > SC_SIZE ||
        (t.ptr & 0360) != 0260 || (t.ptr & 1) ||
        t.nreports > SC_REPORTS ||
        /* PLAYIN reports once per count (once more when captured) */
        t.nreports + t.shots < 020 || t.nreports + t.shots > 021)
        return -1;
    size_t at = SC_SAVE_HEAD;
    if (n < at + 2u * t.nreports + 1)
        return -1;
    memcpy(t.report, buf + at, 2u * t.nreports);
    at += 2u * t.nreports;
    t.nfired = buf[at++];
    if (t.nfired > SC_SHOTS || t.nfired > t.nreports ||
        n != at + 2u * t.nfired)
        return -1;
    memcpy(t.fired, buf + at, 2u * t.nfired);
    for (int i = 0; i < t.nreports; i++)
        if (!sc_on_grid(t.report[i][0]) || !sc_on_grid(t.report[i][1]))
            return -1;
    memset(t.map, SC_SECTOR_FREE, sizeof t.map);
    for (int i = 0; i < t.nfired; i++) {
        uint8_t x = t.fired[i][0], y = t.fired[i][1];
        if (!sc_on_grid(x) || !sc_on_grid(y))
            return -1;
        t.map[(x - 1) * SC_SIZE + (y - 1)] = SC_SECTOR_GONE;
    }
    if (sc_destroyed(&t, t.x, t.y))     /* the ship never sits in one */
        return -1;
    *g = t;
    return 0;
}
