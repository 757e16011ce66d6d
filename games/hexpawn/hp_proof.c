/*
 * hp_proof.c - can the machine still be beaten?  A learning run that saw
 * no loss for a while has proved nothing: the line that wins may just not
 * have been tried yet.  This settles it by playing every line.
 *
 * The machine is deterministic given its memory (MFD1 takes the first
 * move not struck out) and the last move it made (a concession strikes
 * that), so a game is a function of the player's moves.  Every game from a
 * state (memory, last move) is played out; a game the player wins is a
 * counterexample.  A game can also change the state without a loss (I WIN!
 * YOU HAVE NO PAWNS strikes a move, and any game leaves a last move), so
 * every state a game can end in is checked the same way, until no new
 * state turns up.  Memories only ever lose moves, so there are few.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "hp.h"

typedef struct hp_pstate {
    hp_memory mem;
    uint8_t last;
} hp_pstate;

typedef struct hp_search {
    hp_pstate *seen;
    int nseen, cap, overflow;
    hp_proof *out;
    uint8_t fm[HP_MAX_PLIES], to[HP_MAX_PLIES];
} hp_search;

static int hp_seen_add(hp_search *s, const hp_memory *mem, uint8_t last)
{
    for (int i = 0; i < s->nseen; i++)
        if (s->seen[i].last == last &&
            !memcmp(s->seen[i].mem.list, mem->list, HP_MEMORY_SIZE))
            return 0;
    if (s->nseen == s->cap) {
        int cap = s->cap ? s->cap * 2 : 64;
        hp_pstate *grown = realloc(s->seen, (size_t)cap * sizeof *grown);
        if (!grown) {
            s->overflow = 1;
            return 0;
        }
        s->seen = grown;
        s->cap = cap;
    }
    s->seen[s->nseen].mem = *mem;
    s->seen[s->nseen].last = last;
    s->nseen++;
    return 1;
}

/* Every line of the game from st (the player to move at ply); 1 if one of
 * them is a win for the player (recorded in s->out), else 0. */
static int hp_lines(hp_search *s, const hp_state *st, const hp_memory *mem,
                    int ply)
{
    uint8_t mv[2 * HP_MAX_HMOVES];
    int n = ply < HP_MAX_PLIES ? hp_human_moves(st, mv) : 0;
    if (n == 0) {
        s->out->lines++;
        hp_seen_add(s, mem, st->last);      /* a draw: nothing learned */
        return 0;
    }
    for (int k = 0; k < n; k++) {
        hp_state t = *st;
        hp_memory m = *mem;
        s->fm[ply] = mv[2 * k];
        s->to[ply] = mv[2 * k + 1];
        if (hp_fm(&t, '0' + mv[2 * k]) != 0 ||
            hp_to(&t, '0' + mv[2 * k + 1]) != 0)
            continue;                       /* cannot happen */
        hp_reply r;
        int out = hp_play(&t, &m, &r);
        if (out == HP_GO_ON) {
            if (hp_lines(s, &t, &m, ply + 1))
                return 1;
            continue;
        }
        s->out->lines++;
        if (out == HP_YOU_WIN || out == HP_CONCEDE) {
            s->out->nwin = ply + 1;
            memcpy(s->out->win_fm, s->fm, sizeof s->fm);
            memcpy(s->out->win_to, s->to, sizeof s->to);
            return 1;
        }
        hp_seen_add(s, &m, t.last);
    }
    return 0;
}

int hp_prove(const hp_memory *mem, uint8_t last, hp_proof *out)
{
    hp_search s = { .out = out };
    memset(out, 0, sizeof *out);
    hp_seen_add(&s, mem, last);
    int beaten = 0;
    for (int i = 0; i < s.nseen && !beaten && !s.overflow; i++) {
        hp_state st;
        hp_init(&st);
        st.last = s.seen[i].last;
        hp_memory m = s.seen[i].mem;
        out->first = i == 0;
        beaten = hp_lines(&s, &st, &m, 0);
    }
    out->states = s.nseen;
    free(s.seen);
    if (s.overflow)
        return -1;
    return beaten ? 0 : 1;
}
