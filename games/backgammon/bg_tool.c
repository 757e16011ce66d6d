/*
 * bg_tool.c - `ttyarcade backgammon ...`: the engine's command-line tools.
 *
 *   move [--level L] [--rules R] [--seed S] [CUBE] POSITION_ID DICE
 *                                                  the computer's play
 *   moves [--rules R] POSITION_ID DICE             every legal play
 *   eval [--ply 0|1|2] POSITION_ID                 the five chances
 *   cube [--level L] [--probs P] [CUBE] POSITION_ID  the proper cube action
 *   serve-moves                                    lines in, answers out
 *   train ...                                      (bg_train.c)
 *   duel [--pairs N] LEVEL LEVEL                   (bg_duel.c)
 * CUBE: --cube N --owner centre|roller|other [--match N --score A-B
 * [--crawford]] [--jacoby] [--beavers]: the cube as the side on roll sees
 * it; a move with any of them is played for the cube (money, or the
 * match), without them for the win alone.
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
#include <unistd.h>

#include "bg.h"
#include "bg_tool.h"

static void usage(FILE *f)
{
    fprintf(f,
        "usage: ttyarcade backgammon move [--level L] [--rules atari|standard] "
        "[--seed S]\n"
        "                 [CUBE] POSITION_ID DICE\n"
        "       ttyarcade backgammon moves [--rules atari|standard] "
        "POSITION_ID DICE\n"
        "       ttyarcade backgammon eval [--ply 0|1|2] POSITION_ID\n"
        "       ttyarcade backgammon cube [--level L] [CUBE] POSITION_ID\n"
        "       ttyarcade backgammon serve-moves\n"
        "       ttyarcade backgammon train [options]   (train --help)\n"
        "       ttyarcade backgammon duel [--pairs N] LEVEL LEVEL\n"
        "CUBE: [--cube N] [--owner centre|roller|other] [--match N --score "
        "A-B\n"
        "      [--crawford]] [--jacoby] [--beavers]\n"
        "move prints the computer's play for the side on roll in the GNU\n"
        "Backgammon position ID, in gnubg notation (\"none\" if it cannot\n"
        "move).  DICE is two digits, e.g. 31.  Levels: 0 random (a new choice\n"
        "each call, or as --seed S chooses), 1 atari (default, the article's\n"
        "player), 2 net, 3 strong (one roll ahead).  Rules: atari (default,\n"
        "at most five tiles a point) or standard.  With CUBE options it plays\n"
        "for the cube (standard rules): money play, or a match of --match\n"
        "points at --score A-B (A the side on roll's points); else for the\n"
        "win alone.\n"
        "moves lists every legal play, one a line, with the position ID after\n"
        "it (the opponent then on roll).\n"
        "eval prints the five chances of the side on roll, as GNU Backgammon\n"
        "orders them: win, win a gammon, win a backgammon, lose a gammon,\n"
        "lose a backgammon; --ply 1 (the default) averages them over the 21\n"
        "rolls, each played as the net plays it, --ply 2 over two rolls\n"
        "(21 times slower), --ply 0 is the net alone.\n"
        "cube prints the proper cube action of the side on roll, before its\n"
        "throw, in gnubg's words (\"No double, take\", \"Double, pass\", ...),\n"
        "as level L (default 3) judges it.  --owner roller: the side on roll\n"
        "holds the cube; other: the other side does.  --flags adds, after a\n"
        "tab, whether the computer would double, take and beaver (0 or 1).\n"
        "--probs W,WG,WBG,LG,LBG judges from those five chances instead of\n"
        "the net's (the cube's reckoning alone).\n"
        "serve-moves reads lines \"POSITION_ID DICE LEVEL [RULES]\" and answers\n"
        "each with \"PLAY<TAB>POSITION_ID_AFTER<TAB>MICROSECONDS\"; a line that\n"
        "begins with move, eval or cube is that command's arguments, answered\n"
        "with its line and <TAB>MICROSECONDS.\n");
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

/* What the commands take: the options, then the position (and dice). */
typedef struct opts {
    int level, level_given, rules, ply, flags;
    int probs;              /* --probs: the five chances are given */
    float v[BG_NOUT];
    unsigned long long seed;
    int seeded;
    int cube;               /* a cube option was given */
    bg_cubeinfo ci;
    const char *args[2];
    int na;
} opts;

static int bad(const char *what, const char *v)
{
    fprintf(stderr, "backgammon: %s '%s'\n", what, v);
    return 2;
}

/* "A-B" into the side on roll's and the other's points. */
static int parse_score(const char *s, int *a, int *b)
{
    char *e;
    long x = strtol(s, &e, 10);
    if (e == s || *e != '-')
        return -1;
    const char *t = e + 1;
    long y = strtol(t, &e, 10);
    if (e == t || *e || x < 0 || y < 0)
        return -1;
    *a = (int)x;
    *b = (int)y;
    return 0;
}

/* The options of move, moves, eval and cube: 0, or the exit code. */
static int parse_opts(int argc, char **argv, int nargs, opts *o)
{
    int sa = -1, sb = -1, crawford = 0, rules_given = 0;
    memset(o, 0, sizeof *o);
    o->level = BG_LEVEL_DEFAULT;
    o->rules = BG_RULES_ATARI;
    o->ply = 1;
    o->ci.value = 1;
    o->ci.owner = BG_CENTRE;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        char *e;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return -1;
        } else if (!strcmp(a, "--crawford")) {
            crawford = o->cube = 1;
        } else if (!strcmp(a, "--jacoby")) {
            o->ci.jacoby = o->cube = 1;
        } else if (!strcmp(a, "--beavers")) {
            o->ci.beavers = o->cube = 1;
        } else if (!strcmp(a, "--flags")) {
            o->flags = 1;
        } else if (a[0] == '-' && a[1] == '-' && !v) {
            usage(stderr);
            return 2;
        } else if (!strcmp(a, "--level")) {
            if ((o->level = parse_level(v)) < 0)
                return bad("no level", v);
            o->level_given = 1;
            i++;
        } else if (!strcmp(a, "--rules")) {
            if ((o->rules = parse_rules(v)) < 0)
                return bad("no rules", v);
            rules_given = 1;
            i++;
        } else if (!strcmp(a, "--seed")) {
            o->seed = strtoull(v, &e, 10);
            if (*e || !*v)
                return bad("the seed is a number, not", v);
            o->seeded = 1;
            i++;
        } else if (!strcmp(a, "--probs")) {
            char *q = (char *)v;
            for (int k = 0; k < BG_NOUT; k++) {
                o->v[k] = strtof(q, &e);
                if (e == q || o->v[k] < 0 || o->v[k] > 1 ||
                    *e != (k < BG_NOUT - 1 ? ',' : 0))
                    return bad("--probs takes five chances W,WG,WBG,LG,LBG, "
                               "not", v);
                q = e + 1;
            }
            o->probs = 1;
            i++;
        } else if (!strcmp(a, "--ply")) {
            if (strcmp(v, "0") && strcmp(v, "1") && strcmp(v, "2"))
                return bad("ply is 0, 1 or 2, not", v);
            o->ply = v[0] - '0';
            i++;
        } else if (!strcmp(a, "--cube")) {
            long c = strtol(v, &e, 10);
            if (*e || c < 1 || c > BG_CUBE_MAX * 4 || (c & (c - 1)))
                return bad("the cube is a power of two up to 4096, not", v);
            o->ci.value = (int)c;
            o->cube = 1;
            i++;
        } else if (!strcmp(a, "--owner")) {
            if (!strcmp(v, "centre") || !strcmp(v, "center"))
                o->ci.owner = BG_CENTRE;
            else if (!strcmp(v, "roller"))
                o->ci.owner = 0;
            else if (!strcmp(v, "other"))
                o->ci.owner = 1;
            else
                return bad("the owner is centre, roller or other, not", v);
            o->cube = 1;
            i++;
        } else if (!strcmp(a, "--match")) {
            long n = strtol(v, &e, 10);
            if (*e || n < 1 || n > BG_MATCH_MAX)
                return bad("a match is 1 to 25 points, not", v);
            o->ci.match = (int)n;
            o->cube = 1;
            i++;
        } else if (!strcmp(a, "--score")) {
            if (parse_score(v, &sa, &sb) != 0)
                return bad("the score is A-B (the side on roll's first), not",
                           v);
            o->cube = 1;
            i++;
        } else if (a[0] != '-' && o->na < nargs) {
            o->args[o->na++] = a;
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (o->na != nargs) {
        usage(stderr);
        return 2;
    }
    bg_cubeinfo *ci = &o->ci;
    if (ci->match) {
        if (sa < 0)
            sa = sb = 0;
        if (sa >= ci->match || sb >= ci->match) {
            fprintf(stderr, "backgammon: a score of %d-%d is a match over "
                    "(match to %d)\n", sa, sb, ci->match);
            return 2;
        }
        ci->away[0] = ci->match - sa;
        ci->away[1] = ci->match - sb;
        if (crawford && ci->away[0] != 1 && ci->away[1] != 1) {
            fprintf(stderr, "backgammon: the Crawford game needs a side 1 "
                    "away\n");
            return 2;
        }
        ci->crawford = crawford;
        if (ci->jacoby || ci->beavers) {
            fprintf(stderr, "backgammon: --jacoby and --beavers are for "
                    "money play\n");
            return 2;
        }
    } else if (sa >= 0 || crawford) {
        fprintf(stderr, "backgammon: --score and --crawford need --match\n");
        return 2;
    }
    if (o->cube && o->rules == BG_RULES_ATARI && rules_given) {
        fprintf(stderr, "backgammon: the cube is played under the standard "
                "rules\n");
        return 2;
    }
    if (o->cube)
        o->rules = BG_RULES_STANDARD;
    return 0;
}

/* The position and dice of the arguments: 0, or the exit code. */
static int position(const opts *o, bg_pos *p, int *d1, int *d2)
{
    if (d1 && parse_dice(o->args[1], d1, d2) != 0) {
        fprintf(stderr, "backgammon: dice are two digits 1-6, e.g. 31, "
                        "not '%s'\n", o->args[1]);
        return 2;
    }
    return setup(o->args[0], o->rules, p) ? 1 : 0;
}

/* Each command writes its one-line answer into ans (without the new
 * line) and returns the exit code; -1 when it printed help. */
static int cmd_move(int argc, char **argv, bg_ai *ai, char *ans, size_t n)
{
    opts o;
    bg_pos p;
    int d1, d2, rc = parse_opts(argc, argv, 2, &o);
    if (rc || (rc = position(&o, &p, &d1, &d2)))
        return rc;
    /* Level 0 chooses anew each call unless a seed is given. */
    bg_xrng x;
    bg_xrng_seed(&x, o.seeded ? o.seed : (uint64_t)usec_now() ^
                 (uint64_t)getpid() << 32);
    bg_rng rng = {bg_xrng_next, &x};
    bg_move m;
    if (o.cube)
        bg_ai_choose_cube(ai, &p, d1, d2, o.level, &o.ci, &rng, 0, &m);
    else
        bg_ai_choose(ai, &p, d1, d2, o.rules, o.level, &rng, 0, &m);
    char after[BG_POSID_LEN + 1];
    size_t k = (size_t)bg_move_format(&m, -1, ans, n);
    after_id(&m, after);
    snprintf(ans + k, n - k, "\t%s", after);
    return 0;
}

/* The options and the one position of eval and cube (the standard
 * rules: the chances and the cube are theirs).  0, or the exit code. */
static int one_position(int argc, char **argv, opts *o, bg_pos *p)
{
    int rc = parse_opts(argc, argv, 1, o);
    o->rules = BG_RULES_STANDARD;
    return rc ? rc : position(o, p, NULL, NULL);
}

static int cmd_eval(int argc, char **argv, bg_ai *ai, char *ans, size_t n)
{
    opts o;
    bg_pos p;
    int rc = one_position(argc, argv, &o, &p);
    if (rc)
        return rc;
    float v[BG_NOUT];
    bg_ai_probs_ply(ai, &p, o.ply, NULL, v);
    snprintf(ans, n, "%.6f %.6f %.6f %.6f %.6f", v[0], v[1], v[2], v[3],
             v[4]);
    return 0;
}

static int cmd_cube(int argc, char **argv, bg_ai *ai, char *ans, size_t n)
{
    opts o;
    bg_pos p;
    int rc = one_position(argc, argv, &o, &p);
    if (rc)
        return rc;
    bg_cubedec d;
    if (o.probs)            /* the cube alone, from chances given */
        bg_cube_decide(&o.ci, &p, o.v, &d);
    else
        bg_ai_cube(ai, &p, o.level_given ? o.level : BG_LEVEL_STRONG, &o.ci,
                   &d);
    int beaver, take = bg_cube_should_take(&d, &o.ci, &beaver);
    if (o.flags)            /* for programs: double? take? beaver? */
        snprintf(ans, n, "%s\t%d %d %d", bg_cube_text(&d),
                 bg_cube_should_double(&d), take, beaver);
    else
        snprintf(ans, n, "%s", bg_cube_text(&d));
    return 0;
}

static int cmd_list(int argc, char **argv)
{
    opts o;
    bg_pos p;
    int d1, d2, rc = parse_opts(argc, argv, 2, &o);
    if (rc || (rc = position(&o, &p, &d1, &d2)))
        return rc < 0 ? 0 : rc;
    bg_movelist *ml = malloc(sizeof *ml);
    if (!ml)
        return 1;
    char text[128], id[BG_POSID_LEN + 1];
    bg_moves(&p, d1, d2, o.rules, ml);
    for (int k = 0; k < ml->n; k++) {
        bg_move_format(&ml->m[k], -1, text, sizeof text);
        after_id(&ml->m[k], id);
        printf("%s\t%s\n", text, id);
    }
    free(ml);
    return 0;
}

typedef int (*tool_cmd)(int argc, char **argv, bg_ai *ai, char *ans,
                        size_t n);

static tool_cmd find_cmd(const char *name)
{
    if (!strcmp(name, "move"))
        return cmd_move;
    if (!strcmp(name, "eval"))
        return cmd_eval;
    if (!strcmp(name, "cube"))
        return cmd_cube;
    return NULL;
}

/* A command from the command line: its answer on a line. */
static int run_cmd(tool_cmd fn, int argc, char **argv)
{
    char ans[256];
    bg_ai *ai = bg_ai_new();
    if (!ai)
        return 1;
    int rc = fn(argc, argv, ai, ans, sizeof ans);
    bg_ai_free(ai);
    if (rc == 0) {
        if (fn == cmd_move)
            ans[strcspn(ans, "\t")] = 0;   /* the play alone */
        printf("%s\n", ans);
    }
    return rc < 0 ? 0 : rc;
}

/* A serve line that names a command: its words as arguments. */
static void serve_cmd(tool_cmd fn, char *line, bg_ai *ai)
{
    char *argv[32], ans[256];
    int argc = 0;
    for (char *w = strtok(line, " \t\r\n"); w && argc < 31;
         w = strtok(NULL, " \t\r\n"))
        argv[argc++] = w;
    argv[argc] = NULL;
    long t0 = usec_now();
    int rc = fn(argc, argv, ai, ans, sizeof ans);
    if (rc == 0)
        printf("%s\t%ld\n", ans, usec_now() - t0);
    else
        printf("error\n");
}

static int cmd_serve(void)
{
    char line[512];
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
        char word[16] = "";
        sscanf(line, "%15s", word);
        tool_cmd fn = find_cmd(word);
        if (fn) {
            serve_cmd(fn, line, ai);
            fflush(stdout);
            continue;
        }
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
    tool_cmd fn = find_cmd(argv[1]);
    if (fn)
        return run_cmd(fn, argc - 1, argv + 1);
    if (!strcmp(argv[1], "moves"))
        return cmd_list(argc - 1, argv + 1);
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
