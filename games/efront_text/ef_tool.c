/*
 * ef_tool.c - the engine tools: `ttyarcade efront map` prints the map and
 * its legend; `ttyarcade efront simulate` plays a campaign with both sides
 * computer-driven and prints a line of key=value fields per turn.
 * Command-line programs, so they print with stdio.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ef.h"

static void ef_usage(FILE *f)
{
    fprintf(f, "usage: ttyarcade efront map\n"
               "       ttyarcade efront simulate --seed S [--turns N] "
               "[--german ai|idle] [--handicap]\n"
               "Each subcommand takes --help.\n");
}

static int ef_map_main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--help") == 0) {
        printf("usage: ttyarcade efront map\n"
               "Print the Eastern Front map: 41 lines of 48 characters, north "
               "up and west left,\nthe border included (a row is lon 45..0), "
               "then a legend: one line per\ncharacter, the character, a "
               "space and the terrain's name.\n");
        return 0;
    }
    if (argc > 1) {
        fprintf(stderr, "ttyarcade efront map: unexpected '%s'\n", argv[1]);
        return 2;
    }
    int used[EF_T_COUNT] = {0};
    for (int r = 0; r < EF_MAP_ROWS; r++) {
        puts(ef_map_rows[r]);
        for (int c = 0; c < EF_MAP_COLS; c++)
            for (int t = 0; t < EF_T_COUNT; t++)
                if (ef_terrain_char(t) == ef_map_rows[r][c])
                    used[t] = 1;
    }
    for (int t = 0; t < EF_T_COUNT; t++)
        if (used[t])
            printf("%c %s\n", ef_terrain_char(t), ef_terrain_name(t));
    return 0;
}

static void ef_line(const ef_state *g)
{
    printf("turn=%d date=%04d-%02d-%02d weather=%s score=%d german_units=%d "
           "russian_units=%d german_cities=%d\n",
           g->turn, g->year, g->month, g->day, ef_weather_name(g->weather),
           ef_score(g), ef_count_units(g, 1), ef_count_units(g, 0),
           ef_count_cities(g, 1));
}

static int ef_simulate_main(int argc, char **argv)
{
    long long seed = -1;
    int turns = EF_LAST_TURN + 1, german_ai = 1, handicap = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        char *end;
        if (strcmp(a, "--help") == 0) {
            printf("usage: ttyarcade efront simulate --seed S [--turns N] "
                   "[--german ai|idle] [--handicap]\n"
                   "Play the campaign from June 22, 1941 with both sides "
                   "computer-driven: the\nRussians by the thinking module "
                   "(%d ghost-army iterations a turn), the\nGermans by the "
                   "demo planner (ai, the default) or standing still (idle).\n"
                   "Prints one line per turn from turn 0 (turn= date= "
                   "weather= score=\ngerman_units= russian_units= "
                   "german_cities=), then a result line.\n"
                   "  --seed S      the campaign's seed (required)\n"
                   "  --turns N     turns to play, 1..%d (default: all)\n"
                   "  --german ai|idle  who plays the Germans (default ai)\n"
                   "  --handicap    the OPTION key: the score is halved\n",
                   EF_PLAN_ITERS, EF_LAST_TURN + 1);
            return 0;
        } else if (strcmp(a, "--seed") == 0 && i + 1 < argc) {
            seed = strtoll(argv[++i], &end, 10);
            if (*end || seed < 0) {
                fprintf(stderr, "ttyarcade efront simulate: bad seed '%s'\n",
                        argv[i]);
                return 2;
            }
        } else if (strcmp(a, "--turns") == 0 && i + 1 < argc) {
            turns = (int)strtol(argv[++i], &end, 10);
            if (*end || turns < 1 || turns > EF_LAST_TURN + 1) {
                fprintf(stderr, "ttyarcade efront simulate: --turns wants "
                        "1..%d\n", EF_LAST_TURN + 1);
                return 2;
            }
        } else if (strcmp(a, "--german") == 0 && i + 1 < argc) {
            a = argv[++i];
            if (strcmp(a, "ai") == 0)
                german_ai = 1;
            else if (strcmp(a, "idle") == 0)
                german_ai = 0;
            else {
                fprintf(stderr, "ttyarcade efront simulate: --german ai|idle\n");
                return 2;
            }
        } else if (strcmp(a, "--handicap") == 0) {
            handicap = 1;
        } else {
            fprintf(stderr, "ttyarcade efront simulate: unexpected '%s'\n", a);
            return 2;
        }
    }
    if (seed < 0) {
        fprintf(stderr, "ttyarcade efront simulate: --seed S is required\n");
        return 2;
    }
    ef_plan *p = malloc(sizeof *p);     /* holds a copy of the game */
    if (!p) {
        fprintf(stderr, "ttyarcade efront simulate: out of memory\n");
        return 1;
    }
    ef_state g;
    ef_new(&g, (uint64_t)seed, handicap, NULL);
    ef_line(&g);
    int played = 0;
    while (played < turns && !ef_over(&g)) {
        if (german_ai)
            ef_german_orders(&g);
        ef_plan_init(p, &g);
        ef_plan_run(p, EF_PLAN_ITERS, NULL, NULL, NULL, 0);
        ef_plan_apply(p, &g);
        ef_turn_run(&g, NULL);
        played++;
        if (played < turns && !ef_over(&g))
            ef_line(&g);
    }
    free(p);
    printf("result=%s turns=%d date=%04d-%02d-%02d score=%d german_units=%d "
           "russian_units=%d german_cities=%d",
           ef_over(&g) ? "game_over" : "stopped", played, g.year, g.month,
           g.day, ef_score(&g), ef_count_units(&g, 1), ef_count_units(&g, 0),
           ef_count_cities(&g, 1));
    for (int c = 0; c < 3; c++) {   /* the cities that score */
        char name[16];
        snprintf(name, sizeof name, "%s", ef_cities[c].name);
        for (char *s = name; *s; s++)
            *s = (char)(*s - 'A' + 'a');
        printf(" %s=%s", name, g.city_german[c] ? "german" : "russian");
    }
    printf("\n");
    return 0;
}

int ef_tool_main(int argc, char **argv)
{
    if (argc < 2) {
        ef_usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        ef_usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "map") == 0)
        return ef_map_main(argc - 1, argv + 1);
    if (strcmp(argv[1], "simulate") == 0)
        return ef_simulate_main(argc - 1, argv + 1);
    fprintf(stderr, "ttyarcade efront: unknown subcommand '%s'\n", argv[1]);
    ef_usage(stderr);
    return 2;
}
