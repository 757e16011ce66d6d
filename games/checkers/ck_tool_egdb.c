/*
 * ck_tool_egdb.c - "ttyarcade checkers egdb build|info|probe": building
 * the endgame databases into the data directory, and looking into them.
 * A command-line program: it prints with stdio and reads the clock.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ck_clock.h"
#include "ck_egdb.h"
#include "ck_notation.h"
#include "ck_tool.h"

static void ck_egdb_usage(FILE *f)
{
    fprintf(f,
        "usage: ttyarcade checkers egdb build [--pieces N] [--data DIR]\n"
        "       ttyarcade checkers egdb info [--data DIR]\n"
        "       ttyarcade checkers egdb probe [--data DIR] FEN\n"
        "build solves every position of up to N pieces (2 to %d, default\n"
        "6: a quarter of an hour of one core and 1.2 GB of memory, 218 MiB\n"
        "on disk; 5 takes a minute) by retrograde analysis and writes\n"
        "DIR/checkers-egdb-N.bin, which the expert level uses from its\n"
        "next game on.  DIR is the server's data directory: --data, else\n"
        "$TTYARCADE_DATA, else ~/.local/share/ttyarcade.  info prints the\n"
        "database found there; probe prints a position's value for the\n"
        "side to move.\n",
        CK_EGDB_MAXN);
}

/* The server's rule for its data directory when --data is not given. */
const char *ck_tool_data_dir(char *buf, unsigned long size)
{
    const char *env = getenv("TTYARCADE_DATA");
    if (env && *env)
        return env;
    const char *home = getenv("HOME");
    if (!home || home[0] != '/')
        return NULL;
    snprintf(buf, size, "%s/.local/share/ttyarcade", home);
    return buf;
}

static void ck_build_progress(void *ctx, ck_slice s, uint64_t size,
                              double seconds)
{
    printf("  %d black men %d kings, %d white men %d kings: %llu positions, "
           "%.1f s\n", s.bm, s.bk, s.wm, s.wk, (unsigned long long)size,
           seconds);
    fflush(stdout);
}

static void ck_egdb_describe(const ck_egdb *db, const char *path)
{
    uint64_t n = ck_egdb_positions(db);
    printf("%s: every position of up to %d pieces, %llu positions with "
           "black to move (and as many with white), %.1f MiB, built in "
           "%.0f s\n", path, db->pieces, (unsigned long long)n,
           (double)ck_egdb_bytes(db) / (1 << 20), db->build_seconds);
}

int ck_tool_egdb(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        ck_egdb_usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const char *verb = argv[1], *dir = NULL, *fen = NULL;
    long pieces = 6;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--data") && i + 1 < argc) {
            dir = argv[++i];
        } else if (!strcmp(argv[i], "--pieces") && i + 1 < argc) {
            char *end;
            pieces = strtol(argv[++i], &end, 10);
            if (*end || pieces < 2 || pieces > CK_EGDB_MAXN) {
                fprintf(stderr, "checkers egdb: --pieces wants 2 to %d\n",
                        CK_EGDB_MAXN);
                return 2;
            }
        } else if (argv[i][0] != '-' && !fen && !strcmp(verb, "probe")) {
            fen = argv[i];
        } else {
            ck_egdb_usage(stderr);
            return 2;
        }
    }
    char dbuf[4096], path[4200], err[512];
    if (!dir && !(dir = ck_tool_data_dir(dbuf, sizeof dbuf))) {
        fprintf(stderr, "checkers egdb: HOME is not an absolute path: give "
                        "the data directory with --data DIR\n");
        return 2;
    }
    if (!strcmp(verb, "build")) {
        if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
            fprintf(stderr, "checkers egdb: cannot create %s: %s\n", dir,
                    strerror(errno));
            return 1;
        }
        ck_egdb_path(dir, (int)pieces, path, sizeof path);
        printf("solving every position of up to %ld pieces into %s\n",
               pieces, path);
        fflush(stdout);
        ck_egdb db;
        if (ck_egdb_build((int)pieces, path, &db, ck_build_progress, NULL,
                          NULL, err, sizeof err) < 0) {
            fprintf(stderr, "checkers egdb: %s\n", err);
            return 1;
        }
        ck_egdb_describe(&db, path);
        ck_egdb_close(&db);
        return 0;
    }
    if (!strcmp(verb, "info") || !strcmp(verb, "probe")) {
        if (!strcmp(verb, "probe") && !fen) {
            ck_egdb_usage(stderr);
            return 2;
        }
        const ck_egdb *db = ck_egdb_shared(dir);
        if (!db) {
            fprintf(stderr, "checkers egdb: no database in %s (build one "
                            "with: ttyarcade checkers egdb build)\n", dir);
            return 1;
        }
        if (!strcmp(verb, "info")) {
            ck_egdb_path(dir, db->pieces, path, sizeof path);
            ck_egdb_describe(db, path);
            return 0;
        }
        ck_pos p;
        if (ck_fen_parse(fen, &p) < 0) {
            fprintf(stderr, "checkers egdb: bad FEN '%s'\n", fen);
            return 2;
        }
        static const char *const word[] = { "draw", "win", "loss",
                                            "not in the database" };
        int v = ck_egdb_probe(db, &p);
        printf("%s\n", v == CK_EGDB_UNKNOWN ? word[3] : word[v]);
        return 0;
    }
    ck_egdb_usage(stderr);
    return 2;
}
