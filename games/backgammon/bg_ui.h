/*
 * bg_ui.h - the backgammon dialogue: what its files share.
 *
 * The dialogue drives the engine (bg.h) as its opening comment says, for
 * one terminal or two.  A match (bg_match) owns the game, the dice and the
 * computer player; each human terminal is a bg_term with its own line
 * editor and its own view of the board.  On two terminals one coroutine
 * (the host's) serves both: it waits for a key from whichever terminal has
 * one (tty_wait_any), so that either player may type, or hang up, at any
 * time.  That is why lines are built here a key at a time rather than
 * with tty_getline.
 *
 * Files:
 *   bg_play.c        the run: the title, the lobby, resuming (bg_play_run)
 *   bg_play_ask.c    the opening questions: players, names, level, rules
 *   bg_play_match.c  a match: dice, turns, the computer, the end, hang-ups
 *   bg_play_cube.c   the cube: doubles, takes and passes, the score
 *   bg_play_result.c a match between two terminals over: its rating, and
 *                    a match abandoned
 *   bg_play_cmd.c    what a player types at the move prompt
 *   bg_play_store.c  the dialogue's save (mode, players, the dice)
 *   bg_play_term.c   a terminal: the line editor, news, prompts, words
 *   bg_view.c        the board as a picture, printed line by line
 *   bg_view_ansi.c   the picture in a pane of an ANSI screen, in place
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef BG_UI_H
#define BG_UI_H

#include <stddef.h>
#include <stdint.h>

#include "bg.h"
#include "scr.h"
#include "side.h"
#include "tty.h"
#include "vscr.h"
#include "wrap.h"

/* ---- The board as a picture (bg_view.c) --------------------------------- */

enum {
    BG_PIC_W = 72,      /* every line fits a teletype's 72 columns */
    BG_PIC_MAX = 15,    /* rows of the board at its tallest */
    BG_PANE = 18,       /* rows of the ANSI pane: title, board, dice, news */
    BG_PANE_MIN_ROWS = BG_PANE + 6,
    BG_PANE_MIN_COLS = 66
};

/* What a column of a row shows besides its character. */
enum { BG_AT_PLAIN, BG_AT_BLUE, BG_AT_GREEN, BG_AT_DIM, BG_AT_BOLD };

typedef struct bg_row {
    char text[BG_PIC_W + 1];
    uint8_t attr[BG_PIC_W];
} bg_row;

/* ---- A terminal ------------------------------------------------------- */

#define BG_BOTH (-1)        /* a terminal that plays both sides, or watches */
enum { BG_LINE = 80, BG_TEXT = 160 };

typedef struct bg_match bg_match;

typedef struct bg_term {
    tty_io *io;
    bg_match *m;
    const tty_caps *caps;
    int colour;             /* the side it plays, or BG_BOTH */
    /* the line being typed */
    char line[BG_LINE];
    tty_edit ed;            /* edits line */
    int open;               /* the output line holds a prompt or typing */
    /* the ANSI pane */
    scr split;
    vscr pane;              /* what it shows: BG_PANE rows of the picture */
} bg_term;

/* ---- A match ---------------------------------------------------------- */

enum bg_mode {
    BG_MODE_ONE,        /* a person against ATARI */
    BG_MODE_HOTSEAT,    /* two people on one terminal */
    BG_MODE_TWO,        /* two people on two terminals */
    BG_MODE_DEMO,       /* ATARI against itself */
    BG_MODES
};
enum { BG_HUMAN = 0, BG_MACHINE = 1 };

#define BG_COMPUTER_NAME "ATARI"

struct bg_match {
    bg_state g;
    uint8_t mode;           /* enum bg_mode */
    uint8_t kind[2];        /* by colour: BG_HUMAN or BG_MACHINE */
    uint8_t level;          /* the computer's (bg.h levels 1..3) */
    uint8_t pace;           /* demo: tenths of a second between turns */
    uint8_t from_setup;     /* SETUP was used: no hall of fame */
    bg_xrng rng;            /* the dice; saved with the game */
    char code[TTY_CODE_SIZE];   /* the resume code, "" until saved */
    side_keys keys;         /* two terminals: whose each colour is */
    bg_term term[2];        /* the terminals of people and spectators */
    tty_io *ios[2];         /* their handles, for tty_wait_any */
    int nterm;
    bg_ai *ai;              /* the computer's scratch (large) */
    char news[BG_TEXT];     /* the last move, for the pane */
    int turns;              /* turns seen this sitting (the demo's boards) */
    bg_record rec;          /* the match so far, for EXPORT; saved */
    uint8_t leaving[2];     /* a match over: terminal i has left it */
};

/* What a person is asked for now (bg_match_phase): the side on roll
 * to throw or double, the doubled side to take or pass, the side on roll
 * to move; or, the match over, whether to export it. */
enum bg_phase { BG_PH_CUBE, BG_PH_ANSWER, BG_PH_MOVE, BG_PH_END };

/* What a line typed at a prompt asks of the match. */
enum bg_act {
    BG_ACT_NONE,        /* go on with the turn */
    BG_ACT_DONE,        /* the turn is complete: end it */
    BG_ACT_NEW,         /* a position was set up: throw again */
    BG_ACT_STOP,        /* the game is saved and stops */
    BG_ACT_ROLL,        /* throw the dice */
    BG_ACT_DOUBLE,      /* double */
    BG_ACT_TAKE,        /* take the double */
    BG_ACT_BEAVER,      /* take it and redouble at once (money play) */
    BG_ACT_PASS,        /* pass it: the game is lost */
    BG_ACT_LEAVE        /* the match over: this terminal leaves it */
};

/* ---- bg_play.c, bg_play_ask.c ------------------------------------------ */

int bg_play_run(tty_io *io, const tty_launch *launch);
/* The opening questions for a game on this terminal (modes ONE, HOTSEAT,
 * DEMO): a match ready to attach, NULL after a hang-up or a Q. */
bg_match *bg_ask_match(tty_io *io, int mode);
/* The rules, with ATARI on Return; TTY_EOF after a hang-up. */
int bg_ask_rules(tty_io *io);
/* Under the STANDARD rules: a match's length or money play, and money
 * play's options, into g (bg_state_stakes).  0, or TTY_EOF. */
int bg_ask_stakes(tty_io *io, bg_state *g);
/* The session's name as a player's (at most nine letters). */
void bg_ask_default_name(tty_io *io, char name[BG_NAME_MAX + 1]);
extern const char *const bg_instructions[];

/* ---- bg_play_match.c -------------------------------------------------- */

/* A fresh match: the dice seeded from the session's generator. */
bg_match *bg_match_new(tty_io *io, int mode);
bg_term *bg_match_attach(bg_match *m, tty_io *io, int colour);
void bg_match_free(bg_match *m);
/* Play from where the match stands to its end, a save or a hang-up. */
void bg_match_run(bg_match *m);
/* Tell every terminal of the match. */
void bg_match_say(bg_match *m, const char *text);
/* A move, a pass, a cube action: told to everyone, kept for the pane. */
void bg_match_news(bg_match *m, const char *text);
/* Save under the match's code (a new one when it has none); 0 once the
 * save is committed. */
int bg_match_save(bg_match *m, tty_io *io);
/* Two terminals: tell each colour's terminal (but gone's) its own code
 * (side.h), after a message that gave the resume code. */
void bg_match_tell_sides(bg_match *m, const bg_term *gone);
/* What the people of the match are asked for now. */
int bg_match_phase(const bg_match *m);
/* The colour that must answer now (the doubled side while a double is
 * offered, else the side on roll). */
int bg_match_actor(const bg_match *m);
/* The game's stakes in words: "MATCH TO 5", "MONEY PLAY, JACOBY RULE". */
void bg_stakes_text(const bg_state *g, char *buf, size_t n);
/* Print the match as a .mat file on terminal t. */
void bg_match_export(bg_match *m, bg_term *t);

/* ---- bg_play_cube.c ------------------------------------------------------ */

/* The side on roll doubles; the other takes (with a beaver) or passes:
 * told, recorded and committed. */
void bg_play_double(bg_match *m);
void bg_play_take(bg_match *m, int beaver);
void bg_play_pass(bg_match *m);
/* The computer on roll: doubles if it should (1), else 0; TTY_EOF after
 * a hang-up.  The computer doubled: takes or passes; 0 or TTY_EOF. */
int bg_play_machine_double(bg_match *m);
int bg_play_machine_answer(bg_match *m);
/* A game over under the STANDARD rules: its points and the score; 1 when
 * the match is over too. */
int bg_play_game_over(bg_match *m);

/* ---- bg_play_result.c --------------------------------------------------- */

/* The match is over (its save forgotten): rated between two accounts
 * when it was played on two terminals, a match or an ATARI game. */
void bg_result_rate(bg_match *m);
/* gone's terminal reads as hung up: if its player abandoned a rated
 * match, the other wins it, told and rated, and the save is forgotten
 * (1); else 0, for the usual save. */
int bg_result_abandoned(bg_match *m, bg_term *gone);

/* ---- bg_play_cmd.c ------------------------------------------------------ */

/* A line typed on terminal t while a person's turn is on. */
int bg_cmd_line(bg_term *t, const char *line);
/* The lines of HELP. */
extern const char *const bg_help[];

/* ---- bg_play_store.c ---------------------------------------------------- */

/* The dialogue's save: malloc'd bytes and their length, or NULL. */
uint8_t *bg_store_pack(const bg_match *m, size_t *len);
/* 0 and m filled (no terminals), or -1 if the bytes are no save of a game
 * in play. */
int bg_store_unpack(bg_match *m, const uint8_t *buf, size_t len);

/* ---- bg_play_term.c ----------------------------------------------------- */

void bg_term_init(bg_term *t, bg_match *m, tty_io *io, int colour);
/* 1 when the terminal plays the colour that must answer now (the
 * colour on roll, or the doubled colour while a double is offered). */
int bg_term_mine(const bg_term *t);
/* The colour whose side of the board the terminal shows at the bottom. */
int bg_term_view(const bg_term *t);
/* A line of news, folded at blanks to the terminal's width (at most 72
 * columns); the prompt comes again after it. */
void bg_term_say(bg_term *t, const char *text);
void bg_term_sayf(bg_term *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The move prompt, and what is typed so far, if this terminal has one
 * now and it is not on the line yet. */
void bg_term_prompt(bg_term *t);
/* Feed a key to the line editor: 1 when it ended a line (t->line). */
int bg_term_edit(bg_term *t, int key);
/* Bring the board up to date: the pane (only what changed). */
void bg_term_refresh(bg_term *t);
/* The board: printed in lines, or the whole pane drawn again. */
void bg_term_board(bg_term *t);
/* Leave the screen as the menu expects it. */
void bg_term_close(bg_term *t);

/* Words. */
const char *bg_colour_name(int colour);             /* "BLUE", "GREEN" */
/* "BLUE (ANN)" into buf. */
const char *bg_who(const bg_match *m, int colour, char *buf, size_t n);
/* "6-2" */
void bg_dice_text(int d1, int d2, char *buf, size_t n);
/* The dice for the prompt: "6 2", "6 2 (6 USED)", "5 5 5 5 (5 5 USED)". */
void bg_dice_left_text(const bg_state *g, char *buf, size_t n);
/* A typed move in the article's pegs: "13 10", "BAR 3", "20 OFF". */
void bg_typed_text(int colour, const bg_typed *mv, char *buf, size_t n);
/* A play in the article's pegs, upper case: "13/10 24/19", "BAR/3*". */
void bg_play_text(const bg_move *mv, int colour, char *buf, size_t n);
/* Upper-case a string in place. */
void bg_upper(char *s);

/* ---- bg_view.c, bg_view_ansi.c ------------------------------------------ */

/*
 * The board seen from colour view (its home at the bottom right), into
 * rows (at least BG_PIC_MAX).  fixed: each half five rows high (the pane);
 * else each half as high as its tallest stack (paper is slow).  Returns
 * the number of rows.
 */
int bg_view_picture(const bg_match *m, int view, int fixed, bg_row *rows);
/* The picture printed line by line. */
void bg_view_print(bg_term *t);
/* A row blank, and text put into it at col with an attribute. */
void bg_row_clear(bg_row *r);
void bg_row_put(bg_row *r, int col, const char *text, int attr);

/* Open the pane if the terminal is ANSI and large enough; 1 if open. */
int bg_pane_open(bg_term *t);
/* Draw the rows that changed (all after bg_pane_invalidate). */
void bg_pane_update(bg_term *t);
void bg_pane_invalidate(bg_term *t);
/* After TTY_KEY_RESIZE: lay the pane out again, or give it up. */
void bg_pane_resize(bg_term *t);
void bg_pane_close(bg_term *t);

#endif
