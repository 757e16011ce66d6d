/*
 * ef_find.c - finding corps for the player (issue 21): the front line,
 * the corps out of supply, the corps with orders left, and the date each
 * week began.  Shared by the ANSI keys (U, O) and the teletype's short
 * views (LIST FRONT, LIST UNSUPPLIED, LIST ORDERS, SCORE WEEKS).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>

#include "ef_play.h"

int ef_at_front(const ef_state *g, int id)
{
    return ef_on_map(g, id) && ef_zoc(g, id, g->u[id].lon, g->u[id].lat) >= 2;
}

int ef_want_unsupplied(const ef_state *g, int id)
{
    return !ef_supply_traced(g, id);
}

int ef_want_orders(const ef_state *g, int id)
{
    return g->u[id].norders > 0;
}

int ef_next_corps_that(const ef_state *g, int after, ef_want_fn want)
{
    int n = EF_FIRST_RUSSIAN - 1;
    if (after < 0 || after > n)
        after = 0;
    for (int k = 1; k <= n; k++) {
        int id = (after + k - 1) % n + 1;
        if (ef_on_map(g, id) && (!want || want(g, id)))
            return id;
    }
    return 0;
}

char *ef_turn_date(int turn, char *buf, size_t size)
{
    /* the campaign never reaches a leap year's February */
    static const int len[13] = {0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31,
                                30, 31};
    int day = 22, month = 6, year = 1941;
    for (int t = 0; t < turn; t++) {
        day += 7;
        if (day > len[month]) {
            day -= len[month];
            if (++month > 12) {
                month = 1;
                year++;
            }
        }
    }
    return ef_date_text(year, month, day, buf, size);
}
