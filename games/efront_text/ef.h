/*
 * ef.h - the Eastern Front (1941) campaign engine, headless.
 *
 * A reconstruction of Chris Crawford's 1981 APX program from his source
 * notes (seeds/000_fce5a2b7226c80b8.txt) and the project's facts sheet
 * (efront-facts.md).  The engine does no I/O, keeps no global mutable state
 * and draws every random number from the generator inside the game, so a
 * campaign is a pure function of its seed and the players' orders.
 *
 * Coordinates are the original's: a square is (lon, lat), lon 0..45 counted
 * from the EAST edge, lat 0..38 from the SOUTH edge.  North is lat + 1,
 * east is lon - 1.  Units are numbered as in the unit table (pages 56-58):
 * 1..54 German and allied corps, 55..159 Russian armies; 0 is no unit.
 *
 * How a screen drives a game (issue 7):
 *   ef_new()                        turn 0 begins: units placed, supply, score
 *   loop:
 *     ef_unit_at / ef_unit_card     the unit under the cursor and its card
 *     ef_order_add / ef_order_clear the player's (German) orders
 *     ef_plan_*                     the Russians think, on a copy, meanwhile
 *     ef_plan_apply                 START pressed: Russian orders written
 *     ef_turn_begin                 "FIGURING MOVE; NO ORDERS ALLOWED"
 *     ef_subturn x EF_SUBTURNS      each returns its events, to animate
 *     ef_turn_end                   next week: arrivals, supply, score
 *   until ef_over().
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef EF_ENGINE_H
#define EF_ENGINE_H

#include <stddef.h>
#include <stdint.h>

/* ---- The map --------------------------------------------------------- */

#define EF_W 46            /* playing columns: lon 0..45 */
#define EF_H 39            /* playing rows: lat 0..38 */
#define EF_MAP_COLS 48     /* printed with the border */
#define EF_MAP_ROWS 41

enum ef_dir { EF_NORTH, EF_EAST, EF_SOUTH, EF_WEST, EF_DIAGONAL };

/* Terrain types.  The first nine are the rows of the terrain table
 * (page 63, forest and mountain share one row); sea and border are the
 * squares no unit may enter. */
enum ef_terrain {
    EF_T_CLEAR, EF_T_FOREST, EF_T_MOUNTAIN, EF_T_CITY,
    EF_T_FROZEN_SWAMP, EF_T_FROZEN_RIVER, EF_T_SWAMP, EF_T_RIVER,
    EF_T_COAST, EF_T_ESTUARY, EF_T_SEA, EF_T_BORDER,
    EF_T_COUNT
};

enum ef_weather { EF_DRY, EF_MUD, EF_SNOW };

/* The map as text: 41 rows of 48 characters, north at the top, west on the
 * left (a row is the border, lon 45 .. 0, the border). */
extern const char *const ef_map_rows[EF_MAP_ROWS];
/* The terrain drawn at a square (never frozen); EF_T_BORDER off the map. */
int ef_map_terrain(int lon, int lat);
/* The map character of a terrain type and its name ("clear", "sea" ...). */
int ef_terrain_char(int terrain);
const char *ef_terrain_name(int terrain);
/* 1 if the side of (lon, lat) facing dir may not be crossed: one of the
 * eleven blocked sides (BHX1..BHY2), or the far square is sea or border. */
int ef_side_blocked(int lon, int lat, int dir);
/* The neighbour of (lon, lat) in direction dir (may be off the map). */
void ef_step(int lon, int lat, int dir, int *nlon, int *nlat);
int ef_weather_of_month(int month);     /* 1..12 */
const char *ef_weather_name(int w);     /* "dry", "mud", "snow" */
/* The month spelled out ("SEPTEMBER", where the original's 8-letter WORDS
 * field had SEPTEMBR), and the date line it showed: "JUNE 22, 1941";
 * returns buf. */
const char *ef_month_name(int month);
char *ef_date_text(int year, int month, int day, char *buf, size_t size);

/* Cities (facts sheet): index order is fixed; MOSCOW is 0. */
#define EF_NCITIES 20
typedef struct ef_city {
    const char *name;   /* "MOSCOW" */
    uint8_t lon, lat;
    uint8_t points;     /* victory points while German-held */
    uint8_t german;     /* held by the Germans at the start */
} ef_city;
extern const ef_city ef_cities[EF_NCITIES];
int ef_city_at(int lon, int lat);       /* index, or -1 */
int ef_city_find(const char *name);     /* case-insensitive; -1 */

/* ---- The unit table (pages 56-58) ------------------------------------ */

#define EF_NUNITS 160      /* table rows 0..159; row 0 is no unit */
#define EF_FIRST_RUSSIAN 55
#define EF_NEVER 255       /* ARRIVE of a unit that never comes (or died) */

typedef struct ef_unit_info {
    uint8_t number;     /* CORPNO: 24 in "24 PANZER CORPS" */
    uint8_t lon, lat;   /* CORPSX, CORPSY */
    uint8_t muster;     /* MSTRNG */
    uint8_t swap;       /* SWAP: 125/253 infantry, 126/254 armor */
    uint8_t arrive;     /* ARRIVE: turn of arrival, 255 never */
    uint8_t corpt;      /* CORPT: type and nationality */
    const char *kind;   /* "PANZER CORPS", as the game shows it */
} ef_unit_info;
extern const ef_unit_info ef_units[EF_NUNITS];

int ef_is_german(int id);       /* 1..54 (and allies) */
int ef_is_armor(int id);        /* moves as armor (SWAP) */
int ef_is_militia(int id);      /* CORPT kind 4: never moves */
int ef_is_finnish(int id);      /* never attacks */
int ef_is_ally(int id);         /* Finn, Rumanian, Italian, Hungarian */
/* "24 PANZER CORPS"; returns buf. */
char *ef_unit_name(int id, char *buf, size_t size);

/* ---- The generator --------------------------------------------------- */

typedef struct ef_rng { uint64_t s; } ef_rng;
void ef_rng_seed(ef_rng *r, uint64_t seed);
uint32_t ef_rng_next(ef_rng *r);
int ef_rng_byte(ef_rng *r);             /* 0..255, the 6502's RANDOM */

/* ---- The game state -------------------------------------------------- */

#define EF_MAX_ORDERS 8
#define EF_SUBTURNS 32
#define EF_LAST_TURN 44    /* the campaign ends after this turn */
#define EF_EXEC_NONE 255   /* no order due this turn */

typedef struct ef_unit {
    uint8_t lon, lat;
    uint8_t muster, combat;     /* MSTRNG, CSTRNG: 0..255 */
    uint8_t arrive;             /* ARRIVE; EF_NEVER once dead */
    uint8_t norders;            /* HMORDS: 0..8 */
    uint8_t orders[EF_MAX_ORDERS]; /* WHORDS, first order first */
    uint8_t exec;               /* EXEC: subturn of the next order */
} ef_unit;

enum ef_phase { EF_PHASE_ORDERS, EF_PHASE_MOVING, EF_PHASE_OVER };

typedef struct ef_state {
    ef_rng rng;
    uint8_t turn;               /* 0..EF_LAST_TURN (+1 once over) */
    uint8_t phase;              /* enum ef_phase */
    uint8_t tick;               /* subturn 0..32 while moving */
    uint8_t day, month;         /* 1-based */
    uint16_t year;
    uint8_t weather;            /* enum ef_weather (EARTH) */
    uint8_t icelat;             /* rivers/swamps at lat >= icelat frozen */
    uint8_t handicap;
    uint8_t city_german[EF_NCITIES];
    int16_t score;              /* as last computed (POINTS) */
    /* the score each week began with, [turn]; -1 unknown (a save from
     * before the history was kept) */
    int16_t history[EF_LAST_TURN + 2];
    ef_unit u[EF_NUNITS];
    uint8_t occ[EF_H][EF_W];    /* unit on each square (derived) */
} ef_state;

/* ---- Events: what a step did, for a screen to show -------------------- */

enum ef_event_kind {
    EF_EV_MOVE,         /* unit: (lon,lat) -> (lon2,lat2) */
    EF_EV_JAM,          /* unit waits 2 subturns; a: 0 traffic, 1 zone of control */
    EF_EV_COMBAT,       /* unit attacks other at (lon2,lat2); a: defender's
                           first strike hit, b: attacker's strike hit */
    EF_EV_BREAK,        /* unit broke: orders forgotten */
    EF_EV_RETREAT,      /* unit: (lon,lat) -> (lon2,lat2); a: penalty paid */
    EF_EV_NO_RETREAT,   /* broken unit found every way blocked; a: penalty */
    EF_EV_DEATH,        /* unit destroyed; a: enum ef_death */
    EF_EV_CAPTURE,      /* unit took city a for its side */
    EF_EV_ARRIVE,       /* unit arrived at (lon,lat) */
    EF_EV_DELAYED,      /* unit's square was occupied: comes next turn */
    EF_EV_SUPPLY,       /* unit out of supply: a combat strength lost */
    EF_EV_DATE,         /* a new week: a weather, b previous weather */
    EF_EV_ICE,          /* the ice line moved: a old lat, b new lat */
    EF_EV_SCORE,        /* a: the score */
    EF_EV_GAME_OVER     /* a: the final score */
};
enum ef_death { EF_DIED_COMBAT, EF_DIED_RETREAT, EF_DIED_SUPPLY };

typedef struct ef_event {
    uint8_t kind, unit, other;
    int8_t lon, lat, lon2, lat2;
    int16_t a, b;
} ef_event;

#define EF_EVENTS_MAX 1024
typedef struct ef_events {
    int n;
    int dropped;        /* events beyond EF_EVENTS_MAX not kept */
    ef_event ev[EF_EVENTS_MAX];
} ef_events;
void ef_events_clear(ef_events *e);
/* One line of plain text for an event ("24 PANZER CORPS ATTACKS ...");
 * returns buf. */
char *ef_event_text(const ef_event *e, char *buf, size_t size);

/* ---- A campaign ------------------------------------------------------- */

/* Start a campaign: June 22, 1941, turn 0 begun (units of turn 0 placed,
 * supply traced, score computed).  handicap halves the score (the
 * OPTION key).  ev may be NULL. */
void ef_new(ef_state *g, uint64_t seed, int handicap, ef_events *ev);

int ef_over(const ef_state *g);
int ef_on_map(const ef_state *g, int id);        /* arrived and alive */
int ef_unit_at(const ef_state *g, int lon, int lat); /* id or 0 */
int ef_terrain(const ef_state *g, int lon, int lat); /* with ice */
/* Enemy zone of control over (lon, lat) for unit id's side: the seed's
 * count (corner 1, side 2; an enemy in the square 2; a friendly unit other
 * than id in the square cancels).  Controlled when >= 2. */
int ef_zoc(const ef_state *g, int id, int lon, int lat);
/* Subturns unit id needs to enter (lon2, lat2) from its square (DINGO's
 * table lookup); 255 if it may not. */
int ef_move_cost(const ef_state *g, int id, int lon2, int lat2);
/* Supply as the logistics routine would trace it now, without its
 * random winter test and without side effects: 1 in supply. */
int ef_supply_traced(const ef_state *g, int id);

/* The card the original shows for a unit in the cursor. */
typedef struct ef_card {
    int id;
    char name[24];      /* "24 PANZER CORPS" */
    int german;
    int armor, militia;
    int muster, combat;
    int lon, lat;
    int norders;
    int orders[EF_MAX_ORDERS];
} ef_card;
int ef_unit_card(const ef_state *g, int id, ef_card *c); /* 0, or -1 */
/* The squares the orders lead through (the arrow's path, ending where the
 * Maltese cross goes); returns how many (0..8). */
int ef_unit_path(const ef_state *g, int id, int lons[EF_MAX_ORDERS],
                 int lats[EF_MAX_ORDERS]);

/* ---- Orders (the German player's) -------------------------------------- */

enum ef_err {
    EF_OK = 0,
    EF_ERR_RUSSIAN = -1,    /* THAT IS A RUSSIAN UNIT! */
    EF_ERR_FULL = -2,       /* ONLY 8 ORDERS ARE ALLOWED! */
    EF_ERR_WAIT = -3,       /* PLEASE WAIT FOR MALTAKREUZE! */
    EF_ERR_DIAGONAL = -4,   /* NO DIAGONAL MOVES ALLOWED! */
    EF_ERR_MILITIA = -5,    /* MILITIA UNITS CAN'T MOVE! */
    EF_ERR_MOVING = -6,     /* FIGURING MOVE; NO ORDERS ALLOWED */
    EF_ERR_OVER = -7,       /* GAME OVER */
    EF_ERR_NO_UNIT = -8,    /* no unit there (the original said nothing) */
    EF_ERR_PHASE = -9,      /* a step called out of turn (a caller's bug) */
    /* issue 21: the original took these orders and the unit then waited
     * at the water's edge all week; the dialogue refuses them instead */
    EF_ERR_SEA = -10,       /* the next square is sea */
    EF_ERR_EDGE = -11,      /* the next square is off the map */
    EF_ERR_BLOCKED = -12    /* one of the eleven blocked sides */
};
/* The original's wording for an error; "" for EF_OK. */
const char *ef_error_text(int err);
/* The original's 32-character messages (TXTTBL), trimmed. */
extern const char ef_txt_enter[];       /* ENTER YOUR ORDERS */
extern const char ef_txt_game_over[];   /* GAME OVER */
extern const char ef_txt_figuring[];    /* FIGURING MOVE; NO ORDERS ALLOWED */

/* Add one order (EF_NORTH..EF_WEST; EF_DIAGONAL only to get its error). */
int ef_order_add(ef_state *g, int id, int dir);
/* The dialogue's way to add an order: ef_order_add's checks, then the
 * step from where the orders so far lead must enter land across an open
 * side (EF_ERR_SEA, EF_ERR_EDGE, EF_ERR_BLOCKED otherwise; no order is
 * added).  ef_order_add stays the original's: it takes such an order. */
int ef_order_give(ef_state *g, int id, int dir);
/* Only the way check of ef_order_give, from where the orders lead. */
int ef_order_way(const ef_state *g, int id, int dir);
/* Forget a unit's orders (the space bar). */
int ef_order_clear(ef_state *g, int id);
/* Set all of a unit's orders at once, either side (the planners' way):
 * checks only the phase, the unit, the count, militia and directions. */
int ef_order_set(ef_state *g, int id, const uint8_t *dirs, int n);

/* ---- The turn, step by step ------------------------------------------ */

/* START: the movement phase begins (DINGO sets every first execution
 * time).  EF_ERR_PHASE if not in the orders phase. */
int ef_turn_begin(ef_state *g, ef_events *ev);
/* One subturn of the 32: recovery, moves, combats.  Returns the number of
 * subturns still to run (0 after the last); EF_ERR_PHASE if not moving. */
int ef_subturn(ef_state *g, ef_events *ev);
/* After the 32nd subturn: the next week (calendar, weather and ice,
 * reinforcements, supply, score, the end after turn 44). */
int ef_turn_end(ef_state *g, ef_events *ev);
/* All three at once. */
int ef_turn_run(ef_state *g, ef_events *ev);

/* ---- Score ------------------------------------------------------------ */

/* The points routine on the current position (never below zero). */
int ef_score(const ef_state *g);
/* Its two parts before the handicap: the armies' (German muster east
 * less Russian combat west, over 256: negative when the Russians
 * outweigh, and then counted as 0) and the points of the cities held. */
void ef_score_parts(const ef_state *g, long *armies, int *cities);
int ef_count_units(const ef_state *g, int german);   /* on the map */
int ef_count_cities(const ef_state *g, int german);  /* held */

/* ---- The Russian player (the thinking module) -------------------------- */

/* Planning runs on a copy of the game, so it may run on a worker thread
 * while the player gives orders (the Russians' squares cannot change
 * before START); the ghost army (OBJX, OBJY) is the plan.  A screen that
 * wants a campaign to stay a function of seed and orders runs exactly
 * EF_PLAN_ITERS passes: in the background while the player plans, the
 * rest (if any) at START - a pass takes well under a millisecond. */
typedef struct ef_plan {
    ef_state g;                 /* the copy planned on */
    int ofr;                    /* overall force ratio */
    uint8_t ifr[EF_NUNITS];     /* individual force ratio */
    uint8_t ifrdir[EF_NUNITS][4]; /* danger from N, E, S, W */
    uint8_t objx[EF_NUNITS], objy[EF_NUNITS]; /* the ghost army */
    uint8_t active[EF_NUNITS];  /* plans this turn */
    int iterations;             /* full passes made */
    int next;                   /* next army in the pass (resumable) */
} ef_plan;

/* Snapshot the game at the start of the orders phase; computes OFR and
 * CALIFR's individual ratios and puts each ghost on its army. */
void ef_plan_init(ef_plan *p, const ef_state *g);
/* One ghost-army iteration: every army picks its best square once. */
void ef_plan_iterate(ef_plan *p);
/* Milliseconds from any fixed origin, for a time budget. */
typedef uint64_t (*ef_clock_fn)(void *ctx);
/* Iterate until max_iter passes are done, *cancel is set (polled between
 * armies), or budget_ms has passed on clock (clock may be NULL).  Returns
 * the passes completed so far. */
int ef_plan_run(ef_plan *p, int max_iter, const volatile int *cancel,
                ef_clock_fn clock, void *clock_ctx, uint64_t budget_ms);
/* START: write each army's orders toward its ghost (the Mayan walk).
 * EF_ERR_PHASE if the game moved on since ef_plan_init. */
int ef_plan_apply(const ef_plan *p, ef_state *g);
/* Passes a game should run for reproducible play (about where the ghosts
 * settle, says the seed: "about ten iterations"). */
#define EF_PLAN_ITERS 10

/* The straight-path order writer: up to 8 orders from (x0,y0) toward
 * (x1,y1); returns how many. */
int ef_mayan_walk(int x0, int y0, int x1, int y1,
                  uint8_t dirs[EF_MAX_ORDERS]);
/* LPTS of a 5x5 direct-line array seen from the north (row-major,
 * [column * 5 + depth], as LINARR), for tests and curious readers. */
int ef_line_points(const uint8_t linarr[25]);

/* ---- A German player for demos and tests ------------------------------ */

/* Orders for every German corps this week (replacing any it had).  Takes
 * a few milliseconds and some 60 KB of heap while it runs. */
void ef_german_orders(ef_state *g);

/* ---- Building positions (tests, tutorials) ----------------------------- */

/* Take every unit off the map (none will arrive either). */
void ef_clear_board(ef_state *g);
/* Put unit id on (lon, lat) with the strengths given, no orders; -1 if
 * the square is sea, border or taken. */
int ef_put_unit(ef_state *g, int id, int lon, int lat, int muster,
                int combat);
/* Set the date (the weather follows the month). */
void ef_set_date(ef_state *g, int year, int month, int day);

/* ---- Save and resume --------------------------------------------------- */

#define EF_SAVE_MAX 4096
/* Bytes written (<= size), or -1 if size is too small. */
int ef_save(const ef_state *g, uint8_t *buf, size_t size);
/* 0, or -1 if the bytes are not a valid saved game (g is untouched). */
int ef_load(ef_state *g, const uint8_t *buf, size_t len);

/* ---- Tools ------------------------------------------------------------- */

int ef_tool_main(int argc, char **argv);

#endif
