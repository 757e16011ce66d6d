/*
 * hp_engine.c - Hexpawn's game, routine by routine as the 8008 listing of
 * 1976 runs it: AGAIN and PBD (the board), the FM and TO checks (FNUM,
 * RTAL, BLK, CKCAP), HMV (the player's move, HWIN), NOCP/SMDL/OHLF (the
 * model search), MFD1 and MOVE (the machine's move, ONO, WIN, DRAW and the
 * NO PAWNS rule).
 *
 * The arithmetic is the 8008's, with its rotates and sign tests, so that
 * moves the listing lets slip through (a forward move onto one's own pawn,
 * a "diagonal" from 6 to 4) do what they did in 1976: they reach the model
 * search, which answers NO GOOD! MUST START AGAIN unless the odd board
 * happens to be a model.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "hp.h"

void hp_again(hp_state *st)
{
    st->x = 0340;   /* AGAIN: LMI 340, the X pawns on 1, 2, 3 */
    st->o = 0007;   /* LMI 007, the O pawns on 7, 8, 9 */
}

void hp_init(hp_state *st)
{
    memset(st, 0, sizeof *st);  /* TEMPORARY DATA: 003 000..004 = 000 */
    hp_again(st);
}

/* RLC: rotate left, bit 7 into the carry and bit 0. */
static uint8_t hp_rlc(uint8_t a, int *carry)
{
    *carry = a >> 7;
    return (uint8_t)((a << 1) | *carry);
}

/* RTAL: DCB, RTZ, RLC, JMP RTAL: rotate left B - 1 times; the carry left
 * behind tells the bit that passed bit 7 last.  (B = 0 wraps to 255
 * rotations, as DCB would.) */
static uint8_t hp_rtal(uint8_t a, uint8_t b, int *carry)
{
    for (;;) {
        b--;
        if (b == 0)
            return a;
        a = hp_rlc(a, carry);
    }
}

/* RTLP: DCB, RTZ, RRC, JMP RTLP: rotate right B - 1 times.  RTAR enters
 * it with A = 001 to make the O board bit of square B (9 is bit 0). */
static uint8_t hp_rtlp(uint8_t a, uint8_t b)
{
    for (;;) {
        b--;
        if (b == 0)
            return a;
        a = (uint8_t)((a >> 1) | (a << 7));
    }
}

/* FNUM: CPI 261, RTS; SUI 272, ADI 200, RET: the sign is clear only for
 * the codes of 1..9.  The keys come with the parity bit set, as the book's
 * INPUT delivers them.  (The 8080 listing compares with 260, letting 0
 * through; the 8008 listing is followed here.) */
static int hp_fnum(uint8_t a)
{
    if ((uint8_t)(a - 0261) & 0200)
        return 0;
    return !((uint8_t)(a - 0272 + 0200) & 0200);
}

/* The key sequence FM and TO share: CAL INPUT, LMA (the key saved),
 * CAL FNUM, JTS ERROR, LAM, NDI 017, LMA (the square saved).  Returns the
 * square, or HP_NO. */
static int hp_input(int ch, uint8_t *slot)
{
    if (ch < 0 || ch > 0xff)
        return HP_NO;
    *slot = (uint8_t)(ch | 0200);
    if (!hp_fnum(*slot))
        return HP_NO;
    *slot &= 017;
    return *slot;
}

int hp_fm(hp_state *st, int ch)
{
    int sq = hp_input(ch, &st->fm);     /* LLI 002 */
    if (sq < 0)
        return HP_NO;
    int carry = 0;              /* NDI 017 cleared the carry */
    hp_rtal(st->o, (uint8_t)sq, &carry);    /* is an O pawn on FM? */
    return carry ? 0 : HP_NO;   /* JFC ERROR */
}

int hp_to(hp_state *st, int ch)
{
    if (hp_input(ch, &st->to) < 0)     /* LLI 003 */
        return HP_NO;
    uint8_t a = (uint8_t)(st->fm - 3);  /* SUI 003: is the move forward? */
    if (a == st->to) {
        /* BLK: rotate the X board until TO's bit is in the sign. */
        int carry = 0;
        if (hp_rtal(st->x, st->to, &carry) & 0200)
            return HP_NO;       /* SET: blocked by an X pawn */
        st->cap = 0;            /* LEI 000: no capture */
        return 0;
    }
    a = (uint8_t)(a + 1);       /* ADI 001: one square to the right */
    if (a != st->to) {
        a = (uint8_t)(a - 2);   /* SUI 002: one to the left */
        if (a == 3)             /* CPI 003: 7 to 3 would wrap round */
            return HP_NO;
        if (a != st->to)
            return HP_NO;
    }
    /* CKCAP.  Only 9 to 7 is refused as a wrap; 6 to 4 gets through. */
    if (a == 7)
        return HP_NO;
    st->cap = hp_rtlp(0200, st->to);    /* the X board bit of TO */
    if (!(st->cap & st->x))
        return HP_NO;           /* a diagonal must capture */
    return 0;
}

int hp_model_find(uint8_t x, uint8_t o)
{
    /* SMDL compares the X byte, OHLF the O byte, in table order. */
    for (int k = 0; k < HP_MODELS; k++)
        if (hp_model[k][0] == x && hp_model[k][1] == o)
            return k + 1;
    return 0;
}

/* HWIN: zero the machine's last move (the address in 003 004). */
static int hp_hwin(const hp_state *st, hp_memory *mem, hp_reply *r)
{
    if (st->last < HP_MEMORY_SIZE) {
        mem->list[st->last] = 0;        /* LMI 000 */
        r->struck = st->last;
    }
    return HP_YOU_WIN;
}

static int hp_reply_end(hp_reply *r, int outcome)
{
    r->outcome = outcome;
    return outcome;
}

int hp_play(hp_state *st, hp_memory *mem, hp_reply *reply)
{
    hp_reply tmp;
    hp_reply *r = reply ? reply : &tmp;
    memset(r, 0, sizeof *r);
    r->struck = -1;

    /* HMV */
    uint8_t d = hp_rtlp(001, st->fm);   /* CAL RTAR: the FM bit */
    if (st->to < 4)                     /* CPI 004, JTC HWIN */
        return hp_reply_end(r, hp_hwin(st, mem, r));
    uint8_t c = hp_rtlp(001, st->to);   /* the TO bit */
    st->o = (uint8_t)((st->o ^ d) | c); /* XRD, ORC */
    if (st->cap)
        st->x ^= st->cap;               /* XRM: the X pawn is taken */

    /* NOCP: search the model table for the board. */
    int k = hp_model_find(st->x, st->o);
    if (!k)
        return hp_reply_end(r, HP_NO_GOOD);
    r->model = k;

    /* MFD1: the first non-zero entry of the model's list. */
    unsigned p = hp_model_index[k - 1];
    uint8_t v;
    for (;;) {
        v = p < HP_MEMORY_SIZE ? mem->list[p] : HP_END;
        if ((v & 0200) || v > HP_MOVES) {   /* (guard: a bad memory ends
                                             * the list) */
            hp_hwin(st, mem, r);            /* ONO, then HWIN */
            return hp_reply_end(r, HP_CONCEDE);
        }
        if (v)
            break;
        p++;                                /* struck: try the next */
    }

    /* MOVE */
    st->last = (uint8_t)p;                  /* LME: the last move */
    const uint8_t *m = hp_move[v - 1];
    r->move = v;
    r->from = hp_move_squares[v - 1][0];
    r->to = hp_move_squares[v - 1][1];
    if (m[3] & 0200) {                      /* JTS WIN */
        r->win_char = m[3] & 0177;
        return hp_reply_end(r, HP_I_WIN);
    }
    if (m[3])                               /* JFZ DRAW */
        return hp_reply_end(r, HP_DRAW);
    st->x = (uint8_t)((st->x ^ m[0]) | m[1]);   /* XRD, ORC */
    if (m[2]) {
        st->o ^= m[2];                      /* XRM: capture */
        if (!st->o) {
            /* The last pawn taken: strike this move, since a move to
             * the last row would have won as well (the book's reason). */
            mem->list[st->last] = 0;
            r->struck = st->last;
            return hp_reply_end(r, HP_NO_PAWNS);
        }
    }
    return hp_reply_end(r, HP_GO_ON);
}

int hp_square(const hp_state *st, int sq)
{
    int ch = ' ';
    if (sq >= 1 && sq <= 6 && (st->x & (0200 >> (sq - 1))))
        ch = 'X';               /* STX */
    if (sq >= 4 && sq <= 9 && (st->o & (001 << (9 - sq))))
        ch = 'O';               /* STO, after STX on squares 4..6 */
    return ch;
}

void hp_board_msg(const hp_state *st, int sep, char buf[HP_BOARD_MSG_SIZE])
{
    memcpy(buf, hp_msg_board, strlen(hp_msg_board) + 1);
    for (int sq = 1; sq <= 9; sq++)
        buf[hp_board_slot[sq - 1]] = (char)hp_square(st, sq);
    for (char *s = buf; *s; s++)
        if (*s == '^')
            *s = (char)sep;
}

int hp_human_moves(const hp_state *st, uint8_t mv[2 * HP_MAX_HMOVES])
{
    int n = 0;
    for (int fm = 4; fm <= 9; fm++) {
        if (hp_square(st, fm) != 'O')
            continue;
        int to = fm - 3, col = (fm - 1) % 3;
        if (hp_square(st, to) == ' ') {
            mv[2 * n] = (uint8_t)fm;
            mv[2 * n + 1] = (uint8_t)to;
            n++;
        }
        for (int dc = -1; dc <= 1; dc += 2) {
            if (col + dc < 0 || col + dc > 2 ||
                hp_square(st, to + dc) != 'X')
                continue;
            mv[2 * n] = (uint8_t)fm;
            mv[2 * n + 1] = (uint8_t)(to + dc);
            n++;
        }
    }
    return n;
}
