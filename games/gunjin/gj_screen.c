/*
 * gj_screen.c - the board on an ANSI screen (80 x 24 or more), after the
 * seed's: the headquarters drawn centred across its two squares, the river
 * with its two bridges, enemy pieces as tiles labelled by their starting
 * grid reference, a cursor to pick a piece and then its square, the
 * graveyard drawn on the same grid ("in columns growing downwards", an
 * empty slot a crucifix) and the intelligence in the tray's layout with
 * the types ruled out in inverse video.
 *
 *   row 1       title: who plays, whose move
 *   rows 3-20   the board (files, 8 ranks between rules, the river)
 *   cols 51-80  the panel: the umpire's log, intelligence or the tray
 *   rows 21-22  a message;  row 23 the prompt;  row 24 the keys
 *
 * Everything is painted into a gj_scr and only the difference is sent.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "gj_ui.h"

enum {
    R_TITLE = 0, R_FILES = 2, R_GRID = 3,
    R_MSG = 20, R_PROMPT = 22, R_HINT = 23,
    C_GRID = 3, C_PANEL = 50, W_PANEL = 30, CELL = 6
};

int gj_screen_fits(const tty_caps *c)
{
    return c->ansi && c->width >= GJ_COLS && c->height >= GJ_ROWS;
}

static int side_attr(int side)
{
    return side == GJ_RED ? GJ_A_RED : GJ_A_BLUE;
}

static int is_hq(int sq)
{
    return sq == gj_hq(GJ_RED) || sq == gj_hq(GJ_BLUE);
}

/* The six characters and attribute of a piece (or an empty square). */
static void cell_text(const gj_term *t, int id, char out[7], int *attr)
{
    char tok[5];
    gj_token(&t->v, t->side, id, tok);
    if (id < 0) {
        memcpy(out, "      ", 7);
        *attr = 0;
        return;
    }
    snprintf(out, 7, " %s ", tok);
    *attr = side_attr(GJ_SIDE_OF(id));
    if (GJ_SIDE_OF(id) == t->side)
        *attr |= GJ_A_BOLD;
}

static uint64_t sel_dests(const gj_term *t)
{
    return t->sel >= 0 ? gj_view_dests(&t->v, t->sel) : 0;
}

static void paint_rule(gj_term *t, int r)
{
    char line[64];
    int river = !t->grave && r == GJ_RANKS / 2;
    int edge = !t->grave && (r == 0 || r == GJ_RANKS);
    int n = 0;
    for (int c = 0; c < GJ_FILES; c++) {
        int f = GJ_FILE(gj_disp_sq(t->side, r < GJ_RANKS ? r : 0, c));
        line[n++] = edge && c == 3 ? '-' : '+';
        const char *fill = river ? (f == 1 || f == 4 ? "|    |" : "~~~~~~")
                                 : "------";
        memcpy(line + n, fill, CELL);
        n += CELL;
    }
    line[n++] = '+';
    line[n] = 0;
    gj_scr_put(&t->scr, R_GRID + 2 * r, C_GRID, line, 0);
}

static void paint_board(gj_term *t)
{
    uint64_t dests = sel_dests(t);
    for (int r = 0; r <= GJ_RANKS; r++)
        paint_rule(t, r);
    for (int r = 0; r < GJ_RANKS; r++) {
        int row = R_GRID + 1 + 2 * r;
        int rank = GJ_RANK(gj_disp_sq(t->side, r, 0));
        char lab[2] = { t->grave ? ' ' : (char)('1' + rank), 0 };
        gj_scr_put(&t->scr, row, 1, lab, 0);
        gj_scr_put(&t->scr, row, C_GRID + 7 * GJ_FILES + 2, lab, 0);
        for (int c = 0; c <= GJ_FILES; c++)
            gj_scr_put(&t->scr, row, C_GRID + 7 * c, "|", 0);
        for (int c = 0; c < GJ_FILES; c++) {
            int sq = gj_disp_sq(t->side, r, c);
            int col = C_GRID + 1 + 7 * c, width = CELL;
            if (t->grave) {
                int slot = c * GJ_RANKS + r;
                char txt[7];
                int attr = 0;
                if (slot < t->v.ndead)
                    cell_text(t, t->v.dead[slot], txt, &attr);
                else
                    memcpy(txt, "  ++  ", 7);
                if (slot == t->cur)
                    attr |= GJ_A_REV;
                gj_scr_put(&t->scr, row, col, txt, attr);
                continue;
            }
            if (gj_canon(sq) != sq)
                continue;
            if (is_hq(sq)) {            /* across both middle columns */
                col = C_GRID + 1 + 7 * 2;
                width = 2 * CELL + 1;
            }
            int id = t->anim ? t->anim_at[sq] : t->v.at[sq];
            if (t->anim && sq == t->fight_sq)
                id = t->fight_id;
            char txt[7];
            int attr;
            cell_text(t, id, txt, &attr);
            if (dests >> sq & 1) {
                txt[0] = '*';
                txt[5] = '*';
                attr |= GJ_A_UL;
            }
            if (sq == t->sel) {
                txt[1] = '>';
                txt[4] = '<';
            }
            if (sq == t->cur && !t->anim)
                attr |= GJ_A_REV;
            char wide[16];
            int pad = (width - CELL) / 2;
            memset(wide, ' ', (size_t)width);
            memcpy(wide + pad, txt, CELL);
            gj_scr_putn(&t->scr, row, col, wide, width, attr);
        }
    }
    char files[48];
    memset(files, ' ', sizeof files);
    for (int c = 0; c < GJ_FILES; c++)
        files[C_GRID + 4 + 7 * c] = t->grave ? ' ' :
            (char)('A' + GJ_FILE(gj_disp_sq(t->side, 0, c)));
    files[sizeof files - 1] = 0;
    gj_scr_put(&t->scr, R_FILES, 0, files, 0);
}

/* ---- the panel ------------------------------------------------------- */

static void paint_log(gj_term *t)
{
    gj_scr_put(&t->scr, 2, C_PANEL, "THE UMPIRE'S LOG", GJ_A_BOLD);
    for (int i = 0; i < t->nlog; i++)
        gj_scr_put(&t->scr, 4 + GJ_LOG - t->nlog + i, C_PANEL, t->log[i], 0);
}

static void paint_intel(gj_term *t)
{
    const gj_view_piece *p = &t->v.piece[t->intel];
    char name[40], line[64], where[3];
    gj_text_piece(&t->v, t->side, t->intel, name, sizeof name);
    snprintf(line, sizeof line, "INTELLIGENCE: %s", name);
    gj_scr_putn(&t->scr, 2, C_PANEL, line, W_PANEL, GJ_A_BOLD);
    if (p->sq >= 0)
        snprintf(line, sizeof line, "NOW ON %s", gj_sq_name(p->sq, where));
    else
        snprintf(line, sizeof line, "IN THE GRAVEYARD");
    gj_scr_put(&t->scr, 3, C_PANEL, line, 0);
    for (int ty = 0; ty < GJ_TYPES; ty++) {
        int ok = p->mask >> ty & 1;
        char nm[24];
        gj_text_upper(gj_type_name[ty], nm, sizeof nm);
        snprintf(line, sizeof line, "%c %s %-20s", ok ? '+' : '-',
                 gj_type_abbr[ty], nm);
        gj_scr_put(&t->scr, 4 + ty, C_PANEL, line, ok ? 0 : GJ_A_REV);
    }
}

static void paint_tray(gj_term *t)
{
    char line[40];
    snprintf(line, sizeof line, "THE TRAY: %d TO PLACE",
             GJ_SIDE_PIECES - t->tray.placed);
    gj_scr_put(&t->scr, 2, C_PANEL, line, GJ_A_BOLD);
    for (int ty = 0; ty < GJ_TYPES; ty++) {
        char nm[24];
        gj_text_upper(gj_type_name[ty], nm, sizeof nm);
        snprintf(line, sizeof line, "%c %s %-19s %d",
                 ty == t->tray_type ? '>' : ' ', gj_type_abbr[ty], nm,
                 t->tray.left[ty]);
        gj_scr_put(&t->scr, 4 + ty, C_PANEL, line,
                   ty == t->tray_type ? GJ_A_REV : 0);
    }
}

static const char *who(const gj_match *m, int side)
{
    if (m->kind[side] == GJ_COMPUTER_AI)
        return "COMPUTER";
    if (m->kind[side] == GJ_RANDOM_AI)
        return "RANDOM";
    return m->name[side];
}

static void paint_title(gj_term *t)
{
    const gj_match *m = t->m;
    char line[GJ_COLS + 1];
    if (m->mode == GJ_MODE_HOTSEAT)
        snprintf(line, sizeof line, "GUNJIN SHOGI   RED AGAINST BLUE");
    else
        snprintf(line, sizeof line, "GUNJIN SHOGI   RED %s  BLUE %s",
                 who(m, GJ_RED), who(m, GJ_BLUE));
    gj_scr_put(&t->scr, R_TITLE, 0, line, GJ_A_BOLD);
    if (t->grave)
        snprintf(line, sizeof line, "THE GRAVEYARD: %d", t->v.ndead);
    else if (!m->started)
        snprintf(line, sizeof line, "SETTING UP");
    else if (m->g.result != GJ_PLAYING)
        snprintf(line, sizeof line, "GAME OVER");
    else
        snprintf(line, sizeof line, "MOVE %d: %s", m->g.nhist / 2 + 1,
                 gj_side_name(m->g.turn));
    gj_scr_put(&t->scr, R_TITLE, GJ_COLS - 1 - (int)strlen(line), line,
               GJ_A_BOLD);
}

/* The message, word-wrapped onto its two rows. */
static void paint_msg(gj_term *t)
{
    const char *p = t->msg;
    for (int row = R_MSG; row < R_PROMPT && *p; row++) {
        size_t n = strlen(p);
        if (n > GJ_COLS - 1) {
            n = GJ_COLS - 1;
            while (n > 0 && p[n] != ' ')
                n--;
            if (!n)
                n = GJ_COLS - 1;
        }
        gj_scr_putn(&t->scr, row, 0, p, (int)n, GJ_A_BOLD);
        p += n;
        while (*p == ' ')
            p++;
    }
}

static const char *hint(const gj_term *t)
{
    if (t->panel == GJ_P_HELP)
        return "SPACE NEXT PAGE  B PAGE BEFORE  ESCAPE BACK";
    switch (t->state) {
    case GJ_T_TRAY:
        return "ARROWS  [ ] TRAY  SPACE PLACE/TAKE  R RANDOM REST  "
               "D DONE  H HELP";
    case GJ_T_PLAY:
        return "ARROWS+SPACE MOVE  I INTEL  G GRAVEYARD  P REPLAY  "
               "S SAVE  R RESIGN  H HELP";
    case GJ_T_WATCH:
        return "Q STOP  S SAVE AND STOP  G GRAVEYARD  P REPLAY";
    default:
        return "";
    }
}

void gj_screen_render(gj_term *t, const char *prompt)
{
    gj_scr *s = &t->scr;
    gj_scr_blank(s);
    if (t->state == GJ_T_PASS) {
        gj_scr_put(s, 11, 26, prompt, GJ_A_BOLD);
        s->row = 11;
        s->col = 26 + (int)strlen(prompt);
        gj_scr_flush(s);
        return;
    }
    paint_title(t);
    if (t->panel == GJ_P_HELP) {
        gj_help_paint(t);
    } else {
        paint_board(t);
        if (t->panel == GJ_P_INTEL)
            paint_intel(t);
        else if (t->panel == GJ_P_TRAY)
            paint_tray(t);
        else
            paint_log(t);
    }
    paint_msg(t);
    gj_scr_put(s, R_HINT, 0, hint(t), 0);
    gj_scr_put(s, R_PROMPT, 0, prompt, 0);
    int pl = (int)strlen(prompt);
    gj_scr_put(s, R_PROMPT, pl, t->line, 0);
    s->row = R_PROMPT;
    s->col = pl + tty_edit_length(&t->ed);
    gj_scr_flush(s);
}

void gj_screen_log(gj_term *t, const char *text)
{
    /* Word-wrap into the panel's width, scrolling the oldest out. */
    const char *p = text;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        size_t n = strlen(p);
        if (n > GJ_LOG_W) {
            n = GJ_LOG_W;
            while (n > 0 && p[n] != ' ')
                n--;
            if (n == 0)
                n = GJ_LOG_W;
        }
        if (t->nlog == GJ_LOG) {
            memmove(t->log[0], t->log[1], sizeof t->log[0] * (GJ_LOG - 1));
            t->nlog--;
        }
        memcpy(t->log[t->nlog], p, n);
        t->log[t->nlog][n] = 0;
        t->nlog++;
        p += n;
    }
}

/* ---- the cursor ------------------------------------------------------- */

int gj_screen_step(const gj_term *t, int sq, int key)
{
    int dr = key == TTY_KEY_UP ? -1 : key == TTY_KEY_DOWN ? 1 : 0;
    int dc = key == TTY_KEY_LEFT ? -1 : key == TTY_KEY_RIGHT ? 1 : 0;
    if (t->grave) {
        int r = sq % GJ_RANKS + dr, c = sq / GJ_RANKS + dc;
        if (r < 0 || r >= GJ_RANKS || c < 0 || c >= GJ_FILES)
            return sq;
        return c * GJ_RANKS + r;
    }
    int r, c;
    gj_disp_rc(t->side, sq, &r, &c);
    for (;;) {
        r += dr;
        c += dc;
        if (r < 0 || r >= GJ_RANKS || c < 0 || c >= GJ_FILES)
            return sq;
        int next = gj_canon(gj_disp_sq(t->side, r, c));
        if (next != sq)
            return next;
    }
}

int gj_screen_piece(const gj_term *t)
{
    if (t->grave)
        return t->cur < t->v.ndead ? t->v.dead[t->cur] : -1;
    return t->v.at[t->cur];
}

int gj_screen_key(gj_term *t, int key)
{
    switch (key) {
    case TTY_KEY_UP:
    case TTY_KEY_DOWN:
    case TTY_KEY_LEFT:
    case TTY_KEY_RIGHT:
        t->cur = gj_screen_step(t, t->cur, key);
        t->msg[0] = 0;
        if (t->panel == GJ_P_INTEL) {
            int id = gj_screen_piece(t);
            if (id >= 0 && GJ_SIDE_OF(id) != t->side &&
                t->v.piece[id].type == GJ_UNKNOWN)
                t->intel = id;      /* the panel follows the cursor */
        }
        return GJ_ACT_NONE;
    case TTY_KEY_ESC:
        t->sel = -1;
        t->msg[0] = 0;
        t->panel = GJ_P_LOG;
        gj_edit_clear(t);
        return GJ_ACT_NONE;
    case ' ':
    case TTY_KEY_RETURN:
        break;
    default:
        return GJ_ACT_NONE;
    }
    if (t->grave) {
        gj_term_msg(t, "PRESS G TO GO BACK TO THE BOARD.");
        return GJ_ACT_NONE;
    }
    if (t->state != GJ_T_PLAY || t->m->g.turn != t->side) {
        gj_term_msg(t, "IT IS NOT YOUR MOVE.");
        return GJ_ACT_NONE;
    }
    int id = t->v.at[t->cur];
    if (t->sel >= 0 && t->cur == t->sel) {
        t->sel = -1;                    /* let go */
        t->msg[0] = 0;
        return GJ_ACT_NONE;
    }
    if (t->sel >= 0 && (sel_dests(t) >> t->cur & 1)) {
        int from = t->sel;
        t->sel = -1;
        return gj_term_try(t, from, t->cur);
    }
    if (id >= 0 && GJ_SIDE_OF(id) == t->side) {
        if (gj_view_dests(&t->v, t->cur)) {
            t->sel = t->cur;
            t->msg[0] = 0;
        } else {
            gj_term_try(t, t->cur, -1);  /* says why it cannot move */
        }
        return GJ_ACT_NONE;
    }
    if (t->sel >= 0)
        return gj_term_try(t, t->sel, t->cur);   /* says why not */
    gj_term_msg(t, id >= 0 ? "THAT IS AN ENEMY PIECE: PICK ONE OF YOURS."
                           : "PICK ONE OF YOUR PIECES FIRST.");
    return GJ_ACT_NONE;
}
