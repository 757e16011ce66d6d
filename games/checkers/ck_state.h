/*
 * ck_state.h - a game of checkers as the dialogue keeps it: the set-up,
 * the moves played, who plays which side at which level, and how the game
 * ended; the rules that end a game; the machine's move (book or search);
 * saving to bytes; the PDN game record.
 *
 * How a game ends (English draughts):
 *  - the side to move has no legal move (no pieces, or all blocked): it
 *    loses;
 *  - the same position with the same side to move arises for the third
 *    time: a draw (the laws' threefold repetition);
 *  - no-progress rule: 40 moves by each side (80 plies) with no capture
 *    and no man moved: a draw.  The laws of the game let a player claim a
 *    draw when neither side has advanced an uncrowned man nor removed a
 *    piece in its previous 40 moves; here the draw is declared at once;
 *  - agreement or resignation (the dialogue's business: ck_state_end);
 *  - a game that reaches CK_GAME_MAX_PLIES plies is drawn (a limit of this
 *    program's record, far beyond any real game).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef CK_STATE_H
#define CK_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "ck_board.h"
#include "ck_egdb.h"
#include "ck_search.h"

#define CK_GAME_MAX_PLIES 1000

enum ck_result {
    CK_PLAYING = 0,
    CK_BLACK_WINS,
    CK_WHITE_WINS,
    CK_DRAWN
};

enum ck_end {
    CK_END_NONE = 0,
    CK_END_NO_MOVES,    /* the loser had no legal move */
    CK_END_REPETITION,
    CK_END_NO_PROGRESS,
    CK_END_AGREED,      /* draw by agreement */
    CK_END_RESIGNED,    /* the loser resigned */
    CK_END_LENGTH       /* CK_GAME_MAX_PLIES reached */
};

/* A few words on how the game ended ("Threefold repetition."). */
const char *ck_end_text(int end);

/* Who plays a side. */
enum { CK_HUMAN = 0, CK_MACHINE = 1 };

typedef struct ck_state {
    ck_pos start;               /* the set-up (opening or a puzzle) */
    ck_pos pos;                 /* the position now */
    int nply;                   /* moves played */
    ck_move moves[CK_GAME_MAX_PLIES];
    uint64_t keys[CK_GAME_MAX_PLIES + 1]; /* keys[i]: before move i */
    int quiet;                  /* plies since a capture or man's move */
    int level;                  /* CK_TOM .. CK_EXPERT */
    uint8_t player[2];          /* [CK_BLACK], [CK_WHITE]: CK_HUMAN or
                                   CK_MACHINE */
    uint8_t result;             /* enum ck_result */
    uint8_t end;                /* enum ck_end */
} ck_state;

/* A new game from 'start' (NULL: the opening position). */
void ck_state_init(ck_state *g, const ck_pos *start, int level,
                   int black_player, int white_player);
/*
 * Play a move for the side to move.  0, or -1 if the game is over or the
 * move is not legal.  The game's result is updated (ck_state_status).
 */
int ck_state_play(ck_state *g, ck_move m);
/* Take back the last move (-1 if none); the result is cleared. */
int ck_state_undo(ck_state *g);
/* End the game by agreement (CK_DRAWN) or resignation of 'side'. */
void ck_state_end(ck_state *g, int result, int end);
/* Recompute the result from the rules (after play, undo or load). */
void ck_state_status(ck_state *g);
/* How many times the present position has occurred (1 = first time). */
int ck_state_repeats(const ck_state *g);
/* The number of the full move about to be played (1 at the start; the
 * start position's side to move plays first). */
int ck_state_move_number(const ck_state *g);

/*
 * Fill a search request for the side to move at a level (the repetition
 * history and no-progress count included).  The caller adds tt, rng,
 * clock and cancel, and may change the limits.
 */
void ck_state_search_in(const ck_state *g, int level, ck_search_in *in);
/*
 * The machine's move at the game's level: from the book for black's first
 * move in the opening position and for white's reply to it, else by
 * search.  Fills out (out->depth is 0 and out->nodes 0 for a book move).
 * egdb (may be NULL) is the endgame databases, for a level that uses them.
 * Returns 0, 1 for a book move, or -1 if out of memory.
 */
int ck_state_think(const ck_state *g, ck_tt *tt, const ck_egdb *egdb,
                   ck_rng *rng, ck_clock_fn clock, void *clock_ctx,
                   const volatile int *cancel, ck_search_out *out);

/* ---- Saving --------------------------------------------------------- */
/* At most this many bytes (a game of CK_GAME_MAX_PLIES plies). */
#define CK_SAVE_MAX (32 + 6 * CK_GAME_MAX_PLIES)
/* Write the game; returns the length (at most CK_SAVE_MAX), or -1 if
 * size is too small. */
int ck_state_save(const ck_state *g, uint8_t *buf, size_t size);
/* Read a game written by ck_state_save: the version, the set-up and every
 * move are checked (each must be legal).  0, or -1 (g untouched). */
int ck_state_load(ck_state *g, const uint8_t *buf, size_t len);

/* ---- The PDN record ------------------------------------------------- */
typedef struct ck_pdn_tags {
    const char *event, *site, *date, *round, *black, *white;
} ck_pdn_tags;
/* "1-0", "0-1", "1/2-1/2" or "*".  PDN (as described in its Wikipedia
 * article) writes "1-0" for a White win and "0-1" for a Black win. */
const char *ck_result_text(int result);
/*
 * The game in PDN: the seven tags (NULL or empty tag values print "?"),
 * GameType 21, SetUp and FEN when the game did not start from the opening
 * position, then the numbered movetext in the given style (CK_TEXT_FULL or
 * CK_TEXT_SHORT) ending with the result, wrapped at 79 columns.  Returns
 * the length it needed (as snprintf: the text is cut to size - 1).
 */
int ck_state_pdn(const ck_state *g, const ck_pdn_tags *tags, int style,
                 char *out, size_t size);

#endif
