/*
 * gj_ui.h - the Gunjin Shogi dialogue: what its files share.
 *
 * The dialogue is event driven so that one coroutine can serve two
 * terminals at once (the two-terminal game: the host's coroutine drives
 * both handles).  Each human terminal is a gj_term: a small state machine
 * fed one key at a time (gj_term_key), with its own line editor, its own
 * screen and its own view of the game.  The match (gj_match) owns the
 * umpire's game, waits for a key from whichever terminal has one
 * (tty_wait_any), plays the machines' moves off the loop thread and tells
 * every terminal what happened.
 *
 * A terminal draws only from its gj_view (gj_view_build): its own types
 * and, for enemy pieces, their labels and intelligence masks.  The
 * umpire's view of the demo is the only one holding both armies, and only
 * the demo's spectator gets it.
 *
 * Files:
 *   gj_game.c    the registry entry (apart: gj_game is also a type here)
 *   gj_versus.c  the opening questions, the lobby, resuming (gj_run)
 *   gj_match.c   the match: set-ups, turns, machines, the end, hang-ups
 *   gj_store.c   the dialogue's save (mode, sides, names, the generator)
 *   gj_term.c    a terminal: states, keys, output, the hot seat's hiding
 *   gj_command.c the commands of play: moves, announcements, the aids
 *   gj_tray_ui.c the set-up on a terminal: random deal, selection tray
 *   gj_edit.c    the line editor shared by every state
 *   gj_text.c    words: piece names, the umpire's announcements, help
 *   gj_lines.c   the board printed as lines (teletype, glass)
 *   gj_screen.c  the board on an ANSI screen, cursor selection
 *   (games/vscr.c, the virtual screen: only what changed goes down the line)
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef GJ_UI_H
#define GJ_UI_H

#include <stddef.h>
#include <stdint.h>

#include "side.h"
#include "tty.h"
#include "vscr.h"
#include "wrap.h"
#include "gj.h"

/* ---- The match ---------------------------------------------------------- */

enum gj_mode {
    GJ_MODE_COMPUTER,   /* a person against the computer opponent */
    GJ_MODE_RANDOM,     /* a person against the seed's random opponent */
    GJ_MODE_HOTSEAT,    /* two people on one terminal */
    GJ_MODE_TWO,        /* two people on two terminals */
    GJ_MODE_DEMO,       /* the computer on both sides */
    GJ_MODES
};

enum gj_kind { GJ_HUMAN, GJ_RANDOM_AI, GJ_COMPUTER_AI };

/* A terminal's side in the demo: the spectator sees as the umpire. */
#define GJ_UMPIRE 2

enum { GJ_NAME = 16 };

typedef struct gj_term gj_term;

typedef struct gj_match {
    gj_game g;                  /* the umpire's game: hidden types inside */
    uint8_t mode;               /* enum gj_mode */
    uint8_t kind[2];            /* who plays each side (enum gj_kind) */
    uint8_t pause;              /* demo: tenths of a second between moves */
    uint8_t started;            /* both set-ups are in: play has begun */
    gj_rng rng;                 /* the machines and the random deals */
    char name[2][GJ_NAME];      /* who plays each side */
    char code[TTY_CODE_SIZE];   /* the resume code, "" until saved */
    side_keys keys;             /* two terminals: whose each side is */
    gj_setup setup[2];          /* set-ups as they come in */
    uint8_t ready[2];           /* set-up of this side is in */
    gj_term *side_term[2];      /* a human side's terminal, else NULL */
    gj_term *term[2];           /* the distinct terminals */
    int nterm;
    gj_view scratch;            /* the machines' and the umpire's view */
} gj_match;

/* Match-level outcomes of a key (what gj_term_key asks the match to do). */
enum gj_act {
    GJ_ACT_NONE,
    GJ_ACT_MOVE,        /* t->move holds a legal move of t's side */
    GJ_ACT_SETUP,       /* t->setup is a valid set-up for t's side */
    GJ_ACT_HIDDEN,      /* hot-seat: the board is hidden, pass on */
    GJ_ACT_SAVE,        /* save the game and stop */
    GJ_ACT_RESIGN,      /* t's side resigns */
    GJ_ACT_STOP         /* the demo's spectator stops it */
};

/* The game's run (gj_versus.c). */
int gj_run(tty_io *io, const tty_launch *launch);
/* Play the match to its end (or a save, a resignation, a hang-up).  Every
 * terminal is told how it ended; m is left for the caller to free. */
void gj_match_run(gj_match *m);
/* A fresh match of a mode; terms are attached by gj_match_attach. */
gj_match *gj_match_new(tty_io *io, int mode);
gj_term *gj_match_attach(gj_match *m, tty_io *io, int side);
void gj_match_free(gj_match *m);
/* The side's opponent's name as the umpire would announce it. */
const char *gj_side_name(int side);

/* ---- Saves (gj_store.c) ----------------------------------------------- */

/* The dialogue's save: the mode, who plays, the generator and the engine's
 * gj_save.  Returns a malloc'd buffer and its length, or NULL. */
uint8_t *gj_store_pack(const gj_match *m, size_t *len);
/* 0 and m filled (terminals not attached), or -1 if it is not a save of
 * a game in play. */
int gj_store_unpack(gj_match *m, const uint8_t *buf, size_t len);
/* Save under m->code (a fresh code when empty).  0 once committed. */
int gj_store_save(gj_match *m, tty_io *io);

/* ---- The virtual screen (games/vscr.h) -------------------------------- */

enum { GJ_ROWS = 24, GJ_COLS = 80 };
enum {
    GJ_A_BOLD = 1, GJ_A_REV = 2, GJ_A_UL = 4, GJ_A_RED = 8, GJ_A_BLUE = 16
};

/* The board screen: 80 x 24 of vscr, where the input cursor rests, and
 * whether the sides are shown in colour (else by their letters alone). */
typedef struct gj_scr {
    vscr v;
    int row, col;           /* where the input cursor rests (0-based) */
    int color;              /* the terminal welcomes colour */
} gj_scr;

static inline uint16_t gj_scr_attr(const gj_scr *s, int attr)
{
    uint16_t a = 0;
    if (attr & GJ_A_BOLD)
        a |= VSCR_BOLD;
    if (attr & GJ_A_REV)
        a |= VSCR_REV;
    if (attr & GJ_A_UL)
        a |= VSCR_UNDER;
    if (s->color && (attr & GJ_A_RED))
        a |= VSCR_FG(VSCR_RED);
    if (s->color && (attr & GJ_A_BLUE))
        a |= VSCR_FG(VSCR_BLUE);
    return a;
}
static inline void gj_scr_blank(gj_scr *s)
{
    vscr_blank(&s->v);
}
static inline void gj_scr_putn(gj_scr *s, int row, int col,
                               const char *text, int n, int attr)
{
    vscr_putn(&s->v, row, col, text, n, gj_scr_attr(s, attr));
}
static inline void gj_scr_put(gj_scr *s, int row, int col, const char *text,
                              int attr)
{
    vscr_put(&s->v, row, col, text, gj_scr_attr(s, attr));
}
/* Send what differs from the last flush (everything after a reset). */
static inline void gj_scr_flush(gj_scr *s)
{
    vscr_flush(&s->v, s->row, s->col);
}
static inline void gj_scr_reset(gj_scr *s)
{
    vscr_invalidate(&s->v);
}

/* ---- A terminal (gj_term.c) ------------------------------------------- */

enum gj_tstate {
    GJ_T_IDLE,      /* nothing asked of this terminal */
    GJ_T_HOW,       /* set up at random or by hand? */
    GJ_T_KEEP,      /* keep the random deal? */
    GJ_T_TRAY,      /* placing pieces from the selection tray */
    GJ_T_READY,     /* set-up done: waiting for the other side */
    GJ_T_PLAY,      /* the game is on */
    GJ_T_HIDE,      /* hot-seat: press Return to hide the board */
    GJ_T_PASS,      /* hot-seat: PASS TO x, PRESS RETURN */
    GJ_T_RESIGN,    /* resign?  (Y/N) */
    GJ_T_WATCH,     /* the demo's spectator */
    GJ_T_MORE       /* printed help: MORE between screenfuls */
};

enum gj_panel { GJ_P_LOG, GJ_P_INTEL, GJ_P_TRAY, GJ_P_HELP };

enum { GJ_LINE = 48, GJ_LOG = 16, GJ_LOG_W = 30, GJ_MSG = 160,
       GJ_HELP = 6144 };

struct gj_term {
    tty_io *io;
    gj_match *m;
    int side;               /* GJ_RED, GJ_BLUE or GJ_UMPIRE */
    int state;              /* enum gj_tstate */
    const tty_caps *caps;
    int screen;             /* the ANSI board screen is in use */
    gj_view v;              /* what this terminal may see, rebuilt often */

    /* the line editor */
    char line[GJ_LINE];
    tty_edit ed;            /* edits line */
    int prompted;           /* line mode: the prompt is on the paper */
    int board_due;          /* line mode: print the board at the prompt */

    /* the ANSI screen */
    gj_scr scr;
    int scr_ok;             /* scr has its memory (else lines only) */
    int cur;                /* cursor: a square, or a graveyard slot */
    int sel;                /* square of the selected own piece, or -1 */
    int grave;              /* the graveyard is shown instead */
    int board_cur;          /* the board's cursor while in the graveyard */
    int panel;              /* enum gj_panel */
    int intel;              /* piece id the intelligence panel shows */
    char msg[GJ_MSG];       /* the message (two lines of the screen) */
    char last[GJ_MSG * 2];  /* the last news: left below the screen */
    char log[GJ_LOG][GJ_LOG_W + 1];
    int nlog;
    int8_t anim_at[GJ_SQUARES];   /* board shown during a replay */
    int anim;               /* anim_at is in use */
    int fight_sq, fight_id; /* replay: this square shows this piece */

    /* the set-up */
    gj_tray tray;
    int tray_type;          /* ANSI: the type the tray offers */
    gj_setup setup;         /* handed to the match with GJ_ACT_SETUP */

    gj_move move;           /* handed to the match with GJ_ACT_MOVE */

    /* the help (gj_help.c) */
    char help[GJ_HELP];     /* its rows for this terminal, each ending \n */
    int help_rows;
    int help_top;           /* screen: the first row shown; printed: the
                               next row to print */
    int help_back;          /* printed: the state MORE came from */
    int help_return;        /* printed: a Return may follow the key that
                               ended MORE (a line-mode client sends it);
                               it is not a command */
};

void gj_term_init(gj_term *t, gj_match *m, tty_io *io, int side);
/* Rebuild the view from the match (or from the tray while setting up). */
void gj_term_view(gj_term *t);
/* A move typed or picked: GJ_ACT_MOVE with t->move set when legal, else
 * the reason on the message line and GJ_ACT_NONE.  to < 0: only say why
 * the piece on from cannot move. */
int gj_term_try(gj_term *t, int from, int to);
/* Feed one key; returns an enum gj_act for the match. */
int gj_term_key(gj_term *t, int key);
/* Enter a state and ask its question. */
void gj_term_enter(gj_term *t, int state);
/* A line of news: printed (line mode) or logged on the screen. */
void gj_term_say(gj_term *t, const char *text);
/* A refusal or a short note: the message line, or a printed line. */
void gj_term_msg(gj_term *t, const char *text);
/* Bring the terminal up to date: the screen, or the board and prompt. */
void gj_term_show(gj_term *t);
/* The move just played: announce it from t's point of view; animate it
 * on a screen when the move was not t's own. */
void gj_term_moved(gj_term *t, const gj_rec *r);
/* Replay the last move (the seed's action replay). */
void gj_term_replay(gj_term *t);
/* The line mode's "your move" board and prompt are due again. */
void gj_term_turn(gj_term *t);
/* Hand over the terminal in hot-seat play: now it shows side. */
void gj_term_switch(gj_term *t, int side);
/* Leave the screen tidy for what follows (the menu). */
void gj_term_close(gj_term *t);

/* Whose turn: 1 when t's side is to move. */
int gj_term_my_turn(const gj_term *t);
/* The prompt of t's state ("" when it asks nothing). */
void gj_term_prompt(gj_term *t, char *buf, size_t n);

/* The commands of play (gj_command.c): a line typed in play, the answer
 * to RESIGN?, a key of the demo's spectator.  Each returns an enum gj_act. */
int gj_command_play(gj_term *t, char *line);
int gj_command_resign(gj_term *t, const char *line);
int gj_command_watch(gj_term *t, int key);

/* The set-up states (gj_tray_ui.c). */
void gj_tray_enter(gj_term *t, int state);
int gj_tray_line(gj_term *t, const char *line);
int gj_tray_cursor(gj_term *t, int key);
void gj_tray_prompt(gj_term *t, char *buf, size_t n);
void gj_tray_print(gj_term *t);     /* line mode: the tray's contents */

/* ---- The line editor (gj_edit.c) -------------------------------------- */

/* 1 when key completed a line (t->line, NUL-terminated and upper case),
 * 0 when it was taken into the line or ignored. */
int gj_edit_key(gj_term *t, int key);
/* Line mode: print the prompt and what is typed so far. */
void gj_edit_prompt(gj_term *t, const char *prompt);
void gj_edit_clear(gj_term *t);

/* ---- Words (gj_text.c) ------------------------------------------------ */

/* "YOUR CAPTAIN", "BLUE [C7]", "RED TANK" (the umpire's view). */
void gj_text_piece(const gj_view *v, int me, int id, char *buf, size_t n);
/* The umpire's announcement of a move, as side me hears it. */
void gj_text_move(const gj_view *v, int me, const gj_rec *r, char *buf,
                  size_t n);
/* How the game ended, as side me hears it. */
void gj_text_result(const gj_game *g, int me, int mode, char *buf,
                    size_t n);
/* A type from what a player typed: "CP", "CAPTAIN", "CAPT"; -1 if none. */
int gj_text_type(const char *word);
/* The mask as a list of type names, "SPY, ENGINEER" ("NOTHING LEFT"). */
void gj_text_mask(uint16_t mask, char *buf, size_t n);
/* A copy cut to fit n bytes (the screen's message and log). */
void gj_text_copy(char *dst, size_t n, const char *src);
/* Upper-case copy. */
void gj_text_upper(const char *in, char *out, size_t n);
/* The help pages: paragraphs (gj_help.c shows them). */
extern const char *const gj_help_play[];
extern const char *const gj_help_setup[];
extern const char *const gj_help_watch[];
extern const char *const gj_help_rules[];

/* ---- The help (gj_help.c) --------------------------------------------- */

enum gj_help_set {
    GJ_HELP_PLAY,       /* in play: the commands, then the rules */
    GJ_HELP_SETUP,      /* setting up: placing pieces, then the rules */
    GJ_HELP_RULES,      /* the rules alone */
    GJ_HELP_WATCH,      /* the demo: its keys, then the rules */
    GJ_HELP_INTRO       /* the instructions: the rules, then the commands */
};
/* Show a help: a page at a time in the panel on the screen, a screenful
 * at a time (MORE) printed where the terminal has a height, all of it on
 * paper. */
void gj_help_open(gj_term *t, int set);
/* A key while the help is shown (the panel, or MORE). */
int gj_help_key(gj_term *t, int key);
void gj_help_close(gj_term *t);
/* The panel's rows on the screen. */
void gj_help_paint(gj_term *t);
/* The help's rows into buf, broken for width, and laid out in pages of
 * 'page' rows (0: one long roll); how many.  On paper the help in play is
 * the commands alone. */
int gj_help_rows(char *buf, size_t size, int set, int paper, int width,
                 int page);
/* Row i of t's help and its length. */
const char *gj_help_row(const gj_term *t, int i, int *len);
/* The instructions before a game (one terminal, nothing else waiting):
 * printed with MORE between screenfuls.  TTY_EOF after a hang-up. */
int gj_help_print(tty_io *io, int set);

/* ---- The board as lines (gj_lines.c) ---------------------------------- */

/* Display coordinates: row 0 is the far side from the viewer. */
int gj_disp_sq(int side, int row, int col);
void gj_disp_rc(int side, int sq, int *row, int *col);
/* The four characters standing for a piece (or an empty square). */
void gj_token(const gj_view *v, int me, int id, char out[5]);
void gj_lines_board(gj_term *t);
void gj_lines_grave(gj_term *t);
void gj_lines_intel(gj_term *t, int id);


/* ---- The ANSI screen (gj_screen.c) ------------------------------------ */

int gj_screen_fits(const tty_caps *c);
void gj_screen_render(gj_term *t, const char *prompt);
/* A cursor or selection key on the board; returns an enum gj_act. */
int gj_screen_key(gj_term *t, int key);
/* The piece under the cursor (the board or the graveyard), or -1. */
int gj_screen_piece(const gj_term *t);
void gj_screen_log(gj_term *t, const char *text);
/* Move the cursor; stays on a position (the HQ is one). */
int gj_screen_step(const gj_term *t, int sq, int key);

#endif
