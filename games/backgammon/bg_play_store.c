/*
 * bg_play_store.c - a match to bytes and back, for its resume code.
 *
 * Layout (version 3):
 *    0  'B' 'D' 3              magic and version
 *    3  mode, kind[blue], kind[green], level, pace, from_setup
 *    9  the dice generator's state, 8 bytes little-endian
 *   17  n, 16-bit: the length of the engine's save
 *   19  whose each colour is (side_pack, SIDE_BYTES = 66; unbound but
 *       for two terminals)
 *   85  the engine's save (bg_save: names, rules, position, the dice and
 *       the moves typed so far this turn, the cube and the score)
 * 85+n  the match's record (bg_record.c) to the end
 * Version 2 had no colours' bytes (the engine's save from byte 19): its
 * two-terminal games prove no side (side.h) and are asked the old way
 * once.  Version 1 (single games before the cube) had the engine's save
 * from byte 17 to the end and no record.
 * The generator goes with the game, so that a game resumed throws the
 * dice it would have thrown; the moves typed before a hang-up come back.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "bg_ui.h"

enum { BG_STORE_VERSION = 3, BG_STORE_HEAD1 = 17, BG_STORE_HEAD2 = 19,
       BG_STORE_HEAD = BG_STORE_HEAD2 + SIDE_BYTES };

uint8_t *bg_store_pack(const bg_match *m, size_t *len)
{
    uint8_t game[BG_SAVE_MAX];
    size_t n = bg_save(&m->g, game, sizeof game);
    uint8_t *buf = n ? malloc(BG_STORE_HEAD + n + m->rec.len) : NULL;
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
    *p++ = (uint8_t)(n & 255);
    *p++ = (uint8_t)(n >> 8);
    side_pack(&m->keys, p);
    p += SIDE_BYTES;
    memcpy(p, game, n);
    if (m->rec.len)
        memcpy(p + n, m->rec.buf, m->rec.len);
    *len = BG_STORE_HEAD + n + m->rec.len;
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
    if (len < BG_STORE_HEAD1 || buf[0] != 'B' || buf[1] != 'D' ||
        buf[2] < 1 || buf[2] > BG_STORE_VERSION ||
        !kinds_fit(buf[3], buf[4], buf[5]) ||
        buf[6] < BG_LEVEL_ATARI || buf[6] > BG_LEVEL_MAX || buf[7] > 99 ||
        buf[8] > 1)
        return -1;
    size_t at = BG_STORE_HEAD1, n = len - at;
    side_keys keys;
    memset(&keys, 0, sizeof keys);
    if (buf[2] > 1) {
        at = buf[2] == 2 ? BG_STORE_HEAD2 : BG_STORE_HEAD;
        if (len < at || (at == BG_STORE_HEAD &&
                         side_unpack(&keys, buf + BG_STORE_HEAD2) != 0))
            return -1;
        n = (size_t)(buf[17] | buf[18] << 8);
        if (n > len - at)
            return -1;
    }
    bg_state g;
    bg_record rec = {0};
    if (bg_load(&g, buf + at, n) != 0 || g.winner >= 0 ||
        bg_record_set(&rec, buf + at + n, len - at - n) != 0)
        return -1;
    uint64_t s = 0;
    for (int i = 0; i < 8; i++)
        s |= (uint64_t)buf[9 + i] << (8 * i);
    if (!s) {
        bg_record_free(&rec);
        return -1;              /* xorshift never reaches zero */
    }
    m->g = g;
    m->keys = keys;
    m->mode = buf[3];
    m->kind[BG_BLUE] = buf[4];
    m->kind[BG_GREEN] = buf[5];
    m->level = buf[6];
    m->pace = buf[7];
    m->from_setup = buf[8];
    m->rng.s = s;
    bg_record_free(&m->rec);
    m->rec = rec;
    return 0;
}
