/*
 * main.c - the ttyarcade command line: serve, play, and each game's
 * engine tools (ttyarcade checkers perft ..., ttyarcade efront map ...).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "account.h"
#include "admin.h"
#include "play.h"
#include "rec_cli.h"
#include "registry.h"
#include "serve.h"
#include "version.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: ttyarcade --version\n"
               "       ttyarcade serve [options]\n"
               "       ttyarcade play GAME [options]\n"
               "       ttyarcade account list|reset-password NAME|unlock NAME|"
               "delete NAME\n"
               "       ttyarcade admin COMMAND [--data DIR]\n"
               "       ttyarcade recording list|play|export ID [--data DIR]\n");
    for (int i = 0; tty_games[i]; i++)
        if (tty_games[i]->tool)
            fprintf(f, "       ttyarcade %s ...\n", tty_games[i]->tool);
    fprintf(f, "Each subcommand takes --help.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("ttyarcade %s (commit %s)\n", ttyarcade_version,
               ttyarcade_commit);
        return 0;
    }
    if (strcmp(argv[1], "serve") == 0)
        return serve_main(argc - 1, argv + 1);
    if (strcmp(argv[1], "admin") == 0)
        return admin_main(argc - 1, argv + 1);
    if (strcmp(argv[1], "recording") == 0)
        return rec_cli_main(argc - 1, argv + 1);
    if (strcmp(argv[1], "play") == 0)
        return play_main(argc - 1, argv + 1);
    if (strcmp(argv[1], "account") == 0)
        return account_main(argc - 1, argv + 1);
    const tty_game *g = tty_game_find_tool(argv[1]);
    if (g && g->tool_main)
        return g->tool_main(argc - 1, argv + 1);
    fprintf(stderr, "ttyarcade: unknown subcommand '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
