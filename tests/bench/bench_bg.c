/*
 * bench_bg.c - backgammon figures: time per decision of each level, and a
 * match of our strongest and default levels against GNU Backgammon.
 *
 *   bench_bg                 quick: 100 games at the strongest level and
 *                            50 at the default one against gnubg
 *   bench_bg --games N       N games at each level (1000 for the full run)
 *   bench_bg --no-match      timings only
 *
 * The match runs tests/bench/bg/match.py inside gnubg (Debian's gnubg,
 * its embedded Python); see that file for the rules of the match.  When
 * gnubg is missing (tools/deps.sh bench installs it) the bench says it
 * skips the match.  Timings never fail the bench.
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

static void timings(void)
{
    bg_ai *ai = bg_ai_new();
    sample *s = malloc(sizeof *s * NPOS);
    bg_movelist *ml = malloc(sizeof *ml);
    int n = collect(s, ai);
    printf("time per decision over %d positions from play (limit for the "
           "strongest: 50 ms):\n", n);
    for (int level = BG_LEVEL_ATARI; level <= BG_LEVEL_MAX; level++) {
        double tot = 0, mx = 0;
        for (int i = 0; i < n; i++) {
            bg_move m;
            double t0 = now_ms();
            bg_ai_choose(ai, &s[i].p, s[i].d1, s[i].d2, BG_RULES_STANDARD,
                         level, 0, 0, &m);
            double t = now_ms() - t0;
            tot += t;
            if (t > mx)
                mx = t;
        }
        printf("  level %d %-7s mean %8.3f ms   max %8.3f ms%s\n", level,
               bg_level_name(level), tot / n, mx,
               level == BG_LEVEL_MAX ? (tot / n < 50 ? "   (under 50 ms)"
                                                     : "   (OVER 50 ms)")
                                     : "");
    }
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

static void match(int games_strong, int games_default)
{
    const char *gnubg = find_gnubg();
    if (!gnubg) {
        printf("gnubg not installed (tools/deps.sh bench installs it): "
               "match against GNU Backgammon skipped\n");
        return;
    }
    const char *bin = getenv("TTYARCADE"), *top = getenv("TTY_TOP");
    char out[] = "/tmp/bench_bg_XXXXXX", cmd[4096];
    int fd = mkstemp(out);
    if (!bin || !top || fd < 0) {
        printf("match skipped: TTYARCADE and TTY_TOP must be set\n");
        return;
    }
    close(fd);
    printf("match against %s (findbestmove at its default, 2-ply), standard "
           "rules, cubeless single games, colours alternating, same dice "
           "both ways:\n", gnubg);
    fflush(stdout);
    int lv[2] = {BG_LEVEL_MAX, BG_LEVEL_DEFAULT};
    int ng[2] = {games_strong, games_default};
    for (int k = 0; k < 2; k++) {
        if (ng[k] <= 0)
            continue;
        snprintf(cmd, sizeof cmd,
                 "cd /tmp && BG_BIN='%s' BG_OUT='%s' BG_GAMES=%d BG_LEVELS=%d "
                 "'%s' -t -q -p '%s/tests/bench/bg/match.py' >/dev/null 2>&1",
                 bin, out, ng[k] + (ng[k] & 1), lv[k], gnubg, top);
        double t0 = now_ms();
        if (system(cmd) != 0)
            printf("  gnubg exited with an error\n");
        FILE *f = fopen(out, "r");
        char line[512];
        int seen = 0;
        while (f && fgets(line, sizeof line, f)) {
            int level, n, w, dec, chk, ill;
            double rate, lo, hi, mean, mx, gm, secs;
            if (!strncmp(line, "ILLEGAL", 7)) {
                printf("  %s", line);
            } else if (!strncmp(line, "selftest", 8)) {
                if (!strstr(line, " 1"))
                    printf("  gnubg did not refuse an illegal play: the "
                           "legality check is void\n");
            } else if (sscanf(line, "result level %d games %d wins %d rate %lf "
                              "ci95 %lf %lf decisions %d mean_ms %lf max_ms %lf "
                              "checked %d illegal %d gnubg_mean_ms %lf "
                              "seconds %lf", &level, &n, &w, &rate, &lo, &hi,
                              &dec, &mean, &mx, &chk, &ill, &gm, &secs) == 13) {
                seen = 1;
                printf("  level %d %-7s won %d of %d = %.1f%%  (95%% CI "
                       "%.1f%% .. %.1f%%)\n", level, bg_level_name(level), w, n,
                       100 * rate, 100 * lo, 100 * hi);
                printf("      plays checked legal by gnubg: %d of %d; ours "
                       "%.2f ms a decision (max %.1f), gnubg %.0f ms; %.0f s\n",
                       chk - ill, chk, mean, mx, gm, secs);
            }
        }
        if (f)
            fclose(f);
        if (!seen)
            printf("  level %d: no result from gnubg (%.0f s)\n", lv[k],
                   (now_ms() - t0) / 1000);
        fflush(stdout);
    }
    unlink(out);
}

int main(int argc, char **argv)
{
    int games = 0, no_match = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--games") && i + 1 < argc) {
            games = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--no-match")) {
            no_match = 1;
        } else {
            fprintf(stderr, "usage: bench_bg [--games N] [--no-match]\n");
            return 2;
        }
    }
    printf("backgammon engine (games/backgammon)\n");
    timings();
    if (!no_match)
        match(games ? games : 100, games ? games : 50);
    return 0;
}
