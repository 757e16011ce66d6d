/*
 * ef_session.c - a campaign in a session: starting or resuming it, the
 * Russians thinking while the player plans, the turn taken step by step,
 * saving, and the end.
 *
 * "The program spends most of its time there.  It does not return until
 * the player presses the START button."  Here the thinking module runs on
 * a worker thread (tty_work_start) on its own copy of the game from the
 * moment the orders phase begins; START cancels it and then finishes the
 * plan to exactly EF_PLAN_ITERS passes, so a campaign stays a function of
 * its seed and the player's orders however fast the player is.  (The
 * original went on thinking for as long as the player took; see the man
 * page.)
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ef_play.h"

/* ---- Opening ------------------------------------------------------------ */

int ef_play_width(tty_io *io)
{
    int w = tty_get_caps(io)->width;
    return w <= 0 || w >= 72 ? 72 : w > 2 ? w - 1 : 1;
}

/* Lines of the opening within the terminal's width, gone on at their
 * words on a narrow window (the map's notice comes only after them). */
static void ef_open_say(tty_io *io, const char *text)
{
    ef_wrap_line(ef_play_width(io), text, ef_print_line, io);
}

/* The last line of a wrapped question is kept for the prompt. */
typedef struct ef_ask_lines {
    tty_io *io;
    char last[160];
    int any;
} ef_ask_lines;

static void ef_ask_line(void *ctx, const char *line)
{
    ef_ask_lines *a = ctx;
    if (a->any)
        ef_print_line(a->io, a->last);
    snprintf(a->last, sizeof a->last, "%s", line);
    a->any = 1;
}

/* tty_ask with its question within the width: all but its last line
 * printed, the last one the prompt. */
static int ef_open_ask(tty_io *io, const char *question, char *line,
                       size_t size)
{
    char prompt[168];
    ef_ask_lines a = { .io = io };
    ef_wrap w = { .line = ef_ask_line, .ctx = &a,
                  .width = ef_play_width(io) - 1 };
    ef_wrap_text(&w, question);
    snprintf(prompt, sizeof prompt, "%s ", a.last);
    return tty_ask(io, prompt, line, size);
}

/* The game's opening question; B there prints the briefing first (issue
 * 21: the briefing from the game's own menu, before the first week). */
static int ef_ask_handicap(tty_io *io)
{
    char line[16];
    for (;;) {
        int n = ef_open_ask(io, "HANDICAP (THE SCORE IS HALVED)? Y OR N "
                                "(RETURN: N)", line, sizeof line);
        if (n < 0)
            return n;
        int c = n ? line[0] : 'N';
        if (c == 'Y' || c == 'N')
            return c == 'Y';
        if (c == 'B')
            ef_brief_lines(ef_play_width(io), ef_print_line, io);
    }
}

int ef_play_open(ef_play *p, tty_io *io, const tty_launch *launch)
{
    memset(p, 0, sizeof *p);
    p->io = io;
    p->g = malloc(sizeof *p->g);
    p->plan = malloc(sizeof *p->plan);
    p->ev = malloc(sizeof *p->ev);
    p->rep = calloc(1, sizeof *p->rep);
    if (!p->g || !p->plan || !p->ev || !p->rep) {
        tty_msg(io, "\nNOT ENOUGH MEMORY FOR A CAMPAIGN JUST NOW.\n");
        return -1;
    }
    ef_events_clear(p->ev);
    if (launch && launch->data) {
        if (ef_load(p->g, launch->data, launch->len) != 0) {
            tty_msg(io, "\nTHAT SAVED CAMPAIGN CANNOT BE READ.\n");
            return -1;
        }
        snprintf(p->code, sizeof p->code, "%s", launch->code);
        char said[64];
        snprintf(said, sizeof said, "EASTERN FRONT (1941): CAMPAIGN %s "
                 "RESUMED.", p->code);
        tty_msg(io, "\n");
        ef_open_say(io, said);
        return 0;
    }
    tty_msg(io, "\n");
    ef_open_say(io, "EASTERN FRONT (1941)");
    ef_open_say(io, "YOU COMMAND THE GERMAN ARMIES; THE COMPUTER, THE "
                    "RUSSIANS.");
    ef_open_say(io, "ANSWER B BELOW FOR THE BRIEFING FIRST.");
    int handicap = ef_ask_handicap(io);
    if (handicap < 0)
        return handicap;
    /* The campaign's own generator, seeded from the session's, so a
     * --seed session plays the same campaign every time. */
    uint64_t seed = (uint64_t)tty_random(io) << 32;
    seed |= tty_random(io);
    ef_new(p->g, seed, handicap, NULL);
    /* Saved at once, so a line that drops in the first week still leaves
     * the player a code to come back with. */
    if (ef_play_save(p) == 0) {
        char said[80];
        snprintf(said, sizeof said, "RESUME CODE %s: THE GAME SAVES ITSELF "
                 "AFTER EVERY ORDER.", p->code);
        ef_open_say(io, said);
    } else {
        ef_open_say(io, "(NO SAVES HERE: THIS CAMPAIGN CANNOT BE RESUMED.)");
    }
    return 0;
}

void ef_play_close(ef_play *p)
{
    ef_think_stop(p);
    free(p->g);
    free(p->plan);
    free(p->ev);
    free(p->rep);
    memset(p, 0, sizeof *p);
}

/* ---- The Russians think ------------------------------------------------ */

static void ef_think_work(void *arg, const volatile int *cancel)
{
    ef_plan_run(arg, EF_PLAN_ITERS, cancel, NULL, NULL, 0);
}

/* What START leaves to do: never cancelled, a few passes at most. */
static void ef_think_rest(void *arg, const volatile int *cancel)
{
    (void)cancel;
    ef_plan_run(arg, EF_PLAN_ITERS, NULL, NULL, NULL, 0);
}

void ef_think_start(ef_play *p)
{
    if (p->job || p->g->phase != EF_PHASE_ORDERS)
        return;
    if (!p->planned) {
        /* The plan looks at squares and strengths, never at orders, and
         * the squares cannot change before START: a snapshot taken now
         * or after a resume is the same plan. */
        ef_plan_init(p->plan, p->g);
        p->planned = 1;
    }
    if (p->plan->iterations < EF_PLAN_ITERS)
        p->job = tty_work_start(p->io, ef_think_work, p->plan);
}

void ef_think_stop(ef_play *p)
{
    if (!p->job)
        return;
    tty_work_cancel(p->job);
    tty_work_wait(p->io, p->job);
    p->job = NULL;
}

/* ---- The turn ------------------------------------------------------------ */

int ef_play_start(ef_play *p)
{
    ef_think_stop(p);
    if (tty_hungup(p->io))
        return TTY_EOF;
    if (!p->planned) {
        ef_plan_init(p->plan, p->g);
        p->planned = 1;
    }
    if (tty_work(p->io, ef_think_rest, p->plan) == TTY_EOF)
        return TTY_EOF;
    ef_plan_apply(p->plan, p->g);
    p->planned = 0;
    ef_report_begin(p->rep, p->g);
    ef_events_clear(p->ev);
    ef_turn_begin(p->g, p->ev);
    return 0;
}

int ef_play_subturn(ef_play *p)
{
    ef_events_clear(p->ev);
    int left = ef_subturn(p->g, p->ev);
    ef_report_add(p->rep, p->ev);
    return left < 0 ? 0 : left;
}

int ef_play_week(ef_play *p)
{
    int rc = TTY_OK;
    ef_events_clear(p->ev);
    ef_turn_end(p->g, p->ev);
    ef_report_add(p->rep, p->ev);
    p->rep->valid = 1;
    if (ef_over(p->g))
        return rc;
    if (p->code[0])
        rc = ef_play_save(p);
    ef_think_start(p);
    return rc;
}

/* ---- Saving --------------------------------------------------------------- */

int ef_play_save(ef_play *p)
{
    uint8_t buf[EF_SAVE_MAX];
    int n = ef_save(p->g, buf, sizeof buf);
    if (n < 0)
        return TTY_FAILED;     /* never -1: that is TTY_EOF */
    if (p->code[0])
        return tty_save_as(p->io, p->code, EF_GAME_NAME, buf, (size_t)n);
    char code[TTY_CODE_SIZE];
    int rc = tty_save(p->io, EF_GAME_NAME, buf, (size_t)n, code);
    if (rc == 0)
        memcpy(p->code, code, sizeof code);
    return rc;
}

/* The durability rule: an order the player was told was taken is on disk
 * before the next key is read, so a kill -9 loses at most a line being
 * typed.  A campaign without a code (no storage) stays unsaved quietly:
 * the player was told so at the start. */
int ef_play_commit(ef_play *p)
{
    if (!p->code[0] || ef_over(p->g))
        return -1;
    return ef_play_save(p);
}

void ef_play_hangup(ef_play *p)
{
    ef_think_stop(p);
    if (!ef_over(p->g))
        ef_play_save(p);
}

void ef_play_finish(ef_play *p)
{
    char detail[40];
    ef_state *g = p->g;
    snprintf(detail, sizeof detail, "%s%s", g->city_german[0]
             ? "MOSCOW TAKEN" : "MOSCOW HELD",
             g->handicap ? ", HANDICAP" : "");
    tty_hof_add(p->io, EF_GAME_NAME, "score", g->score, detail);
    tty_hof_add(p->io, EF_GAME_NAME, "campaigns", 1, detail);
    if (p->code[0])
        tty_forget(p->io, p->code);
    p->code[0] = 0;
}

/* ---- The demo German player ------------------------------------------------ */

static void ef_auto_work(void *arg, const volatile int *cancel)
{
    (void)cancel;
    ef_german_orders(arg);
}

int ef_play_auto(ef_play *p)
{
    /* The game is not touched by anyone else meanwhile: the coroutine
     * waits, and the Russians think on their own copy. */
    return tty_work(p->io, ef_auto_work, p->g);
}

char *ef_auto_said(const ef_state *g, int terse, char *buf, size_t size)
{
    int n = 0, worn = 0, corps = 0;
    for (int id = 1; id < EF_FIRST_RUSSIAN; id++) {
        if (!ef_on_map(g, id))
            continue;
        corps++;
        const ef_unit *u = &g->u[id];
        if (u->norders)
            n++;
        else if (u->combat * 100 < u->muster * 55)
            worn++;
    }
    int stuck = corps - n - worn;
    size_t k;
    if (terse == 2) {
        /* a 40-column message line: the counts, each with its reason */
        k = (size_t)snprintf(buf, size, "%d CORPS ORDERED", n);
        if (stuck > 0 && k < size)
            k += (size_t)snprintf(buf + k, size - k, "; %d NO WAY ON", stuck);
        if (worn && k < size)
            snprintf(buf + k, size - k, "; %d WORN", worn);
        return buf;
    }
    k = (size_t)snprintf(buf, size, "THE COMPUTER HAS GIVEN ORDERS TO %d "
                         "CORPS", n);
    if (terse) {
        /* "7 BLOCKED" read like an order refused: these corps were given
         * none because the planner found them no way on */
        if (stuck > 0 && k < size)
            k += (size_t)snprintf(buf + k, size - k, "; %d STAND (NO WAY ON)",
                                  stuck);
        if (worn && k < size)
            snprintf(buf + k, size - k, "; %d REST (WORN)", worn);
        return buf;
    }
    if (worn && k < size)
        k += (size_t)snprintf(buf + k, size - k, "; %d WORN BELOW 55%% OF "
                              "MUSTER REST", worn);
    if (stuck > 0 && k < size)
        snprintf(buf + k, size - k, "; %d HAVE NO ROAD FORWARD NOR A FAIR "
                 "FIGHT", stuck);
    return buf;
}
