/*
 * gj_view.c - what one side may see.  The seed only ever draws enemy
 * pieces as identical tiles labelled by their starting grid reference, and
 * lets a player view the intelligence on enemy pieces only: the flags on
 * one's own pieces were narrowed by the enemy's types, so showing them
 * would leak those types.  A view is built by copying exactly what is
 * allowed, so nothing else can reach a terminal or an AI through it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "gj.h"

void gj_view_build(const gj_game *g, int side, gj_view *v)
{
    memset(v, 0, sizeof *v);    /* padding too: views compare with memcmp */
    v->me = (uint8_t)side;
    v->turn = g->turn;
    v->result = g->result;
    v->winner = g->winner;
    memcpy(v->at, g->at, sizeof v->at);

    int foe = !side;
    uint16_t refined[GJ_SIDE_PIECES];
    gj_intel_refine(&g->flags[foe * GJ_SIDE_PIECES], refined);
    for (int id = 0; id < GJ_PIECES; id++) {
        gj_view_piece *p = &v->piece[id];
        p->sq = g->sq[id];
        p->start = (uint8_t)gj_start_sq(id);
        if (GJ_SIDE_OF(id) == side) {
            p->type = g->type[id];
        } else {
            p->type = GJ_UNKNOWN;
            p->flags = g->flags[id];
            p->mask = refined[id % GJ_SIDE_PIECES];
        }
        v->type[id] = p->type;
    }
    memcpy(v->dead, g->dead, g->ndead);
    v->ndead = g->ndead;
    v->nhist = g->nhist;
    memcpy(v->hist, g->hist, g->nhist * sizeof *g->hist);
}

uint64_t gj_view_dests(const gj_view *v, int sq)
{
    sq = gj_canon(sq);
    if (sq < 0 || v->at[sq] < 0 || GJ_SIDE_OF(v->at[sq]) != v->me)
        return 0;
    return gj_dests(v->at, v->me, sq, v->type[v->at[sq]]);
}

int gj_view_moves(const gj_view *v, gj_move *out)
{
    return gj_gen_moves(v->at, v->type, v->me, out);
}
