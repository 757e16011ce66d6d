/*
 * sc_game.c - Space Capture in the registry.  The dialogue (run) is not
 * written yet; the engine is in sc_engine.c and its flow is described in
 * sc.h.  The hall of fame counts captures and losses per player.
 */
#include "tty.h"

static const tty_hof_metric sc_hof[] = {
    { "wins", "SHIPS CAPTURED", TTY_HOF_COUNT },
    { "losses", "GAMES LOST", TTY_HOF_COUNT },
    { 0, 0, 0 }
};

const tty_game sc_game = {
    .name = "spacecapture",
    .title = "SPACE CAPTURE",
    .source = "SCELBI 1976",
    .run = 0,
    .hof = sc_hof,
    .tool = 0,
    .tool_main = 0,
};
