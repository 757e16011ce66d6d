/*
 * ck_notation.c - PDN FEN, square lists and move notation.
 *
 * FEN follows the Portable Draughts Notation (Millett's PDN as described
 * in the PDN 3.0 document): "[Turn]:[Colour][K][Square],...:[Colour]...",
 * the two colour sections in either order.  Readers are liberal, writers
 * canonical, as that document recommends.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ck_notation.h"

/* ---- Small readers -------------------------------------------------- */

static const char *ck_skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* A square number 1-32 at *s; returns it (0..31) or -1. */
static int ck_read_square(const char **s)
{
    const char *t = *s;
    int v = 0, digits = 0;
    while (isdigit((unsigned char)*t) && digits < 3) {
        v = v * 10 + (*t - '0');
        t++;
        digits++;
    }
    if (!digits || isdigit((unsigned char)*t) || v < 1 || v > 32)
        return -1;
    *s = t;
    return v - 1;
}

/*
 * One FEN or square-list section: items separated by ',' (or blanks when
 * allow_blank), each an optional 'K' and a square or a range a-b.
 * Stops at ':' or the end.  Men go to *men, kings to *kings.
 */
static int ck_read_list(const char **sp, uint32_t *men, uint32_t *kings,
                        int allow_king, int allow_blank)
{
    const char *s = ck_skip_blanks(*sp);
    while (*s && *s != ':') {
        int king = 0;
        if (allow_king && (*s == 'K' || *s == 'k')) {
            king = 1;
            s = ck_skip_blanks(s + 1);
        }
        int a = ck_read_square(&s), b;
        if (a < 0)
            return -1;
        b = a;
        s = ck_skip_blanks(s);
        if (*s == '-') {
            s = ck_skip_blanks(s + 1);
            if ((b = ck_read_square(&s)) < a)
                return -1;
            s = ck_skip_blanks(s);
        }
        for (int i = a; i <= b; i++) {
            uint32_t bit = 1u << i;
            if ((*men | *kings) & bit)
                return -1;  /* a square named twice */
            *(king ? kings : men) |= bit;
        }
        if (*s == ',')
            s = ck_skip_blanks(s + 1);
        else if (!allow_blank && *s && *s != ':')
            return -1;
    }
    *sp = s;
    return 0;
}

/* ---- FEN ------------------------------------------------------------ */

int ck_fen_parse(const char *text, ck_pos *p)
{
    char buf[512];
    size_t n = strlen(text);
    if (n >= sizeof buf)
        return -1;
    memcpy(buf, text, n + 1);
    char *s = buf, *e = buf + n;
    /* Peel off blanks, a [FEN "..."] wrapper, quotes and a final '.'. */
    for (;;) {
        while (isspace((unsigned char)*s))
            s++;
        while (e > s && isspace((unsigned char)e[-1]))
            e--;
        *e = 0;
        if (*s == '[' && e > s && e[-1] == ']') {
            s++;
            *--e = 0;
            if (strncasecmp(s, "FEN", 3) == 0 && isspace((unsigned char)s[3]))
                s += 3;
            continue;
        }
        if (*s == '"' && e > s + 1 && e[-1] == '"') {
            s++;
            *--e = 0;
            continue;
        }
        if (e > s && e[-1] == '.') {
            *--e = 0;
            continue;
        }
        break;
    }
    int turn;
    switch (toupper((unsigned char)*s)) {
    case 'B': turn = CK_BLACK; break;
    case 'W': turn = CK_WHITE; break;
    default: return -1;
    }
    s = (char *)ck_skip_blanks(s + 1);
    uint32_t men[2] = { 0, 0 }, kings[2] = { 0, 0 };
    int seen[2] = { 0, 0 };
    const char *r = s;
    if (!*r)
        return -1;      /* a side to move and no board */
    while (*r) {
        if (*r != ':')
            return -1;
        r = ck_skip_blanks(r + 1);
        int side;
        switch (toupper((unsigned char)*r)) {
        case 'B': side = CK_BLACK; break;
        case 'W': side = CK_WHITE; break;
        default: return -1;
        }
        if (seen[side]++)
            return -1;
        r++;
        if (ck_read_list(&r, &men[side], &kings[side], 1, 0) < 0)
            return -1;
    }
    return ck_pos_from_lists(p, turn, men[CK_BLACK], kings[CK_BLACK],
                             men[CK_WHITE], kings[CK_WHITE]);
}

static int ck_append_squares(char *out, int len, uint32_t side,
                             uint32_t kings)
{
    int first = 1;
    for (int i = 0; i < CK_NSQ; i++) {
        if (!(side >> i & 1))
            continue;
        len += sprintf(out + len, "%s%s%d", first ? "" : ",",
                       (kings >> i & 1) ? "K" : "", i + 1);
        first = 0;
    }
    return len;
}

int ck_fen_print(const ck_pos *p, char out[CK_FEN_SIZE])
{
    int len = sprintf(out, "%c:W", p->turn == CK_BLACK ? 'B' : 'W');
    len = ck_append_squares(out, len, p->wh, p->kings);
    len += sprintf(out + len, ":B");
    return ck_append_squares(out, len, p->bl, p->kings);
}

/* ---- Square lists --------------------------------------------------- */

int ck_squares_parse(const char *text, uint32_t *board)
{
    uint32_t men = 0, kings = 0;
    const char *s = text;
    if (ck_read_list(&s, &men, &kings, 0, 1) < 0 || *s)
        return -1;
    *board = men;
    return 0;
}

int ck_pos_from_lists(ck_pos *p, int turn, uint32_t black_men,
                      uint32_t black_kings, uint32_t white_men,
                      uint32_t white_kings)
{
    uint32_t all[4] = { black_men, black_kings, white_men, white_kings };
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            if (all[i] & all[j])
                return -1;
    ck_pos q;
    q.bl = black_men | black_kings;
    q.wh = white_men | white_kings;
    q.kings = black_kings | white_kings;
    q.turn = turn;
    if (!ck_pos_valid(&q))
        return -1;
    *p = q;
    return 0;
}

/* ---- Moves ---------------------------------------------------------- */

int ck_move_squares(const char *text, uint8_t sq[CK_MAX_PATH])
{
    const char *s = text;
    int n = 0;
    while (isspace((unsigned char)*s))
        s++;
    for (;;) {
        int v = ck_read_square(&s);
        if (v < 0 || n == CK_MAX_PATH)
            return CK_PARSE_SYNTAX;
        sq[n++] = (uint8_t)v;
        /* Blanks around one separator, or blanks alone. */
        const char *t = s;
        while (isspace((unsigned char)*t))
            t++;
        if (!*t)
            break;
        if (*t == '-' || *t == 'x' || *t == 'X' || *t == ':')
            t++;
        else if (t == s)
            return CK_PARSE_SYNTAX;
        while (isspace((unsigned char)*t))
            t++;
        s = t;
    }
    return n >= 2 ? n : CK_PARSE_SYNTAX;
}

/* Do the typed squares fit this route?  First and last must agree; those
 * between must be landing squares of the route, in order. */
static int ck_route_fits(const uint8_t *path, int plen, const uint8_t *sq,
                         int n)
{
    if (path[0] != sq[0] || path[plen - 1] != sq[n - 1])
        return 0;
    int j = 1;
    for (int i = 1; i < n - 1; i++) {
        while (j < plen - 1 && path[j] != sq[i])
            j++;
        if (j >= plen - 1)
            return 0;
        j++;
    }
    return 1;
}

/* The distinct moves among routes[] that the squares describe. */
static int ck_fitting(const ck_route *r, int nr, const uint8_t *sq, int n,
                      ck_move *out)
{
    int k = 0;
    if (n < 2)
        return 0;
    for (int i = 0; i < nr; i++) {
        if (!ck_route_fits(r[i].path, r[i].len, sq, n))
            continue;
        int dup = 0;
        for (int j = 0; j < k && !dup; j++)
            dup = ck_move_equal(out[j], r[i].m);
        if (!dup && k < CK_MAX_MOVES)
            out[k++] = r[i].m;
    }
    return k;
}

int ck_moves_matching(const ck_pos *p, const uint8_t *sq, int n,
                      ck_move *out)
{
    ck_route r[CK_MAX_ROUTES];
    int nr = ck_gen_routes(p, r, CK_MAX_ROUTES);
    return ck_fitting(r, nr, sq, n, out);
}

int ck_move_parse(const ck_pos *p, const char *text, ck_move *m)
{
    uint8_t sq[CK_MAX_PATH];
    ck_move fit[CK_MAX_MOVES];
    int n = ck_move_squares(text, sq);
    if (n < 0)
        return n;
    int k = ck_moves_matching(p, sq, n, fit);
    if (k == 0)
        return CK_PARSE_ILLEGAL;
    if (k > 1)
        return CK_PARSE_AMBIGUOUS;
    *m = fit[0];
    return CK_PARSE_OK;
}

static int ck_write_squares(const uint8_t *sq, int n, int jump,
                            char out[CK_MOVE_TEXT])
{
    int len = 0;
    for (int i = 0; i < n; i++)
        len += sprintf(out + len, "%s%d", i ? (jump ? "x" : "-") : "",
                       sq[i] + 1);
    return len;
}

int ck_move_text(const ck_pos *p, ck_move m, int style,
                 char out[CK_MOVE_TEXT])
{
    ck_route r[CK_MAX_ROUTES];
    int nr = ck_gen_routes(p, r, CK_MAX_ROUTES), i = 0;
    while (i < nr && !ck_move_equal(r[i].m, m))
        i++;
    if (i == nr)
        return -1;
    const uint8_t *path = r[i].path;
    int plen = r[i].len;
    if (style != CK_TEXT_SHORT || plen <= 2)
        return ck_write_squares(path, plen, m.cap != 0, out);
    /* Shortest form that names only this move: the two ends, then the
     * ends with one landing square between, then the whole route. */
    ck_move fit[CK_MAX_MOVES];
    uint8_t sq[3] = { path[0], path[plen - 1], 0 };
    if (ck_fitting(r, nr, sq, 2, fit) == 1)
        return ck_write_squares(sq, 2, 1, out);
    for (int k = 1; k < plen - 1; k++) {
        sq[1] = path[k];
        sq[2] = path[plen - 1];
        if (ck_fitting(r, nr, sq, 3, fit) == 1)
            return ck_write_squares(sq, 3, 1, out);
    }
    return ck_write_squares(path, plen, 1, out);
}

static int ck_route_cmp(const void *a, const void *b)
{
    const ck_route *x = a, *y = b;
    for (int i = 0; i < x->len && i < y->len; i++)
        if (x->path[i] != y->path[i])
            return x->path[i] - y->path[i];
    return x->len - y->len;
}

int ck_moves_text(const ck_pos *p, char *out, size_t size)
{
    ck_route r[CK_MAX_ROUTES];
    int nr = ck_gen_routes(p, r, CK_MAX_ROUTES), n = 0;
    /* One route per move: the first found. */
    for (int i = 0; i < nr; i++) {
        int dup = 0;
        for (int j = 0; j < n && !dup; j++)
            dup = ck_move_equal(r[j].m, r[i].m);
        if (!dup)
            r[n++] = r[i];
    }
    qsort(r, (size_t)n, sizeof r[0], ck_route_cmp);
    size_t len = 0;
    if (size)
        out[0] = 0;
    for (int i = 0; i < n; i++) {
        char t[CK_MOVE_TEXT];
        int tl = ck_write_squares(r[i].path, r[i].len, r[i].m.cap != 0, t);
        if (len + (size_t)tl + (i > 0) + 1 > size)
            break;
        len += (size_t)snprintf(out + len, size - len, "%s%s",
                                i ? " " : "", t);
    }
    return (int)len;
}
