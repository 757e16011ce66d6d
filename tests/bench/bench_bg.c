/*
 * bench_bg.c - backgammon figures beside GNU Backgammon, measured in the
 * same run: time per decision of each level and of the strong level's
 * cube; the checker play of each level judged by gnubg; the evaluation's error
 * against gnubg's for the chance of winning and each gammon rate; cube
 * decisions that agree with gnubg's; money play with the cube against
 * gnubg (points a game, and where they went: the points each kind of
 * decision of ours gives up as gnubg judges it); cubeless single games at
 * our strongest and default levels against gnubg.
 *
 *   bench_bg                 quick: 200 positions, 100 money games, 100
 *                            single games at the strongest level and 50
 *                            at the default one
 *   bench_bg --games N       N positions and N games of each (1000 for the
 *                            full run)
 *   bench_bg --only PART     one part: timings, evalcube, plays, money,
 *                            cubeless
 *   bench_bg --level L       the single games of level L only
 *   bench_bg --no-match      timings only
 *
 * The parts against gnubg run tests/bench/bg/match.py inside gnubg
 * (Debian's gnubg, its embedded Python), at its default evaluation
 * (2-ply); see that file for the rules of each.  When gnubg is missing
 * (tools/deps.sh bench installs it) the bench says it skips them.
 * Timings never fail the bench.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "backgammon/bg.h"

#define NPOS 300

typedef struct sample { bg_pos p; int d1, d2; } sample;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Positions from games between the net and ATARI, with their rolls. */
static int collect(sample *s, bg_ai *ai)
{
    bg_xrng x;
    bg_xrng_seed(&x, 2024);
    bg_rng r = {bg_xrng_next, &x};
    int n = 0;
    while (n < NPOS) {
        bg_pos p;
        bg_pos_start(&p);
        for (int ply = 0; n < NPOS; ply++) {
            bg_move m;
            int d1 = bg_roll_die(&r), d2 = bg_roll_die(&r);
            s[n].p = p;
            s[n].d1 = d1;
            s[n].d2 = d2;
            n++;
            bg_ai_choose(ai, &p, d1, d2, BG_RULES_STANDARD,
                         ply & 1 ? BG_LEVEL_ATARI : BG_LEVEL_NET, &r, 0, &m);
            if (bg_pos_won(&m.after, 0))
                break;
            p = m.after;
            bg_pos_swap(&p);
        }
    }
    return n;
}

/* What is timed: one decision of a kind on a position and its roll. */
enum { T_PLAY, T_MONEY, T_CUBE };

static void decide(bg_ai *ai, const sample *s, int kind, int level)
{
    /* Money play with the cube in the centre. */
    static const bg_cubeinfo ci = {1, BG_CENTRE, 0, {0, 0}, 0, 1, 0};
    bg_move m;
    bg_cubedec d;
    if (kind == T_PLAY)
        bg_ai_choose(ai, &s->p, s->d1, s->d2, BG_RULES_STANDARD, level, 0, 0,
                     &m);
    else if (kind == T_MONEY)
        bg_ai_choose_cube(ai, &s->p, s->d1, s->d2, level, &ci, 0, 0, &m);
    else
        bg_ai_cube(ai, &s->p, level, &ci, &d);
}

/* The mean and worst time of one kind of decision over the positions,
 * the strongest level's beside its limit. */
static void time_kind(bg_ai *ai, const sample *s, int n, int kind, int level,
                      const char *name)
{
    double tot = 0, mx = 0;
    for (int i = 0; i < n; i++) {
        double t0 = now_ms();
        decide(ai, &s[i], kind, level);
        double t = now_ms() - t0;
        tot += t;
        if (t > mx)
            mx = t;
    }
    printf("  level %d %-7s mean %8.3f ms   max %8.3f ms%s\n", level, name,
           tot / n, mx,
           level == BG_LEVEL_MAX ? (mx < 50 ? "   (under 50 ms)"
                                            : "   (OVER 50 ms)")
                                 : "");
}

static void timings(void)
{
    bg_ai *ai = bg_ai_new();
    sample *s = malloc(sizeof *s * NPOS);
    bg_movelist *ml = malloc(sizeof *ml);
    int n = collect(s, ai);
    printf("time per decision over %d positions from play (limit for the "
           "strongest: 50 ms):\n", n);
    for (int level = BG_LEVEL_ATARI; level <= BG_LEVEL_MAX; level++)
        time_kind(ai, s, n, T_PLAY, level, bg_level_name(level));
    /* The strong level's play with the cube: the play of the most cubeful
     * value, all five chances of every position met where a single game
     * needs the win alone.  Its cube decision (two rolls ahead), on the
     * positions before their rolls: taken on the loop's worker as a play
     * is, under the same limit. */
    time_kind(ai, s, n, T_MONEY, BG_LEVEL_STRONG, "money");
    time_kind(ai, s, n, T_CUBE, BG_LEVEL_STRONG, "cube");
    double t0 = now_ms();
    long plays = 0;
    int reps = 20;
    for (int k = 0; k < reps; k++)
        for (int i = 0; i < n; i++)
            plays += (bg_moves(&s[i].p, s[i].d1, s[i].d2, BG_RULES_STANDARD,
                               ml), ml->n);
    double t = now_ms() - t0;
    printf("  legal-move generation: %.2f us a roll, %.0f plays/s\n",
           t * 1000 / (reps * n), plays / (t / 1000));
    free(ml);
    free(s);
    bg_ai_free(ai);
}

static const char *find_gnubg(void)
{
    static const char *const where[] = {"/usr/games/gnubg", "/usr/bin/gnubg",
                                        "/usr/local/bin/gnubg", 0};
    for (int i = 0; where[i]; i++)
        if (access(where[i], X_OK) == 0)
            return where[i];
    return 0;
}

/* Run match.py in gnubg: mode, games (or positions), our levels; the
 * result file's lines to each(line).  0, or -1 when it could not run. */
static int run_gnubg(const char *mode, int games, const char *levels,
                     void (*each)(const char *line))
{
    const char *gnubg = find_gnubg();
    const char *bin = getenv("TTYARCADE"), *top = getenv("TTY_TOP");
    char out[] = "/tmp/bench_bg_XXXXXX", cmd[4096], line[512];
    if (!gnubg) {
        printf("gnubg not installed (tools/deps.sh bench installs it): "
               "%s against GNU Backgammon skipped\n", mode);
        return -1;
    }
    int fd = mkstemp(out);
    if (!bin || !top || fd < 0) {
        printf("%s skipped: TTYARCADE and TTY_TOP must be set\n", mode);
        return -1;
    }
    close(fd);
    snprintf(cmd, sizeof cmd,
             "cd /tmp && BG_BIN='%s' BG_OUT='%s' BG_MODE=%s BG_GAMES=%d "
             "BG_LEVELS='%s' '%s' -t -q -p '%s/tests/bench/bg/match.py' "
             ">/dev/null 2>&1", bin, out, mode, games, levels, gnubg, top);
    if (system(cmd) != 0)
        printf("  gnubg exited with an error\n");
    FILE *f = fopen(out, "r");
    while (f && fgets(line, sizeof line, f)) {
        if (!strncmp(line, "ILLEGAL", 7))
            printf("  %s", line);
        else if (!strncmp(line, "selftest", 8) && !strstr(line, " 1"))
            printf("  gnubg did not refuse an illegal play: the legality "
                   "check is void\n");
        else
            each(line);
    }
    if (f)
        fclose(f);
    unlink(out);
    fflush(stdout);
    return 0;
}

static int seen;

static void timing_line(const char *what, int dec, double mean, double mx,
                        int chk, int ill, double gm, double secs)
{
    printf("      %s plays checked legal by gnubg: %d of %d; ours %.2f ms a "
           "decision (max %.1f), gnubg %.0f ms; %.0f s\n", what, chk - ill,
           chk, mean, mx, gm, secs);
    (void)dec;
}

static void cubeless_line(const char *line)
{
    int level, n, w, dec, chk, ill;
    double rate, lo, hi, mean, mx, gm, secs;
    if (sscanf(line, "result level %d games %d wins %d rate %lf ci95 %lf %lf "
               "decisions %d mean_ms %lf max_ms %lf checked %d illegal %d "
               "gnubg_mean_ms %lf seconds %lf", &level, &n, &w, &rate, &lo,
               &hi, &dec, &mean, &mx, &chk, &ill, &gm, &secs) != 13)
        return;
    seen = 1;
    printf("  level %d %-7s won %d of %d = %.1f%%  (95%% CI %.1f%% .. "
           "%.1f%%)\n", level, bg_level_name(level), w, n, 100 * rate,
           100 * lo, 100 * hi);
    timing_line("", dec, mean, mx, chk, ill, gm, secs);
}

static int only_level = -1;     /* --level: the single games of one level */

static void cubeless(int games_strong, int games_default)
{
    printf("cubeless single games against gnubg (findbestmove at its "
           "default, 2-ply), standard rules, colours alternating, same dice "
           "both ways:\n");
    fflush(stdout);
    int lv[2] = {BG_LEVEL_MAX, BG_LEVEL_DEFAULT};
    int ng[2] = {games_strong, games_default};
    for (int k = 0; k < 2; k++) {
        char levels[8];
        if (ng[k] <= 0 || (only_level >= 0 && lv[k] != only_level))
            continue;
        snprintf(levels, sizeof levels, "%d", lv[k]);
        seen = 0;
        if (run_gnubg("cubeless", ng[k] + (ng[k] & 1), levels,
                      cubeless_line) == 0 && !seen)
            printf("  level %d: no result from gnubg\n", lv[k]);
    }
}

/* Where the points went: each of our decisions judged by gnubg as it
 * judges its own, the points a game given up against its choice. */
static void money_given_up(const char *line)
{
    int level, np, bp, nc, bc, nt, bt;
    double lp, lc, lt;
    if (sscanf(line, "money level %d given_up play %lf %d %d cube %lf %d %d "
               "take %lf %d %d", &level, &lp, &np, &bp, &lc, &nc, &bc, &lt,
               &nt, &bt) != 10)
        return;
    printf("      given up a game, as gnubg judges each of our decisions "
           "against its own choice: checker play %.3f (%d plays, %d giving "
           "up more than 0.02), doubling %.3f (%d decisions, %d), taking "
           "%.3f (%d answers, %d); together %.3f\n", lp, np, bp, lc, nc, bc,
           lt, nt, bt, lp + lc + lt);
}

static void money_line(const char *line)
{
    money_given_up(line);
    int level, n, won, lost, du, dg, pu, pg, k1, k2, k3, dec, chk, ill;
    double ppg, lo, hi, cgm, mean, mx, gm, secs;
    if (sscanf(line, "money level %d games %d ppg %lf ci95 %lf %lf won %d "
               "lost %d doubles_us %d doubles_gnubg %d passes_us %d "
               "passes_gnubg %d singles %d gammons %d backgammons %d "
               "cube_gnubg_ms %lf decisions %d mean_ms %lf max_ms %lf "
               "checked %d illegal %d gnubg_mean_ms %lf seconds %lf",
               &level, &n, &ppg, &lo, &hi, &won, &lost, &du, &dg, &pu, &pg,
               &k1, &k2, &k3, &cgm, &dec, &mean, &mx, &chk, &ill, &gm,
               &secs) != 22)
        return;
    seen = 1;
    printf("  level %d %-7s %+.3f points a game over %d games  (95%% CI "
           "%+.3f .. %+.3f); won %d, lost %d\n", level, bg_level_name(level),
           ppg, n, lo, hi, won, lost);
    printf("      doubles: ours %d, gnubg's %d; passes: ours %d, gnubg's %d; "
           "games ended single %d, gammon %d, backgammon %d; gnubg's cube "
           "%.0f ms a decision\n", du, dg, pu, pg, k1, k2, k3, cgm);
    timing_line("", dec, mean, mx, chk, ill, gm, secs);
}

static void money(int games)
{
    printf("money play with the cube against gnubg (its default evaluation, "
           "2-ply, cubeful), Jacoby rule, no beavers, colours alternating, "
           "same dice both ways:\n");
    fflush(stdout);
    seen = 0;
    if (run_gnubg("money", games + (games & 1), "3", money_line) == 0 &&
        !seen)
        printf("  no result from gnubg\n");
}

static void evalcube_line(const char *line)
{
    int ply, n, a, an, mo, mon, ma, man, d, dn;
    double e[5], secs;
    if (sscanf(line, "evalerr ply %d positions %d win %lf wg %lf wbg %lf lg "
               "%lf lbg %lf", &ply, &n, &e[0], &e[1], &e[2], &e[3], &e[4])
        == 7) {
        seen = 1;
        static const char *const how[] = {
            "ours, the net alone:", "ours, one roll ahead:",
            "ours, two rolls ahead:"
        };
        printf("  %-23s win %.4f  win gammon %.4f  win bg %.4f  lose gammon "
               "%.4f  lose bg %.4f  (%d positions)\n",
               how[ply < 0 || ply > 2 ? 0 : ply], e[0], e[1], e[2], e[3], e[4],
               n);
    } else if (sscanf(line, "cubeagree all %d %d money %d %d match %d %d "
                      "doubles %d %d seconds %lf", &a, &an, &mo, &mon, &ma,
                      &man, &d, &dn, &secs) == 9) {
        seen = 1;
        printf("  cube actions (ours: `backgammon cube`, level 3) the same as "
               "gnubg's: %d of %d = %.1f%% (target 90%%)\n", a, an,
               100.0 * a / (an ? an : 1));
        printf("      money %d of %d = %.1f%%, match %d of %d = %.1f%%; where "
               "gnubg doubles or is too good to: %d of %d = %.1f%% (target "
               "85%%); %.0f s\n", mo, mon, 100.0 * mo / (mon ? mon : 1), ma,
               man, 100.0 * ma / (man ? man : 1), d, dn,
               100.0 * d / (dn ? dn : 1), secs);
    } else if (sscanf(line, "cubemodel all %d %d doubles %d %d", &a, &an, &d,
                      &dn) == 4) {
        seen = 1;
        printf("      our cube reckoning fed gnubg's own 2-ply chances "
               "(`cube --probs`): %d of %d = %.1f%%, where gnubg doubles or "
               "is too good to: %d of %d = %.1f%%\n", a, an,
               100.0 * a / (an ? an : 1), d, dn, 100.0 * d / (dn ? dn : 1));
    }
}

static void evalcube(int positions)
{
    printf("the five chances beside gnubg's evaluation (2-ply), mean absolute "
           "error over positions from gnubg's play (target 0.03 each):\n");
    fflush(stdout);
    seen = 0;
    if (run_gnubg("evalcube", positions, "3", evalcube_line) == 0 && !seen)
        printf("  no result from gnubg\n");
}

static void plays_line(const char *line)
{
    char who[16];
    int n, same, over, chk, ill;
    double loss, half, secs;
    if (sscanf(line, "plays %15s positions %d mean_loss %lf ci95 %lf "
               "same_as_gnubg %d over_0.02 %d seconds %lf checked %d "
               "illegal %d", who, &n, &loss, &half, &same, &over, &secs,
               &chk, &ill) != 9)
        return;
    if (!seen)
        printf("  our plays checked legal by gnubg: %d of %d\n", chk - ill,
               chk);
    seen = 1;
    int level = -1;
    sscanf(who, "level%d", &level);
    char name[32];
    if (level >= 0)
        snprintf(name, sizeof name, "level %d %s", level,
                 bg_level_name(level));
    else
        snprintf(name, sizeof name, "gnubg at 0 ply");
    printf("  %-16s gives up %.4f (95%% CI +-%.4f) a play; gnubg's own "
           "play %.1f%%, over 0.02: %d of %d\n", name, loss, half,
           100.0 * same / (n ? n : 1), over, n);
}

static void plays(int positions)
{
    printf("checker play judged by gnubg (2-ply): the chance of winning a "
           "single game each play gives up against the best play found, "
           "mean over positions from gnubg's play, each with a roll:\n");
    fflush(stdout);
    seen = 0;
    if (run_gnubg("plays", positions, "3 2 1", plays_line) == 0 && !seen)
        printf("  no result from gnubg\n");
}

int main(int argc, char **argv)
{
    int games = 0, no_match = 0;
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--games") && i + 1 < argc) {
            games = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--only") && i + 1 < argc) {
            only = argv[++i];
        } else if (!strcmp(argv[i], "--level") && i + 1 < argc) {
            only_level = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--no-match")) {
            no_match = 1;
        } else {
            fprintf(stderr, "usage: bench_bg [--games N] [--only timings|"
                    "evalcube|plays|money|cubeless] [--level L] [--no-match]\n");
            return 2;
        }
    }
    printf("backgammon engine (games/backgammon)\n");
    if (!only || !strcmp(only, "timings"))
        timings();
    if (no_match)
        return 0;
    if (!only || !strcmp(only, "evalcube"))
        evalcube(games ? games : 200);
    if (!only || !strcmp(only, "plays"))
        plays(games ? games : 200);
    if (!only || !strcmp(only, "money"))
        money(games ? games : 100);
    if (!only || !strcmp(only, "cubeless"))
        cubeless(games ? games : 100, games ? games : 50);
    return 0;
}
