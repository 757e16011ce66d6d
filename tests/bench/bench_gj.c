/*
 * bench_gj.c - Gunjin Shogi: the computer opponent (gj_ai_choose) against
 * the seed's random opponent (gj_ai_random), colours alternating, and the
 * computer's time per move.  Targets (issue 8): 95% of games won or more,
 * under 100 ms a move.  The peer measured in the same run is the random
 * opponent against itself.
 *
 *   bench_gj [games] [seed]     default 1000 games, seed 1
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "gunjin/gj.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

typedef struct tally {
    int won, lost, drawn, by_hq, by_nomove;
    long plies, ai_moves;
    double ai_ms, ai_max_ms;
    long slow;              /* computer moves over 1 ms */
} tally;

/* One game; ai_side < 0: random against random. Returns the result. */
static void one_game(gj_game *g, gj_view *v, int ai_side, uint64_t seed,
                     tally *t)
{
    gj_rng r;
    gj_rng_seed(&r, seed);
    gj_setup s[2];
    for (int side = 0; side < 2; side++) {
        if (side == ai_side)
            gj_ai_setup(&s[side], &r);
        else
            gj_setup_random(&s[side], &r);
    }
    gj_game_init(g, &s[0], &s[1]);
    gj_ai_opts o = { 0, 0, &r };
    while (g->result == GJ_PLAYING) {
        gj_move m;
        gj_view_build(g, g->turn, v);
        if (g->turn == ai_side) {
            double t0 = now_ms();
            gj_ai_choose(v, &o, &m);
            double dt = now_ms() - t0;
            t->ai_ms += dt;
            t->ai_moves++;
            if (dt > t->ai_max_ms)
                t->ai_max_ms = dt;
            t->slow += dt > 1.0;
        } else {
            gj_ai_random(v, &r, &m);
        }
        if (gj_play(g, m.from, m.to, 0) != 0) {
            fprintf(stderr, "bench_gj: illegal move chosen\n");
            exit(1);
        }
    }
    t->plies += g->nhist;
    int me = ai_side < 0 ? GJ_RED : ai_side;
    if (g->result == GJ_DRAW) {
        t->drawn++;
    } else if (g->winner == me) {
        t->won++;
        t->by_hq += g->result == GJ_WIN_HQ;
        t->by_nomove += g->result == GJ_WIN_NOMOVE;
    } else {
        t->lost++;
    }
}

int main(int argc, char **argv)
{
    int games = argc > 1 ? atoi(argv[1]) : 1000;
    uint64_t seed = argc > 2 ? strtoull(argv[2], 0, 10) : 1;
    gj_game *g = malloc(sizeof *g);
    gj_view *v = malloc(sizeof *v);
    tally ai = { 0 }, peer = { 0 };
    double t0 = now_ms();
    for (int i = 0; i < games; i++)
        one_game(g, v, i & 1, seed * 1000003u + (uint64_t)i, &ai);
    double t1 = now_ms();
    for (int i = 0; i < games; i++)
        one_game(g, v, -1, seed * 1000003u + (uint64_t)i, &peer);

    printf("gunjin: computer vs random, %d games (colours alternate)\n",
           games);
    printf("  computer won %5.1f%%  (target >= 95%%)  lost %d, drawn %d\n",
           100.0 * ai.won / games, ai.lost, ai.drawn);
    printf("  wins by HQ entry %d, by no legal move %d; %.0f plies a game\n",
           ai.by_hq, ai.by_nomove, (double)ai.plies / games);
    printf("  time per computer move: mean %.3f ms, max %.3f ms "
           "(target < 100 ms); %ld of %ld moves over 1 ms\n",
           ai.ai_ms / (double)(ai.ai_moves ? ai.ai_moves : 1), ai.ai_max_ms,
           ai.slow, ai.ai_moves);
    printf("  wall time %.1f s\n", (t1 - t0) / 1e3);
    printf("peer: random vs random, same seeds: red won %.1f%%, drawn %d, "
           "%.0f plies a game\n",
           100.0 * peer.won / games, peer.drawn, (double)peer.plies / games);
    free(g);
    free(v);
    return 0;
}
