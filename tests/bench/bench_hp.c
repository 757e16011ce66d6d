/*
 * bench_hp.c - Hexpawn's learning curve: how many games the machine needs,
 * from its initial state of ignorance, until it never loses again, against
 * each built-in opponent over several seeds; the two opponents are each
 * other's peer, and the number of moves the memory can strike is the
 * limit of what there is to learn.  Also the losses so far at checkpoints
 * (the curve itself) and the engine's speed in games per second.
 *
 * A game count is only a figure once it is proven: after the run, every
 * line of play is played out from the memory the machine's last loss left
 * (hp_prove), and a seed counts as learned at that loss only if no line
 * beats it from there on; a stretch without a loss proves nothing.
 *
 * 300 seeds of 2000 games each by default; --long runs 1000 seeds of
 * 20000 games.  Figures only: nothing here fails on a number.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hexpawn/hp.h"

enum { CHECKPOINTS = 9 };
static const long checkpoint[CHECKPOINTS] = {
    1, 2, 5, 10, 20, 50, 100, 200, 500 };

typedef struct run {
    long last_loss, losses, machine, draws, none;
    int struck;
    int proven;         /* no line beats it after last_loss */
    long lost_by[CHECKPOINTS];
} run;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void learn(int opponent, uint64_t seed, long games, run *r)
{
    hp_learner l;
    memset(r, 0, sizeof *r);
    hp_learner_init(&l, opponent, seed);
    hp_memory after = l.mem;
    uint8_t after_last = l.st.last;
    for (long g = 1; g <= games; g++) {
        hp_game_log log;
        switch (hp_learner_play(&l, &log)) {
        case HP_SIDE_HUMAN:
            r->losses++;
            r->last_loss = g;
            after = l.mem;
            after_last = l.st.last;
            break;
        case HP_SIDE_MACHINE:
            r->machine++;
            break;
        case HP_SIDE_DRAW:
            r->draws++;
            break;
        default:
            r->none++;
        }
        for (int c = 0; c < CHECKPOINTS; c++)
            if (checkpoint[c] == g)
                r->lost_by[c] = r->losses;
    }
    r->struck = hp_memory_struck(&l.mem);
    hp_proof p;
    r->proven = r->last_loss > 0 && hp_prove(&after, after_last, &p) == 1;
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    int seeds = 300;
    long games = 2000;
    if (argc > 1 && strcmp(argv[1], "--long") == 0) {
        seeds = 1000;
        games = 20000;
    } else if (argc > 1) {
        fprintf(stderr, "usage: bench_hp [--long]\n");
        return 2;
    }
    static const char *const name[2] = { "exhaustive", "random" };
    hp_learned_model lm[HP_MODELS];
    hp_memory fresh;
    hp_memory_reset(&fresh);
    hp_learned(&fresh, lm);
    int strikable = 0;
    for (int k = 0; k < HP_MODELS; k++)
        strikable += lm[k].n;

    printf("hexpawn learning: %d seeds x %ld games per opponent; "
           "the memory holds %d moves to strike\n", seeds, games,
           strikable);
    double lost_mean[2][CHECKPOINTS] = { { 0 } };
    for (int opp = HP_OPP_EXHAUSTIVE; opp <= HP_OPP_RANDOM; opp++) {
        long *need = calloc((size_t)seeds, sizeof *need);
        long not_learned = 0, unproven = 0;
        double t0 = now();
        printf("\n%-10s  seed  games-needed  lost  won  drawn  no-result"
               "  struck\n", name[opp]);
        for (int s = 1; s <= seeds; s++) {
            run r;
            learn(opp, (uint64_t)s, games, &r);
            need[s - 1] = r.last_loss;
            not_learned += r.last_loss == games;
            unproven += !r.proven;
            for (int c = 0; c < CHECKPOINTS; c++)
                lost_mean[opp][c] += (double)r.lost_by[c] / seeds;
            if (s <= 10 || seeds <= 10)
                printf("%-10s  %4d  %12ld  %4ld %4ld  %5ld  %9ld  %3d/%d\n",
                       "", s, r.last_loss, r.losses, r.machine, r.draws,
                       r.none, r.struck, strikable);
        }
        double dt = now() - t0;
        qsort(need, (size_t)seeds, sizeof *need, cmp_long);
        double mean = 0;
        for (int s = 0; s < seeds; s++)
            mean += (double)need[s] / seeds;
        printf("%-10s  games needed: min %ld  median %ld  mean %.1f  "
               "max %ld%s\n", name[opp], need[0], need[seeds / 2], mean,
               need[seeds - 1],
               not_learned ? "  (some still losing at the end)" : "");
        printf("%-10s  proven unbeatable from its last loss on: %d of %d "
               "seeds%s\n", name[opp], seeds - (int)unproven, seeds,
               unproven ? " (the others can still be beaten: their figure "
                          "is only a lower bound)" : "");
        printf("%-10s  speed: %.0f games/s\n", name[opp],
               (double)seeds * (double)games / dt);
        free(need);
    }
    printf("\nlosses so far (mean over seeds)\n  games  exhaustive  random\n");
    for (int c = 0; c < CHECKPOINTS; c++)
        if (checkpoint[c] <= games)
            printf("  %5ld  %10.1f  %6.1f\n", checkpoint[c],
                   lost_mean[0][c], lost_mean[1][c]);
    return 0;
}
