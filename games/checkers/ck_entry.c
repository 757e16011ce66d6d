/*
 * ck_entry.c - the move prompt and its verification, as the S0 notes ask:
 * "When the player points to the piece he wants to move it will be then
 * possible to test at once as to whether this piece can in fact move. ...
 * The player will then move the pointer to the square to which he wishes
 * to move the piece and again the validity of this destination will be
 * checked.  Appropiate messages will advise the player of any incorrect
 * responses which he may make."
 *
 * The line being typed is the one record of what the player has named.
 * A move may be typed whole (11-15, 11x18x25, 11 15: checked on Return),
 * or a square at a time; the piece is checked the moment its number is
 * followed by a separator (or by Return, which then waits for the
 * destination on the same line), each further square the moment it is
 * followed by one.  On an ANSI board the cursor (the cartridge's
 * joystick) is moved with the arrow keys and Return or space picks the
 * square under it, which types its number into the line and is checked
 * at once; a jump that must go on then waits for its next square.
 * A refusal says why, keeps what was right (the piece stays picked after
 * a wrong destination) and asks again; Helpful Robot Tom also lists the
 * moves that were possible.  Escape, or picking the piece again, drops
 * the pick; ^U takes the line back as every line editor in the arcade
 * does (tty.h) and drops the picks with it.  A line that starts with a
 * letter is a command.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "ck_dialog.h"

/* The line being edited, by the contract's editor: letters are kept in
 * upper case as the dialogue speaks (echoed as typed). */
typedef struct ck_edit {
    char buf[CK_LINE_SIZE];
    tty_edit ed;
} ck_edit;

/* The squares a move line names. */
typedef struct ck_named {
    int n;                  /* squares, 0..31 */
    int sq[CK_MAX_PATH];
    int bad;                /* a number that is not a square 1-32 */
    int syntax;             /* a character that has no place in a move */
    int open;               /* the line ends with a separator */
} ck_named;

static int ck_is_sep(int c)
{
    return c == '-' || c == 'X' || c == 'x' || c == ' ' || c == ':';
}

static int ck_is_move_line(const char *t)
{
    while (*t == ' ')
        t++;
    return isdigit((unsigned char)*t);
}

static void ck_named_parse(const char *t, ck_named *nm)
{
    memset(nm, 0, sizeof *nm);
    while (*t == ' ')
        t++;
    while (*t) {
        if (isdigit((unsigned char)*t)) {
            int v = 0, digits = 0;
            while (isdigit((unsigned char)*t)) {
                v = v * 10 + (*t++ - '0');
                digits++;
            }
            if (digits > 2 || v < 1 || v > CK_NSQ) {
                nm->bad = 1;
                return;
            }
            if (nm->n == CK_MAX_PATH) {
                nm->syntax = 1;
                return;
            }
            nm->sq[nm->n++] = v - 1;
            nm->open = 0;
        } else if (ck_is_sep(*t)) {
            t++;
            nm->open = 1;
        } else {
            nm->syntax = 1;
            return;
        }
    }
    /* The piece named again after a refusal kept it (the player typed
     * the whole move anew): "10X10X17" is 10X17.  "10X10" at its end is
     * a king's circuit named by its ends. */
    if ((nm->n >= 3 || (nm->n == 2 && nm->open)) && nm->sq[1] == nm->sq[0]) {
        memmove(nm->sq + 1, nm->sq + 2, sizeof nm->sq[0] * (size_t)(nm->n - 2));
        nm->n--;
    }
}

/* ---- Editing -------------------------------------------------------- */

static void ck_edit_begin(ck_session *s, ck_edit *e, size_t size)
{
    if (size > sizeof e->buf)
        size = sizeof e->buf;
    tty_edit_begin(&e->ed, s->io, e->buf, size, TTY_EDIT_UPPER);
}

static int ck_edit_len(const ck_edit *e)
{
    return tty_edit_length(&e->ed);
}

static void ck_edit_set(ck_edit *e, const char *text)
{
    tty_edit_set(&e->ed, text);
}

/* The line written back from squares: "11-", "11X18X". */
static void ck_edit_from_squares(const ck_session *s, ck_edit *e,
                                 const int *sq, int n)
{
    char t[CK_LINE_SIZE];
    int k = 0;
    t[0] = 0;
    for (int i = 0; i < n; i++) {
        int sep = n > 1 || ck_must_capture(&s->g->pos) ? 'X' : '-';
        k += snprintf(t + k, sizeof t - (size_t)k, "%d%c", sq[i] + 1, sep);
    }
    ck_edit_set(e, t);
}

/* ---- Verification --------------------------------------------------- */

void ck_entry_moves(const ck_session *s, int sq, char *out, size_t size)
{
    char all[2048], num[16];
    ck_moves_text(&s->g->pos, all, sizeof all);
    snprintf(num, sizeof num, "%d", sq + 1);
    size_t k = 0, nl = strlen(num);
    out[0] = 0;
    char *save = NULL;
    for (char *w = strtok_r(all, " ", &save); w;
         w = strtok_r(NULL, " ", &save)) {
        if (sq >= 0 &&
            (strncmp(w, num, nl) != 0 || isdigit((unsigned char)w[nl])))
            continue;
        int n = snprintf(out + k, size - k, "%s%s", k ? " " : "", w);
        if (n < 0 || (size_t)n >= size - k)
            break;
        k += (size_t)n;
    }
    for (char *t = out; *t; t++)
        *t = (char)toupper((unsigned char)*t);
}

static const char ck_prompt[] = "YOUR MOVE? ";

/* Ask again: the prompt, then what is kept of the line. */
static void ck_reprompt(ck_session *s, ck_edit *e)
{
    ck_say(s, ck_prompt);
    tty_edit_redraw(&e->ed);
}

/* How many of the first 'upto' squares are still right: a piece that
 * can move, then landing squares of a jump that goes on. */
static int ck_good_prefix(const ck_session *s, const ck_named *nm, int upto)
{
    const ck_pos *p = &s->g->pos;
    ck_move m;
    for (int k = upto; k >= 2; k--)
        if (ck_verify_path(p, nm->sq, k, &m) == CK_WHY_MUST_CONTINUE)
            return k;
    return upto >= 1 && ck_verify_from(p, nm->sq[0]) == CK_OK ? 1 : 0;
}

/* Refuse: why, Tom's list of what was possible, and the prompt again
 * with the first 'keep' squares. */
static void ck_refuse(ck_session *s, ck_edit *e, const char *why,
                      const int *sq, int keep)
{
    /* The notes: "some sort of signal will be given, perhaps a buzz". */
    tty_print(s->io, '\a');
    ck_say(s, "\n");
    ck_say(s, why);
    ck_say(s, "\n");
    if (s->g->level == CK_TOM) {
        char list[1024];
        int piece = keep > 0 ? sq[0] : -1;
        ck_entry_moves(s, piece, list, sizeof list);
        if (!list[0]) {
            piece = -1;
            ck_entry_moves(s, -1, list, sizeof list);
        }
        char text[1100];
        snprintf(text, sizeof text, "%s%s",
                 piece >= 0 ? "THAT PIECE CAN PLAY: " : "YOU CAN PLAY: ", list);
        ck_print_wrapped(s, text, 1);
        ck_say(s, "\n");
    }
    /* The rest of a line typed ahead was meant for a line that is gone. */
    ck_drop_line(s);
    ck_edit_from_squares(s, e, sq, keep);
    ck_view_picks(s, sq, keep);
    ck_reprompt(s, e);
}

static void ck_refuse_why(ck_session *s, ck_edit *e, ck_why why,
                          const int *sq, int keep)
{
    char text[96];
    snprintf(text, sizeof text, "%s", ck_why_text(why));
    ck_refuse(s, e, text, sq, keep);
}

enum { CK_BY_SEP, CK_BY_RETURN, CK_BY_PICK };
enum { CK_GO_ON, CK_DONE };

/*
 * Check the line at a separator, a Return or a pick (see the top of the
 * file).  CK_DONE with *m when it names a whole legal move and the
 * player is done with it.
 */
static int ck_check(ck_session *s, ck_edit *e, int by, ck_move *m)
{
    const ck_pos *p = &s->g->pos;
    ck_named nm;
    ck_named_parse(e->buf, &nm);
    if (nm.syntax || nm.bad) {
        if (by == CK_BY_SEP && nm.syntax)
            return CK_GO_ON;
        ck_refuse(s, e, nm.bad ? "SQUARES ARE NUMBERED 1 TO 32."
                               : "TYPE A MOVE SUCH AS 11-15, OR HELP.",
                  nm.sq, nm.bad ? ck_good_prefix(s, &nm, nm.n) : 0);
        return CK_GO_ON;
    }
    if (nm.n == 0)
        return CK_GO_ON;
    if (nm.n == 1) {
        ck_why why = ck_verify_from(p, nm.sq[0]);
        if (why != CK_OK) {
            ck_refuse_why(s, e, why, nm.sq, 0);
            return CK_GO_ON;
        }
        if (by != CK_BY_SEP && !nm.open) /* the piece alone: its square */
            tty_edit_type(&e->ed, ck_must_capture(p) ? "X" : "-");
        ck_view_picks(s, nm.sq, 1);
        return CK_GO_ON;
    }
    ck_why why = ck_verify_path(p, nm.sq, nm.n, m);
    if (by == CK_BY_SEP && (why == CK_OK || why == CK_WHY_MUST_CONTINUE ||
                            why == CK_WHY_AMBIGUOUS)) {
        /* Typed on: wait for the rest, or for Return. */
        ck_view_picks(s, nm.sq, why == CK_WHY_MUST_CONTINUE ? nm.n : 1);
        return CK_GO_ON;
    }
    switch (why) {
    case CK_OK:
        return CK_DONE;
    case CK_WHY_MUST_CONTINUE:
        if (by == CK_BY_PICK) {
            /* With the cursor, the jump goes on from the square picked. */
            tty_edit_type(&e->ed, "X");
            ck_view_picks(s, nm.sq, nm.n);
            return CK_GO_ON;
        }
        ck_refuse_why(s, e, why, nm.sq, nm.n);
        return CK_GO_ON;
    case CK_WHY_AMBIGUOUS:
        ck_refuse_why(s, e, why, nm.sq, nm.n - 1);
        return CK_GO_ON;
    default:
        ck_refuse_why(s, e, why, nm.sq, ck_good_prefix(s, &nm, nm.n - 1));
        return CK_GO_ON;
    }
}

/* Return or space on an empty line, or any pick: the square under the
 * cursor goes into the line. */
static int ck_pick(ck_session *s, ck_edit *e, ck_move *m)
{
    int sq = ck_view_cursor_square(s);
    ck_named nm;
    ck_named_parse(e->buf, &nm);
    if (nm.syntax || nm.bad || !ck_is_move_line(e->buf)) {
        /* A command half typed: the pick starts afresh. */
        while (ck_edit_len(e))
            tty_edit_feed(&e->ed, TTY_KEY_ERASE);
        nm.n = 0;
    }
    if (sq < 0) {
        ck_refuse_why(s, e, CK_WHY_OFF_BOARD, nm.sq, nm.n);
        return CK_GO_ON;
    }
    if (nm.n == 1 && sq == nm.sq[0]) {
        /* The piece picked again: put it back. */
        ck_say(s, "\n");
        ck_edit_set(e, "");
        ck_view_picks(s, NULL, 0);
        ck_reprompt(s, e);
        return CK_GO_ON;
    }
    char t[16];
    int sep = nm.n > 1 || ck_must_capture(&s->g->pos) ? 'X' : '-';
    if (nm.n > 0 && !nm.open)
        snprintf(t, sizeof t, "%c%d", sep, sq + 1);
    else
        snprintf(t, sizeof t, "%d", sq + 1);
    tty_edit_type(&e->ed, t);
    return ck_check(s, e, CK_BY_PICK, m);
}

/* After a key the editor took: a separator that follows a number checks
 * what the line names so far. */
static int ck_typed(ck_session *s, ck_edit *e, int before, ck_move *m)
{
    int len = ck_edit_len(e);
    if (len <= before || len < 2)
        return CK_GO_ON;
    if (ck_is_move_line(e->buf) && ck_is_sep(e->buf[len - 1]) &&
        isdigit((unsigned char)e->buf[len - 2]))
        return ck_check(s, e, CK_BY_SEP, m);
    return CK_GO_ON;
}

int ck_entry(ck_session *s, ck_move *m, char *cmd, size_t size)
{
    ck_edit e;
    ck_edit_begin(s, &e, sizeof e.buf);
    ck_view_picks(s, NULL, 0);
    ck_view_cursor_home(s);
    ck_view_board(s, 0);
    if (s->g->level == CK_TOM && ck_must_capture(&s->g->pos))
        ck_say(s, "YOU MUST JUMP.\n");
    ck_reprompt(s, &e);
    for (;;) {
        int key = ck_key(s);
        int done = CK_GO_ON;
        int len = ck_edit_len(&e);
        switch (key) {
        case TTY_EOF:
            return CK_ASK_EOF;
        case TTY_KEY_RESIZE:
            ck_view_resize(s);
            ck_reprompt(s, &e);
            continue;
        case TTY_KEY_UP:
        case TTY_KEY_DOWN:
        case TTY_KEY_LEFT:
        case TTY_KEY_RIGHT:
            ck_view_cursor_move(s, key);
            continue;
        case TTY_KEY_ESC:       /* drop the pick: the line again */
            if (len) {
                ck_say(s, "\n");
                ck_edit_set(&e, "");
                ck_view_picks(s, NULL, 0);
                ck_reprompt(s, &e);
            }
            continue;
        case 21:                /* ^U: the line taken back, and the picks */
            if (tty_edit_feed(&e.ed, key) == TTY_EDIT_FRESH)
                ck_reprompt(s, &e);
            if (len)
                ck_view_picks(s, NULL, 0);
            continue;
        case ' ':
        case TTY_KEY_RETURN:
            /* The joystick's button: on the board, an empty line or one
             * that waits for a square takes the square under the
             * cursor. */
            if (ck_view_inplace(s) &&
                (len == 0 || (ck_is_move_line(e.buf) &&
                              ck_is_sep(e.buf[len - 1])))) {
                done = ck_pick(s, &e, m);
                break;
            }
            if (key == ' ') {
                /* A blank separates squares; leading blanks and blanks
                 * past the end of the line are dropped unheard. */
                if (len && len < CK_LINE_SIZE - 1) {
                    tty_edit_feed(&e.ed, ' ');
                    done = ck_typed(s, &e, len, m);
                }
                break;
            }
            if (len == 0) {
                tty_edit_done(&e.ed);
                if (s->g->level == CK_TOM)
                    ck_say(s, "TYPE A MOVE SUCH AS 11-15, OR HELP.\n");
                ck_reprompt(s, &e);
                continue;
            }
            if (!ck_is_move_line(e.buf)) {
                tty_edit_done(&e.ed);
                snprintf(cmd, size, "%s", e.buf);
                return CK_ASK_COMMAND;
            }
            done = ck_check(s, &e, CK_BY_RETURN, m);
            break;
        default:
            if (tty_edit_feed(&e.ed, key) == TTY_EDIT_OTHER)
                continue;
            done = ck_typed(s, &e, len, m);
            break;
        }
        if (done == CK_DONE) {
            tty_edit_done(&e.ed);
            /* The picks go with the move: the board is drawn once, after
             * it. */
            s->v.nsel = 0;
            s->v.marks = 0;
            return CK_ASK_MOVE;
        }
    }
}

int ck_ask_line(ck_session *s, const char *question, char *buf, size_t size)
{
    ck_edit e;
    ck_edit_begin(s, &e, size);
    ck_say(s, question);
    for (;;) {
        int key = ck_key(s);
        if (key == TTY_EOF)
            return TTY_EOF;
        if (key == TTY_KEY_RESIZE) {
            ck_view_resize(s);
            ck_say(s, question);
            tty_edit_redraw(&e.ed);
            continue;
        }
        switch (tty_edit_feed(&e.ed, key)) {
        case TTY_EDIT_DONE:
            snprintf(buf, size, "%s", e.buf);
            return (int)strlen(e.buf);
        case TTY_EDIT_FRESH:            /* ^U on paper: ask again */
            ck_say(s, question);
            break;
        default:
            break;
        }
    }
}
