/*
 * bg.h - the backgammon engine: position, rules, legal moves, move input,
 * GNU Backgammon position IDs, computer players, end-of-game measures and
 * saved games.  A pure library: no I/O, no clocks (a search takes a clock
 * callback), no global mutable state, so a search may run on a worker
 * thread while another game's search runs on another.
 *
 * The game is the Atari type-in "Backgammon" (seeds/003): blue moves from
 * peg 1 to peg 24 and bears off past 24 (numerically 25), green moves from
 * 24 to 1 and bears off past 1 (numerically 0).  Green's home is pegs 1-6,
 * blue's is 19-24.  The starting layout is the standard one, which the
 * article's first example fits: with a 3 and a 5 at the start, green
 * moves "a tile from peg 13 to peg 10 ... and another from peg 24 to peg
 * 19", both pegs holding green tiles then.  Its other example, "a single
 * tile from, say, peg 11 to peg 3", only illustrates a move by the sum of
 * the dice: peg 11 is empty at the start.
 *
 *     green: 2 on peg 24, 5 on 13, 3 on 8, 5 on 6
 *     blue:  2 on peg 1,  5 on 12, 3 on 17, 5 on 19
 *
 * Inside the engine every position is kept from the side on roll, as GNU
 * Backgammon keeps it: s[0] is the side on roll, s[1] its opponent, and in
 * each array index i (0..23) is that side's own point i+1 (its ace point is
 * 1, nearest to bearing off) and index 24 (BG_BAR) its bar.  A colour's own
 * point p is absolute peg p for green and peg 25-p for blue (bg_peg).
 *
 * A game, as the dialogue drives it:
 *   bg_state_new(&g, blue, green, rules, bg_first_roll(&rng, &d1, &d2));
 *   each turn: n = bg_state_throw(&g, d1, d2);  (n == 0: "no possible
 *     moves", just bg_state_end_turn)
 *     a person: bg_parse_moves(line, g.turn, typed, 8, &err), then
 *       bg_turn_play(&g.tn, from, to) for each, printing
 *       bg_refusal_text(r) on a refusal; bg_turn_undo / bg_turn_reset to
 *       take back; bg_turn_complete(&g.tn) says when the turn may end;
 *     the computer: bg_ai_choose(ai, &g.pos, d1, d2, g.rules, level, ...)
 *       on a worker thread (tty_work), then bg_state_play_move(&g, &m);
 *     then bg_state_end_turn(&g), which returns the winner or -1;
 *   the board: bg_state_tiles(&g, colour, own point) and bg_peg;
 *   the end: bg_state_result(&g, &res); saving: bg_save / bg_load.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef BG_H
#define BG_H

#include <stddef.h>
#include <stdint.h>

#define BG_BAR 24           /* index of the bar in a side's array */
#define BG_TILES 15         /* tiles per side */
#define BG_LIMIT 5          /* ATARI rule: at most five tiles on a peg */
#define BG_MAX_MOVES 3072   /* more than the most legal moves any roll has */

enum { BG_BLUE = 0, BG_GREEN = 1 };                  /* colours */
enum { BG_RULES_ATARI = 0, BG_RULES_STANDARD = 1 };  /* variants */

typedef struct bg_pos {
    uint8_t s[2][25];       /* s[0]: side on roll, s[1]: opponent */
} bg_pos;

/* ---- Position (bg_pos.c) --------------------------------------------- */

void bg_pos_start(bg_pos *p);             /* the standard starting layout */
void bg_pos_swap(bg_pos *p);              /* hand the roll to the other side */
int bg_pos_off(const bg_pos *p, int side);  /* tiles borne off */
int bg_pos_pips(const bg_pos *p, int side); /* pip count (bar = 25) */
/* 1 if the side has borne off all fifteen. */
int bg_pos_won(const bg_pos *p, int side);
/* No tile of one side can meet a tile of the other any more. */
int bg_pos_race(const bg_pos *p);
/* 0 if the position is possible (<= 15 a side, no shared point, at most
 * BG_LIMIT a point under ATARI rules), else -1. */
int bg_pos_check(const bg_pos *p, int rules);
/* Absolute peg (1..24) of a colour's own point p (1..24). */
static inline int bg_peg(int colour, int p) { return colour == BG_GREEN ? p : 25 - p; }

/* ---- Outcomes and their chances (bg_prob.c) -------------------------- */

/*
 * GNU Backgammon's five probabilities of a position, for the side on
 * roll, in gnubg's order: it wins; wins a gammon or a backgammon; wins a
 * backgammon; loses a gammon or a backgammon; loses a backgammon.  (It
 * loses with 1 - [BG_OUT_WIN].)
 */
#define BG_NOUT 5
enum { BG_OUT_WIN, BG_OUT_WINGAMMON, BG_OUT_WINBG, BG_OUT_LOSEGAMMON,
       BG_OUT_LOSEBG };
/* The same chances seen by the other side. */
void bg_probs_swap(float v[BG_NOUT]);
/* Cubeless money equity: points won on average for one point at stake. */
float bg_probs_equity(const float v[BG_NOUT]);
/* A game over, s[0] having borne off all fifteen: 3 when the loser has
 * borne off none and still has a tile on the bar or in the winner's home
 * (a backgammon), 2 when he has borne off none (a gammon), else 1. */
int bg_pos_gammon(const bg_pos *p);

/* ---- The cube and the match (bg_cube.c, bg_met.c) -------------------- */

#define BG_MATCH_MAX 25     /* the longest match, in points */
/*
 * The match equity table (Kazaross-XG2): the chance that a side a points
 * away wins the match against one b away (either <= 0: the match is
 * over).  post: the Crawford game has been played (a side 1 away is the
 * leader of a post-Crawford game).
 */
float bg_met(int a, int b, int post);

enum { BG_CENTRE = -1 };    /* the cube's owner: nobody */
/* The cube as the side on roll sees it. */
typedef struct bg_cubeinfo {
    int value;              /* 1, 2, 4, ... */
    int owner;              /* BG_CENTRE, 0 the side on roll, 1 the other */
    int match;              /* the match's length; 0 for money play */
    int away[2];            /* points each needs: [0] the side on roll */
    int crawford;           /* this is the Crawford game: no doubling */
    int jacoby;             /* money: gammons count only once doubled */
    int beavers;            /* money: a doubled side may beaver */
} bg_cubeinfo;
/* The same cube seen by the other side. */
void bg_cube_swap(bg_cubeinfo *ci);

/* The proper cube action of the side on roll, as GNU Backgammon names it
 * (bg_cube_text). */
enum bg_cube_act {
    BG_CA_NOT_AVAILABLE,    /* the other side owns the cube */
    BG_CA_DEAD,             /* "Never double, take (dead cube)" */
    BG_CA_NODOUBLE_TAKE,
    BG_CA_NODOUBLE_BEAVER,
    BG_CA_DOUBLE_TAKE,
    BG_CA_DOUBLE_BEAVER,
    BG_CA_DOUBLE_PASS,
    BG_CA_OPTIONAL_TAKE,    /* doubling changes nothing */
    BG_CA_TOOGOOD_TAKE,
    BG_CA_TOOGOOD_PASS
};
typedef struct bg_cubedec {
    int action;             /* enum bg_cube_act */
    int redouble;           /* the side on roll owns the cube */
    /* Cubeful equities for the side on roll, for one point at the
     * cube's value (in a match, the chance of winning it turned into
     * that scale, as gnubg shows it): no double, double and take,
     * double and pass (1). */
    float nd, dt, dp;
    float mwc_nd;           /* match: the chance of winning it, no double */
} bg_cubedec;
/* The side on roll's proper action, its chances v (bg.h BG_OUT_*) in
 * position p. */
void bg_cube_decide(const bg_cubeinfo *ci, const bg_pos *p,
                    const float v[BG_NOUT], bg_cubedec *d);
/* The action from the raw values of no double, double and take, double
 * and pass (points in money play, else the chance of the match), however
 * they were found. */
void bg_cube_classify(const bg_cubeinfo *ci, float nd, float dt, float dp,
                      bg_cubedec *d);
/* What the side on roll's position is worth to it, its best cube action
 * taken: in money play equity in points, in a match the chance of
 * winning the match. */
float bg_cube_value(const bg_cubeinfo *ci, const bg_pos *p,
                    const float v[BG_NOUT]);
/* May the side on roll double now (the cube its own or in the middle,
 * not dead, not the Crawford game)? */
int bg_cube_can_double(const bg_cubeinfo *ci);
/* Should the side on roll double?  And, doubled, should the other side
 * take?  beaver, when beavers are allowed and taking is worth more than
 * nothing to it. */
int bg_cube_should_double(const bg_cubedec *d);
int bg_cube_should_take(const bg_cubedec *d, const bg_cubeinfo *ci,
                        int *beaver);
/* GNU Backgammon's words: "No double, take", "Redouble, pass"... */
const char *bg_cube_text(const bg_cubedec *d);
/* Points a game won by the side on roll scores: kind (1 single, 2 gammon,
 * 3 backgammon) times the cube, but with the Jacoby rule in money play a
 * single game while the cube has not been turned. */
int bg_cube_points(const bg_cubeinfo *ci, int kind);
/* What the side on roll gets from a game ending with pts points to it
 * (negative: to the other side): the points in money play, the chance
 * of winning the match in a match. */
float bg_cube_outcome(const bg_cubeinfo *ci, int pts);

/* ---- Legal moves (bg_movegen.c) -------------------------------------- */

/* One checker step, from the mover's side: from 25 = bar, to 0 = off. */
typedef struct bg_step { uint8_t from, to; } bg_step;

typedef struct bg_move {
    uint8_t n;              /* dice used, 0..4 (0: no legal move) */
    uint8_t hits;           /* bit k: step k hit a lone tile */
    bg_step st[4];          /* in the order they are played */
    bg_pos after;           /* the result, still with the mover in s[0] */
} bg_move;

/* Large (about 230 KB): allocate it, do not put it on a coroutine's
 * stack.  bg_moves itself uses little stack. */
typedef struct bg_movelist {
    int n;                  /* distinct results; at least 1 (maybe "none") */
    bg_move m[BG_MAX_MOVES];
    /* scratch for merging identical results */
    uint64_t key[BG_MAX_MOVES];
    uint8_t die1[BG_MAX_MOVES];
    uint16_t hash[8192];
} bg_movelist;

/*
 * Every legal play of dice d1, d2 for s[0]: all dice orders, identical
 * resulting positions merged, as many dice used as possible, the larger
 * die when only one can be played, doubles four times, the five-tile limit
 * under ATARI rules.  When nothing can be played, one move with n = 0.
 * Returns the number of dice each move uses.
 */
int bg_moves(const bg_pos *p, int d1, int d2, int rules, bg_movelist *ml);
/* Play a single step on p (no legality check beyond the board's own). */
void bg_step_apply(bg_pos *p, int from, int to);
/* One step of die d from the mover's point from (25: the bar): BG_OK with
 * *to set (0: off), or the refusal (enum bg_refusal below) saying why. */
int bg_step_check(const bg_pos *p, int from, int d, int rules, int *to);

/* ---- Notation (bg_notation.c) ---------------------------------------- */

/*
 * GNU Backgammon notation relative to the mover: "8/5 6/5", "bar/22",
 * "6/off", "13/10*\/7", "6/4(2)", "none".  With colour BG_BLUE or BG_GREEN
 * instead of -1 the points are the article's absolute pegs ("bar", "off"
 * stay words).  Returns the length written (buf of at least 64 bytes).
 */
int bg_move_format(const bg_move *m, int colour, char *buf, size_t size);

/* ---- GNU Backgammon position ID (bg_posid.c) ------------------------- */

#define BG_POSID_LEN 14
/*
 * The key is gnubg's 80-bit string, the ID its base64 text.  gnubg 1.07
 * puts the opponent's 25 runs first and the side on roll second (its board
 * tuple (opponent, on roll); "set board ID" then "hint" moves the second),
 * so s[1] is encoded first and s[0] second.
 */
void bg_posid_encode(const bg_pos *p, char id[BG_POSID_LEN + 1]);
/* 0 on success, -1 if the text is not a valid ID of a legal position. */
int bg_posid_decode(const char *id, bg_pos *p);

/* ---- A player's turn, step by step (bg_turn.c) ----------------------- */

enum bg_refusal {
    BG_OK = 0,
    BG_ERR_SYNTAX,          /* not a move */
    BG_ERR_DONE,            /* every die that can be used has been */
    BG_ERR_NO_TILE,         /* none of your tiles on that peg */
    BG_ERR_BAR_FIRST,       /* a tile on the bar must enter first */
    BG_ERR_DIRECTION,       /* tiles only move forward */
    BG_ERR_NO_DIE,          /* no die (or sum) fits that distance */
    BG_ERR_CLOSED,          /* two or more enemy tiles hold the peg */
    BG_ERR_FULL,            /* five tiles already (ATARI rule) */
    BG_ERR_NOT_HOME,        /* bearing off with tiles outside home */
    BG_ERR_HIGHER,          /* bear off from the highest peg first */
    BG_ERR_INTERMEDIATE,    /* the sum lands on a closed intermediate peg */
    BG_ERR_PAIRS,           /* doubles are played in pairs (ATARI) */
    BG_ERR_BOTH_DICE,       /* that play would leave a usable die unused */
    BG_ERR_LARGER,          /* only one die can be used: the larger */
    BG_ERR_NOTHING          /* nothing to take back */
};
/* The refusal in words, for the dialogue. */
const char *bg_refusal_text(int refusal);

typedef struct bg_turn {
    bg_pos start, cur;      /* at the roll, and now (mover in s[0]) */
    int rules;
    uint8_t dice[2];        /* as thrown */
    uint8_t left[4];        /* dice values not yet used */
    int nleft;
    int maxuse;             /* most dice this roll can use */
    int need;               /* only one die usable: its value, else 0 */
    int nplayed;            /* steps played so far */
    bg_step played[4];
    uint8_t die[4];         /* the die step k used */
    uint8_t hit[4];         /* step k hit a tile */
    int entry_len[4];       /* steps each typed move took (for undo) */
    int nentries;
} bg_turn;

void bg_turn_begin(bg_turn *t, const bg_pos *p, int d1, int d2, int rules);
/*
 * Play one typed move (from, to in the mover's own points: from 25 = bar,
 * to 0 = off).  A move by one die, or by the sum of two (or of a pair of a
 * double; more under STANDARD rules) passing legally over the intermediate
 * points.  Returns BG_OK and plays it, or a refusal and changes nothing.
 */
int bg_turn_play(bg_turn *t, int from, int to);
/* 1 once no further die can be used (the turn may end). */
int bg_turn_complete(const bg_turn *t);
/* Take back the last typed move; BG_ERR_NOTHING when none. */
int bg_turn_undo(bg_turn *t);
/* Take back the whole unfinished turn. */
void bg_turn_reset(bg_turn *t);
/* The steps played so far as a bg_move (after = t->cur). */
void bg_turn_move(const bg_turn *t, bg_move *m);
/* For "the screen marks those used": 1 if die k (0 or 1) has been used.
 * A double's dice are its two pairs: die 0 after two plays, die 1 after
 * four. */
int bg_turn_die_used(const bg_turn *t, int k);

/* ---- Parsing typed moves (bg_parse.c) -------------------------------- */

typedef struct bg_typed { uint8_t from, to; } bg_typed; /* mover's points */
/*
 * Parse one line of moves for colour in the article's absolute pegs:
 * "13 10", "13/10", "BAR 3", "BAR/3", "20 OFF", several per line, chains
 * ("24/18/13"), "(2)" repeats, "*" hit marks ignored; case-insensitive.
 * For blue, 0 also means the bar and 25 off; for green, 25 the bar and 0
 * off (the article's numbers).  Returns the count (<= max) or -1 and sets
 * *errpos to the offset of the first character not understood.
 */
int bg_parse_moves(const char *line, int colour, bg_typed *out, int max,
                   int *errpos);
/* "If you are 'on the bar' ... you are only required to enter a
 * destination": a line that is one peg alone, for a colour with a tile
 * on the bar, is an entry there.  1 and *out set, or 0 if the line is
 * not a lone peg. */
int bg_parse_entry(const char *line, int colour, bg_typed *out);
/*
 * gnubg writes two tiles that enter from the bar on a double and move on
 * as "bar/21(2)", but under STANDARD rules both must enter before either
 * moves on: such a run of equal moves from the bar becomes its entries
 * first, then the moves on ("bar/23 bar/23 23/21 23/21").  Other moves,
 * other rules and other dice are left as typed.  The new count.
 */
int bg_typed_bar_first(bg_typed *mv, int n, int max, int rules, int d1,
                       int d2);

/* ---- Computer players (bg_ai.c) -------------------------------------- */

enum {
    BG_LEVEL_RANDOM = 0,    /* any legal move (tests, training opponent) */
    BG_LEVEL_ATARI = 1,     /* the article's "fairly intelligent" player */
    BG_LEVEL_NET = 2,       /* neural net, no lookahead */
    BG_LEVEL_STRONG = 3,    /* neural net, 1-ply over the 21 rolls */
    BG_LEVEL_MAX = 3
};
#define BG_LEVEL_DEFAULT BG_LEVEL_ATARI

/* The caller's random numbers: next() returns 32 random bits. */
typedef struct bg_rng {
    uint32_t (*next)(void *state);
    void *state;
} bg_rng;
/* A small generator of our own (xorshift64*) for tools and tests. */
typedef struct bg_xrng { uint64_t s; } bg_xrng;
void bg_xrng_seed(bg_xrng *x, uint64_t seed);
uint32_t bg_xrng_next(void *x);
/* A throw of one die, 1..6, without bias. */
int bg_roll_die(const bg_rng *r);

/* Search limits: a cancel flag and an optional clock (ms) with budget. */
typedef struct bg_budget {
    const volatile int *cancel;     /* may be NULL */
    long (*now_ms)(void *arg);      /* may be NULL: no time limit */
    void *now_arg;
    long ms;                        /* budget when now_ms is set */
} bg_budget;

/* Scratch memory for a search; allocate one per thread (it is large). */
typedef struct bg_ai bg_ai;
bg_ai *bg_ai_new(void);
void bg_ai_free(bg_ai *ai);

/*
 * Choose a move for s[0] with dice d1, d2 at the given level.  rng is used
 * only by BG_LEVEL_RANDOM (and may be NULL otherwise).  *out receives the
 * move (out->n == 0: no legal move).  Returns 0, or 1 if cancelled or out
 * of time (a legal move is still in *out: the best found so far).
 */
int bg_ai_choose(bg_ai *ai, const bg_pos *p, int d1, int d2, int rules,
                 int level, const bg_rng *rng, const bg_budget *b,
                 bg_move *out);
/*
 * The same with the cube in play (money or a match; STANDARD rules): the
 * play of the most cubeful value for the mover, whose cube ci is.
 */
int bg_ai_choose_cube(bg_ai *ai, const bg_pos *p, int d1, int d2, int level,
                      const bg_cubeinfo *ci, const bg_rng *rng,
                      const bg_budget *b, bg_move *out);
/* The computer's cube action for s[0], on roll before its throw: at
 * levels 1 and 2 the net's five chances, then bg_cube_decide; at level 3
 * the cubeful values of not doubling and of doubling to a take looked at
 * two rolls ahead (bg_ai.c). */
void bg_ai_cube(bg_ai *ai, const bg_pos *p, int level, const bg_cubeinfo *ci,
                bg_cubedec *d);
/* The net's five chances for s[0], on roll (0 ply). */
void bg_ai_probs0(const bg_pos *p, float out[BG_NOUT]);
/* The same averaged over the rolls plies (0 to 2) deep, each played as
 * the net plays it for the cube ci (NULL: for the win alone). */
void bg_ai_probs_ply(bg_ai *ai, const bg_pos *p, int plies,
                     const bg_cubeinfo *ci, float out[BG_NOUT]);
/* The net's estimate that s[0], on roll, wins (0..1). */
float bg_ai_win_prob(const bg_pos *p);
const char *bg_level_name(int level);

/* ---- End of game (bg_score.c) ---------------------------------------- */

typedef struct bg_result {
    int winner;             /* colour */
    int tile_advantage;     /* loser's tiles still on the board */
    int total_moves;        /* turns the winner took */
    int score;              /* see bg_score.c (and backgammon.6) */
} bg_result;
/* p with the winner in either half; winner's own point numbering. */
int bg_score_tiles(const uint8_t loser[25]);

/* ---- A game (bg_state.c) and saving it (bg_save.c) ------------------ */

#define BG_NAME_MAX 9       /* "up to nine letters" */

/* What a game is played for. */
enum {
    BG_SINGLE = 0,          /* the ATARI rules: one game, only the win */
    BG_MATCH = 1,           /* the STANDARD rules: a match to N points */
    BG_MONEY = 2            /* the STANDARD rules: money play, game on game */
};

typedef struct bg_state {
    int rules;              /* BG_RULES_ATARI or BG_RULES_STANDARD */
    char name[2][BG_NAME_MAX + 1];  /* by colour */
    int turn;               /* colour on roll */
    bg_pos pos;             /* s[0] is the colour on roll */
    uint8_t dice[2];        /* 0, 0 before the throw */
    int moves[2];           /* turns taken, by colour */
    int winner;             /* colour, or -1 while the game goes on */
    bg_turn tn;             /* the turn in progress (valid with dice) */
    /* The stakes (bg_stakes.c); under the ATARI rules BG_SINGLE alone. */
    int stakes;             /* BG_SINGLE, BG_MATCH or BG_MONEY */
    int length;             /* a match's points, 1 to BG_MATCH_MAX */
    int jacoby, beavers;    /* money play's options */
    int score[2];           /* by colour: points won in earlier games */
    int games;              /* games finished before this one */
    int crawford;           /* this game is the Crawford game */
    int post_crawford;      /* the Crawford game has been played */
    int cube;               /* the cube's value */
    int owner;              /* the colour that holds it, or BG_CENTRE */
    int offered;            /* the side on roll has doubled: the other
                               must take or pass before it throws */
    int points;             /* a game over: the points its winner scored */
    int kind;               /* ... 1, 2 or 3 (a gammon, a backgammon), or
                               0 when a double was passed */
} bg_state;

void bg_state_new(bg_state *g, const char *blue, const char *green,
                  int rules, int first);
/* "The computer decides who will commence the game": each side throws
 * one die, again on a tie; the higher starts and plays the two dice
 * (*d1 blue's, *d2 green's).  Returns the colour to start. */
int bg_first_roll(const bg_rng *r, int *d1, int *d2);
/* Throw the dice for the colour on roll and begin its turn.  Returns the
 * number of dice it can use (0: "no possible moves", call bg_state_end_turn). */
int bg_state_throw(bg_state *g, int d1, int d2);
/* Finish the turn in progress (complete, or forfeited) and pass the roll.
 * Returns the winner or -1. */
int bg_state_end_turn(bg_state *g);
/* The computer's chosen move replaces the partial turn and ends it. */
int bg_state_play_move(bg_state *g, const bg_move *m);
/* The tiles of colour c on its own point p (1..24) or bar (25), off (0). */
int bg_state_tiles(const bg_state *g, int colour, int p);
/* Position ID of the position as it stands at the start of the turn. */
void bg_state_posid(const bg_state *g, char id[BG_POSID_LEN + 1]);
/* Set up from a position ID with colour on roll (dice cleared). */
int bg_state_set_posid(bg_state *g, const char *id, int colour);
/* The three measures once the game is over. */
void bg_state_result(const bg_state *g, bg_result *r);

/* ---- The stakes: the cube, the match, money (bg_stakes.c) ---------- */

/* Play a match of length points (BG_MATCH), or money (BG_MONEY, with the
 * Jacoby rule and beavers as asked), from this game on; the score 0-0.
 * Only under the STANDARD rules. */
void bg_state_stakes(bg_state *g, int stakes, int length, int jacoby,
                     int beavers);
/* The cube as the side on roll sees it. */
void bg_state_cubeinfo(const bg_state *g, bg_cubeinfo *ci);
/* May the side on roll double now (before its throw)?  0, or why not. */
enum {
    BG_DBL_OK = 0,
    BG_DBL_NO_CUBE,         /* a single game: there is no cube */
    BG_DBL_THROWN,          /* the dice are thrown already */
    BG_DBL_CRAWFORD,        /* the Crawford game */
    BG_DBL_NOT_YOURS,       /* the other side holds the cube */
    BG_DBL_OVER,            /* the game is over */
    BG_DBL_LIMIT            /* the cube is at BG_CUBE_MAX (a beaver would
                               take it past 4 times that) */
};
#define BG_CUBE_MAX 1024
int bg_state_may_double(const bg_state *g);
const char *bg_double_refusal_text(int why);
/* The side on roll doubles (it may: bg_state_may_double). */
void bg_state_double(bg_state *g);
/* The other side takes: the cube at twice its value and his; with a
 * beaver (money play, beavers allowed) at four times, still his. */
void bg_state_take(bg_state *g, int beaver);
/* The other side passes: the game is over, the doubler scoring the
 * cube's value before the double.  Returns the winner. */
int bg_state_pass(bg_state *g);
/* Score the game just won by g->winner: kind 1, 2 or 3 as bg_pos_gammon
 * (0: a double passed); sets points and kind, adds to the score. */
void bg_stakes_score(bg_state *g, int kind);
/* The winner of the match (its length reached), or -1. */
int bg_state_match_winner(const bg_state *g);
/* After a game over that did not end the match: the next game, from the
 * starting position, the cube in the middle, first to move (the Crawford
 * rule applied). */
void bg_state_next_game(bg_state *g, int first);

/* ---- A match's record (bg_record.c) and its .mat text (bg_mat.c) ---- */

/*
 * Everything that happened in a match or money session, game by game,
 * for its export in the .mat format (Jellyfish's, which GNU Backgammon
 * imports).  A growing string of bytes, kept with the saved game.
 */
typedef struct bg_record {
    uint8_t *buf;           /* malloc'd */
    size_t len, cap;
} bg_record;
void bg_record_free(bg_record *r);
/* Each returns 0, or -1 out of memory (the record is then unchanged). */
int bg_record_game(bg_record *r);       /* a game begins */
int bg_record_move(bg_record *r, int colour, int d1, int d2,
                   const bg_move *m);   /* m->n == 0: no move possible */
int bg_record_double(bg_record *r, int colour, int value);
int bg_record_take(bg_record *r, int colour);
int bg_record_beaver(bg_record *r, int colour, int value);
int bg_record_pass(bg_record *r, int colour);
int bg_record_win(bg_record *r, int colour, int points);
/* Take over bytes read back from a save (copied): 0, or -1 when they
 * are not a record. */
int bg_record_set(bg_record *r, const uint8_t *buf, size_t len);
/* The length of the event at b (n bytes left), or 0 if there is none. */
size_t bg_record_event(const uint8_t *b, size_t n);
/*
 * The match as a .mat file, blue on the left: length 0 for money play.
 * names by colour.  Returns malloc'd text, or NULL out of memory.
 */
char *bg_mat_text(const bg_record *r, const char *const names[2],
                  int length);

#define BG_SAVE_MAX 256
/* Serialise to buf (BG_SAVE_MAX bytes suffice); returns the length. */
size_t bg_save(const bg_state *g, uint8_t *buf, size_t size);
/* 0 and *g restored, or -1 if the bytes are not a valid save. */
int bg_load(bg_state *g, const uint8_t *buf, size_t len);

#endif
