/*
 * gj_help.c - the help and the instructions, shown a screen at a time.
 *
 * The pages (gj_text.c) are paragraphs; they are broken into rows for the
 * terminal by the toolkit's wrapping routine (games/wrap.h) and shown:
 *   - on the ANSI board screen, in the panel's place, a page of rows at a
 *     time: Space, Return or Page Down turns to the next page (past the
 *     last one, back to the board), B or Page Up to the one before,
 *     Escape goes back to the board;
 *   - on a glass terminal or a window too small for the board, a
 *     screenful at a time with MORE between (Return for more, Q for
 *     enough), so that nothing scrolls away unread;
 *   - on paper, which keeps everything, all at once; the help in play is
 *     then the commands alone, and RULES prints the rules (at 110 baud
 *     every line costs seven seconds).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gj_ui.h"

/* The panel's rows: from row 3 of the screen to the one above the
 * message. */
enum { GJ_HELP_TOP = 2, GJ_HELP_PAGE = 18, GJ_HELP_COLS = GJ_COLS - 3 };

/* Which pages each help shows, in order. */
static const char *const *const *pages(int set, int paper)
{
    static const char *const *const play[] = { gj_help_play, gj_help_rules,
                                               0 };
    static const char *const *const play_paper[] = { gj_help_play, 0 };
    static const char *const *const setup[] = { gj_help_setup,
                                                gj_help_rules, 0 };
    static const char *const *const rules[] = { gj_help_rules, 0 };
    static const char *const *const watch[] = { gj_help_watch,
                                                gj_help_rules, 0 };
    static const char *const *const intro[] = { gj_help_rules, gj_help_play,
                                                0 };
    switch (set) {
    case GJ_HELP_PLAY:
        return paper ? play_paper : play;
    case GJ_HELP_SETUP:
        return setup;
    case GJ_HELP_WATCH:
        return watch;
    case GJ_HELP_INTRO:
        return intro;
    default:
        return rules;
    }
}

/* ---- the rows ---------------------------------------------------------- */

typedef struct rows {
    char *buf;
    size_t size, used;
    int n;
} rows;

static void add_row(void *ctx, const char *line)
{
    rows *r = ctx;
    size_t len = strlen(line);
    if (r->used + len + 2 > r->size)
        return;                 /* cannot happen: the buffer fits them all */
    memcpy(r->buf + r->used, line, len);
    r->used += len;
    r->buf[r->used++] = '\n';
    r->buf[r->used] = 0;
    r->n++;
}

static void count_row(void *ctx, const char *line)
{
    (void)line;
    ++*(int *)ctx;
}

int gj_help_rows(char *buf, size_t size, int set, int paper, int width,
                 int page)
{
    rows r = { buf, size, 0, 0 };
    buf[0] = 0;
    const char *const *const *p = pages(set, paper);
    for (int k = 0; p[k]; k++) {
        for (int i = 0; p[k][i]; i++) {
            const char *text = p[k][i];
            int n = 0, room = page ? page - r.n % page : 0;
            if (!*text || (k && !i)) {
                /* A blank row between parts, but none to open a page. */
                if (!page || room < page)
                    add_row(&r, "");
                if (!*text)
                    continue;
                room = page ? page - r.n % page : 0;
            }
            wrap_lines(text, width, 0, 0, count_row, &n);
            /* A paragraph that fits on a page starts on a fresh one
             * rather than run over the foot of this one. */
            if (page && n > room && n <= page)
                while (r.n % page)
                    add_row(&r, "");
            wrap_lines(text, width, 0, 0, add_row, &r);
        }
    }
    return r.n;
}

const char *gj_help_row(const gj_term *t, int i, int *len)
{
    const char *p = t->help;
    for (int k = 0; k < i && *p; k++)
        p = strchr(p, '\n') + 1;
    *len = (int)strcspn(p, "\n");
    return p;
}

/* ---- shown ------------------------------------------------------------- */

/* How many rows a screenful of printed help takes: the terminal's height
 * but one, for the MORE line. */
static int screenful(const tty_caps *c)
{
    return c->height > 2 ? c->height - 1 : 23;
}

/* Print rows from..to-1 of t's help. */
static void print_rows(gj_term *t, int from, int to)
{
    for (int i = from; i < to && i < t->help_rows; i++) {
        int len;
        const char *row = gj_help_row(t, i, &len);
        tty_write(t->io, row, (size_t)len);
        tty_msg(t->io, "\n");
    }
}

/* The screen's message: which page, and what the keys do. */
static void page_note(gj_term *t)
{
    int pages_n = (t->help_rows + GJ_HELP_PAGE - 1) / GJ_HELP_PAGE;
    snprintf(t->msg, sizeof t->msg, "HELP, PAGE %d OF %d.",
             t->help_top / GJ_HELP_PAGE + 1, pages_n);
}

void gj_help_open(gj_term *t, int set)
{
    if (t->screen) {
        t->help_rows = gj_help_rows(t->help, sizeof t->help, set, 0,
                                    GJ_HELP_COLS, GJ_HELP_PAGE);
        t->help_top = 0;
        t->panel = GJ_P_HELP;
        page_note(t);
        return;
    }
    if (t->prompted)
        tty_msg(t->io, "\n");
    t->prompted = 0;
    int paper = t->caps->paper, page = screenful(t->caps);
    t->help_rows = gj_help_rows(t->help, sizeof t->help, set, paper,
                                wrap_width(t->caps), paper ? 0 : page);
    /* Paper keeps it all; a demo goes on moving under a MORE. */
    if (paper || t->state == GJ_T_WATCH || t->help_rows <= page) {
        print_rows(t, 0, t->help_rows);
        return;
    }
    print_rows(t, 0, page);
    t->help_top = page;
    t->help_back = t->state;
    t->state = GJ_T_MORE;
}

void gj_help_close(gj_term *t)
{
    if (t->state == GJ_T_MORE)
        t->state = t->help_back;
    if (t->panel == GJ_P_HELP)
        t->panel = t->state == GJ_T_TRAY ? GJ_P_TRAY : GJ_P_LOG;
    t->msg[0] = 0;
    t->prompted = 0;
}

int gj_help_key(gj_term *t, int key)
{
    int k = key >= 'a' && key <= 'z' ? key - 32 : key;
    int more = k == ' ' || k == TTY_KEY_RETURN || k == TTY_KEY_PGDN;
    if (!t->screen) {
        /* MORE: Return (or Space) for the next screenful, Q for enough. */
        if (t->state != GJ_T_MORE)
            return GJ_ACT_NONE;
        if (!more) {
            tty_msg(t->io, "\n");
            gj_help_close(t);
            t->help_return = 1;
            return GJ_ACT_NONE;
        }
        tty_msg(t->io, "\n");
        int page = screenful(t->caps);
        print_rows(t, t->help_top, t->help_top + page);
        t->help_top += page;
        if (t->help_top >= t->help_rows)
            gj_help_close(t);
        else
            t->prompted = 0;    /* MORE again */
        return GJ_ACT_NONE;
    }
    if (more || k == TTY_KEY_DOWN) {
        t->help_top += GJ_HELP_PAGE;
        if (t->help_top >= t->help_rows) {
            gj_help_close(t);   /* past the last page: the board again */
            return GJ_ACT_NONE;
        }
    } else if (k == 'B' || k == TTY_KEY_PGUP || k == TTY_KEY_UP) {
        if (t->help_top >= GJ_HELP_PAGE)
            t->help_top -= GJ_HELP_PAGE;
    } else {
        gj_help_close(t);       /* Escape, Q, H or any other key */
        return GJ_ACT_NONE;
    }
    page_note(t);
    return GJ_ACT_NONE;
}

void gj_help_paint(gj_term *t)
{
    for (int i = 0; i < GJ_HELP_PAGE; i++) {
        int len;
        if (t->help_top + i >= t->help_rows)
            break;
        const char *row = gj_help_row(t, t->help_top + i, &len);
        gj_scr_putn(&t->scr, GJ_HELP_TOP + i, 2, row, len, 0);
    }
}

/* ---- the instructions, before a game --------------------------------- */

int gj_help_print(tty_io *io, int set)
{
    const tty_caps *c = tty_get_caps(io);
    char *buf = malloc(GJ_HELP);
    if (!buf)
        return 0;
    int page = c->paper ? 0 : screenful(c);
    int n = gj_help_rows(buf, GJ_HELP, set, c->paper, wrap_width(c), page);
    if (!page)
        page = n + 1;
    const char *p = buf;
    for (int i = 0; i < n; i++) {
        if (i && i % page == 0) {
            tty_msg(io, "MORE (RETURN; Q: ENOUGH)? ");
            int key;
            while ((key = tty_inkey(io)) == TTY_KEY_RESIZE)
                ;   /* the pages already printed stay as they are */
            if (key != TTY_EOF)
                tty_msg(io, "\n");
            if (key != TTY_KEY_RETURN && key != ' ') {
                free(buf);
                return key == TTY_EOF ? TTY_EOF : 0;
            }
        }
        size_t len = strcspn(p, "\n");
        tty_write(io, p, len);
        tty_msg(io, "\n");
        p += len + 1;
    }
    free(buf);
    return 0;
}
