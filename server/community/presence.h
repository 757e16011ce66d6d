/*
 * presence.h - who is on the other servers: each server sharing a
 * database writes its sessions to the presence table every few seconds
 * (a heartbeat, on a worker thread) and reads back the other servers'
 * rows, kept here for lists made on the loop.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef PRESENCE_H
#define PRESENCE_H

#include <stddef.h>

#include "store.h"

/* Start the heartbeat every beat_s seconds under this server's name; rows
 * of servers silent for three beats are dropped. */
void presence_start(const char *server, int beat_s);
/* Take this server's rows out (at a clean stop; blocks briefly). */
void presence_stop(void);
/* The other servers' sessions as last read: fn once per row. */
int presence_each(void (*fn)(void *arg, const store_presence_row *r),
                  void *arg);
/* 1 if a player of this name (case does not matter) is on another
 * server, as last read. */
int presence_has(const char *name);
/* The heartbeat's period (seconds). */
int presence_beat_seconds(void);
/* A default name: host name and process id. */
void presence_default_name(char *out, size_t size);

#endif
