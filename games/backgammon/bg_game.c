/*
 * bg_game.c - Backgammon in the registry: the hall-of-fame boards (the
 * article's three measures of a winner of a game under its rules, and
 * the matches won under the standard rules, with their points), the
 * dialogue (bg_play.c) and the engine tool.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "tty.h"
#include "bg_tool.h"
#include "bg_ui.h"

static const tty_hof_metric bg_hof[] = {
    {"advantage", "TILE ADVANTAGE", TTY_HOF_MAX},
    {"moves", "TOTAL MOVES", TTY_HOF_MIN},
    {"score", "SCORE", TTY_HOF_MAX},
    {"matches", "MATCHES WON", TTY_HOF_COUNT},
    {"points", "MATCH POINTS WON", TTY_HOF_SUM},
    {0, 0, 0}
};

const tty_game bg_game = {
    .name = "backgammon",
    .title = "BACKGAMMON",
    .source = "Atari type-in",
    .run = bg_play_run,
    .hof = bg_hof,
    .tool = "backgammon",
    .tool_main = bg_tool_main,
};
