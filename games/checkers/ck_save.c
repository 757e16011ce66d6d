/*
 * ck_save.c - a game to bytes and back, for resume codes.
 *
 * Layout (version 1, integers little-endian):
 *   0  "CK" and the version byte
 *   3  level, black player, white player, result, how it ended
 *   8  the set-up: black, white, kings (4 bytes each), side to move
 *  21  the number of moves (2 bytes)
 *  23  each move: from, to (squares 0..31), captured pieces (4 bytes)
 * Loading replays every move from the set-up, so a damaged or forged save
 * cannot produce an impossible game.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "ck_state.h"

#define CK_SAVE_VERSION 1
#define CK_SAVE_HEAD 23

static void ck_put32(uint8_t *b, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        b[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t ck_get32(const uint8_t *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
           (uint32_t)b[3] << 24;
}

int ck_state_save(const ck_state *g, uint8_t *buf, size_t size)
{
    size_t len = CK_SAVE_HEAD + 6 * (size_t)g->nply;
    if (size < len)
        return -1;
    buf[0] = 'C';
    buf[1] = 'K';
    buf[2] = CK_SAVE_VERSION;
    buf[3] = (uint8_t)g->level;
    buf[4] = g->player[CK_BLACK];
    buf[5] = g->player[CK_WHITE];
    buf[6] = g->result;
    buf[7] = g->end;
    ck_put32(buf + 8, g->start.bl);
    ck_put32(buf + 12, g->start.wh);
    ck_put32(buf + 16, g->start.kings);
    buf[20] = (uint8_t)g->start.turn;
    buf[21] = (uint8_t)(g->nply & 0xFF);
    buf[22] = (uint8_t)(g->nply >> 8);
    uint8_t *b = buf + CK_SAVE_HEAD;
    for (int i = 0; i < g->nply; i++, b += 6) {
        b[0] = g->moves[i].from;
        b[1] = g->moves[i].to;
        ck_put32(b + 2, g->moves[i].cap);
    }
    return (int)len;
}

int ck_state_load(ck_state *g, const uint8_t *buf, size_t len)
{
    if (len < CK_SAVE_HEAD || buf[0] != 'C' || buf[1] != 'K' ||
        buf[2] != CK_SAVE_VERSION)
        return -1;
    int level = buf[3], nply = buf[21] | buf[22] << 8;
    int result = buf[6], end = buf[7];
    if (level >= CK_NLEVELS || buf[4] > CK_MACHINE || buf[5] > CK_MACHINE ||
        result > CK_DRAWN || end > CK_END_LENGTH || buf[20] > CK_WHITE ||
        nply > CK_GAME_MAX_PLIES || len != CK_SAVE_HEAD + 6 * (size_t)nply)
        return -1;
    ck_pos start = { ck_get32(buf + 8), ck_get32(buf + 12),
                     ck_get32(buf + 16), buf[20] };
    if (!ck_pos_valid(&start))
        return -1;
    /* Rebuild on the heap: a game is some 16 KiB, too much for a small
     * coroutine stack, and g must stay as it was if the save is bad. */
    ck_state *t = malloc(sizeof *t);
    if (!t)
        return -1;
    ck_state_init(t, &start, level, buf[4], buf[5]);
    const uint8_t *b = buf + CK_SAVE_HEAD;
    int ok = 1;
    for (int i = 0; i < nply && ok; i++, b += 6) {
        ck_move m = { ck_get32(b + 2), b[0], b[1] };
        ok = m.from < CK_NSQ && m.to < CK_NSQ && ck_state_play(t, m) == 0;
    }
    if (ok) {
        if (end == CK_END_AGREED || end == CK_END_RESIGNED) {
            /* Ended by the players, not the rules. */
            ok = t->result == CK_PLAYING && result != CK_PLAYING &&
                 (end == CK_END_AGREED) == (result == CK_DRAWN);
            ck_state_end(t, result, end);
        } else {
            ok = t->result == result && t->end == end;
        }
    }
    if (ok)
        *g = *t;
    free(t);
    return ok ? 0 : -1;
}
