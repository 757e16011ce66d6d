/*
 * registry.c - the list of games.  Each game folder defines one tty_game
 * (named <prefix>_game) and this file is the only place that lists them.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <strings.h>

#include "registry.h"

/* Each game folder defines its own (hangman/hangman.c: hm_game, ...). */
extern const tty_game sc_game, hp_game, hm_game, ck_game, bg_game, ef_game,
    gj_game;

/* Menu order: the SCELBI book's three, then the rest by age. */
const tty_game *const tty_games[] = {
    &sc_game,
    &hp_game,
    &hm_game,
    &ck_game,
    &bg_game,
    &ef_game,
    &gj_game,
    0
};

const tty_game *tty_game_find(const char *name)
{
    for (int i = 0; tty_games[i]; i++)
        if (strcasecmp(tty_games[i]->name, name) == 0 ||
            strcasecmp(tty_games[i]->title, name) == 0)
            return tty_games[i];
    return 0;
}

const tty_game *tty_game_find_tool(const char *tool)
{
    for (int i = 0; tty_games[i]; i++)
        if (tty_games[i]->tool && strcasecmp(tty_games[i]->tool, tool) == 0)
            return tty_games[i];
    return 0;
}
