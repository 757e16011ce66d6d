/*
 * gj_term.c - one terminal of a match: its states, its keys, its output
 * (the screen or printed lines) and the hot seat's hiding.  The commands
 * of play are in gj_command.c.
 *
 * A terminal is fed one key at a time by the match and answers with what
 * the match should do (enum gj_act).  What it shows comes from its own
 * view, rebuilt from the umpire's game before every drawing, so a terminal
 * can only ever show its own side's types.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "gj_ui.h"

void gj_term_init(gj_term *t, gj_match *m, tty_io *io, int side)
{
    memset(t, 0, sizeof *t);
    t->io = io;
    t->m = m;
    t->side = side;
    t->caps = tty_get_caps(io);
    tty_edit_begin(&t->ed, io, t->line, sizeof t->line, 0);
    t->scr.color = t->caps->color;
    /* The board screen is kept from the start: a window resized may
     * make room for it later.  Without the memory, lines it is. */
    t->scr_ok = vscr_init(&t->scr.v, io, GJ_COLS, GJ_ROWS) == 0;
    t->screen = t->scr_ok && gj_screen_fits(t->caps);
    t->sel = -1;
    t->fight_sq = -1;
    t->cur = gj_terr_sq(side == GJ_BLUE ? GJ_BLUE : GJ_RED, 19);
    t->state = GJ_T_IDLE;
    gj_tray_init(&t->tray);
    if (t->caps->ansi)
        tty_want_resize(io, 1);
}

/* While setting up there is no game yet: a view of the tray alone. */
static void tray_view(gj_term *t)
{
    gj_view *v = &t->v;
    memset(v, 0, sizeof *v);
    memset(v->at, -1, sizeof v->at);
    v->me = (uint8_t)t->side;
    for (int id = 0; id < GJ_PIECES; id++) {
        v->piece[id].sq = -1;
        v->piece[id].type = GJ_UNKNOWN;
        v->piece[id].start = (uint8_t)gj_start_sq(id);
        v->type[id] = GJ_UNKNOWN;
    }
    if (t->side == GJ_UMPIRE)
        return;
    for (int k = 0; k < GJ_SIDE_PIECES; k++) {
        int ty = t->tray.s.type[k];
        if (ty == GJ_UNKNOWN)
            continue;
        int id = t->side * GJ_SIDE_PIECES + k, sq = gj_terr_sq(t->side, k);
        v->at[sq] = (int8_t)id;
        v->piece[id].sq = (int8_t)sq;
        v->piece[id].type = (uint8_t)ty;
        v->type[id] = (uint8_t)ty;
    }
}

void gj_term_view(gj_term *t)
{
    gj_match *m = t->m;
    if (!m->started) {
        tray_view(t);
        return;
    }
    if (t->side != GJ_UMPIRE) {
        gj_view_build(&m->g, t->side, &t->v);
        return;
    }
    /* The demo's spectator: each army as its own side sees it. */
    gj_view_build(&m->g, GJ_RED, &t->v);
    gj_view_build(&m->g, GJ_BLUE, &m->scratch);
    for (int id = GJ_SIDE_PIECES; id < GJ_PIECES; id++) {
        t->v.piece[id].type = m->scratch.piece[id].type;
        t->v.type[id] = m->scratch.type[id];
    }
}

/* ---- output ----------------------------------------------------------- */

void gj_term_say(gj_term *t, const char *text)
{
    if (t->screen) {
        gj_screen_log(t, text);
        gj_text_copy(t->last, sizeof t->last, text);
        return;
    }
    if (t->prompted)
        tty_msg(t->io, "\n");
    t->prompted = 0;
    wrap_print(t->io, 0, 0, text);
    tty_msg(t->io, "\n");
}

void gj_term_msg(gj_term *t, const char *text)
{
    if (t->screen)
        gj_text_copy(t->msg, sizeof t->msg, text);
    else
        gj_term_say(t, text);
}

int gj_term_my_turn(const gj_term *t)
{
    return t->m->started && t->m->g.result == GJ_PLAYING &&
           t->m->g.turn == t->side;
}

void gj_term_prompt(gj_term *t, char *buf, size_t n)
{
    const char *side = gj_side_name(t->side);
    buf[0] = 0;
    switch (t->state) {
    case GJ_T_HOW:
    case GJ_T_KEEP:
    case GJ_T_TRAY:
        gj_tray_prompt(t, buf, n);
        break;
    case GJ_T_PLAY:
        if (gj_term_my_turn(t))
            snprintf(buf, n, t->screen ? "%s'S MOVE: " :
                     "%s'S MOVE (H: HELP)? ", side);
        else if (t->screen)
            snprintf(buf, n, "WAITING FOR %s: ",
                     gj_side_name(!t->side));
        break;
    case GJ_T_HIDE:
        snprintf(buf, n, "PRESS RETURN TO HIDE THE BOARD. ");
        break;
    case GJ_T_PASS:
        snprintf(buf, n, "PASS TO %s, PRESS RETURN ", side);
        break;
    case GJ_T_RESIGN:
        snprintf(buf, n, "RESIGN (Y/N, RETURN: N)? ");
        break;
    case GJ_T_MORE:
        snprintf(buf, n, "MORE (RETURN; Q: ENOUGH)? ");
        break;
    default:
        break;
    }
}

void gj_term_show(gj_term *t)
{
    char prompt[GJ_MSG];
    if (t->screen) {
        gj_term_view(t);
        gj_term_prompt(t, prompt, sizeof prompt);
        gj_screen_render(t, prompt);
        return;
    }
    if (t->prompted)
        return;
    if (t->board_due) {
        t->board_due = 0;
        gj_term_view(t);
        gj_lines_board(t);
    }
    gj_term_prompt(t, prompt, sizeof prompt);
    if (prompt[0])
        gj_edit_prompt(t, prompt);
}

void gj_term_turn(gj_term *t)
{
    t->board_due = 1;
}

/* ---- the hot seat ------------------------------------------------------ */

static void hide(gj_term *t)
{
    t->sel = -1;
    t->grave = 0;
    t->panel = GJ_P_LOG;
    t->nlog = 0;
    t->msg[0] = 0;
    t->last[0] = 0;
    gj_edit_clear(t);
    if (t->screen) {
        gj_scr_reset(&t->scr);
        return;
    }
    /* Scroll the board off a glass screen; on paper, feed a stretch the
     * player can tear off. */
    int lines = t->caps->height > 0 ? t->caps->height : 8;
    for (int i = 0; i < lines; i++)
        tty_msg(t->io, "\n");
    if (t->caps->paper)
        tty_msg(t->io, "(TEAR OFF THE PAPER ABOVE.)\n");
    t->prompted = 0;
}

void gj_term_switch(gj_term *t, int side)
{
    t->side = side;
    t->cur = gj_terr_sq(side, 19);
    hide(t);
    t->state = GJ_T_PASS;
}

/* The log of a screen that changed hands: the last moves again, as the
 * new side may hear them. */
static void relog(gj_term *t)
{
    char text[160];
    int from = t->v.nhist > 6 ? t->v.nhist - 6 : 0;
    if (t->m->code[0]) {
        snprintf(text, sizeof text, "THE RESUME CODE IS %s.", t->m->code);
        gj_screen_log(t, text);
    }
    for (int i = from; i < t->v.nhist; i++) {
        gj_text_move(&t->v, t->side, &t->v.hist[i], text, sizeof text);
        gj_screen_log(t, text);
    }
}

/* Keys that act at once on the ANSI screen when nothing is typed. */
static int immediate(const gj_term *t, int key)
{
    const char *set;
    switch (t->state) {
    case GJ_T_PLAY:
        set = "IGPSRHQ?";
        break;
    case GJ_T_TRAY:
        set = "RH?";
        break;
    case GJ_T_HOW:
        set = "RMH?";
        break;
    case GJ_T_KEEP:
        set = "YNM";
        break;
    case GJ_T_RESIGN:
        set = "YN";
        break;
    default:
        return 0;
    }
    if (key >= 'a' && key <= 'z')
        key -= 32;
    return key > 0 && key < 0x80 && strchr(set, key) != NULL;
}

static int is_cursor_key(int key)
{
    return key == TTY_KEY_UP || key == TTY_KEY_DOWN ||
           key == TTY_KEY_LEFT || key == TTY_KEY_RIGHT;
}

static int line_done(gj_term *t)
{
    switch (t->state) {
    case GJ_T_PLAY:
        return gj_command_play(t, t->line);
    case GJ_T_RESIGN:
        return gj_command_resign(t, t->line);
    case GJ_T_HOW:
    case GJ_T_KEEP:
    case GJ_T_TRAY:
        return gj_tray_line(t, t->line);
    default:
        return GJ_ACT_NONE;
    }
}

int gj_term_key(gj_term *t, int key)
{
    if (key == TTY_KEY_RESIZE) {
        int was = t->screen;
        t->screen = t->scr_ok && gj_screen_fits(t->caps);
        gj_scr_reset(&t->scr);
        if (was && !t->screen) {
            tty_attr(t->io, "0");
            tty_clear(t->io);
            t->prompted = 0;
            t->board_due = 1;
        } else if (!t->screen && t->state == GJ_T_PLAY) {
            /* Printed lines: the board again, laid out for the new
             * width, and the question under it, as at a turn's start. */
            if (t->prompted)
                tty_msg(t->io, "\n");
            t->prompted = 0;
            t->board_due = 1;
        }
        return GJ_ACT_NONE;
    }
    if (key == 12) {                    /* ^L: the whole display again */
        gj_scr_reset(&t->scr);
        t->board_due = !t->screen;
        t->prompted = 0;
        return GJ_ACT_NONE;
    }
    if ((t->screen && t->panel == GJ_P_HELP) || t->state == GJ_T_MORE)
        return gj_help_key(t, key);     /* its pages, or MORE */
    if (t->help_return) {
        t->help_return = 0;
        if (key == TTY_KEY_RETURN)
            return GJ_ACT_NONE;         /* the Return after MORE's Q */
    }
    switch (t->state) {
    case GJ_T_WATCH:
        return gj_command_watch(t, key);
    case GJ_T_HIDE:
        return key == TTY_KEY_RETURN ? GJ_ACT_HIDDEN : GJ_ACT_NONE;
    case GJ_T_PASS:
        if (key != TTY_KEY_RETURN)
            return GJ_ACT_NONE;
        if (!t->screen)
            tty_msg(t->io, "\n");
        t->prompted = 0;
        t->state = t->m->started ? GJ_T_PLAY : GJ_T_HOW;
        gj_term_view(t);
        if (t->m->started) {
            if (t->screen)
                relog(t);
            gj_term_turn(t);
            if (t->v.nhist)
                gj_term_replay(t);
        } else {
            gj_term_enter(t, GJ_T_HOW);
        }
        return GJ_ACT_NONE;
    case GJ_T_IDLE:
    case GJ_T_READY:
        return GJ_ACT_NONE;
    default:
        break;
    }
    if (t->screen && tty_edit_length(&t->ed) == 0) {
        int board = t->state == GJ_T_PLAY || t->state == GJ_T_TRAY;
        if (board && (is_cursor_key(key) || key == ' ' ||
                      key == TTY_KEY_RETURN || key == TTY_KEY_ESC ||
                      key == '[' || key == ']' || key == '\t' ||
                      key == TTY_KEY_PGUP || key == TTY_KEY_PGDN))
            return t->state == GJ_T_TRAY ? gj_tray_cursor(t, key)
                                         : gj_screen_key(t, key);
        if (immediate(t, key)) {
            t->line[0] = (char)(key >= 'a' && key <= 'z' ? key - 32 : key);
            t->line[1] = 0;
            t->msg[0] = 0;
            int what = line_done(t);
            t->line[0] = 0;
            return what;
        }
    }
    if (t->screen && key == TTY_KEY_ESC) {
        gj_edit_clear(t);
        return GJ_ACT_NONE;
    }
    if (!gj_edit_key(t, key))
        return GJ_ACT_NONE;
    if (t->screen)
        t->msg[0] = 0;
    int what = line_done(t);
    gj_edit_clear(t);           /* the screen shows the next line empty */
    return what;
}

void gj_term_enter(gj_term *t, int state)
{
    t->state = state;
    t->prompted = 0;
    gj_edit_clear(t);
    switch (state) {
    case GJ_T_HOW:
    case GJ_T_KEEP:
    case GJ_T_TRAY:
        gj_tray_enter(t, state);
        break;
    case GJ_T_PLAY:
    case GJ_T_WATCH:
        t->panel = GJ_P_LOG;
        break;
    default:
        break;
    }
}

void gj_term_close(gj_term *t)
{
    if (t->caps->ansi)
        tty_want_resize(t->io, 0);
    if (t->screen) {
        /* The last news (how it ended, the resume code) stays readable
         * in plain lines below the board as the menu scrolls it away. */
        tty_attr(t->io, "0");
        tty_cursor(t->io, 1);
        tty_goto(t->io, GJ_ROWS, 1);
        tty_msg(t->io, "\n");
        wrap_print(t->io, 0, 0, t->last);
        tty_msg(t->io, "\n");
    } else if (t->prompted) {
        tty_msg(t->io, "\n");
    }
    t->prompted = 0;
}
