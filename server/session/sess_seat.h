/*
 * sess_seat.h - a seat of a two-player game, kept for its player when
 * the line drops and played again from a new line.
 *
 * In a two-player game on this server (tty_lobby: the host's coroutine
 * drives both sessions) either player's line may drop.  The session is
 * then kept as a seat waiting for its player: its transport is let go,
 * its input does not end (the game waits for its keys as for a player
 * thinking), and its output still feeds its tap (the kept screen, the
 * watchers, the recording) but goes to no line.  The other player is
 * told.  After sess_seat_wait_s seconds the seat ends as a hang-up does
 * (the game saves and ends for both, as it always did).
 *
 * The player comes back on a new line (who may is the lobby's rule:
 * server/lobby/rejoin.h) and the new session lends its line to the seat:
 * the seat's ops write to the new session's line, and the new session's
 * coroutine pumps its keys into the seat's queue, with its terminal's
 * profile, size and speed, until the seat's game is over or the new
 * line's input ends.  The game holds the seat's tty_io and never knows.
 *
 * A player on another server (sess.far, xlobby.h) keeps the link's own
 * rules: neither seat of a game with one is kept.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef SESS_SEAT_H
#define SESS_SEAT_H

#include "sess.h"

extern int sess_seat_wait_s;    /* --rejoin-wait (0: a seat never waits) */

/* The other player of s's two-player game when both are on this server
 * and the game is on; NULL otherwise. */
sess *sess_seat_partner(sess *s);
/* From sess_line_down: 1 if s is kept as a seat waiting for its player
 * (or s is played from another line, and that line is dropped instead);
 * 0 when its line is down for good. */
int sess_seat_line_down(sess *s);
/* Its line dropped: it waits for its player (sess_seat_wait_s). */
int sess_seat_waiting(const sess *s);
/* The take-over of a seat whose line is up but silent: why is put on
 * that line (the last it is told), the line is let go, and the seat waits
 * for its player without the other player being told (a line takes it
 * at once). */
void sess_seat_let_go(sess *seat, const char *why);
/* From line's coroutine: play the waiting seat from line.  Its kept
 * screen is drawn on line, line's terminal becomes the seat's, both
 * players are told, then line's keys go to the seat until the seat's game
 * is over (0: line is free for its menu again) or line's input ends
 * (TTY_EOF; a line that dropped leaves the seat waiting again). */
int sess_seat_play(sess *line, sess *seat);
/* The game s played is over (the menu calls it after every game): a seat
 * played from another line gives the line back, and a seat without a
 * line of its own ends. */
void sess_seat_over(sess *s);

#endif
