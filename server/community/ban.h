/*
 * ban.h - the operator's bans, by address range, kept in the store and in
 * memory so that every new connection is checked without a query.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef BAN_H
#define BAN_H

#include <stddef.h>

#include "cidr.h"
#include "store.h"

#define BAN_MAX 4096
#define BAN_REFUSAL "YOUR ADDRESS IS BARRED FROM THIS ARCADE.\r\n"

/* Loads the stored bans (at start, before any listener takes a line). */
int ban_load(store *st);
/* 1 if host ("1.2.3.4", "[::1]") is in a banned range. */
int ban_match(const char *host);
/* Adds or removes a range in memory; the caller stores it.  -1 when the
 * table is full (add) or the range is not banned (remove). */
int ban_add(const cidr *c);
int ban_remove(const cidr *c);
int ban_count(void);
/* The i-th range as text. */
void ban_get(int i, char *out, size_t size);

#endif
