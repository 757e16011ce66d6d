/*
 * hp.h - the engine of Hexpawn, the learning program of SCELBI's First Book
 * of Computer Games (1976, chapter two), decoded from the book's 8008
 * listing and octal dumps.
 *
 * The board is the listing's two bytes (003 000 and 003 001); squares are
 * numbered as the book prints them, the machine (X) at the top:
 *
 *      1|2|3        X board byte: B7..B2 = squares 1..6
 *      4|5|6        O board byte: B5..B0 = squares 4..9
 *      7|8|9
 *
 * The machine's memory is the active move list on page 04 (000..136): for
 * each of the 33 board models the moves it may make, each ended by 200; a
 * move it has learned to avoid is zeroed ("struck").  The memory is separate
 * from the game so that one memory can be shared by every player: pass the
 * shared copy to hp_play, or merge a session's copy into the stored one with
 * hp_memory_merge (strikes only ever accumulate until a reset).
 *
 * A dialogue walks the book's flow like this:
 *
 *   START:  MSG hp_msg_start; (the memory comes from storage, or
 *           hp_memory_reset for "its initial state of ignorance")
 *           hp_init(&st)
 *   PBD:    hp_board_msg(&st, sep, buf); MSG buf      (ends in "FM ")
 *           ch = INPUT (echoed); if (hp_fm(&st, ch)) { MSG hp_msg_error;
 *           goto PBD }
 *           MSG hp_msg_to; ch = INPUT; if (hp_to(&st, ch)) { MSG
 *           hp_msg_error; goto PBD }
 *           switch (hp_play(&st, &mem, &reply)):
 *             HP_GO_ON:    goto PBD (the machine has moved)
 *             HP_YOU_WIN:  MSG hp_msg_hwin
 *             HP_CONCEDE:  MSG hp_msg_ono, MSG hp_msg_hwin
 *             HP_NO_GOOD:  MSG hp_msg_nogood
 *             HP_I_WIN:    hp_win_text(buf, reply.win_char); MSG buf
 *             HP_DRAW:     MSG hp_msg_draw
 *             HP_NO_PAWNS: MSG hp_msg_nopawns
 *           AGAIN: hp_again(&st); goto PBD
 *
 * reply.struck tells which memory entry a game's end zeroed (so the shared
 * memory can be updated).  The listing has no rule for a player left with
 * no legal move (it answers NO! NO! for ever); hp_human_moves lets a
 * dialogue see that coming.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef HP_H
#define HP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define HP_MODELS 33
#define HP_MOVES 15
#define HP_MEMORY_SIZE 0137    /* page 04, 000..136 */
#define HP_END 0200            /* the terminator of each move list */

/* ---- The tables (hp_tables.c) --------------------------------------- */

/* MODEL TABLE, 003 010..111: X board, O board of each model. */
extern const uint8_t hp_model[HP_MODELS][2];
/* MODEL-TO-MOVE INDEX TABLE, 003 112..154: where each model's move list
 * starts in the move index table (a low address on page 04). */
extern const uint8_t hp_model_index[HP_MODELS];
/* MOVE TABLE, 003 200..273: for moves 1..15 (entry n - 1) the FM bit and
 * TO bit in the X board, the captured bit in the O board and the result:
 * 0 to play on, the ASCII code of the square when the machine wins,
 * 100 for a draw. */
extern const uint8_t hp_move[HP_MOVES][4];
/* The book's table of moves by number: FROM and TO squares (0 for 15). */
extern const uint8_t hp_move_squares[HP_MOVES][2];
/* RESTORE LIST, 004 200..336: the move index table as loaded. */
extern const uint8_t hp_restore[HP_MEMORY_SIZE];

/* ---- The messages (hp_msgs.c) --------------------------------------- */
/*
 * Byte for byte from the octal dumps of pages 03 to 05, parity stripped:
 * CR LF as "\r\n"; 336 is '^' (a Model 33's up-arrow, typeset as '|' in the
 * book's sample runs).  Named after the routine that prints each one.
 */
extern const char hp_msg_board[];   /* 003 300, PBD: the board and FM */
extern const char hp_msg_to[];      /* 003 333, after FM: " TO " */
extern const char hp_msg_nogood[];  /* 004 340, SMD1: NO GOOD! */
extern const char hp_msg_ono[];     /* 004 374, ONO: I CONCEDE! */
extern const char hp_msg_win[];     /* 005 011, WIN: I MOVE TO n, ... */
extern const char hp_msg_draw[];    /* 005 052, DRAW */
extern const char hp_msg_start[];   /* 005 076, START: HERE'S THE BOARD */
extern const char hp_msg_hwin[];    /* 005 315, HWIN: YOU WIN. */
extern const char hp_msg_nopawns[]; /* 005 330, MOVE: YOU HAVE NO PAWNS */
extern const char hp_msg_error[];   /* 005 364, ERROR: NO! NO! */
/* WIN stores the square's code at 005 025, this offset in hp_msg_win. */
#define HP_MSG_WIN_SLOT 014
/* Squares of the board message (PBD's LLI 302 ... 324), 1..9. */
extern const uint8_t hp_board_slot[9];

typedef struct hp_msg_entry {
    uint16_t addr;      /* page * 256 + low address, as in the listing */
    const char *label;
    const char *text;
} hp_msg_entry;
/* Every message in address order, ended by a NULL text. */
extern const hp_msg_entry hp_msg_table[];

/* ---- The game ------------------------------------------------------- */

typedef struct hp_memory {
    uint8_t list[HP_MEMORY_SIZE];   /* page 04, 000..136 */
} hp_memory;

typedef struct hp_state {
    uint8_t x;      /* 003 000: the machine's pawns */
    uint8_t o;      /* 003 001: the player's pawns */
    uint8_t fm;     /* 003 002: the square moved from, 1..9 */
    uint8_t to;     /* 003 003: the square moved to, 1..9 */
    uint8_t last;   /* 003 004: the machine's last move, an address in the
                     * move index table.  Not reset by AGAIN: it carries
                     * over from game to game as in the listing. */
    uint8_t cap;    /* register E from the TO checks to HMV: capture bit */
} hp_state;

/* What the player's move came to (hp_play). */
enum {
    HP_NO = -1,     /* ERROR: NO! NO! (from hp_fm and hp_to) */
    HP_GO_ON = 0,   /* the machine moved; the game goes on (PBD) */
    HP_YOU_WIN,     /* HWIN: the player reached row 1 */
    HP_CONCEDE,     /* ONO: the model's moves are all struck */
    HP_NO_GOOD,     /* no model matches the board: MUST START AGAIN */
    HP_I_WIN,       /* WIN: the machine reaches row 3 */
    HP_DRAW,        /* DRAW: move 15 */
    HP_NO_PAWNS     /* the machine took the player's last pawn */
};

typedef struct hp_reply {
    int outcome;    /* as hp_play returns */
    int model;      /* 1..33, the model matched; 0 if none */
    int move;       /* 1..15, the move the machine chose; 0 if none */
    int from, to;   /* its squares (0 for the draw) */
    int win_char;   /* HP_I_WIN: the ASCII digit of the square, else 0 */
    int struck;     /* the memory address zeroed by this move, or -1 */
} hp_reply;

/* The loaded program: temporary data 003 000..004 all zero, then AGAIN. */
void hp_init(hp_state *st);
/* AGAIN: the starting board, X on 1, 2, 3 and O on 7, 8, 9. */
void hp_again(hp_state *st);

/* The FM key: FNUM (a digit 1..9) and an O pawn on that square (RTAL).
 * 0, or HP_NO (the ERROR routine). */
int hp_fm(hp_state *st, int ch);
/* The TO key: FNUM, then a move forward not blocked by an X (BLK), or a
 * diagonal that captures an X (CKCAP), exactly as the listing tests them.
 * 0, or HP_NO. */
int hp_to(hp_state *st, int ch);
/* HMV and the machine's reply: the player's move, the learning rules, the
 * model search and the machine's move.  Fills *reply (may be NULL). */
int hp_play(hp_state *st, hp_memory *mem, hp_reply *reply);

/* 'X', 'O' or ' ' on square 1..9. */
int hp_square(const hp_state *st, int sq);
/* The board output message as PBD fills it (003 300..332, "\r\nX^X^X..."
 * up to "FM "), with sep in place of the listing's '^'. */
#define HP_BOARD_MSG_SIZE 32
void hp_board_msg(const hp_state *st, int sep, char buf[HP_BOARD_MSG_SIZE]);
/* hp_msg_win with the square filled in, as WIN does. */
#define HP_WIN_TEXT_SIZE 40
void hp_win_text(char buf[HP_WIN_TEXT_SIZE], int win_char);

/* The player's legal moves by the book's rules (forward into an empty
 * square, diagonally to capture an X); not in the listing, which cannot
 * tell that a player is blocked.  Returns how many (at most 9: three
 * moves for each of three pawns); from/to
 * pairs go to mv[2i], mv[2i+1]. */
#define HP_MAX_HMOVES 9
int hp_human_moves(const hp_state *st, uint8_t mv[2 * HP_MAX_HMOVES]);

/* The model that matches the board (1..33), or 0. */
int hp_model_find(uint8_t x, uint8_t o);

/* ---- The memory (hp_memory.c) --------------------------------------- */

/* RSTR: back to "its initial state of ignorance". */
void hp_memory_reset(hp_memory *mem);
/* 1 if every entry is the RESTORE list's or a struck (zero) move. */
int hp_memory_valid(const hp_memory *mem);
/* How many moves are struck. */
int hp_memory_struck(const hp_memory *mem);
/* Strike in dst every move struck in src. */
void hp_memory_merge(hp_memory *dst, const hp_memory *src);

#define HP_MEMORY_BYTES (3 + HP_MEMORY_SIZE)
/* 'H' 'M' version 1, then the 95 bytes of the list.  Returns the length,
 * or 0 if n is too small. */
size_t hp_memory_save(const hp_memory *mem, uint8_t *buf, size_t n);
/* 0, or -1 if the bytes are not a valid memory (mem untouched then). */
int hp_memory_load(hp_memory *mem, const uint8_t *buf, size_t n);

/* A game in progress: 'H' 'S' version 1, X board, O board, last move. */
#define HP_STATE_BYTES 6
size_t hp_state_save(const hp_state *st, uint8_t *buf, size_t n);
int hp_state_load(hp_state *st, const uint8_t *buf, size_t n);

/* What the machine has learned, model by model. */
enum { HP_KIND_STEP = 1, HP_KIND_CAPTURE, HP_KIND_WIN, HP_KIND_DRAW };
typedef struct hp_learned_move {
    uint8_t move;       /* 1..15 */
    uint8_t from, to;   /* squares; 0 for the draw */
    uint8_t kind;       /* HP_KIND_* */
    uint8_t struck;     /* 1 once learned to be a losing move */
    uint8_t addr;       /* its place in the move index table */
} hp_learned_move;
typedef struct hp_learned_model {
    uint8_t model;      /* 1..33 */
    uint8_t x, o;       /* the board */
    uint8_t n;          /* moves in its list, 1..3 */
    uint8_t left;       /* moves not struck; 0 means it will concede */
    hp_learned_move mv[3];
} hp_learned_model;
/* Fills out[0..32]; returns the number of struck moves. */
int hp_learned(const hp_memory *mem, hp_learned_model out[HP_MODELS]);
/* How many moves the RESTORE list holds in all (the most that can be
 * struck). */
int hp_memory_moves(void);
/* A board on one line, rows from the machine's side, '.' for an empty
 * square: "XXX/O../.OO". */
#define HP_BOARD_TEXT_SIZE 12
void hp_board_text(uint8_t x, uint8_t o, char out[HP_BOARD_TEXT_SIZE]);

/* The name of the shared memory among the server's small tables
 * (tty_table_get/put): the bytes of hp_memory_save. */
#define HP_MEMORY_TABLE "hexpawn.memory"

/* ---- Learning against built-in opponents (hp_learn.c) --------------- */

enum { HP_OPP_EXHAUSTIVE, HP_OPP_RANDOM };
enum { HP_SIDE_NONE, HP_SIDE_HUMAN, HP_SIDE_MACHINE, HP_SIDE_DRAW };
#define HP_MAX_PLIES 8

typedef struct hp_learner {
    hp_memory mem;      /* a scratch memory, fresh at the start */
    hp_state st;
    int opponent;       /* HP_OPP_* */
    uint64_t seed;
    uint64_t rng;       /* the random opponent's generator state */
    uint8_t line[HP_MAX_PLIES];  /* exhaustive: the line being tried */
    long games;
} hp_learner;

typedef struct hp_game_log {
    int outcome;        /* HP_YOU_WIN ... or HP_NO when the player was
                         * left without a legal move */
    int winner;         /* HP_SIDE_* */
    int nmoves;         /* the player's moves */
    uint8_t fm[HP_MAX_PLIES], to[HP_MAX_PLIES];
    int struck;         /* memory address zeroed at the end, or -1 */
} hp_game_log;

void hp_learner_init(hp_learner *l, int opponent, uint64_t seed);
/* Play one game from the start; returns the winner (HP_SIDE_*). */
int hp_learner_play(hp_learner *l, hp_game_log *log);

/* ---- Can it still be beaten? (hp_proof.c) ------------------------- */

typedef struct hp_proof {
    int states;         /* (memory, last move) states checked */
    long lines;         /* games played out */
    /* when it can be beaten: the player's winning moves, and whether the
     * win is in the very next game (first) or only after games that
     * change what the machine knows */
    int nwin, first;
    uint8_t win_fm[HP_MAX_PLIES], win_to[HP_MAX_PLIES];
} hp_proof;

/* Play out every line of every game the machine can face from this memory
 * and last move, and from every state those games can leave it in.
 * Returns 1 if no line is a win for the player (it can never lose again),
 * 0 if one is (out has it), -1 if memory ran out. */
int hp_prove(const hp_memory *mem, uint8_t last, hp_proof *out);

/* The command-line tool: ttyarcade hexpawn ... (hp_tool.c); argv[0] is
 * "hexpawn".  hp_tool_run prints to the streams given. */
int hp_tool_main(int argc, char **argv);
int hp_tool_run(FILE *out, FILE *err, int argc, char **argv);
/* The models with their move lists, struck moves in brackets. */
void hp_tool_models(FILE *out, const hp_memory *mem);
/* The operator's commands on a data directory's shared memory (reset,
 * learned: hp_reset.c); argv[1] names the command. */
int hp_tool_store(FILE *out, FILE *err, int argc, char **argv);

#endif
