/*
 * bg_save.c - a game to bytes and back, for the resume codes.
 *
 * Version 2, little-endian, 106 bytes at most:
 *    0  'B' 'G' 2          magic and version
 *    3  rules, turn, winner (255: none), dice[2]
 *    8  moves[2]           two 16-bit counts
 *   12  name[2]            ten bytes each, NUL padded
 *   32  pos                the 50 bytes of bg_pos (s[0]: colour on roll)
 *   82  stakes, length, jacoby, beavers, crawford, post_crawford,
 *       owner (255: the middle), offered, kind, the cube's value as a
 *       power of two
 *   92  score[2], games, points: 16-bit each
 *  100  n                  moves typed so far this turn, then n (from, to)
 *   ..  sum                16-bit Fletcher sum of everything before it
 * Version 1 (the article's single games before the cube) stopped after
 * the position: its standard-rules games come back as 1-point matches.
 * Loading checks every field and replays the typed moves through the
 * rules, so a save can never put the game in an impossible state.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "bg.h"

enum { V1_TURN = 82, V2_STAKES = 82, V2_TURN = 100, BG_CUBE_LOG_MAX = 12 };

static uint16_t fletcher(const uint8_t *b, size_t n)
{
    unsigned a = 0, c = 0;
    for (size_t i = 0; i < n; i++) {
        a = (a + b[i]) % 255;
        c = (c + a) % 255;
    }
    return (uint16_t)(c << 8 | a);
}

static void put16(uint8_t *b, int v)
{
    b[0] = (uint8_t)(v & 255);
    b[1] = (uint8_t)((v >> 8) & 255);
}

static int get16(const uint8_t *b)
{
    return b[0] | b[1] << 8;
}

static int log2_of(int v)
{
    int k = 0;
    while ((1 << k) < v)
        k++;
    return k;
}

size_t bg_save(const bg_state *g, uint8_t *buf, size_t size)
{
    uint8_t b[BG_SAVE_MAX];
    size_t n = 0;
    b[n++] = 'B';
    b[n++] = 'G';
    b[n++] = 2;
    b[n++] = (uint8_t)g->rules;
    b[n++] = (uint8_t)g->turn;
    b[n++] = (uint8_t)(g->winner < 0 ? 255 : g->winner);
    b[n++] = g->dice[0];
    b[n++] = g->dice[1];
    for (int k = 0; k < 2; k++, n += 2)
        put16(b + n, g->moves[k]);
    for (int k = 0; k < 2; k++) {
        memset(b + n, 0, BG_NAME_MAX + 1);
        memcpy(b + n, g->name[k], strnlen(g->name[k], BG_NAME_MAX));
        n += BG_NAME_MAX + 1;
    }
    memcpy(b + n, &g->pos, sizeof g->pos);
    n += sizeof g->pos;
    b[n++] = (uint8_t)g->stakes;
    b[n++] = (uint8_t)g->length;
    b[n++] = (uint8_t)g->jacoby;
    b[n++] = (uint8_t)g->beavers;
    b[n++] = (uint8_t)g->crawford;
    b[n++] = (uint8_t)g->post_crawford;
    b[n++] = (uint8_t)(g->owner == BG_CENTRE ? 255 : g->owner);
    b[n++] = (uint8_t)g->offered;
    b[n++] = (uint8_t)g->kind;
    b[n++] = (uint8_t)log2_of(g->cube);
    put16(b + n, g->score[0]);
    put16(b + n + 2, g->score[1]);
    put16(b + n + 4, g->games);
    put16(b + n + 6, g->points);
    n += 8;
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

/* The stakes of a version 2 save (b at offset 82); 0 if they hold. */
static int load_stakes(bg_state *s, const uint8_t *b)
{
    s->stakes = b[0];
    s->length = b[1];
    s->jacoby = b[2];
    s->beavers = b[3];
    s->crawford = b[4];
    s->post_crawford = b[5];
    s->owner = b[6] == 255 ? BG_CENTRE : b[6];
    s->offered = b[7];
    s->kind = b[8];
    if (b[9] > BG_CUBE_LOG_MAX || (b[6] > 1 && b[6] != 255))
        return -1;
    s->cube = 1 << b[9];
    s->score[0] = get16(b + 10);
    s->score[1] = get16(b + 12);
    s->games = get16(b + 14);
    s->points = get16(b + 16);
    if (s->stakes > BG_MONEY || b[2] > 1 || b[3] > 1 || b[4] > 1 ||
        b[5] > 1 || b[7] > 1 || s->kind > 3)
        return -1;
    if (s->rules == BG_RULES_ATARI && s->stakes != BG_SINGLE)
        return -1;
    if (s->stakes != BG_MONEY && (s->jacoby || s->beavers))
        return -1;
    if (s->stakes == BG_SINGLE && (s->cube != 1 || s->owner != BG_CENTRE ||
                                   s->offered || s->crawford))
        return -1;
    if (s->stakes == BG_MATCH) {
        if (s->length < 1 || s->length > BG_MATCH_MAX ||
            (s->crawford && s->post_crawford))
            return -1;
        if (s->winner < 0 && (s->score[0] >= s->length ||
                              s->score[1] >= s->length))
            return -1;
    } else if (s->length || s->crawford || s->post_crawford) {
        return -1;
    }
    if (s->offered && (s->winner >= 0 || bg_state_may_double(s) !=
                       BG_DBL_THROWN))
        return -1;
    return 0;
}

int bg_load(bg_state *g, const uint8_t *b, size_t len)
{
    bg_state s;
    if (len < 85 || b[0] != 'B' || b[1] != 'G' || (b[2] != 1 && b[2] != 2))
        return -1;
    int v2 = b[2] == 2;
    size_t at = v2 ? V2_TURN : V1_TURN;
    if (len < at + 3)
        return -1;
    size_t body = at + 1 + 2 * (size_t)b[at];
    if (b[at] > 4 || len != body + 2 ||
        fletcher(b, body) != (uint16_t)(b[body] | b[body + 1] << 8))
        return -1;
    memset(&s, 0, sizeof s);
    s.rules = b[3];
    s.turn = b[4];
    s.winner = b[5] == 255 ? -1 : b[5];
    if (s.rules > BG_RULES_STANDARD || s.turn > 1 || s.winner > 1)
        return -1;
    for (int k = 0; k < 2; k++) {
        s.moves[k] = get16(b + 8 + 2 * k);
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
    s.cube = 1;
    s.owner = BG_CENTRE;
    if (v2 && load_stakes(&s, b + V2_STAKES) != 0)
        return -1;
    if (!v2 && s.rules == BG_RULES_STANDARD) {
        s.stakes = BG_MATCH;            /* only the win counted */
        s.length = 1;
    }
    int d1 = b[6], d2 = b[7];
    if ((d1 == 0) != (d2 == 0) || d1 > 6 || d2 > 6 || (d1 && s.winner >= 0))
        return -1;
    if (d1) {
        if (s.offered)
            return -1;
        bg_state_throw(&s, d1, d2);
        for (int e = 0; e < b[at]; e++)
            if (bg_turn_play(&s.tn, b[at + 1 + 2 * e], b[at + 2 + 2 * e]) !=
                BG_OK)
                return -1;
    } else if (b[at]) {
        return -1;
    }
    *g = s;
    return 0;
}
