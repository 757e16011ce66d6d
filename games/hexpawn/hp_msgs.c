/*
 * hp_msgs.c - the messages of Hexpawn, decoded byte for byte from the octal
 * dumps of the book's listing (pages 03, 04 and 05), parity bit stripped:
 * 215 212 is "\r\n", 336 is '^', the up-arrow of a Model 33 teletype (the
 * book's typeset sample run shows it as a vertical bar).
 *
 * Where the prose of the book and the listing differ, these follow the
 * listing; each difference is noted at its string (and in hexpawn.6).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "hp.h"

/* BOARD OUTPUT MESSAGE, 003 300..332, as loaded (the starting board); PBD
 * writes each square's X, O or space into it before printing it.  The FM
 * prompt is its tail.  The prose shows the separators as '!' and '|'. */
const char hp_msg_board[] = "\r\nX^X^X\r\n ^ ^ \r\nO^O^O\r\nFM ";

/* 003 333, printed after the FM key. */
const char hp_msg_to[] = " TO ";

/* PBD's LLI 302, 304, 306, 311, 313, 315, 320, 322, 324: squares 1..9,
 * as offsets from 003 300. */
const uint8_t hp_board_slot[9] = {
    002, 004, 006, 011, 013, 015, 020, 022, 024
};

/* 004 340, when SMD1 finds no model. */
const char hp_msg_nogood[] = "\r\nNO GOOD! MUST START AGAIN";

/* 004 374, ONO, before HWIN's YOU WIN. */
const char hp_msg_ono[] = "\r\nI CONCEDE!";

/* 005 011, WIN.  WIN stores the winning square's code at 005 025 (the
 * blank before the comma).  The prose lists "I MOVE TO ." with a full
 * stop; the bytes, and the sample run, have a comma. */
const char hp_msg_win[] = "\r\nI MOVE TO  ,\r\nI WIN! YOU LOSE!";

/* 005 052, DRAW.  The prose lists "DRAW, NO ONE WINS."; the bytes have no
 * space after the comma (254 316). */
const char hp_msg_draw[] = "\r\nDRAW,NO ONE WINS.";

/* 005 076, START. */
const char hp_msg_start[] =
    "\r\nHERE'S THE BOARD"
    "\r\n1^2^3"
    "\r\n4^5^6"
    "\r\n7^8^9"
    "\r\nI'M X, YOU'RE O"
    "\r\nMOVE ONE SQUARE FORWARD IF VACANT"
    "\r\nOR ONE SQUARE DIAGONALLY TO CAPTURE"
    "\r\nYOU START.\r\n";

/* 005 315, HWIN ("Set pointer to lose message": the machine's loss). */
const char hp_msg_hwin[] = "\r\nYOU WIN.";

/* 005 330, at the end of MOVE when the O board is empty.  The comment in
 * the listing says "I WIN YOU HAVE NO PAWNS!"; the bytes end in a stop. */
const char hp_msg_nopawns[] = "\r\nI WIN! YOU HAVE NO PAWNS.";

/* 005 364, ERROR.  The prose prints "NO ! NO !"; the bytes have no spaces
 * before the exclamation marks. */
const char hp_msg_error[] = "\r\nNO! NO!";

const hp_msg_entry hp_msg_table[] = {
    { 01700, "PBD", hp_msg_board },
    { 01733, "TO", hp_msg_to },
    { 02340, "SMD1", hp_msg_nogood },
    { 02374, "ONO", hp_msg_ono },
    { 02411, "WIN", hp_msg_win },
    { 02452, "DRAW", hp_msg_draw },
    { 02476, "START", hp_msg_start },
    { 02715, "HWIN", hp_msg_hwin },
    { 02730, "MOVE", hp_msg_nopawns },
    { 02764, "ERROR", hp_msg_error },
    { 0, 0, 0 }
};

_Static_assert(sizeof hp_msg_win <= HP_WIN_TEXT_SIZE, "WIN text size");
_Static_assert(sizeof hp_msg_board <= HP_BOARD_MSG_SIZE, "board size");

void hp_win_text(char buf[HP_WIN_TEXT_SIZE], int win_char)
{
    memcpy(buf, hp_msg_win, sizeof hp_msg_win);
    buf[HP_MSG_WIN_SLOT] = (char)(win_char & 0177);   /* LMA at 005 025 */
}
