/*
 * relay.h - lines of text between servers that share a PostgreSQL
 * database, by LISTEN/NOTIFY: what carries a two-player game whose
 * players are on different servers (server/lobby/xlobby.h).
 *
 * Each server listens on a channel of its own name on one connection of
 * its own, kept on the loop (non-blocking libpq on a uv_poll; opened on a
 * worker thread).  Lines to one server that are sent in the same loop
 * turn, or while the previous batch is being committed, go as one
 * notification; PostgreSQL delivers one sender's notifications in the
 * order they were committed, so a line never overtakes an earlier one.
 * A notification that finds its server gone is lost, and so is one sent
 * while this connection is down: the far end notices by its silence
 * (xlobby's pings), not by an error here.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef RELAY_H
#define RELAY_H

#include <stddef.h>

#include "buf.h"

/* The destination of a line every other server is sent (relay_send). */
#define RELAY_ALL "*"

/* The longest line: a notification holds at most 8000 bytes, and a few
 * are the sender's name. */
#define RELAY_LINE_MAX 7000

/* The answer to relay_hold: RELAY_HELD (this server holds it now),
 * RELAY_PARTNER (another server holds it for a player who waits in the
 * lobby under "GAME:CODE"), RELAY_BUSY, or RELAY_DOWN. */
enum { RELAY_DOWN = -1, RELAY_BUSY = 0, RELAY_HELD = 1, RELAY_PARTNER = 2 };
typedef void (*relay_hold_fn)(void *arg, int answer);

/* A line from another server (NUL-terminated, no newline; the callee may
 * change it in place). */
typedef void (*relay_line_fn)(const char *from, char *line);
/* The connection dropped (lines sent and received since may be lost, and
 * every code held is let go), or is up again (up = 1). */
typedef void (*relay_state_fn)(int up);

/* Listen as server on the database at uri (on the loop thread; the
 * connection is made in the background and made again whenever it
 * drops). */
void relay_start(const char *uri, const char *server, relay_line_fn on_line,
                 relay_state_fn on_state);
/* 1 once the connection listens. */
int relay_up(void);
/* Queue a line for server `to`, or for every other server when `to` is
 * RELAY_ALL (0, or -1 when the relay is down or the line too long). */
int relay_send(const char *to, const char *line);
/* Hold a resume code for this server, across every server sharing the
 * database: a session-level advisory lock on the relay's connection, so
 * it goes with the connection when this server dies, and no other server
 * waits for a heartbeat to know.  done(arg, answer) is called once, on
 * the loop (RELAY_DOWN at once when the relay is down).  Each RELAY_HELD
 * is let go by one relay_unhold. */
void relay_hold(const char *code, relay_hold_fn done, void *arg);
void relay_unhold(const char *code);
/* Close (the server stops). */
void relay_stop(void);

/* Whether the relay listens, its lines each way and its connection's
 * drops, for /metrics (a metrics_source_fn, added when the store is
 * shared; a far player is a session of transport "relay"). */
void relay_metrics(buf *out);

#endif
