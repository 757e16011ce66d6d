/*
 * ck_pdn.c - the game record in Portable Draughts Notation: the seven
 * tags, GameType 21 (English draughts), the set-up when there is one, and
 * the numbered moves.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ck_notation.h"
#include "ck_state.h"

const char *ck_result_text(int result)
{
    switch (result) {
    case CK_WHITE_WINS: return "1-0";
    case CK_BLACK_WINS: return "0-1";
    case CK_DRAWN: return "1/2-1/2";
    default: return "*";
    }
}

/* Output that counts what it would have written, as snprintf does. */
typedef struct ck_out {
    char *buf;
    size_t size, len;
    int col;
} ck_out;

static void ck_emit(ck_out *o, const char *fmt, ...)
{
    char tmp[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof tmp)
        n = sizeof tmp - 1;
    for (int i = 0; i < n; i++) {
        if (o->len + 1 < o->size)
            o->buf[o->len] = tmp[i];
        o->len++;
        o->col = tmp[i] == '\n' ? 0 : o->col + 1;
    }
    if (o->size)
        o->buf[o->len < o->size ? o->len : o->size - 1] = 0;
}

/* A word of movetext, on a new line if it would pass column 79. */
static void ck_word(ck_out *o, const char *w)
{
    int n = (int)strlen(w);
    if (o->col > 0 && o->col + 1 + n > 79)
        ck_emit(o, "\n");
    else if (o->col > 0)
        ck_emit(o, " ");
    ck_emit(o, "%s", w);
}

static const char *ck_tag(const char *v)
{
    return v && *v ? v : "?";
}

int ck_state_pdn(const ck_state *g, const ck_pdn_tags *tags, int style,
                 char *out, size_t size)
{
    static const ck_pdn_tags none = { 0, 0, 0, 0, 0, 0 };
    ck_out o = { out, size, 0, 0 };
    if (!tags)
        tags = &none;
    if (size)
        out[0] = 0;
    ck_emit(&o, "[Event \"%s\"]\n", ck_tag(tags->event));
    ck_emit(&o, "[Site \"%s\"]\n", ck_tag(tags->site));
    ck_emit(&o, "[Date \"%s\"]\n", ck_tag(tags->date));
    ck_emit(&o, "[Round \"%s\"]\n", ck_tag(tags->round));
    ck_emit(&o, "[White \"%s\"]\n", ck_tag(tags->white));
    ck_emit(&o, "[Black \"%s\"]\n", ck_tag(tags->black));
    ck_emit(&o, "[Result \"%s\"]\n", ck_result_text(g->result));
    ck_emit(&o, "[GameType \"21\"]\n");
    ck_pos opening;
    ck_pos_start(&opening);
    if (!ck_pos_equal(&g->start, &opening)) {
        char fen[CK_FEN_SIZE];
        ck_fen_print(&g->start, fen);
        ck_emit(&o, "[SetUp \"1\"]\n[FEN \"%s\"]\n", fen);
    }
    ck_emit(&o, "\n");

    ck_pos p = g->start;
    int number = 1;
    for (int i = 0; i < g->nply; i++) {
        char num[16], mv[CK_MOVE_TEXT];
        if (p.turn == CK_BLACK) {
            snprintf(num, sizeof num, "%d.", number);
            ck_word(&o, num);
        } else if (i == 0) {
            snprintf(num, sizeof num, "%d...", number);
            ck_word(&o, num);
        }
        if (ck_move_text(&p, g->moves[i], style, mv) < 0)
            snprintf(mv, sizeof mv, "?");
        ck_word(&o, mv);
        if (p.turn == CK_WHITE)
            number++;
        ck_make(&p, g->moves[i]);
    }
    ck_word(&o, ck_result_text(g->result));
    ck_emit(&o, "\n");
    return (int)o.len;
}
