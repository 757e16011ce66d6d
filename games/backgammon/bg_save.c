/*
 * bg_save.c - a game to bytes and back, for the resume codes.
 *
 * Version 1, little-endian, 93 bytes at most:
 *    0  'B' 'G' 1          magic and version
 *    3  rules, turn, winner (255: none), dice[2]
 *    8  moves[2]           two 16-bit counts
 *   12  name[2]            ten bytes each, NUL padded
 *   32  pos                the 50 bytes of bg_pos (s[0]: colour on roll)
 *   82  n                  moves typed so far this turn, then n (from, to)
 *   ..  sum                16-bit Fletcher sum of everything before it
 * Loading checks every field and replays the typed moves through the
 * rules, so a save can never put the game in an impossible state.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "bg.h"

static uint16_t fletcher(const uint8_t *b, size_t n)
{
    unsigned a = 0, c = 0;
    for (size_t i = 0; i < n; i++) {
        a = (a + b[i]) % 255;
        c = (c + a) % 255;
    }
    return (uint16_t)(c << 8 | a);
}

size_t bg_save(const bg_state *g, uint8_t *buf, size_t size)
{
    uint8_t b[BG_SAVE_MAX];
    size_t n = 0;
    b[n++] = 'B';
    b[n++] = 'G';
    b[n++] = 1;
    b[n++] = (uint8_t)g->rules;
    b[n++] = (uint8_t)g->turn;
    b[n++] = (uint8_t)(g->winner < 0 ? 255 : g->winner);
    b[n++] = g->dice[0];
    b[n++] = g->dice[1];
    for (int k = 0; k < 2; k++) {
        b[n++] = (uint8_t)(g->moves[k] & 255);
        b[n++] = (uint8_t)(g->moves[k] >> 8);
    }
    for (int k = 0; k < 2; k++) {
        memset(b + n, 0, BG_NAME_MAX + 1);
        memcpy(b + n, g->name[k], strnlen(g->name[k], BG_NAME_MAX));
        n += BG_NAME_MAX + 1;
    }
    memcpy(b + n, &g->pos, sizeof g->pos);
    n += sizeof g->pos;
    const bg_turn *t = &g->tn;
    int ne = g->dice[0] ? t->nentries : 0;
    b[n++] = (uint8_t)ne;
    for (int e = 0, s = 0; e < ne; s += t->entry_len[e], e++) {
        b[n++] = t->played[s].from;
        b[n++] = t->played[s + t->entry_len[e] - 1].to;
    }
    uint16_t sum = fletcher(b, n);
    b[n++] = (uint8_t)(sum & 255);
    b[n++] = (uint8_t)(sum >> 8);
    if (n > size)
        return 0;
    memcpy(buf, b, n);
    return n;
}

int bg_load(bg_state *g, const uint8_t *b, size_t len)
{
    bg_state s;
    if (len < 85 || b[0] != 'B' || b[1] != 'G' || b[2] != 1)
        return -1;
    size_t body = 83 + 2 * (size_t)b[82];
    if (b[82] > 4 || len != body + 2 ||
        fletcher(b, body) != (uint16_t)(b[body] | b[body + 1] << 8))
        return -1;
    memset(&s, 0, sizeof s);
    s.rules = b[3];
    s.turn = b[4];
    s.winner = b[5] == 255 ? -1 : b[5];
    if (s.rules > BG_RULES_STANDARD || s.turn > 1 || s.winner > 1)
        return -1;
    for (int k = 0; k < 2; k++) {
        s.moves[k] = b[8 + 2 * k] | b[9 + 2 * k] << 8;
        memcpy(s.name[k], b + 12 + (BG_NAME_MAX + 1) * k, BG_NAME_MAX + 1);
        if (s.name[k][BG_NAME_MAX])
            return -1;
    }
    memcpy(&s.pos, b + 32, sizeof s.pos);
    if (bg_pos_check(&s.pos, s.rules) != 0)
        return -1;
    if (s.winner >= 0 ? !bg_pos_won(&s.pos, 0)
                      : bg_pos_won(&s.pos, 0) || bg_pos_won(&s.pos, 1))
        return -1;
    int d1 = b[6], d2 = b[7];
    if ((d1 == 0) != (d2 == 0) || d1 > 6 || d2 > 6 || (d1 && s.winner >= 0))
        return -1;
    if (d1) {
        bg_state_throw(&s, d1, d2);
        for (int e = 0; e < b[82]; e++)
            if (bg_turn_play(&s.tn, b[83 + 2 * e], b[84 + 2 * e]) != BG_OK)
                return -1;
    } else if (b[82]) {
        return -1;
    }
    *g = s;
    return 0;
}
