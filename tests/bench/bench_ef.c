/*
 * bench_ef.c - Eastern Front: how long the Russians think and how long a
 * campaign takes, each beside its target (issue 6): one ghost-army
 * iteration over all armies under 20 ms, a whole 44-turn campaign of
 * computer against computer under 5 s.  Figures, never a verdict.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "efront_text/ef.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static ef_state g;
static ef_plan p;

/* One turn: the German planner, the Russian planning, the movement.
 * Adds the time of each planning iteration to *iter_s and its count. */
static void turn(double *iter_s, double *iter_max, int *iters)
{
    ef_german_orders(&g);
    ef_plan_init(&p, &g);
    for (int i = 0; i < EF_PLAN_ITERS; i++) {
        double t0 = now();
        ef_plan_iterate(&p);
        double dt = now() - t0;
        *iter_s += dt;
        if (dt > *iter_max)
            *iter_max = dt;
        (*iters)++;
    }
    ef_plan_apply(&p, &g);
    ef_turn_run(&g, NULL);
}

int main(void)
{
    static const uint64_t seeds[] = {1, 1941, 424242};
    enum { NSEEDS = sizeof seeds / sizeof seeds[0] };
    double iter_s = 0, iter_max = 0, camp_s = 0, camp_max = 0;
    int iters = 0, armies = 0, turns = 0;
    for (int k = 0; k < NSEEDS; k++) {
        double t0 = now();
        ef_new(&g, seeds[k], 0, NULL);
        while (!ef_over(&g)) {
            turn(&iter_s, &iter_max, &iters);
            turns++;
        }
        double dt = now() - t0;
        camp_s += dt;
        if (dt > camp_max)
            camp_max = dt;
        for (int id = EF_FIRST_RUSSIAN; id < EF_NUNITS; id++)
            armies += ef_on_map(&g, id);
    }
    /* the busiest moment: every army of a late-campaign front */
    ef_new(&g, 1, 0, NULL);
    for (int t = 0; t < 12; t++) {
        double a = 0, b = 0;
        int c = 0;
        turn(&a, &b, &c);
    }
    ef_plan_init(&p, &g);
    int active = 0;
    for (int id = EF_FIRST_RUSSIAN; id < EF_NUNITS; id++)
        active += p.active[id];
    double t0 = now();
    int n = 200;
    for (int i = 0; i < n; i++)
        ef_plan_iterate(&p);
    double busy = (now() - t0) / n;

    printf("efront: Russian planning, one ghost-army iteration over all "
           "armies\n");
    printf("  mean over %d campaign iterations: %8.3f ms   (target < 20 ms)\n",
           iters, 1e3 * iter_s / iters);
    printf("  worst of them:                     %8.3f ms   (target < 20 ms)\n",
           1e3 * iter_max);
    printf("  turn 12, %3d armies, %d passes:    %8.3f ms   (target < 20 ms)\n",
           active, n, 1e3 * busy);
    printf("efront: a whole campaign, turns 0-%d, computer against computer "
           "(%d iterations a turn)\n", EF_LAST_TURN, EF_PLAN_ITERS);
    printf("  mean of %d seeds:                  %8.3f s    (target < 5 s)\n",
           NSEEDS, camp_s / NSEEDS);
    printf("  slowest:                           %8.3f s    (target < 5 s)\n",
           camp_max);
    printf("  (%d turns played, %d Russian armies standing at the ends)\n",
           turns, armies);
    return 0;
}
