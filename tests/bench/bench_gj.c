/*
 * bench_gj.c - Gunjin Shogi: the computer opponent (gj_ai_choose) in
 * matches of whole games, colours alternating, and its time per move.
 *
 *   1. against the seed's random opponent (gj_ai_random): 95% of games
 *      won or more;
 *   2. against the headquarters rusher (gj_ai_rush, gj_rush.c): no game
 *      lost and none reaching the 2,000-ply draw;
 *   3. against the computer opponent as it was before it guarded its
 *      headquarters (gj_ai_opts.level GJ_AI_PLAIN): 60% won or more;
 * every computer move under 100 ms of processor time.  The peers measured
 * in the same run:
 * the random opponent against itself, and the earlier computer against
 * the rusher (what the guard changed).
 *
 *   bench_gj [games] [seed]     default 1000 games a match, seed 1
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

/* The time a move costs is this thread's processor time: the machine is
 * shared, and the clock on the wall also counts other people's work. */
static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

enum player { P_COMPUTER, P_PLAIN, P_RANDOM, P_RUSHER };
static const char *const player_name[] = {
    "computer", "earlier computer", "random", "rusher"
};

typedef struct tally {
    int won, lost, drawn, by_hq, by_nomove;
    long plies, moves;
    double ms, max_ms;
} tally;

/* One game of player a (on side a_side) against player b; a's result and
 * a's time per move go into t. */
static void one_game(gj_game *g, gj_view *v, int a, int b, int a_side,
                     uint64_t seed, tally *t)
{
    gj_rng r;
    gj_rng_seed(&r, seed);
    gj_setup s[2];
    int who[2];
    who[a_side] = a;
    who[!a_side] = b;
    for (int side = 0; side < 2; side++) {
        if (who[side] == P_COMPUTER || who[side] == P_PLAIN)
            gj_ai_setup(&s[side], &r, who[side] == P_PLAIN ? GJ_AI_PLAIN : 0);
        else
            gj_setup_random(&s[side], &r);
    }
    gj_game_init(g, &s[0], &s[1]);
    while (g->result == GJ_PLAYING) {
        gj_move m;
        int p = who[g->turn];
        gj_view_build(g, g->turn, v);
        double t0 = cpu_ms();
        if (p == P_COMPUTER || p == P_PLAIN) {
            gj_ai_opts o = { 0, 0, &r, p == P_PLAIN ? GJ_AI_PLAIN : 0 };
            gj_ai_choose(v, &o, &m);
        } else if (p == P_RUSHER) {
            gj_ai_rush(v, &r, &m);
        } else {
            gj_ai_random(v, &r, &m);
        }
        if (g->turn == a_side) {
            double dt = cpu_ms() - t0;
            t->ms += dt;
            t->moves++;
            if (dt > t->max_ms)
                t->max_ms = dt;
        }
        if (gj_play(g, m.from, m.to, 0) != 0) {
            fprintf(stderr, "bench_gj: illegal move chosen\n");
            exit(1);
        }
    }
    t->plies += g->nhist;
    if (g->result == GJ_DRAW) {
        t->drawn++;
    } else if (g->winner == a_side) {
        t->won++;
        t->by_hq += g->result == GJ_WIN_HQ;
        t->by_nomove += g->result == GJ_WIN_NOMOVE;
    } else {
        t->lost++;
    }
}

/* A match of games; colours alternate, or a always plays red. */
static tally match(int a, int b, int games, uint64_t seed, int alternate)
{
    gj_game *g = malloc(sizeof *g);
    gj_view *v = malloc(sizeof *v);
    tally t = { 0 };
    double t0 = now_ms();
    for (int i = 0; i < games; i++)
        one_game(g, v, a, b, alternate ? i & 1 : GJ_RED,
                 seed * 1000003u + (uint64_t)i, &t);
    printf("%s against %s, %d games (%s):\n", player_name[a],
           player_name[b], games,
           alternate ? "colours alternate" : "the first plays red");
    printf("  won %d (%.1f%%), lost %d, drawn %d (the %d-ply cap); "
           "%d by HQ entry, %d by no legal move; %.0f plies a game\n",
           t.won, 100.0 * t.won / games, t.lost, t.drawn, GJ_MAX_PLIES,
           t.by_hq, t.by_nomove, (double)t.plies / games);
    if (a != P_RANDOM)
        printf("  processor time per %s move: mean %.3f ms, max %.3f ms "
               "(limit 100 ms); %.1f s on the clock for the match\n",
               player_name[a], t.ms / (double)(t.moves ? t.moves : 1),
               t.max_ms, (now_ms() - t0) / 1e3);
    free(g);
    free(v);
    return t;
}

int main(int argc, char **argv)
{
    int games = argc > 1 ? atoi(argv[1]) : 1000;
    uint64_t seed = argc > 2 ? strtoull(argv[2], 0, 10) : 1;
    if (games < 1)
        games = 1;
    tally t = match(P_COMPUTER, P_RANDOM, games, seed, 1);
    printf("  target: >= 95%% won: %s\n",
           t.won * 100 >= 95 * games ? "met" : "NOT MET");
    match(P_RANDOM, P_RANDOM, games, seed, 0);
    printf("  (the peer: red against blue, both random)\n");
    t = match(P_COMPUTER, P_RUSHER, games, seed, 1);
    printf("  target: no game lost, none to the cap: %s\n",
           t.lost == 0 && t.drawn == 0 ? "met" : "NOT MET");
    match(P_PLAIN, P_RUSHER, games, seed, 1);
    printf("  (the peer: the computer before it guarded its HQ)\n");
    t = match(P_COMPUTER, P_PLAIN, games, seed, 1);
    printf("  target: >= 60%% won: %s\n",
           t.won * 100 >= 60 * games ? "met" : "NOT MET");
    return 0;
}
