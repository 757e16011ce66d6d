/*
 * bg_tool.c - `ttyarcade backgammon ...`: the engine's command-line tools.
 *
 *   move [--level L] [--rules R] POSITION_ID DICE   the computer's play
 *   moves [--rules R] POSITION_ID DICE             every legal play
 *   serve-moves                                   lines in, plays out
 *   train ...                                     (bg_train.c)
 *   duel [--pairs N] LEVEL LEVEL                  (bg_duel.c)
 *
 * Positions are GNU Backgammon position IDs and the side to play is the
 * one gnubg itself would move in that ID (see bg_posid.c).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bg.h"
#include "bg_tool.h"

static void usage(FILE *f)
{
    fprintf(f,
        "usage: ttyarcade backgammon move [--level L] [--rules atari|standard] "
        "POSITION_ID DICE\n"
        "       ttyarcade backgammon moves [--rules atari|standard] "
        "POSITION_ID DICE\n"
        "       ttyarcade backgammon serve-moves\n"
        "       ttyarcade backgammon train [options]   (train --help)\n"
        "       ttyarcade backgammon duel [--pairs N] LEVEL LEVEL\n"
        "move prints the computer's play for the side on roll in the GNU\n"
        "Backgammon position ID, in gnubg notation (\"none\" if it cannot\n"
        "move).  DICE is two digits, e.g. 31.  Levels: 0 random, 1 atari\n"
        "(default, the article's player), 2 net, 3 strong (one roll ahead).\n"
        "Rules: atari (default, at most five tiles a point) or standard.\n"
        "moves lists every legal play, one a line, with the position ID after\n"
        "it (the opponent then on roll).\n"
        "serve-moves reads lines \"POSITION_ID DICE LEVEL [RULES]\" and answers\n"
        "each with \"PLAY<TAB>POSITION_ID_AFTER<TAB>MICROSECONDS\".\n");
}

static int parse_rules(const char *s)
{
    if (!strcmp(s, "atari") || !strcmp(s, "ATARI"))
        return BG_RULES_ATARI;
    if (!strcmp(s, "standard") || !strcmp(s, "STANDARD"))
        return BG_RULES_STANDARD;
    return -1;
}

static int parse_dice(const char *s, int *d1, int *d2)
{
    if (strlen(s) != 2 || s[0] < '1' || s[0] > '6' || s[1] < '1' || s[1] > '6')
        return -1;
    *d1 = s[0] - '0';
    *d2 = s[1] - '0';
    return 0;
}

static int parse_level(const char *s)
{
    for (int l = 0; l <= BG_LEVEL_MAX; l++)
        if (!strcmp(s, bg_level_name(l)))
            return l;
    char *e;
    long l = strtol(s, &e, 10);
    return *s && !*e && l >= 0 && l <= BG_LEVEL_MAX ? (int)l : -1;
}

static long usec_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000L + ts.tv_nsec / 1000;
}

/* Set up p from an ID under rules; a message on stderr if it is wrong. */
static int setup(const char *id, int rules, bg_pos *p)
{
    if (bg_posid_decode(id, p) != 0) {
        fprintf(stderr, "backgammon: bad position ID '%s'\n", id);
        return -1;
    }
    if (bg_pos_check(p, rules) != 0) {
        fprintf(stderr, "backgammon: position breaks the five-tile rule "
                        "(try --rules standard)\n");
        return -1;
    }
    return 0;
}

static void after_id(const bg_move *m, char id[BG_POSID_LEN + 1])
{
    bg_pos q = m->after;
    bg_pos_swap(&q);
    bg_posid_encode(&q, id);
}

static int cmd_move(int argc, char **argv, int list)
{
    int level = BG_LEVEL_DEFAULT, rules = BG_RULES_ATARI, d1, d2;
    const char *args[2];
    int na = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(argv[i], "--level") && i + 1 < argc && !list) {
            if ((level = parse_level(argv[++i])) < 0) {
                fprintf(stderr, "backgammon: no level '%s'\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--rules") && i + 1 < argc) {
            if ((rules = parse_rules(argv[++i])) < 0) {
                fprintf(stderr, "backgammon: no rules '%s'\n", argv[i]);
                return 2;
            }
        } else if (na < 2 && argv[i][0] != '-') {
            args[na++] = argv[i];
        } else {
            usage(stderr);
            return 2;
        }
    }
    bg_pos p;
    if (na != 2) {
        usage(stderr);
        return 2;
    }
    if (parse_dice(args[1], &d1, &d2) != 0) {
        fprintf(stderr, "backgammon: dice are two digits 1-6, e.g. 31, "
                        "not '%s'\n", args[1]);
        return 2;
    }
    if (setup(args[0], rules, &p) != 0)
        return 1;
    char text[128], id[BG_POSID_LEN + 1];
    if (list) {
        bg_movelist *ml = malloc(sizeof *ml);
        if (!ml)
            return 1;
        bg_moves(&p, d1, d2, rules, ml);
        for (int k = 0; k < ml->n; k++) {
            bg_move_format(&ml->m[k], -1, text, sizeof text);
            after_id(&ml->m[k], id);
            printf("%s\t%s\n", text, id);
        }
        free(ml);
        return 0;
    }
    bg_ai *ai = bg_ai_new();
    bg_move m;
    if (!ai)
        return 1;
    bg_ai_choose(ai, &p, d1, d2, rules, level, 0, 0, &m);
    bg_move_format(&m, -1, text, sizeof text);
    printf("%s\n", text);
    bg_ai_free(ai);
    return 0;
}

static int cmd_serve(void)
{
    char line[256];
    bg_ai *ai = bg_ai_new();
    bg_xrng x;
    bg_xrng_seed(&x, 1);
    bg_rng rng = {bg_xrng_next, &x};
    if (!ai)
        return 1;
    while (fgets(line, sizeof line, stdin)) {
        char id[64], dice[16], lev[16], rul[16] = "atari";
        int d1, d2, level, rules;
        bg_pos p;
        if (sscanf(line, "%63s %15s %15s %15s", id, dice, lev, rul) < 3 ||
            parse_dice(dice, &d1, &d2) || (level = parse_level(lev)) < 0 ||
            (rules = parse_rules(rul)) < 0 || setup(id, rules, &p)) {
            printf("error\n");
            fflush(stdout);
            continue;
        }
        bg_move m;
        char text[128], after[BG_POSID_LEN + 1];
        long t0 = usec_now();
        bg_ai_choose(ai, &p, d1, d2, rules, level, &rng, 0, &m);
        long us = usec_now() - t0;
        bg_move_format(&m, -1, text, sizeof text);
        after_id(&m, after);
        printf("%s\t%s\t%ld\n", text, after, us);
        fflush(stdout);
    }
    bg_ai_free(ai);
    return 0;
}

int bg_tool_main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (!strcmp(argv[1], "move"))
        return cmd_move(argc - 1, argv + 1, 0);
    if (!strcmp(argv[1], "moves"))
        return cmd_move(argc - 1, argv + 1, 1);
    if (!strcmp(argv[1], "serve-moves"))
        return cmd_serve();
    if (!strcmp(argv[1], "train"))
        return bg_tool_train(argc - 1, argv + 1);
    if (!strcmp(argv[1], "duel"))
        return bg_tool_duel(argc - 1, argv + 1);
    fprintf(stderr, "backgammon: unknown subcommand '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
