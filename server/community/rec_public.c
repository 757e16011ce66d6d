/*
 * rec_public.c - the recordings others may see (see rec_public.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acct.h"
#include "rec_public.h"
#include "watch.h"

static int rec_public_memo_find(const rec_public_memo *memo,
                                const char *key)
{
    for (int i = 0; memo && i < memo->n; i++)
        if (strcmp(memo->seen[i].key, key) == 0)
            return i;
    return -1;
}

/* 1 if the account named forbids watching now (a guest's name: 0). */
static int rec_public_forbids(store *st, const char *player,
                              rec_public_memo *memo)
{
    char key[ACCT_NAME_SIZE];
    acct_name_key(player, key);
    int i = rec_public_memo_find(memo, key);
    if (i >= 0)
        return memo->seen[i].nowatch;
    int v = store_acct_nowatch(st, key);
    int account = v >= 0;
    if (v == STORE_NOTFOUND)
        v = 0;
    if (memo && v >= 0 && memo->n < (int)(sizeof memo->seen /
                                          sizeof memo->seen[0])) {
        snprintf(memo->seen[memo->n].key, sizeof memo->seen[0].key, "%s",
                 key);
        memo->seen[memo->n].account = account;
        memo->seen[memo->n++].nowatch = v;
    }
    return v;
}

int rec_public_account(const rec_public_memo *memo, const char *player)
{
    char key[ACCT_NAME_SIZE];
    acct_name_key(player, key);
    int i = rec_public_memo_find(memo, key);
    return i < 0 ? -1 : memo->seen[i].account;
}

int rec_public(store *st, const store_rec_row *r, rec_public_memo *memo)
{
    if (strcmp(r->result, "playing") == 0 || watch_game_hides(r->game) ||
        r->nowatch)
        return 0;
    int forbids = rec_public_forbids(st, r->player, memo);
    return forbids < 0 ? forbids : !forbids;
}

/* The rows the store gives, gathered first: the store is not asked
 * again from within its own call. */
typedef struct rec_public_rows {
    store_rec_row *rows;
    int n, cap;
} rec_public_rows;

static void rec_public_gather(void *arg, const store_rec_row *r)
{
    rec_public_rows *g = arg;
    if (g->n < g->cap)
        g->rows[g->n++] = *r;
}

int rec_public_list(store *st, const char *player, int skip, int n,
                    store_rec_row *rows, int *more, rec_public_memo *memo)
{
    /* The index is read newest first in growing slices until enough
     * public rows are found or it runs out: the hidden ones are few. */
    rec_public_memo own = { 0 };
    if (!memo)
        memo = &own;
    for (long limit = skip + n + 1;; limit *= 2) {
        rec_public_rows g = { calloc((size_t)limit, sizeof *g.rows), 0,
                              (int)limit };
        if (!g.rows)
            return STORE_ERROR;
        int read = store_rec_list(st, player, 0, (int)limit,
                                  rec_public_gather, &g);
        int seen = 0, got = 0, rc = read < 0 ? STORE_ERROR : 0;
        *more = 0;
        for (int i = 0; rc == 0 && i < g.n; i++) {
            int ok = rec_public(st, &g.rows[i], memo);
            if (ok < 0)
                rc = STORE_ERROR;
            else if (ok && seen++ >= skip) {
                if (got < n)
                    rows[got++] = g.rows[i];
                else
                    *more = 1;
            }
        }
        free(g.rows);
        if (rc < 0)
            return rc;
        if (*more || read < limit || limit >= 65536)
            return got;
    }
}
