/*
 * ck_match.c - the 3-move openings and engine-against-engine games (see
 * ck_match.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "ck_match.h"

int ck_ballots(ck_pos *out, int max)
{
    ck_pos start;
    ck_pos_start(&start);
    int n = 0;
    ck_move m1[CK_MAX_MOVES], m2[CK_MAX_MOVES], m3[CK_MAX_MOVES];
    int n1 = ck_gen_moves(&start, m1);
    for (int a = 0; a < n1; a++) {
        ck_pos p1 = start;
        ck_make(&p1, m1[a]);
        int n2 = ck_gen_moves(&p1, m2);
        for (int b = 0; b < n2; b++) {
            ck_pos p2 = p1;
            ck_make(&p2, m2[b]);
            int n3 = ck_gen_moves(&p2, m3);
            for (int c = 0; c < n3; c++) {
                ck_pos p3 = p2;
                ck_make(&p3, m3[c]);
                int dup = 0;
                for (int i = 0; i < n && !dup; i++)
                    dup = ck_pos_equal(&out[i], &p3);
                if (!dup && n < max)
                    out[n++] = p3;
            }
        }
    }
    return n;
}

void ck_random_pos(ck_rng *r, int n, int kings, ck_pos *p)
{
    memset(p, 0, sizeof *p);
    p->turn = (int)ck_rng_below(r, 2);
    for (int i = 0; i < n;) {
        uint32_t b = 1u << ck_rng_below(r, 32);
        int black = i % 2 == 0;
        int king = kings > 0 && ck_rng_below(r, (uint32_t)kings) == 0;
        if (((p->bl | p->wh) & b) ||
            (!king && (b & (black ? CK_ROW7 : CK_ROW0))))
            continue;
        if (black)
            p->bl |= b;
        else
            p->wh |= b;
        if (king)
            p->kings |= b;
        i++;
    }
}

int ck_match_game(const ck_pos *start, const ck_player pl[2], ck_tt *tt,
                  ck_rng *rng, ck_clock_fn clock, const ck_egdb *judge,
                  ck_match_seen_fn seen, void *ctx, int *plies)
{
    ck_state *g = malloc(sizeof *g);
    if (!g)
        return CK_DRAWN;
    ck_state_init(g, start, CK_EXPERT, CK_MACHINE, CK_MACHINE);
    if (tt) {
        ck_tt_clear(&tt[0]);
        ck_tt_clear(&tt[1]);
    }
    int result = CK_DRAWN;
    while (g->result == CK_PLAYING) {
        if (seen)
            seen(ctx, &g->pos);
        if (judge) {
            int v = ck_egdb_probe(judge, &g->pos);
            if (v != CK_EGDB_UNKNOWN) {
                g->result = v == CK_EGDB_DRAW ? CK_DRAWN
                            : (v == CK_EGDB_WIN) == (g->pos.turn == CK_BLACK)
                                ? CK_BLACK_WINS : CK_WHITE_WINS;
                break;
            }
        }
        int side = g->pos.turn;
        if (pl[side].move) {
            ck_move m;
            if (pl[side].move(pl[side].move_ctx, g, &m) < 0 ||
                ck_state_play(g, m) < 0)
                ck_state_end(g, side == CK_BLACK ? CK_WHITE_WINS
                                                 : CK_BLACK_WINS,
                             CK_END_RESIGNED);
            continue;
        }
        ck_search_in in;
        ck_search_out out;
        ck_state_search_in(g, CK_EXPERT, &in);
        in.lim = pl[side].lim;
        in.egdb = pl[side].egdb;
        in.tt = tt ? &tt[side] : NULL;
        in.rng = rng;
        in.clock = clock;
        if (ck_search(&in, &out) < 0 || out.nmoves == 0)
            break;
        ck_state_play(g, out.move);
    }
    result = g->result == CK_PLAYING ? CK_DRAWN : g->result;
    if (plies)
        *plies = g->nply;
    free(g);
    return result;
}
