/*
 * gj.h - the Gunjin Shogi (Japanese Military Chess) engine: board, rules,
 * set-up, combat umpire, the player aids of the BBC Micro "JMC" (Part 5:
 * intelligence masks, graveyard, action replay), the random and the
 * computer opponent, the per-player view and serialisation.
 *
 * A pure library: no I/O, no clock, no global mutable state.  Randomness
 * comes from a gj_rng the caller owns; the computer opponent takes a cancel
 * flag and a budget.  Every external name starts with gj_ / GJ_.
 *
 * How the dialogue should use it:
 *   1. Set-up: gj_setup_random(), or a gj_tray for the selection tray
 *      (gj_tray_can_place / gj_tray_place / gj_tray_take), then
 *      gj_game_init(g, &red, &blue).
 *   2. Each turn: gj_view_build(g, side, &v) and render ONLY from v; v holds
 *      the side's own types and, for enemy pieces, only their labels (the
 *      starting grid reference) and intelligence masks.  Ask the human for a
 *      move (gj_move_parse, gj_view_dests for cursor highlighting), or call
 *      gj_ai_random / gj_ai_choose on the view; then gj_play(g, from, to,
 *      &rec) and announce rec.outcome to both players.
 *   3. g->result != GJ_PLAYING ends the game; gj_save / gj_load for resume.
 *
 * Notes on the rules this engine plays (jmc-rules.md, the seed wins):
 *   - Side 0 (red) holds ranks 1-4 and moves first; side 1 (blue) ranks 5-8.
 *     "Forward" is toward the enemy.  The river lies between ranks 4 and 5;
 *     only files B and E have bridges.
 *   - The headquarters: C1+D1 (red) and C8+D8 (blue) are ONE position.  The
 *     engine names it by its C square (C1, C8); D1 / D8 are accepted as
 *     aliases when parsing.  A piece enters the HQ from any square
 *     orthogonally next to either of its cells (B and E of the back rank, C
 *     and D of the next rank) and leaves it to any of those four.  Rays start
 *     from either cell: an engineer in the HQ goes up file C or file D, left
 *     from B, right from E; an engineer running along the back rank passes
 *     through an empty HQ as one position.  A plane in the HQ flies along
 *     file C or file D and steps sideways to B or E; a cavalry or tank in it
 *     goes two forward up C or D.
 *   - Cavalry and tank move two straight forward only over an empty square
 *     (no jumping), so the seed's tiers nest (spy < cavalry < engineer).
 *   - Combat is the seed's table as printed, including its two special
 *     rows: a Spy attacking a Spy loses (the Spy's own bit is clear), and a
 *     General attacking a Spy loses ("General is defeated by a Spy").
 *   - A game reaching GJ_MAX_PLIES plies is drawn (not in the seed: it bounds
 *     the history and the demo mode).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef GJ_H
#define GJ_H

#include <stddef.h>
#include <stdint.h>

#include "sm64.h"

/* ---- Board ------------------------------------------------------------ */

enum {
    GJ_FILES = 6,           /* A..F */
    GJ_RANKS = 8,           /* 1..8 */
    GJ_SQUARES = 48,        /* sq = rank_index * 6 + file_index */
    GJ_SIDE_PIECES = 23,    /* positions of a territory = pieces a side */
    GJ_PIECES = 46,         /* piece id = side * 23 + territory index */
    GJ_TYPES = 16,
    GJ_MAX_PLIES = 2000
};

enum { GJ_RED = 0, GJ_BLUE = 1 };

#define GJ_SQ(file, rank) ((rank) * GJ_FILES + (file))   /* 0-based */
#define GJ_FILE(sq) ((sq) % GJ_FILES)
#define GJ_RANK(sq) ((sq) / GJ_FILES)
#define GJ_SIDE_OF(id) ((id) / GJ_SIDE_PIECES)
#define GJ_BIT(sq) ((uint64_t)1 << (sq))

/* The HQ position of a side: its C square (C1 = 2, C8 = 44). */
int gj_hq(int side);
/* A square's canonical position: D1 -> C1, D8 -> C8, others unchanged;
 * -1 for anything off the board. */
int gj_canon(int sq);
/* 1 if sq is a position (on the board and not the D cell of an HQ). */
int gj_is_pos(int sq);
/* Territory: the k-th position (0..22) of a side, counted from its own back
 * rank, left to right as that side sees the board (blue's board is red's
 * turned half round).  gj_terr_index is the inverse (-1 if not the side's). */
int gj_terr_sq(int side, int k);
int gj_terr_index(int side, int sq);
/* The side whose territory holds sq (0 for ranks 1-4, 1 for ranks 5-8). */
int gj_owner(int sq);
int gj_is_back_rank(int side, int sq);
int gj_is_bridge_entrance(int side, int sq);   /* B4/E4, B5/E5 */
/* "B2"; the HQ prints as its C square.  buf holds at least 3 bytes. */
char *gj_sq_name(int sq, char buf[3]);
/* "b2", "B2" -> canonical square; -1 if not a square.  *end gets the first
 * character not used (may be NULL). */
int gj_sq_parse(const char *s, const char **end);
/* "B2-B3", "B2B3", "b2 b3" -> 0 and the two canonical squares; -1 if not. */
int gj_move_parse(const char *s, int *from, int *to);

/* ---- Pieces ----------------------------------------------------------- */

enum gj_type {
    GJ_SPY, GJ_ENGINEER, GJ_CAVALRY, GJ_2LT, GJ_1LT, GJ_CAPTAIN, GJ_MAJOR,
    GJ_LTCOL, GJ_COLONEL, GJ_TANK, GJ_PLANE, GJ_MAJGEN, GJ_LTGEN, GJ_GENERAL,
    GJ_MINE, GJ_BANNER,
    GJ_UNKNOWN = 16         /* an enemy piece in a view */
};

#define GJ_ALL_TYPES 0xffffu
#define GJ_TYPE_BIT(t) ((uint16_t)(1u << (t)))
/* Officers win by entering the enemy HQ: types 3-8 and 11-13. */
#define GJ_OFFICERS 0x39f8u

extern const char *const gj_type_name[GJ_TYPES];  /* "Spy" ... "Banner" */
extern const char *const gj_type_abbr[GJ_TYPES];  /* two letters: "SP" */
extern const uint8_t gj_type_count[GJ_TYPES];     /* 1 2 1 2 2 2 1 ... */
int gj_is_officer(int type);

/* ---- Randomness ------------------------------------------------------- */

/* The caller's generator (splitmix64, games/sm64.h): the engine never
 * keeps one of its own, so a game is a function of its seed and moves. */
typedef sm64 gj_rng;
static inline void gj_rng_seed(gj_rng *r, uint64_t seed)
{
    sm64_seed(r, seed);
}
static inline uint64_t gj_rng_next(gj_rng *r)
{
    return sm64_next(r);
}
/* Uniform 0..n-1, n >= 1. */
static inline uint32_t gj_rng_below(gj_rng *r, uint32_t n)
{
    return sm64_below(r, n);
}

/* ---- Movement --------------------------------------------------------- */

/*
 * at[] is the board: the piece id on each canonical square, -1 if empty
 * (the D cells of the HQs are always -1).  Movement depends only on at[]
 * and the moving piece's own type, so it works on a gj_game and on a
 * gj_view alike.  Results are bit sets of canonical squares.
 */
uint64_t gj_dests(const int8_t at[GJ_SQUARES], int side, int sq, int type);
/* The same walk is the movement footprint intelligence asks about ("could a
 * piece of type t have made this move?"): the seed's
 * mark_piece_type_movement marks a position with an arbitrary type. */

typedef struct gj_move { uint8_t from, to; } gj_move;
enum { GJ_MAX_MOVES = 400 };
/* Every legal move of side; type[] is indexed by piece id and only the
 * side's own entries are read. */
int gj_gen_moves(const int8_t at[GJ_SQUARES], const uint8_t type[GJ_PIECES],
                 int side, gj_move *out);

/* ---- Combat (the umpire) ---------------------------------------------- */

enum gj_outcome { GJ_MOVED = 0, GJ_ATTACKER = 1, GJ_DEFENDER = 2, GJ_BOTH = 3 };
extern const char *const gj_outcome_name[4];   /* "MOVED" "ATTACKER" ... */
/* The seed's combat_table_hi/lo: bit d of row a set = attacker a beats d. */
extern const uint16_t gj_combat_table[GJ_TYPES];
/* The outcome of attacker type a against defender type d (d = 15 is an
 * undefended Banner). */
int gj_outcome(int a, int d);
/* The type a piece fights as: itself, or for a Banner the type of the
 * friendly piece directly behind it (15 when nobody is there). */
int gj_fights_as(const int8_t at[GJ_SQUARES], const uint8_t type[GJ_PIECES],
                 int sq);
/* What combat alone leaves (exact): the attacker types (0..13, the movers)
 * that would have produced outcome against defender type d, and the
 * defender types (0..14) that would have produced it against attacker a;
 * the Banner bit is always kept (a Banner fights as whatever is behind it). */
uint16_t gj_attacker_mask(int outcome, int d);
uint16_t gj_defender_mask(int outcome, int a);

/* ---- Set-up ----------------------------------------------------------- */

/* A side's set-up: the type at each territory index (0..22). */
typedef struct gj_setup { uint8_t type[GJ_SIDE_PIECES]; } gj_setup;
enum {
    GJ_SETUP_OK = 0, GJ_SETUP_BAD_TYPE = -1, GJ_SETUP_BAD_COUNT = -2,
    GJ_SETUP_BANNER_BACK = -3, GJ_SETUP_MINE_BRIDGE = -4
};
/* The types territory index k may hold: all but the Banner on the back
 * rank, all but the Landmine on a bridge entrance (the seed's new_game
 * flags, which are also the start-position intelligence). */
uint16_t gj_start_mask(int k);
int gj_setup_validate(const gj_setup *s);
void gj_setup_random(gj_setup *s, gj_rng *r);

/* The selection tray of a manual set-up: which types remain to place. */
typedef struct gj_tray {
    gj_setup s;                 /* GJ_UNKNOWN where nothing is placed */
    uint8_t left[GJ_TYPES];     /* pieces of each type still in the tray */
    uint8_t placed;
} gj_tray;
void gj_tray_init(gj_tray *t);
/* Types that may go on empty index k now (allowed there, still in the tray,
 * and leaving the rest placeable); 0 if k is taken. */
uint16_t gj_tray_mask(const gj_tray *t, int k);
int gj_tray_can_place(const gj_tray *t, int k, int type);
int gj_tray_place(gj_tray *t, int k, int type);   /* 0, or -1 if not */
int gj_tray_take(gj_tray *t, int k);   /* back to the tray: its type, or -1 */
void gj_tray_fill_random(gj_tray *t, gj_rng *r);  /* place what is left */
int gj_tray_done(const gj_tray *t);

/* ---- Intelligence (the seed's player aid) ----------------------------- */

/* The seed's ground_move_table_hi/lo: tier 0 spy, 1 cavalry, 2 engineer,
 * 3 none; the plane bit is then set from the plane's own footprint. */
extern const uint16_t gj_tier_mask[4];
/* The types that could have moved from -> to on board at[] (before the
 * move) for side: resolve_move's movement update. */
uint16_t gj_move_mask(const int8_t at[GJ_SQUARES], int side, int from, int to);
/* Counting inference over one side's 23 pieces (alive and dead): a type
 * whose every piece is pinned down is impossible elsewhere, and a type
 * possible for exactly as many pieces as it has must be theirs.  Sound
 * because every mask always holds the true type. */
void gj_intel_refine(const uint16_t in[GJ_SIDE_PIECES],
                     uint16_t out[GJ_SIDE_PIECES]);

/* ---- The game --------------------------------------------------------- */

enum gj_result {
    GJ_PLAYING = 0,
    GJ_WIN_HQ,          /* an officer entered the enemy HQ */
    GJ_WIN_NOMOVE,      /* the loser had no legal move */
    GJ_WIN_RESIGN,      /* the loser resigned (or hung up) */
    GJ_DRAW             /* GJ_MAX_PLIES plies played */
};

/* One move: the seed's action-replay variables (source position and piece,
 * destination position and piece, the victorious piece) plus the outcome.
 * Nothing here is hidden: the umpire announces all of it. */
typedef struct gj_rec {
    uint8_t from, to;
    int8_t mover;       /* piece id */
    int8_t target;      /* piece id attacked, -1 for a plain move */
    int8_t victor;      /* piece left standing on 'to', -1 if none */
    uint8_t outcome;    /* enum gj_outcome */
} gj_rec;

typedef struct gj_game {
    uint8_t type[GJ_PIECES];      /* HIDDEN: never show the other side */
    int8_t sq[GJ_PIECES];         /* current square, -1 once removed */
    int8_t at[GJ_SQUARES];        /* piece id per square, -1 empty */
    /* V_piece_flags: the intelligence on each piece, as gathered by its
     * opponent (so a side may only ever see the flags of enemy pieces). */
    uint16_t flags[GJ_PIECES];
    uint8_t dead[GJ_PIECES];      /* V_dead_list, in order of removal */
    uint8_t ndead;                /* Z_game_dead */
    uint8_t turn;                 /* side to move */
    uint8_t result;               /* enum gj_result */
    uint8_t winner;               /* side, when result is a win */
    uint16_t nhist;
    gj_rec hist[GJ_MAX_PLIES];    /* hist[nhist - 1] is the last move */
} gj_game;

/* Both set-ups must be valid (gj_setup_validate); returns its error if not. */
int gj_game_init(gj_game *g, const gj_setup *red, const gj_setup *blue);
/* 1 if the side to move may play from -> to. */
int gj_is_legal(const gj_game *g, int from, int to);
/* resolve_move: play from -> to for the side to move, umpire any combat,
 * update intelligence, graveyard, history, the result and the turn.
 * 0, or -1 if the move is not legal (nothing changes). */
int gj_play(gj_game *g, int from, int to, gj_rec *rec);
/* The side resigns (or hangs up): the other side wins. */
void gj_resign(gj_game *g, int side);
/* The label of a piece: its starting square (gj_sq_name of it). */
int gj_start_sq(int id);

/* ---- The per-player view ---------------------------------------------- */

typedef struct gj_view_piece {
    int8_t sq;          /* current square, -1 once removed */
    uint8_t start;      /* starting square: an enemy piece's label */
    uint8_t type;       /* own pieces: the type; enemy pieces: GJ_UNKNOWN */
    uint8_t pad;
    uint16_t flags;     /* enemy pieces: the seed's intelligence flags */
    uint16_t mask;      /* enemy pieces: flags after counting inference */
} gj_view_piece;        /* own pieces: flags = mask = 0 (they would leak
                           the enemy's types: the seed's rule for 'I') */

/* Everything one side may see, and nothing else: build it, render it, hand
 * it to an AI.  It never holds an enemy type, so a dialogue that draws only
 * from a view cannot show the wrong terminal the other side's pieces. */
typedef struct gj_view {
    uint8_t me;                   /* whose view */
    uint8_t turn, result, winner;
    int8_t at[GJ_SQUARES];
    gj_view_piece piece[GJ_PIECES];
    uint8_t type[GJ_PIECES];      /* piece[i].type again, for gj_gen_moves */
    uint8_t dead[GJ_PIECES];      /* the graveyard, both sides */
    uint8_t ndead;
    uint16_t nhist;
    gj_rec hist[GJ_MAX_PLIES];    /* public: squares, ids and outcomes */
} gj_view;

void gj_view_build(const gj_game *g, int side, gj_view *v);
/* The destinations of the piece on sq (the view's own side), for cursor
 * highlighting; 0 if there is no own piece there. */
uint64_t gj_view_dests(const gj_view *v, int sq);
int gj_view_moves(const gj_view *v, gj_move *out);

/* ---- Opponents -------------------------------------------------------- */

/* The seed's random opponent (play_random): any legal move, uniformly.
 * 0, or -1 if there is none. */
int gj_ai_random(const gj_view *v, gj_rng *r, gj_move *out);

/* The headquarters rusher (gj_rush.c): its strongest officer that can
 * gets a step closer to the enemy HQ, or into it; else any legal move.
 * Not the original's; the computer opponent is measured against it. */
int gj_ai_rush(const gj_view *v, gj_rng *r, gj_move *out);

/* The computer opponent: it reads only the view. */
typedef struct gj_ai_opts {
    const volatile int *cancel;   /* polled; may be NULL */
    long max_nodes;               /* 0: the default budget */
    gj_rng *rng;                  /* tie breaks; may be NULL */
    int level;                    /* 0: the computer opponent; GJ_AI_PLAIN:
                                     the earlier one, for the bench */
} gj_ai_opts;
enum { GJ_AI_PLAIN = 1 };
int gj_ai_choose(const gj_view *v, const gj_ai_opts *o, gj_move *out);
/* A set-up chosen by the computer player (valid, with some sense), for
 * its level (0, or GJ_AI_PLAIN for the earlier one's). */
void gj_ai_setup(gj_setup *s, gj_rng *r, int level);

/* ---- Serialisation ---------------------------------------------------- */

enum { GJ_SAVE_VERSION = 1 };
/* Write the game into buf (cap bytes); returns the size it needs, so call
 * with cap 0 to ask.  Nothing is written unless it all fits. */
size_t gj_save(const gj_game *g, uint8_t *buf, size_t cap);
/* Read a save: versioned and validated by replaying its history from its
 * set-ups.  0, or -1 (g is then untouched). */
int gj_load(gj_game *g, const uint8_t *buf, size_t len);

#endif
