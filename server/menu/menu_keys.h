/*
 * menu_keys.h - the menu's K for a logged-in player: the SSH public keys
 * that log in as them (listed by fingerprint, added by pasting a .pub
 * line, deleted by number).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef MENU_KEYS_H
#define MENU_KEYS_H

#include "sess.h"

/* 1 if the menu offers K to this session (a logged-in player on a server
 * that listens for SSH). */
int mkeys_offered(sess *s);
void mkeys_menu(sess *s);

#endif
