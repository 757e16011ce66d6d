/*
 * gj_store.c - a match to bytes and back, under a resume code.
 *
 * Layout (version 2):
 *   'G' 'D' version
 *   mode kind[red] kind[blue] pause
 *   the generator's state, 8 bytes little-endian
 *   name[red], name[blue]: 16 bytes each, NUL-padded
 *   whose each side is (side_pack: SIDE_BYTES; unbound but for two
 *   terminals)
 *   the engine's save (gj_save) to the end
 * Version 1 had no sides' bytes: its two-terminal games prove no side
 * (side.h) and are asked the old way once.
 * Only a match in play is saved: set-ups are short and are not kept.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gj_ui.h"

enum { GJ_STORE_VERSION = 2, GJ_STORE_HEAD1 = 3 + 4 + 8 + 2 * GJ_NAME,
       GJ_STORE_HEAD = GJ_STORE_HEAD1 + SIDE_BYTES };

uint8_t *gj_store_pack(const gj_match *m, size_t *len)
{
    size_t game = gj_save(&m->g, NULL, 0);
    uint8_t *buf = malloc(GJ_STORE_HEAD + game);
    if (!buf)
        return NULL;
    uint8_t *p = buf;
    *p++ = 'G';
    *p++ = 'D';
    *p++ = GJ_STORE_VERSION;
    *p++ = m->mode;
    *p++ = m->kind[0];
    *p++ = m->kind[1];
    *p++ = m->pause;
    for (int i = 0; i < 8; i++)
        *p++ = (uint8_t)(m->rng.s >> (8 * i));
    for (int side = 0; side < 2; side++) {
        memset(p, 0, GJ_NAME);
        memcpy(p, m->name[side], strnlen(m->name[side], GJ_NAME - 1));
        p += GJ_NAME;
    }
    side_pack(&m->keys, p);
    p += SIDE_BYTES;
    gj_save(&m->g, p, game);
    *len = GJ_STORE_HEAD + game;
    return buf;
}

/* Who may play each side in a mode: a save must agree with its mode. */
static int kinds_fit(int mode, int red, int blue)
{
    switch (mode) {
    case GJ_MODE_COMPUTER:
    case GJ_MODE_RANDOM: {
        int machine = mode == GJ_MODE_COMPUTER ? GJ_COMPUTER_AI
                                               : GJ_RANDOM_AI;
        return (red == GJ_HUMAN && blue == machine) ||
               (blue == GJ_HUMAN && red == machine);
    }
    case GJ_MODE_HOTSEAT:
    case GJ_MODE_TWO:
        return red == GJ_HUMAN && blue == GJ_HUMAN;
    case GJ_MODE_DEMO:
        return red == GJ_COMPUTER_AI && blue == GJ_COMPUTER_AI;
    default:
        return 0;
    }
}

int gj_store_unpack(gj_match *m, const uint8_t *buf, size_t len)
{
    if (len < GJ_STORE_HEAD1 || buf[0] != 'G' || buf[1] != 'D' ||
        (buf[2] != 1 && buf[2] != GJ_STORE_VERSION) ||
        !kinds_fit(buf[3], buf[4], buf[5]))
        return -1;
    size_t head = buf[2] == 1 ? GJ_STORE_HEAD1 : GJ_STORE_HEAD;
    side_keys keys;
    memset(&keys, 0, sizeof keys);
    if (len < head || (head == GJ_STORE_HEAD &&
                       side_unpack(&keys, buf + GJ_STORE_HEAD1) != 0))
        return -1;
    if (gj_load(&m->g, buf + head, len - head) != 0)
        return -1;
    m->keys = keys;
    m->mode = buf[3];
    m->kind[0] = buf[4];
    m->kind[1] = buf[5];
    m->pause = buf[6];
    m->rng.s = 0;
    for (int i = 0; i < 8; i++)
        m->rng.s |= (uint64_t)buf[7 + i] << (8 * i);
    for (int side = 0; side < 2; side++) {
        memcpy(m->name[side], buf + 15 + side * GJ_NAME, GJ_NAME);
        m->name[side][GJ_NAME - 1] = 0;
    }
    m->started = 1;
    m->ready[0] = m->ready[1] = 1;
    return 0;
}

int gj_store_save(gj_match *m, tty_io *io)
{
    size_t len;
    uint8_t *buf = gj_store_pack(m, &len);
    if (!buf)
        return TTY_NOMEM;
    int had = m->code[0] != 0;
    char note[48];
    snprintf(note, sizeof note, "%.20s AGAINST %.20s", m->name[0], m->name[1]);
    tty_save_note(io, note);
    int rc = had ? tty_save_as(io, m->code, "gunjin", buf, len)
                 : tty_save(io, "gunjin", buf, len, m->code);
    if (rc != 0 && !had)
        m->code[0] = 0;         /* no code was given out */
    free(buf);
    return rc;
}
