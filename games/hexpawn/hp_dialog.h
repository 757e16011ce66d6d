/*
 * hp_dialog.h - what the files of Hexpawn's dialogue share: the session's
 * game (hp_game.c walks the listing's flow), the machine's memory in
 * storage (hp_shared.c) and the board on the player's terminal
 * (hp_view.c).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef HP_DIALOG_H
#define HP_DIALOG_H

#include "hp.h"
#include "keep.h"
#include "scr.h"
#include "tty.h"
#include "wrap.h"

typedef struct hp_session {
    tty_io *io;
    hp_state st;        /* the board; st.last carries from game to game */
    hp_memory mem;      /* the memory this session plays from */
    int sep;            /* the board's separator (see hp_view.c) */
    scr split;          /* the board's pane on an ANSI terminal */
    keep k;             /* the game on, under its resume code */
    int own;            /* playing a machine of the player's own (M): a
                           fresh memory that learns from this player only,
                           never read from or written to the shared one */
} hp_session;

/* ---- The shared memory (hp_shared.c) -------------------------------- */

/*
 * Load the stored memory into *mem (a game is starting), keeping any
 * strike *mem already has.  Without storage *mem is left as it is: the
 * session learns on its own.
 */
void hp_shared_load(tty_io *io, hp_memory *mem);
/*
 * The machine struck the move at memory address addr: strike it in *mem,
 * write the lesson to the stored memory in one transaction, and merge
 * into *mem what other players have taught it meanwhile.
 */
void hp_shared_learn(tty_io *io, hp_memory *mem, int addr);

/* ---- The terminal (hp_view.c) --------------------------------------- */

/* START: lay out the screen and print the introduction. */
void hp_view_open(hp_session *p);
/* After the window changed size: lay the screen out again. */
void hp_view_resize(hp_session *p);
/* PBD: the board, ending in the FM prompt. */
void hp_view_board(hp_session *p);
/* L: what the machine has learned.  TTY_EOF if the player hung up. */
int hp_view_learned(hp_session *p);
void hp_view_close(hp_session *p);

#endif
