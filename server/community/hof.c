/*
 * hof.c - the hall of fame's boards as lines (hof_lines, which the menu
 * pages), and printed whole (the contract's tty_hof_show).  Its
 * answers are of the contract's one error space: a board that cannot be
 * read is TTY_FAILED, never a -1 the menu would take for a hang-up.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "acct.h"
#include "hof.h"
#include "registry.h"
#include "sess.h"
#include "srv.h"
#include "store_main.h"

#define HOF_ROWS 5

typedef struct hof_query {
    const char *game, *metric;
    int rank, n;
    store_hof_entry rows[HOF_ROWS];
    char why[256];
} hof_query;

static void hof_run(void *arg, const volatile int *cancel)
{
    hof_query *q = arg;
    (void)cancel;
    q->n = store_hof_board(store_main, q->game, q->metric, q->rank, q->rows,
                         HOF_ROWS);
    if (q->n < 0)
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
    for (const tty_hof_metric *m = g->hof; m->metric; m++) {
        hof_query q = { .game = g->name, .metric = m->metric,
                        .rank = m->rank };
        if (tty_work(io, hof_run, &q) == TTY_EOF)
            return TTY_EOF;
        if (q.n < 0) {
            srv_log("storage failed %s %s session=%llu: hall of fame: %s",
                    io->ops->name, io->peer, (unsigned long long)io->id,
                    q.why);
            line(arg, "(THE HALL OF FAME CANNOT BE READ JUST NOW.)");
            return TTY_FAILED;
        }
        snprintf(text, sizeof text, "  %s", m->label);
        if (line(arg, text))
            return TTY_CANCEL;
        if (q.n <= 0 && line(arg, "    (NOBODY YET)"))
            return TTY_CANCEL;
        for (int i = 0; i < q.n; i++) {
            /* Names go to everyone's terminal: never a control byte.  A
             * guest's entry is marked, as nobody vouched for the name. */
            char shown[ACCT_NAME_SIZE];
            acct_name_show(q.rows[i].name, shown);
            snprintf(text, sizeof text, "    %d. %-15s %6ld  %.30s%s", i + 1,
                     shown, q.rows[i].value, q.rows[i].detail,
                     q.rows[i].guest ? " (GUEST)" : "");
            if (line(arg, text))
                return TTY_CANCEL;
        }
    }
    return 0;
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
