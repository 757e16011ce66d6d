/*
 * ef_game.c - Eastern Front (1941) in the registry, and a session's game:
 * open the campaign (new, with the handicap question, or resumed), play
 * it on the face the terminal can show (the scrolling map on ANSI
 * terminals, the command dialect on teletypes and glass, and as the
 * glass view of an ANSI window too small for the map), and on a hang-up
 * save it and go.  The engine tools are here too: ttyarcade
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
        /* an ANSI screen gets the map, or, while its window is too small
         * for it, a notice offering the dialect (the glass view); the
         * player may go from one face to the other and back */
        int face = tty_get_caps(io)->ansi ? EF_FACE_ANSI : EF_FACE_TEXT;
        for (;;) {
            int rc = face == EF_FACE_ANSI ? ef_ansi_run(&p) : ef_text_run(&p);
            if (rc != EF_FACE_ANSI && rc != EF_FACE_TEXT)
                break;
            face = rc;
        }
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
