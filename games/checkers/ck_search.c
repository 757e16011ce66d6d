/*
 * ck_search.c - principal-variation alpha-beta search with iterative
 * deepening (the S0 notes' tree search over 16-byte ply blocks, with the
 * alpha-beta scores carried from block to block).
 *
 * - Move order: the table's move, captures (more and kings first),
 *   the two killer moves of the ply, then the history heuristic.
 * - Quiescence: at depth 0 a position with a capture pending is not
 *   evaluated; the captures (which are forced) are searched on.
 * - Late quiet moves are searched shallower first (ck_reduction), and
 *   again at full depth if they turn out better.
 * - Draws: a position seen before with the same side to move (in the game
 *   since the last irreversible move, or on the search path) scores 0, and
 *   so does reaching the no-progress limit (see ck_state.h).
 * - Endgame databases (the expert): a position of few enough pieces is
 *   not searched but looked up while the root is not in the databases; a
 *   won one scores CK_KNOWN_WIN plus the evaluation (at most 20 men either
 *   way) less the plies to it, so that of two wins the one with more in
 *   hand is taken.  When the root itself is in the databases, the moves
 *   that would throw its value away are not searched at all, and the
 *   others are searched as without databases: the search converts a won
 *   ending by seeing the win to its end.  (Probing below such a root was
 *   tried: it puts every won line on one scale, sees no mate, and drew
 *   2 kings against 1 and 3 against 1 that the plain search wins.)
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "ck_egdb.h"
#include "ck_search.h"
#include "ck_tt.h"

/* Game history kept for repetition: the no-progress rule bounds how far
 * back a repeated position can lie. */
#define CK_HIST_KEEP (CK_NO_PROGRESS_PLIES + 2)

typedef struct ck_ctx {
    const ck_search_in *in;
    ck_tt *tt;
    uint64_t nodes;
    uint64_t t0;
    int stop;
    int cancelled;
    int noise;
    uint64_t noise_seed;
    int seldepth;
    int nbase;                  /* keys[0..nbase-1]: game history */
    uint64_t keys[CK_HIST_KEEP + CK_MAX_PLY + 2];
    ck_move killers[CK_MAX_PLY][2];
    int32_t hist[2][CK_NSQ][CK_NSQ];
    int pvlen[CK_MAX_PLY + 1];
    ck_move pv[CK_MAX_PLY + 1][CK_MAX_PLY + 1];
    /* The best root move of the iteration under way. */
    ck_move root_best;
    int root_best_set;
    /* Knowledge: the databases (NULL: none), the learned evaluation. */
    const ck_egdb *egdb;
    int learned;
    int root_pieces;
    uint64_t probes;
    /* Root moves that lose the database's value. */
    int nexcluded;
    ck_move excluded[CK_MAX_MOVES];
} ck_ctx;

/* ---- Helpers -------------------------------------------------------- */

static void ck_poll(ck_ctx *c)
{
    const ck_search_in *in = c->in;
    if (in->cancel && *in->cancel) {
        c->stop = c->cancelled = 1;
        return;
    }
    if (in->lim.nodes && c->nodes >= in->lim.nodes)
        c->stop = 1;
    if (in->lim.ms > 0 && in->clock &&
        in->clock(in->clock_ctx) - c->t0 >= (uint64_t)in->lim.ms)
        c->stop = 1;
}

/* The evaluation plus this search's noise: a fixed function of the
 * position, so the table stays consistent within the search. */
static int ck_eval_noisy(const ck_ctx *c, const ck_pos *p, uint64_t key)
{
    int v = c->learned ? ck_evaluate_learned(p) : ck_evaluate(p);
    if (c->noise > 0) {
        uint64_t h = (key ^ c->noise_seed) * 0x9e3779b97f4a7c15ull;
        v += (int)((h >> 40) % (uint64_t)(2 * c->noise + 1)) - c->noise;
    }
    return v;
}

static int ck_to_tt(int score, int ply)
{
    if (score >= CK_WIN_MIN)
        return score + ply;
    if (score <= -CK_WIN_MIN)
        return score - ply;
    return score;
}

static int ck_from_tt(int score, int ply)
{
    if (score >= CK_WIN_MIN)
        return score - ply;
    if (score <= -CK_WIN_MIN)
        return score + ply;
    return score;
}

static int ck_is_killer(const ck_ctx *c, int ply, ck_move m, int k)
{
    return ck_move_equal(c->killers[ply][k], m) &&
           (c->killers[ply][k].from != c->killers[ply][k].to ||
            c->killers[ply][k].cap);
}

/* Order keys for the moves of a node. */
static void ck_score_moves(const ck_ctx *c, const ck_pos *p, ck_move *mv,
                           int n, int *key, const ck_move *ttm, int ply)
{
    for (int i = 0; i < n; i++) {
        int s;
        if (ttm && ck_move_equal(mv[i], *ttm))
            s = 1 << 30;
        else if (mv[i].cap)
            s = (1 << 24) + 64 * ck_popcount(mv[i].cap) +
                16 * ck_popcount(mv[i].cap & p->kings) +
                8 * ck_move_crowns(p, mv[i]);
        else if (ck_is_killer(c, ply, mv[i], 0))
            s = (1 << 23) + 1;
        else if (ck_is_killer(c, ply, mv[i], 1))
            s = 1 << 23;
        else
            s = c->hist[p->turn][mv[i].from][mv[i].to] +
                (ck_move_crowns(p, mv[i]) ? 1 << 22 : 0);
        key[i] = s;
    }
}

/* Bring the best-keyed remaining move to position i. */
static void ck_pick(ck_move *mv, int *key, int n, int i)
{
    int b = i;
    for (int j = i + 1; j < n; j++)
        if (key[j] > key[b])
            b = j;
    if (b != i) {
        ck_move tm = mv[i];
        int tk = key[i];
        mv[i] = mv[b];
        key[i] = key[b];
        mv[b] = tm;
        key[b] = tk;
    }
}

static void ck_good_quiet(ck_ctx *c, const ck_pos *p, ck_move m, int depth,
                          int ply)
{
    if (m.cap)
        return;
    if (!ck_move_equal(c->killers[ply][0], m)) {
        c->killers[ply][1] = c->killers[ply][0];
        c->killers[ply][0] = m;
    }
    int32_t *h = &c->hist[p->turn][m.from][m.to];
    *h += depth * depth;
    if (*h > (1 << 20))     /* keep below the killers' keys */
        for (int s = 0; s < 2; s++)
            for (int i = 0; i < CK_NSQ; i++)
                for (int j = 0; j < CK_NSQ; j++)
                    c->hist[s][i][j] /= 2;
}

/* The score of a position the databases know. */
static int ck_known_score(const ck_ctx *c, const ck_pos *p, int v, int ply)
{
    if (v == CK_EGDB_DRAW)
        return 0;
    int e = c->learned ? ck_evaluate_learned(p) : ck_evaluate(p);
    if (v == CK_EGDB_LOSS)
        e = -e;
    e = e < -2000 ? -2000 : e > 2000 ? 2000 : e;
    int s = CK_KNOWN_WIN - ply + e;
    return v == CK_EGDB_WIN ? s : -s;
}

static int ck_excluded(const ck_ctx *c, ck_move m)
{
    for (int i = 0; i < c->nexcluded; i++)
        if (ck_move_equal(c->excluded[i], m))
            return 1;
    return 0;
}

/*
 * A root in the databases: set aside the moves that do worse than its
 * value (to a draw or a loss from a win, to a loss from a draw).  Returns
 * the root's value, or CK_EGDB_UNKNOWN.
 */
static int ck_root_filter(ck_ctx *c, const ck_pos *p, const ck_move *mv,
                          int n)
{
    int v = ck_egdb_probe(c->egdb, p);
    if (v == CK_EGDB_UNKNOWN || v == CK_EGDB_LOSS)
        return v;
    for (int i = 0; i < n; i++) {
        ck_pos q = *p;
        ck_make(&q, mv[i]);
        int w = ck_egdb_probe(c->egdb, &q);
        if (v == CK_EGDB_WIN ? w != CK_EGDB_LOSS : w == CK_EGDB_WIN)
            c->excluded[c->nexcluded++] = mv[i];
    }
    if (c->nexcluded == n)
        c->nexcluded = 0;   /* cannot happen with a sound database */
    return v;
}

/* ---- The search ----------------------------------------------------- */

/*
 * Late move reductions: how many plies less a quiet move is first
 * searched with, by how many moves were searched before it.  Tried in
 * self-play at 50 ms a move against gentler settings (and against
 * extending forced moves, which did not pay): this scored 52-64%.
 */
static int ck_reduction(int pvnode, int depth, int searched)
{
    if (depth < 3 || searched < (pvnode ? 3 : 2))
        return 0;
    if (pvnode)
        return 1;
    return 1 + (searched >= 5) + (depth >= 8 && searched >= 10) +
           (depth >= 6);
}

static int ck_pvs(ck_ctx *c, const ck_pos *p, int alpha, int beta, int depth,
                  int ply, int quiet)
{
    int pvnode = beta - alpha > 1;
    c->pvlen[ply] = ply;
    if (ply > c->seldepth)
        c->seldepth = ply;
    if ((++c->nodes & 1023) == 0)
        ck_poll(c);
    if (c->stop)
        return 0;

    uint64_t key = ck_pos_hash(p);
    int use_tt = c->tt && c->tt->e;
    if (use_tt)
        ck_tt_prefetch(c->tt, key);
    int at = c->nbase + ply;
    c->keys[at] = key;
    if (ply > 0) {
        if (quiet >= CK_NO_PROGRESS_PLIES)
            return 0;
        for (int back = 4; back <= quiet && back <= at; back += 2)
            if (c->keys[at - back] == key)
                return 0;
        /* No line from here can beat a win already in hand. */
        if (alpha < -CK_WIN + ply)
            alpha = -CK_WIN + ply;
        if (beta > CK_WIN - ply - 1)
            beta = CK_WIN - ply - 1;
        if (alpha >= beta)
            return alpha;
        if (c->egdb && c->root_pieces > c->egdb->pieces &&
            ck_popcount(p->bl | p->wh) <= c->egdb->pieces) {
            int v = ck_egdb_probe(c->egdb, p);
            if (v != CK_EGDB_UNKNOWN) {
                c->probes++;
                return ck_known_score(c, p, v, ply);
            }
        }
    }

    ck_move mv[CK_MAX_MOVES];
    int n = ck_gen_moves(p, mv);
    if (n == 0)
        return -CK_WIN + ply;   /* no move: lost */
    int captures = mv[0].cap != 0;
    if (ply >= CK_MAX_PLY - 1 || (depth <= 0 && !captures))
        return ck_eval_noisy(c, p, key);

    ck_move ttm;
    int have_ttm = 0;
    if (use_tt) {
        const ck_tt_entry *e = ck_tt_probe(c->tt, key);
        if (e) {
            if (e->from != 0xFF) {
                ttm.from = e->from;
                ttm.to = e->to;
                ttm.cap = e->cap;
                have_ttm = 1;
            }
            int bound = e->flags & 3, s = ck_from_tt(e->score, ply);
            if (!pvnode && e->depth >= (depth < 0 ? 0 : depth) &&
                (bound == CK_BOUND_EXACT ||
                 (bound == CK_BOUND_LOWER && s >= beta) ||
                 (bound == CK_BOUND_UPPER && s <= alpha)))
                return s;
        }
    }

    int key_of[CK_MAX_MOVES];
    ck_score_moves(c, p, mv, n, key_of, have_ttm ? &ttm : NULL, ply);

    int next_depth = depth - 1;

    int best = -CK_WIN, alpha0 = alpha, searched = 0;
    ck_move best_move = mv[0];
    for (int i = 0; i < n; i++) {
        ck_pick(mv, key_of, n, i);
        ck_move m = mv[i];
        if (ply == 0 && c->nexcluded && ck_excluded(c, m))
            continue;
        ck_pos q = *p;
        int nq = ck_move_progress(p, m) ? 0 : quiet + 1;
        ck_make(&q, m);
        int s;
        if (searched == 0) {
            s = -ck_pvs(c, &q, -beta, -alpha, next_depth, ply + 1, nq);
        } else {
            int r = ck_reduction(pvnode, depth, searched);
            if (captures || key_of[i] >= (1 << 22))
                r = 0;      /* captures, killers, crowning moves */
            if (r > next_depth - 1)
                r = next_depth > 1 ? next_depth - 1 : 0;
            s = -ck_pvs(c, &q, -alpha - 1, -alpha, next_depth - r, ply + 1,
                        nq);
            if (r && s > alpha && !c->stop)
                s = -ck_pvs(c, &q, -alpha - 1, -alpha, next_depth, ply + 1,
                            nq);
            if (s > alpha && s < beta && pvnode && !c->stop)
                s = -ck_pvs(c, &q, -beta, -alpha, next_depth, ply + 1, nq);
        }
        if (c->stop)
            return 0;
        searched++;
        if (s > best) {
            best = s;
            best_move = m;
            if (s > alpha) {
                alpha = s;
                c->pv[ply][ply] = m;
                memcpy(&c->pv[ply][ply + 1], &c->pv[ply + 1][ply + 1],
                       (size_t)(c->pvlen[ply + 1] - ply - 1) *
                           sizeof(ck_move));
                c->pvlen[ply] = c->pvlen[ply + 1];
                if (ply == 0) {
                    c->root_best = m;
                    c->root_best_set = 1;
                }
                if (s >= beta) {
                    ck_good_quiet(c, p, m, depth > 0 ? depth : 1, ply);
                    break;
                }
            }
        }
    }

    if (use_tt) {
        int bound = best >= beta ? CK_BOUND_LOWER
                    : best > alpha0 ? CK_BOUND_EXACT : CK_BOUND_UPPER;
        ck_tt_store(c->tt, key, depth, bound, ck_to_tt(best, ply),
                    bound == CK_BOUND_UPPER ? NULL : &best_move);
    }
    return best;
}

static uint64_t ck_now(const ck_search_in *in)
{
    return in->lim.ms > 0 && in->clock ? in->clock(in->clock_ctx) : 0;
}

int ck_search(const ck_search_in *in, ck_search_out *out)
{
    memset(out, 0, sizeof *out);
    ck_move mv[CK_MAX_MOVES];
    int n = ck_gen_moves(&in->pos, mv);
    out->nmoves = n;
    if (n == 0) {
        out->score = -CK_WIN;
        return 0;
    }
    out->move = mv[0];
    int learned = (in->lim.know & CK_KNOW_LEARNED) != 0;
    if (n == 1) {
        out->npv = 1;
        out->pv[0] = mv[0];
        out->score = learned ? ck_evaluate_learned(&in->pos)
                             : ck_evaluate(&in->pos);
        return 0;
    }

    ck_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return -1;
    c->in = in;
    c->tt = in->tt;
    c->learned = learned;
    if ((in->lim.know & CK_KNOW_EGDB) && in->egdb) {
        c->egdb = in->egdb;
        c->root_pieces = ck_popcount(in->pos.bl | in->pos.wh);
        int rv = c->root_pieces <= c->egdb->pieces
                     ? ck_root_filter(c, &in->pos, mv, n) : CK_EGDB_UNKNOWN;
        if (rv != CK_EGDB_UNKNOWN) {
            /* The first move kept is the fallback. */
            for (int i = 0; i < n; i++)
                if (!ck_excluded(c, mv[i])) {
                    out->move = mv[i];
                    break;
                }
            if (c->nexcluded == n - 1) {
                out->npv = 1;
                out->pv[0] = out->move;
                out->score = rv == CK_EGDB_WIN ? CK_KNOWN_WIN
                             : rv == CK_EGDB_LOSS ? -CK_KNOWN_WIN : 0;
                free(c);
                return 0;
            }
        }
    }
    c->t0 = ck_now(in);
    c->noise = in->lim.noise;
    if (c->noise > 0 && in->rng)
        c->noise_seed = ck_rng_next(in->rng);
    else
        c->noise = 0;
    if (c->tt && c->tt->e)
        ck_tt_new_search(c->tt);
    /* The game's recent positions, for repetition. */
    int nh = in->history ? in->nhistory : 0;
    int keep = nh < CK_HIST_KEEP ? nh : CK_HIST_KEEP;
    if (keep > in->quiet)
        keep = in->quiet;
    for (int i = 0; i < keep; i++)
        c->keys[i] = in->history[nh - keep + i];
    c->nbase = keep;

    int maxdepth = in->lim.depth > 0 && in->lim.depth < CK_MAX_PLY - 8
                       ? in->lim.depth : CK_MAX_PLY - 8;
    int prev = 0;
    for (int d = 1; d <= maxdepth; d++) {
        int window = 30, alpha, beta, s;
        if (d >= 5 && prev > -CK_WIN_MIN && prev < CK_WIN_MIN) {
            alpha = prev - window;
            beta = prev + window;
        } else {
            alpha = -CK_WIN;
            beta = CK_WIN;
        }
        c->root_best_set = 0;
        for (;;) {
            s = ck_pvs(c, &in->pos, alpha, beta, d, 0, in->quiet);
            if (c->stop)
                break;
            if (s <= alpha) {
                alpha = alpha - window * 4 < -CK_WIN ? -CK_WIN
                                                     : alpha - window * 4;
            } else if (s >= beta) {
                beta = beta + window * 4 > CK_WIN ? CK_WIN
                                                  : beta + window * 4;
            } else {
                break;
            }
            window *= 4;
        }
        if (c->stop) {
            /* A move that beat the first one in the unfinished iteration
             * is better than the last finished iteration's choice. */
            if (c->root_best_set && c->pvlen[0] > 0 &&
                ck_move_equal(c->root_best, c->pv[0][0]) && out->depth > 0 &&
                !ck_move_equal(c->root_best, out->move)) {
                out->move = c->root_best;
                out->npv = c->pvlen[0];
                memcpy(out->pv, c->pv[0], (size_t)out->npv * sizeof(ck_move));
            }
            break;
        }
        prev = s;
        out->depth = d;
        out->score = s;
        out->npv = c->pvlen[0];
        memcpy(out->pv, c->pv[0], (size_t)out->npv * sizeof(ck_move));
        if (out->npv > 0)
            out->move = out->pv[0];
        /* A forced result needs no deeper look. */
        if ((s >= CK_WIN_MIN || s <= -CK_WIN_MIN) &&
            d >= CK_WIN - (s < 0 ? -s : s))
            break;
        /* Another iteration would not finish in what is left: each takes
         * about half as long again as the one before. */
        if (in->lim.ms > 0 && in->clock &&
            (ck_now(in) - c->t0) * 5 > (uint64_t)in->lim.ms * 3)
            break;
    }
    out->seldepth = c->seldepth;
    out->nodes = c->nodes;
    out->probes = c->probes;
    out->ms = ck_now(in) - c->t0;
    out->cancelled = c->cancelled;
    free(c);
    return 0;
}
