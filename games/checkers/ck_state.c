/*
 * ck_state.c - a game in progress: moves, take-backs, the rules that end
 * it, and the machine's turn (book first, then search).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "ck_book.h"
#include "ck_state.h"

const char *ck_end_text(int end)
{
    switch (end) {
    case CK_END_NO_MOVES: return "No legal move left.";
    case CK_END_REPETITION: return "The same position a third time.";
    case CK_END_NO_PROGRESS:
        return "Forty moves each without a capture or a man moved.";
    case CK_END_AGREED: return "Drawn by agreement.";
    case CK_END_RESIGNED: return "Resigned.";
    case CK_END_LENGTH: return "The game has run 500 moves each.";
    default: return "The game goes on.";
    }
}

void ck_state_init(ck_state *g, const ck_pos *start, int level,
                   int black_player, int white_player)
{
    memset(g, 0, sizeof *g);
    if (start)
        g->start = *start;
    else
        ck_pos_start(&g->start);
    g->pos = g->start;
    g->keys[0] = ck_pos_hash(&g->pos);
    g->level = level;
    g->player[CK_BLACK] = (uint8_t)black_player;
    g->player[CK_WHITE] = (uint8_t)white_player;
    ck_state_status(g);
}

int ck_state_repeats(const ck_state *g)
{
    int count = 1;
    uint64_t k = g->keys[g->nply];
    /* Only positions since the last irreversible move can repeat. */
    for (int back = 2; back <= g->quiet && back <= g->nply; back += 2)
        if (g->keys[g->nply - back] == k)
            count++;
    return count;
}

void ck_state_status(ck_state *g)
{
    ck_move mv[CK_MAX_MOVES];
    g->result = CK_PLAYING;
    g->end = CK_END_NONE;
    if (ck_gen_moves(&g->pos, mv) == 0) {
        g->result = g->pos.turn == CK_BLACK ? CK_WHITE_WINS : CK_BLACK_WINS;
        g->end = CK_END_NO_MOVES;
    } else if (ck_state_repeats(g) >= CK_REPETITIONS) {
        g->result = CK_DRAWN;
        g->end = CK_END_REPETITION;
    } else if (g->quiet >= CK_NO_PROGRESS_PLIES) {
        g->result = CK_DRAWN;
        g->end = CK_END_NO_PROGRESS;
    } else if (g->nply >= CK_GAME_MAX_PLIES) {
        g->result = CK_DRAWN;
        g->end = CK_END_LENGTH;
    }
}

int ck_state_play(ck_state *g, ck_move m)
{
    ck_move mv[CK_MAX_MOVES];
    if (g->result != CK_PLAYING)
        return -1;
    int n = ck_gen_moves(&g->pos, mv), legal = 0;
    for (int i = 0; i < n && !legal; i++)
        legal = ck_move_equal(mv[i], m);
    if (!legal)
        return -1;
    g->quiet = ck_move_progress(&g->pos, m) ? 0 : g->quiet + 1;
    ck_make(&g->pos, m);
    g->moves[g->nply++] = m;
    g->keys[g->nply] = ck_pos_hash(&g->pos);
    ck_state_status(g);
    return 0;
}

int ck_state_undo(ck_state *g)
{
    if (g->nply == 0)
        return -1;
    /* Replay from the set-up: the no-progress count needs the history. */
    int n = g->nply - 1;
    g->pos = g->start;
    g->quiet = 0;
    for (int i = 0; i < n; i++) {
        g->quiet = ck_move_progress(&g->pos, g->moves[i]) ? 0 : g->quiet + 1;
        ck_make(&g->pos, g->moves[i]);
    }
    g->nply = n;
    ck_state_status(g);
    return 0;
}

void ck_state_end(ck_state *g, int result, int end)
{
    g->result = (uint8_t)result;
    g->end = (uint8_t)end;
}

int ck_state_move_number(const ck_state *g)
{
    /* Black's move and white's reply make one numbered move; a set-up
     * with white to move starts with "1. ..." for white. */
    int first_white = g->start.turn == CK_WHITE;
    return (g->nply + first_white) / 2 + 1;
}

void ck_state_search_in(const ck_state *g, int level, ck_search_in *in)
{
    memset(in, 0, sizeof *in);
    in->pos = g->pos;
    in->history = g->keys;
    in->nhistory = g->nply;     /* the positions before this one */
    in->quiet = g->quiet;
    if (level < 0 || level >= CK_NLEVELS)
        level = CK_TOM;
    in->lim = ck_levels[level].lim;
}

int ck_state_think(const ck_state *g, ck_tt *tt, const ck_egdb *egdb,
                   ck_rng *rng, ck_clock_fn clock, void *clock_ctx,
                   const volatile int *cancel, ck_search_out *out)
{
    ck_pos opening;
    ck_pos_start(&opening);
    if (rng && ck_pos_equal(&g->start, &opening) && g->nply <= 1 &&
        g->result == CK_PLAYING) {
        ck_move m;
        int book = 0;
        if (g->nply == 0) {
            m = ck_book_first(rng);
            book = 1;
        } else {
            book = ck_book_reply(&g->pos, rng, &m);
        }
        if (book) {
            memset(out, 0, sizeof *out);
            out->move = m;
            out->nmoves = ck_count_moves(&g->pos);
            out->npv = 1;
            out->pv[0] = m;
            return 1;
        }
    }
    ck_search_in in;
    ck_state_search_in(g, g->level, &in);
    in.tt = tt;
    in.egdb = egdb;
    in.rng = rng;
    in.clock = clock;
    in.clock_ctx = clock_ctx;
    in.cancel = cancel;
    return ck_search(&in, out);
}
