/*
 * bg_play_match.c - a match from the first throw to the end: the dice,
 * each turn (a person's typed moves, or the computer's choice made off the
 * loop thread), "no possible moves", the demo's pace, saves, hang-ups,
 * the winner's three measures and the hall of fame.
 *
 * One coroutine runs the match for every terminal in it.  During a
 * person's turn it waits for a key from whichever terminal has one, so a
 * player on two terminals may look at the board, save or hang up while
 * the other is moving; a hang-up saves the game under the match's one
 * resume code and tells the other player.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bg_ui.h"

bg_match *bg_match_new(tty_io *io, int mode)
{
    bg_match *m = calloc(1, sizeof *m);     /* two terminals' panes: heap */
    if (!m)
        return NULL;
    m->mode = (uint8_t)mode;
    m->level = BG_LEVEL_DEFAULT;
    /* The dice are the match's own, saved with it, and seeded from the
     * session: under --seed a game repeats, and after a resume it throws
     * what it would have thrown. */
    bg_xrng_seed(&m->rng, (uint64_t)tty_random(io) << 32 | tty_random(io));
    return m;
}

bg_term *bg_match_attach(bg_match *m, tty_io *io, int colour)
{
    if (m->nterm == 2)
        return NULL;
    bg_term *t = &m->term[m->nterm];
    m->ios[m->nterm++] = io;
    bg_term_init(t, m, io, colour);
    bg_pane_open(t);
    return t;
}

void bg_match_free(bg_match *m)
{
    if (m) {
        bg_ai_free(m->ai);
        for (int i = 0; i < m->nterm; i++)
            vscr_free(&m->term[i].pane);    /* closed or not */
    }
    free(m);
}

void bg_match_say(bg_match *m, const char *text)
{
    for (int i = 0; i < m->nterm; i++)
        bg_term_say(&m->term[i], text);
}

/* A move or a pass: told to everyone, and kept for the pane. */
static void news(bg_match *m, const char *text)
{
    snprintf(m->news, sizeof m->news, "%s", text);
    bg_match_say(m, text);
}

static void refresh_all(bg_match *m)
{
    for (int i = 0; i < m->nterm; i++)
        bg_term_refresh(&m->term[i]);
}

int bg_match_save(bg_match *m, tty_io *io)
{
    size_t len;
    uint8_t *buf = bg_store_pack(m, &len);
    if (!buf)
        return TTY_FAILED;
    /* A first save takes a fresh code; the code is the match's only once
     * the save is committed. */
    char fresh[TTY_CODE_SIZE], note[48];
    if (m->kind[0] == BG_MACHINE && m->kind[1] == BG_MACHINE)
        snprintf(note, sizeof note, "DEMONSTRATION");
    else if (m->kind[0] == BG_MACHINE || m->kind[1] == BG_MACHINE)
        snprintf(note, sizeof note, "AGAINST %s, LEVEL %d", BG_COMPUTER_NAME,
                 m->level);
    else
        snprintf(note, sizeof note, "TWO PLAYERS");
    tty_save_note(io, note);
    int rc = m->code[0]
           ? tty_save_as(io, m->code, "backgammon", buf, len)
           : tty_save(io, "backgammon", buf, len, fresh);
    if (rc == 0 && !m->code[0])
        memcpy(m->code, fresh, sizeof fresh);
    free(buf);
    return rc;
}

static bg_rng dice_of(bg_match *m)
{
    bg_rng r = { bg_xrng_next, &m->rng };
    return r;
}

/* ---- the beginning ------------------------------------------------------ */

static void opening_words(bg_match *m)
{
    char text[BG_TEXT], side[2][48];
    for (int c = 0; c < 2; c++) {
        if (m->kind[c] == BG_MACHINE)
            snprintf(side[c], sizeof side[c], "%s: %s, LEVEL %d",
                     bg_colour_name(c), m->g.name[c], m->level);
        else
            snprintf(side[c], sizeof side[c], "%s: %s", bg_colour_name(c),
                     m->g.name[c]);
    }
    snprintf(text, sizeof text, "\n%s.  %s.  %s RULES.", side[BG_BLUE],
             side[BG_GREEN],
             m->g.rules == BG_RULES_ATARI ? "ATARI" : "STANDARD");
    bg_match_say(m, text);
}

/* A fresh game: "the computer decides who will commence the game", one
 * die for each side, and the one who starts plays those two. */
static void first_throw(bg_match *m)
{
    char names[2][BG_NAME_MAX + 1], text[BG_TEXT];
    memcpy(names, m->g.name, sizeof names);
    bg_rng r = dice_of(m);
    int d1, d2;
    int first = bg_first_roll(&r, &d1, &d2);
    bg_state_new(&m->g, names[BG_BLUE], names[BG_GREEN], m->g.rules, first);
    bg_state_throw(&m->g, d1, d2);
    opening_words(m);
    /* Saved with its first throw: from the start, a dropped line loses
     * nothing. */
    int rc = m->mode == BG_MODE_DEMO ? TTY_NOSTORE
           : bg_match_save(m, m->term[0].io);
    if (rc == 0) {
        snprintf(text, sizeof text, "YOUR RESUME CODE IS %s. IF A LINE "
                 "DROPS, THE GAME IS SAVED UNDER IT.", m->code);
        bg_match_say(m, text);
    } else if (rc == TTY_FAILED) {
        bg_match_say(m, "THE GAME COULD NOT BE SAVED JUST NOW: IF A LINE "
                        "DROPS, IT IS LOST.");
    }
    snprintf(text, sizeof text, "THE COMPUTER THROWS A DIE FOR EACH "
             "SIDE: BLUE %d, GREEN %d. %s STARTS.", d1, d2,
             bg_colour_name(first));
    bg_match_say(m, text);
}

static void resumed(bg_match *m)
{
    char text[BG_TEXT], who[32];
    opening_words(m);
    snprintf(text, sizeof text, "THE GAME %s GOES ON: %s TO MOVE.", m->code,
             bg_who(m, m->g.turn, who, sizeof who));
    bg_match_say(m, text);
    /* The one who waits sees the board now; the mover at the turn. */
    for (int i = 0; i < m->nterm; i++)
        if (!bg_term_mine(&m->term[i]))
            bg_term_board(&m->term[i]);
}

/* ---- turns -------------------------------------------------------------- */

/* Line mode: the board before a person's turn on that person's terminal,
 * and now and then for the demo's spectator (every turn on a screen,
 * every tenth on paper, which is slow). */
static void turn_boards(bg_match *m)
{
    for (int i = 0; i < m->nterm; i++) {
        bg_term *t = &m->term[i];
        if (t->split.on)
            continue;
        if (m->mode == BG_MODE_DEMO) {
            if (!t->caps->paper || m->turns % 10 == 0)
                bg_term_board(t);
        } else if (bg_term_mine(t)) {
            bg_term_board(t);
        }
    }
}

typedef struct bg_think {
    bg_ai *ai;
    bg_pos pos;
    int d1, d2, rules, level;
    bg_move out;
} bg_think;

static void bg_think_work(void *arg, const volatile int *cancel)
{
    bg_think *j = arg;
    bg_budget b = { cancel, NULL, NULL, 0 };
    bg_ai_choose(j->ai, &j->pos, j->d1, j->d2, j->rules, j->level, NULL, &b,
                 &j->out);
}

/* The computer's turn: chosen on a worker thread.  -1 after a hang-up
 * (the search is called off; the dice stay thrown for the save). */
static int machine_turn(bg_match *m)
{
    bg_state *g = &m->g;
    int colour = g->turn;
    bg_think j = { m->ai, g->pos, g->dice[0], g->dice[1], g->rules,
                   m->level, { 0 } };
    if (tty_work(m->term[0].io, bg_think_work, &j) == TTY_EOF)
        return -1;
    char text[BG_TEXT], who[32], dice[8], play[96];
    bg_dice_text(g->dice[0], g->dice[1], dice, sizeof dice);
    bg_play_text(&j.out, colour, play, sizeof play);
    snprintf(text, sizeof text, "%s THROWS %s AND PLAYS %s.",
             bg_who(m, colour, who, sizeof who), dice, play);
    bg_state_play_move(g, &j.out);
    news(m, text);
    return 0;
}

/* The next key from any terminal of the match. */
static int next_key(bg_match *m, bg_term **from)
{
    int i = m->nterm > 1 ? tty_wait_any(m->ios, m->nterm, 0) : 0;
    *from = &m->term[i > 0 ? i : 0];
    return tty_inkey((*from)->io);
}

static void hung_up(bg_match *m, bg_term *gone)
{
    char text[BG_TEXT], who[32];
    if (m->mode == BG_MODE_DEMO)
        return;
    int rc = bg_match_save(m, gone->io);
    if (m->mode != BG_MODE_TWO)
        return;
    bg_who(m, gone->colour, who, sizeof who);
    if (rc == 0)
        snprintf(text, sizeof text, "%s HAS HUNG UP.\nTHE GAME IS SAVED: "
                 "BOTH OF YOU CAN RESUME IT WITH THE CODE %s.", who, m->code);
    else
        snprintf(text, sizeof text, "%s HAS HUNG UP, AND THE GAME COULD "
                 "NOT BE SAVED.", who);
    for (int i = 0; i < m->nterm; i++)
        if (&m->term[i] != gone && !tty_hungup(m->term[i].io))
            bg_term_say(&m->term[i], text);
}

/* A person's turn, from the throw to the last die (or a new position, a
 * save, a hang-up).  0 to go on, 1 to stop (saved), -1 after a hang-up. */
static int human_turn(bg_match *m, int opening)
{
    bg_state *g = &m->g;
    int colour = g->turn;
    char text[BG_TEXT], who[32], dice[8];
    if (!opening) {
        bg_dice_text(g->dice[0], g->dice[1], dice, sizeof dice);
        snprintf(text, sizeof text, "%s THROWS %s.",
                 bg_who(m, colour, who, sizeof who), dice);
        bg_match_say(m, text);
    }
    for (;;) {
        for (int i = 0; i < m->nterm; i++) {
            bg_term_refresh(&m->term[i]);
            bg_term_prompt(&m->term[i]);
        }
        bg_term *t;
        int key = next_key(m, &t);
        if (key == TTY_EOF) {
            hung_up(m, t);
            return -1;
        }
        if (key == TTY_KEY_RESIZE) {
            bg_pane_resize(t);
            bg_term_board(t);
            continue;
        }
        if (key == 12) {                /* ^L: the board again */
            bg_term_board(t);
            continue;
        }
        if (!bg_term_edit(t, key))
            continue;
        switch (bg_cmd_line(t, t->line)) {
        case BG_ACT_DONE: {
            bg_move mv;
            char play[96];
            bg_turn_move(&g->tn, &mv);
            bg_play_text(&mv, colour, play, sizeof play);
            snprintf(text, sizeof text, "%s PLAYS %s.",
                     bg_who(m, colour, who, sizeof who), play);
            bg_state_end_turn(g);
            news(m, text);
            return 0;
        }
        case BG_ACT_NEW:
            return 0;
        case BG_ACT_STOP:
            return 1;
        default:
            break;
        }
    }
}

/* The demo between turns: its pace, and Q or Escape to stop watching.
 * 0 to go on, 1 to stop, -1 after a hang-up. */
static int demo_pause(bg_match *m)
{
    bg_term *t = &m->term[0];
    bg_term_refresh(t);
    if (tty_drain(t->io) == TTY_EOF)
        return -1;                      /* the teletype keeps the pace */
    int key = m->pace ? tty_inkey_timeout(t->io, m->pace * 100)
            : tty_ckinp(t->io) ? tty_inkey(t->io) : TTY_TIMEOUT;
    if (key == TTY_EOF)
        return -1;
    if (key == TTY_KEY_ESC || key == 'Q' || key == 'q') {
        bg_match_say(m, "THE DEMO STOPS HERE.");
        return 1;
    }
    if (key == TTY_KEY_RESIZE) {
        bg_pane_resize(t);
        bg_term_board(t);
    }
    return 0;
}

/* ---- the end ------------------------------------------------------------ */

static void hall_of_fame(bg_match *m, const bg_result *r)
{
    int w = r->winner;
    if ((m->mode != BG_MODE_ONE && m->mode != BG_MODE_TWO) ||
        m->kind[w] != BG_HUMAN || m->from_setup)
        return;
    bg_term *t = NULL;
    for (int i = 0; i < m->nterm; i++)
        if (m->term[i].colour == w)
            t = &m->term[i];
    if (!t)
        return;
    char detail[40];
    const char *rules = m->g.rules == BG_RULES_ATARI ? "ATARI RULES"
                                                     : "STANDARD RULES";
    if (m->mode == BG_MODE_ONE)
        snprintf(detail, sizeof detail, "VS ATARI (%d), %s", m->level,
                 rules);
    else
        snprintf(detail, sizeof detail, "VS %s, %s", m->g.name[!w], rules);
    int rc = tty_hof_add(t->io, "backgammon", "advantage",
                         r->tile_advantage, detail);
    rc |= tty_hof_add(t->io, "backgammon", "moves", r->total_moves, detail);
    rc |= tty_hof_add(t->io, "backgammon", "score", r->score, detail);
    if (rc == 0)
        bg_term_say(t, "YOUR THREE MEASURES ARE IN THE HALL OF FAME.");
}

static void finish(bg_match *m)
{
    bg_result r;
    char text[BG_TEXT * 2], who[32];
    bg_state_result(&m->g, &r);
    const char *loser = bg_colour_name(!r.winner);
    for (int i = 0; i < m->nterm; i++)
        bg_term_board(&m->term[i]);
    snprintf(text, sizeof text, "%s WINS.\nTHE WINNER'S PERFORMANCE:\n"
             "  TILE ADVANTAGE %3d   %s'S TILES LEFT ON THE BOARD\n"
             "  TOTAL MOVES    %3d   %s'S TURNS\n"
             "  SCORE          %3d   FOR HOW FAR %s'S TILES ARE FROM HOME",
             bg_who(m, r.winner, who, sizeof who), r.tile_advantage, loser,
             r.total_moves, bg_colour_name(r.winner), r.score, loser);
    bg_match_say(m, text);
    hall_of_fame(m, &r);
    if (m->code[0])
        tty_forget(m->term[0].io, m->code);
}

/* ---- the course of a match ---------------------------------------------- */

void bg_match_run(bg_match *m)
{
    bg_state *g = &m->g;
    if (!m->ai && (m->kind[0] == BG_MACHINE || m->kind[1] == BG_MACHINE))
        m->ai = bg_ai_new();
    int opening = !m->code[0];
    if (opening)
        first_throw(m);
    else
        resumed(m);
    for (;;) {
        if (g->winner >= 0) {
            finish(m);
            break;
        }
        if (!g->dice[0]) {
            bg_rng r = dice_of(m);
            int d1 = bg_roll_die(&r);
            bg_state_throw(g, d1, bg_roll_die(&r));
        }
        /* Each turn a person plays is committed first, dice and all, so
         * kill -9 of the server loses at most the move being typed (the
         * opening throw has just been saved). */
        if (!opening && m->mode != BG_MODE_DEMO && m->code[0] &&
            m->kind[g->turn] == BG_HUMAN)
            bg_match_save(m, m->term[0].io);
        turn_boards(m);
        m->turns++;
        int rc = 0;
        if (g->tn.maxuse == 0) {
            /* "If you cannot move ... you will be informed of this and
             * play will pass to your opponent." */
            char text[BG_TEXT], who[32], dice[8];
            bg_dice_text(g->dice[0], g->dice[1], dice, sizeof dice);
            snprintf(text, sizeof text, "%s THROWS %s: NO POSSIBLE MOVES. "
                     "PLAY PASSES TO %s.",
                     bg_who(m, g->turn, who, sizeof who), dice,
                     bg_colour_name(!g->turn));
            bg_state_end_turn(g);
            news(m, text);
        } else if (m->kind[g->turn] == BG_MACHINE) {
            rc = m->ai ? machine_turn(m) : -1;
            if (rc < 0)
                hung_up(m, &m->term[0]);
        } else {
            rc = human_turn(m, opening);
        }
        opening = 0;
        if (rc != 0)
            break;
        if (m->mode == BG_MODE_DEMO && g->winner < 0 &&
            demo_pause(m) != 0)
            break;
        refresh_all(m);
    }
    for (int i = 0; i < m->nterm; i++)
        bg_term_close(&m->term[i]);
}
