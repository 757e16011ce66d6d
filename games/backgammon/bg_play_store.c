/*
 * bg_play_store.c - a match to bytes and back, for its resume code.
 *
 * Layout (version 1):
 *    0  'B' 'D' 1              magic and version
 *    3  mode, kind[blue], kind[green], level, pace, from_setup
 *    9  the dice generator's state, 8 bytes little-endian
 *   17  the engine's save (bg_save: names, rules, position, the dice and
 *       the moves typed so far this turn) to the end
 * The generator goes with the game, so that a game resumed throws the
 * dice it would have thrown; the moves typed before a hang-up come back.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "bg_ui.h"

enum { BG_STORE_VERSION = 1, BG_STORE_HEAD = 17 };

uint8_t *bg_store_pack(const bg_match *m, size_t *len)
{
    uint8_t game[BG_SAVE_MAX];
    size_t n = bg_save(&m->g, game, sizeof game);
    uint8_t *buf = n ? malloc(BG_STORE_HEAD + n) : NULL;
    if (!buf)
        return NULL;
    uint8_t *p = buf;
    *p++ = 'B';
    *p++ = 'D';
    *p++ = BG_STORE_VERSION;
    *p++ = m->mode;
    *p++ = m->kind[BG_BLUE];
    *p++ = m->kind[BG_GREEN];
    *p++ = m->level;
    *p++ = m->pace;
    *p++ = m->from_setup;
    for (int i = 0; i < 8; i++)
        *p++ = (uint8_t)(m->rng.s >> (8 * i));
    memcpy(p, game, n);
    *len = BG_STORE_HEAD + n;
    return buf;
}

/* A save must agree with its mode: how many of its sides are people. */
static int kinds_fit(int mode, int blue, int green)
{
    static const int people[BG_MODES] = {
        [BG_MODE_ONE] = 1, [BG_MODE_HOTSEAT] = 2, [BG_MODE_TWO] = 2,
        [BG_MODE_DEMO] = 0
    };
    if (mode >= BG_MODES || blue > BG_MACHINE || green > BG_MACHINE)
        return 0;
    return (blue == BG_HUMAN) + (green == BG_HUMAN) == people[mode];
}

int bg_store_unpack(bg_match *m, const uint8_t *buf, size_t len)
{
    if (len < BG_STORE_HEAD || buf[0] != 'B' || buf[1] != 'D' ||
        buf[2] != BG_STORE_VERSION || !kinds_fit(buf[3], buf[4], buf[5]) ||
        buf[6] < BG_LEVEL_ATARI || buf[6] > BG_LEVEL_MAX || buf[7] > 99 ||
        buf[8] > 1)
        return -1;
    bg_state g;
    if (bg_load(&g, buf + BG_STORE_HEAD, len - BG_STORE_HEAD) != 0 ||
        g.winner >= 0)
        return -1;
    uint64_t s = 0;
    for (int i = 0; i < 8; i++)
        s |= (uint64_t)buf[9 + i] << (8 * i);
    if (!s)
        return -1;              /* xorshift never reaches zero */
    m->g = g;
    m->mode = buf[3];
    m->kind[BG_BLUE] = buf[4];
    m->kind[BG_GREEN] = buf[5];
    m->level = buf[6];
    m->pace = buf[7];
    m->from_setup = buf[8];
    m->rng.s = s;
    return 0;
}
