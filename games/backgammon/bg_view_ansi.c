/*
 * bg_view_ansi.c - the board in a pane at the top of an ANSI screen,
 * redrawn in place: only the rows that changed go down the line.  The
 * dialogue scrolls below it exactly as it would on paper (games/scr.h).
 *
 *    row 1      BACKGAMMON and the rules
 *    rows 2-16  the board (bg_view.c), each half five rows high
 *    row 17     whose turn, and the dice: [6] to play, a used die dimmed
 *               without its brackets (the article's dice "reducing in
 *               luminosity to highlight remaining choices")
 *    row 18     the last move
 *    below      the dialogue
 *
 * The pane needs 66 columns by 24 rows; a smaller window gets the board
 * printed line by line instead.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "bg_ui.h"

int bg_pane_open(bg_term *t)
{
    t->drawn = 0;
    return scr_split(&t->split, t->io, BG_PANE, BG_PANE_MIN_ROWS,
                     BG_PANE_MIN_COLS);
}

void bg_pane_invalidate(bg_term *t)
{
    t->drawn = 0;
}

void bg_pane_resize(bg_term *t)
{
    t->drawn = 0;
    if (!t->split.on && !tty_get_caps(t->io)->ansi)
        return;
    scr_resplit(&t->split, t->io);
    t->open = 0;            /* the screen was cleared under the prompt */
}

void bg_pane_close(bg_term *t)
{
    if (t->split.on)
        tty_attr(t->io, "0");
    scr_unsplit(&t->split, t->io);
}

static void dice_row(const bg_match *m, bg_row *r)
{
    const bg_state *g = &m->g;
    char buf[BG_TEXT];
    bg_row_clear(r);
    if (g->winner >= 0) {
        char who[32];
        snprintf(buf, sizeof buf, "%s WINS",
                 bg_who(m, g->winner, who, sizeof who));
        bg_row_put(r, 2, buf, BG_AT_BOLD);
        return;
    }
    if (!g->dice[0])
        return;
    char who[32];
    snprintf(buf, sizeof buf, "%s TO PLAY", bg_who(m, g->turn, who,
                                                  sizeof who));
    bg_row_put(r, 2, buf, BG_AT_BOLD);
    bg_row_put(r, 30, "DICE", BG_AT_PLAIN);
    int dbl = g->dice[0] == g->dice[1];
    for (int k = 0; k < (dbl ? 4 : 2); k++) {
        int v = g->dice[dbl ? 0 : k];
        int used = dbl ? k < g->tn.nplayed : bg_turn_die_used(&g->tn, k);
        snprintf(buf, sizeof buf, used ? " %d " : "[%d]", v);
        bg_row_put(r, 35 + 4 * k, buf, used ? BG_AT_DIM : BG_AT_BOLD);
    }
}

/* What the pane should show now. */
static void compose(const bg_term *t, bg_row *want)
{
    const bg_match *m = t->m;
    char buf[BG_TEXT];
    bg_row_clear(&want[0]);
    bg_row_put(&want[0], 2, "BACKGAMMON", BG_AT_BOLD);
    snprintf(buf, sizeof buf, "%s", m->g.rules == BG_RULES_ATARI
             ? "ATARI RULES: AT MOST FIVE TILES ON A PEG"
             : "STANDARD RULES");
    bg_row_put(&want[0], 16, buf, BG_AT_PLAIN);
    bg_row board[BG_PIC_MAX];
    int n = bg_view_picture(m, bg_term_view(t), 1, board);
    for (int i = 0; i < n && i + 1 < BG_PANE - 2; i++)
        want[i + 1] = board[i];
    dice_row(m, &want[BG_PANE - 2]);
    bg_row_clear(&want[BG_PANE - 1]);
    snprintf(buf, sizeof buf, "%.68s", m->news);
    bg_row_put(&want[BG_PANE - 1], 2, buf, BG_AT_PLAIN);
}

static const char *sgr(const bg_term *t, int attr)
{
    int colour = t->caps->color;
    switch (attr) {
    case BG_AT_BLUE:
        return colour ? "1;34" : "1";
    case BG_AT_GREEN:
        return colour ? "1;32" : "0";
    case BG_AT_DIM:
        return "2";
    case BG_AT_BOLD:
        return "1";
    default:
        return "0";
    }
}

static void draw_row(bg_term *t, int row, const bg_row *r)
{
    int len = BG_PIC_W, at = BG_AT_PLAIN;
    while (len > 0 && r->text[len - 1] == ' ')
        len--;
    tty_goto(t->io, row + 1, 1);
    for (int c = 0; c < len;) {
        int e = c;
        while (e < len && r->attr[e] == r->attr[c])
            e++;
        if (r->attr[c] != at) {
            tty_attr(t->io, "0");
            if (r->attr[c] != BG_AT_PLAIN)
                tty_attr(t->io, sgr(t, r->attr[c]));
            at = r->attr[c];
        }
        tty_write(t->io, r->text + c, (size_t)(e - c));
        c = e;
    }
    if (at != BG_AT_PLAIN)
        tty_attr(t->io, "0");
    tty_clear_eol(t->io);
}

void bg_pane_update(bg_term *t)
{
    if (!t->split.on)
        return;
    bg_row want[BG_PANE];
    compose(t, want);
    int entered = 0;
    for (int i = 0; i < BG_PANE; i++) {
        if (t->drawn && !memcmp(&want[i], &t->shown[i], sizeof want[i]))
            continue;
        if (!entered) {
            scr_enter(&t->split, t->io);
            entered = 1;
        }
        draw_row(t, i, &want[i]);
        t->shown[i] = want[i];
    }
    if (entered)
        scr_leave(&t->split, t->io);
    t->drawn = 1;
}
