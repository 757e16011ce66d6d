/*
 * ck_think.c - the machine thinks off the loop thread: its move (the book,
 * then the search at its level), Tom's hint and its judgement of a draw
 * offer each run through tty_work with the cancel flag the work call
 * gives, which is set when the player hangs up, so a search for nobody
 * stops at once.
 *
 * While a job runs the game's coroutine is waiting for it, so the job may
 * read the game and use its generator without a lock.
 *
 * Each job makes its table and frees it when done: a session waiting for
 * its player holds no table, so an idle game costs kilobytes rather than
 * the megabytes of Harry's table.  Clearing it each move costs a few
 * milliseconds against a search of a second.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "ck_dialog.h"
#include "ck_egdb.h"

/* The table for each level: Tom and Dick look a few plies ahead and need
 * little; Harry's second and the expert's five fill bigger ones. */
static const size_t ck_tt_size[CK_NLEVELS] = {
    (size_t)1 << 20, (size_t)2 << 20, (size_t)16 << 20, (size_t)32 << 20
};

enum { CK_JOB_MOVE, CK_JOB_HINT, CK_JOB_JUDGE, CK_JOB_EGDB };

typedef struct ck_job {
    int kind;
    const ck_state *g;
    size_t tt_bytes;
    ck_rng *rng;
    const char *data;   /* the data directory (databases); may be NULL */
    int rc;
    ck_move hint;
    ck_search_out out;
} ck_job;

static void ck_job_run(void *arg, const volatile int *cancel)
{
    ck_job *j = arg;
    const ck_state *g = j->g;
    /* Clearing a big table takes milliseconds: here, not on the loop. */
    if (j->kind == CK_JOB_EGDB) {
        const ck_egdb *db = ck_egdb_shared(j->data);
        j->rc = db ? db->pieces : 0;
        return;
    }
    ck_tt table;
    ck_tt *tt = ck_tt_init(&table, j->tt_bytes) == 0 ? &table : NULL;
    /* (no table: the search runs without one) */
    switch (j->kind) {
    case CK_JOB_MOVE:
        j->rc = ck_state_think(g, tt, ck_egdb_shared(j->data), j->rng,
                               ck_clock_ms, NULL, cancel,
                               &j->out);
        break;
    case CK_JOB_HINT:
        j->rc = ck_hint(&g->pos, g->keys, g->nply, g->quiet, tt, cancel,
                        &j->hint)
                    ? 0 : -1;
        break;
    case CK_JOB_JUDGE: {
        ck_search_in in;
        ck_state_search_in(g, g->level, &in);
        in.lim.noise = 0;   /* a judgement, not a game: no randomness */
        in.tt = tt;
        in.egdb = ck_egdb_shared(j->data);
        in.clock = ck_clock_ms;
        in.cancel = cancel;
        j->rc = ck_search(&in, &j->out);
        break;
    }
    }
    if (tt)
        ck_tt_free(tt);
}

/* Run a job of the given kind: TTY_EOF if the player hung up meanwhile
 * (the job is gone), else 0 and *out the finished job for the caller to
 * free (NULL if out of memory). */
static int ck_job_do(ck_session *s, int kind, ck_job **out)
{
    ck_job *j = calloc(1, sizeof *j);
    *out = NULL;
    if (!j)
        return 0;
    j->kind = kind;
    j->g = s->g;
    j->tt_bytes = ck_tt_size[s->g->level];
    j->rng = &s->rng;
    j->data = tty_option(s->io, "data");
    if (tty_work(s->io, ck_job_run, j) == TTY_EOF) {
        free(j);
        return TTY_EOF;
    }
    *out = j;
    return 0;
}

/* Any legal move: what the machine plays when it cannot think. */
static int ck_first_move(const ck_state *g, ck_move *m)
{
    ck_move mv[CK_MAX_MOVES];
    if (ck_gen_moves(&g->pos, mv) == 0)
        return -1;
    *m = mv[0];
    return 0;
}

int ck_think_move(ck_session *s, ck_move *m, int *book)
{
    ck_job *j;
    *book = 0;
    if (ck_job_do(s, CK_JOB_MOVE, &j) == TTY_EOF)
        return TTY_EOF;
    if (!j || j->rc < 0 || j->out.nmoves == 0) {
        free(j);
        return ck_first_move(s->g, m);
    }
    *m = j->out.move;
    *book = j->rc == 1;
    free(j);
    return 0;
}

int ck_think_hint(ck_session *s, ck_move *m)
{
    ck_job *j;
    if (ck_job_do(s, CK_JOB_HINT, &j) == TTY_EOF)
        return TTY_EOF;
    int ok = j && j->rc == 0;
    if (ok)
        *m = j->hint;
    free(j);
    return ok ? 0 : ck_first_move(s->g, m);
}

int ck_think_judge(ck_session *s, int *score)
{
    ck_job *j;
    if (ck_job_do(s, CK_JOB_JUDGE, &j) == TTY_EOF)
        return TTY_EOF;
    *score = 0;
    if (j && j->rc == 0) {
        int side = s->g->pos.turn;
        *score = s->g->player[side] == CK_MACHINE ? j->out.score
                                                  : -j->out.score;
    }
    free(j);
    return 0;
}

int ck_think_egdb(ck_session *s, int *pieces)
{
    ck_job *j;
    if (ck_job_do(s, CK_JOB_EGDB, &j) == TTY_EOF)
        return TTY_EOF;
    *pieces = j ? j->rc : 0;
    free(j);
    return 0;
}
