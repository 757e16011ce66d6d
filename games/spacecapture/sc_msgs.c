/*
 * sc_msgs.c - the messages of Space Capture, decoded byte for byte from the
 * octal dump of pages 00 and 01 in the book's 8008 listing (the 8080
 * listing prints them from the same addresses).  Each string is what MSG
 * sends up to the zero byte, with the parity bit stripped: 215 212 is
 * "\r\n", 207 is a bell "\a".
 *
 * Where the prose of the book and the listing differ, these follow the
 * listing; the differences are noted at each string (and in spacecapture.6).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "sc.h"

/* 000 000..000 321, printed by START.  The prose and the sample run print
 * "ARE DESTROYED, I AM CAPTURED" in one paragraph; the listing has no comma
 * and breaks the lines where a 72-column teletype would want them. */
const char sc_msg_start[] =
    "\r\n\nSPACESHIP CAPTURE. YOU HAVE 15 PHASOR"
    "\r\nSHOTS WITH WHICH TO DESTROY MY TRAVEL"
    "\r\nSECTORS. IF ALL MY ADJACENT SECTORS"
    "\r\nARE DESTROYED I AM CAPTURED. IF YOU"
    "\r\nHIT ME OR RUN OUT OF PHASOR ENERGY,"
    "\r\nTHEN YOU LOSE!\r\n\n";
/* 000 322..000 324 hold three spare zero bytes. */

/* 000 325, OVER.  Two spaces after the question mark. */
const char sc_msg_over[] = "\r\n\nWANT TO PLAY?  ";

/* 000 350, INAGN when the answer is N. */
const char sc_msg_poor[] = "\r\n\nPOOR SPORT!";

/* 000 367, PLAYIN; the ship's X digit follows.  Two spaces after the colon.
 * (The TRYMOV prose calls it "MY LAST LOCATION WAS:"; the bytes say
 * POSITION.) */
const char sc_msg_playin[] = "\r\n\nMY LAST POSITION WAS:  X = ";

/* 001 026, after an X digit in PLAYIN and in CONTIN; the Y digit follows. */
const char sc_msg_y[] = ",  Y = ";

/* 001 036, CONTIN; the player's X key follows. */
const char sc_msg_contin[] = "\r\n\nYOU ARE FIRING TO:  X = ";

/* 001 072, BOMB.  The prose lists "YOU HIT ME!! YOU LOSE!" with one space. */
const char sc_msg_bomb[] = "\r\n\nYOU HIT ME!!  YOU LOSE!";

/* 001 125, PHASOR.  The prose has one space after the comma. */
const char sc_msg_phasor[] =
    "\r\n\nYOU ARE OUT OF PHASOR ENERGY,  YOU LOSE!";

/* 001 201, printed when NOGDY has tried all eight moves.  The prose prints
 * "#!0# DARN! YOU HAVE ME CAPTURED !!"; the bytes ring the bell three times
 * (207 207 207) after "#!0#" and spell the last word out letter by letter. */
const char sc_msg_captured[] =
    "\r\n\n#!0#\a\a\a  DARN!  YOU HAVE ME  C A P T U R E D !!";

const sc_msg_entry sc_msg_table[] = {
    { 00000, "START", sc_msg_start },
    { 00325, "OVER", sc_msg_over },
    { 00350, "INAGN", sc_msg_poor },
    { 00367, "PLAYIN", sc_msg_playin },
    { 00426, "Y", sc_msg_y },
    { 00436, "CONTIN", sc_msg_contin },
    { 00472, "BOMB", sc_msg_bomb },
    { 00525, "PHASOR", sc_msg_phasor },
    { 00601, "NOGDY", sc_msg_captured },
    { 0, 0, 0 }
};
