/*
 * ck_tt.c - the transposition table: positions already searched, with the
 * depth, the bound and the best move found.  Four entries share a 64-byte
 * bucket; a store replaces the same position, else the shallowest entry
 * of an older search, else the shallowest.  The caller owns the table, so
 * each game (or each thread) has its own.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "ck_tt.h"

int ck_tt_init(ck_tt *tt, size_t bytes)
{
    size_t n = 1;
    if (bytes < 65536)
        bytes = 65536;
    while (n * 2 * sizeof(ck_tt_entry) * CK_TT_BUCKET <= bytes)
        n *= 2;
    tt->gen = 0;
    tt->mask = n - 1;
    size_t size = n * CK_TT_BUCKET * sizeof(ck_tt_entry);
    void *mem = NULL;
    /* Aligned to 2 MiB so that the kernel can back a big table with huge
     * pages: a probe is a random access, and TLB misses would dominate. */
    if (posix_memalign(&mem, size >= (2u << 20) ? (2u << 20) : 64, size)) {
        tt->e = NULL;
        tt->mask = 0;
        return -1;
    }
#ifdef MADV_HUGEPAGE
    if (size >= (2u << 20))
        madvise(mem, size, MADV_HUGEPAGE);
#endif
    tt->e = mem;
    ck_tt_clear(tt);
    return 0;
}

void ck_tt_clear(ck_tt *tt)
{
    if (tt->e)
        memset(tt->e, 0, (tt->mask + 1) * CK_TT_BUCKET * sizeof(ck_tt_entry));
    tt->gen = 0;
}

void ck_tt_free(ck_tt *tt)
{
    free(tt->e);
    tt->e = NULL;
    tt->mask = 0;
}

void ck_tt_new_search(ck_tt *tt)
{
    tt->gen = (uint8_t)((tt->gen + 1) & 63);
}

const ck_tt_entry *ck_tt_probe(const ck_tt *tt, uint64_t key)
{
    const ck_tt_entry *b = tt->e + (key & tt->mask) * CK_TT_BUCKET;
    uint32_t k = (uint32_t)(key >> 32);
    for (int i = 0; i < CK_TT_BUCKET; i++)
        if (b[i].key == k && (b[i].flags & 3) != CK_BOUND_NONE)
            return &b[i];
    return NULL;
}

void ck_tt_store(ck_tt *tt, uint64_t key, int depth, int bound, int score,
                 const ck_move *best)
{
    ck_tt_entry *b = tt->e + (key & tt->mask) * CK_TT_BUCKET, *v = NULL;
    uint32_t k = (uint32_t)(key >> 32);
    int worst = 1 << 30;
    for (int i = 0; i < CK_TT_BUCKET; i++) {
        if (b[i].key == k || (b[i].flags & 3) == CK_BOUND_NONE) {
            v = &b[i];
            break;
        }
        int age = (tt->gen - (b[i].flags >> 2)) & 63;
        int value = b[i].depth - 8 * age;
        if (value < worst) {
            worst = value;
            v = &b[i];
        }
    }
    int same = v->key == k && (v->flags & 3) != CK_BOUND_NONE;
    /* A deeper bound from this same search is worth more than a shallower
     * one, unless the new one is exact. */
    if (same && (v->flags >> 2) == tt->gen && v->depth > depth &&
        bound != CK_BOUND_EXACT)
        return;
    v->key = k;
    v->score = (int16_t)score;
    v->depth = (uint8_t)(depth < 0 ? 0 : depth > 255 ? 255 : depth);
    v->flags = (uint8_t)(bound | (tt->gen << 2));
    if (best) {
        v->from = best->from;
        v->to = best->to;
        v->cap = best->cap;
    } else if (!same) {
        v->from = 0xFF;     /* keep the old move of the same position */
        v->to = 0;
        v->cap = 0;
    }
}
