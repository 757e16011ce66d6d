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
 *      table (target: each level clearly beats the one below);
 *   5. the endgame databases: positions, size on disk, the time their
 *      build took (as recorded in the file, or measured here when the
 *      bench builds them) and probes a second;
 *   6. a match of the expert (databases, learned evaluation) against the
 *      expert as it was before them (hand-written evaluation, no
 *      databases) at a fixed time a move, from the 3-move openings with
 *      each colour: won, drawn, lost, and the Elo difference with its 95%
 *      interval (target: ahead);
 *   7. with --peer CMD (or $CK_PEER), the same match against another
 *      engine run as CMD by /bin/sh: it reads lines "MS FEN" (a time in
 *      milliseconds and a position in PDN FEN) and answers each with the
 *      FEN of the position after its move (or "none").  Its moves are
 *      checked against the rules; one that is not legal forfeits.
 * The round robin's default (quick) mode gives Harry and the expert
 * smaller budgets than their defaults so that it fits in about a quarter
 * of an hour on two cores; it says so.  --full plays at the default
 * levels (hours).  Never fails on a timing.
 *
 *   bench_ck [--full] [--games N] [--threads N] [--no-rr] [--only-rr]
 *            [--ms N] [--data DIR] [--pieces N] [--peer CMD] [--no-match]
 *            [--only-match] [--nodes N] [--every N] [--versus-know N]
 *            [--peer-only] [--offset N]
 *
 * The databases come from DIR (default $TTYARCADE_DATA) when it has them;
 * otherwise the bench builds --pieces (default 5) in a directory of its
 * own and times it.  The matches play every second opening by default
 * (216 games at 100 ms a move); --every 1 plays all 216 (432 games).
 * --nodes plays the first match at a node budget instead of a time (how a
 * change to the search or the evaluation is judged); --versus-know gives
 * the expert "before" part of the knowledge (1 the databases, 2 the
 * learned evaluation), to measure one part at a time; --peer-only plays
 * only the match against the other engine; --offset N starts the openings
 * played at number N (another sample of them).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "checkers/ck_board.h"
#include "checkers/ck_book.h"
#include "checkers/ck_clock.h"
#include "checkers/ck_egdb.h"
#include "checkers/ck_match.h"
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
        ck_state_think(g, tt, NULL, &rng, ck_clock_ms, NULL, NULL, &o);
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
            ck_state_think(g, NULL, NULL, &rng, ck_clock_ms, NULL, NULL, &out);
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

/* ---- 5. The endgame databases -------------------------------------- */

static char bench_tmpdir[64];

static const ck_egdb *bench_egdb(const char *dir, int pieces)
{
    const ck_egdb *db = dir ? ck_egdb_shared(dir) : NULL;
    double built = -1;
    if (!db) {
        char path[200], err[256];
        snprintf(bench_tmpdir, sizeof bench_tmpdir, "/tmp/bench_ck.XXXXXX");
        if (!mkdtemp(bench_tmpdir)) {
            perror("bench_ck: mkdtemp");
            return NULL;
        }
        printf("\nEndgame databases: none in %s; building %d pieces here\n",
               dir ? dir : "(no directory given)", pieces);
        fflush(stdout);
        ck_egdb_path(bench_tmpdir, pieces, path, sizeof path);
        double t0 = ck_clock_seconds();
        if (ck_egdb_build(pieces, path, NULL, NULL, NULL, NULL, err,
                          sizeof err) < 0) {
            fprintf(stderr, "bench_ck: %s\n", err);
            return NULL;
        }
        built = ck_clock_seconds() - t0;
        db = ck_egdb_shared(bench_tmpdir);
        if (!db)
            return NULL;
    } else {
        printf("\nEndgame databases from %s\n", dir);
    }
    printf("  up to %d pieces: %llu positions a side to move, %.1f MiB on "
           "disk,\n  built in %.0f s%s\n", db->pieces,
           (unsigned long long)ck_egdb_positions(db),
           (double)ck_egdb_bytes(db) / (1 << 20),
           built >= 0 ? built : db->build_seconds,
           built >= 0 ? " (this run)" : " (as recorded when built)");
    /* Probes of random positions of up to N pieces. */
    ck_rng r;
    ck_rng_seed(&r, 9);
    enum { NP = 1 << 16 };
    ck_pos *set = malloc(NP * sizeof *set);
    int k = 0;
    while (k < NP)
        ck_random_pos(&r, 2 + (int)ck_rng_below(&r, (uint32_t)db->pieces - 1),
                      2, &set[k++]);
    double t0 = ck_clock_seconds();
    long found = 0, rounds = 0;
    while (ck_clock_seconds() - t0 < 2.0) {
        for (int i = 0; i < NP; i++)
            found += ck_egdb_probe(db, &set[i]) != CK_EGDB_UNKNOWN;
        rounds++;
    }
    double t = ck_clock_seconds() - t0;
    printf("  probes of random positions: %.2f million a second (%ld "
           "found)\n", (double)rounds * NP / t / 1e6, found);
    free(set);
    return db;
}

/* ---- 6 and 7. Matches from the 3-move openings ----------------------- */

typedef struct bench_peer {
    const char *cmd;
    int ms;
    pid_t pid;
    FILE *to, *from;
    long illegal;
} bench_peer;

static int bench_peer_start(bench_peer *pe)
{
    int in[2], out[2];
    if (pipe(in) || pipe(out))
        return -1;
    pe->pid = fork();
    if (pe->pid < 0)
        return -1;
    if (pe->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        execl("/bin/sh", "sh", "-c", pe->cmd, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    pe->to = fdopen(in[1], "w");
    pe->from = fdopen(out[0], "r");
    return pe->to && pe->from ? 0 : -1;
}

static void bench_peer_stop(bench_peer *pe)
{
    if (pe->to)
        fclose(pe->to);
    if (pe->from)
        fclose(pe->from);
    if (pe->pid > 0)
        waitpid(pe->pid, NULL, 0);
}

/* The peer's move: the legal move whose result is the position it
 * answers with. */
static int bench_peer_move(void *ctx, const ck_state *g, ck_move *m)
{
    bench_peer *pe = ctx;
    char fen[CK_FEN_SIZE], line[1024];
    ck_fen_print(&g->pos, fen);
    fprintf(pe->to, "%d %s\n", pe->ms, fen);
    fflush(pe->to);
    if (!fgets(line, sizeof line, pe->from))
        return -1;
    line[strcspn(line, "\r\n.")] = 0;
    ck_pos after;
    ck_move mv[CK_MAX_MOVES];
    int n = ck_gen_moves(&g->pos, mv);
    if (ck_fen_parse(line, &after) == 0)
        for (int i = 0; i < n; i++) {
            ck_pos q = g->pos;
            ck_make(&q, mv[i]);
            if (ck_pos_equal(&q, &after)) {
                *m = mv[i];
                return 0;
            }
        }
    pe->illegal++;
    return -1;
}

typedef struct bench_match {
    ck_player a, b;         /* a is the one scored */
    const char *peer_cmd;   /* b is this engine when not NULL */
    int peer_ms;
    ck_pos ballots[CK_MAX_BALLOTS];
    int nballots;
    int every;              /* play every this many-th opening, */
    int offset;             /* from this one */
    int next;
    int score[3];           /* a's wins, draws, losses */
    long plies, illegal;
    pthread_mutex_t lock;
} bench_match;

static void *bench_match_worker(void *arg)
{
    bench_match *bm = arg;
    ck_tt tt[2];
    ck_tt_init(&tt[0], BENCH_TT);
    ck_tt_init(&tt[1], BENCH_TT);
    bench_peer pe = { bm->peer_cmd, bm->peer_ms, -1, NULL, NULL, 0 };
    ck_player b = bm->b;
    if (bm->peer_cmd) {
        if (bench_peer_start(&pe) < 0) {
            fprintf(stderr, "bench_ck: cannot start %s\n", bm->peer_cmd);
            return NULL;
        }
        b.move = bench_peer_move;
        b.move_ctx = &pe;
    }
    ck_rng rng;
    ck_rng_seed(&rng, 4242);
    for (;;) {
        pthread_mutex_lock(&bm->lock);
        int k = bm->next++;
        pthread_mutex_unlock(&bm->lock);
        if (k >= 2 * ((bm->nballots - bm->offset + bm->every - 1) /
                      bm->every))
            break;
        /* Each opening twice, a with black and then with white. */
        int a_black = k % 2 == 0;
        ck_player pl[2];
        pl[CK_BLACK] = a_black ? bm->a : b;
        pl[CK_WHITE] = a_black ? b : bm->a;
        int plies;
        int r = ck_match_game(&bm->ballots[bm->offset + k / 2 * bm->every],
                              pl, tt, &rng,
                              ck_clock_ms,
                              NULL, NULL, NULL, &plies);
        int a_won = r == (a_black ? CK_BLACK_WINS : CK_WHITE_WINS);
        pthread_mutex_lock(&bm->lock);
        bm->score[r == CK_DRAWN ? 1 : a_won ? 0 : 2]++;
        bm->plies += plies;
        pthread_mutex_unlock(&bm->lock);
    }
    bench_peer_stop(&pe);
    pthread_mutex_lock(&bm->lock);
    bm->illegal += pe.illegal;
    pthread_mutex_unlock(&bm->lock);
    ck_tt_free(&tt[0]);
    ck_tt_free(&tt[1]);
    return NULL;
}

/* Elo from a score fraction. */
static double bench_elo(double s)
{
    if (s <= 0)
        s = 0.5 / 1000;
    if (s >= 1)
        s = 1 - 0.5 / 1000;
    return -400.0 * log10(1.0 / s - 1.0);
}

static void bench_match_run(const char *title, bench_match *bm, int threads)
{
    pthread_mutex_init(&bm->lock, NULL);
    bm->nballots = ck_ballots(bm->ballots, CK_MAX_BALLOTS);
    if (bm->every < 1)
        bm->every = 1;
    if (bm->offset < 0 || bm->offset >= bm->nballots)
        bm->offset = 0;
    int used = (bm->nballots - bm->offset + bm->every - 1) / bm->every;
    printf("\n%s\n  %d games: %d of the %d 3-move openings (every %d from "
           "number %d), each with both colours (%d threads)\n", title,
           2 * used, used, bm->nballots, bm->every, bm->offset, threads);
    fflush(stdout);
    double t0 = ck_clock_seconds();
    pthread_t th[16];
    for (int i = 0; i < threads && i < 16; i++)
        pthread_create(&th[i], NULL, bench_match_worker, bm);
    for (int i = 0; i < threads && i < 16; i++)
        pthread_join(th[i], NULL);
    int n = bm->score[0] + bm->score[1] + bm->score[2];
    if (n == 0) {
        printf("  no games played\n");
        return;
    }
    double s = (bm->score[0] + 0.5 * bm->score[1]) / n;
    /* The spread of one game's score, for the interval. */
    double var = (bm->score[0] * (1 - s) * (1 - s) +
                  bm->score[1] * (0.5 - s) * (0.5 - s) +
                  bm->score[2] * s * s) / n;
    double se = sqrt(var / n);
    printf("  won %d, drawn %d, lost %d: %.1f%% of the points\n",
           bm->score[0], bm->score[1], bm->score[2], 100 * s);
    printf("  Elo %+.0f, 95%% interval %+.0f to %+.0f    target: >= 50%% "
           "(Elo >= 0)\n", bench_elo(s), bench_elo(s - 1.96 * se),
           bench_elo(s + 1.96 * se));
    printf("  %.1f plies a game, %.0f s", (double)bm->plies / n,
           ck_clock_seconds() - t0);
    if (bm->peer_cmd)
        printf(", %ld moves of the other engine refused", bm->illegal);
    printf("\n");
    pthread_mutex_destroy(&bm->lock);
}

typedef struct bench_opts {
    int ms;             /* a move's time; */
    long nodes;         /* or, when not 0, its nodes (the first match) */
    int every;          /* every n-th opening */
    int offset;         /* from this one */
    int b_know;         /* what the expert "before" knows (CK_KNOW_*) */
    const char *peer;
    int threads;
    int self;           /* play the match against the expert before */
} bench_opts;

static void bench_matches(const ck_egdb *db, const bench_opts *o)
{
    bench_match *bm = calloc(1, sizeof *bm);
    char title[300], budget[64];
    if (o->nodes) {
        bm->a.lim.nodes = bm->b.lim.nodes = (uint64_t)o->nodes;
        snprintf(budget, sizeof budget, "%ld nodes a move", o->nodes);
    } else {
        bm->a.lim.ms = bm->b.lim.ms = o->ms;
        snprintf(budget, sizeof budget, "%d ms a move", o->ms);
    }
    bm->a.lim.know = CK_KNOW_ALL;
    bm->a.egdb = db;
    bm->b.lim.know = o->b_know;
    bm->b.egdb = db;
    bm->every = o->every;
    bm->offset = o->offset;
    snprintf(title, sizeof title, "Expert (databases, learned evaluation) "
             "against the expert %s, %s",
             o->b_know == 0 ? "before them"
             : o->b_know == CK_KNOW_EGDB ? "with the databases but the "
                                           "hand-written evaluation"
             : o->b_know == CK_KNOW_LEARNED ? "with the learned evaluation "
                                              "but no databases"
             : "(the same)", budget);
    if (o->self)
        bench_match_run(title, bm, o->threads);
    const char *peer = o->peer;
    int ms = o->ms;
    if (peer) {
        memset(bm, 0, sizeof *bm);
        bm->a.lim.ms = ms;
        bm->a.lim.know = CK_KNOW_ALL;
        bm->a.egdb = db;
        bm->every = o->every;
        bm->offset = o->offset;
        bm->peer_cmd = peer;
        bm->peer_ms = ms;
        snprintf(title, sizeof title, "Expert against %s, %d ms a move",
                 peer, ms);
        bench_match_run(title, bm, o->threads);
    } else {
        printf("\n  No other engine given (--peer CMD or $CK_PEER): none "
               "measured against.\n");
    }
    free(bm);
}

int main(int argc, char **argv)
{
    int full = 0, games = 100, threads = 2, rr = 1, others = 1, match = 1;
    int pieces = 5;
    bench_opts bo = { 100, 0, 2, 0, 0, NULL, 2, 1 };
    const char *data = getenv("TTYARCADE_DATA"), *peer = getenv("CK_PEER");
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--full"))
            full = 1;
        else if (!strcmp(argv[i], "--games") && i + 1 < argc)
            games = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc)
            threads = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--ms") && i + 1 < argc)
            bo.ms = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--nodes") && i + 1 < argc)
            bo.nodes = atol(argv[++i]);
        else if (!strcmp(argv[i], "--every") && i + 1 < argc)
            bo.every = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--offset") && i + 1 < argc)
            bo.offset = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--versus-know") && i + 1 < argc)
            bo.b_know = atoi(argv[++i]) & CK_KNOW_ALL;
        else if (!strcmp(argv[i], "--pieces") && i + 1 < argc)
            pieces = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--data") && i + 1 < argc)
            data = argv[++i];
        else if (!strcmp(argv[i], "--peer") && i + 1 < argc)
            peer = argv[++i];
        else if (!strcmp(argv[i], "--no-rr"))
            rr = 0;
        else if (!strcmp(argv[i], "--no-match"))
            match = 0;
        else if (!strcmp(argv[i], "--peer-only"))
            others = rr = bo.self = 0;
        else if (!strcmp(argv[i], "--only-rr"))
            others = match = 0;
        else if (!strcmp(argv[i], "--only-match"))
            others = rr = 0;
        else {
            fprintf(stderr, "usage: bench_ck [--full] [--games N] "
                            "[--threads N] [--no-rr] [--only-rr]\n"
                            "                [--ms N] [--data DIR] "
                            "[--pieces N] [--peer CMD] [--no-match]\n"
                            "                [--only-match] [--nodes N] "
                            "[--every N] [--versus-know N]\n"
                            "                [--peer-only] [--offset N]\n");
            return 2;
        }
    }
    if (games < 1)
        games = 1;
    if (threads < 1)
        threads = 1;
    if (bo.ms < 1)
        bo.ms = 1;
    if (bo.every < 1)
        bo.every = 1;
    bo.peer = peer;
    bo.threads = threads;
    if (pieces < 2 || pieces > CK_EGDB_MAXN)
        pieces = 5;
    signal(SIGPIPE, SIG_IGN);
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
    if (match) {
        const ck_egdb *db = bench_egdb(data, pieces);
        fflush(stdout);
        bench_matches(db, &bo);
    }
    if (bench_tmpdir[0]) {
        char path[200];
        ck_egdb_path(bench_tmpdir, pieces, path, sizeof path);
        unlink(path);
        rmdir(bench_tmpdir);
    }
    return 0;
}
