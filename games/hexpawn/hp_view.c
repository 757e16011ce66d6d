/*
 * hp_view.c - Hexpawn's board and the machine's memory on the player's
 * terminal.
 *
 * On paper and glass the board is PBD's message, printed whole before
 * every FM as in the book's sample runs.  Its separator is the listing's
 * byte 336 on a teletype, which a Model 33 prints as an up-arrow; on other
 * terminals it is the vertical bar the book's typeset runs show, since a
 * modern '^' is not what the page looked like.
 *
 * On an ANSI terminal the board is drawn in place in a pane above the
 * dialogue, beside the squares' numbers; only the FM prompt and the book's
 * messages scroll below it:
 *
 *    1  HEXPAWN
 *    3       X | X | X          1 | 2 | 3
 *    4      ---+---+---        ---+---+---
 *    5         |   |            4 | 5 | 6
 *    6      ---+---+---        ---+---+---
 *    7       O | O | O          7 | 8 | 9
 *    9  L  WHAT I HAVE LEARNED    Q  QUIT
 *   10  ----------------------------------------
 *   11  (the book's dialogue, scrolling)
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "hp_dialog.h"

enum {
    HP_PANE = 10,
    HP_MIN_ROWS = HP_PANE + 8,
    HP_MIN_COLS = 40,
    HP_COLUMN = 35      /* the width of one model in the learned view */
};

/* MSG with the listing's 336 shown as the terminal's separator. */
static void hp_msg_sep(hp_session *p, const char *msg)
{
    char text[256];
    size_t n = 0;
    for (const char *s = msg; *s && n < sizeof text - 1; s++)
        text[n++] = *s == '^' ? (char)p->sep : *s;
    text[n] = 0;
    wrap_print(p->io, 0, 0, text);
}

static void hp_pane_draw(hp_session *p)
{
    tty_io *io = p->io;
    scr_enter(&p->split, io);
    tty_goto(io, 1, 1);
    tty_msg(io, p->own ? " HEXPAWN: YOUR OWN MACHINE" : " HEXPAWN");
    tty_clear_eol(io);
    for (int r = 0; r < 3; r++) {
        const char *b = "       ";
        int sq = 3 * r + 1;
        tty_goto(io, 3 + 2 * r, 1);
        tty_printf(io, "%s%c | %c | %c          %d | %d | %d", b,
                   hp_square(&p->st, sq), hp_square(&p->st, sq + 1),
                   hp_square(&p->st, sq + 2), sq, sq + 1, sq + 2);
        tty_clear_eol(io);
        if (r < 2) {
            tty_goto(io, 4 + 2 * r, 1);
            tty_msg(io, "      ---+---+---        ---+---+---");
        }
    }
    tty_goto(io, 9, 1);
    /* within the narrowest pane (HP_MIN_COLS) */
    tty_msg(io, p->own ? " L LEARNED   M SHARED MACHINE   Q QUIT"
                       : " L LEARNED   M OWN MACHINE   Q QUIT");
    tty_clear_eol(io);
    tty_goto(io, HP_PANE, 1);
    for (int i = 1; i < p->split.cols; i++)
        tty_print(io, '-');
    scr_leave(&p->split, io);
}

void hp_view_open(hp_session *p)
{
    p->sep = tty_get_caps(p->io)->paper ? '^' : '|';
    if (scr_split(&p->split, p->io, HP_PANE, HP_MIN_ROWS, HP_MIN_COLS))
        hp_pane_draw(p);
    hp_msg_sep(p, hp_msg_start);
}

void hp_view_resize(hp_session *p)
{
    if (scr_resplit(&p->split, p->io))
        hp_pane_draw(p);
}

void hp_view_board(hp_session *p)
{
    char b[HP_BOARD_MSG_SIZE];
    hp_board_msg(&p->st, p->sep, b);
    if (!p->split.on) {
        tty_msg(p->io, b);
        return;
    }
    /* In place: the pane shows the board, the dialogue only PBD's tail,
     * the line that asks FM. */
    hp_pane_draw(p);
    tty_msg(p->io, strrchr(b, '\r'));
}

/* One model as the learned view prints it: its number, the board after
 * the player's move, and its moves in the order MFD1 tries them, those
 * struck out in parentheses. */
static void hp_model_line(const hp_learned_model *lm, char *out)
{
    char board[HP_BOARD_TEXT_SIZE];
    hp_board_text(lm->x, lm->o, board);
    int n = sprintf(out, "%2d %s ", lm->model, board);
    for (int i = 0; i < lm->n; i++) {
        const hp_learned_move *mv = &lm->mv[i];
        char m[8];
        if (mv->kind == HP_KIND_DRAW)
            strcpy(m, "DRAW");
        else
            sprintf(m, "%d-%d", mv->from, mv->to);
        n += sprintf(out + n, mv->struck ? "(%s)" : " %s ", m);
    }
    while (n > 0 && out[n - 1] == ' ')
        out[--n] = 0;
}

static const char hp_learned_head[] =
    "\r\nWHAT I HAVE LEARNED: FOR EACH BOARD (123/456/789, AFTER YOUR MOVE)"
    "\r\nMY MOVES, IN THE ORDER I TRY THEM.  ( ) = STRUCK OUT: IT LOST A GAME."
    "\r\n";

/* A key pressed while the list prints stops it (about two minutes on a
 * teletype at 110 baud): each line goes down the line before the next is
 * queued, so the key is seen within a line.  1 if a key stopped it (the
 * key is taken), TTY_EOF after a hang-up, else 0. */
static int hp_learned_stop(hp_session *p)
{
    tty_drain(p->io);   /* after a hang-up CKINP says so below */
    if (!tty_ckinp(p->io))
        return 0;
    if (tty_inkey(p->io) == TTY_EOF)
        return TTY_EOF;
    tty_msg(p->io, "\r\n(STOPPED)");
    return 1;
}

/* The 33 models in two columns, then how much is struck out.  Returns
 * as hp_learned_stop does. */
static int hp_learned_print(hp_session *p)
{
    hp_learned_model lm[HP_MODELS];
    int struck = hp_learned(&p->mem, lm);
    int half = (HP_MODELS + 1) / 2;
    /* On a page of its own the list starts on the top row: 24 rows hold
     * it all. */
    tty_msg(p->io, hp_learned_head + (p->split.on ? 2 : 0));
    for (int r = 0; r < half; r++) {
        int stop = hp_learned_stop(p);
        if (stop)
            return stop;
        char left[64], right[64];
        hp_model_line(&lm[r], left);
        if (r + half < HP_MODELS) {
            hp_model_line(&lm[r + half], right);
            tty_printf(p->io, "\r\n%-*s%s", HP_COLUMN, left, right);
        } else {
            tty_printf(p->io, "\r\n%s", left);
        }
    }
    if (struck)
        wrap_printf(p->io, 0, 0, "\r\n\r\nI HAVE STRUCK OUT %d OF %d MOVES.",
                    struck, hp_memory_moves());
    else
        wrap_print(p->io, 0, 0, "\r\n\r\nNOTHING STRUCK OUT: I AM IN MY "
                                "INITIAL STATE OF IGNORANCE.");
    return 0;
}

int hp_view_learned(hp_session *p)
{
    if (!p->split.on) {
        int stop = hp_learned_print(p);
        tty_msg(p->io, "\r\n");
        return stop == TTY_EOF ? TTY_EOF : 0;
    }
    /* The list does not fit the region under the pane: give it the whole
     * screen until a key is pressed, then lay the screen out again. */
    tty_msg(p->io, "\033[r");
    tty_clear(p->io);
    int c = hp_learned_print(p);
    if (c == 0) {
        tty_msg(p->io, "\r\n\r\nPRESS ANY KEY TO GO ON.");
        c = tty_inkey(p->io);
    }
    hp_view_resize(p);
    return c == TTY_EOF ? TTY_EOF : 0;
}

void hp_view_close(hp_session *p)
{
    scr_unsplit(&p->split, p->io);
}
