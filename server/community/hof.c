/*
 * hof.c - the hall of fame's boards read whole (hof_read), as lines
 * (hof_lines, which the menu pages), and printed whole (the contract's
 * tty_hof_show).  Its
 * answers are of the contract's one error space: a board that cannot be
 * read is TTY_FAILED, never a -1 the menu would take for a hang-up.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acct.h"
#include "hof.h"
#include "rating.h"
#include "registry.h"
#include "sess.h"
#include "srv.h"
#include "store_main.h"

int hof_read(store *st, const tty_game *g, int rows, hof_game *out)
{
    memset(out, 0, sizeof *out);
    out->g = g;
    if (rows > HOF_ROWS_MAX)
        rows = HOF_ROWS_MAX;
    for (const tty_hof_metric *m = g->hof; m && m->metric &&
                                           out->nboards < HOF_BOARDS; m++) {
        hof_board *b = &out->boards[out->nboards++];
        b->m = m;
        b->n = store_hof_board(st, g->name, m->metric, m->rank, b->rows,
                               rows);
        if (b->n < 0)
            return TTY_FAILED;
    }
    out->rated = rating_game(g->name);
    if (out->rated) {
        out->nratings = store_rating_top(st, g->name, out->ratings, rows);
        if (out->nratings < 0)
            return TTY_FAILED;
    }
    return TTY_OK;
}

/* The best ratings, under the boards. */
static int hof_rating_lines(const hof_game *hg, hof_line_fn line, void *arg)
{
    char text[128];
    if (line(arg, "  RATINGS (GAMES BETWEEN TWO ACCOUNTS)") ||
        (hg->nratings == 0 && line(arg, "    (NOBODY YET)")))
        return TTY_CANCEL;
    for (int i = 0; i < hg->nratings; i++) {
        char shown[ACCT_NAME_SIZE];
        acct_name_show(hg->ratings[i].name, shown);
        snprintf(text, sizeof text, "    %d. %-15s %8.2f  %d PLAYED, %d WON",
                 i + 1, shown, hg->ratings[i].r.rating,
                 hg->ratings[i].r.played, hg->ratings[i].r.won);
        if (line(arg, text))
            return TTY_CANCEL;
    }
    return 0;
}

typedef struct hof_query {
    hof_game hg;
    int rc;
    char why[256];
} hof_query;

static void hof_run(void *arg, const volatile int *cancel)
{
    hof_query *q = arg;
    (void)cancel;
    q->rc = hof_read(store_main, q->hg.g, HOF_ROWS, &q->hg);
    if (q->rc != TTY_OK)
        snprintf(q->why, sizeof q->why, "%s", store_error());
}

int hof_lines(sess *io, const char *game, hof_line_fn line, void *arg)
{
    const tty_game *g = tty_game_find(game);
    char text[128];
    if (!g || !g->hof)
        return TTY_NOTFOUND;
    snprintf(text, sizeof text, "HALL OF FAME: %s", g->title);
    if (line(arg, text))
        return TTY_CANCEL;
    if (!store_main) {
        line(arg, "(NO DATA DIRECTORY: NOTHING IS KEPT)");
        return TTY_FAILED;
    }
    hof_query *q = calloc(1, sizeof *q);
    if (!q)
        return TTY_FAILED;
    q->hg.g = g;
    int rc = 0;
    if (tty_work(io, hof_run, q) == TTY_EOF) {
        rc = TTY_EOF;
    } else if (q->rc != TTY_OK) {
        srv_log("storage failed %s %s session=%llu: hall of fame: %s",
                io->ops->name, io->peer, (unsigned long long)io->id,
                q->why);
        line(arg, "(THE HALL OF FAME CANNOT BE READ JUST NOW.)");
        rc = TTY_FAILED;
    }
    for (int b = 0; rc == 0 && b < q->hg.nboards; b++) {
        const hof_board *bd = &q->hg.boards[b];
        snprintf(text, sizeof text, "  %s", bd->m->label);
        if (line(arg, text) || (bd->n <= 0 && line(arg, "    (NOBODY YET)")))
            rc = TTY_CANCEL;
        for (int i = 0; rc == 0 && i < bd->n; i++) {
            /* Names go to everyone's terminal: never a control byte.  A
             * guest's entry is marked, as nobody vouched for the name. */
            char shown[ACCT_NAME_SIZE];
            acct_name_show(bd->rows[i].name, shown);
            snprintf(text, sizeof text, "    %d. %-15s %6ld  %.30s%s", i + 1,
                     shown, bd->rows[i].value, bd->rows[i].detail,
                     bd->rows[i].guest ? " (GUEST)" : "");
            if (line(arg, text))
                rc = TTY_CANCEL;
        }
    }
    if (rc == 0 && q->hg.rated)
        rc = hof_rating_lines(&q->hg, line, arg);
    free(q);
    return rc;
}

static int hof_print(void *arg, const char *text)
{
    tty_printf(arg, "%s\n", text);
    return 0;
}

int tty_hof_show(tty_io *io, const char *game)
{
    tty_msg(io, "\n");
    return hof_lines(io, game, hof_print, io);
}
