/*
 * ef_game.c - Eastern Front (1941) in the registry, and a session's game:
 * open the campaign (new, with the handicap question, or resumed), play
 * it on the face the terminal can show (the scrolling map on ANSI
 * terminals, the command dialect on teletypes and glass), and on a
 * hang-up save it and go.  The engine tools are here too: ttyarcade
 * efront map | simulate.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "tty.h"
#include "ef.h"
#include "ef_play.h"

static const tty_hof_metric ef_hof[] = {
    {"score", "BEST FINAL SCORE", TTY_HOF_MAX},
    {"campaigns", "CAMPAIGNS FOUGHT", TTY_HOF_COUNT},
    {0, 0, 0},
};

static int ef_run(tty_io *io, const tty_launch *launch)
{
    ef_play p;
    if (ef_play_open(&p, io, launch) == 0) {
        if (ef_ansi_fits(tty_get_caps(io)))
            ef_ansi_run(&p);
        else
            ef_text_run(&p);
    }
    ef_play_close(&p);
    return 0;
}

const tty_game ef_game = {
    .name = EF_GAME_NAME,
    .title = "EASTERN FRONT (1941)",
    .source = "APX 1981",
    .run = ef_run,
    .hof = ef_hof,
    .tool = "efront",
    .tool_main = ef_tool_main,
};
