/*
 * menu_people.h - the menu's M (messages and players: read, write, a
 * player's page, who may write, blocks, invitations) and the choices an account keeps
 * (terminal, word list, teletype speed).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef MENU_PEOPLE_H
#define MENU_PEOPLE_H

#include "sess.h"

/* The menu's line for M (with the count of new messages). */
void mpeople_show(sess *s);
/* M's own menu. */
void mpeople_menu(sess *s);
/* JOIN NAME at the menu: accept the invitation from that player (NULL:
 * the newest) and play; 1 if the game was started. */
int mpeople_join(sess *s, const char *from);
/* DECLINE NAME: the inviter is told. */
void mpeople_decline(sess *s, const char *from);
/* A player's page: registered, on or last seen, ratings, latest games. */
void mpeople_page(sess *s, const char *name);
/* After a login: the account's kept choices become the session's, and
 * the player is told of new messages. */
void mpeople_login(sess *s);
/* The account was seen now (a login, the end of its session). */
void mpeople_seen(sess *s);
/* Keep a choice with the account (what: "terminal", "wordlist",
 * "speed", "messages"; value NULL forgets it); nothing for a guest. */
void mpeople_keep(sess *s, const char *what, const char *value);

#endif
