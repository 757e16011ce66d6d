/*
 * hp_game.c - Hexpawn in the registry.  The dialogue (run) is not written
 * yet; the engine is in hp_engine.c and its flow is described in hp.h.  The
 * hall of fame counts the games each side won; the engine tool is
 * `ttyarcade hexpawn learn` (hp_tool.c).
 */
#include "tty.h"
#include "hp.h"

static const tty_hof_metric hp_hof[] = {
    { "wins", "GAMES YOU WON", TTY_HOF_COUNT },
    { "losses", "GAMES THE MACHINE WON", TTY_HOF_COUNT },
    { 0, 0, 0 }
};

const tty_game hp_game = {
    .name = "hexpawn",
    .title = "HEXPAWN",
    .source = "SCELBI 1976",
    .run = 0,
    .hof = hp_hof,
    .tool = "hexpawn",
    .tool_main = hp_tool_main,
};
