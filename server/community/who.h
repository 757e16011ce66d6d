/*
 * who.h - who is on: one line per live session, as the operator's
 * `ttyarcade admin who` prints it (and the players' list will).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef WHO_H
#define WHO_H

#include <stddef.h>
#include <stdint.h>

#include "sess.h"

/* "ID NAME DOOR ADDRESS GAME IDLE TERMINAL WATCHES" for one session, as
 * the operator's `admin who` lists it (WATCHES: the id and name of the
 * player it watches); the name is shown safely (no control characters can
 * reach the reader). */
void who_line(const sess *s, char *out, size_t size);
/* The same columns for a session on another server sharing the database
 * (presence.c): no terminal or idle time is known there, the line says
 * which server. */
struct store_presence_row;
void who_remote_line(const struct store_presence_row *r, char *out,
                     size_t size);
/* The players' list's columns for a session on another server: not
 * watchable from here. */
void who_remote_public_line(const struct store_presence_row *r, char *out,
                            size_t size);
/* The header that goes above who_line's columns. */
const char *who_header(void);
/* The players' list: the same columns less where the line comes from,
 * and how many watch instead; rating is the player's at the game it
 * plays ("1514.14"), or "-". */
void who_public_line(const sess *s, const char *rating, char *out,
                     size_t size);
const char *who_public_header(void);
/* 1 if s belongs in the lists of who is on: a live player here (not one
 * on another server's relay, nor a browser that only watches, nor a line
 * lent to a seat of a two-player game, which is listed as the seat). */
int who_listed(const sess *s);
/* The live sessions whose player has this name (case does not matter):
 * how many, the first max of them in found, those the lists show
 * (who_listed) first: a player's page says what the player plays, not
 * that a browser of theirs watches someone. */
int who_find(const char *name, sess **found, int max);
/* The live session numbered id here, or NULL. */
sess *who_by_id(uint64_t id);

#endif
