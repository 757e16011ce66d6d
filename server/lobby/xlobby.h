/*
 * xlobby.h - two players on different servers: the lobby of servers that
 * share a PostgreSQL database, and the link that carries a game between
 * them.
 *
 * Pairing.  The lobby is the store's lobby table (one seat per key).  The
 * first player takes the seat and waits on their server; the next claims
 * the seat and, when it is on another server, asks that server to pair
 * them (a J line through the relay, relay.h).  The seat's server answers
 * A (accept) or R (the waiter is gone: the claimer tries again).  As on
 * one server, the first to arrive is the host: the game runs on the
 * host's coroutine, on the host's server.
 *
 * The link.  On the host's server the other player is a session of its
 * own with no coroutine and no line (sess.far): its profile, window and
 * name come with the request, the game drives it like any guest, its
 * output (already through the player's profile filter) goes to the
 * player's server in O lines, and its keys arrive in K lines.  On the
 * player's server the player's own coroutine runs the other half: it
 * sends the keys it takes (at most a window the host has room for; C
 * lines give room back, so a flood waits in the player's own queue and
 * line), the window size when it changes, and how much output waits for
 * the player's line (so the host's game waits for a slow teletype as it
 * would on its own server), and writes what arrives.  Either side says P
 * when it has said nothing for a second; a link silent for five is dead.
 *
 * What a dead link means.  The host's server died: the player is told,
 * with the resume code the game gave, and is back in the menu; every
 * answered move was saved on the host's server, so either player resumes
 * it (on any server).  The player's server died: the host's game sees its
 * guest hang up, as on one server.  The relay's own connection dropping
 * kills every link at once (notifications may have been lost).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef XLOBBY_H
#define XLOBBY_H

#include "sess.h"

/* Start the relay for this server (when the store is shared). */
void xlobby_start(const char *server);
void xlobby_stop(void);
/* 1 when the shared lobby is in use: a shared store and a relay that
 * listens.  Otherwise tty_lobby keeps to this server. */
int xlobby_active(void);
/* tty_lobby through the shared lobby. */
int xlobby_meet(sess *io, const char *key, const char *waiting,
                tty_io **peer);
/* tty_lobby_release for a far session: the game is over for its player. */
void xlobby_release(sess *far);

/* This server's name among those sharing the lobby ("" alone). */
const char *xlobby_server(void);
/* A seat of io's own under key (a key nobody else asks for: an
 * invitation's), its id or -1; and giving it up. */
long xlobby_seat(sess *io, const char *key);
void xlobby_unseat(sess *io, long seat);
/* Ask server to pair io with the player in its seat, and play: as
 * tty_lobby's guest, or TTY_CANCEL when refused (the player is gone). */
int xlobby_join_seat(sess *io, const char *server, long seat);

/* Links open now (the metrics). */
int xlobby_links(void);

#endif
