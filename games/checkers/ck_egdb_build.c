/*
 * ck_egdb_build.c - solving the endgames by retrograde analysis.
 *
 * A slice is solved together with its mirror (a plain move of black's in
 * one leads to the other with white to move, which the mirror stores as
 * black to move).  Each position gets one byte while its pair is solved:
 *
 *   bits 6-7  0 not yet known, 1 won, 2 lost, 3 no position
 *   bit 5     known but not yet passed back to the positions before it
 *   bits 0-4  moves not yet known to lose (at most 24 with 6 pieces)
 *
 * 1. Every position's moves are generated once.  A move that leaves the
 *    pair (a capture, a crowning) reaches a slice already solved: if that
 *    position is lost for the other side this one is won; if it is won
 *    for the other side the move is struck off; a drawn one stays counted.
 *    A move inside the pair is counted.  No move left: lost.
 * 2. Every position newly known is taken back: each way the other side's
 *    last move could have been made inside the pair (a man one step back,
 *    a king one step any way, in a position where that side had no capture,
 *    since capturing is compulsory) gives a position before it.  A lost
 *    position makes each one before it won; a won one strikes one move
 *    off each, and a position with no move left is lost.  Passes over the
 *    pair repeat until nothing new is known.
 * 3. What is still not known is a draw: neither side can force anything.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ck_clock.h"
#include "ck_egdb.h"
#include "ck_egdb_file.h"

enum { ST_UNK = 0, ST_WIN = 1, ST_LOSS = 2, ST_NONE = 3 };
#define PENDING 0x20u
#define COUNT 0x1Fu

static inline int st_of(uint8_t e) { return e >> 6; }

typedef struct ck_builder {
    /* Packed values (2 bits a position, 3 = no position) of the slices
     * solved so far, by slice code. */
    uint8_t *done[CK_SLICE_CODES];
    uint64_t size[CK_SLICE_CODES];
    /* The pair being solved. */
    ck_slice pair[2];
    uint8_t *cell[2];
    int npair;
} ck_builder;

static inline int pk_get(const uint8_t *a, uint64_t i)
{
    return (a[i >> 2] >> ((i & 3) * 2)) & 3;
}

/* The value of a position with black to move in a solved slice, for
 * black. */
static int ck_done_value(const ck_builder *b, const ck_pos *q)
{
    if (!q->bl)
        return CK_EGDB_LOSS;
    if (!q->wh)
        return CK_EGDB_WIN;
    ck_slice t = ck_slice_of(q);
    const uint8_t *a = b->done[ck_slice_code(t)];
    return a ? pk_get(a, ck_egdb_index(q, t)) : CK_EGDB_UNKNOWN;
}

static int ck_pair_of(const ck_builder *b, ck_slice t)
{
    for (int k = 0; k < b->npair; k++)
        if (ck_slice_code(b->pair[k]) == ck_slice_code(t))
            return k;
    return -1;
}

/* Step 1 for one slice of the pair. */
static int ck_first_look(ck_builder *b, int k, char *err, size_t errsize)
{
    ck_slice s = b->pair[k];
    uint8_t *cell = b->cell[k];
    uint64_t n = ck_slice_size(s);
    for (uint64_t i = 0; i < n; i++) {
        ck_pos p;
        if (!ck_egdb_unindex(s, i, &p)) {
            cell[i] = ST_NONE << 6;
            continue;
        }
        ck_move mv[CK_MAX_MOVES];
        int nm = ck_gen_moves(&p, mv), count = 0, won = 0;
        for (int j = 0; j < nm && !won; j++) {
            ck_pos q, r;
            q = p;
            ck_make(&q, mv[j]);
            ck_pos_flip(&q, &r);
            ck_slice t = ck_slice_of(&r);
            if (r.bl && r.wh && ck_pair_of(b, t) >= 0) {
                count++;
                continue;
            }
            int v = ck_done_value(b, &r);
            if (v == CK_EGDB_UNKNOWN) {
                snprintf(err, errsize, "slice %d%d%d%d reached before it "
                         "was solved", t.bm, t.bk, t.wm, t.wk);
                return -1;
            }
            if (v == CK_EGDB_LOSS)
                won = 1;
            else if (v == CK_EGDB_DRAW)
                count++;
        }
        if (count > (int)COUNT) {
            snprintf(err, errsize, "a position with %d moves", count);
            return -1;
        }
        if (won)
            cell[i] = (uint8_t)((ST_WIN << 6) | PENDING);
        else if (count == 0)
            cell[i] = (uint8_t)((ST_LOSS << 6) | PENDING);
        else
            cell[i] = (uint8_t)count;
    }
    return 0;
}

/* Pass a known position back to the positions before it (step 2). */
static void ck_take_back(ck_builder *b, int k, uint64_t i, int st)
{
    ck_pos q;
    ck_egdb_unindex(b->pair[k], i, &q);
    uint32_t empty = ~(q.bl | q.wh);
    uint32_t wmen = q.wh & ~q.kings;
    for (uint32_t w = q.wh; w; w &= w - 1) {
        uint32_t t = w & -w;
        /* White men move up the board, so came from below. */
        uint32_t from = (ck_dl(t) | ck_dr(t)) & empty;
        if (!(t & wmen))
            from |= (ck_ul(t) | ck_ur(t)) & empty;
        for (; from; from &= from - 1) {
            uint32_t f = from & -from;
            ck_pos p = q, r;
            p.wh = (p.wh & ~t) | f;
            if (t & q.kings)
                p.kings = (p.kings & ~t) | f;
            p.turn = CK_WHITE;
            if (ck_must_capture(&p))
                continue;
            ck_pos_flip(&p, &r);
            ck_slice rs = ck_slice_of(&r);
            int kk = ck_pair_of(b, rs);
            uint8_t *e = &b->cell[kk][ck_egdb_index(&r, rs)];
            if (st_of(*e) != ST_UNK)
                continue;
            if (st == ST_LOSS) {
                *e = (uint8_t)((ST_WIN << 6) | PENDING);
            } else {
                *e = (uint8_t)(*e - 1);
                if ((*e & COUNT) == 0)
                    *e = (uint8_t)((ST_LOSS << 6) | PENDING);
            }
        }
    }
}

static int ck_solve_pair(ck_builder *b, const volatile int *cancel,
                         char *err, size_t errsize)
{
    for (int k = 0; k < b->npair; k++) {
        uint64_t n = ck_slice_size(b->pair[k]);
        b->cell[k] = malloc(n ? n : 1);
        if (!b->cell[k]) {
            snprintf(err, errsize, "out of memory (%llu bytes)",
                     (unsigned long long)n);
            return -1;
        }
    }
    for (int k = 0; k < b->npair; k++)
        if (ck_first_look(b, k, err, errsize) < 0)
            return -1;
    for (int changed = 1; changed;) {
        changed = 0;
        if (cancel && *cancel) {
            snprintf(err, errsize, "cancelled");
            return -1;
        }
        for (int k = 0; k < b->npair; k++) {
            uint64_t n = ck_slice_size(b->pair[k]);
            uint8_t *cell = b->cell[k];
            for (uint64_t i = 0; i < n; i++) {
                if (!(cell[i] & PENDING))
                    continue;
                cell[i] &= (uint8_t)~PENDING;
                changed = 1;
                ck_take_back(b, k, i, st_of(cell[i]));
            }
        }
    }
    /* Step 3, and pack. */
    for (int k = 0; k < b->npair; k++) {
        ck_slice s = b->pair[k];
        uint64_t n = ck_slice_size(s);
        uint8_t *pk = calloc((size_t)(n + 3) / 4, 1);
        if (!pk) {
            snprintf(err, errsize, "out of memory");
            return -1;
        }
        for (uint64_t i = 0; i < n; i++) {
            int st = st_of(b->cell[k][i]);
            int v = st == ST_WIN ? CK_EGDB_WIN
                    : st == ST_LOSS ? CK_EGDB_LOSS
                    : st == ST_NONE ? CK_EGDB_NOPOS : CK_EGDB_DRAW;
            pk[i >> 2] |= (uint8_t)(v << ((i & 3) * 2));
        }
        b->done[ck_slice_code(s)] = pk;
        b->size[ck_slice_code(s)] = n;
        free(b->cell[k]);
        b->cell[k] = NULL;
    }
    return 0;
}

/* The slices of n pieces, each pair once (the slice whose code is not
 * above its mirror's), in the order they can be solved: fewer men
 * first, since crowning turns a man into a king. */
static int ck_pairs_of(int n, ck_slice *out)
{
    int cnt = 0;
    for (int men = 0; men <= n; men++)
        for (int bm = 0; bm <= men; bm++) {
            int wm = men - bm;
            for (int bk = 0; bk <= n - men; bk++) {
                int wk = n - men - bk;
                ck_slice s = { (uint8_t)bm, (uint8_t)bk, (uint8_t)wm,
                               (uint8_t)wk };
                if (bm + bk == 0 || wm + wk == 0 || bm + bk > 12 ||
                    wm + wk > 12)
                    continue;
                if (ck_slice_code(s) > ck_slice_code(ck_slice_mirror(s)))
                    continue;
                out[cnt++] = s;
            }
        }
    return cnt;
}

int ck_egdb_build(int pieces, const char *path, ck_egdb *db,
                  ck_egdb_progress_fn progress, void *ctx,
                  const volatile int *cancel, char *err, size_t errsize)
{
    if (pieces < 2 || pieces > CK_EGDB_MAXN) {
        snprintf(err, errsize, "pieces must be 2 to %d", CK_EGDB_MAXN);
        return -1;
    }
    ck_builder *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    double t0 = ck_clock_seconds();
    int rc = 0;
    ck_egdb_out out;
    ck_egdb_out_init(&out, pieces);
    for (int n = 2; n <= pieces && rc == 0; n++) {
        ck_slice list[128];
        int np = ck_pairs_of(n, list);
        for (int i = 0; i < np && rc == 0; i++) {
            double ts = ck_clock_seconds();
            b->pair[0] = list[i];
            b->pair[1] = ck_slice_mirror(list[i]);
            b->npair = ck_slice_code(b->pair[0]) ==
                               ck_slice_code(b->pair[1]) ? 1 : 2;
            rc = ck_solve_pair(b, cancel, err, errsize);
            for (int k = 0; k < b->npair; k++) {
                free(b->cell[k]);
                b->cell[k] = NULL;
            }
            if (rc)
                break;
            for (int k = 0; k < b->npair; k++) {
                int c = ck_slice_code(b->pair[k]);
                if (ck_egdb_out_add(&out, b->pair[k], b->done[c],
                                    b->size[c]) < 0) {
                    snprintf(err, errsize, "out of memory");
                    rc = -1;
                }
                if (progress)
                    progress(ctx, b->pair[k], b->size[c],
                             ck_clock_seconds() - ts);
            }
        }
    }
    if (rc == 0)
        rc = ck_egdb_out_write(&out, path, ck_clock_seconds() - t0, err,
                               errsize);
    ck_egdb_out_free(&out);
    for (int c = 0; c < CK_SLICE_CODES; c++)
        free(b->done[c]);
    free(b);
    if (rc == 0 && db)
        rc = ck_egdb_open(db, path, err, errsize);
    return rc;
}
