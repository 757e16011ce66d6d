/*
 * menu_acct.h - the menu's questions about who is playing: the name and
 * its password, registering a name, changing a password, and a logged-in
 * player's saved games.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef MENU_ACCT_H
#define MENU_ACCT_H

#include "sess.h"

/* Wrong passwords a session may type before its line is dropped. */
#define MACCT_TRIES 3

/*
 * Ask "YOUR NAME (RETURN: ...)?" until the player has a name: a guest's,
 * or a registered one after its password.  *fails counts the session's
 * wrong passwords.  0, or -1 when the session must end (a hang-up, or
 * MACCT_TRIES wrong passwords: the player has been told).
 */
int macct_login(sess *s, int *fails);
/* The menu's A: register the guest's name, or change the password. */
int macct_account(sess *s, int *fails);
/* The menu's R for a logged-in player: YOUR SAVED GAMES. */
void macct_saved_games(sess *s);
/*
 * Before a resume code is looked up: 1 if this address or account has
 * failed too often (the player has been told), else 0.  After a code
 * that found nothing, macct_code_failed counts it.
 */
int macct_codes_refused(sess *s);
void macct_code_failed(sess *s);
/*
 * After a login (by the menu or the transport): the account's choices
 * that live in the store (not to be watched) become the session's, and a
 * change the player makes to them is kept with the account.
 */
void macct_choices(sess *s);

#endif
