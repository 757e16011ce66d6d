/*
 * hp_memory.c - the machine's memory: the active move list (page 04,
 * 000..136) that it zeroes as it learns.  Reset (RSTR), validation, merging
 * strikes from another copy, bytes for storage and back, a game in
 * progress to bytes and back, and a description of what it has learned
 * (with the one-line board both the tool and the dialogue print).
 *
 * A valid memory is the RESTORE list with some moves struck (zeroed): the
 * 200 terminators stay where they are, and nothing else can appear.  So a
 * memory shared by many players only ever gains strikes, and two copies
 * merge by striking in one what is struck in the other.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "hp.h"

enum { HP_MEMORY_VERSION = 1, HP_STATE_VERSION = 1 };

/* Both kinds of bytes open with 'H', a kind letter and a version. */
static int hp_head_put(uint8_t *buf, size_t n, size_t need, char kind,
                       uint8_t version)
{
    if (n < need)
        return 0;
    buf[0] = 'H';
    buf[1] = (uint8_t)kind;
    buf[2] = version;
    return 1;
}

static int hp_head_ok(const uint8_t *buf, size_t n, size_t need, char kind,
                      uint8_t version)
{
    return n == need && buf[0] == 'H' && buf[1] == (uint8_t)kind &&
           buf[2] == version;
}

void hp_memory_reset(hp_memory *mem)
{
    /* RSTR: the RESTORE list onto the active list. */
    memcpy(mem->list, hp_restore, HP_MEMORY_SIZE);
}

int hp_memory_valid(const hp_memory *mem)
{
    for (int i = 0; i < HP_MEMORY_SIZE; i++) {
        uint8_t v = mem->list[i], r = hp_restore[i];
        if (v != r && (r == HP_END || v != 0))
            return 0;
    }
    return 1;
}

int hp_memory_struck(const hp_memory *mem)
{
    int n = 0;
    for (int i = 0; i < HP_MEMORY_SIZE; i++)
        n += hp_restore[i] != HP_END && mem->list[i] == 0;
    return n;
}

void hp_memory_merge(hp_memory *dst, const hp_memory *src)
{
    for (int i = 0; i < HP_MEMORY_SIZE; i++)
        if (hp_restore[i] != HP_END && src->list[i] == 0)
            dst->list[i] = 0;
}

size_t hp_memory_save(const hp_memory *mem, uint8_t *buf, size_t n)
{
    if (!hp_head_put(buf, n, HP_MEMORY_BYTES, 'M', HP_MEMORY_VERSION))
        return 0;
    memcpy(buf + 3, mem->list, HP_MEMORY_SIZE);
    return HP_MEMORY_BYTES;
}

int hp_memory_load(hp_memory *mem, const uint8_t *buf, size_t n)
{
    hp_memory t;
    if (!hp_head_ok(buf, n, HP_MEMORY_BYTES, 'M', HP_MEMORY_VERSION))
        return -1;
    memcpy(t.list, buf + 3, HP_MEMORY_SIZE);
    if (!hp_memory_valid(&t))
        return -1;
    *mem = t;
    return 0;
}

size_t hp_state_save(const hp_state *st, uint8_t *buf, size_t n)
{
    if (!hp_head_put(buf, n, HP_STATE_BYTES, 'S', HP_STATE_VERSION))
        return 0;
    buf[3] = st->x;
    buf[4] = st->o;
    buf[5] = st->last;
    return HP_STATE_BYTES;
}

int hp_state_load(hp_state *st, const uint8_t *buf, size_t n)
{
    if (!hp_head_ok(buf, n, HP_STATE_BYTES, 'S', HP_STATE_VERSION))
        return -1;
    uint8_t x = buf[3], o = buf[4], last = buf[5];
    /* X only on 1..6 (B1, B0 unused), O only on 4..9 (B7, B6 unused), not
     * both on one of 4..6, and a last move inside the move list. */
    if ((x & 003) || (o & 0300) || ((x >> 2) & (o >> 3) & 007) ||
        last >= HP_MEMORY_SIZE)
        return -1;
    hp_init(st);
    st->x = x;
    st->o = o;
    st->last = last;
    return 0;
}

int hp_learned(const hp_memory *mem, hp_learned_model out[HP_MODELS])
{
    int struck = 0;
    memset(out, 0, HP_MODELS * sizeof out[0]);
    for (int k = 0; k < HP_MODELS; k++) {
        hp_learned_model *lm = &out[k];
        lm->model = (uint8_t)(k + 1);
        lm->x = hp_model[k][0];
        lm->o = hp_model[k][1];
        for (unsigned p = hp_model_index[k];
             p < HP_MEMORY_SIZE && hp_restore[p] != HP_END && lm->n < 3;
             p++) {
            uint8_t v = hp_restore[p];
            const uint8_t *m = hp_move[v - 1];
            hp_learned_move *mv = &lm->mv[lm->n++];
            mv->move = v;
            mv->from = hp_move_squares[v - 1][0];
            mv->to = hp_move_squares[v - 1][1];
            mv->kind = (m[3] & 0200) ? HP_KIND_WIN
                     : m[3] ? HP_KIND_DRAW
                     : m[2] ? HP_KIND_CAPTURE : HP_KIND_STEP;
            mv->struck = mem->list[p] == 0;
            mv->addr = (uint8_t)p;
            struck += mv->struck;
            lm->left += !mv->struck;
        }
    }
    return struck;
}

int hp_memory_moves(void)
{
    int n = 0;
    for (int i = 0; i < HP_MEMORY_SIZE; i++)
        n += hp_restore[i] != HP_END;
    return n;
}

void hp_board_text(uint8_t x, uint8_t o, char out[HP_BOARD_TEXT_SIZE])
{
    hp_state st;
    hp_init(&st);
    st.x = x;
    st.o = o;
    int j = 0;
    for (int sq = 1; sq <= 9; sq++) {
        int c = hp_square(&st, sq);
        out[j++] = c == ' ' ? '.' : (char)c;
        if (sq == 3 || sq == 6)
            out[j++] = '/';
    }
    out[j] = 0;
}
