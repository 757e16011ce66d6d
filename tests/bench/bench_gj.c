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
 *   bench_gj [--losses] [--tail N] [--match NAME] [--game N] [games] [seed]
 *
 * default 1000 games a match, seed 1.  --losses prints every game the
 * computer loses or draws: its number, seed and colour, its moves, and the
 * board (both sides' types, and the intelligence the computer has on the
 * enemy's pieces near its HQ) before each of the last N moves (--tail, 4
 * by default).  --match runs one match only: random, rusher or earlier
 * (the computer against each); --game N plays only game N of each match,
 * as it is played in the whole match.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static int show_losses, tail_plies = 4, only_game = -1;

typedef struct tally {
    int won, lost, drawn, by_hq, by_nomove;
    long plies, moves;
    double ms, max_ms;
} tally;

/* The board as it stands, from rank 8 down: red's pieces in capitals,
 * blue's in small letters; then, for each enemy piece of the computer's
 * (side me) within two ranks and two files of its HQ, the types its
 * intelligence still allows. */
static void print_board(const gj_game *g, int me)
{
    char n[3];
    for (int rank = GJ_RANKS - 1; rank >= 0; rank--) {
        printf("    %d ", rank + 1);
        for (int file = 0; file < GJ_FILES; file++) {
            int sq = GJ_SQ(file, rank), id = gj_is_pos(sq) ? g->at[sq] : -2;
            char a[3] = "..";
            if (id == -2)
                strcpy(a, "==");
            else if (id >= 0) {
                memcpy(a, gj_type_abbr[g->type[id]], 2);
                for (int k = 0; k < 2 && GJ_SIDE_OF(id) == GJ_BLUE; k++)
                    a[k] = (char)(a[k] | 0x20);
            }
            printf(" %s", a);
        }
        printf("\n");
    }
    printf("       A  B  C  D  E  F   (%s to move)\n",
           g->turn == GJ_RED ? "red" : "blue");
    int hq = gj_hq(me), foe = !me;
    for (int e = foe * GJ_SIDE_PIECES; e < (foe + 1) * GJ_SIDE_PIECES; e++) {
        int sq = g->sq[e];
        if (sq < 0 || abs(GJ_RANK(sq) - GJ_RANK(hq)) > 2 ||
            abs(GJ_FILE(sq) - GJ_FILE(hq)) > 2)
            continue;
        printf("    %s (%s, %s) may be:", gj_sq_name(sq, n),
               gj_type_abbr[g->type[e]], gj_sq_name(gj_start_sq(e), n));
        for (int t = 0; t < GJ_TYPES; t++)
            if (g->flags[e] >> t & 1)
                printf(" %s", gj_type_abbr[t]);
        printf("\n");
    }
}

/* A lost game again from its set-ups: the moves, and the board before
 * each of the last tail_plies. */
static void print_game(const gj_game *g, const gj_setup s[2], int me,
                       int number, uint64_t seed)
{
    gj_game *r = malloc(sizeof *r);
    char a[3], b[3];
    printf("  game %d (seed %llu), the computer %s: %s after %d plies\n",
           number, (unsigned long long)seed, me == GJ_RED ? "red" : "blue",
           g->result == GJ_DRAW ? "drawn" : "lost", g->nhist);
    for (int i = 0; i < g->nhist; i++)
        printf("%s%s-%s%s", i % 10 ? " " : "    ",
               gj_sq_name(g->hist[i].from, a), gj_sq_name(g->hist[i].to, b),
               i % 10 == 9 || i == g->nhist - 1 ? "\n" : "");
    gj_game_init(r, &s[0], &s[1]);
    for (int i = 0; i < g->nhist; i++) {
        const gj_rec *h = &g->hist[i];
        if (i >= g->nhist - tail_plies) {
            printf("   ply %d, then %s-%s:\n", i + 1, gj_sq_name(h->from, a),
                   gj_sq_name(h->to, b));
            print_board(r, me);
        }
        gj_play(r, h->from, h->to, 0);
    }
    printf("   ply %d, %s\n", g->nhist,
           gj_outcome_name[g->hist[g->nhist - 1].outcome]);
    free(r);
}

/* One game of player a (on side a_side) against player b; a's result and
 * a's time per move go into t. */
static void one_game(gj_game *g, gj_view *v, int a, int b, int a_side,
                     int number, uint64_t seed, tally *t)
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
    if (show_losses && a == P_COMPUTER &&
        (g->result == GJ_DRAW || g->winner != a_side))
        print_game(g, s, a_side, number, seed);
}

/* A match of games; colours alternate, or a always plays red. */
static tally match(int a, int b, int games, uint64_t seed, int alternate)
{
    gj_game *g = malloc(sizeof *g);
    gj_view *v = malloc(sizeof *v);
    tally t = { 0 };
    double t0 = now_ms();
    for (int i = 0; i < games; i++)
        if (only_game < 0 || i == only_game)
            one_game(g, v, a, b, alternate ? i & 1 : GJ_RED, i,
                     seed * 1000003u + (uint64_t)i, &t);
    if (only_game >= 0)
        games = 1;
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
    const char *only = 0;
    int arg = 1;
    for (; arg < argc && argv[arg][0] == '-'; arg++) {
        if (!strcmp(argv[arg], "--losses")) {
            show_losses = 1;
        } else if (!strcmp(argv[arg], "--game") && arg + 1 < argc) {
            only_game = atoi(argv[++arg]);
        } else if (!strcmp(argv[arg], "--tail") && arg + 1 < argc) {
            tail_plies = atoi(argv[++arg]);
        } else if (!strcmp(argv[arg], "--match") && arg + 1 < argc) {
            only = argv[++arg];
        } else {
            fprintf(stderr, "usage: bench_gj [--losses] [--tail N] "
                    "[--match random|rusher|earlier] [--game N] "
                    "[games] [seed]\n");
            return 2;
        }
    }
    int games = arg < argc ? atoi(argv[arg]) : 1000;
    uint64_t seed = arg + 1 < argc ? strtoull(argv[arg + 1], 0, 10) : 1;
    if (games < 1)
        games = 1;
    if (only_game >= games) {
        fprintf(stderr, "bench_gj: no game %d in %d\n", only_game, games);
        return 2;
    }
    int played = only_game >= 0 ? 1 : games;
    tally t;
    if (!only || !strcmp(only, "random")) {
        t = match(P_COMPUTER, P_RANDOM, games, seed, 1);
        printf("  target: >= 95%% won: %s\n",
               t.won * 100 >= 95 * played ? "met" : "NOT MET");
        match(P_RANDOM, P_RANDOM, games, seed, 0);
        printf("  (the peer: red against blue, both random)\n");
    }
    if (!only || !strcmp(only, "rusher")) {
        t = match(P_COMPUTER, P_RUSHER, games, seed, 1);
        printf("  target: no game lost, none to the cap: %s\n",
               t.lost == 0 && t.drawn == 0 ? "met" : "NOT MET");
        match(P_PLAIN, P_RUSHER, games, seed, 1);
        printf("  (the peer: the computer before it guarded its HQ)\n");
    }
    if (!only || !strcmp(only, "earlier")) {
        t = match(P_COMPUTER, P_PLAIN, games, seed, 1);
        printf("  target: >= 60%% won: %s\n",
               t.won * 100 >= 60 * played ? "met" : "NOT MET");
    }
    return 0;
}
