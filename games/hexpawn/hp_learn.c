/*
 * hp_learn.c - the machine learning against a built-in opponent, on a
 * scratch memory: what `ttyarcade hexpawn learn` and the learning-curve
 * benchmark run.
 *
 * The opponent plays only moves that are legal by the book's rules (so the
 * listing's checks always accept them) and feeds them through hp_fm, hp_to
 * and hp_play exactly as a player's keys would go.  Two opponents:
 * - exhaustive: tries every line of play in turn, like an odometer over
 *   the player's choices, the deepest choice turning fastest.  As the
 *   machine learns, the tree it plays against changes; a choice that no
 *   longer exists counts as exhausted.  The seed only rotates the order in
 *   which each position's moves are tried (seed 0: in square order).
 * - random: picks uniformly among the legal moves with a seeded generator.
 * A game is a pure function of the seed and the games before it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "hp.h"
#include "sm64.h"

/* splitmix64 (games/sm64.h): small, and good enough to choose among at
 * most nine moves. */

void hp_learner_init(hp_learner *l, int opponent, uint64_t seed)
{
    memset(l, 0, sizeof *l);
    hp_memory_reset(&l->mem);
    hp_init(&l->st);
    l->opponent = opponent;
    l->seed = seed;
    l->rng = seed;
}

static int hp_winner(int outcome)
{
    switch (outcome) {
    case HP_YOU_WIN:
    case HP_CONCEDE:
        return HP_SIDE_HUMAN;
    case HP_I_WIN:
    case HP_NO_PAWNS:
        return HP_SIDE_MACHINE;
    case HP_DRAW:
        return HP_SIDE_DRAW;
    default:
        return HP_SIDE_NONE;    /* NO GOOD, or the player cannot move */
    }
}

/* The exhaustive opponent's next line: turn the deepest choice made. */
static void hp_next_line(hp_learner *l, int plies, const uint8_t *width)
{
    for (int i = plies; i < HP_MAX_PLIES; i++)
        l->line[i] = 0;
    for (int i = plies - 1; i >= 0; i--) {
        if (++l->line[i] < width[i])
            return;
        l->line[i] = 0;         /* carry into the choice before */
    }
}

static int hp_choose(hp_learner *l, int ply, int n, uint8_t *width)
{
    if (l->opponent == HP_OPP_RANDOM)
        return (int)(sm64_step(&l->rng) % (uint64_t)n);
    width[ply] = (uint8_t)n;
    if (l->line[ply] >= n)      /* the tree has changed under this line */
        l->line[ply] = 0;
    unsigned rot = 0;
    if (l->seed)
        rot = (unsigned)(sm64_mix(l->seed ^ ((uint64_t)l->st.x << 8) ^
                                l->st.o) % (uint64_t)n);
    return (int)((l->line[ply] + rot) % (unsigned)n);
}

int hp_learner_play(hp_learner *l, hp_game_log *log)
{
    uint8_t width[HP_MAX_PLIES] = { 0 };
    memset(log, 0, sizeof *log);
    log->outcome = HP_NO;
    log->struck = -1;
    hp_again(&l->st);           /* AGAIN; the last move carries over */
    for (int ply = 0; ply < HP_MAX_PLIES; ply++) {
        uint8_t mv[2 * HP_MAX_HMOVES];
        int n = hp_human_moves(&l->st, mv);
        if (n == 0)
            break;              /* the player cannot move */
        int k = hp_choose(l, ply, n, width);
        log->fm[ply] = mv[2 * k];
        log->to[ply] = mv[2 * k + 1];
        log->nmoves = ply + 1;
        if (hp_fm(&l->st, '0' + mv[2 * k]) != 0 ||
            hp_to(&l->st, '0' + mv[2 * k + 1]) != 0)
            break;              /* cannot happen: a legal move passes */
        hp_reply r;
        int out = hp_play(&l->st, &l->mem, &r);
        if (out != HP_GO_ON) {
            log->outcome = out;
            log->struck = r.struck;
            break;
        }
    }
    log->winner = hp_winner(log->outcome);
    if (l->opponent == HP_OPP_EXHAUSTIVE)
        hp_next_line(l, log->nmoves, width);
    l->games++;
    return log->winner;
}
