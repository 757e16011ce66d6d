/*
 * hp_tables.c - the four tables of Hexpawn and the RESTORE copy, decoded
 * from the octal dumps of pages 03 and 04 in the book's listing.  Octal, as
 * the book prints them, so each line can be read against the dump.
 *
 * The models are not reduced by mirror image: the listing stores both
 * halves of a symmetric pair as separate models, and NOCP compares the
 * board with each in table order.  Some lists leave out a mirror move or a
 * move the authors judged pointless (model 3 lists only 1-4 and 1-5), and
 * some end in move 15, a draw the machine declares instead of making a
 * move that would leave nobody able to move.  That is the book's data.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "hp.h"

/* MODEL TABLE, 003 010..111: X board (B7..B2 = squares 1..6), O board
 * (B5..B0 = squares 4..9) as they stand after the player's move. */
const uint8_t hp_model[HP_MODELS][2] = {
    /* 003 010 */ { 0340, 0043 }, { 0340, 0016 }, { 0340, 0025 }, { 0260, 0021 },
    /* 003 020 */ { 0150, 0041 }, { 0240, 0062 }, { 0300, 0051 }, { 0150, 0014 },
    /* 003 030 */ { 0160, 0034 }, { 0260, 0012 }, { 0304, 0061 }, { 0140, 0054 },
    /* 003 040 */ { 0140, 0021 }, { 0140, 0024 }, { 0240, 0041 }, { 0070, 0010 },
    /* 003 050 */ { 0200, 0070 }, { 0120, 0030 }, { 0104, 0060 }, { 0230, 0010 },
    /* 003 060 */ { 0240, 0014 }, { 0210, 0042 }, { 0054, 0040 }, { 0060, 0020 },
    /* 003 070 */ { 0110, 0040 }, { 0110, 0010 }, { 0220, 0020 }, { 0044, 0020 },
    /* 003 100 */ { 0200, 0060 }, { 0240, 0032 }, { 0100, 0020 }, { 0250, 0052 },
    /* 003 110 */ { 0040, 0070 },
};

/* MODEL-TO-MOVE INDEX TABLE, 003 112..154.  NOCP finds it from the X byte's
 * address of the model that matched: (address / 2) + 106. */
const uint8_t hp_model_index[HP_MODELS] = {
    /* 003 112 */ 0000, 0004, 0010, 0013, 0017, 0023,
    /* 003 120 */ 0027, 0033, 0036, 0041, 0043, 0046, 0051, 0054,
    /* 003 130 */ 0057, 0061, 0063, 0065, 0070, 0073, 0075, 0077,
    /* 003 140 */ 0101, 0103, 0107, 0112, 0115, 0120, 0123, 0125,
    /* 003 150 */ 0131, 0133, 0135,
};

/* MOVE TABLE, 003 200..273, four bytes per move: FM bit and TO bit in the
 * X board, the captured pawn's bit in the O board, the result.  MOVE finds
 * move n at (n * 4) + 174.  The winning moves leave the TO bit empty: the
 * game ends before the board would be changed. */
const uint8_t hp_move[HP_MOVES][4] = {
    /* 003 200 */ { 0200, 0020, 0000, 0000 },  /*  1: 1-4 */
    /* 003 204 */ { 0200, 0010, 0020, 0000 },  /*  2: 1-5 capture */
    /* 003 210 */ { 0100, 0020, 0040, 0000 },  /*  3: 2-4 capture */
    /* 003 214 */ { 0100, 0010, 0000, 0000 },  /*  4: 2-5 */
    /* 003 220 */ { 0100, 0004, 0010, 0000 },  /*  5: 2-6 capture */
    /* 003 224 */ { 0040, 0010, 0020, 0000 },  /*  6: 3-5 capture */
    /* 003 230 */ { 0040, 0004, 0000, 0000 },  /*  7: 3-6 */
    /* 003 234 */ { 0020, 0000, 0000, 0267 },  /*  8: 4-7 wins */
    /* 003 240 */ { 0020, 0000, 0000, 0270 },  /*  9: 4-8 wins */
    /* 003 244 */ { 0010, 0000, 0000, 0267 },  /* 10: 5-7 wins */
    /* 003 250 */ { 0010, 0000, 0000, 0270 },  /* 11: 5-8 wins */
    /* 003 254 */ { 0010, 0000, 0000, 0271 },  /* 12: 5-9 wins */
    /* 003 260 */ { 0004, 0000, 0000, 0270 },  /* 13: 6-8 wins */
    /* 003 264 */ { 0004, 0000, 0000, 0271 },  /* 14: 6-9 wins */
    /* 003 270 */ { 0000, 0000, 0000, 0100 },  /* 15: draw */
};

/* RESTORE LIST, 004 200..336: RSTR copies page 04's upper half onto its
 * lower half, so this is the move index table (004 000..136) as loaded.
 * Each model's list of move numbers ends in 200. */
const uint8_t hp_restore[HP_MEMORY_SIZE] = {
    /* 004 200 */ 0007, 0004, 0003, 0200, 0001, 0004, 0005, 0200,
    /* 004 210 */ 0001, 0002, 0200, 0007, 0006, 0010, 0200, 0007,
    /* 004 220 */ 0003, 0013, 0200, 0007, 0002, 0006, 0200, 0003,
    /* 004 230 */ 0004, 0017, 0200, 0005, 0012, 0200, 0005, 0006,
    /* 004 240 */ 0200, 0010, 0200, 0002, 0003, 0200, 0005, 0017,
    /* 004 250 */ 0200, 0006, 0017, 0200, 0006, 0007, 0200, 0017,
    /* 004 260 */ 0200, 0010, 0200, 0002, 0200, 0005, 0010, 0200,
    /* 004 270 */ 0003, 0016, 0200, 0013, 0200, 0017, 0200, 0017,
    /* 004 300 */ 0200, 0016, 0200, 0007, 0006, 0010, 0200, 0003,
    /* 004 310 */ 0013, 0200, 0005, 0013, 0200, 0002, 0010, 0200,
    /* 004 320 */ 0006, 0016, 0200, 0002, 0200, 0001, 0006, 0017,
    /* 004 330 */ 0200, 0017, 0200, 0017, 0200, 0006, 0200,
};

/* The book's table of moves (MOVE NO., FROM, TO): the squares behind each
 * four-byte entry of the MOVE TABLE; 0 for the draw. */
const uint8_t hp_move_squares[HP_MOVES][2] = {
    { 1, 4 }, { 1, 5 }, { 2, 4 }, { 2, 5 }, { 2, 6 }, { 3, 5 }, { 3, 6 },
    { 4, 7 }, { 4, 8 }, { 5, 7 }, { 5, 8 }, { 5, 9 }, { 6, 8 }, { 6, 9 },
    { 0, 0 },
};
