/*
 * bg_view_ansi.c - the board in a pane at the top of an ANSI screen,
 * redrawn in place through the virtual screen (games/vscr.h): only what
 * changed goes down the line.  The dialogue scrolls below it exactly as
 * it would on paper (games/scr.h).
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

/* The pane is as wide as the picture, or the window if that is narrower
 * (the picture's last columns are blank then): a cell past the window's
 * edge would wrap into the row below. */
static int pane_width(const bg_term *t)
{
    int w = tty_get_caps(t->io)->width;
    return w > 0 && w < BG_PIC_W ? w : BG_PIC_W;
}

int bg_pane_open(bg_term *t)
{
    if (!t->pane.want &&
        vscr_init_pane(&t->pane, t->io, 0, pane_width(t), BG_PANE) < 0)
        return 0;           /* no memory: the board in lines */
    vscr_invalidate(&t->pane);
    return scr_split(&t->split, t->io, BG_PANE, BG_PANE_MIN_ROWS,
                     BG_PANE_MIN_COLS);
}

void bg_pane_invalidate(bg_term *t)
{
    vscr_invalidate(&t->pane);
}

void bg_pane_resize(bg_term *t)
{
    if (!t->pane.want || (!t->split.on && !tty_get_caps(t->io)->ansi))
        return;
    if (vscr_resize(&t->pane, pane_width(t), BG_PANE) < 0) {
        scr_unsplit(&t->split, t->io);  /* no memory: the board in lines */
        return;
    }
    scr_resplit(&t->split, t->io);
    t->open = 0;            /* the screen was cleared under the prompt */
}

void bg_pane_close(bg_term *t)
{
    if (t->split.on)
        tty_attr(t->io, "0");
    scr_unsplit(&t->split, t->io);
    vscr_free(&t->pane);
}

static void dice_row(const bg_match *m, bg_row *r)
{
    const bg_state *g = &m->g;
    char buf[BG_TEXT];
    bg_row_clear(r);
    char who[32];
    if (g->winner >= 0) {
        int mw = bg_state_match_winner(g);
        snprintf(buf, sizeof buf, "%s WINS%s",
                 bg_who(m, mw >= 0 ? mw : g->winner, who, sizeof who),
                 mw >= 0 ? " THE MATCH" : "");
        bg_row_put(r, 2, buf, BG_AT_BOLD);
        return;
    }
    if (g->offered) {
        snprintf(buf, sizeof buf, "%s DOUBLES: %s TO TAKE OR PASS",
                 bg_colour_name(g->turn), bg_who(m, !g->turn, who,
                                                 sizeof who));
        bg_row_put(r, 2, buf, BG_AT_BOLD);
        return;
    }
    if (!g->dice[0]) {
        if (bg_state_may_double(g) == BG_DBL_OK) {
            snprintf(buf, sizeof buf, "%s TO ROLL OR DOUBLE",
                     bg_who(m, g->turn, who, sizeof who));
            bg_row_put(r, 2, buf, BG_AT_BOLD);
        }
        return;
    }
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
    if (m->g.rules == BG_RULES_ATARI) {
        snprintf(buf, sizeof buf, "ATARI RULES: AT MOST FIVE TILES ON A "
                 "PEG");
    } else {
        char stakes[64];
        bg_stakes_text(&m->g, stakes, sizeof stakes);
        snprintf(buf, sizeof buf, "STANDARD RULES, %s", stakes);
    }
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

/* The screen's attributes for a column's: the sides in bold blue and
 * green, or on a monochrome screen blue bold and green plain. */
static uint16_t attr_of(const bg_term *t, int attr)
{
    int colour = t->caps->color;
    switch (attr) {
    case BG_AT_BLUE:
        return colour ? VSCR_BOLD | VSCR_FG(VSCR_BLUE) : VSCR_BOLD;
    case BG_AT_GREEN:
        return colour ? VSCR_BOLD | VSCR_FG(VSCR_GREEN) : 0;
    case BG_AT_DIM:
        return VSCR_DIM;
    case BG_AT_BOLD:
        return VSCR_BOLD;
    default:
        return 0;
    }
}

void bg_pane_update(bg_term *t)
{
    if (!t->split.on || !t->pane.want)
        return;
    bg_row want[BG_PANE];
    compose(t, want);
    vscr_blank(&t->pane);
    for (int i = 0; i < BG_PANE; i++)
        for (int c = 0; c < BG_PIC_W && want[i].text[c]; c++)
            vscr_putc(&t->pane, i, c, (unsigned char)want[i].text[c],
                      attr_of(t, want[i].attr[c]));
    vscr_flush_pane(&t->pane);
}
