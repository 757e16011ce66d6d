/*
 * bg_play_term.c - one terminal of a match: the line editor, news folded
 * to the terminal's width, the move prompt, and the words every file of
 * the dialogue uses.
 *
 * The line is the contract's editor (tty_edit, tty_getline's own manners),
 * fed one key at a time so that the match can listen to two terminals at
 * once.  The line keeps the case it was typed in: a GNU Backgammon
 * position ID needs it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bg_ui.h"

void bg_term_init(bg_term *t, bg_match *m, tty_io *io, int colour)
{
    memset(t, 0, sizeof *t);
    t->io = io;
    t->m = m;
    t->caps = tty_get_caps(io);
    t->colour = colour;
    tty_edit_begin(&t->ed, io, t->line, sizeof t->line, 0);
}

int bg_term_mine(const bg_term *t)
{
    const bg_match *m = t->m;
    int actor = bg_match_actor(m);
    if (m->g.winner >= 0 || m->kind[actor] != BG_HUMAN)
        return 0;
    return t->colour == BG_BOTH || t->colour == actor;
}

int bg_term_view(const bg_term *t)
{
    if (t->colour != BG_BOTH)
        return t->colour;
    /* The hot seat turns the board to whoever is on roll; the demo is
     * watched from blue's side, the article's first player. */
    return t->m->mode == BG_MODE_HOTSEAT ? t->m->g.turn : BG_BLUE;
}

/* ---- output ----------------------------------------------------------- */

void bg_term_say(bg_term *t, const char *text)
{
    if (t->open) {
        tty_msg(t->io, "\n");
        t->open = 0;
    }
    wrap_print(t->io, 0, 0, text);      /* folded at blanks */
    tty_msg(t->io, "\n");
}

void bg_term_sayf(bg_term *t, const char *fmt, ...)
{
    char buf[BG_TEXT * 2];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    bg_term_say(t, buf);
}

void bg_term_prompt(bg_term *t)
{
    if (t->open)
        return;
    const bg_match *m = t->m;
    const bg_state *g = &m->g;
    char prompt[BG_TEXT] = "", who[32], dice[48];
    int phase = bg_match_phase(m);
    if (phase == BG_PH_END) {
        if (!m->leaving[t - m->term])
            snprintf(prompt, sizeof prompt, "EXPORT, OR RETURN TO LEAVE? ");
    } else if (!bg_term_mine(t)) {
        /* nothing to answer here now */
    } else if (phase == BG_PH_MOVE) {
        bg_dice_left_text(g, dice, sizeof dice);
        bg_who(m, g->turn, who, sizeof who);
        snprintf(prompt, sizeof prompt, "%s TO MOVE, DICE %s? ", who, dice);
        /* Too long for the window with room for an answer (wrap_prompt
         * keeps ten columns): the dice start a line of their own, never
         * parted from one another. */
        if ((int)strlen(prompt) + 10 > wrap_width(t->caps))
            snprintf(prompt, sizeof prompt, "%s TO MOVE,\nDICE %s? ", who,
                     dice);
    } else if (phase == BG_PH_CUBE) {
        snprintf(prompt, sizeof prompt, "%s: ROLL OR DOUBLE (RETURN: "
                 "ROLL)? ", bg_who(m, g->turn, who, sizeof who));
    } else {
        snprintf(prompt, sizeof prompt, "%s: TAKE%s OR PASS THE CUBE AT "
                 "%d? ", bg_who(m, !g->turn, who, sizeof who),
                 g->beavers ? ", BEAVER" : "", 2 * g->cube);
    }
    if (!prompt[0] && !tty_edit_length(&t->ed))
        return;
    wrap_prompt(t->io, prompt);
    tty_edit_redraw(&t->ed);
    t->open = 1;
}

int bg_term_edit(bg_term *t, int key)
{
    int before = tty_edit_length(&t->ed);
    switch (tty_edit_feed(&t->ed, key)) {
    case TTY_EDIT_DONE:
        t->open = 0;
        return 1;
    case TTY_EDIT_FRESH:
        t->open = 0;                    /* the prompt comes again */
        return 0;
    default:
        if (tty_edit_length(&t->ed) > before)
            t->open = 1;                /* typing is on the line */
        return 0;
    }
}

void bg_term_refresh(bg_term *t)
{
    if (t->split.on)
        bg_pane_update(t);
}

void bg_term_board(bg_term *t)
{
    if (t->split.on) {
        bg_pane_invalidate(t);
        bg_pane_update(t);
        return;
    }
    if (t->open) {
        tty_msg(t->io, "\n");
        t->open = 0;
    }
    bg_view_print(t);
}

void bg_term_close(bg_term *t)
{
    if (t->open)
        tty_msg(t->io, "\n");
    t->open = 0;
    bg_pane_close(t);
}

/* ---- words ------------------------------------------------------------- */

const char *bg_colour_name(int colour)
{
    return colour == BG_BLUE ? "BLUE" : "GREEN";
}

const char *bg_who(const bg_match *m, int colour, char *buf, size_t n)
{
    snprintf(buf, n, "%s (%s)", bg_colour_name(colour), m->g.name[colour]);
    return buf;
}

void bg_dice_text(int d1, int d2, char *buf, size_t n)
{
    snprintf(buf, n, "%d-%d", d1, d2);
}

void bg_dice_left_text(const bg_state *g, char *buf, size_t n)
{
    const bg_turn *t = &g->tn;
    int dbl = g->dice[0] == g->dice[1], nd = dbl ? 4 : 2;
    char used[16] = "";
    size_t len = 0, ul = 0;
    buf[0] = 0;
    for (int k = 0; k < nd; k++) {
        int v = g->dice[dbl ? 0 : k];
        int u = dbl ? k < t->nplayed : bg_turn_die_used(t, k);
        len += (size_t)snprintf(buf + len, n > len ? n - len : 0, "%s%d",
                                k ? " " : "", v);
        if (u)
            ul += (size_t)snprintf(used + ul, sizeof used - ul, "%s%d",
                                   ul ? " " : "", v);
    }
    if (ul && len < n)
        snprintf(buf + len, n - len, " (%s USED)", used);
}

static void peg_text(int colour, int p, int from, char *buf, size_t n)
{
    if (from && p == 25)
        snprintf(buf, n, "BAR");
    else if (!from && p == 0)
        snprintf(buf, n, "OFF");
    else
        snprintf(buf, n, "%d", bg_peg(colour, p));
}

void bg_typed_text(int colour, const bg_typed *mv, char *buf, size_t n)
{
    char a[8], b[8];
    peg_text(colour, mv->from, 1, a, sizeof a);
    peg_text(colour, mv->to, 0, b, sizeof b);
    snprintf(buf, n, "%s %s", a, b);
}

void bg_play_text(const bg_move *mv, int colour, char *buf, size_t n)
{
    bg_move_format(mv, colour, buf, n);
    bg_upper(buf);
}

void bg_upper(char *s)
{
    for (; *s; s++)
        *s = (char)toupper((unsigned char)*s);
}
