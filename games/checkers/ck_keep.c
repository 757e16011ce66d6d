/*
 * ck_keep.c - a game under a resume code.  The S0 notes wanted the board
 * listed "so the user can ... stop playing in the middle of a game and
 * continue the interrupted game at a later time"; a resume code does it
 * without copying.
 *
 * Each game gets its code when it starts and is stored under it at once,
 * so that a dropped line (which saves the game by itself) leaves the
 * player a code they have already been shown.  SAVE stores it again; a
 * finished game, or one the player chose not to keep, is forgotten.
 *
 * Layout, version 1: "CD" and the version; the level the hall of fame
 * credits; flags (1: the machine has searched a move, 2: the game began
 * from SETUP); the generator's state (8 bytes, little-endian); then the
 * engine's own save of the game (ck_state_save), which carries the level
 * and who plays which side.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ck_dialog.h"

#define CK_KEEP_VERSION 1
#define CK_KEEP_HEAD 13

int ck_keep_save(const ck_session *s, uint8_t *buf, size_t size)
{
    if (size < CK_KEEP_HEAD)
        return -1;
    buf[0] = 'C';
    buf[1] = 'D';
    buf[2] = CK_KEEP_VERSION;
    buf[3] = (uint8_t)s->credit;
    buf[4] = (uint8_t)((s->searched ? 1 : 0) | (s->from_setup ? 2 : 0));
    for (int i = 0; i < 8; i++)
        buf[5 + i] = (uint8_t)(s->rng.s >> (8 * i));
    int n = ck_state_save(s->g, buf + CK_KEEP_HEAD, size - CK_KEEP_HEAD);
    return n < 0 ? -1 : CK_KEEP_HEAD + n;
}

int ck_keep_load(ck_session *s, const uint8_t *buf, size_t len)
{
    if (len < CK_KEEP_HEAD || buf[0] != 'C' || buf[1] != 'D' ||
        buf[2] != CK_KEEP_VERSION || buf[3] >= CK_NLEVELS || buf[4] > 3)
        return -1;
    if (ck_state_load(s->g, buf + CK_KEEP_HEAD, len - CK_KEEP_HEAD) != 0)
        return -1;
    /* One side is the player's and the other the machine's. */
    const ck_state *g = s->g;
    if (g->player[CK_BLACK] == g->player[CK_WHITE])
        return -1;
    s->human = g->player[CK_BLACK] == CK_HUMAN ? CK_BLACK : CK_WHITE;
    s->credit = buf[3];
    s->searched = buf[4] & 1;
    s->from_setup = (buf[4] & 2) != 0;
    s->rng.s = 0;
    for (int i = 0; i < 8; i++)
        s->rng.s |= (uint64_t)buf[5 + i] << (8 * i);
    return 0;
}

/* The save in a buffer of its own (a game is up to some 6 KiB). */
static int ck_keep_put(ck_session *s, int fresh)
{
    static const size_t size = CK_KEEP_MAX;
    uint8_t *buf = malloc(size);
    if (!buf)
        return TTY_FAILED;
    int n = ck_keep_save(s, buf, size);
    char note[48];
    snprintf(note, sizeof note, "%s, MOVE %d", ck_level_title(s->g->level),
             ck_state_move_number(s->g));
    tty_save_note(s->io, note);
    int rc = n < 0 ? TTY_FAILED
           : fresh ? tty_save(s->io, "checkers", buf, (size_t)n, s->code)
                   : tty_save_as(s->io, s->code, "checkers", buf, (size_t)n);
    free(buf);
    if (fresh && rc != 0)
        s->code[0] = 0;
    return rc;
}

void ck_keep_start(ck_session *s)
{
    s->code[0] = 0;
    int rc = ck_keep_put(s, 1);
    if (rc == 0)
        ck_sayf(s, "THIS GAME'S RESUME CODE IS %s.\n"
                   "IF THE LINE DROPS, THE GAME IS KEPT UNDER IT.\n",
                s->code);
    else if (rc == TTY_FAILED)
        ck_say(s, "THE GAME COULD NOT BE KEPT: THERE IS NO STORAGE HERE\n"
                  "JUST NOW. IF THE LINE DROPS, IT IS LOST.\n");
}

int ck_keep_store(ck_session *s)
{
    return ck_keep_put(s, s->code[0] == 0);
}

void ck_keep_forget(ck_session *s)
{
    if (s->code[0])
        tty_forget(s->io, s->code);
    s->code[0] = 0;
}
