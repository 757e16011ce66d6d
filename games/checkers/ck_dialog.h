/*
 * ck_dialog.h - what the files of the checkers dialogue share: one
 * session's game (ck_game.c walks the questions, the turns and the end),
 * the board on the player's terminal (ck_view.c), the move line with its
 * cursor and verification (ck_entry.c), the commands (ck_cmd.c), the
 * machine's thinking off the loop thread (ck_think.c), resume codes
 * (ck_keep.c) and the small printing helpers (ck_say.c).
 *
 * Colours: the S0 notes call the sides black and red; the engine, PDN and
 * FEN call red "white" (W).  The dialogue says RED, and the man page and
 * HELP say that W in a FEN is red.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef CK_DIALOG_H
#define CK_DIALOG_H

#include "ck.h"
#include "scr.h"
#include "tty.h"
#include "vscr.h"
#include "wrap.h"

/* The longest line the move prompt takes: a FEN of 24 pieces with kings
 * is about 90 characters. */
#define CK_LINE_SIZE 160

/* ---- The board on the terminal (ck_view.c) -------------------------- */

enum {
    CK_CELL = 7,    /* columns per square in the ANSI pane */
    CK_TEXT = 80    /* a title or status line of the pane */
};

typedef struct ck_view {
    scr split;              /* the pane on an ANSI terminal */
    int cur_r, cur_c;       /* the cursor, in screen rows and columns 0-7 */
    int nsel;               /* squares picked for the move under way */
    int sel[CK_MAX_PATH];
    uint32_t marks;         /* where Tom shows the picked piece can go */
    int thinking;           /* the machine is thinking (status line) */
    /* The pane, composed whole each time; only changes are sent. */
    vscr pane;
} ck_view;

/* ---- A session ------------------------------------------------------ */

typedef struct ck_session {
    tty_io *io;
    ck_state *g;            /* the game (on the heap: about 16 KiB) */
    ck_rng rng;             /* the book's choices and the levels' noise */
    int human;              /* the player's colour, CK_BLACK or CK_WHITE */
    int credit;             /* the level the hall of fame credits */
    int searched;           /* the machine has searched a move this game */
    int from_setup;         /* the game began from SETUP: a puzzle */
    char code[TTY_CODE_SIZE]; /* this game's resume code; "" if none */
    int saved;              /* the player saved it (SAVE): keep it even
                               when SETUP sets another game up */
    char last[CK_TEXT];     /* the last move, for the status line */
    int pending;            /* a key read ahead and given back; 0: none */
    int col;                /* where the dialogue's line stands (wrap.h) */
    ck_view v;
} ck_session;

/* What the move prompt brought. */
enum { CK_ASK_MOVE, CK_ASK_COMMAND, CK_ASK_EOF };

/* ---- ck_say.c ------------------------------------------------------- */

/* The next key (tty_inkey, after any key given back). */
int ck_key(ck_session *s);
/* Drop what is left of a line typed ahead (a line-mode client sends it
 * whole): keys already waiting, up to and including a Return. */
void ck_drop_line(ck_session *s);

/* Print text in upper case (the dialogue's voice on every terminal),
 * broken at blanks for the terminal's width (wrap.h). */
void ck_say(ck_session *s, const char *text);
void ck_sayf(ck_session *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Print text, breaking lines longer than the terminal at blanks (or, in
 * a FEN, after commas); in upper case if 'upper'. */
void ck_print_wrapped(ck_session *s, const char *text, int upper);
/* A move of p in full (11-15, 11X18X25), upper case. */
void ck_move_upper(const ck_pos *p, ck_move m, char out[CK_MOVE_TEXT]);
/* The machine's name at its level, upper case ("HELPFUL ROBOT TOM"). */
const char *ck_level_title(int level);
/* "BLACK" or "RED". */
const char *ck_side_name(int side);
/*
 * A one-key question, as the S0 notes ask them ("any other character
 * (including the space bar)" is the default): the key is echoed and the
 * line ended.  Returns the key in upper case, 0 for Return, space and
 * other keys that print nothing, TTY_EOF after a hang-up.
 */
int ck_ask_key(ck_session *s, const char *question);
/* ---- ck_view.c ------------------------------------------------------ */

/* Lay the screen out for a game (after the questions). */
void ck_view_open(ck_session *s);
/* After TTY_KEY_RESIZE. */
void ck_view_resize(ck_session *s);
/* 1 when the board is drawn in place (ANSI pane), 0 on paper and glass. */
int ck_view_inplace(const ck_session *s);
/* The board: drawn in place (only what changed), or printed line by
 * line on paper and glass when 'print' is set. */
void ck_view_board(ck_session *s, int print);
/* Draw the whole pane again (BOARD, after a page of text). */
void ck_view_redraw(ck_session *s);
/* The squares picked so far (sel[0] the piece), shown in the pane. */
void ck_view_picks(ck_session *s, const int *sq, int n);
/* Put the cursor on a piece the player can move, if it is not on one. */
void ck_view_cursor_home(ck_session *s);
/* Move the cursor by an arrow key. */
void ck_view_cursor_move(ck_session *s, int key);
/* The square (0..31) under the cursor, or -1 on a light square. */
int ck_view_cursor_square(const ck_session *s);
/*
 * A long text (HELP, a PDN record): printed in the dialogue, or, when it
 * would scroll out of the ANSI dialogue region, on a page of its own
 * until a key is pressed.  0, or TTY_EOF.
 */
int ck_view_page(ck_session *s, const char *text, int upper);
/* The machine is thinking: shown in the status line. */
void ck_view_thinking(ck_session *s, int on);
void ck_view_close(ck_session *s);

/* ---- ck_entry.c ----------------------------------------------------- */

/*
 * The move prompt: a move typed (11-15, 11x18x25, 11 15, or the piece
 * and then its squares) or picked with the cursor, checked as it is
 * named; or a command word.  Returns CK_ASK_MOVE with *m, CK_ASK_COMMAND
 * with the line in cmd (upper case), or CK_ASK_EOF.
 */
int ck_entry(ck_session *s, ck_move *m, char *cmd, size_t size);
/* The player's legal moves, all or those of one piece (sq 0..31; -1:
 * all), written in full and upper case. */
void ck_entry_moves(const ck_session *s, int sq, char *out, size_t size);
/*
 * A line, read with the move prompt's editor (no cursor): longer than
 * the menu's lines, so that a FEN fits; upper case.  The length, or
 * TTY_EOF.
 */
int ck_ask_line(ck_session *s, const char *question, char *buf, size_t size);

/* ---- ck_cmd.c ------------------------------------------------------- */

enum { CK_CMD_GO_ON, CK_CMD_NEW_GAME, CK_CMD_OVER, CK_CMD_LEAVE,
       CK_CMD_EOF };
/* Carry out a command typed at the move prompt; what the game does next. */
int ck_command(ck_session *s, const char *line);
/* The game in PDN (malloc'd; NULL if out of memory). */
char *ck_record(const ck_session *s);

/* ---- ck_think.c ----------------------------------------------------- */

/* The machine's move at the game's level (book or search), off the loop
 * thread.  0 and *m (*book set for a book move), TTY_EOF if the player
 * hung up meanwhile, -1 if out of memory. */
int ck_think_move(ck_session *s, ck_move *m, int *book);
/* Tom's hint for the side to move.  0 and *m, or TTY_EOF. */
int ck_think_hint(ck_session *s, ck_move *m);
/* How the machine judges the position, in hundredths of a man from its
 * own side (no randomness), for a draw offer.  0, or TTY_EOF. */
int ck_think_judge(ck_session *s, int *score);
/* The endgame databases the expert will use: *pieces is how many pieces
 * they hold, 0 for none (opening them is work for a worker thread).
 * TTY_EOF if the player hung up meanwhile, else 0. */
int ck_think_egdb(ck_session *s, int *pieces);

/* ---- ck_keep.c ------------------------------------------------------ */

/* At most this many bytes in a save. */
#define CK_KEEP_MAX (16 + CK_SAVE_MAX)
/* The session's game to bytes and back (0, or -1 for a bad save). */
int ck_keep_save(const ck_session *s, uint8_t *buf, size_t size);
int ck_keep_load(ck_session *s, const uint8_t *buf, size_t len);
/* A resume code for a new game (the game is stored under it at once);
 * prints it.  Quiet when there is no storage. */
void ck_keep_start(ck_session *s);
/* Store the game under its code.  0, or a storage error. */
int ck_keep_store(ck_session *s);
/* The game is over or abandoned: the save goes. */
void ck_keep_forget(ck_session *s);

#endif
