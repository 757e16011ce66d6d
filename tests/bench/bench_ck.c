/*
 * bench_ck.c - figures for the checkers engine, each printed beside its
 * target:
 *   1. perft(11) from the opening: time and leaves per second (target
 *      50 million/s);
 *   2. the depth Mighty Robot Harry completes in 1 s from the opening and
 *      from a middle-game set (target 18 plies);
 *   3. Harry's time per move at his default setting over a set of
 *      positions, mean and max (target under 2 s);
 *   4. a round robin of Tom, Dick, Harry and the expert level, 100 games a
 *      pairing, colours alternating, random book openings, with the score
 *      table (target: each level clearly beats the one below).
 * The round robin's default (quick) mode gives Harry and the expert
 * smaller budgets than their defaults so that it fits in about a quarter
 * of an hour on two cores; it says so.  --full plays at the default
 * levels (hours).  Never fails on a timing.
 *
 *   bench_ck [--full] [--games N] [--threads N] [--no-rr] [--only-rr]
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checkers/ck_board.h"
#include "checkers/ck_book.h"
#include "checkers/ck_clock.h"
#include "checkers/ck_notation.h"
#include "checkers/ck_search.h"
#include "checkers/ck_state.h"

/* Middle-game positions published in The Checker Maven's series on the
 * Kelso (from W. F. Ryan's "Tricks Traps & Shots of the Checkerboard"). */
static const char *const bench_middle[] = {
    "B:W32,31,28,27,25,24,23,22,18,17:B15,13,12,11,10,9,8,3,2,1",
    "W:W31,30,28,27,26,25,24,23,20,13:B15,14,12,11,10,8,7,6,5,2",
    "B:W31,30,28,26,24,23,21,20,19,13:B17,15,14,12,11,10,6,5,3,2",
    "W:W32,31,30,28,27,25,24,22,14:B16,11,9,8,7,5,4,3,2",
    "B:W32,30,27,25,23,22,15,14:B18,16,9,8,7,5,3,2",
};
#define BENCH_NMIDDLE (int)(sizeof bench_middle / sizeof bench_middle[0])

#define BENCH_TT ((size_t)16 << 20)

/* ---- 1. perft ------------------------------------------------------- */

static void bench_perft(void)
{
    ck_pos p;
    ck_pos_start(&p);
    double t0 = ck_clock_seconds();
    uint64_t n = ck_perft(&p, 11);
    double t = ck_clock_seconds() - t0;
    printf("perft(11) from the opening: %llu leaves (published 85242128%s)\n",
           (unsigned long long)n, n == 85242128ull ? ", agrees" : ", WRONG");
    printf("  time %.3f s, %.1f million leaves/s    target >= 50 million/s\n",
           t, (double)n / t / 1e6);
}

/* ---- 2 and 3. Harry's depth and time -------------------------------- */

static ck_search_out bench_harry(const ck_pos *p, ck_tt *tt, uint64_t seed,
                                 double *seconds)
{
    ck_search_in in;
    ck_search_out out;
    ck_rng rng;
    ck_rng_seed(&rng, seed);
    memset(&in, 0, sizeof in);
    in.pos = *p;
    in.lim = ck_levels[CK_HARRY].lim;
    in.tt = tt;
    in.rng = &rng;
    in.clock = ck_clock_ms;
    ck_tt_clear(tt);
    double t0 = ck_clock_seconds();
    ck_search(&in, &out);
    *seconds = ck_clock_seconds() - t0;
    return out;
}

static void bench_depth(ck_tt *tt)
{
    ck_pos p;
    double s;
    printf("\nDepth Mighty Robot Harry completes in 1 s (his default "
           "budget, %ld ms)    target >= 18 plies\n",
           ck_levels[CK_HARRY].lim.ms);
    ck_pos_start(&p);
    ck_search_out o = bench_harry(&p, tt, 1, &s);
    printf("  opening             depth %2d  (%6.1f M nodes/s)\n", o.depth,
           (double)o.nodes / s / 1e6);
    double sum = 0;
    int lo = 1000;
    for (int i = 0; i < BENCH_NMIDDLE; i++) {
        ck_fen_parse(bench_middle[i], &p);
        o = bench_harry(&p, tt, 1, &s);
        printf("  middle game %d       depth %2d  (%6.1f M nodes/s)\n", i + 1,
               o.depth, (double)o.nodes / s / 1e6);
        sum += o.depth;
        if (o.depth < lo)
            lo = o.depth;
    }
    printf("  middle-game set     mean %.1f, least %d\n", sum / BENCH_NMIDDLE,
           lo);
}

static void bench_harry_time(ck_tt *tt)
{
    /* The opening, the middle-game set, and the positions every ten
     * plies of a game Dick plays against himself. */
    ck_pos set[32];
    int n = 0;
    ck_pos_start(&set[n++]);
    for (int i = 0; i < BENCH_NMIDDLE; i++)
        ck_fen_parse(bench_middle[i], &set[n++]);
    ck_state *g = malloc(sizeof *g);
    ck_rng rng;
    ck_rng_seed(&rng, 77);
    ck_state_init(g, NULL, CK_DICK, CK_MACHINE, CK_MACHINE);
    while (g->result == CK_PLAYING && n < 16) {
        ck_search_out o;
        ck_state_think(g, tt, &rng, ck_clock_ms, NULL, NULL, &o);
        ck_state_play(g, o.move);
        if (g->nply % 10 == 0 && g->result == CK_PLAYING)
            set[n++] = g->pos;
    }
    free(g);
    double sum = 0, max = 0;
    for (int i = 0; i < n; i++) {
        double s;
        bench_harry(&set[i], tt, (uint64_t)i + 1, &s);
        sum += s;
        if (s > max)
            max = s;
    }
    printf("\nMighty Robot Harry's time per move at his default setting, "
           "%d positions    target < 2 s\n", n);
    printf("  mean %.3f s, max %.3f s\n", sum / n, max);
}

/* ---- 4. The round robin --------------------------------------------- */

typedef struct bench_rr {
    ck_limits lim[CK_NLEVELS];
    int games;          /* per pairing */
    int npair;
    int pair[6][2];
    int next;           /* next game to hand out */
    /* [pairing][0..2]: wins of the first level, draws, wins of the
     * second */
    int score[6][3];
    long plies;
    pthread_mutex_t lock;
} bench_rr;

/* One game; returns 1 if level a won, 0 for a draw, -1 if b won. */
static int bench_game(const bench_rr *rr, int a, int b, int a_black,
                      uint64_t seed, ck_tt *tt, long *plies)
{
    ck_state *g = malloc(sizeof *g);
    ck_rng rng;
    ck_rng_seed(&rng, seed);
    ck_state_init(g, NULL, a, CK_MACHINE, CK_MACHINE);
    ck_tt_clear(&tt[0]);
    ck_tt_clear(&tt[1]);
    while (g->result == CK_PLAYING) {
        int black = g->pos.turn == CK_BLACK;
        int level = black == a_black ? a : b;
        ck_search_out out;
        g->level = level;
        if (g->nply < 2) {
            /* Random book openings: black's first move and white's
             * reply. */
            ck_state_think(g, NULL, &rng, ck_clock_ms, NULL, NULL, &out);
        } else {
            ck_search_in in;
            ck_state_search_in(g, level, &in);
            in.lim = rr->lim[level];
            in.tt = &tt[black];
            in.rng = &rng;
            in.clock = ck_clock_ms;
            ck_search(&in, &out);
        }
        ck_state_play(g, out.move);
    }
    *plies = g->nply;
    int r = g->result;
    free(g);
    if (r == CK_DRAWN)
        return 0;
    return (r == CK_BLACK_WINS) == (a_black != 0) ? 1 : -1;
}

static void *bench_worker(void *arg)
{
    bench_rr *rr = arg;
    ck_tt tt[2];
    ck_tt_init(&tt[0], BENCH_TT);
    ck_tt_init(&tt[1], BENCH_TT);
    for (;;) {
        pthread_mutex_lock(&rr->lock);
        int k = rr->next++;
        pthread_mutex_unlock(&rr->lock);
        if (k >= rr->npair * rr->games)
            break;
        int pi = k % rr->npair, gi = k / rr->npair;
        long plies;
        int r = bench_game(rr, rr->pair[pi][0], rr->pair[pi][1], gi % 2 == 0,
                           (uint64_t)k * 7919u + 1, tt, &plies);
        pthread_mutex_lock(&rr->lock);
        rr->score[pi][r == 1 ? 0 : r == 0 ? 1 : 2]++;
        rr->plies += plies;
        pthread_mutex_unlock(&rr->lock);
    }
    ck_tt_free(&tt[0]);
    ck_tt_free(&tt[1]);
    return NULL;
}

static void bench_round_robin(int full, int games, int threads)
{
    bench_rr rr;
    memset(&rr, 0, sizeof rr);
    pthread_mutex_init(&rr.lock, NULL);
    for (int l = 0; l < CK_NLEVELS; l++)
        rr.lim[l] = ck_levels[l].lim;
    if (!full) {
        /* The quick budgets keep the order of the defaults: the expert
         * four times Harry's time, Harry well past Dick's depth. */
        rr.lim[CK_HARRY].ms = 25;
        rr.lim[CK_EXPERT].ms = 100;
    }
    rr.games = games;
    for (int a = 0; a < CK_NLEVELS; a++)
        for (int b = a + 1; b < CK_NLEVELS; b++) {
            rr.pair[rr.npair][0] = a;
            rr.pair[rr.npair][1] = b;
            rr.npair++;
        }
    printf("\nRound robin: %d games a pairing, colours alternating, random "
           "book openings (%d threads)\n", games, threads);
    if (!full)
        printf("  QUICK mode: Harry %ld ms and expert %ld ms a move (defaults "
               "%ld and %ld ms);\n  Tom and Dick at their defaults.  "
               "--full plays the defaults.\n",
               rr.lim[CK_HARRY].ms, rr.lim[CK_EXPERT].ms,
               ck_levels[CK_HARRY].lim.ms, ck_levels[CK_EXPERT].lim.ms);
    for (int l = 0; l < CK_NLEVELS; l++)
        printf("  %-6s depth %-3d %5ld ms  noise +-%d\n", ck_levels[l].name,
               rr.lim[l].depth, rr.lim[l].ms, rr.lim[l].noise);
    fflush(stdout);
    double t0 = ck_clock_seconds();
    pthread_t th[16];
    if (threads > 16)
        threads = 16;
    for (int i = 0; i < threads; i++)
        pthread_create(&th[i], NULL, bench_worker, &rr);
    for (int i = 0; i < threads; i++)
        pthread_join(th[i], NULL);
    double t = ck_clock_seconds() - t0;

    /* Points of the row's level against the column's, out of 'games'. */
    double pts[CK_NLEVELS][CK_NLEVELS] = { { 0 } }, total[CK_NLEVELS] = { 0 };
    for (int i = 0; i < rr.npair; i++) {
        int a = rr.pair[i][0], b = rr.pair[i][1];
        pts[a][b] = rr.score[i][0] + 0.5 * rr.score[i][1];
        pts[b][a] = rr.score[i][2] + 0.5 * rr.score[i][1];
        total[a] += pts[a][b];
        total[b] += pts[b][a];
    }
    printf("\n  points (row against column, of %d)\n  %-8s", games, "");
    for (int b = 0; b < CK_NLEVELS; b++)
        printf("%8s", ck_levels[b].name);
    printf("%9s\n", "total");
    for (int a = 0; a < CK_NLEVELS; a++) {
        printf("  %-8s", ck_levels[a].name);
        for (int b = 0; b < CK_NLEVELS; b++)
            if (a == b)
                printf("%8s", "-");
            else
                printf("%8.1f", pts[a][b]);
        printf("%9.1f\n", total[a]);
    }
    printf("\n  pairing           wins-draws-losses   score   target: the "
           "higher level clearly ahead\n");
    for (int i = 0; i < rr.npair; i++) {
        int a = rr.pair[i][0], b = rr.pair[i][1];
        double pct = 100.0 * pts[b][a] / games;
        printf("  %-6s v %-6s    %3d-%3d-%3d       %5.1f%%  %s\n",
               ck_levels[b].name, ck_levels[a].name, rr.score[i][2],
               rr.score[i][1], rr.score[i][0], pct,
               b == a + 1 ? (pct > 60 ? "(next level up: clearly ahead)"
                                      : "(next level up: NOT clearly ahead)")
                          : "");
    }
    printf("  %d games, %.1f plies a game, %.0f s\n", rr.npair * games,
           (double)rr.plies / (rr.npair * games), t);
    pthread_mutex_destroy(&rr.lock);
}

int main(int argc, char **argv)
{
    int full = 0, games = 100, threads = 2, rr = 1, others = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--full"))
            full = 1;
        else if (!strcmp(argv[i], "--games") && i + 1 < argc)
            games = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc)
            threads = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--no-rr"))
            rr = 0;
        else if (!strcmp(argv[i], "--only-rr"))
            others = 0;
        else {
            fprintf(stderr, "usage: bench_ck [--full] [--games N] "
                            "[--threads N] [--no-rr] [--only-rr]\n");
            return 2;
        }
    }
    if (games < 1)
        games = 1;
    if (threads < 1)
        threads = 1;
    printf("Checkers engine benchmark\n");
    if (others) {
        ck_tt tt;
        ck_tt_init(&tt, BENCH_TT);
        bench_perft();
        bench_depth(&tt);
        bench_harry_time(&tt);
        ck_tt_free(&tt);
    }
    fflush(stdout);
    if (rr)
        bench_round_robin(full, games, threads);
    return 0;
}
