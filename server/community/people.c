/*
 * people.c - a player's page, read from the store (see people.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "people.h"
#include "rating.h"
#include "registry.h"

int people_read(store *st, const char *key, int results, people_page *p)
{
    memset(p, 0, sizeof *p);
    int rc = store_acct_info(st, key, p->name, &p->created, &p->seen);
    if (rc != TTY_OK)
        return rc;
    store_rating start = { RATING_START, 0, 0, 0 };
    for (int i = 0; tty_games[i] && p->nrated < PEOPLE_RATED; i++) {
        if (!rating_game(tty_games[i]->name))
            continue;
        people_rated *r = &p->rated[p->nrated++];
        r->g = tty_games[i];
        rc = store_rating_get(st, key, r->g->name, &start, &r->r);
        if (rc == TTY_FAILED)
            return rc;
        r->rated = rc == TTY_OK;
    }
    if (results > PEOPLE_RESULTS)
        results = PEOPLE_RESULTS;
    p->nresults = store_result_list(st, key, p->results, results);
    return p->nresults < 0 ? TTY_FAILED : TTY_OK;
}
