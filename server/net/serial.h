/*
 * serial.h - serial lines.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef SERIAL_H
#define SERIAL_H

#include <stddef.h>

#include "profile.h"

typedef struct serial_framing {
    int baud;       /* 110 .. 38400 */
    int data;       /* 7 or 8 data bits */
    char parity;    /* N, E (even), O (odd), M (mark), S (space) */
    int stop;       /* 1 or 2 stop bits */
} serial_framing;

/* "DEV[:BAUD[:FRAMING[:xon]]]": defaults 9600 and 8N1; 0 or -1. */
int serial_parse(const char *spec, char *dev, size_t devsize,
                 serial_framing *fr, int *xon);
/* Bits on the wire per character: start, data, parity, stop. */
int serial_bits_per_char(const serial_framing *fr);
/* A 7-bit character with its parity in the eighth bit. */
unsigned char serial_with_parity(unsigned char c, char parity);

/* Open a line (and keep opening it while it is away); prof is the profile
 * its sessions start with. */
int serial_open(const char *spec, const profile *prof);
/* A new speed and framing for a line that is open (a reload): 0 when
 * spec names a device serial_open opened (with apply, it is set now, for
 * the session on it too), -1 when it names none or cannot be read. */
int serial_reframe(const char *spec, int apply);
/* Start no more sessions and stop reopening. */
void serial_stop(void);

#endif
