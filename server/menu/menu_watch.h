/*
 * menu_watch.h - the menu's entries for what players share: who is on
 * (and watching one of them), forbidding watching, and playing back a
 * recording.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef MENU_WATCH_H
#define MENU_WATCH_H

#include "sess.h"

/* The entries' lines in the menu. */
void menu_watch_show(sess *s);
/* Handle a one-letter choice; 1 if it was one of these. */
int menu_watch_choice(sess *s, int letter);
/* Watch the player named (or numbered in the last list) directly. */
void menu_watch_player(sess *s, sess *target);

#endif
