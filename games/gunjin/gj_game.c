/*
 * gj_game.c - Gunjin Shogi in the registry.  The dialogue starts in
 * gj_versus.c (gj_run); this file stays apart from gj.h because the
 * engine's game type and the registry's entry share the name gj_game.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "tty.h"
#include "gj_tool.h"

int gj_run(tty_io *io, const tty_launch *launch);

/* Hall of fame: games won against the computer, the random opponent or
 * another person, and the quickest win in moves. */
static const tty_hof_metric gj_hof[] = {
    { "wins", "GAMES WON", TTY_HOF_COUNT },
    { "fastest", "FEWEST MOVES TO WIN", TTY_HOF_MIN },
    { 0, 0, 0 }
};

const tty_game gj_game = {
    .name = "gunjin",
    .title = "GUNJIN SHOGI",
    .source = "JMC, BBC Micro",
    .run = gj_run,
    .hof = gj_hof,
    .tool = "gunjin",
    .tool_main = gj_tool_main,
};
