/*
 * bg_duel.c - test matches between two players (a net at 0 ply, or a
 * level), for the trainer's progress lines and `backgammon duel`.  Tool
 * code: games in pairs with the same dice, each side first once.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bg_ai_int.h"
#include "bg_tool.h"

static void roll(bg_xrng *r, int *d1, int *d2)
{
    bg_rng rng = {bg_xrng_next, r};
    *d1 = bg_roll_die(&rng);
    *d2 = bg_roll_die(&rng);
}

/* A player in a test match: a net at 0 ply, or (net NULL) a level. */
static void play(const bg_player *pl, bg_ai *ai, bg_movelist *ml,
                 const bg_pos *p, int d1, int d2, bg_rng *rng, bg_move *mv)
{
    if (pl->net) {
        bg_moves(p, d1, d2, BG_RULES_STANDARD, ml);
        *mv = ml->m[bg_net_pick(pl->net, ml)];
    } else {
        bg_ai_choose(ai, p, d1, d2, BG_RULES_STANDARD, pl->level, rng, 0, mv);
    }
}

/* a against b, 2 * pairs games, the same dice both ways round; a's share
 * of the wins. */
double bg_duel(const bg_player *a, const bg_player *b, int pairs,
                    uint64_t seed, bg_ai *ai, bg_movelist *ml)
{
    int wins = 0;
    for (int gno = 0; gno < 2 * pairs; gno++) {
        bg_xrng r;
        bg_xrng_seed(&r, seed + (uint64_t)(gno / 2));
        bg_rng rng = {bg_xrng_next, &r};
        bg_pos p;
        bg_pos_start(&p);
        int side = gno & 1;     /* the plies on which a moves */
        int d1, d2;
        do
            roll(&r, &d1, &d2);
        while (d1 == d2);
        for (int ply = 0;; ply++) {
            bg_move mv;
            play((ply & 1) == side ? a : b, ai, ml, &p, d1, d2, &rng, &mv);
            if (bg_pos_won(&mv.after, 0)) {
                wins += (ply & 1) == side;
                break;
            }
            p = mv.after;
            bg_pos_swap(&p);
            roll(&r, &d1, &d2);
        }
    }
    return (double)wins / (2 * pairs);
}

int bg_tool_duel(int argc, char **argv)
{
    int a = -1, b = -1, pairs = 100;
    unsigned long long seed = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: ttyarcade backgammon duel [--pairs N] [--seed S] "
                   "LEVEL LEVEL\n"
                   "Plays N pairs of games (the same dice, each level first "
                   "once), standard rules,\nand prints the first level's "
                   "share of the wins.\n");
            return 0;
        } else if (!strcmp(argv[i], "--pairs") && i + 1 < argc) {
            pairs = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            seed = strtoull(argv[++i], 0, 10);
        } else if (argv[i][0] >= '0' && argv[i][0] <= '9' && b < 0) {
            if (a < 0)
                a = atoi(argv[i]);
            else
                b = atoi(argv[i]);
        } else {
            fprintf(stderr, "backgammon duel: bad argument '%s'\n", argv[i]);
            return 2;
        }
    }
    if (a < 0 || b < 0 || a > BG_LEVEL_MAX || b > BG_LEVEL_MAX || pairs < 1) {
        fprintf(stderr, "usage: ttyarcade backgammon duel [--pairs N] "
                        "LEVEL LEVEL\n");
        return 2;
    }
    bg_ai *ai = bg_ai_new();
    bg_movelist *ml = malloc(sizeof *ml);
    if (!ai || !ml)
        return 1;
    bg_player pa = {0, a}, pb = {0, b};
    double w = bg_duel(&pa, &pb, pairs, seed, ai, ml);
    printf("level %d (%s) against level %d (%s): %.3f of %d games\n", a,
           bg_level_name(a), b, bg_level_name(b), w, 2 * pairs);
    free(ml);
    bg_ai_free(ai);
    return 0;
}
