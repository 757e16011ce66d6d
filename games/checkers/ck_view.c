/*
 * ck_view.c - the board on the player's terminal, the player's pieces
 * always at the bottom (the S0 notes: "the player's pieces will always be
 * at the bottom"), every dark square with its number.
 *
 * On paper and glass the board is printed line by line, eight lines of at
 * most 49 columns, before each of the player's moves:
 *
 *           32 R        31 R        30 R        29 R
 *     28 R        27 R        26 R        25 R
 *     ...
 *      4 B         3 B         2 B         1 B
 *
 * B and R are men, BK and RK kings, '.' an empty square.  A window too
 * narrow for that (and too small for the pane below) gets squares of four
 * columns, 32 in all:
 *
 *         32R     31R     30R     29R
 *     28R     27R     26R     25R
 *     ...
 *      4B      3B      2B      1B
 *
 * On an ANSI terminal of at least 62 by 19 the board is drawn once in a
 * pane above the dialogue and then only the squares that change are
 * drawn again.  Each square is seven columns, dark squares in reverse
 * video: "[12 BK]" is the cursor on a black king on 12; a blinking '*'
 * in the upper left of a square marks the piece picked (as the notes'
 * "blinking spot"), '+' the squares a jump under way has landed on, and
 * for Helpful Robot Tom "++" the squares the picked piece can go to.
 *
 *    1  title: who plays whom
 *    2  +--------------------------------------------------------+
 *    3  |       [32 R ]       31 R         30 R         29 R     |
 *   ... the eight rows
 *   11  +--------------------------------------------------------+
 *   12  status: the move number, the last move, whose turn
 *   13  the keys
 *   14  the dialogue, scrolling
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "ck_dialog.h"

enum {
    CK_PANE = 13,
    CK_MIN_ROWS = CK_PANE + 6,
    CK_MIN_COLS = 62,
    CK_WIDE_COLS = 49,  /* the printed board, squares of six columns */
    CK_NARROW_COLS = 32,/* the printed board, squares of four columns */
    CK_TOP = 3,         /* screen row of the board's top row */
    CK_LEFT = 3         /* screen column of the first square */
};

/* The board square (0..31) shown at screen row and column sr, sc (0-7),
 * or -1 for a light square.  Black at the bottom turns the standard
 * diagram (black on 1-12 at the top) round. */
static int ck_screen_square(const ck_session *s, int sr, int sc)
{
    if (s->human == CK_BLACK)
        return ck_square_at(7 - sr, 7 - sc);
    return ck_square_at(sr, sc);
}

static void ck_square_screen(const ck_session *s, int sq, int *sr, int *sc)
{
    int r, c;
    ck_square_rc(sq, &r, &c);
    *sr = s->human == CK_BLACK ? 7 - r : r;
    *sc = s->human == CK_BLACK ? 7 - c : c;
}

/* "B", "BK", "R", "RK" or "." */
static const char *ck_piece(const ck_pos *p, int sq)
{
    uint32_t b = 1u << sq;
    int king = (p->kings & b) != 0;
    if (p->bl & b)
        return king ? "BK" : "B";
    if (p->wh & b)
        return king ? "RK" : "R";
    return ".";
}

int ck_view_inplace(const ck_session *s)
{
    return s->v.split.on;
}

/* ---- The two sides told apart -------------------------------------- */

/* 0 for an empty square, else the side (CK_BLACK or CK_WHITE) + 1. */
static int ck_side_at(const ck_pos *p, int sq)
{
    uint32_t b = 1u << sq;
    return (p->bl & b) ? CK_BLACK + 1 : (p->wh & b) ? CK_WHITE + 1 : 0;
}

/*
 * On an ANSI terminal the letters alone (R and B) made the two sides look
 * alike, so each side's pieces have a look of their own: on a colour
 * terminal white on red for red and white on blue for black (black on a
 * dark screen would vanish); without colour, red in reverse video and
 * black in plain video, both bold (in the pane's reversed dark squares a
 * black piece stands out as a plain patch).  Paper and glass keep the
 * letters only.
 */
static uint16_t ck_side_attr(const ck_session *s, int side)
{
    if (tty_get_caps(s->io)->color)
        return VSCR_BOLD | VSCR_FG(VSCR_WHITE) |
               VSCR_BG(side == CK_WHITE ? VSCR_RED : VSCR_BLUE);
    return side == CK_WHITE ? (VSCR_BOLD | VSCR_REV) : VSCR_BOLD;
}

/* The same looks as SGR parameters, for the printed board. */
static const char *ck_side_sgr(const ck_session *s, int side)
{
    if (tty_get_caps(s->io)->color)
        return side == CK_WHITE ? "1;37;41" : "1;37;44";
    return side == CK_WHITE ? "1;7" : "1";
}

/* ---- Paper, glass and windows too small for the pane ---------------- */

/*
 * A row of the board as printed: eight squares of 'cell' columns, the
 * dark ones " 12 B " at six columns (the 49-column board), or "12B " at
 * four on a window narrower than that (32 columns: a 33-column window),
 * never a number cut by the edge.  On an ANSI terminal the pieces' letters
 * get their side's look (the attributes print nothing elsewhere).
 */
static void ck_print_row(ck_session *s, int sr, int cell)
{
    char text[16];
    int blanks = cell == 6 ? 1 : 0;   /* the wide board's left margin */
    for (int sc = 0; sc < 8; sc++) {
        int sq = ck_screen_square(s, sr, sc);
        if (sq < 0) {
            blanks += cell;
            continue;
        }
        const char *pc = ck_piece(&s->g->pos, sq);
        int side = ck_side_at(&s->g->pos, sq);
        snprintf(text, sizeof text, cell == 6 ? " %2d " : "%2d", sq + 1);
        for (; blanks > 0; blanks--)
            tty_print(s->io, ' ');
        tty_msg(s->io, text);
        if (side)
            tty_attr(s->io, ck_side_sgr(s, side - 1));
        tty_msg(s->io, pc);
        if (side)
            tty_attr(s->io, "0");
        /* the blanks after the piece are printed only before another */
        blanks = cell - (int)strlen(text) - (int)strlen(pc);
    }
    tty_print(s->io, '\n');
}

static void ck_view_print(ck_session *s)
{
    /* The wide board needs 49 columns of running text; a window that
     * narrow gets the compact one, which needs 32 (a 33-column window,
     * the smallest the man page promises).  Narrower still is told. */
    int width = wrap_width(tty_get_caps(s->io));
    int cell = width >= CK_WIDE_COLS ? 6 : 4;
    if (s->col)
        ck_say(s, "\n");
    if (width < CK_NARROW_COLS)
        ck_sayf(s, "THIS BOARD NEEDS %d COLUMNS.\n", CK_NARROW_COLS + 1);
    for (int sr = 0; sr < 8; sr++)
        ck_print_row(s, sr, cell);
    s->col = 0;
}

/* ---- The ANSI pane -------------------------------------------------- */

/* The attributes of the pane's frame: the notes thought of "the board
 * displayed in different colors for the three different levels". */
static uint16_t ck_frame_attr(const ck_session *s)
{
    static const int colours[CK_NLEVELS] = { VSCR_GREEN, VSCR_CYAN,
                                             VSCR_YELLOW, VSCR_MAGENTA };
    if (!tty_get_caps(s->io)->color)
        return VSCR_BOLD;
    int level = s->g->level;
    return VSCR_FG(colours[level >= 0 && level < CK_NLEVELS ? level : 0]);
}

/* What the square at sr, sc shows: seven characters. */
static void ck_cell_text(const ck_session *s, int sr, int sc, char *out)
{
    const ck_view *v = &s->v;
    int sq = ck_screen_square(s, sr, sc);
    int cursor = v->cur_r == sr && v->cur_c == sc;
    memset(out, ' ', CK_CELL);
    out[CK_CELL] = 0;
    if (sq >= 0) {
        const char *pc = ck_piece(&s->g->pos, sq);
        if (pc[0] == '.')
            pc = (v->marks >> sq & 1) ? "++" : "";
        char num[16];
        snprintf(num, sizeof num, "%2d", sq + 1);
        memcpy(out + 1, num, 2);
        memcpy(out + 4, pc, strlen(pc));
        for (int i = 1; i < v->nsel; i++)
            if (v->sel[i] == sq)
                out[0] = '+';
        if (v->nsel > 0 && v->sel[0] == sq)
            out[0] = '*';
    }
    if (cursor) {
        out[0] = '[';
        out[CK_CELL - 1] = ']';
    }
}

/* A line of the pane, in upper case as the dialogue speaks. */
static void ck_pane_text(ck_session *s, int row, const char *text,
                         uint16_t attr)
{
    for (int c = 0; *text; text++, c++)
        vscr_putc(&s->v.pane, row, c, toupper((unsigned char)*text), attr);
}

static void ck_status_text(const ck_session *s, char *out, size_t size)
{
    const ck_state *g = s->g;
    char who[32];
    if (g->result != CK_PLAYING)
        snprintf(who, sizeof who, "GAME OVER");
    else if (s->v.thinking)
        snprintf(who, sizeof who, "I AM THINKING...");
    else if (g->player[g->pos.turn] == CK_HUMAN)
        snprintf(who, sizeof who, "YOUR MOVE");
    else
        snprintf(who, sizeof who, "MY MOVE");
    snprintf(out, size, " MOVE %d   %s%s%s", ck_state_move_number(g),
             s->last, s->last[0] ? "   " : "", who);
}

/* Compose the whole pane (rows from 0 here, 1 in the layout above) and
 * send what changed. */
static void ck_pane_update(ck_session *s)
{
    vscr *p = &s->v.pane;
    char text[2 * CK_TEXT];
    uint16_t frame = ck_frame_attr(s);
    if (!p->want)
        return;
    vscr_blank(p);
    snprintf(text, sizeof text, " CHECKERS   YOU (%s) AGAINST %s",
             ck_side_name(s->human), ck_level_title(s->g->level));
    ck_pane_text(s, 0, text, frame);
    char border[CK_TEXT];
    border[0] = '+';
    memset(border + 1, '-', 8 * CK_CELL);
    border[1 + 8 * CK_CELL] = '+';
    border[2 + 8 * CK_CELL] = 0;
    vscr_put(p, CK_TOP - 2, 1, border, frame);
    vscr_put(p, CK_TOP + 7, 1, border, frame);
    for (int sr = 0; sr < 8; sr++) {
        int row = CK_TOP - 1 + sr;
        vscr_putc(p, row, CK_LEFT - 2, '|', frame);
        vscr_putc(p, row, CK_LEFT - 1 + 8 * CK_CELL, '|', frame);
        for (int sc = 0; sc < 8; sc++) {
            /* Dark squares reversed, a piece in its side's look; the
             * picked piece's '*' blinks. */
            int sq = ck_screen_square(s, sr, sc);
            uint16_t dark = sq >= 0 ? VSCR_REV : 0;
            int col = CK_LEFT - 1 + sc * CK_CELL;
            ck_cell_text(s, sr, sc, text);
            vscr_put(p, row, col, text, dark);
            int side = sq >= 0 ? ck_side_at(&s->g->pos, sq) : 0;
            if (side)
                vscr_putn(p, row, col + 4, text + 4, 2,
                          ck_side_attr(s, side - 1));
            if (text[0] == '*')
                vscr_putc(p, row, col, '*', dark | VSCR_BLINK);
        }
    }
    ck_status_text(s, text, sizeof text);
    ck_pane_text(s, CK_TOP + 8, text, 0);
    ck_pane_text(s, CK_TOP + 9, " ARROWS: CURSOR   RETURN: PICK   ESC: DROP"
                 "   HELP: COMMANDS", VSCR_BOLD);
    vscr_flush_pane(p);
}

/* The pane's screen for the split just made: as wide as the window.
 * Without the memory the split is undone and the board printed. */
static int ck_pane_fit(ck_session *s)
{
    ck_view *v = &s->v;
    int ok = v->pane.want
             ? vscr_resize(&v->pane, v->split.cols, CK_PANE) == 0
             : vscr_init_pane(&v->pane, s->io, 0, v->split.cols,
                              CK_PANE) == 0;
    if (!ok)
        scr_unsplit(&v->split, s->io);
    return ok;
}

void ck_view_board(ck_session *s, int print)
{
    if (ck_view_inplace(s))
        ck_pane_update(s);
    else if (print)
        ck_view_print(s);
}

void ck_view_redraw(ck_session *s)
{
    if (!ck_view_inplace(s))
        return;
    vscr_invalidate(&s->v.pane);
    ck_pane_update(s);
}

void ck_view_open(ck_session *s)
{
    if (scr_split(&s->v.split, s->io, CK_PANE, CK_MIN_ROWS, CK_MIN_COLS) &&
        ck_pane_fit(s)) {
        ck_view_cursor_home(s);
        ck_pane_update(s);
    }
}

void ck_view_resize(ck_session *s)
{
    if (s->v.split.min_rows == 0)
        return;     /* not open yet: the questions scroll as on paper */
    if (scr_resplit(&s->v.split, s->io) && ck_pane_fit(s))
        ck_pane_update(s);
    else
        /* Too small for the pane: the board printed again, laid out for
         * the new width, as before a move. */
        ck_view_print(s);
}

void ck_view_picks(ck_session *s, const int *sq, int n)
{
    ck_view *v = &s->v;
    v->nsel = n < 0 ? 0 : n > CK_MAX_PATH ? CK_MAX_PATH : n;
    for (int i = 0; i < v->nsel; i++)
        v->sel[i] = sq[i];
    /* Helpful Robot Tom shows where the piece can go. */
    v->marks = 0;
    if (v->nsel > 0 && s->g->level == CK_TOM)
        v->marks = ck_next_squares(&s->g->pos, v->sel, v->nsel);
    if (ck_view_inplace(s))
        ck_pane_update(s);
}

void ck_view_cursor_home(ck_session *s)
{
    const ck_pos *p = &s->g->pos;
    if (p->turn != s->human)
        return;
    uint32_t movers = ck_movers(p);
    int here = ck_view_cursor_square(s);
    if (!movers || (here >= 0 && (movers >> here & 1)))
        return;
    /* The first piece that can move, reading the screen from the top:
     * the player's front line. */
    for (int sr = 0; sr < 8; sr++)
        for (int sc = 0; sc < 8; sc++) {
            int sq = ck_screen_square(s, sr, sc);
            if (sq >= 0 && (movers >> sq & 1)) {
                ck_square_screen(s, sq, &s->v.cur_r, &s->v.cur_c);
                return;
            }
        }
}

void ck_view_cursor_move(ck_session *s, int key)
{
    ck_view *v = &s->v;
    switch (key) {
    case TTY_KEY_UP: if (v->cur_r > 0) v->cur_r--; break;
    case TTY_KEY_DOWN: if (v->cur_r < 7) v->cur_r++; break;
    case TTY_KEY_LEFT: if (v->cur_c > 0) v->cur_c--; break;
    case TTY_KEY_RIGHT: if (v->cur_c < 7) v->cur_c++; break;
    default: return;
    }
    if (ck_view_inplace(s))
        ck_pane_update(s);
}

int ck_view_cursor_square(const ck_session *s)
{
    return ck_screen_square(s, s->v.cur_r, s->v.cur_c);
}

/* Lines the text takes on this terminal, as ck_say will wrap it. */
static void ck_count_line(void *ctx, const char *line)
{
    (void)line;
    ++*(int *)ctx;
}

static int ck_text_lines(const ck_session *s, const char *text)
{
    int lines = 0;
    wrap_lines(text, wrap_width(tty_get_caps(s->io)), 0, 0, ck_count_line,
               &lines);
    return lines;
}

int ck_view_page(ck_session *s, const char *text, int upper)
{
    if (!ck_view_inplace(s) ||
        ck_text_lines(s, text) < s->v.split.rows - CK_PANE - 1) {
        ck_print_wrapped(s, text, upper);
        return 0;
    }
    /* The whole screen until a key, then the board again. */
    tty_region(s->io, 0, 0);
    tty_clear(s->io);
    s->col = 0;
    ck_print_wrapped(s, text, upper);
    ck_say(s, "\nPRESS ANY KEY TO GO ON.");
    int key;
    while ((key = ck_key(s)) == TTY_KEY_RESIZE)
        ;
    if (scr_resplit(&s->v.split, s->io) && ck_pane_fit(s))
        ck_pane_update(s);
    return key == TTY_EOF ? TTY_EOF : 0;
}

void ck_view_thinking(ck_session *s, int on)
{
    s->v.thinking = on;
    if (ck_view_inplace(s))
        ck_pane_update(s);
}

void ck_view_close(ck_session *s)
{
    scr_unsplit(&s->v.split, s->io);
    vscr_free(&s->v.pane);
}
