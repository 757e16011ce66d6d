/*
 * ef_tmap.c - the map on paper: MAP prints the whole map or a window of
 * it, one character a square, north at the top and west on the left, the
 * squares numbered as the unit table numbers them (lon counted from the
 * east edge, so the numbers fall from left to right; lat from the south).
 *
 * A Teletype Model 33 has no lower case and prints ` { | } ~ as @ [ \ ] ^,
 * so the sea, drawn '~' in the engine's map, prints as a blank here.
 *
 * Every line goes to a line function, so the dialect can count what a
 * map will take to print and say so before it prints (ef_text.c).  A
 * terminal narrower than the map (a small window in the glass view) gets
 * the whole map in strips, west to east, each with its own numbers, and
 * a window as wide as fits: never a line past its edge.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "ef_play.h"

/* The half-size of a window: 25 squares by 11, some 400 characters. */
#define EF_TMAP_HALF_W 12
#define EF_TMAP_HALF_H 5
/* A row of the map: "38 " before the squares, " 38" after them. */
#define EF_TMAP_MARGIN 3

static int ef_tmap_char(const ef_state *g, int lon, int lat)
{
    int id = ef_unit_at(g, lon, lat);
    return id ? ef_unit_letter(id) : ef_square_char(g, lon, lat, ' ');
}

static void ef_tmap_header(int west, int east, int tens, ef_line_fn line,
                           void *ctx)
{
    char buf[EF_W + 8];
    size_t k = (size_t)snprintf(buf, sizeof buf, "   ");
    for (int lon = west; lon >= east; lon--)
        buf[k++] = (char)('0' + (tens ? lon / 10 : lon % 10));
    buf[k] = 0;
    line(ctx, buf);
}

void ef_tmap_print(const ef_state *g, int west, int east, int north,
                   int south, int both_sides, ef_line_fn line, void *ctx)
{
    ef_tmap_header(west, east, 1, line, ctx);
    ef_tmap_header(west, east, 0, line, ctx);
    for (int lat = north; lat >= south; lat--) {
        char buf[EF_W + 16];
        size_t k = (size_t)snprintf(buf, sizeof buf, "%2d ", lat);
        for (int lon = west; lon >= east; lon--)
            buf[k++] = (char)ef_tmap_char(g, lon, lat);
        if (both_sides) {
            k += (size_t)snprintf(buf + k, sizeof buf - k, " %d", lat);
        } else {
            while (k > 3 && buf[k - 1] == ' ')
                k--;            /* open sea at the end: no need to print */
        }
        buf[k] = 0;
        line(ctx, buf);
    }
}

void ef_tmap_whole(const ef_state *g, int width, ef_line_fn line, void *ctx)
{
    /* as many squares a strip as fit between the two columns of numbers */
    int cols = width - 2 * EF_TMAP_MARGIN;
    if (cols > EF_W)
        cols = EF_W;
    if (cols < 1)
        cols = 1;
    for (int west = EF_W - 1; west >= 0; west -= cols) {
        int east = west - cols + 1 < 0 ? 0 : west - cols + 1;
        if (west != EF_W - 1)
            line(ctx, "");
        ef_tmap_print(g, west, east, EF_H - 1, 0, 1, line, ctx);
    }
    static const char *const legend[] = {
        "G CORPS  P PANZER  R RUSSIAN ARMY  T TANK ARMY  . CLEAR  F FOREST",
        "^ MOUNTAIN  * CITY  % SWAMP  = RIVER  : COAST  + ESTUARY  BLANK SEA",
        "- FROZEN RIVER  \" FROZEN SWAMP", 0};
    int wide = 1;
    for (int i = 0; legend[i]; i++)
        wide &= (int)strlen(legend[i]) <= width;
    if (wide) {
        for (int i = 0; legend[i]; i++)
            line(ctx, legend[i]);
        return;
    }
    /* a narrow terminal: the same signs, each kept with its meaning */
    static const char *const signs[] = {
        "G CORPS", "P PANZER", "R RUSSIAN ARMY", "T TANK ARMY", ". CLEAR",
        "F FOREST", "^ MOUNTAIN", "* CITY", "% SWAMP", "= RIVER", ": COAST",
        "+ ESTUARY", "BLANK SEA", "- FROZEN RIVER", "\" FROZEN SWAMP", 0};
    ef_wrap w = { .line = line, .ctx = ctx, .width = width };
    for (int i = 0; signs[i]; i++) {
        char word[24];
        snprintf(word, sizeof word, "%s%s", signs[i], signs[i + 1] ? "," : "");
        ef_wrap_word(&w, word);
    }
    ef_wrap_flush(&w);
}

void ef_tmap_window(const ef_state *g, int lon, int lat, int width,
                    ef_line_fn line, void *ctx)
{
    int half = EF_TMAP_HALF_W;
    if (EF_TMAP_MARGIN + 2 * half + 1 > width)
        half = (width - EF_TMAP_MARGIN - 1) / 2 > 0
             ? (width - EF_TMAP_MARGIN - 1) / 2 : 0;
    int west = lon + half, east = lon - half;
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
    ef_tmap_print(g, west, east, north, south, 0, line, ctx);
    ef_wrap w = { .line = line, .ctx = ctx, .width = width };
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
