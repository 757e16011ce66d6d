/*
 * ef_game.c - Eastern Front (1941) in the registry.  The campaign engine is
 * complete; the terminal dialogue (issue 7) is not written yet, so run is
 * NULL and the menu skips the game.  The engine tools are here already:
 * ttyarcade efront map | simulate.
 */
#include "tty.h"
#include "ef.h"

static const tty_hof_metric ef_hof[] = {
    {"score", "BEST FINAL SCORE", TTY_HOF_MAX},
    {"campaigns", "CAMPAIGNS FOUGHT", TTY_HOF_COUNT},
    {0, 0, 0},
};

const tty_game ef_game = {
    .name = "efront_text",
    .title = "EASTERN FRONT (1941)",
    .source = "APX 1981",
    .run = 0,
    .hof = ef_hof,
    .tool = "efront",
    .tool_main = ef_tool_main,
};
