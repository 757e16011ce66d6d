/*
 * registry.c - the list of games.  Each game folder defines one tty_game
 * (named <prefix>_game) and this file is the only place that lists them.
 */
#include <strings.h>

#include "registry.h"

extern const tty_game bg_game;

const tty_game *const tty_games[] = {
    &bg_game,
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
