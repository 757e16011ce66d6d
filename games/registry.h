/*
 * registry.h - the games this server offers, in menu order.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef REGISTRY_H
#define REGISTRY_H

#include "tty.h"

/* NULL-terminated, in menu order. */
extern const tty_game *const tty_games[];

/* By name ("hangman") or title, case-insensitive; NULL if none. */
const tty_game *tty_game_find(const char *name);
/* By engine tool name ("checkers", "efront"); NULL if none. */
const tty_game *tty_game_find_tool(const char *tool);

#endif
