/*
 * ck_level.c - Robot Tom, Robot Dick and Robot Harry, and the expert
 * level beyond them (see ck_search.h for what sets each one), and the
 * helpful robot's hint.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "ck_search.h"

const ck_level ck_levels[CK_NLEVELS] = {
    /* name     title                  letter  depth  ms  nodes noise know */
    { "tom",    "Helpful Robot Tom",   'T', {  4,  100, 0, 60, 0 } },
    { "dick",   "Silent Robot Dick",   'D', {  8,  300, 0, 20, 0 } },
    { "harry",  "Mighty Robot Harry",  'H', {  0, 1000, 0,  4, 0 } },
    { "expert", "Expert",              'X', {  0, 5000, 0,  0,
                                              CK_KNOW_ALL } },
};

int ck_level_find(const char *name)
{
    for (int i = 0; i < CK_NLEVELS; i++) {
        if (strcasecmp(name, ck_levels[i].name) == 0 ||
            strcasecmp(name, ck_levels[i].title) == 0)
            return i;
        if (name[0] && !name[1] &&
            toupper((unsigned char)name[0]) == ck_levels[i].letter)
            return i;
    }
    return -1;
}

int ck_hint(const ck_pos *p, const uint64_t *history, int nhistory,
            int quiet, ck_tt *tt, const volatile int *cancel, ck_move *m)
{
    ck_search_in in;
    ck_search_out out;
    memset(&in, 0, sizeof in);
    in.pos = *p;
    in.history = history;
    in.nhistory = nhistory;
    in.quiet = quiet;
    in.lim.depth = 8;
    in.tt = tt;
    in.cancel = cancel;
    if (ck_search(&in, &out) < 0) {
        /* Out of memory: any legal move is still a hint. */
        ck_move mv[CK_MAX_MOVES];
        int n = ck_gen_moves(p, mv);
        if (n)
            *m = mv[0];
        return n;
    }
    if (out.nmoves)
        *m = out.move;
    return out.nmoves;
}
