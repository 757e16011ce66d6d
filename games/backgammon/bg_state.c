/*
 * bg_state.c - one game between two named colours: whose turn, the dice,
 * the turn in progress, the move counts, the winner.  The dialogue drives
 * it: bg_state_throw, then bg_turn_play on g->tn for each typed move (or
 * bg_ai_choose and bg_state_play_move for the computer), then
 * bg_state_end_turn.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "bg.h"

void bg_state_new(bg_state *g, const char *blue, const char *green,
                  int rules, int first)
{
    memset(g, 0, sizeof *g);
    g->rules = rules;
    strncpy(g->name[BG_BLUE], blue ? blue : "", BG_NAME_MAX);
    strncpy(g->name[BG_GREEN], green ? green : "", BG_NAME_MAX);
    g->turn = first;
    g->winner = -1;
    g->cube = 1;
    g->owner = BG_CENTRE;
    bg_pos_start(&g->pos);
}

int bg_first_roll(const bg_rng *r, int *d1, int *d2)
{
    do {
        *d1 = bg_roll_die(r);
        *d2 = bg_roll_die(r);
    } while (*d1 == *d2);
    return *d1 > *d2 ? BG_BLUE : BG_GREEN;
}

int bg_state_throw(bg_state *g, int d1, int d2)
{
    g->dice[0] = (uint8_t)d1;
    g->dice[1] = (uint8_t)d2;
    bg_turn_begin(&g->tn, &g->pos, d1, d2, g->rules);
    return g->tn.maxuse;
}

int bg_state_end_turn(bg_state *g)
{
    if (g->winner >= 0)
        return g->winner;
    if (g->dice[0])
        g->pos = g->tn.cur;
    g->moves[g->turn]++;
    g->dice[0] = g->dice[1] = 0;
    if (bg_pos_won(&g->pos, 0)) {
        g->winner = g->turn;
        bg_stakes_score(g, bg_pos_gammon(&g->pos));
        return g->winner;
    }
    bg_pos_swap(&g->pos);
    g->turn ^= 1;
    return -1;
}

int bg_state_play_move(bg_state *g, const bg_move *m)
{
    bg_turn *t = &g->tn;
    bg_turn_reset(t);
    t->nplayed = m->n;
    t->nentries = m->n;
    for (int k = 0; k < m->n; k++) {
        t->played[k] = m->st[k];
        t->hit[k] = (m->hits >> k) & 1;
        t->entry_len[k] = 1;
    }
    t->cur = m->after;
    t->nleft = 0;
    return bg_state_end_turn(g);
}

int bg_state_tiles(const bg_state *g, int colour, int p)
{
    const bg_pos *q = g->dice[0] ? &g->tn.cur : &g->pos;
    const uint8_t *s = q->s[colour == g->turn ? 0 : 1];
    if (p == 0)
        return bg_pos_off(q, colour == g->turn ? 0 : 1);
    return p >= 1 && p <= 25 ? s[p - 1] : 0;
}

void bg_state_posid(const bg_state *g, char id[BG_POSID_LEN + 1])
{
    bg_posid_encode(&g->pos, id);
}

int bg_state_set_posid(bg_state *g, const char *id, int colour)
{
    bg_pos p;
    if (bg_posid_decode(id, &p) != 0 || bg_pos_check(&p, g->rules) != 0 ||
        bg_pos_won(&p, 0) || bg_pos_won(&p, 1))
        return -1;
    g->pos = p;
    g->turn = colour;
    g->dice[0] = g->dice[1] = 0;
    g->winner = -1;
    return 0;
}

void bg_state_result(const bg_state *g, bg_result *r)
{
    /* After the winning turn the winner is still s[0]. */
    const uint8_t *loser = g->pos.s[1];
    int on = 0;
    for (int i = 0; i < 25; i++)
        on += loser[i];
    r->winner = g->winner;
    r->tile_advantage = on;
    r->total_moves = g->winner >= 0 ? g->moves[g->winner] : 0;
    r->score = bg_score_tiles(loser);
}
