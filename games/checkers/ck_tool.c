/*
 * ck_tool.c - the engine tools: "ttyarcade checkers perft DEPTH [FEN]" and
 * "ttyarcade checkers best [--level L | --depth N | --ms N] FEN".
 * Command-line programs, so they print with stdio and read the clock.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ck_clock.h"
#include "ck_egdb.h"
#include "ck_notation.h"
#include "ck_search.h"
#include "ck_tool.h"

static void ck_perft_usage(FILE *f)
{
    fprintf(f,
        "usage: ttyarcade checkers perft DEPTH [FEN]\n"
        "Count the leaves of the legal move tree DEPTH plies deep (the\n"
        "last ply counted in bulk) from the opening position or from FEN\n"
        "(PDN, e.g. \"B:W21-32:B1-12\").  Prints the count, then the\n"
        "leaves per second and the time.\n");
}

static int ck_tool_perft(int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        ck_perft_usage(stdout);
        return 0;
    }
    if (argc < 2 || argc > 3) {
        ck_perft_usage(stderr);
        return 2;
    }
    char *end;
    long depth = strtol(argv[1], &end, 10);
    if (*end || depth < 0 || depth > 40) {
        fprintf(stderr, "checkers perft: bad depth '%s'\n", argv[1]);
        return 2;
    }
    ck_pos p;
    ck_pos_start(&p);
    if (argc == 3 && ck_fen_parse(argv[2], &p) < 0) {
        fprintf(stderr, "checkers perft: bad FEN '%s'\n", argv[2]);
        return 2;
    }
    double t0 = ck_clock_seconds();
    uint64_t n = ck_perft(&p, (int)depth);
    double t = ck_clock_seconds() - t0;
    printf("%llu\n", (unsigned long long)n);
    printf("%.0f nodes/s (%.3f s)\n", t > 0 ? (double)n / t : 0.0, t);
    return 0;
}

static void ck_best_usage(FILE *f)
{
    fprintf(f,
        "usage: ttyarcade checkers best [--level tom|dick|harry|expert |\n"
        "                                --depth N | --ms N] [--seed N]\n"
        "                               [--data DIR] FEN\n"
        "Search the position and print the move chosen (11-15, 5x14x23) on\n"
        "the first line, then the depth reached, the score (hundredths of a\n"
        "man, for the side to move), the nodes searched, nodes per second\n"
        "and the principal variation.  The default is --level harry; a\n"
        "level's randomness comes from --seed (default 1).  --depth and --ms\n"
        "search without randomness, and may be given together, with the\n"
        "expert's knowledge: the learned evaluation, and the endgame\n"
        "databases of DIR (the server's data directory by default; see\n"
        "'egdb build') when there are any.\n");
}

static int ck_tool_best(int argc, char **argv)
{
    ck_limits lim = ck_levels[CK_HARRY].lim;
    int custom = 0;
    unsigned long long seed = 1;
    const char *fen = NULL, *dir = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            ck_best_usage(stdout);
            return 0;
        }
        if (a[0] == '-' && a[1] == '-' && i + 1 >= argc) {
            fprintf(stderr, "checkers best: %s needs a value\n", a);
            return 2;
        }
        char *end = NULL;
        if (!strcmp(a, "--level")) {
            int l = ck_level_find(argv[++i]);
            if (l < 0) {
                fprintf(stderr, "checkers best: no level '%s'\n", argv[i]);
                return 2;
            }
            lim = ck_levels[l].lim;
            continue;
        }
        if (!strcmp(a, "--depth") || !strcmp(a, "--ms")) {
            long v = strtol(argv[++i], &end, 10);
            if (*end || v <= 0) {
                fprintf(stderr, "checkers best: bad %s '%s'\n", a, argv[i]);
                return 2;
            }
            if (!custom) {
                memset(&lim, 0, sizeof lim);
                lim.know = CK_KNOW_ALL;
            }
            custom = 1;
            if (!strcmp(a, "--depth"))
                lim.depth = v < CK_MAX_PLY ? (int)v : CK_MAX_PLY;
            else
                lim.ms = v;
            continue;
        }
        if (!strcmp(a, "--data")) {
            dir = argv[++i];
            continue;
        }
        if (!strcmp(a, "--seed")) {
            seed = strtoull(argv[++i], &end, 10);
            if (*end) {
                fprintf(stderr, "checkers best: bad seed '%s'\n", argv[i]);
                return 2;
            }
            continue;
        }
        if (fen || (a[0] == '-' && a[1] == '-')) {
            ck_best_usage(stderr);
            return 2;
        }
        fen = a;
    }
    if (!fen) {
        ck_best_usage(stderr);
        return 2;
    }
    ck_pos p;
    if (ck_fen_parse(fen, &p) < 0) {
        fprintf(stderr, "checkers best: bad FEN '%s'\n", fen);
        return 2;
    }
    ck_tt tt;
    ck_rng rng;
    ck_rng_seed(&rng, seed);
    if (ck_tt_init(&tt, (size_t)64 << 20) < 0)
        fprintf(stderr, "checkers best: no memory for the table\n");
    ck_search_in in;
    memset(&in, 0, sizeof in);
    in.pos = p;
    in.lim = lim;
    in.tt = &tt;
    in.rng = &rng;
    in.clock = ck_clock_ms;
    char dbuf[4096];
    if (lim.know & CK_KNOW_EGDB)
        in.egdb = ck_egdb_shared(dir ? dir : ck_tool_data_dir(dbuf,
                                                               sizeof dbuf));
    double t0 = ck_clock_seconds();
    ck_search_out out;
    int rc = ck_search(&in, &out);
    double t = ck_clock_seconds() - t0;
    ck_tt_free(&tt);
    if (rc < 0) {
        fprintf(stderr, "checkers best: out of memory\n");
        return 1;
    }
    if (out.nmoves == 0) {
        printf("none\nno legal move: %s to move has lost\n",
               p.turn == CK_BLACK ? "black" : "white");
        return 0;
    }
    char mv[CK_MOVE_TEXT];
    ck_move_text(&p, out.move, CK_TEXT_FULL, mv);
    printf("%s\n", mv);
    printf("depth %d (selective %d)\n", out.depth, out.seldepth);
    if (out.score >= CK_WIN_MIN)
        printf("score %d (win in %d plies)\n", out.score, CK_WIN - out.score);
    else if (out.score <= -CK_WIN_MIN)
        printf("score %d (loss in %d plies)\n", out.score, CK_WIN + out.score);
    else if (out.score >= CK_KNOWN_WIN - 2000 - CK_MAX_PLY)
        printf("score %d (a win the databases know)\n", out.score);
    else if (out.score <= -(CK_KNOWN_WIN - 2000 - CK_MAX_PLY))
        printf("score %d (a loss the databases know)\n", out.score);
    else
        printf("score %d\n", out.score);
    printf("nodes %llu\n", (unsigned long long)out.nodes);
    if (in.egdb)
        printf("databases of %d pieces: %llu probes found a value\n",
               in.egdb->pieces, (unsigned long long)out.probes);
    printf("nps %.0f (%.3f s)\n", t > 0 ? (double)out.nodes / t : 0.0, t);
    printf("pv");
    ck_pos q = p;
    for (int i = 0; i < out.npv; i++) {
        if (ck_move_text(&q, out.pv[i], CK_TEXT_FULL, mv) < 0)
            break;
        printf(" %s", mv);
        ck_make(&q, out.pv[i]);
    }
    printf("\n");
    return 0;
}

static void ck_tool_usage(FILE *f)
{
    fprintf(f, "usage: ttyarcade checkers perft DEPTH [FEN]\n"
               "       ttyarcade checkers best [--level L | --depth N | "
               "--ms N] FEN\n"
               "       ttyarcade checkers egdb build|info|probe ...\n"
               "       ttyarcade checkers train [--games N] [--seed N] ...\n"
               "Each takes --help.\n");
}

int ck_tool_main(int argc, char **argv)
{
    if (argc < 2) {
        ck_tool_usage(stderr);
        return 2;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        ck_tool_usage(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "perft"))
        return ck_tool_perft(argc - 1, argv + 1);
    if (!strcmp(argv[1], "best"))
        return ck_tool_best(argc - 1, argv + 1);
    if (!strcmp(argv[1], "egdb"))
        return ck_tool_egdb(argc - 1, argv + 1);
    if (!strcmp(argv[1], "train"))
        return ck_tool_train(argc - 1, argv + 1);
    fprintf(stderr, "checkers: unknown tool '%s'\n", argv[1]);
    ck_tool_usage(stderr);
    return 2;
}
