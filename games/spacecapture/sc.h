/*
 * sc.h - the engine of Space Capture (SCELBI's First Book of Computer Games,
 * 1976, chapter one), decoded from the book's 8008 listing.
 *
 * The engine does no I/O.  It keeps the program's page-01 storage (the ship's
 * position, the shot, the PHASOR counter, the moves-table pointer) and the
 * page-03 sector map, and it runs the listing's routines on them: NOTNO
 * (start), PLAYIN + TRYMOV + the counter (a turn), INY + HITEST + ZERSEC (a
 * shot).  Randomness is the book's register L, a free-running 8-bit counter
 * the caller passes in (the dialogue takes it from the session's generator).
 *
 * A dialogue walks the book's flow chart like this:
 *
 *   START:  MSG sc_msg_start
 *   OVER:   MSG sc_msg_over; wait for a key until sc_want() says Y or N
 *           (N: MSG sc_msg_poor and stop); sc_start(g, L)
 *   PLAYIN: MSG sc_msg_playin, PRINT '0'+g->x, MSG sc_msg_y, PRINT '0'+g->y
 *           switch (sc_turn(g)):
 *             SC_CAPTURED: MSG sc_msg_captured, goto OVER
 *             SC_PHASOR:   MSG sc_msg_phasor, goto OVER
 *   CONTIN: MSG sc_msg_contin; X = keys until sc_coord() != 0;
 *           MSG sc_msg_y; Y = keys until sc_coord() != 0 (L counts meanwhile)
 *           if (sc_fire(g, X, Y, L) == SC_HIT) MSG sc_msg_bomb, goto OVER
 *           goto PLAYIN
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef SC_H
#define SC_H

#include <stddef.h>
#include <stdint.h>

#define SC_SIZE 8          /* the grid is 8 by 8 sectors, X and Y 1..8 */
#define SC_SHOTS 15        /* "YOU HAVE 15 PHASOR SHOTS" */
#define SC_REPORTS (SC_SHOTS + 1) /* PLAYIN runs once more than CONTIN */

/* Sector map values, as FILOOP and ZERSEC store them. */
enum { SC_SECTOR_GONE = 0000, SC_SECTOR_FREE = 0377 };

/* What a turn or a shot comes to. */
enum {
    SC_FIRE = 1,     /* the ship moved; the player fires (CONTIN) */
    SC_CAPTURED,     /* TRYMOV found no free sector: the player wins */
    SC_PHASOR,       /* shots counter ran out: YOU ARE OUT OF PHASOR ENERGY */
    SC_MISS,         /* the shot destroyed a sector (ZERSEC), play on */
    SC_HIT           /* the shot hit the ship (BOMB): the player loses */
};

/* Answers to WANT TO PLAY? (INAGN / NOTNO). */
enum { SC_WAIT = 0, SC_YES = 1, SC_NO = 2 };

typedef struct sc_state {
    /* Page 01, locations 370..377, as the listing keeps them. */
    uint8_t shot_x, shot_y; /* 370, 371: the last phasor shot */
    uint8_t x, y;           /* 372, 373: X WAS, Y WAS, the ship's sector */
    uint8_t shots;          /* 376: counter, 020 at the start (see NOTNO) */
    uint8_t ptr;            /* 377: moves-table pointer, 260..276 even */
    /* Page 03, 300..377: the sector map, index (X-1)*8 + (Y-1). */
    uint8_t map[SC_SIZE * SC_SIZE];
    /* The paper grid the book tells players to keep (beyond the book). */
    uint8_t nreports;       /* positions printed by PLAYIN so far */
    uint8_t report[SC_REPORTS][2];
    uint8_t nfired;         /* sectors destroyed, in order (ZERSEC) */
    uint8_t fired[SC_SHOTS][2];
} sc_state;

/* The moves table at 003 260..277: eight (X, Y) pairs of -1/0/+1 bytes. */
extern const uint8_t sc_moves[16];

/* INAGN/NOTNO: Y starts a game, N ends the session, any other key waits. */
int sc_want(int ch);
/* INX/INY: a coordinate key '1'..'8' gives 1..8; any other key gives 0
 * (the listing ignores it and waits for another). */
int sc_coord(int ch);

/* NOTNO: a new game from the random counter L at the moment Y was typed:
 * the ship on the diagonal X = Y = (L AND 7) + 1, the moves-table pointer
 * from that value, the shots counter at 020 and every sector free. */
void sc_start(sc_state *g, uint8_t l);

/*
 * One turn, from PLAYIN after the position was printed: records the printed
 * position on the paper grid, runs TRYMOV and decrements the shots counter.
 * SC_CAPTURED, SC_PHASOR or SC_FIRE.
 */
int sc_turn(sc_state *g);

/* TRYMOV alone: 1 if the ship moved (SAVPOS), 0 if it is captured. */
int sc_trymov(sc_state *g);

/*
 * A phasor shot at (x, y), 1..8 each, with the random counter L as it stood
 * when the Y key came (INY sets the moves-table pointer from it), then
 * HITEST and ZERSEC.  SC_HIT or SC_MISS.
 */
int sc_fire(sc_state *g, int x, int y, uint8_t l);

/* Is sector (x, y) destroyed? */
int sc_destroyed(const sc_state *g, int x, int y);

/* ---- The paper grid ------------------------------------------------- */

typedef struct sc_cell {
    uint8_t shot;   /* 0, or the number (1..15) of the shot that destroyed it */
    uint8_t seen;   /* how many times PLAYIN reported the ship here */
    uint8_t last;   /* 1 on the position reported last */
} sc_cell;

/* cell[x-1][y-1] for the sector X = x, Y = y. */
typedef struct sc_grid {
    sc_cell cell[SC_SIZE][SC_SIZE];
} sc_grid;

void sc_grid_get(const sc_state *g, sc_grid *out);

/*
 * The grid as plain text, Y = 8 at the top as on the book's pictorial: a
 * destroyed sector shows the number of the shot that destroyed it (the
 * book's circled numbers), '@' the position reported last, '+' positions
 * reported before, '.' the rest, then an X axis.  Lines end in '\n'.
 * Returns the length it needs (as snprintf); buf may be NULL when n is 0.
 */
size_t sc_grid_text(const sc_state *g, char *buf, size_t n);
#define SC_GRID_TEXT_SIZE 512

/* ---- The messages (sc_msgs.c) -------------------------------------- */
/*
 * Byte for byte as the octal dump on pages 00 and 01 holds them, parity bit
 * stripped: CR LF as "\r\n", the three bells of the capture message as
 * "\a".  Named after the routine that prints each one.
 */
extern const char sc_msg_start[];    /* 000 000, START: the introduction */
extern const char sc_msg_over[];     /* 000 325, OVER: WANT TO PLAY? */
extern const char sc_msg_poor[];     /* 000 350, INAGN on N: POOR SPORT! */
extern const char sc_msg_playin[];   /* 000 367, PLAYIN: MY LAST POSITION */
extern const char sc_msg_y[];        /* 001 026, PLAYIN, CONTIN: ,  Y = */
extern const char sc_msg_contin[];   /* 001 036, CONTIN: YOU ARE FIRING TO */
extern const char sc_msg_bomb[];     /* 001 072, BOMB: YOU HIT ME!! */
extern const char sc_msg_phasor[];   /* 001 125, PHASOR: OUT OF ENERGY */
extern const char sc_msg_captured[]; /* 001 201, NOGDY: DARN! ... CAPTURED */

typedef struct sc_msg_entry {
    uint16_t addr;      /* page * 256 + low address, as in the listing */
    const char *label;
    const char *text;
} sc_msg_entry;
/* Every message in address order, ended by a NULL text. */
extern const sc_msg_entry sc_msg_table[];

/* ---- Saving a game -------------------------------------------------- */

#define SC_SAVE_MAX 96
/* Serialise to buf (at least SC_SAVE_MAX bytes); returns the length. */
size_t sc_save(const sc_state *g, uint8_t *buf, size_t n);
/* Restore from bytes; 0, or -1 if they are not a valid saved game
 * (the game is left untouched then). */
int sc_load(sc_state *g, const uint8_t *buf, size_t n);

#endif
