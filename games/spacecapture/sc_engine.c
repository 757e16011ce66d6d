/*
 * sc_engine.c - the rules of Space Capture, routine by routine as the 8008
 * listing of 1976 runs them: NOTNO starts a game, PLAYIN and TRYMOV move the
 * ship, INY, HITEST and ZERSEC take a shot.
 *
 * The arithmetic is the 8008's: 8-bit registers, a bounds test by the sign
 * of a compare, the moves-table pointer kept in 260..277 by masking.  The
 * random counter L (register L, counted up while CKINP found no key) is an
 * argument, so a game is a pure function of the counters and the shots.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "sc.h"

/* MOVES TABLE, 003 260..277: X move, Y move, eight times.  -1 is 377. */
const uint8_t sc_moves[16] = {
    0377, 0001,   /* X = -1, Y = +1 */
    0000, 0001,   /* X =  0, Y = +1 */
    0001, 0001,   /* X = +1, Y = +1 */
    0377, 0000,   /* X = -1, Y =  0 */
    0001, 0000,   /* X = +1, Y =  0 */
    0377, 0377,   /* X = -1, Y = -1 */
    0000, 0377,   /* X =  0, Y = -1 */
    0001, 0377    /* X = +1, Y = -1 */
};

/* The book's INPUTN returns characters with the parity bit set (mark
 * parity); the listing compares against those codes, so do the same. */
static int sc_key(int ch)
{
    if (ch < 0 || ch > 0xff)
        return -1;
    return ch | 0200;
}

int sc_want(int ch)
{
    int c = sc_key(ch);
    if (c == 0316)          /* CPI 316: N */
        return SC_NO;
    if (c == 0331)          /* NOTNO, CPI 331: Y */
        return SC_YES;
    return SC_WAIT;         /* JFZ INAGN: keep looking */
}

int sc_coord(int ch)
{
    int c = sc_key(ch);
    /* CPI 261, JTS: below '1'; CPI 271, JFS: '9' and above.  Ignored. */
    if (c < 0261 || c >= 0271)
        return 0;
    return c & 017;         /* NDI 017: trim off the ASCII part */
}

/* The sector map index ZERSEC and CHECK compute:
 * ((X - 1) * 8 + (Y - 1)) OR 300, on page 03. */
static uint8_t sc_sector(uint8_t x, uint8_t y)
{
    uint8_t a = (uint8_t)((x - 1) << 3);   /* SUI 001, RLC RLC RLC */
    a = (uint8_t)(a + (uint8_t)(y - 1));    /* SUI 001, ADD */
    return (uint8_t)(a | 0300);             /* ORI 300 */
}

void sc_start(sc_state *g, uint8_t l)
{
    memset(g, 0, sizeof *g);
    /* NOTNO: LAL, NDI 007, ADI 001: a start on the diagonal X = Y. */
    uint8_t a = (uint8_t)((l & 007) + 1);
    g->x = a;
    g->y = a;
    /* NDI 007, RLC, ORI 260: the same value picks the first move tried
     * (so the ship at 8,8 starts trying at entry 0). */
    a &= 007;
    g->ptr = (uint8_t)((a << 1) | 0260);
    /* LMI 020: one more than the shots allowed, because PLAYIN counts
     * down after TRYMOV, before each shot. */
    g->shots = 020;
    /* FILOOP: every sector free. */
    memset(g->map, SC_SECTOR_FREE, sizeof g->map);
}

/* The bounds test of TRYSEC: CPI 001, JTS (below one) and CPI 011, JFS
 * (nine or more), by the sign of the 8-bit difference as the 8008 does. */
static int sc_off_grid(uint8_t a)
{
    return ((uint8_t)(a - 001) & 0200) || !((uint8_t)(a - 011) & 0200);
}

int sc_trymov(sc_state *g)
{
    uint8_t a = g->ptr;     /* LLI 377, LAM */
    uint8_t c = 010;        /* LCI 010: eight moves to try */
    for (;;) {
        uint8_t b = a;      /* TRYSEC: LLA, LBA */
        int steps = 2;      /* NOGDY at 125 advances B twice */
        a = (uint8_t)(sc_moves[b & 017] + g->x);  /* X move + X WAS */
        if (!sc_off_grid(a)) {
            uint8_t tx = a; /* 374, X temporarily */
            b++;            /* INB: the Y move */
            steps = 1;      /* NOGDY at 126 advances B once more */
            a = (uint8_t)(sc_moves[b & 017] + g->y);
            if (!sc_off_grid(a)) {
                uint8_t ty = a;     /* 375, Y temporarily */
                /* CHECK: has the sector been fired into? */
                if (g->map[sc_sector(tx, ty) & 077] != SC_SECTOR_GONE) {
                    g->x = tx;      /* SAVPOS */
                    g->y = ty;
                    return 1;
                }
            }
        }
        b = (uint8_t)(b + steps);   /* NOGDY: INB (INB) */
        a = (uint8_t)((b & 017) | 0260);    /* NDI 017, ORI 260: wrap */
        if (--c == 0)       /* DCC, JFZ TRYSEC */
            return 0;       /* CAPTURED */
    }
}

int sc_turn(sc_state *g)
{
    /* PLAYIN has printed X WAS and Y WAS: that is a report to keep. */
    if (g->nreports < SC_REPORTS) {
        g->report[g->nreports][0] = g->x;
        g->report[g->nreports][1] = g->y;
        g->nreports++;
    }
    if (!sc_trymov(g))
        return SC_CAPTURED;
    if (--g->shots == 0)    /* LBM, DCB, LMB, JFZ CONTIN */
        return SC_PHASOR;
    return SC_FIRE;
}

int sc_fire(sc_state *g, int x, int y, uint8_t l)
{
    if (x < 1 || x > SC_SIZE || y < 1 || y > SC_SIZE)
        return -1;
    g->shot_x = (uint8_t)x;     /* INX: 370 */
    g->shot_y = (uint8_t)y;     /* INY: 371 */
    /* INY: LAB, NDI 007, RLC, ORI 260: the next TRYMOV's first entry. */
    g->ptr = (uint8_t)(((l & 007) << 1) | 0260);
    /* HITEST: the shot against the ship's new sector. */
    if (g->shot_x == g->x && g->shot_y == g->y)
        return SC_HIT;          /* BOMB */
    /* ZERSEC: zero the entry in the shot table. */
    g->map[sc_sector(g->shot_x, g->shot_y) & 077] = SC_SECTOR_GONE;
    if (g->nfired < SC_SHOTS) {
        g->fired[g->nfired][0] = g->shot_x;
        g->fired[g->nfired][1] = g->shot_y;
        g->nfired++;
    }
    return SC_MISS;
}

int sc_destroyed(const sc_state *g, int x, int y)
{
    if (x < 1 || x > SC_SIZE || y < 1 || y > SC_SIZE)
        return 0;
    return g->map[sc_sector((uint8_t)x, (uint8_t)y) & 077] == SC_SECTOR_GONE;
}
