/*
 * ef_tmap.c - the map on paper: MAP prints the whole map or a window of
 * it, one character a square, north at the top and west on the left, the
 * squares numbered as the unit table numbers them (lon counted from the
 * east edge, so the numbers fall from left to right; lat from the south).
 *
 * A Teletype Model 33 has no lower case and prints ` { | } ~ as @ [ \ ] ^,
 * so the sea, drawn '~' in the engine's map, prints as a blank here.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "ef_play.h"

/* The half-size of a window: 25 squares by 11, some 400 characters. */
#define EF_TMAP_HALF_W 12
#define EF_TMAP_HALF_H 5

static int ef_tmap_char(const ef_state *g, int lon, int lat)
{
    int id = ef_unit_at(g, lon, lat);
    return id ? ef_unit_letter(id) : ef_square_char(g, lon, lat, ' ');
}

static void ef_tmap_header(tty_io *io, int west, int east, int tens)
{
    char line[EF_W + 8];
    size_t k = (size_t)snprintf(line, sizeof line, "   ");
    for (int lon = west; lon >= east; lon--)
        line[k++] = (char)('0' + (tens ? lon / 10 : lon % 10));
    line[k] = 0;
    tty_printf(io, "%s\n", line);
}

static void ef_tmap_line(void *ctx, const char *line)
{
    tty_printf(ctx, "%s\n", line);
}

void ef_tmap_print(tty_io *io, const ef_state *g, int west, int east,
                   int north, int south)
{
    int whole = west == EF_W - 1 && east == 0 && north == EF_H - 1 &&
                south == 0;
    ef_tmap_header(io, west, east, 1);
    ef_tmap_header(io, west, east, 0);
    for (int lat = north; lat >= south; lat--) {
        char line[EF_W + 16];
        size_t k = (size_t)snprintf(line, sizeof line, "%2d ", lat);
        for (int lon = west; lon >= east; lon--)
            line[k++] = (char)ef_tmap_char(g, lon, lat);
        if (whole) {
            k += (size_t)snprintf(line + k, sizeof line - k, " %d", lat);
        } else {
            while (k > 3 && line[k - 1] == ' ')
                k--;            /* open sea at the end: no need to print */
        }
        line[k] = 0;
        tty_printf(io, "%s\n", line);
    }
    if (whole) {
        tty_msg(io, "G CORPS  P PANZER  R RUSSIAN ARMY  T TANK ARMY  "
                    ". CLEAR  F FOREST\n"
                    "^ MOUNTAIN  * CITY  % SWAMP  = RIVER  : COAST  "
                    "+ ESTUARY  BLANK SEA\n"
                    "- FROZEN RIVER  \" FROZEN SWAMP\n");
        return;
    }
    ef_wrap w = { .line = ef_tmap_line, .ctx = io, .width = 72 };
    char items[EF_NCITIES][40];
    int n = 0;
    for (int i = 0; i < EF_NCITIES; i++) {
        const ef_city *c = &ef_cities[i];
        if (c->lon <= west && c->lon >= east && c->lat <= north &&
            c->lat >= south)
            snprintf(items[n++], 40, "%s %d,%d %s", c->name, c->lon, c->lat,
                     g->city_german[i] ? "(G)" : "(R)");
    }
    ef_wrap_list(&w, "CITIES:", items, n, n);
}

void ef_tmap_window(tty_io *io, const ef_state *g, int lon, int lat)
{
    int west = lon + EF_TMAP_HALF_W, east = lon - EF_TMAP_HALF_W;
    int north = lat + EF_TMAP_HALF_H, south = lat - EF_TMAP_HALF_H;
    /* Slide the window onto the map rather than cut it at the edge. */
    if (west > EF_W - 1) {
        east -= west - (EF_W - 1);
        west = EF_W - 1;
    }
    if (east < 0) {
        west -= east;
        east = 0;
    }
    if (north > EF_H - 1) {
        south -= north - (EF_H - 1);
        north = EF_H - 1;
    }
    if (south < 0) {
        north -= south;
        south = 0;
    }
    ef_tmap_print(io, g, west, east, north, south);
}
