/*
 * bg_play_cube.c - the cube and the score in the dialogue: who must
 * answer now, the computer's doubles, takes and passes (decided off the
 * loop thread), a double offered, taken, beavered or passed, the end of
 * a game under the STANDARD rules with its points and the score, the
 * Crawford game, the end of a match and its place in the hall of fame,
 * and the match as a .mat file.
 *
 * Every cube action is written into the match's record and committed
 * with the game before anybody is asked anything more; a pass ends the
 * game, and what follows it is saved by the next game's first throw (or
 * the match is over and its save forgotten).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bg_ui.h"

int bg_match_phase(const bg_match *m)
{
    const bg_state *g = &m->g;
    if (g->winner >= 0)
        return BG_PH_END;
    if (g->offered)
        return BG_PH_ANSWER;
    return g->dice[0] ? BG_PH_MOVE : BG_PH_CUBE;
}

int bg_match_actor(const bg_match *m)
{
    return m->g.offered ? !m->g.turn : m->g.turn;
}

void bg_stakes_text(const bg_state *g, char *buf, size_t n)
{
    if (g->stakes == BG_MATCH)
        snprintf(buf, n, "MATCH TO %d%s", g->length,
                 g->crawford ? ", THE CRAWFORD GAME" : "");
    else if (g->stakes == BG_MONEY)
        snprintf(buf, n, "MONEY PLAY%s%s", g->jacoby ? ", JACOBY RULE" : "",
                 g->beavers ? ", BEAVERS" : "");
    else
        snprintf(buf, n, "A SINGLE GAME");
}

/* ---- the computer's cube --------------------------------------------------- */

typedef struct bg_cubejob {
    bg_ai *ai;
    bg_pos pos;             /* the side on roll (the doubler) in s[0] */
    bg_cubeinfo ci;         /* as it sees the cube */
    int level;
    bg_cubedec d;
} bg_cubejob;

static void bg_cubejob_work(void *arg, const volatile int *cancel)
{
    bg_cubejob *j = arg;
    (void)cancel;           /* 5 ms on average at level 3 (two rolls ahead),
                               about 20 at most (bench_bg): not worth
                               stopping */
    bg_ai_cube(j->ai, &j->pos, j->level, &j->ci, &j->d);
}

/* The cube decision of the side on roll, as the computer judges it.
 * TTY_EOF after a hang-up, or when there was no room for the computer's
 * scratch (the game is saved then, as after a machine's turn). */
static int judge(bg_match *m, bg_cubedec *d)
{
    if (!m->ai)
        return TTY_EOF;
    bg_cubejob j = { m->ai, m->g.pos, {0}, m->level, {0} };
    bg_state_cubeinfo(&m->g, &j.ci);
    if (tty_work(m->term[0].io, bg_cubejob_work, &j) == TTY_EOF)
        return TTY_EOF;
    *d = j.d;
    return 0;
}

/* Committed after each cube action, as after each move. */
static void commit(bg_match *m)
{
    if (m->mode != BG_MODE_DEMO && m->code[0])
        bg_match_save(m, m->term[0].io);
}

void bg_play_double(bg_match *m)
{
    bg_state *g = &m->g;
    char text[BG_TEXT], who[32];
    bg_state_double(g);
    bg_record_double(&m->rec, g->turn, 2 * g->cube);
    snprintf(text, sizeof text, "%s DOUBLES: THE CUBE TO %d.",
             bg_who(m, g->turn, who, sizeof who), 2 * g->cube);
    bg_match_news(m, text);
    commit(m);
}

void bg_play_take(bg_match *m, int beaver)
{
    bg_state *g = &m->g;
    char text[BG_TEXT], who[32];
    int taker = !g->turn;
    beaver = beaver && g->beavers;
    bg_record_take(&m->rec, taker);
    bg_state_take(g, beaver);
    bg_who(m, taker, who, sizeof who);
    if (beaver) {
        bg_record_beaver(&m->rec, taker, g->cube);
        snprintf(text, sizeof text, "%s BEAVERS: THE CUBE IS %s'S, AT %d.",
                 who, bg_colour_name(taker), g->cube);
    } else {
        snprintf(text, sizeof text, "%s TAKES: THE CUBE IS %s'S, AT %d.", who,
                 bg_colour_name(taker), g->cube);
    }
    bg_match_news(m, text);
    commit(m);
}

void bg_play_pass(bg_match *m)
{
    bg_state *g = &m->g;
    char text[BG_TEXT], who[32];
    bg_record_pass(&m->rec, !g->turn);
    snprintf(text, sizeof text, "%s PASSES.",
             bg_who(m, !g->turn, who, sizeof who));
    bg_state_pass(g);
    bg_match_news(m, text);
}

int bg_play_machine_double(bg_match *m)
{
    bg_cubedec d;
    if (judge(m, &d) == TTY_EOF)
        return TTY_EOF;
    if (!bg_cube_should_double(&d))
        return 0;
    bg_play_double(m);
    return 1;
}

int bg_play_machine_answer(bg_match *m)
{
    bg_cubedec d;
    bg_cubeinfo ci;
    int beaver;
    if (judge(m, &d) == TTY_EOF)
        return TTY_EOF;
    bg_state_cubeinfo(&m->g, &ci);
    if (bg_cube_should_take(&d, &ci, &beaver))
        bg_play_take(m, beaver);
    else
        bg_play_pass(m);
    return 0;
}

/* ---- a game over, under the STANDARD rules ------------------------------- */

static void match_fame(bg_match *m, int w)
{
    if ((m->mode != BG_MODE_ONE && m->mode != BG_MODE_TWO) ||
        m->kind[w] != BG_HUMAN || m->from_setup)
        return;
    for (int i = 0; i < m->nterm; i++) {
        bg_term *t = &m->term[i];
        if (t->colour != w)
            continue;
        char detail[40];
        if (m->mode == BG_MODE_ONE)
            snprintf(detail, sizeof detail, "TO %d VS ATARI (%d)",
                     m->g.length, m->level);
        else
            snprintf(detail, sizeof detail, "TO %d VS %s", m->g.length,
                     m->g.name[!w]);
        int rc = tty_hof_add(t->io, "backgammon", "matches", 1, detail);
        rc |= tty_hof_add(t->io, "backgammon", "points", m->g.length,
                          detail);
        if (rc == 0)
            bg_term_say(t, "YOUR MATCH WIN IS IN THE HALL OF FAME.");
    }
}

/* The points, the score, and what comes next.  1 when the match is
 * over, else 0 (the next game is to begin). */
int bg_play_game_over(bg_match *m)
{
    bg_state *g = &m->g;
    char text[BG_TEXT * 2], who[32], what[96];
    int w = g->winner, pts = g->points;
    static const char *const kinds[] = {"", "", "A GAMMON", "A BACKGAMMON"};
    bg_record_win(&m->rec, w, pts);
    if (g->kind >= 2 && pts == g->cube)
        snprintf(what, sizeof what, "%s, COUNTED AS A SINGLE GAME (THE "
                 "CUBE WAS NOT TURNED: JACOBY RULE),", kinds[g->kind]);
    else if (g->kind >= 2)
        snprintf(what, sizeof what, "%s,", kinds[g->kind]);
    else
        what[0] = 0;
    snprintf(text, sizeof text, "%s WINS %s%s%d POINT%s.",
             bg_who(m, w, who, sizeof who), what, what[0] ? " " : "", pts,
             pts == 1 ? "" : "S");
    bg_match_news(m, text);
    int mw = bg_state_match_winner(g);
    char a[32], b[32];
    bg_who(m, BG_BLUE, a, sizeof a);
    bg_who(m, BG_GREEN, b, sizeof b);
    if (g->stakes == BG_MATCH)
        snprintf(text, sizeof text, "THE SCORE IN THE %d-POINT MATCH: %s "
                 "%d, %s %d.", g->length, a, g->score[BG_BLUE], b,
                 g->score[BG_GREEN]);
    else
        snprintf(text, sizeof text, "AFTER %d GAME%s: %s %d POINT%s, %s "
                 "%d.", g->games + 1, g->games ? "S" : "", a,
                 g->score[BG_BLUE], g->score[BG_BLUE] == 1 ? "" : "S", b,
                 g->score[BG_GREEN]);
    bg_match_say(m, text);
    if (mw >= 0) {
        snprintf(text, sizeof text, "%s WINS THE MATCH, %d TO %d.",
                 bg_who(m, mw, who, sizeof who), g->score[mw],
                 g->score[!mw]);
        bg_match_news(m, text);
        match_fame(m, mw);
        return 1;
    }
    return 0;
}

/* ---- the match as a .mat file ------------------------------------------- */

void bg_match_export(bg_match *m, bg_term *t)
{
    const char *names[2] = { m->g.name[BG_BLUE], m->g.name[BG_GREEN] };
    if (m->g.stakes == BG_SINGLE || m->from_setup) {
        bg_term_say(t, m->from_setup
                    ? "THIS GAME WAS SET UP FROM A POSITION ID: THERE IS NO "
                      "MATCH TO EXPORT."
                    : "A GAME UNDER THE ATARI RULES IS NO MATCH: THERE IS "
                      "NOTHING TO EXPORT.");
        return;
    }
    char *mat = bg_mat_text(&m->rec, names,
                            m->g.stakes == BG_MATCH ? m->g.length : 0);
    if (!mat || !m->rec.len) {
        bg_term_say(t, mat ? "THE MATCH HAS NO RECORD TO EXPORT."
                           : "NO ROOM TO WRITE THE MATCH OUT JUST NOW.");
        free(mat);
        return;
    }
    bg_term_say(t, "THE MATCH FOR GNU BACKGAMMON: SAVE THE LINES BETWEEN "
                   "THE MARKS AS A FILE, THEN IMPORT MAT FILE IN GNUBG.");
    tty_msg(t->io, "--- BEGIN .MAT ---\n");
    tty_msg(t->io, mat);
    tty_msg(t->io, "--- END .MAT ---\n");
    free(mat);
}
