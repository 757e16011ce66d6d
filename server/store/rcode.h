/*
 * rcode.h - resume codes: six characters a teletype can print and a
 * player can copy onto paper without doubt.  The alphabet leaves out the
 * look-alikes (0 O, 1 I L, 2 Z, 5 S, 6 G, 8 B).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef RCODE_H
#define RCODE_H

#include "rng.h"
#include "tty.h"

extern const char rcode_alphabet[];
void rcode_make(rng *r, char code[TTY_CODE_SIZE]);

#endif
