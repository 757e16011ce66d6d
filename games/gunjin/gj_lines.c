/*
 * gj_lines.c - the board, the graveyard and the intelligence printed as
 * lines, for a teletype (72 columns, upper case) or a glass terminal.
 *
 * The board is drawn from the viewer's side, as the seed's swap_sides
 * lets every routine assume: your own back rank at the bottom, so blue
 * sees the board turned half round.  Each position is four characters:
 * your pieces by their two-letter abbreviation, the enemy's as [C7] (the
 * square each started on), an empty square as " .. ".  The headquarters
 * is one position drawn across its two squares, and the river shows its
 * two bridges:
 *
 *       A    B    C    D    E    F
 *   8  [A8] [B8]    [C8]    [E8] [F8]  8
 *   ...
 *   5  [A5] [B5] [C5] [D5] [E5] [F5]  5
 *      ~~~~ |  | ~~~~ ~~~~ |  | ~~~~
 *   4   SP   EN   CV   2L   1L   CP   4
 *
 * (On a teletype the river is ==== and a bridge H  H.)
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "gj_ui.h"

/* Short names for the four-column tray layout of the intelligence. */
static const char *const gj_short[GJ_TYPES] = {
    "SPY", "ENGINEER", "CAVALRY", "2ND LT", "1ST LT", "CAPTAIN", "MAJOR",
    "LT COLONEL", "COLONEL", "TANK", "PLANE", "MAJOR GEN", "LT GENERAL",
    "GENERAL", "LANDMINE", "BANNER"
};

int gj_disp_sq(int side, int row, int col)
{
    int flip = side == GJ_BLUE;
    int rank = flip ? row : GJ_RANKS - 1 - row;
    int file = flip ? GJ_FILES - 1 - col : col;
    return GJ_SQ(file, rank);
}

void gj_disp_rc(int side, int sq, int *row, int *col)
{
    int flip = side == GJ_BLUE;
    *row = flip ? GJ_RANK(sq) : GJ_RANKS - 1 - GJ_RANK(sq);
    *col = flip ? GJ_FILES - 1 - GJ_FILE(sq) : GJ_FILE(sq);
}

void gj_token(const gj_view *v, int me, int id, char out[5])
{
    if (id < 0) {
        memcpy(out, " .. ", 5);
        return;
    }
    const gj_view_piece *p = &v->piece[id];
    char lab[3];
    if (p->type == GJ_UNKNOWN)
        snprintf(out, 5, "[%s]", gj_sq_name(p->start, lab));
    else if (me == GJ_UMPIRE && GJ_SIDE_OF(id) == GJ_BLUE)
        snprintf(out, 5, "(%s)", gj_type_abbr[p->type]);
    else
        snprintf(out, 5, " %s ", gj_type_abbr[p->type]);
}

/* The file letters as the viewer sees them, under 'indent' blanks. */
static void files_line(tty_io *io, int side, int indent)
{
    tty_printf(io, "%*s", indent, "");
    for (int c = 0; c < GJ_FILES; c++)
        tty_printf(io, " %c%s", 'A' + GJ_FILE(gj_disp_sq(side, 0, c)),
                   c < GJ_FILES - 1 ? "   " : "");
    tty_msg(io, "\n");
}

/*
 * The board is 37 columns with the rank numbers on both sides; a window
 * narrower than that (a 33-column one) gets them on the left only, with
 * one blank after them: 31 columns, no number cut at the edge.
 */
enum { GJ_LINES_WIDE = 36 };

void gj_lines_board(gj_term *t)
{
    tty_io *io = t->io;
    const gj_view *v = &t->v;
    int side = t->side;
    /* A Model 33 prints ~ and | as ^ and \: water and rails in what it
     * has. */
    int paper = t->caps->upper_only;
    int wide = wrap_width(t->caps) >= GJ_LINES_WIDE;
    int indent = wide ? 5 : 2;
    char tok[5];
    tty_msg(io, "\n");
    files_line(io, side, indent);
    for (int r = 0; r < GJ_RANKS; r++) {
        int rank = GJ_RANK(gj_disp_sq(side, r, 0));
        if (r == GJ_RANKS / 2) {
            tty_printf(io, "%*s", indent, "");
            for (int c = 0; c < GJ_FILES; c++) {
                int f = GJ_FILE(gj_disp_sq(side, r, c));
                tty_msg(io, f == 1 || f == 4 ? (paper ? "H  H" : "|  |")
                                             : (paper ? "====" : "~~~~"));
                if (c < GJ_FILES - 1)
                    tty_msg(io, " ");
            }
            tty_msg(io, "\n");
        }
        char row[64];
        int n = snprintf(row, sizeof row, wide ? "  %d  " : "%d ", rank + 1);
        for (int c = 0; c < GJ_FILES; c++) {
            int sq = gj_disp_sq(side, r, c);
            if (gj_canon(sq) != sq)
                continue;               /* the HQ's other square */
            int at = t->anim ? t->anim_at[sq] : v->at[sq];
            gj_token(v, side, at, tok);
            if (sq == gj_hq(GJ_RED) || sq == gj_hq(GJ_BLUE))
                n += snprintf(row + n, sizeof row - (size_t)n, "  %s    ",
                              tok);
            else
                n += snprintf(row + n, sizeof row - (size_t)n, "%s ", tok);
        }
        if (wide)
            n += snprintf(row + n, sizeof row - (size_t)n, " %d", rank + 1);
        while (n > 0 && row[n - 1] == ' ')
            n--;
        snprintf(row + n, sizeof row - (size_t)n, "\n");
        tty_msg(io, row);
    }
    files_line(io, side, indent);
    if (side == GJ_UMPIRE)
        tty_msg(io, "     RED:  CP     BLUE: (CP)\n");
}

void gj_lines_grave(gj_term *t)
{
    const gj_view *v = &t->v;
    char name[40], mask[200];
    if (!v->ndead) {
        wrap_print(t->io, 0, 0, "THE GRAVEYARD IS EMPTY.\n");
        return;
    }
    wrap_printf(t->io, 0, 0, "THE GRAVEYARD (%d PIECE%s):\n", v->ndead,
                v->ndead == 1 ? "" : "S");
    for (int i = 0; i < v->ndead; i++) {
        int id = v->dead[i];
        char lab[3];
        gj_text_piece(v, t->side, id, name, sizeof name);
        const gj_view_piece *p = &v->piece[id];
        /* A long entry goes on under its text, past "  1. ". */
        const int hang = 5;
        if (p->type != GJ_UNKNOWN) {
            wrap_printf(t->io, 0, hang, "%3d. %s, FROM %s", i + 1, name,
                        gj_sq_name(p->start, lab));
        } else if (p->mask == GJ_ALL_TYPES) {
            wrap_printf(t->io, 0, hang, "%3d. %s: NOTHING KNOWN", i + 1,
                        name);
        } else {
            gj_text_mask(p->mask, mask, sizeof mask);
            wrap_printf(t->io, 0, hang, "%3d. %s: %s%s", i + 1, name,
                        __builtin_popcount(p->mask) == 1 ? "" : "MAY BE ",
                        mask);
        }
        tty_msg(t->io, "\n");
    }
}

void gj_lines_intel(gj_term *t, int id)
{
    const gj_view_piece *p = &t->v.piece[id];
    char name[40], where[3];
    gj_text_piece(&t->v, t->side, id, name, sizeof name);
    if (p->sq >= 0)
        wrap_printf(t->io, 0, 0, "INTELLIGENCE ON %s, NOW ON %s:\n", name,
                    gj_sq_name(p->sq, where));
    else
        wrap_printf(t->io, 0, 0, "INTELLIGENCE ON %s, IN THE GRAVEYARD:\n",
                    name);
    /* Four columns of types (68 columns), or two on a narrower window
     * (32). */
    int cols = wrap_width(t->caps) >= 68 ? 4 : 2;
    for (int row = 0; row < GJ_TYPES / cols; row++) {
        char line[80];
        int n = 0;
        for (int col = 0; col < cols; col++) {
            int ty = col * (GJ_TYPES / cols) + row;
            int ok = p->mask >> ty & 1;
            n += snprintf(line + n, sizeof line - (size_t)n, "  %s %-12s",
                          ok ? gj_type_abbr[ty] : "--", gj_short[ty]);
        }
        while (n > 0 && line[n - 1] == ' ')
            n--;
        line[n] = 0;
        tty_printf(t->io, "%s\n", line);
    }
    wrap_printf(t->io, 0, 0, "(-- : RULED OUT.  %d TYPE%s STILL POSSIBLE.)\n",
                __builtin_popcount(p->mask),
                __builtin_popcount(p->mask) == 1 ? "" : "S");
}
