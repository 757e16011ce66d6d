/*
 * bg_view.c - the board as a picture: the same rows serve the teletype
 * and glass terminal (printed line by line) and the ANSI pane (drawn in
 * place).  Seen from blue's side (blue's home, pegs 19 to 24, at the
 * bottom right):
 *
 *    12 11 10  9  8  7       6  5  4  3  2  1     GREEN ATARI
 *   +------------------+---+------------------+   OFF  0  PIPS 167
 *   | B           G    |   | G              B |
 *   | B           G    |   | G              B |
 *   | B           G    |   | G                |
 *   | B                |   | G                |
 *   | B                |   | G                |
 *   |                  |BAR|                  |
 *   | G                |   | B                |
 *   | G                |   | B                |
 *   | G           B    |   | B                |
 *   | G           B    |   | B              G |
 *   | G           B    |   | B              G |
 *   +------------------+---+------------------+   OFF  0  PIPS 167
 *    13 14 15 16 17 18      19 20 21 22 23 24     BLUE  ANN
 *
 * The viewer's home is always at the bottom right, as the pegs the
 * article's player looks down on; the numbers are the article's absolute
 * pegs either way up.  B and G are the tiles; a stack taller than the half
 * shows its count in its last row.  Under the STANDARD rules each name
 * has its points beside it and the cube stands in the middle row, or
 * beside the half of the side that holds it.  Tiles on the bar stand in the bar
 * column, the viewer's in the upper half (where they must enter), the
 * opponent's in the lower.  On a glass terminal each half is only as
 * high as its tallest stack; paper gets the four lines further down.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "bg_ui.h"

enum {
    BG_HALF = 5,        /* rows in a half at most */
    BG_INFO = 48,       /* column of the names and counts */
    BG_FRAME_W = 45     /* columns of the board up to its right frame */
};

void bg_row_clear(bg_row *r)
{
    memset(r->text, ' ', BG_PIC_W);
    r->text[BG_PIC_W] = 0;
    memset(r->attr, BG_AT_PLAIN, BG_PIC_W);
}

void bg_row_put(bg_row *r, int col, const char *text, int attr)
{
    for (; *text && col < BG_PIC_W; text++, col++) {
        if (col < 0)
            continue;
        r->text[col] = *text;
        r->attr[col] = (uint8_t)attr;
    }
}

/* The column of the i-th peg from the left (0..11). */
static int cell_col(int i)
{
    return 3 + 3 * i + (i >= 6 ? 5 : 0);
}

/* The absolute peg at position i of a half, seen from view. */
static int half_peg(int view, int top, int i)
{
    return bg_peg(view, top ? 13 + i : 12 - i);
}

/* Who stands on absolute peg a, and how many. */
static int peg_tiles(const bg_state *g, int a, int *colour)
{
    int b = bg_state_tiles(g, BG_BLUE, 25 - a);
    *colour = b ? BG_BLUE : BG_GREEN;
    return b ? b : bg_state_tiles(g, BG_GREEN, a);
}

static int pips(const bg_state *g, int colour)
{
    int s = 0;
    for (int p = 1; p <= 25; p++)
        s += p * bg_state_tiles(g, colour, p);
    return s;
}

/* The tallest stack of a half, the bar's included. */
static int half_height(const bg_state *g, int view, int top)
{
    int h = bg_state_tiles(g, top ? view : !view, 25), c;
    for (int i = 0; i < 12; i++) {
        int n = peg_tiles(g, half_peg(view, top, i), &c);
        if (n > h)
            h = n;
    }
    return h < 1 ? 1 : h > BG_HALF ? BG_HALF : h;
}

/* Row k (0: next to the frame) of a stack of n tiles of colour c. */
static void stack_cell(bg_row *r, int col, int colour, int n, int k,
                       int height)
{
    char buf[12];
    if (n <= k)
        return;
    if (n > height && k == height - 1)
        snprintf(buf, sizeof buf, "%2d", n);    /* the count, not a tile */
    else
        snprintf(buf, sizeof buf, " %c", colour == BG_BLUE ? 'B' : 'G');
    bg_row_put(r, col, buf, colour == BG_BLUE ? BG_AT_BLUE : BG_AT_GREEN);
}

static void half_row(const bg_state *g, int view, int top, int k, int height,
                     bg_row *r)
{
    bg_row_clear(r);
    bg_row_put(r, 2, "|", BG_AT_PLAIN);
    bg_row_put(r, 21, "|   |", BG_AT_PLAIN);
    bg_row_put(r, 44, "|", BG_AT_PLAIN);
    for (int i = 0; i < 12; i++) {
        int c, n = peg_tiles(g, half_peg(view, top, i), &c);
        stack_cell(r, cell_col(i), c, n, k, height);
    }
    int bc = top ? view : !view;
    stack_cell(r, 22, bc, bg_state_tiles(g, bc, 25), k, height);
}

static void labels(int view, int top, bg_row *r)
{
    bg_row_clear(r);
    for (int i = 0; i < 12; i++) {
        char buf[12];
        snprintf(buf, sizeof buf, "%2d", half_peg(view, top, i));
        bg_row_put(r, cell_col(i), buf, BG_AT_PLAIN);
    }
}

static void frame(bg_row *r)
{
    bg_row_clear(r);
    bg_row_put(r, 2, "+------------------+---+------------------+",
               BG_AT_PLAIN);
}

/* A side's name, and its points in a match or money play. */
static void name_text(const bg_state *g, int colour, char *buf, size_t n)
{
    if (g->stakes == BG_SINGLE)
        snprintf(buf, n, "%-5s %s", bg_colour_name(colour), g->name[colour]);
    else
        snprintf(buf, n, "%-5s %-9s %3d PT%s", bg_colour_name(colour),
                 g->name[colour], g->score[colour],
                 g->score[colour] == 1 ? "" : "S");
}

static void side_info(const bg_match *m, int colour, bg_row *name,
                      bg_row *counts)
{
    char buf[48];
    name_text(&m->g, colour, buf, sizeof buf);
    bg_row_put(name, BG_INFO, buf,
               colour == BG_BLUE ? BG_AT_BLUE : BG_AT_GREEN);
    snprintf(buf, sizeof buf, "OFF %2d  PIPS %3d",
             bg_state_tiles(&m->g, colour, 0), pips(&m->g, colour));
    bg_row_put(counts, BG_INFO, buf, BG_AT_PLAIN);
}

/* The cube beside the board: in the middle row while nobody holds it
 * (with the stakes), else beside its holder's half next to the frame. */
static void cube_info(const bg_state *g, bg_row *mid, bg_row *holder)
{
    char buf[48], stakes[40];
    if (g->stakes == BG_SINGLE)
        return;
    if (g->stakes == BG_MONEY)
        snprintf(stakes, sizeof stakes, "MONEY PLAY");
    else if (g->crawford)
        snprintf(stakes, sizeof stakes, "CRAWFORD GAME, TO %d", g->length);
    else
        snprintf(stakes, sizeof stakes, "MATCH TO %d", g->length);
    if (g->owner == BG_CENTRE && !g->crawford)
        snprintf(buf, sizeof buf, "CUBE %d, %s", g->cube, stakes);
    else
        snprintf(buf, sizeof buf, "%s", stakes);
    bg_row_put(mid, BG_INFO, buf, BG_AT_PLAIN);
    if (g->owner != BG_CENTRE) {
        snprintf(buf, sizeof buf, "CUBE %d", g->cube);
        bg_row_put(holder, BG_INFO, buf, BG_AT_BOLD);
    }
}

int bg_view_picture(const bg_match *m, int view, int fixed, bg_row *rows)
{
    const bg_state *g = &m->g;
    int ht = fixed ? BG_HALF : half_height(g, view, 1);
    int hb = fixed ? BG_HALF : half_height(g, view, 0);
    int n = 0;
    labels(view, 1, &rows[n++]);
    frame(&rows[n++]);
    side_info(m, !view, &rows[0], &rows[1]);
    for (int k = 0; k < ht; k++)
        half_row(g, view, 1, k, ht, &rows[n++]);
    int imid = n++;
    bg_row *mid = &rows[imid];
    bg_row_clear(mid);
    bg_row_put(mid, 2, "|                  |BAR|                  |",
               BG_AT_PLAIN);
    for (int k = hb - 1; k >= 0; k--)
        half_row(g, view, 0, k, hb, &rows[n++]);
    frame(&rows[n++]);
    labels(view, 0, &rows[n++]);
    side_info(m, view, &rows[n - 1], &rows[n - 2]);
    cube_info(g, &rows[imid], &rows[g->owner == view ? n - 3 : 2]);
    return n;
}

/*
 * Paper: four lines, the tiles as counts, since each line of the picture
 * costs a teletype six seconds and a turn's picture over a minute:
 *
 *    12 11 10  9  8  7  BAR  6  5  4  3  2  1   GREEN ATARI
 *    5B  .  .  . 3G  .    . 5G  .  .  .  . 2B   OFF  0  PIPS 167
 *    5G  .  .  . 3B  .    . 5B  .  .  .  . 2G   OFF  0  PIPS 167
 *    13 14 15 16 17 18  BAR 19 20 21 22 23 24   BLUE  ANN
 *
 * The bar's count stands in its column, the viewer's above.
 */
static void paper_cell(int colour, int n, char *out)
{
    if (n)
        snprintf(out, 4, "%2d%c", n, colour == BG_BLUE ? 'B' : 'G');
    else
        snprintf(out, 4, "  .");
}

/* The bar's column of a half: its count (or "BAR") after two blanks. */
static size_t bar_cell(const bg_match *m, int view, int top, int counts,
                       char *out, size_t size)
{
    char cell[8];
    int bc = top ? view : !view;
    if (counts)
        paper_cell(bc, bg_state_tiles(&m->g, bc, 25), cell);
    else
        snprintf(cell, sizeof cell, "BAR");
    return (size_t)snprintf(out, size, "  %s", cell);
}

/* Pegs from..to-1 of a half (positions 0..11 from the left) as counts
 * (or their numbers), the bar's column before position 6 when bar. */
static size_t paper_cells(const bg_match *m, int view, int top, int counts,
                          int from, int to, int bar, char *line, size_t size)
{
    const bg_state *g = &m->g;
    size_t k = (size_t)snprintf(line, size, "  ");
    for (int i = from; i < to; i++) {
        char cell[8];
        int a = half_peg(view, top, i), c;
        if (counts) {
            int n = peg_tiles(g, a, &c);
            paper_cell(c, n, cell);
        } else {
            snprintf(cell, sizeof cell, "%3d", a);
        }
        if (i == 6 && bar)
            k += bar_cell(m, view, top, counts, line + k, size - k);
        k += (size_t)snprintf(line + k, size - k, "%s", cell);
    }
    return k < size ? k : size - 1;
}

/* The side's name line, or its count line ("OFF  0  PIPS 167", and the
 * cube when it holds it), after sep. */
static void side_text(const bg_match *m, int colour, int counts,
                      const char *sep, char *line, size_t size)
{
    const bg_state *g = &m->g;
    size_t k = strlen(line);
    if (!counts) {
        char name[48];
        name_text(g, colour, name, sizeof name);
        snprintf(line + k, size - k, "%s%s", sep, name);
        return;
    }
    k += (size_t)snprintf(line + k, size - k, "%sOFF %2d  PIPS %3d", sep,
                          bg_state_tiles(g, colour, 0), pips(g, colour));
    if (g->stakes != BG_SINGLE && g->owner == colour && k < size)
        snprintf(line + k, size - k, "  CUBE %d", g->cube);
}

static void paper_row(const bg_match *m, int view, int top, int counts,
                      char *line, size_t size)
{
    paper_cells(m, view, top, counts, 0, 12, 1, line, size);
    side_text(m, top ? !view : view, counts, "   ", line, size);
}

/* The widest of n lines, blanks at their ends not counted. */
static int widest(char lines[][BG_PIC_W + 8], int n)
{
    int w = 0;
    for (int i = 0; i < n; i++) {
        int len = (int)strlen(lines[i]);
        while (len > 0 && lines[i][len - 1] == ' ')
            len--;
        if (len > w)
            w = len;
    }
    return w;
}

/*
 * A window too narrow for the picture and for the four paper lines gets
 * the paper board folded in two, each half's six left pegs (and the bar)
 * over its six right ones, the sides' lines under it: 26 columns at most,
 * so that a 33-column window shows every number whole.
 *
 *    12 11 10  9  8  7  BAR
 *    5B  .  .  . 3G  .    .
 *     6  5  4  3  2  1
 *    5G  .  .  .  . 2B
 *    5G  .  .  . 3B  .    .
 *    13 14 15 16 17 18  BAR
 *    5B  .  .  .  . 2G
 *    19 20 21 22 23 24
 *   GREEN ATARI
 *   OFF  0  PIPS 167
 *   (the stakes and the cube, in a match or money play)
 *   BLUE  ANN
 *   OFF  0  PIPS 167
 */
static int narrow_lines(const bg_match *m, int view,
                        char lines[][BG_PIC_W + 8])
{
    enum { W = BG_PIC_W + 8 };
    int n = 0;
    for (int top = 1; top >= 0; top--)
        for (int right = 0; right < 2; right++) {
            int from = right ? 6 : 0, to = right ? 12 : 6;
            /* the labels outside, the counts toward the middle; the
             * bar's column with the left pegs */
            for (int j = 0; j < 2; j++) {
                int counts = top ? j == 1 : j == 0;
                size_t k = paper_cells(m, view, top, counts, from, to, 0,
                                       lines[n], W);
                if (!right)
                    bar_cell(m, view, top, counts, lines[n] + k, W - k);
                n++;
            }
        }
    for (int i = 0; i < 2; i++) {
        int colour = i == 0 ? !view : view;
        lines[n][0] = 0;
        side_text(m, colour, 0, " ", lines[n++], W);
        lines[n][0] = 0;
        side_text(m, colour, 1, " ", lines[n++], W);
        if (i == 0 && m->g.stakes != BG_SINGLE) {
            /* the stakes, as the picture's middle row has them */
            bg_row mid, holder;
            bg_row_clear(&mid);
            bg_row_clear(&holder);
            cube_info(&m->g, &mid, &holder);
            snprintf(lines[n++], W, " %.*s", BG_PIC_W - BG_INFO,
                     mid.text + BG_INFO);
        }
    }
    return n;
}

/* The picture's board alone, cut at its frame, and the names, counts and
 * cube from beside it on lines of their own under it: for a window of at
 * least 46 columns too narrow for the whole picture. */
static int picture_stacked(char lines[][BG_PIC_W + 8], int n)
{
    char info[BG_PIC_MAX][BG_PIC_W + 8];
    int ni = 0;
    for (int i = 0; i < n; i++) {
        const char *text = lines[i] + BG_INFO;
        if (widest(&lines[i], 1) > BG_INFO)
            snprintf(info[ni++], sizeof info[0], " %.*s", BG_PIC_W - BG_INFO,
                     text);
        lines[i][BG_FRAME_W] = 0;
    }
    for (int i = 0; i < ni; i++)
        memcpy(lines[n++], info[i], sizeof info[0]);
    return n;
}

void bg_view_print(bg_term *t)
{
    char lines[2 * BG_PIC_MAX][BG_PIC_W + 8];
    int view = bg_term_view(t);
    int room = wrap_width(t->caps);
    int n = 0;
    if (t->caps->paper) {
        /* A Model 33's 72 columns: the four lines. */
        for (int r = 0; r < 4; r++) {
            int top = r < 2, counts = r == 1 || r == 2;
            paper_row(t->m, view, top, counts, lines[n++], sizeof lines[0]);
        }
    } else {
        bg_row rows[BG_PIC_MAX];
        n = bg_view_picture(t->m, view, 0, rows);
        for (int i = 0; i < n; i++)
            memcpy(lines[i], rows[i].text, sizeof rows[i].text);
        if (widest(lines, n) > room && room >= BG_FRAME_W)
            n = picture_stacked(lines, n);
        else if (widest(lines, n) > room)
            n = narrow_lines(t->m, view, lines);
        if (widest(lines, n) > room)
            tty_printf(t->io, "THIS BOARD NEEDS %d COLUMNS.\n",
                       widest(lines, n) + 1);
    }
    for (int i = 0; i < n; i++) {
        int len = (int)strlen(lines[i]);
        while (len > 0 && lines[i][len - 1] == ' ')
            len--;
        tty_write(t->io, lines[i], (size_t)len);
        tty_msg(t->io, "\n");
    }
}
