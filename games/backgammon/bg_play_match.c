/*
 * bg_play_match.c - a match from the first throw to the end: the dice,
 * each turn (a person's typed moves, or the computer's choice made off the
 * loop thread), "no possible moves", the demo's pace, saves, hang-ups,
 * the article's game's three measures and the hall of fame; under the
 * STANDARD rules the cube before each throw (bg_play_cube.c) and game
 * after game to the end of the match.
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
        bg_record_free(&m->rec);
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

void bg_match_news(bg_match *m, const char *text)
{
    snprintf(m->news, sizeof m->news, "%.*s", (int)sizeof m->news - 1,
             text);
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

void bg_match_tell_sides(bg_match *m, const bg_term *gone)
{
    char text[BG_TEXT];
    for (int i = 0; m->mode == BG_MODE_TWO && i < m->nterm; i++) {
        bg_term *t = &m->term[i];
        if (t == gone || t->colour == BG_BOTH)
            continue;
        side_tell(&m->keys, t->colour, bg_colour_name(t->colour), text,
                  sizeof text);
        if (text[0])
            bg_term_say(t, text);
    }
}

static bg_rng dice_of(bg_match *m)
{
    bg_rng r = { bg_xrng_next, &m->rng };
    return r;
}

/* ---- the beginning ------------------------------------------------------ */

static void opening_words(bg_match *m)
{
    char text[BG_TEXT * 2], side[2][48];
    for (int c = 0; c < 2; c++) {
        if (m->kind[c] == BG_MACHINE)
            snprintf(side[c], sizeof side[c], "%s: %s, LEVEL %d",
                     bg_colour_name(c), m->g.name[c], m->level);
        else
            snprintf(side[c], sizeof side[c], "%s: %s", bg_colour_name(c),
                     m->g.name[c]);
    }
    char stakes[64] = "";
    if (m->g.stakes != BG_SINGLE) {
        stakes[0] = ',';
        stakes[1] = ' ';
        bg_stakes_text(&m->g, stakes + 2, sizeof stakes - 2);
    }
    snprintf(text, sizeof text, "\n%s.  %s.  %s RULES%s.", side[BG_BLUE],
             side[BG_GREEN],
             m->g.rules == BG_RULES_ATARI ? "ATARI" : "STANDARD", stakes);
    bg_match_say(m, text);
}

/* A fresh game: "the computer decides who will commence the game", one
 * die for each side, and the one who starts plays those two.  The first
 * game of a match is new (names, rules and stakes as asked); a later one
 * follows the score. */
static void first_throw(bg_match *m, int later)
{
    char text[BG_TEXT];
    bg_rng r = dice_of(m);
    int d1, d2;
    int first = bg_first_roll(&r, &d1, &d2);
    if (later) {
        bg_state_next_game(&m->g, first);
    } else {
        bg_state g = m->g;
        bg_state_new(&m->g, g.name[BG_BLUE], g.name[BG_GREEN], g.rules,
                     first);
        bg_state_stakes(&m->g, g.stakes, g.length, g.jacoby, g.beavers);
    }
    bg_state_throw(&m->g, d1, d2);
    if (m->g.stakes != BG_SINGLE)
        bg_record_game(&m->rec);
    if (later) {
        snprintf(text, sizeof text, "\nGAME %d.", m->g.games + 1);
        bg_match_say(m, text);
        if (m->g.crawford)
            bg_match_say(m, "THE CRAWFORD GAME: NOBODY MAY DOUBLE.");
    } else {
        opening_words(m);
    }
    /* Saved with its first throw: from the start, a dropped line loses
     * nothing. */
    int rc = m->mode == BG_MODE_DEMO ? TTY_NOSTORE
           : bg_match_save(m, m->term[0].io);
    if (rc == 0 && !later) {
        snprintf(text, sizeof text, "YOUR RESUME CODE IS %s. IF A LINE "
                 "DROPS, THE GAME IS SAVED UNDER IT.", m->code);
        bg_match_say(m, text);
        bg_match_tell_sides(m, NULL);
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
    if (m->g.stakes != BG_SINGLE && (m->g.games || m->g.score[0] ||
                                     m->g.score[1])) {
        snprintf(text, sizeof text, "GAME %d, THE SCORE BLUE %d, GREEN %d.",
                 m->g.games + 1, m->g.score[BG_BLUE], m->g.score[BG_GREEN]);
        bg_match_say(m, text);
    }
    snprintf(text, sizeof text, "THE GAME %s GOES ON: %s TO %s.", m->code,
             bg_who(m, bg_match_actor(m), who, sizeof who),
             m->g.offered ? "TAKE OR PASS" : "MOVE");
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
    int cube;               /* play for the cube ci (else the win alone) */
    bg_cubeinfo ci;
    bg_move out;
} bg_think;

static void bg_think_work(void *arg, const volatile int *cancel)
{
    bg_think *j = arg;
    bg_budget b = { cancel, NULL, NULL, 0 };
    if (j->cube)
        bg_ai_choose_cube(j->ai, &j->pos, j->d1, j->d2, j->level, &j->ci,
                          NULL, &b, &j->out);
    else
        bg_ai_choose(j->ai, &j->pos, j->d1, j->d2, j->rules, j->level, NULL,
                     &b, &j->out);
}

/* The computer's turn: chosen on a worker thread.  -1 after a hang-up
 * (the search is called off; the dice stay thrown for the save). */
static int machine_turn(bg_match *m)
{
    bg_state *g = &m->g;
    int colour = g->turn;
    bg_think j = { m->ai, g->pos, g->dice[0], g->dice[1], g->rules,
                   m->level, g->stakes != BG_SINGLE, { 0 }, { 0 } };
    bg_state_cubeinfo(g, &j.ci);
    if (tty_work(m->term[0].io, bg_think_work, &j) == TTY_EOF)
        return -1;
    char text[BG_TEXT], who[32], dice[8], play[96];
    bg_dice_text(g->dice[0], g->dice[1], dice, sizeof dice);
    bg_play_text(&j.out, colour, play, sizeof play);
    snprintf(text, sizeof text, "%s THROWS %s AND PLAYS %s.",
             bg_who(m, colour, who, sizeof who), dice, play);
    if (g->stakes != BG_SINGLE)
        bg_record_move(&m->rec, colour, g->dice[0], g->dice[1], &j.out);
    bg_state_play_move(g, &j.out);
    bg_match_news(m, text);
    return 0;
}

/* The next key from any terminal of the match still in it (the match
 * over, one that has left it is not listened to). */
static int next_key(bg_match *m, bg_term **from)
{
    tty_io *ios[2];
    int at[2], n = 0;
    for (int i = 0; i < m->nterm; i++)
        if (!m->leaving[i]) {
            at[n] = i;
            ios[n++] = m->ios[i];
        }
    int k = n > 1 ? tty_wait_any(ios, n, 0) : 0;
    *from = &m->term[n ? at[k > 0 ? k : 0] : 0];
    return tty_inkey((*from)->io);
}

static void hung_up(bg_match *m, bg_term *gone)
{
    char text[BG_TEXT], who[32];
    if (m->mode == BG_MODE_DEMO || bg_result_abandoned(m, gone))
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
    if (rc == 0)
        bg_match_tell_sides(m, gone);
}

/* The moves a person typed, once the turn is complete: told, recorded,
 * the turn ended. */
static void human_played(bg_match *m)
{
    bg_state *g = &m->g;
    bg_move mv;
    char text[BG_TEXT], who[32], play[96];
    bg_turn_move(&g->tn, &mv);
    bg_play_text(&mv, g->turn, play, sizeof play);
    snprintf(text, sizeof text, "%s PLAYS %s.",
             bg_who(m, g->turn, who, sizeof who), play);
    if (g->stakes != BG_SINGLE)
        bg_record_move(&m->rec, g->turn, g->dice[0], g->dice[1], &mv);
    bg_state_end_turn(g);
    bg_match_news(m, text);
}

/*
 * What people type, until the one who must answer has (a turn played,
 * a throw or a double asked for, a double taken or passed, a match over
 * left), a position set up, a save, or a hang-up: the act (enum bg_act),
 * or -1 after a hang-up.  Any terminal may type a command meanwhile.
 */
static int human_input(bg_match *m, int opening)
{
    bg_state *g = &m->g;
    char text[BG_TEXT], who[32], dice[8];
    if (!opening && bg_match_phase(m) == BG_PH_MOVE) {
        bg_dice_text(g->dice[0], g->dice[1], dice, sizeof dice);
        snprintf(text, sizeof text, "%s THROWS %s.",
                 bg_who(m, g->turn, who, sizeof who), dice);
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
            if (bg_match_phase(m) == BG_PH_END) {
                m->leaving[t - m->term] = 1;
                return BG_ACT_LEAVE;
            }
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
        int act = bg_cmd_line(t, t->line);
        if (act == BG_ACT_DONE) {
            human_played(m);
            return act;
        }
        if (act == BG_ACT_LEAVE)
            m->leaving[t - m->term] = 1;
        if (act != BG_ACT_NONE)
            return act;
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

/* The article's game over: the winner's three measures. */
static void finish(bg_match *m)
{
    bg_result r;
    char text[BG_TEXT * 2], who[32];
    bg_state_result(&m->g, &r);
    const char *loser = bg_colour_name(!r.winner);
    snprintf(text, sizeof text, "%s WINS.\nTHE WINNER'S PERFORMANCE:\n"
             "  TILE ADVANTAGE %3d   %s'S TILES LEFT ON THE BOARD\n"
             "  TOTAL MOVES    %3d   %s'S TURNS\n"
             "  SCORE          %3d   FOR HOW FAR %s'S TILES ARE FROM HOME",
             bg_who(m, r.winner, who, sizeof who), r.tile_advantage, loser,
             r.total_moves, bg_colour_name(r.winner), r.score, loser);
    bg_match_say(m, text);
    hall_of_fame(m, &r);
}

/* A match over: each person may have it written out as a .mat file
 * before leaving it.  -1 after a hang-up of the last one. */
static int farewell(bg_match *m)
{
    int people = 0;
    for (int i = 0; i < m->nterm; i++) {
        m->leaving[i] = m->kind[BG_BLUE] == BG_MACHINE &&
                        m->kind[BG_GREEN] == BG_MACHINE;
        people += !m->leaving[i];
    }
    if (!people)
        return 0;
    bg_match_say(m, "TYPE EXPORT FOR THE MATCH AS A .MAT FILE FOR GNU "
                    "BACKGAMMON, OR RETURN TO LEAVE IT.");
    for (;;) {
        int left = 0;
        for (int i = 0; i < m->nterm; i++)
            left += m->leaving[i];
        if (left == m->nterm)
            return 0;
        if (human_input(m, 0) < 0)
            return -1;
    }
}

/* ---- the course of a match ---------------------------------------------- */

/* The computer's thinking was called off by a hang-up: -1. */
static int machine_gone(bg_match *m)
{
    hung_up(m, &m->term[0]);
    return -1;
}

/* The turn of the side on roll before its throw: it may double.  0 to
 * go on (thrown, or a double offered), 1 to stop (saved), -1 after a
 * hang-up. */
static int cube_turn(bg_match *m)
{
    bg_state *g = &m->g;
    if (m->kind[g->turn] == BG_MACHINE)
        return bg_play_machine_double(m) < 0 ? machine_gone(m) : 0;
    switch (human_input(m, 1)) {
    case -1:
        return -1;
    case BG_ACT_STOP:
        return 1;
    case BG_ACT_DOUBLE:
        bg_play_double(m);
        return 0;
    default:                    /* BG_ACT_ROLL */
        return 0;
    }
}

/* A double offered: the other side takes or passes.  As cube_turn. */
static int answer(bg_match *m)
{
    bg_state *g = &m->g;
    if (m->kind[!g->turn] == BG_MACHINE)
        return bg_play_machine_answer(m) < 0 ? machine_gone(m) : 0;
    int act = human_input(m, 1);
    if (act < 0)
        return -1;
    if (act == BG_ACT_STOP)
        return 1;
    if (act == BG_ACT_PASS)
        bg_play_pass(m);
    else                        /* BG_ACT_TAKE, BG_ACT_BEAVER */
        bg_play_take(m, act == BG_ACT_BEAVER);
    return 0;
}

void bg_match_run(bg_match *m)
{
    bg_state *g = &m->g;
    /* The computer's scratch (about half a megabyte) only where it
     * plays, its cube included. */
    if (!m->ai && (m->kind[0] == BG_MACHINE || m->kind[1] == BG_MACHINE))
        m->ai = bg_ai_new();
    int opening = !m->code[0];
    if (opening)
        first_throw(m, 0);
    else
        resumed(m);
    for (;;) {
        if (g->winner >= 0) {
            int over = 1;
            for (int i = 0; i < m->nterm; i++)
                bg_term_board(&m->term[i]);
            if (g->stakes == BG_SINGLE)
                finish(m);
            else
                over = bg_play_game_over(m);
            if (over) {
                if (m->code[0])
                    tty_forget(m->term[0].io, m->code);
                bg_result_rate(m);
                if (g->stakes != BG_SINGLE)
                    farewell(m);
                break;
            }
            first_throw(m, 1);
            opening = 1;
            continue;
        }
        int rc = 0;
        if (g->offered) {
            if ((rc = answer(m)) != 0)
                break;
            continue;
        }
        if (!g->dice[0] && bg_state_may_double(g) == BG_DBL_OK) {
            /* Committed before the question, as before a move. */
            if (m->mode != BG_MODE_DEMO && m->code[0] &&
                m->kind[g->turn] == BG_HUMAN)
                bg_match_save(m, m->term[0].io);
            turn_boards(m);
            if ((rc = cube_turn(m)) != 0)
                break;
            if (g->offered)
                continue;
            opening = 0;
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
        if (g->tn.maxuse == 0) {
            /* "If you cannot move ... you will be informed of this and
             * play will pass to your opponent." */
            char text[BG_TEXT], who[32], dice[8];
            bg_dice_text(g->dice[0], g->dice[1], dice, sizeof dice);
            snprintf(text, sizeof text, "%s THROWS %s: NO POSSIBLE MOVES. "
                     "PLAY PASSES TO %s.",
                     bg_who(m, g->turn, who, sizeof who), dice,
                     bg_colour_name(!g->turn));
            if (g->stakes != BG_SINGLE) {
                bg_move none = { 0 };
                bg_record_move(&m->rec, g->turn, g->dice[0], g->dice[1],
                               &none);
            }
            bg_state_end_turn(g);
            bg_match_news(m, text);
        } else if (m->kind[g->turn] == BG_MACHINE) {
            rc = m->ai ? machine_turn(m) : -1;
            if (rc < 0)
                hung_up(m, &m->term[0]);
        } else {
            rc = human_input(m, opening);
            rc = rc == BG_ACT_STOP ? 1 : rc < 0 ? -1 : 0;
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
