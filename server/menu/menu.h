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
/* The code may be in play in a two-player game here: take back s's own
 * seat of it (menu_rejoin.c).  1 when s played it until the game was
 * over (or its line went), 0 when no game of two plays it here, -1 when
 * refused or declined (s was told why). */
int menu_rejoin(sess *s, const char *code);
/* The take-over's question: "YOUR CHECKERS GAME IS OPEN ON ANOTHER LINE
 * (TELNET, IDLE 2 MIN). TAKE IT OVER (Y/N; RETURN: N)?", or with code
 * (not NULL) the question put to someone holding only the code.  1 on
 * Y. */
int menu_ask_take_over(sess *s, const char *title, const char *door,
                       long idle_s, const char *code);

/* What was typed where a list number, a deletion or a resume code may
 * come (menu_typed.c): by its shape, never its first character.  NUMBER
 * and DELETE set *number; CODE sets code (tty_code_parse's form). */
enum {
    MENU_TYPED_OTHER,
    MENU_TYPED_NUMBER,          /* 1 to 3 digits */
    MENU_TYPED_DELETE,          /* D and 1 to 3 digits */
    MENU_TYPED_CODE             /* a resume code's shape */
};
int menu_typed(const char *line, int *number, char code[TTY_CODE_SIZE]);

#endif
