/*
 * gj_game.c - Gunjin Shogi in the registry.  The dialogue (run) comes
 * later, on the contract; for now the menu skips the game and only the
 * engine tool runs.
 */
#include "tty.h"
#include "gj_tool.h"

/* Hall of fame: games won against the computer, and the quickest win in
 * moves (an HQ entry against a careful opponent is an achievement). */
static const tty_hof_metric gj_hof[] = {
    { "wins", "GAMES WON", TTY_HOF_COUNT },
    { "fastest", "FEWEST MOVES TO WIN", TTY_HOF_MIN },
    { 0, 0, 0 }
};

const tty_game gj_game = {
    .name = "gunjin",
    .title = "GUNJIN SHOGI",
    .source = "JMC, BBC Micro",
    .run = 0,
    .hof = gj_hof,
    .tool = "gunjin",
    .tool_main = gj_tool_main,
};
