/*
 * gj_play.c - a game in progress: the seed's resolve_move (movement and
 * combat intelligence, the dead list, the last-move record of the action
 * replay) and the end of the game.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "gj.h"

int gj_start_sq(int id)
{
    return gj_terr_sq(GJ_SIDE_OF(id), id % GJ_SIDE_PIECES);
}

int gj_game_init(gj_game *g, const gj_setup *red, const gj_setup *blue)
{
    const gj_setup *s[2] = { red, blue };
    for (int side = 0; side < 2; side++) {
        int e = gj_setup_validate(s[side]);
        if (e != GJ_SETUP_OK)
            return e;
    }
    memset(g, 0, sizeof *g);
    memset(g->at, -1, sizeof g->at);
    for (int id = 0; id < GJ_PIECES; id++) {
        int k = id % GJ_SIDE_PIECES;
        g->type[id] = s[GJ_SIDE_OF(id)]->type[k];
        g->sq[id] = (int8_t)gj_start_sq(id);
        g->at[g->sq[id]] = (int8_t)id;
        g->flags[id] = gj_start_mask(k);
    }
    g->turn = GJ_RED;
    return 0;
}

int gj_is_legal(const gj_game *g, int from, int to)
{
    from = gj_canon(from);
    to = gj_canon(to);
    if (g->result != GJ_PLAYING || from < 0 || to < 0)
        return 0;
    int id = g->at[from];
    if (id < 0 || GJ_SIDE_OF(id) != g->turn)
        return 0;
    return (gj_dests(g->at, g->turn, from, g->type[id]) & GJ_BIT(to)) != 0;
}

static void kill(gj_game *g, int id)
{
    g->at[g->sq[id]] = -1;
    g->sq[id] = -1;
    g->dead[g->ndead++] = (uint8_t)id;
}

static int has_move(const gj_game *g, int side)
{
    for (int id = side * GJ_SIDE_PIECES; id < (side + 1) * GJ_SIDE_PIECES; id++)
        if (g->sq[id] >= 0 && gj_dests(g->at, side, g->sq[id], g->type[id]))
            return 1;
    return 0;
}

int gj_play(gj_game *g, int from, int to, gj_rec *rec)
{
    if (!gj_is_legal(g, from, to))
        return -1;
    from = gj_canon(from);
    to = gj_canon(to);
    int side = g->turn, m = g->at[from], t = g->at[to];
    gj_rec r = { (uint8_t)from, (uint8_t)to, (int8_t)m, (int8_t)t,
                 (int8_t)m, GJ_MOVED };

    /* How it moved, judged on the board before the move. */
    g->flags[m] &= gj_move_mask(g->at, side, from, to);

    if (t >= 0) {
        /* Each side narrows the other's piece by its own known type: the
         * defender's owner knows what its piece fought as. */
        int a = g->type[m], d = gj_fights_as(g->at, g->type, to);
        r.outcome = (uint8_t)gj_outcome(a, d);
        g->flags[m] &= gj_attacker_mask(r.outcome, d);
        g->flags[t] &= gj_defender_mask(r.outcome, a);
        if (r.outcome != GJ_ATTACKER)
            kill(g, m);
        if (r.outcome != GJ_DEFENDER)
            kill(g, t);
        r.victor = (int8_t)(r.outcome == GJ_ATTACKER ? m :
                            r.outcome == GJ_DEFENDER ? t : -1);
    }
    if (r.victor == m) {
        g->at[from] = -1;
        g->at[to] = (int8_t)m;
        g->sq[m] = (int8_t)to;
    }
    g->hist[g->nhist++] = r;
    if (rec)
        *rec = r;

    g->turn = (uint8_t)!side;
    if (r.victor == m && to == gj_hq(!side) && gj_is_officer(g->type[m])) {
        g->result = GJ_WIN_HQ;
        g->winner = (uint8_t)side;
    } else if (!has_move(g, !side)) {
        g->result = GJ_WIN_NOMOVE;
        g->winner = (uint8_t)side;
    } else if (g->nhist >= GJ_MAX_PLIES) {
        g->result = GJ_DRAW;
    }
    return 0;
}

void gj_resign(gj_game *g, int side)
{
    if (g->result != GJ_PLAYING)
        return;
    g->result = GJ_WIN_RESIGN;
    g->winner = (uint8_t)!side;
}
