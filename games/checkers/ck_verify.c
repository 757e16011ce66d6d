/*
 * ck_verify.c - why a piece cannot move, or why a destination is wrong.
 *
 * The legal moves are always found first (the S0 notes: "it proceeds at
 * once to compute all possible move available to the player"); the
 * reasons are only worked out for what the player named that none of
 * them fits.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>

#include "ck_notation.h"
#include "ck_verify.h"

static const char *const ck_why_texts[CK_WHY_COUNT] = {
    [CK_OK] = "That move is legal.",
    [CK_WHY_OFF_BOARD] = "That is not a playing square.",
    [CK_WHY_NO_MOVES] = "There is no legal move.",
    [CK_WHY_EMPTY] = "There is no piece on that square.",
    [CK_WHY_NOT_YOURS] = "That is not your piece.",
    [CK_WHY_OTHER_MUST_JUMP] = "Another piece must jump.",
    [CK_WHY_BLOCKED] = "That piece is blocked.",
    [CK_WHY_SAME_SQUARE] = "The piece is already on that square.",
    [CK_WHY_NOT_DIAGONAL] = "Pieces move only along the diagonals.",
    [CK_WHY_OCCUPIED] = "That square is occupied.",
    [CK_WHY_BACKWARDS] = "Men cannot move backwards.",
    [CK_WHY_TOO_FAR] = "A piece moves one square, or jumps over one.",
    [CK_WHY_MUST_JUMP] = "You must jump.",
    [CK_WHY_NOTHING_TO_JUMP] = "There is no piece there to jump.",
    [CK_WHY_OWN_PIECE] = "You cannot jump your own piece.",
    [CK_WHY_JUMPED_TWICE] = "A piece cannot be jumped twice.",
    [CK_WHY_CROWNED] = "A man that is crowned ends its move.",
    [CK_WHY_JUMP_OVER] = "The jump ends there.",
    [CK_WHY_MUST_CONTINUE] = "The jump must go on.",
    [CK_WHY_AMBIGUOUS] =
        "More than one jump ends there: name the squares between.",
    [CK_WHY_NOT_LEGAL] = "That move is not legal.",
};

const char *ck_why_text(ck_why why)
{
    if ((int)why < 0 || why >= CK_WHY_COUNT)
        return ck_why_texts[CK_WHY_NOT_LEGAL];
    return ck_why_texts[why];
}

ck_why ck_verify_from(const ck_pos *p, int sq)
{
    if (sq < 0 || sq >= CK_NSQ)
        return CK_WHY_OFF_BOARD;
    uint32_t b = 1u << sq;
    uint32_t movers = ck_movers(p);
    if (!movers)
        return CK_WHY_NO_MOVES;
    if (!((p->bl | p->wh) & b))
        return CK_WHY_EMPTY;
    if (!(ck_mine(p) & b))
        return CK_WHY_NOT_YOURS;
    if (movers & b)
        return CK_OK;
    return ck_must_capture(p) ? CK_WHY_OTHER_MUST_JUMP : CK_WHY_BLOCKED;
}

/* Every legal move with every route it can take. */
typedef struct ck_routes {
    int n;
    ck_route r[CK_MAX_ROUTES];
} ck_routes;

/* How many leading squares of sq agree with the route. */
static int ck_common(const uint8_t *path, int len, const int *sq, int n)
{
    int k = 0;
    while (k < len && k < n && path[k] == sq[k])
        k++;
    return k;
}

/* The square between two squares two steps apart on a diagonal. */
static int ck_between(int a, int b)
{
    int ra, ca, rb, cb;
    ck_square_rc(a, &ra, &ca);
    ck_square_rc(b, &rb, &cb);
    return ck_square_at((ra + rb) / 2, (ca + cb) / 2);
}

/* Why the step from sq[k-1] to sq[k] is wrong, the first k squares being
 * the start of a legal route. */
static ck_why ck_diagnose(const ck_pos *p, const ck_routes *rs, const int *sq,
                          int k)
{
    int a = sq[k - 1], b = sq[k];
    uint32_t origin = 1u << sq[0];
    int king = (p->kings & origin) != 0, black = p->turn == CK_BLACK;
    uint32_t taken = 0;
    for (int i = 1; i < k; i++)
        if (ck_between(sq[i - 1], sq[i]) >= 0)
            taken |= 1u << ck_between(sq[i - 1], sq[i]);

    if (b < 0 || b >= CK_NSQ)
        return CK_WHY_OFF_BOARD;
    if (k >= 2) {
        /* Did the route so far already end? */
        int complete = 0;
        for (int i = 0; i < rs->n && !complete; i++)
            complete = rs->r[i].len == k &&
                       ck_common(rs->r[i].path, rs->r[i].len, sq, k) == k;
        if (complete) {
            uint32_t crown = black ? CK_ROW7 : CK_ROW0;
            return !king && (crown & (1u << a)) ? CK_WHY_CROWNED
                                                : CK_WHY_JUMP_OVER;
        }
    }
    if (b == a)
        return CK_WHY_SAME_SQUARE;
    if (((p->bl | p->wh) & ~origin) & (1u << b))
        return CK_WHY_OCCUPIED;
    int ra, ca, rb, cb;
    ck_square_rc(a, &ra, &ca);
    ck_square_rc(b, &rb, &cb);
    int dr = rb - ra, dc = cb - ca;
    if (abs(dr) != abs(dc))
        return CK_WHY_NOT_DIAGONAL;
    if (!king && (black ? dr < 0 : dr > 0))
        return CK_WHY_BACKWARDS;
    if (abs(dr) == 1)
        return k >= 2 || ck_must_capture(p) ? CK_WHY_MUST_JUMP
                                            : CK_WHY_NOT_LEGAL;
    if (abs(dr) == 2) {
        uint32_t mid = 1u << ck_between(a, b);
        if (taken & mid)
            return CK_WHY_JUMPED_TWICE;
        if (!((p->bl | p->wh) & mid))
            return CK_WHY_NOTHING_TO_JUMP;
        if (ck_mine(p) & mid)
            return CK_WHY_OWN_PIECE;
        return CK_WHY_NOT_LEGAL;
    }
    return CK_WHY_TOO_FAR;
}

ck_why ck_verify_path(const ck_pos *p, const int *sq, int n, ck_move *m)
{
    if (n < 1)
        return CK_WHY_OFF_BOARD;
    ck_why why = ck_verify_from(p, sq[0]);
    if (why != CK_OK || n == 1)
        return why;
    for (int i = 1; i < n; i++)
        if (sq[i] < 0 || sq[i] >= CK_NSQ)
            return CK_WHY_OFF_BOARD;

    ck_routes *rs = malloc(sizeof *rs);
    if (!rs)
        return CK_WHY_NOT_LEGAL;
    rs->n = ck_gen_routes(p, rs->r, CK_MAX_ROUTES);
    /* Moves the squares name, in full or in part. */
    uint8_t sq8[CK_MAX_PATH];
    int nfit = 0, exact = -1, nexact = 0, longest = 1, prefix = 0;
    if (n <= CK_MAX_PATH) {
        for (int i = 0; i < n; i++)
            sq8[i] = (uint8_t)sq[i];
        ck_move fits[CK_MAX_MOVES];
        nfit = ck_moves_matching(p, sq8, n, fits);
        if (nfit == 1)
            *m = fits[0];
    }
    for (int i = 0; i < rs->n; i++) {
        const ck_route *r = &rs->r[i];
        int c = ck_common(r->path, r->len, sq, n);
        if (c > longest)
            longest = c;
        if (c == n && r->len == n) {
            /* Routes of one move count once. */
            if (exact < 0 || !ck_move_equal(rs->r[exact].m, r->m))
                nexact++;
            exact = i;
        } else if (c == n) {
            prefix = 1;
        }
    }
    if (nfit == 1) {
        why = CK_OK;
    } else if (nexact == 1) {
        *m = rs->r[exact].m;
        why = CK_OK;
    } else if (nfit > 1) {
        why = CK_WHY_AMBIGUOUS;
    } else if (prefix) {
        why = CK_WHY_MUST_CONTINUE;
    } else {
        why = ck_diagnose(p, rs, sq, longest);
    }
    free(rs);
    return why;
}

uint32_t ck_next_squares(const ck_pos *p, const int *sq, int n)
{
    if (n < 1 || ck_verify_from(p, sq[0]) != CK_OK)
        return 0;
    ck_routes *rs = malloc(sizeof *rs);
    if (!rs)
        return 0;
    rs->n = ck_gen_routes(p, rs->r, CK_MAX_ROUTES);
    uint32_t next = 0;
    for (int i = 0; i < rs->n; i++) {
        const ck_route *r = &rs->r[i];
        if (r->len > n && ck_common(r->path, r->len, sq, n) == n)
            next |= 1u << r->path[n];
    }
    free(rs);
    return next;
}
