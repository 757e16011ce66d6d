/*
 * sc_grid.c - the paper grid.  The book tells players to keep "a supply of
 * paper with 8 by 8 grids marked out to keep track of the space ship's
 * movements and sectors in which shots have been fired"; its pictorial of
 * the sample game marks each shot by its number and the ship's path by
 * arrows.  Here the engine keeps that record so a dialogue can print it on
 * request: the data (sc_grid_get) and a plain-text rendering (sc_grid_text).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "sc.h"

void sc_grid_get(const sc_state *g, sc_grid *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < g->nfired; i++) {
        sc_cell *c = &out->cell[g->fired[i][0] - 1][g->fired[i][1] - 1];
        if (!c->shot)           /* the first shot destroyed it */
            c->shot = (uint8_t)(i + 1);
    }
    for (int i = 0; i < g->nreports; i++)
        out->cell[g->report[i][0] - 1][g->report[i][1] - 1].seen++;
    if (g->nreports) {
        const uint8_t *p = g->report[g->nreports - 1];
        out->cell[p[0] - 1][p[1] - 1].last = 1;
    }
}

/* Append to buf as snprintf would, counting what did not fit. */
static void sc_put(char *buf, size_t n, size_t *len, const char *s)
{
    size_t k = strlen(s);
    if (*len < n) {
        size_t room = n - *len - 1;
        memcpy(buf + *len, s, k < room ? k : room);
        buf[*len + (k < room ? k : room)] = 0;
    }
    *len += k;
}

size_t sc_grid_text(const sc_state *g, char *buf, size_t n)
{
    sc_grid grid;
    size_t len = 0;
    char cell[16];  /* room for any int the compiler can imagine */

    sc_grid_get(g, &grid);
    if (n)
        buf[0] = 0;
    sc_put(buf, n, &len, " Y\n");
    for (int y = SC_SIZE; y >= 1; y--) {
        snprintf(cell, sizeof cell, " %d", y);
        sc_put(buf, n, &len, cell);
        for (int x = 1; x <= SC_SIZE; x++) {
            const sc_cell *c = &grid.cell[x - 1][y - 1];
            if (c->shot)
                snprintf(cell, sizeof cell, "%3d", c->shot);
            else
                snprintf(cell, sizeof cell, "  %c",
                         c->last ? '@' : c->seen ? '+' : '.');
            sc_put(buf, n, &len, cell);
        }
        sc_put(buf, n, &len, "\n");
    }
    sc_put(buf, n, &len, "    1  2  3  4  5  6  7  8  X\n");
    return len;
}
