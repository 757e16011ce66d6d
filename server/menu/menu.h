/*
 * menu.h - the menu a session starts in, and starting a game from it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef MENU_H
#define MENU_H

#include "sess.h"

/* Banner, name, then the menu until QUIT or a hang-up. */
void menu_main(sess *s);
/* Run one game (fresh, or from a save) and log it. */
void menu_run_game(sess *s, const tty_game *g, const tty_launch *launch);
/* Ask for a resume code and play that game; 0 if one was played. */
int menu_resume(sess *s, const char *typed_code);

#endif
