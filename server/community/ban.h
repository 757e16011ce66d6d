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

/* A ban on an account is stored beside the address bans, as the range
 * "account:KEY" (acct_lock.c): the bans table holds both kinds. */
#define BAN_ACCOUNT "account:"

/* Loads the stored bans (at start, before any listener takes a line). */
int ban_load(store *st);
/* Read them again on a worker thread and put them in force (a reload);
 * the result is logged, then then() is called on the loop (NULL: none). */
void ban_reload(store *st, void (*then)(void));
/* The stored address bans (worker thread): the store's code, and l->v
 * (malloc'd, BAN_MAX places; the caller frees it) holding l->n ranges. */
typedef struct ban_list {
    cidr *v;
    int n;
    int ignored;                /* rows that are no address range */
} ban_rows;
int ban_read(store *st, ban_rows *l);
/* 1 if host ("1.2.3.4", "[::1]") is in a banned range. */
int ban_match(const char *host);
/* Adds or removes a range in memory; the caller stores it.  -1 when the
 * table is full (add) or the range is not banned (remove). */
int ban_add(const cidr *c);
int ban_remove(const cidr *c);
int ban_count(void);
/* Replace the whole list by list[0..n) (at most BAN_MAX): the stored bans
 * as another server sharing the database changed them. */
void ban_set(const cidr *list, int n);
/* The i-th range as text. */
void ban_get(int i, char *out, size_t size);

#endif
