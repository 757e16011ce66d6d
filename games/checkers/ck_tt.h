/*
 * ck_tt.h - inside the transposition table (the search's own use; the
 * table itself is declared in ck_search.h for the caller to own).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef CK_TT_H
#define CK_TT_H

#include "ck_search.h"

enum { CK_BOUND_NONE = 0, CK_BOUND_UPPER = 1, CK_BOUND_LOWER = 2,
       CK_BOUND_EXACT = 3 };

struct ck_tt_entry {
    uint32_t key;       /* the upper half of the position key */
    uint32_t cap;       /* best move: captured pieces */
    int16_t score;      /* mate scores stored relative to this node */
    uint8_t from, to;   /* best move; from == 0xFF when none */
    uint8_t depth;
    uint8_t flags;      /* bound in bits 0-1, generation in bits 2-7 */
    uint16_t pad;
};

#define CK_TT_BUCKET 4

/* Start fetching the bucket of key into the cache. */
static inline void ck_tt_prefetch(const ck_tt *tt, uint64_t key)
{
    __builtin_prefetch(tt->e + (key & tt->mask) * CK_TT_BUCKET);
}
/* The entry for key, or NULL. */
const ck_tt_entry *ck_tt_probe(const ck_tt *tt, uint64_t key);
void ck_tt_store(ck_tt *tt, uint64_t key, int depth, int bound, int score,
                 const ck_move *best);
/* A new search: older entries become first to be replaced. */
void ck_tt_new_search(ck_tt *tt);

#endif
