/*
 * gj_save.c - a game to bytes and back, for save and resume.
 *
 * Layout (version 1, little-endian):
 *   'G' 'J' version
 *   type[46]                  both set-ups, by piece id
 *   turn result winner
 *   nhist (2 bytes), then nhist records of 6 bytes:
 *       from to mover target victor outcome
 *   sq[46], flags[46] (2 bytes each), ndead, dead[ndead]
 * Everything after the set-ups follows from them and the history, so the
 * loader replays the history and refuses a save that disagrees with itself.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "gj.h"

enum { REC_BYTES = 6 };

size_t gj_save(const gj_game *g, uint8_t *buf, size_t cap)
{
    size_t need = 3 + GJ_PIECES + 3 + 2 + (size_t)g->nhist * REC_BYTES +
                  GJ_PIECES + 2 * GJ_PIECES + 1 + g->ndead;
    if (cap < need)
        return need;
    uint8_t *p = buf;
    *p++ = 'G';
    *p++ = 'J';
    *p++ = GJ_SAVE_VERSION;
    memcpy(p, g->type, GJ_PIECES);
    p += GJ_PIECES;
    *p++ = g->turn;
    *p++ = g->result;
    *p++ = g->winner;
    *p++ = (uint8_t)(g->nhist & 0xff);
    *p++ = (uint8_t)(g->nhist >> 8);
    for (int i = 0; i < g->nhist; i++) {
        const gj_rec *r = &g->hist[i];
        *p++ = r->from;
        *p++ = r->to;
        *p++ = (uint8_t)r->mover;
        *p++ = (uint8_t)r->target;
        *p++ = (uint8_t)r->victor;
        *p++ = r->outcome;
    }
    for (int id = 0; id < GJ_PIECES; id++)
        *p++ = (uint8_t)g->sq[id];
    for (int id = 0; id < GJ_PIECES; id++) {
        *p++ = (uint8_t)(g->flags[id] & 0xff);
        *p++ = (uint8_t)(g->flags[id] >> 8);
    }
    *p++ = g->ndead;
    memcpy(p, g->dead, g->ndead);
    return need;
}

/* A bounded reader over the save. */
typedef struct reader { const uint8_t *p; size_t left; int bad; } reader;

static int rd(reader *r)
{
    if (!r->left) {
        r->bad = 1;
        return 0;
    }
    r->left--;
    return *r->p++;
}

static int rd16(reader *r)
{
    int lo = rd(r);
    return lo | rd(r) << 8;
}

static int replay(gj_game *g, reader *in)
{
    gj_setup s[2];
    for (int id = 0; id < GJ_PIECES; id++)
        s[GJ_SIDE_OF(id)].type[id % GJ_SIDE_PIECES] = (uint8_t)rd(in);
    int turn = rd(in), result = rd(in), winner = rd(in);
    int nhist = rd16(in);
    if (in->bad || nhist > GJ_MAX_PLIES || gj_game_init(g, &s[0], &s[1]))
        return -1;
    for (int i = 0; i < nhist; i++) {
        uint8_t b[REC_BYTES];
        for (int j = 0; j < REC_BYTES; j++)
            b[j] = (uint8_t)rd(in);
        gj_rec r;
        if (in->bad || gj_play(g, b[0], b[1], &r) ||
            r.from != b[0] || r.to != b[1] || (uint8_t)r.mover != b[2] ||
            (uint8_t)r.target != b[3] || (uint8_t)r.victor != b[4] ||
            r.outcome != b[5])
            return -1;
    }
    if (result == GJ_WIN_RESIGN && g->result == GJ_PLAYING)
        gj_resign(g, !winner);
    if (g->turn != turn || g->result != result || g->winner != winner)
        return -1;
    for (int id = 0; id < GJ_PIECES; id++)
        if ((int8_t)rd(in) != g->sq[id])
            return -1;
    for (int id = 0; id < GJ_PIECES; id++)
        if (rd16(in) != g->flags[id])
            return -1;
    int ndead = rd(in);
    if (in->bad || ndead != g->ndead)
        return -1;
    for (int i = 0; i < ndead; i++)
        if (rd(in) != g->dead[i])
            return -1;
    return in->bad || in->left ? -1 : 0;
}

int gj_load(gj_game *g, const uint8_t *buf, size_t len)
{
    if (len < 3 || buf[0] != 'G' || buf[1] != 'J' ||
        buf[2] != GJ_SAVE_VERSION)
        return -1;
    reader in = { buf + 3, len - 3, 0 };
    gj_game *tmp = malloc(sizeof *tmp);   /* large for a coroutine stack */
    if (!tmp)
        return -1;
    int rc = replay(tmp, &in);
    if (rc == 0)
        *g = *tmp;
    free(tmp);
    return rc;
}
