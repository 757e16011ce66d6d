/*
 * bg_ai_int.h - pieces of the computer players shared inside the engine
 * and with the trainer.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef BG_AI_INT_H
#define BG_AI_INT_H

#include "bg.h"
#include "bg_bearoff.h"
#include "bg_net.h"

/* ATARI's score of a position after the mover's play (bg_heur.c). */
int bg_heur_score(const bg_pos *p);
/* Index of ATARI's choice in a move list. */
int bg_heur_pick(const bg_movelist *ml);
/* Index of the opening book's play in ml, or -1 (bg_book.c). */
int bg_book_pick(const bg_pos *p, int d1, int d2, const bg_movelist *ml);
/* Index of the 0-ply choice of net in a move list: the play of the most
 * cubeless money equity (how the trainer plays). */
int bg_net_pick(const bg_net *net, const bg_movelist *ml);
/* The 0-ply value of a play: the mover's five chances after it. */
void bg_net_after(const bg_net *net, const bg_pos *after, float out[BG_NOUT]);

/* The chances of the side on roll in p averaged over plies (0 to 2)
 * rolls, each played as net plays it at 0 ply for the most cubeless
 * money equity: the trainer's labels (bg_fit.c).  ai: move lists. */
void bg_ai_probs_net(bg_ai *ai, const bg_net *net, const bg_pos *p,
                     int plies, float out[BG_NOUT]);

#endif
