/*
 * ck_search.h - the machine's thinking: evaluation, transposition table,
 * alpha-beta search and the robots' levels.
 *
 * The S0 design searched a fixed depth of ply over 16-byte blocks in RAM
 * (its tree could reach 13 plies, less along multiple jumps).  This is a
 * modern principal-variation search with iterative deepening, a
 * transposition table owned by the caller, killer and history move
 * ordering and a quiescence search that plays out pending captures.
 *
 * Everything a search touches is in its arguments: no globals, so two
 * searches may run at once on two threads, each with its own table.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef CK_SEARCH_H
#define CK_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "ck_board.h"
#include "sm64.h"

/* Scores are in hundredths of a man, from the side to move's view.  A win
 * is CK_WIN minus the plies to reach it. */
#define CK_WIN 30000
#define CK_WIN_MIN (CK_WIN - 1000)  /* scores beyond this are forced wins */
#define CK_MAX_PLY 128

/* ---- A small random generator the caller seeds ---------------------- */
/* splitmix64 (games/sm64.h): the caller seeds it (from tty_random, say)
 * so that a game is a pure function of its seed and the moves. */
typedef sm64 ck_rng;
static inline void ck_rng_seed(ck_rng *r, uint64_t seed)
{
    sm64_seed(r, seed);
}
static inline uint64_t ck_rng_next(ck_rng *r)
{
    return sm64_next(r);
}
/* In 0..n-1 (n >= 1), by one multiply-shift as the search always drew. */
static inline uint32_t ck_rng_below(ck_rng *r, uint32_t n)
{
    return sm64_scale(r, n);
}

/* ---- Evaluation ----------------------------------------------------- */
/* Static score of a quiet position from the side to move's view: the
 * hand-written terms (ck_eval.c), which Tom, Dick and Harry use. */
int ck_evaluate(const ck_pos *p);
/* The evaluation learned from self-play (ck_learn.c, weights in
 * ck_weights.txt), the expert's. */
int ck_evaluate_learned(const ck_pos *p);

/* ---- Transposition table -------------------------------------------- */
typedef struct ck_tt_entry ck_tt_entry;
typedef struct ck_tt {
    ck_tt_entry *e;     /* 4-entry buckets, 64 bytes each */
    size_t mask;        /* buckets - 1 */
    uint8_t gen;        /* search generation, for replacement */
} ck_tt;
/* Allocate about 'bytes' (rounded down to a power of two, at least 64 KiB)
 * and clear it.  0, or -1 if out of memory (tt->e is then NULL and the
 * search runs without a table). */
int ck_tt_init(ck_tt *tt, size_t bytes);
void ck_tt_clear(ck_tt *tt);
void ck_tt_free(ck_tt *tt);

/* ---- Search --------------------------------------------------------- */

/* A clock the caller gives: milliseconds from any fixed origin. */
typedef uint64_t (*ck_clock_fn)(void *ctx);

typedef struct ck_limits {
    int depth;          /* nominal depth in plies; 0 = up to CK_MAX_PLY */
    long ms;            /* time budget; 0 = none (needs clock when set) */
    uint64_t nodes;     /* node budget; 0 = none */
    int noise;          /* +-noise added to evaluations: randomness */
    int know;           /* CK_KNOW_* the level uses */
} ck_limits;

/* Knowledge beyond the search: the endgame databases (when the search is
 * given one) and the learned evaluation. */
enum { CK_KNOW_EGDB = 1, CK_KNOW_LEARNED = 2,
       CK_KNOW_ALL = CK_KNOW_EGDB | CK_KNOW_LEARNED };
/* A database result: beyond every evaluation, below every win the search
 * sees to its end (a win it can count the moves of); plus or minus the
 * evaluation (at most 2000). */
#define CK_KNOWN_WIN 20000

typedef struct ck_search_in {
    ck_pos pos;                 /* the position to move in */
    /* Keys (ck_pos_hash) of the positions before this one since the last
     * capture or man's move, oldest first, for repetition; may be NULL. */
    const uint64_t *history;
    int nhistory;
    int quiet;                  /* plies since a capture or man's move */
    ck_limits lim;
    ck_tt *tt;                  /* may be NULL: no table */
    ck_rng *rng;                /* for the noise; may be NULL if noise 0 */
    ck_clock_fn clock;          /* needed only when lim.ms > 0 */
    void *clock_ctx;
    const volatile int *cancel; /* polled; may be NULL */
    /* The endgame databases, used when lim.know has CK_KNOW_EGDB; may be
     * NULL. */
    const struct ck_egdb *egdb;
} ck_search_in;

typedef struct ck_search_out {
    ck_move move;       /* the move chosen (valid when nmoves > 0) */
    int nmoves;         /* legal moves at the root; 0 = side to move lost */
    int score;          /* from the side to move's view */
    int depth;          /* last depth completed */
    int seldepth;       /* deepest ply reached */
    uint64_t nodes;
    uint64_t ms;        /* elapsed, when a clock was given */
    int cancelled;      /* stopped by *cancel */
    uint64_t probes;    /* endgame database probes that found a value */
    int npv;
    ck_move pv[CK_MAX_PLY];
} ck_search_out;

/*
 * Search and choose a move.  With one legal move it is returned at once
 * (depth 0).  The best move of the deepest finished iteration is kept
 * when time, nodes or *cancel stop the search.  Returns 0, or -1 if out of
 * memory (the search state is allocated, about 150 KiB).
 */
int ck_search(const ck_search_in *in, ck_search_out *out);

/* ---- The robots ----------------------------------------------------- */
/*
 * Levels of play.  The S0 notes: "The levels of play are set by changes
 * to the depth of ply to which the search is allowed to go", with "a way
 * to set the play to even higher levels" for the truly expert player.
 * Here each level is a depth, a time budget and eval noise (randomness):
 *
 *   tom    "Helpful Robot Tom":  4 plies, 100 ms, noise +-60 (0.6 man)
 *   dick   "Silent Robot Dick":  8 plies, 300 ms, noise +-20
 *   harry  "Mighty Robot Harry": no depth cap, 1000 ms, noise +-4
 *   expert "Expert":             no depth cap, 5000 ms, no noise, and the
 *                                endgame databases and the learned
 *                                evaluation (CK_KNOW_ALL)
 *
 * Harry's budget keeps a move under 2 s on the target machine; the expert
 * level is the one the notes warn may take "unduely long".  In bench_ck's
 * round robin (quick budgets: Harry 25 ms, expert 100 ms) each level
 * scored 76-97% against the one below.
 */
enum { CK_TOM = 0, CK_DICK, CK_HARRY, CK_EXPERT, CK_NLEVELS };
typedef struct ck_level {
    const char *name;   /* "tom" */
    const char *title;  /* "Helpful Robot Tom" */
    char letter;        /* 'T', 'D', 'H', 'X' */
    ck_limits lim;
} ck_level;
extern const ck_level ck_levels[CK_NLEVELS];
/* By name or letter, case-insensitive; -1 if none. */
int ck_level_find(const char *name);

/*
 * The hint of "Helpful Robot Tom": the best move by a short search with
 * no noise (8 plies, no table unless one is given), stopped early when
 * *cancel is set (cancel may be NULL).  Returns the number of legal moves
 * (0: none, *m untouched).
 */
int ck_hint(const ck_pos *p, const uint64_t *history, int nhistory,
            int quiet, ck_tt *tt, const volatile int *cancel, ck_move *m);

#endif
