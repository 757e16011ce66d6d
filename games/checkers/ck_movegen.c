/*
 * ck_movegen.c - the legal move generator and perft (the S0 notes' FIND).
 *
 * Plain moves are found a whole side at a time with shifts.  Jumps are
 * followed piece by piece, depth first, with each captured piece taken off
 * the board at once: a piece may not be jumped twice, and since a jumping
 * piece only ever lands on squares of its own colour class it can never
 * land where a captured piece stood, so removing it early changes nothing
 * else.  The jumping piece's own origin counts as empty (a king may pass
 * over it or come back to it).  A man that reaches the far row is crowned
 * and its move ends there, even in the middle of a jump.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "ck_board.h"

typedef struct ck_gen {
    ck_move *out;
    int n;
    uint32_t empty;     /* empty squares, the jumping piece's origin too */
    uint32_t crown;     /* the row where the side's men are crowned */
    uint8_t from;
    int black;          /* 1 if black is moving (men go down) */
} ck_gen;

static void ck_emit(ck_gen *g, uint32_t at, uint32_t cap, int king)
{
    ck_move m = { cap, g->from, (uint8_t)ck_lsb(at) };
    /* Only a king can reach one square by two routes over the same
     * pieces (a circuit taken either way round); a man's captures are
     * ordered by rank, so its routes always differ in what they take. */
    if (king)
        for (int i = 0; i < g->n; i++)
            if (g->out[i].from == m.from && g->out[i].to == m.to &&
                g->out[i].cap == cap)
                return;
    if (g->n < CK_MAX_MOVES)
        g->out[g->n++] = m;
}

/* Continue a jump from 'at' over the pieces in 'opp'. */
static void ck_jump(ck_gen *g, uint32_t at, uint32_t opp, uint32_t cap,
                    int king)
{
    uint32_t land[4], mid[4];
    int n = 0;
    uint32_t x;

    if (king || g->black) {
        if ((x = ck_dl(at) & opp) && (land[n] = ck_dl(x) & g->empty))
            mid[n++] = x;
        if ((x = ck_dr(at) & opp) && (land[n] = ck_dr(x) & g->empty))
            mid[n++] = x;
    }
    if (king || !g->black) {
        if ((x = ck_ul(at) & opp) && (land[n] = ck_ul(x) & g->empty))
            mid[n++] = x;
        if ((x = ck_ur(at) & opp) && (land[n] = ck_ur(x) & g->empty))
            mid[n++] = x;
    }
    if (n == 0) {
        if (cap)
            ck_emit(g, at, cap, king);
        return;
    }
    for (int i = 0; i < n; i++) {
        if (!king && (land[i] & g->crown))
            ck_emit(g, land[i], cap | mid[i], 0);
        else
            ck_jump(g, land[i], opp & ~mid[i], cap | mid[i], king);
    }
}

/* The pieces of 'me' that have a jump available. */
static uint32_t ck_jumpers_of(uint32_t men, uint32_t kings, uint32_t opp,
                              uint32_t empty, int black)
{
    uint32_t down = black ? men | kings : kings;
    uint32_t up = black ? kings : men | kings;
    uint32_t j = 0;
    j |= down & ck_ur(ck_ur(empty) & opp);  /* jumps down-left */
    j |= down & ck_ul(ck_ul(empty) & opp);  /* down-right */
    j |= up & ck_dr(ck_dr(empty) & opp);    /* up-left */
    j |= up & ck_dl(ck_dl(empty) & opp);    /* up-right */
    return j;
}

/* Split a position into the mover's men and kings and the rest. */
typedef struct ck_sides {
    uint32_t men, kings, opp, empty;
    int black;
} ck_sides;

static inline ck_sides ck_sides_of(const ck_pos *p)
{
    ck_sides s;
    uint32_t me = ck_mine(p);
    s.opp = ck_theirs(p);
    s.kings = me & p->kings;
    s.men = me & ~p->kings;
    s.empty = ~(me | s.opp);
    s.black = p->turn == CK_BLACK;
    return s;
}

uint32_t ck_jumpers(const ck_pos *p)
{
    ck_sides s = ck_sides_of(p);
    return ck_jumpers_of(s.men, s.kings, s.opp, s.empty, s.black);
}

int ck_must_capture(const ck_pos *p)
{
    return ck_jumpers(p) != 0;
}

/* Pieces with a plain (non-capturing) step available. */
static uint32_t ck_steppers_of(const ck_sides *s)
{
    uint32_t down = s->black ? s->men | s->kings : s->kings;
    uint32_t up = s->black ? s->kings : s->men | s->kings;
    return (down & (ck_ur(s->empty) | ck_ul(s->empty))) |
           (up & (ck_dr(s->empty) | ck_dl(s->empty)));
}

uint32_t ck_movers(const ck_pos *p)
{
    ck_sides s = ck_sides_of(p);
    uint32_t j = ck_jumpers_of(s.men, s.kings, s.opp, s.empty, s.black);
    return j ? j : ck_steppers_of(&s);
}

static int ck_gen_jumps(const ck_sides *s, uint32_t jumpers, ck_move *out)
{
    ck_gen g;
    g.out = out;
    g.n = 0;
    g.crown = s->black ? CK_ROW7 : CK_ROW0;
    g.black = s->black;
    while (jumpers) {
        uint32_t b = jumpers & -jumpers;
        jumpers ^= b;
        g.from = (uint8_t)ck_lsb(b);
        g.empty = s->empty | b;
        ck_jump(&g, b, s->opp, 0, (s->kings & b) != 0);
    }
    return g.n;
}

/* Append one plain move per set bit of 'dest', whose origins are 'dest'
 * shifted back by 'back'. */
static inline int ck_emit_steps(ck_move *out, int n, uint32_t dest,
                                uint32_t (*back)(uint32_t))
{
    for (; dest; dest &= dest - 1) {
        uint32_t b = dest & -dest;
        out[n].cap = 0;
        out[n].from = (uint8_t)ck_lsb(back(b));
        out[n].to = (uint8_t)ck_lsb(b);
        n++;
    }
    return n;
}

int ck_gen_moves(const ck_pos *p, ck_move *out)
{
    ck_sides s = ck_sides_of(p);
    uint32_t j = ck_jumpers_of(s.men, s.kings, s.opp, s.empty, s.black);
    if (j)
        return ck_gen_jumps(&s, j, out);
    uint32_t down = s.black ? s.men | s.kings : s.kings;
    uint32_t up = s.black ? s.kings : s.men | s.kings;
    int n = 0;
    /* At most 12 pieces with 4 steps each: 48 < CK_MAX_MOVES. */
    n = ck_emit_steps(out, n, ck_dl(down) & s.empty, ck_ur);
    n = ck_emit_steps(out, n, ck_dr(down) & s.empty, ck_ul);
    n = ck_emit_steps(out, n, ck_ul(up) & s.empty, ck_dr);
    n = ck_emit_steps(out, n, ck_ur(up) & s.empty, ck_dl);
    return n;
}

int ck_count_moves(const ck_pos *p)
{
    ck_sides s = ck_sides_of(p);
    uint32_t j = ck_jumpers_of(s.men, s.kings, s.opp, s.empty, s.black);
    if (j) {
        ck_move buf[CK_MAX_MOVES];
        return ck_gen_jumps(&s, j, buf);
    }
    uint32_t down = s.black ? s.men | s.kings : s.kings;
    uint32_t up = s.black ? s.kings : s.men | s.kings;
    return ck_popcount(ck_dl(down) & s.empty) +
           ck_popcount(ck_dr(down) & s.empty) +
           ck_popcount(ck_ul(up) & s.empty) +
           ck_popcount(ck_ur(up) & s.empty);
}

static uint64_t ck_perft_rec(const ck_pos *p, int depth)
{
    if (depth == 1)
        return (uint64_t)ck_count_moves(p);
    ck_move mv[CK_MAX_MOVES];
    int n = ck_gen_moves(p, mv);
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        ck_pos q = *p;
        ck_make(&q, mv[i]);
        sum += ck_perft_rec(&q, depth - 1);
    }
    return sum;
}

uint64_t ck_perft(const ck_pos *p, int depth)
{
    if (depth <= 0)
        return 1;
    return ck_perft_rec(p, depth);
}

/* ---- Routes (for notation) ----------------------------------------- */

typedef struct ck_walk {
    const ck_gen *g;
    ck_route *out;
    int n, max;
    uint8_t path[CK_MAX_PATH];
} ck_walk;

/* The same tree as ck_jump, remembering the squares landed on. */
static void ck_walk_jump(ck_walk *w, uint32_t at, uint32_t opp, uint32_t cap,
                         int king, int depth)
{
    const ck_gen *g = w->g;
    uint32_t (*const dirs[4])(uint32_t) = { ck_dl, ck_dr, ck_ul, ck_ur };
    int any = 0;
    w->path[depth] = (uint8_t)ck_lsb(at);
    for (int d = 0; d < 4; d++) {
        if (!king && (d < 2) != g->black)
            continue;
        uint32_t mid = dirs[d](at) & opp;
        uint32_t land = mid ? dirs[d](mid) & g->empty : 0;
        if (!land)
            continue;
        any = 1;
        if (!king && (land & g->crown)) {
            w->path[depth + 1] = (uint8_t)ck_lsb(land);
            ck_walk_jump(w, land, 0, cap | mid, 0, depth + 1);
        } else {
            ck_walk_jump(w, land, opp & ~mid, cap | mid, king, depth + 1);
        }
    }
    if (!any && cap && w->n < w->max) {
        ck_route *r = &w->out[w->n++];
        r->m.cap = cap;
        r->m.from = g->from;
        r->m.to = (uint8_t)ck_lsb(at);
        r->len = (uint8_t)(depth + 1);
        memcpy(r->path, w->path, (size_t)depth + 1);
    }
}

int ck_gen_routes(const ck_pos *p, ck_route *out, int max)
{
    ck_sides s = ck_sides_of(p);
    uint32_t j = ck_jumpers_of(s.men, s.kings, s.opp, s.empty, s.black);
    if (!j) {
        ck_move mv[CK_MAX_MOVES];
        int n = ck_gen_moves(p, mv), k = 0;
        for (int i = 0; i < n && k < max; i++, k++) {
            out[k].m = mv[i];
            out[k].len = 2;
            out[k].path[0] = mv[i].from;
            out[k].path[1] = mv[i].to;
        }
        return k;
    }
    ck_gen g;
    ck_walk w = { &g, out, 0, max, { 0 } };
    g.out = NULL;
    g.n = 0;
    g.crown = s.black ? CK_ROW7 : CK_ROW0;
    g.black = s.black;
    while (j) {
        uint32_t b = j & -j;
        j ^= b;
        g.from = (uint8_t)ck_lsb(b);
        g.empty = s.empty | b;
        /* A man crowned in mid-jump stops: ck_walk_jump is then called
         * with no pieces left to take, so it records the route. */
        ck_walk_jump(&w, b, s.opp, 0, (s.kings & b) != 0, 0);
    }
    return w.n;
}

int ck_move_path(const ck_pos *p, ck_move m, uint8_t path[CK_MAX_PATH])
{
    ck_route r[CK_MAX_ROUTES];
    int n = ck_gen_routes(p, r, CK_MAX_ROUTES);
    for (int i = 0; i < n; i++)
        if (ck_move_equal(r[i].m, m)) {
            memcpy(path, r[i].path, r[i].len);
            return r[i].len;
        }
    return 0;
}
