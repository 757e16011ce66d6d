/*
 * rcode.h - resume codes: characters a teletype can print and a player
 * can copy onto paper without doubt.  The alphabet leaves out the
 * look-alikes (0 O, 1 I L, 2 Z, 5 S, 6 G, 8 B).  A code is ten of them in
 * two groups of five, "ACDEF-HJKMN"; the six-character codes of earlier
 * versions are still read.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef RCODE_H
#define RCODE_H

#include "rng.h"
#include "tty.h"

#define RCODE_GROUP 5           /* characters before the dash */
#define RCODE_CHARS 10          /* characters of a code, without the dash */
#define RCODE_OLD_CHARS 6       /* the codes before accounts */

extern const char rcode_alphabet[];
/* A fresh code: from the operating system's randomness (libsodium), or
 * from r when the server runs with --seed, so transcripts repeat. */
void rcode_make(rng *r, char code[TTY_CODE_SIZE]);
/* n characters of the alphabet and a NUL into out, drawn as rcode_make
 * draws (a side's code of a two-player game, tty_side_code). */
void rcode_draw(rng *r, char *out, int n);

#endif
