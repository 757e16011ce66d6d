/*
 * gj_match.c - a match from the set-ups to the end: whose turn it is, the
 * machines' moves (the computer's off the loop thread through tty_work),
 * the umpire's announcements to every terminal, the hot seat's hiding,
 * saves, hang-ups and the hall of fame.
 *
 * One coroutine runs the match for every terminal in it.  It waits for a
 * key from whichever terminal has one (tty_wait_any: both players may
 * type at once, e.g. while both set up), hands it to that terminal, and
 * acts on the answer (enum gj_act).  A hang-up on either side saves the
 * game under the match's one resume code and tells the other side.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gj_ui.h"

gj_match *gj_match_new(tty_io *io, int mode)
{
    gj_match *m = calloc(1, sizeof *m);    /* ~40 KB: never on a stack */
    if (!m)
        return NULL;
    m->mode = (uint8_t)mode;
    /* The session's generator seeds the match's own, which is saved with
     * it: a game under --seed repeats, and goes on the same after a resume. */
    uint64_t seed = (uint64_t)tty_random(io) << 32 | tty_random(io);
    gj_rng_seed(&m->rng, seed);
    return m;
}

gj_term *gj_match_attach(gj_match *m, tty_io *io, int side)
{
    gj_term *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    gj_term_init(t, m, io, side);
    m->term[m->nterm++] = t;
    if (side == GJ_RED || side == GJ_BLUE)
        m->side_term[side] = t;
    return t;
}

void gj_match_free(gj_match *m)
{
    if (!m)
        return;
    for (int i = 0; i < m->nterm; i++) {
        vscr_free(&m->term[i]->scr.v);
        free(m->term[i]);
    }
    free(m);
}

static void say_all(gj_match *m, const char *text)
{
    for (int i = 0; i < m->nterm; i++)
        gj_term_say(m->term[i], text);
}

/* Two terminals: each side's own code (side.h), to its terminal alone,
 * with the resume code it goes with; not to gone, which has hung up. */
static void tell_sides(gj_match *m, const gj_term *gone)
{
    char msg[GJ_MSG];
    for (int i = 0; m->mode == GJ_MODE_TWO && i < m->nterm; i++) {
        gj_term *t = m->term[i];
        if (t == gone || t->side == GJ_UMPIRE)
            continue;
        side_tell(&m->keys, t->side, gj_side_name(t->side), msg, sizeof msg);
        if (msg[0])
            gj_term_say(t, msg);
    }
}

static void show_all(gj_match *m)
{
    for (int i = 0; i < m->nterm; i++)
        gj_term_show(m->term[i]);
}

/* ---- the machines ----------------------------------------------------- */

typedef struct gj_ai_job {
    const gj_view *v;
    gj_rng *rng;
    gj_move move;
    int rc;
} gj_ai_job;

static void gj_ai_work(void *arg, const volatile int *cancel)
{
    gj_ai_job *j = arg;
    gj_ai_opts o = { cancel, 0, j->rng, 0 };
    j->rc = gj_ai_choose(j->v, &o, &j->move);
}

/* Let every terminal hear of the move just played; the side to move next
 * is told it is its turn. */
static void announce(gj_match *m, const gj_rec *r)
{
    for (int i = 0; i < m->nterm; i++) {
        gj_term *t = m->term[i];
        gj_term_moved(t, r);
        if (m->g.result == GJ_PLAYING && t->side == m->g.turn)
            gj_term_turn(t);
        if (t->state == GJ_T_WATCH && !t->screen && m->g.nhist % 20 == 0)
            t->board_due = 1;       /* the demo's board now and then */
        if (m->mode == GJ_MODE_TWO && !t->screen &&
            m->g.result == GJ_PLAYING && t->side != m->g.turn) {
            char msg[GJ_MSG];
            snprintf(msg, sizeof msg, "WAITING FOR %s'S MOVE.",
                     gj_side_name(m->g.turn));
            gj_term_say(t, msg);
        }
    }
}

/* The side to move is a machine: choose (the computer off the loop
 * thread) and play.  A hang-up meanwhile is noticed at the next key: keys
 * typed before it are still the player's. */
static void machine_move(gj_match *m)
{
    int side = m->g.turn;
    tty_io *io = m->term[0]->io;
    gj_move mv;
    gj_view_build(&m->g, side, &m->scratch);
    if (m->kind[side] == GJ_RANDOM_AI) {
        if (gj_ai_random(&m->scratch, &m->rng, &mv) != 0)
            return;                 /* cannot happen: the game is over */
    } else {
        gj_ai_job j = { &m->scratch, &m->rng, { 0, 0 }, -1 };
        for (int i = 0; i < m->nterm; i++)
            if (m->term[i]->screen && m->term[i]->state != GJ_T_WATCH) {
                snprintf(m->term[i]->msg, sizeof m->term[i]->msg,
                         "%s IS THINKING...", gj_side_name(side));
                gj_term_show(m->term[i]);
            }
        tty_work(io, gj_ai_work, &j);
        if (j.rc != 0)
            return;                 /* cannot happen: it always has a move */
        mv = j.move;
    }
    gj_rec r;
    if (gj_play(&m->g, mv.from, mv.to, &r) == 0)
        announce(m, &r);
}

/* ---- the course of a match -------------------------------------------- */

static void start_play(gj_match *m)
{
    char msg[GJ_MSG * 2];
    gj_game_init(&m->g, &m->setup[GJ_RED], &m->setup[GJ_BLUE]);
    m->started = 1;
    int rc = m->mode == GJ_MODE_DEMO ? TTY_NOSTORE
           : gj_store_save(m, m->term[0]->io);
    if (rc == 0) {
        snprintf(msg, sizeof msg, "YOUR RESUME CODE IS %s: IF A LINE "
                 "DROPS, THE GAME IS SAVED UNDER IT.", m->code);
        say_all(m, msg);
        tell_sides(m, NULL);
    } else if (rc == TTY_FAILED) {
        say_all(m, "THE GAME COULD NOT BE SAVED JUST NOW: IF A LINE DROPS, "
                   "IT IS LOST.");
    }
    say_all(m, "BOTH ARMIES ARE IN PLACE.  RED MOVES FIRST.");
    for (int i = 0; i < m->nterm; i++) {
        gj_term *t = m->term[i];
        if (m->mode == GJ_MODE_HOTSEAT)
            continue;               /* still hiding blue's army */
        gj_term_enter(t, m->mode == GJ_MODE_DEMO ? GJ_T_WATCH : GJ_T_PLAY);
        if (t->side == GJ_RED || t->side == GJ_UMPIRE)
            gj_term_turn(t);
    }
}

static void begin(gj_match *m)
{
    char msg[GJ_MSG * 2];
    if (m->started) {
        snprintf(msg, sizeof msg, "THE GAME %s GOES ON: MOVE %d, %s TO "
                 "MOVE.", m->code, m->g.nhist / 2 + 1,
                 gj_side_name(m->g.turn));
        say_all(m, msg);
        for (int i = 0; i < m->nterm; i++) {
            gj_term *t = m->term[i];
            if (m->mode == GJ_MODE_HOTSEAT) {
                gj_term_switch(t, m->g.turn);
                continue;
            }
            gj_term_enter(t, m->mode == GJ_MODE_DEMO ? GJ_T_WATCH
                                                     : GJ_T_PLAY);
            gj_term_turn(t);
            if (m->g.nhist)
                gj_term_replay(t);
        }
        return;
    }
    for (int side = 0; side < 2; side++) {
        if (m->kind[side] == GJ_COMPUTER_AI)
            gj_ai_setup(&m->setup[side], &m->rng, 0);
        else if (m->kind[side] == GJ_RANDOM_AI)
            gj_setup_random(&m->setup[side], &m->rng);
        m->ready[side] = m->kind[side] != GJ_HUMAN;
    }
    for (int i = 0; i < m->nterm; i++)
        if (m->term[i]->side != GJ_UMPIRE)
            gj_term_enter(m->term[i], GJ_T_HOW);
}

/* Save and tell everyone; 0 if it is saved. */
static int save(gj_match *m, gj_term *by)
{
    char msg[GJ_MSG * 2];
    if (gj_store_save(m, by->io) != 0) {
        gj_term_msg(by, "THE GAME COULD NOT BE SAVED: PLAY ON.");
        return -1;
    }
    for (int i = 0; i < m->nterm; i++) {
        gj_term *t = m->term[i];
        if (t != by && m->mode == GJ_MODE_TWO)
            snprintf(msg, sizeof msg, "%s HAS STOPPED THE GAME. IT IS "
                     "SAVED: RESUME IT WITH THE CODE %s.",
                     gj_side_name(by->side), m->code);
        else
            snprintf(msg, sizeof msg, "THE GAME IS SAVED. TO GO ON LATER, "
                     "RESUME IT WITH THE CODE %s.", m->code);
        gj_term_say(t, msg);
    }
    tell_sides(m, NULL);
    return 0;
}

static void finish(gj_match *m, const char *how);

/*
 * gone reads as hung up.  A player who abandoned a rated game (the line
 * dropped and did not come back within the server's wait: tty_abandoned)
 * loses it as if resigned, and the game ends, rated "abandoned": 1.
 * Otherwise (guests, a save, a server that keeps no seat) 0: the game is
 * saved as after any hang-up.
 */
static int abandoned(gj_match *m, gj_term *gone)
{
    gj_term *stayer = m->side_term[!gone->side];
    if (!m->started || m->mode != GJ_MODE_TWO || !stayer ||
        tty_hungup(stayer->io) || !tty_abandoned(gone->io) ||
        !tty_rated(stayer->io, gone->io, "gunjin"))
        return 0;
    char msg[GJ_MSG];
    snprintf(msg, sizeof msg, "%s HAS NOT COME BACK: THE GAME IS "
             "ABANDONED, COUNTED AS %s'S RESIGNATION.",
             gj_side_name(gone->side), gj_side_name(gone->side));
    gj_term_say(stayer, msg);
    gj_resign(&m->g, gone->side);
    finish(m, "abandoned");
    return 1;
}

static void hung_up(gj_match *m, gj_term *gone)
{
    char msg[GJ_MSG * 2];
    const char *who = gj_side_name(gone->side);
    int saved = 0;
    if (abandoned(m, gone))
        return;
    if (!m->started || m->mode == GJ_MODE_DEMO) {
        snprintf(msg, sizeof msg, "%s HAS HUNG UP: THE GAME IS OFF.", who);
    } else if (gj_store_save(m, gone->io) == 0) {
        saved = 1;
        snprintf(msg, sizeof msg, "%s HAS HUNG UP. THE GAME IS SAVED: BOTH "
                 "OF YOU CAN RESUME IT WITH THE CODE %s.", who, m->code);
    } else {
        snprintf(msg, sizeof msg, "%s HAS HUNG UP, AND THE GAME COULD NOT "
                 "BE SAVED.", who);
    }
    for (int i = 0; i < m->nterm; i++)
        if (m->term[i] != gone && !tty_hungup(m->term[i]->io))
            gj_term_say(m->term[i], msg);
    if (saved)
        tell_sides(m, gone);
}

static void hall_of_fame(gj_match *m)
{
    const gj_game *g = &m->g;
    int w = g->winner;
    if (g->result == GJ_DRAW || m->mode == GJ_MODE_HOTSEAT ||
        m->mode == GJ_MODE_DEMO || m->kind[w] != GJ_HUMAN ||
        !m->side_term[w])
        return;
    char detail[40];
    if (m->mode == GJ_MODE_TWO)
        snprintf(detail, sizeof detail, "VS %s", m->name[!w]);
    else
        snprintf(detail, sizeof detail, "VS %s",
                 m->mode == GJ_MODE_COMPUTER ? "COMPUTER" : "RANDOM");
    tty_io *io = m->side_term[w]->io;
    tty_hof_add(io, "gunjin", "wins", 1, detail);
    tty_hof_add(io, "gunjin", "fastest", (g->nhist + 1 - w) / 2, detail);
}

/* A game between two terminals over: rated between two accounts (Elo,
 * each game on its own, so its length is 1). */
static void rate(gj_match *m, const char *how)
{
    const gj_game *g = &m->g;
    int drawn = g->result == GJ_DRAW, w = drawn ? GJ_RED : g->winner;
    gj_term *won = m->side_term[w], *lost = m->side_term[!w];
    if (m->mode == GJ_MODE_TWO && won && lost && won != lost)
        tty_result(won->io, lost->io, "gunjin", drawn, 1, how);
}

/* how: "won", "resigned" or "abandoned", for the ratings. */
static void finish(gj_match *m, const char *how)
{
    char text[GJ_MSG];
    for (int i = 0; i < m->nterm; i++) {
        gj_term *t = m->term[i];
        gj_text_result(&m->g, t->side, m->mode, text, sizeof text);
        t->state = GJ_T_IDLE;
        t->board_due = !t->screen;
        gj_term_say(t, text);
        if (t->screen)
            gj_text_copy(t->msg, sizeof t->msg, text);
        gj_term_show(t);
    }
    hall_of_fame(m);
    /* Forgotten before it is rated: a crash between the two loses a
     * rating, never counts one twice through a resumed save. */
    if (m->code[0])
        tty_forget(m->term[0]->io, m->code);
    rate(m, how);
}

/* What a terminal asked for.  1 when the match is over. */
static int act(gj_match *m, gj_term *t, int what)
{
    gj_rec r;
    switch (what) {
    case GJ_ACT_SETUP:
        m->setup[t->side] = t->setup;
        m->ready[t->side] = 1;
        if (m->mode == GJ_MODE_HOTSEAT) {
            gj_term_enter(t, GJ_T_HIDE);
            gj_term_msg(t, "YOUR ARMY IS IN PLACE.");
        } else {
            gj_term_enter(t, GJ_T_READY);
            if (!m->ready[!t->side]) {
                char msg[GJ_MSG];
                snprintf(msg, sizeof msg, "YOUR ARMY IS IN PLACE. WAITING "
                         "FOR %s...", gj_side_name(!t->side));
                gj_term_say(t, msg);
            }
        }
        return 0;
    case GJ_ACT_HIDDEN:
        gj_term_switch(t, m->started ? m->g.turn : !t->side);
        return 0;
    case GJ_ACT_MOVE:
        if (gj_play(&m->g, t->move.from, t->move.to, &r) != 0)
            return 0;               /* cannot happen: gj_term_try checked */
        if (m->mode == GJ_MODE_HOTSEAT) {
            gj_term_moved(t, &r);   /* the mover alone sees the result */
            if (m->g.result == GJ_PLAYING)
                gj_term_enter(t, GJ_T_HIDE);
        } else {
            announce(m, &r);
        }
        return 0;
    case GJ_ACT_RESIGN:
        gj_resign(&m->g, t->side);
        return 0;
    case GJ_ACT_SAVE:
        if (!m->started)
            return 0;
        return save(m, t) == 0;
    case GJ_ACT_STOP:
        say_all(m, "THE DEMO STOPS HERE.");
        return 1;
    default:
        return 0;
    }
}

/* Wait for a key from any terminal of the match. */
static int next_key(gj_match *m, gj_term **from)
{
    int i = 0;
    if (m->nterm > 1) {
        tty_io *ios[2] = { m->term[0]->io, m->term[1]->io };
        i = tty_wait_any(ios, m->nterm, 0);
        if (i < 0)
            i = 0;
    }
    *from = m->term[i];
    return tty_inkey(m->term[i]->io);
}

/* The demo: the spectator's keys between the computer's moves. */
static int demo_keys(gj_match *m)
{
    gj_term *t = m->term[0];
    gj_term_show(t);
    int key = m->pause ? tty_inkey_timeout(t->io, m->pause * 100)
                       : tty_ckinp(t->io) ? tty_inkey(t->io) : TTY_TIMEOUT;
    if (key == TTY_TIMEOUT)
        return 0;
    if (key == TTY_EOF)
        return -1;
    int what = gj_term_key(t, key);
    return what != GJ_ACT_NONE && act(m, t, what) ? 1 : 0;
}

void gj_match_run(gj_match *m)
{
    begin(m);
    int kept = m->g.nhist;      /* the moves the save holds */
    for (;;) {
        if (!m->started && m->ready[GJ_RED] && m->ready[GJ_BLUE])
            start_play(m);
        if (m->started && m->g.result != GJ_PLAYING) {
            finish(m, m->g.result == GJ_WIN_RESIGN ? "resigned" : "won");
            break;
        }
        /* Each move answered is committed before a person is asked for
         * the next (show_all prints the prompt), so kill -9 of the server
         * loses at most what is being typed. */
        if (m->started && m->mode != GJ_MODE_DEMO && m->code[0] &&
            m->kind[m->g.turn] == GJ_HUMAN && m->g.nhist != kept &&
            gj_store_save(m, m->term[0]->io) == 0)
            kept = m->g.nhist;
        show_all(m);
        if (m->started && m->kind[m->g.turn] != GJ_HUMAN) {
            machine_move(m);
            if (m->mode == GJ_MODE_DEMO && m->g.result == GJ_PLAYING) {
                int rc = demo_keys(m);
                if (rc < 0)
                    hung_up(m, m->term[0]);
                if (rc)
                    break;
            }
            continue;
        }
        gj_term *t;
        int key = next_key(m, &t);
        if (key == TTY_EOF) {
            hung_up(m, t);
            break;
        }
        int what = gj_term_key(t, key);
        if (what != GJ_ACT_NONE && act(m, t, what))
            break;
    }
    for (int i = 0; i < m->nterm; i++)
        gj_term_close(m->term[i]);
}
