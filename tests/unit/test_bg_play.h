/*
 * test_bg_play.h - what the backgammon dialogue suites (test_bg_play*.c)
 * share: a scripted player, the board a transcript prints, resume codes.
 *
 * The in-memory line types a script fixed in advance, so a player who
 * must answer dice it cannot know plays by replay: run the session with
 * the script so far, which ends with ID at the player's prompt; read the
 * position ID and the dice the game printed; choose a move with the
 * engine; add it and ID again, and run the whole session once more.
 * Under a seed every run repeats the one before it byte for byte, and
 * goes one turn further.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef TEST_BG_PLAY_H
#define TEST_BG_PLAY_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "backgammon/bg.h"

enum { TBP_FIRST, TBP_NET };    /* how the scripted player chooses */

/* The last occurrence of needle in hay. */
static inline const char *tbp_last(const char *hay, const char *needle)
{
    const char *last = NULL;
    for (const char *p = hay; (p = strstr(p, needle)); p++)
        last = p;
    return last;
}

/* The resume code after marker in a transcript, into code[7]. */
static inline int tbp_code(const char *out, const char *marker, char *code)
{
    const char *p = strstr(out, marker);
    if (!p)
        return -1;
    memcpy(code, p + strlen(marker), TTY_CODE_LEN);
    code[TTY_CODE_LEN] = 0;
    return 0;
}

/* A play typed one step at a time in the article's pegs: "1/5 12/14". */
static inline void tbp_steps(const bg_move *m, int colour, char *buf,
                             size_t n)
{
    size_t k = 0;
    buf[0] = 0;
    for (int s = 0; s < m->n; s++) {
        char a[8], b[8];
        int from = m->st[s].from, to = m->st[s].to;
        if (from == 25)
            snprintf(a, sizeof a, "BAR");
        else
            snprintf(a, sizeof a, "%d", bg_peg(colour, from));
        if (to == 0)
            snprintf(b, sizeof b, "OFF");
        else
            snprintf(b, sizeof b, "%d", bg_peg(colour, to));
        k += (size_t)snprintf(buf + k, n - k, "%s%s/%s", s ? " " : "", a, b);
    }
}

/* Does the play go through the dialogue's own checks step by step? */
static inline int tbp_playable(const bg_pos *p, int d1, int d2, int rules,
                               const bg_move *m)
{
    bg_turn t;
    bg_turn_begin(&t, p, d1, d2, rules);
    for (int s = 0; s < m->n; s++)
        if (bg_turn_play(&t, m->st[s].from, m->st[s].to) != BG_OK)
            return 0;
    return bg_turn_complete(&t);
}

/* The position and dice of the last "POSITION ID" line; the colour on
 * roll, or -1 if there is none. */
static inline int tbp_read_id(const char *out, bg_pos *p, int *d1, int *d2)
{
    const char *at = tbp_last(out, "POSITION ID ");
    char shown[32], id[BG_POSID_LEN + 1], colour[8];
    if (!at || sscanf(at, "POSITION ID %31[^:]: %7s ON ROLL WITH %d-%d",
                      shown, colour, d1, d2) != 4)
        return -1;
    /* a teletype's form: 'X is a lower-case x */
    size_t k = 0;
    for (const char *c = shown; *c && k < BG_POSID_LEN; c++)
        id[k++] = *c == '\'' && c[1] ? (char)(*++c - 'A' + 'a') : *c;
    id[k] = 0;
    if (bg_posid_decode(id, p) != 0)
        return -1;
    return !strcmp(colour, "BLUE") ? BG_BLUE : BG_GREEN;
}

/* The move for the position the transcript ends at, as typed steps. */
static inline int tbp_choose(const char *out, int rules, int how,
                             bg_movelist *ml, bg_ai *ai, char *buf, size_t n)
{
    bg_pos p;
    int d1, d2, colour = tbp_read_id(out, &p, &d1, &d2);
    if (colour < 0)
        return -1;
    bg_moves(&p, d1, d2, rules, ml);
    if (how == TBP_NET && ai) {
        bg_move m;
        bg_ai_choose(ai, &p, d1, d2, rules, BG_LEVEL_NET, NULL, NULL, &m);
        if (tbp_playable(&p, d1, d2, rules, &m)) {
            tbp_steps(&m, colour, buf, n);
            return colour;
        }
    }
    for (int k = 0; k < ml->n; k++)
        if (tbp_playable(&p, d1, d2, rules, &ml->m[k])) {
            tbp_steps(&ml->m[k], colour, buf, n);
            return colour;
        }
    return -1;
}

/*
 * Play through: prefix answers the questions, then every person's turn
 * is "ID" and the chosen move, up to max turns or the end of the game.
 * The last transcript is returned; *script (if not NULL) gets the script
 * that made it.  Every move chosen must have been played as typed.  The
 * replays keep nothing (each would save its game under the seed's same
 * codes); with o->data the whole script is played once more on it.
 */
static inline char *tbp_play(const memline_opts *o0, const char *prefix,
                             int rules, int how, int max, char **script)
{
    memline_opts replay = *o0, *o = &replay;
    replay.data = NULL;
    size_t cap = strlen(prefix) + 8 + (size_t)max * 48;
    char *s = malloc(cap);
    snprintf(s, cap, "%sID\r", prefix);
    bg_movelist *ml = malloc(sizeof *ml);
    bg_ai *ai = how == TBP_NET ? bg_ai_new() : NULL;
    char *out = NULL, last[48] = "";
    for (int turn = 0; turn <= max; turn++) {
        free(out);
        out = tu_run(o, s);
        ck_assert_ptr_nonnull(out);
        if (last[0]) {
            /* The move before went through: the turn ended with it. */
            char echo[64];
            snprintf(echo, sizeof echo, "? %s\r\n", last);
            const char *at = tbp_last(out, echo);
            ck_assert_msg(at && strstr(at, " PLAYS "), "%s was not played:"
                          "\n%s", last, out + strlen(out) - 300);
            ck_assert_ptr_nonnull(strstr(at + strlen(echo), " PLAYS "));
        }
        if (strstr(out, " WINS.\r\n") || turn == max)
            break;
        ck_assert_int_ge(tbp_choose(out, rules, how, ml, ai, last,
                                    sizeof last), 0);
        size_t len = strlen(s);
        snprintf(s + len, cap - len, "%s\rID\r", last);
    }
    free(ml);
    bg_ai_free(ai);
    if (o0->data) {
        free(out);
        out = tu_run(o0, s);
    }
    if (script)
        *script = s;
    else
        free(s);
    return out;
}

/* ---- the board a transcript prints ---------------------------------- */

static inline int tbp_cell_col(int i)
{
    return 3 + 3 * i + (i >= 6 ? 5 : 0);
}

/* One cell of a board row: the colour and 1 for a tile, or the count a
 * tall stack shows; 0 when empty. */
static inline int tbp_cell(const char *row, size_t len, int col, int *colour)
{
    char a = (size_t)col < len ? row[col] : ' ';
    char b = (size_t)col + 1 < len ? row[col + 1] : ' ';
    if (b == 'B' || b == 'G') {
        *colour = b == 'B' ? BG_BLUE : BG_GREEN;
        return 1;
    }
    if (b >= '0' && b <= '9')
        return (a >= '0' && a <= '9' ? (a - '0') * 10 : 0) + b - '0';
    return 0;
}

/* The line of text that starts at p, without its CR LF, into buf. */
static inline const char *tbp_line(const char *p, char *buf, size_t n)
{
    size_t len = strcspn(p, "\r\n");
    snprintf(buf, n, "%.*s", (int)len, p);
    p += len;
    if (*p == '\r')
        p++;
    return *p == '\n' ? p + 1 : p;
}

/*
 * The tiles on the last board printed before upto (NULL: the end), by
 * colour and own point (1..24, 25 the bar): 0, or -1 if there is none.
 */
static inline int tbp_board(const char *out, const char *upto,
                            int tiles[2][26])
{
    static const char frame[] = "  +------------------+---+-----";
    size_t lim = upto ? (size_t)(upto - out) : strlen(out);
    char *text = strndup(out, lim);
    memset(tiles, 0, sizeof(int) * 2 * 26);
    /* The last board: its label row comes just before its top frame, and
     * a board has two frames. */
    const char *top = NULL, *prev = NULL;
    for (const char *p = text; (p = strstr(p, frame)); p++) {
        if (p == text || p[-1] != '\n')
            continue;
        if (prev && strstr(prev, "|BAR|") && strstr(prev, "|BAR|") < p)
            top = prev;
        prev = p;
    }
    if (!top) {
        free(text);
        return -1;
    }
    char lines[16][128];
    const char *lab = top - 2;
    while (lab > text && lab[-1] != '\n')
        lab--;
    int n = 0;
    const char *p = lab;
    while (*p && n < 15) {
        p = tbp_line(p, lines[n], sizeof lines[n]);
        if (n++ > 1 && !strncmp(lines[n - 1], frame, strlen(frame)))
            break;
    }
    tbp_line(p, lines[n], sizeof lines[n]);     /* the bottom labels */
    int view = strstr(lines[n], "BLUE ") ? BG_BLUE : BG_GREEN;
    int pegs[2][12], half = 0, seen[13];
    for (int i = 0; i < 12; i++) {
        pegs[0][i] = atoi(lines[0] + tbp_cell_col(i));
        pegs[1][i] = atoi(lines[n] + tbp_cell_col(i));
    }
    for (int k = 0; k < 13; k++)
        seen[k] = -1;
    for (int r = 2; r < n - 1; r++) {
        const char *row = lines[r];
        size_t len = strlen(row);
        if (strstr(row, "|BAR|")) {
            half = 1;
            for (int k = 0; k < 13; k++)
                seen[k] = -1;
            continue;
        }
        for (int i = 0; i <= 12; i++) {
            int c = -1, col = i < 12 ? tbp_cell_col(i) : 22;
            int v = tbp_cell(row, len, col, &c);
            if (!v)
                continue;
            if (c < 0)
                c = seen[i];            /* a count below its letters */
            if (i == 12)
                c = half ? !view : view;
            seen[i] = c;
            int own = 25;
            if (i < 12)
                own = c == BG_BLUE ? 25 - pegs[half][i] : pegs[half][i];
            if (v > 1)
                tiles[c][own] = v;      /* the count of a tall stack */
            else
                tiles[c][own]++;
        }
    }
    free(text);
    return 0;
}

/*
 * A position ID for a board written as the article's pegs, blue on roll:
 * "B12x3 B17 G13x2 BBARx1" (colour, peg or BAR, x count; 1 if none).
 */
static inline void tbp_posid(const char *board, char id[BG_POSID_LEN + 1])
{
    bg_pos p;
    memset(&p, 0, sizeof p);
    for (const char *q = board; *q;) {
        while (*q == ' ')
            q++;
        if (!*q)
            break;
        int colour = *q++ == 'B' ? BG_BLUE : BG_GREEN, peg = 25, n = 1;
        if (!strncmp(q, "BAR", 3))
            q += 3;
        else
            peg = (int)strtol(q, (char **)&q, 10);
        if (*q == 'x')
            n = (int)strtol(q + 1, (char **)&q, 10);
        /* blue's own point of peg a is 25 - a, green's is a */
        int own = peg == 25 ? 25 : colour == BG_BLUE ? 25 - peg : peg;
        p.s[colour == BG_BLUE ? 0 : 1][own - 1] = (uint8_t)n;
    }
    bg_posid_encode(&p, id);
}

#endif
