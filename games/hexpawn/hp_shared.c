/*
 * hp_shared.c - the machine's memory in storage, shared by everyone who
 * plays and kept across restarts (beyond the book, whose memory lived in
 * page 04 until the 8008 was switched off).
 *
 * The stored memory is one small table, HP_MEMORY_TABLE.  A memory only
 * ever gains strikes until an operator resets it, so a lesson is written
 * as one transaction (tty_table_update) that reads the stored copy,
 * strikes the new move in it and writes it back: two sessions, or two
 * servers on one data directory, never lose each other's lessons.  Only
 * the lesson is written, never a session's whole copy: after an
 * operator's reset, sessions that loaded the old memory add only what
 * they learn from then on.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "hp_dialog.h"

/* The stored memory, or the initial state of ignorance when nothing (or
 * nothing readable: a newer format, damage) is stored. */
static void hp_decode(hp_memory *mem, const void *data, size_t len)
{
    if (!data || hp_memory_load(mem, data, len) != 0)
        hp_memory_reset(mem);
}

void hp_shared_load(tty_io *io, hp_memory *mem)
{
    void *data = NULL;
    size_t len = 0;
    int rc = tty_table_get(io, HP_MEMORY_TABLE, &data, &len);
    /* The stored memory replaces the session's own: every lesson of its
     * was written when it was learned, and an operator's reset must reach
     * a session that is still playing at its next game. */
    if (rc == 0 || rc == TTY_NOTFOUND)
        hp_decode(mem, data, len);
    /* TTY_NOSTORE or TTY_FAILED: the session keeps its own copy, as the
     * 8008 kept page 04 until it was switched off. */
    free(data);
}

typedef struct hp_lesson {
    int addr;
    hp_memory result;   /* the stored memory after the lesson */
} hp_lesson;

/* Runs on a worker thread inside the transaction. */
static void hp_strike(void *arg, const void *old, size_t oldlen, void **out,
                      size_t *outlen)
{
    hp_lesson *l = arg;
    hp_decode(&l->result, old, oldlen);
    l->result.list[l->addr] = 0;
    uint8_t *bytes = malloc(HP_MEMORY_BYTES);
    if (!bytes)
        return;
    *outlen = hp_memory_save(&l->result, bytes, HP_MEMORY_BYTES);
    *out = bytes;
}

void hp_shared_learn(tty_io *io, hp_memory *mem, int addr)
{
    if (addr < 0 || addr >= HP_MEMORY_SIZE)
        return;
    mem->list[addr] = 0;
    hp_lesson l = { .addr = addr };
    int rc = tty_table_update(io, HP_MEMORY_TABLE, hp_strike, &l);
    if (rc == 0)
        hp_memory_merge(mem, &l.result);    /* and what the others taught */
    else if (rc == TTY_FAILED)
        /* Not the book's: the book had no disk to fail. */
        wrap_print(io, 0, 0, "(THE LESSON COULD NOT BE STORED JUST NOW: ONLY "
                             "THIS SESSION REMEMBERS IT.)\n");
}
