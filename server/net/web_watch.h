/*
 * web_watch.h - a browser's watcher: the session of a WebSocket opened by
 * the watch page (/watch/ID, web_site.h) watches session ID through the
 * same tap as a telnet watcher (community/watch.h): the player's screen
 * redrawn at once, resume codes as stars, nothing of a game that hides a
 * side's pieces.  Its screen takes the player's size, told in the stream
 * (watch_seat.follows).  It is read only: its keys reach its own session,
 * where Q or Escape stops watching and any key tells the idle timer
 * someone is there.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef WEB_WATCH_H
#define WEB_WATCH_H

#include <stdint.h>

#include "sess.h"

/* The session of id, if it is listed (who_listed), or NULL. */
sess *web_watch_find(uint64_t id);
/* s's coroutine: watch session id until it ends, then say why. */
void web_watch_run(sess *s, uint64_t id);

#endif
