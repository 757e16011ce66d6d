/*
 * hangman.h - Hangman from SCELBI's First Book of Computer Games (1976).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef HANGMAN_H
#define HANGMAN_H

#include "tty.h"

extern const tty_game hm_game;

#endif
