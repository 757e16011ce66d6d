/*
 * rating.c - ratings between players (rating.h) and the contract's
 * tty_result.
 *
 * FIBS, as its help describes it: for a match of n points between
 * ratings a and b, the probability that the higher rated wins is
 * 1 - 1 / (10^(|a - b| * sqrt(n) / 2000) + 1); the winner gains
 * 4 * sqrt(n) times the probability that it would have lost, the loser
 * loses as much, each times its experience factor (max(1, 5 - experience
 * / 100): a newcomer's rating moves fast until 400 points of matches have
 * been played), and both gain n points of experience.  Elo: the expected
 * score 1 / (1 + 10^((b - a) / 400)), K = 32.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "acct.h"
#include "rating.h"
#include "registry.h"
#include "srv.h"
#include "store_main.h"

#define RATING_ELO_K 32.0

static double rating_experience_factor(int experience)
{
    double k = 5.0 - experience / 100.0;
    return k > 1.0 ? k : 1.0;
}

void rating_fibs(store_rating *w, store_rating *l, int length)
{
    double n = length > 0 ? length : 1;
    double p_win = 1.0 - 1.0 / (pow(10.0, (w->rating - l->rating) *
                                              sqrt(n) / 2000.0) + 1.0);
    double change = 4.0 * sqrt(n) * (1.0 - p_win);
    w->rating += change * rating_experience_factor(w->experience);
    l->rating -= change * rating_experience_factor(l->experience);
    w->experience += (int)n;
    l->experience += (int)n;
    w->played++;
    l->played++;
    w->won++;
}

void rating_elo(store_rating *w, store_rating *l, int drawn)
{
    double ew = 1.0 / (1.0 + pow(10.0, (l->rating - w->rating) / 400.0));
    double sw = drawn ? 0.5 : 1.0;
    w->rating += RATING_ELO_K * (sw - ew);
    l->rating += RATING_ELO_K * ((1.0 - sw) - (1.0 - ew));
    w->played++;
    l->played++;
    if (!drawn)
        w->won++;
}

int rating_game(const char *game)
{
    return strcmp(game, "backgammon") == 0 || strcmp(game, "gunjin") == 0;
}

/* ---- looking ratings up -------------------------------------------------- */

int rating_ask_of(const sess *s, rating_ask *a)
{
    memset(a, 0, sizeof *a);
    if (!s->account[0] || !s->playing || !s->game || !rating_game(s->game))
        return 0;
    snprintf(a->key, sizeof a->key, "%s", s->account);
    snprintf(a->game, sizeof a->game, "%s", s->game);
    return 1;
}

int rating_read(store *st, rating_ask *asks, int n,
                const volatile int *cancel)
{
    store_rating start = { RATING_START, 0, 0, 0 }, r;
    for (int i = 0; i < n && !(cancel && *cancel); i++) {
        rating_ask *a = &asks[i];
        a->rated = 0;
        if (!a->key[0] || !rating_game(a->game))
            continue;
        int rc = store_rating_get(st, a->key, a->game, &start, &r);
        if (rc == TTY_FAILED) {
            /* none shown rather than some: a list half rated would look
             * as if the others had not played */
            for (int k = 0; k < n; k++)
                asks[k].rated = 0;
            return TTY_FAILED;
        }
        a->rated = rc == TTY_OK;
        a->rating = r.rating;
    }
    return TTY_OK;
}

void rating_show(const rating_ask *a, char out[RATING_SHOWN])
{
    if (a && a->rated)
        snprintf(out, RATING_SHOWN, "%.2f", a->rating);
    else
        snprintf(out, RATING_SHOWN, "-");
}

typedef struct rating_look {
    rating_ask *asks;
    int n, rc;
} rating_look;

static void rating_look_run(void *arg, const volatile int *cancel)
{
    rating_look *l = arg;
    l->rc = rating_read(store_main, l->asks, l->n, cancel);
}

int rating_lookup(rating_ask *asks, int n)
{
    if (!store_main)
        return TTY_NOSTORE;
    rating_look l = { asks, n, TTY_OK };
    if (tty_work(sess_self(), rating_look_run, &l) == TTY_EOF)
        return TTY_EOF;
    return l.rc;
}

/* ---- tty_result ---------------------------------------------------------- */

typedef struct rating_job {
    const char *game, *how;
    char wkey[ACCT_NAME_SIZE], lkey[ACCT_NAME_SIZE];
    int drawn, length, rc;
    store_rating before[2], after[2];   /* the winner's, the loser's */
} rating_job;

static void rating_run(void *arg, const volatile int *cancel)
{
    rating_job *j = arg;
    (void)cancel;
    store_rating start = { RATING_START, 0, 0, 0 };
    if (store_rating_get(store_main, j->wkey, j->game, &start,
                         &j->before[0]) == TTY_FAILED ||
        store_rating_get(store_main, j->lkey, j->game, &start,
                         &j->before[1]) == TTY_FAILED) {
        j->rc = TTY_FAILED;
        return;
    }
    j->after[0] = j->before[0];
    j->after[1] = j->before[1];
    if (strcmp(j->game, "backgammon") == 0)
        rating_fibs(&j->after[0], &j->after[1], j->length);
    else
        rating_elo(&j->after[0], &j->after[1], j->drawn);
    j->rc = store_result_add(store_main, j->game, j->wkey, j->lkey,
                             j->length, j->drawn ? "drawn" : j->how,
                             (long)time(NULL), &j->after[0], &j->after[1]);
}

int tty_rated(tty_io *a, tty_io *b, const char *game)
{
    return store_main && a->account[0] && b->account[0] &&
           strcmp(a->account, b->account) != 0 && rating_game(game);
}

int tty_result(tty_io *winner, tty_io *loser, const char *game, int drawn,
               int length, const char *how)
{
    if (!tty_rated(winner, loser, game))
        return TTY_OK;          /* a guest's games are not rated */
    rating_job j = { .game = game, .how = how ? how : "won",
                     .drawn = drawn != 0, .length = length };
    snprintf(j.wkey, sizeof j.wkey, "%s", winner->account);
    snprintf(j.lkey, sizeof j.lkey, "%s", loser->account);
    /* The job runs to its end even when the caller's own line is gone
     * (a host who abandoned the game): the result is kept and the other
     * player is told, so the end of input is no reason to stop here. */
    tty_work(sess_self(), rating_run, &j);
    if (j.rc != TTY_OK) {
        srv_log("storage failed: the result of %s between %s and %s: %s",
                game, j.wkey, j.lkey, store_error());
        tty_msg(winner, "(THE RATINGS COULD NOT BE KEPT JUST NOW.)\n");
        tty_msg(loser, "(THE RATINGS COULD NOT BE KEPT JUST NOW.)\n");
        return TTY_FAILED;
    }
    srv_log("result %s %s %s %s length=%d %s", game, j.wkey,
            j.drawn ? "drew" : "beat", j.lkey, length, j.how);
    const tty_game *g = tty_game_find(game);
    char wn[ACCT_NAME_SIZE], ln[ACCT_NAME_SIZE], line[160];
    acct_name_show(winner->name, wn);
    acct_name_show(loser->name, ln);
    snprintf(line, sizeof line, "RATINGS AT %s: %s %.2f (%+.2f), %s %.2f "
             "(%+.2f).\n", g ? g->title : game, wn, j.after[0].rating,
             j.after[0].rating - j.before[0].rating, ln, j.after[1].rating,
             j.after[1].rating - j.before[1].rating);
    tty_msg(winner, line);
    tty_msg(loser, line);
    return TTY_OK;
}
