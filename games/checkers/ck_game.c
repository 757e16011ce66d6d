/*
 * ck_game.c - Checkers in the registry: Robot Tom, Dick and Harry from
 * the 1977 S0 design notes.  The dialogue (run) is not written yet, so
 * the menu skips the game; the engine tools are reachable as
 * "ttyarcade checkers ...".
 */
#include "tty.h"

#include "ck_tool.h"

/* Results per robot: wins against each, and the quickest win (in moves)
 * against Harry and against the expert level. */
static const tty_hof_metric ck_hof[] = {
    { "beat_tom", "Wins against Helpful Robot Tom", TTY_HOF_COUNT },
    { "beat_dick", "Wins against Silent Robot Dick", TTY_HOF_COUNT },
    { "beat_harry", "Wins against Mighty Robot Harry", TTY_HOF_COUNT },
    { "beat_expert", "Wins against the expert level", TTY_HOF_COUNT },
    { "fast_harry", "Fewest moves to beat Mighty Robot Harry", TTY_HOF_MIN },
    { "fast_expert", "Fewest moves to beat the expert level", TTY_HOF_MIN },
    { 0, 0, 0 }
};

const tty_game ck_game = {
    .name = "checkers",
    .title = "CHECKERS",
    .source = "S0 design notes, 1977",
    .run = 0,
    .hof = ck_hof,
    .tool = "checkers",
    .tool_main = ck_tool_main,
};
