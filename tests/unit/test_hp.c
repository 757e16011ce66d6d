/*
 * test_hp.c - Hexpawn's engine against the book: the four tables, the
 * RESTORE list and the messages against the octal dumps, the validity
 * checks and the learning rules as the listing has them, the book's three
 * sample games replayed from a fresh memory, the memory's bytes, and the
 * learning tool's runs as pure functions of their seeds.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hexpawn/hp.h"
#include "testutil.h"

/*
 * Pages 03, 04 and 05 as the book's octal dumps print them (TEMPORARY DATA,
 * MODEL TABLE, MODEL-TO-MOVE INDEX TABLE, MOVE TABLE, BOARD OUTPUT MESSAGE,
 * MOVE INDEX TABLE, RESTORE LIST, MESSAGE STORAGE), row by row.
 * Independent of hp_tables.c and hp_msgs.c.
 */
static const struct dump_row {
    uint8_t page, addr, n, b[8];
} hp_dump[] = {
    { 03, 0000, 5, { 0000, 0000, 0000, 0000, 0000 } },
    { 03, 0010, 8, { 0340, 0043, 0340, 0016, 0340, 0025, 0260, 0021 } },
    { 03, 0020, 8, { 0150, 0041, 0240, 0062, 0300, 0051, 0150, 0014 } },
    { 03, 0030, 8, { 0160, 0034, 0260, 0012, 0304, 0061, 0140, 0054 } },
    { 03, 0040, 8, { 0140, 0021, 0140, 0024, 0240, 0041, 0070, 0010 } },
    { 03, 0050, 8, { 0200, 0070, 0120, 0030, 0104, 0060, 0230, 0010 } },
    { 03, 0060, 8, { 0240, 0014, 0210, 0042, 0054, 0040, 0060, 0020 } },
    { 03, 0070, 8, { 0110, 0040, 0110, 0010, 0220, 0020, 0044, 0020 } },
    { 03, 0100, 8, { 0200, 0060, 0240, 0032, 0100, 0020, 0250, 0052 } },
    { 03, 0110, 2, { 0040, 0070 } },
    { 03, 0112, 6, { 0000, 0004, 0010, 0013, 0017, 0023 } },
    { 03, 0120, 8, { 0027, 0033, 0036, 0041, 0043, 0046, 0051, 0054 } },
    { 03, 0130, 8, { 0057, 0061, 0063, 0065, 0070, 0073, 0075, 0077 } },
    { 03, 0140, 8, { 0101, 0103, 0107, 0112, 0115, 0120, 0123, 0125 } },
    { 03, 0150, 3, { 0131, 0133, 0135 } },
    { 03, 0200, 8, { 0200, 0020, 0000, 0000, 0200, 0010, 0020, 0000 } },
    { 03, 0210, 8, { 0100, 0020, 0040, 0000, 0100, 0010, 0000, 0000 } },
    { 03, 0220, 8, { 0100, 0004, 0010, 0000, 0040, 0010, 0020, 0000 } },
    { 03, 0230, 8, { 0040, 0004, 0000, 0000, 0020, 0000, 0000, 0267 } },
    { 03, 0240, 8, { 0020, 0000, 0000, 0270, 0010, 0000, 0000, 0267 } },
    { 03, 0250, 8, { 0010, 0000, 0000, 0270, 0010, 0000, 0000, 0271 } },
    { 03, 0260, 8, { 04, 0000, 0000, 0270, 0004, 0000, 0000, 0271 } },
    { 03, 0270, 4, { 0000, 0000, 0000, 0100 } },
    { 03, 0300, 8, { 0215, 0212, 0330, 0336, 0330, 0336, 0330, 0215 } },
    { 03, 0310, 8, { 0212, 0240, 0336, 0240, 0336, 0240, 0215, 0212 } },
    { 03, 0320, 8, { 0317, 0336, 0317, 0336, 0317, 0215, 0212, 0306 } },
    { 03, 0330, 8, { 0315, 0240, 0000, 0240, 0324, 0317, 0240, 0000 } },
    { 04, 0000, 8, { 0007, 0004, 0003, 0200, 0001, 0004, 0005, 0200 } },
    { 04, 0010, 8, { 0001, 0002, 0200, 0007, 0006, 0010, 0200, 0007 } },
    { 04, 0020, 8, { 03, 0013, 0200, 0007, 0002, 0006, 0200, 0003 } },
    { 04, 0030, 8, { 0004, 0017, 0200, 0005, 0012, 0200, 0005, 0006 } },
    { 04, 0040, 8, { 0200, 0010, 0200, 0002, 0003, 0200, 0005, 0017 } },
    { 04, 0050, 8, { 0200, 0006, 0017, 0200, 0006, 0007, 0200, 0017 } },
    { 04, 0060, 8, { 0200, 0010, 0200, 0002, 0200, 0005, 0010, 0200 } },
    { 04, 0070, 8, { 03, 0016, 0200, 0013, 0200, 0017, 0200, 0017 } },
    { 04, 0100, 8, { 0200, 0016, 0200, 0007, 0006, 0010, 0200, 0003 } },
    { 04, 0110, 8, { 0013, 0200, 0005, 0013, 0200, 0002, 0010, 0200 } },
    { 04, 0120, 8, { 0006, 0016, 0200, 0002, 0200, 0001, 0006, 0017 } },
    { 04, 0130, 7, { 0200, 0017, 0200, 0017, 0200, 0006, 0200 } },
    { 04, 0200, 8, { 0007, 0004, 0003, 0200, 0001, 0004, 0005, 0200 } },
    { 04, 0210, 8, { 0001, 0002, 0200, 0007, 0006, 0010, 0200, 0007 } },
    { 04, 0220, 8, { 03, 0013, 0200, 0007, 0002, 0006, 0200, 0003 } },
    { 04, 0230, 8, { 0004, 0017, 0200, 0005, 0012, 0200, 0005, 0006 } },
    { 04, 0240, 8, { 0200, 0010, 0200, 0002, 0003, 0200, 0005, 0017 } },
    { 04, 0250, 8, { 0200, 0006, 0017, 0200, 0006, 0007, 0200, 0017 } },
    { 04, 0260, 8, { 0200, 0010, 0200, 0002, 0200, 0005, 0010, 0200 } },
    { 04, 0270, 8, { 03, 0016, 0200, 0013, 0200, 0017, 0200, 0017 } },
    { 04, 0300, 8, { 0200, 0016, 0200, 0007, 0006, 0010, 0200, 0003 } },
    { 04, 0310, 8, { 0013, 0200, 0005, 0013, 0200, 0002, 0010, 0200 } },
    { 04, 0320, 8, { 0006, 0016, 0200, 0002, 0200, 0001, 0006, 0017 } },
    { 04, 0330, 7, { 0200, 0017, 0200, 0017, 0200, 0006, 0200 } },
    { 04, 0340, 8, { 0215, 0212, 0316, 0317, 0240, 0307, 0317, 0317 } },
    { 04, 0350, 8, { 0304, 0241, 0240, 0315, 0325, 0323, 0324, 0240 } },
    { 04, 0360, 8, { 0323, 0324, 0301, 0322, 0324, 0240, 0301, 0307 } },
    { 04, 0370, 8, { 0301, 0311, 0316, 0000, 0215, 0212, 0311, 0240 } },
    { 05, 0000, 8, { 0303, 0317, 0316, 0303, 0305, 0304, 0305, 0241 } },
    { 05, 0010, 8, { 0000, 0215, 0212, 0311, 0240, 0315, 0317, 0326 } },
    { 05, 0020, 8, { 0305, 0240, 0324, 0317, 0240, 0240, 0254, 0215 } },
    { 05, 0030, 8, { 0212, 0311, 0240, 0327, 0311, 0316, 0241, 0240 } },
    { 05, 0040, 8, { 0331, 0317, 0325, 0240, 0314, 0317, 0323, 0305 } },
    { 05, 0050, 8, { 0241, 0000, 0215, 0212, 0304, 0322, 0301, 0327 } },
    { 05, 0060, 8, { 0254, 0316, 0317, 0240, 0317, 0316, 0305, 0240 } },
    { 05, 0070, 8, { 0327, 0311, 0316, 0323, 0256, 0000, 0215, 0212 } },
    { 05, 0100, 8, { 0310, 0305, 0322, 0305, 0247, 0323, 0240, 0324 } },
    { 05, 0110, 8, { 0310, 0305, 0240, 0302, 0317, 0301, 0322, 0304 } },
    { 05, 0120, 8, { 0215, 0212, 0261, 0336, 0262, 0336, 0263, 0215 } },
    { 05, 0130, 8, { 0212, 0264, 0336, 0265, 0336, 0266, 0215, 0212 } },
    { 05, 0140, 8, { 0267, 0336, 0270, 0336, 0271, 0215, 0212, 0311 } },
    { 05, 0150, 8, { 0247, 0315, 0240, 0330, 0254, 0240, 0331, 0317 } },
    { 05, 0160, 8, { 0325, 0247, 0322, 0305, 0240, 0317, 0215, 0212 } },
    { 05, 0170, 8, { 0315, 0317, 0326, 0305, 0240, 0317, 0316, 0305 } },
    { 05, 0200, 8, { 0240, 0323, 0321, 0325, 0301, 0322, 0305, 0240 } },
    { 05, 0210, 8, { 0306, 0317, 0322, 0327, 0301, 0322, 0304, 0240 } },
    { 05, 0220, 8, { 0311, 0306, 0240, 0326, 0301, 0303, 0301, 0316 } },
    { 05, 0230, 8, { 0324, 0215, 0212, 0317, 0322, 0240, 0317, 0316 } },
    { 05, 0240, 8, { 0305, 0240, 0323, 0321, 0325, 0301, 0322, 0305 } },
    { 05, 0250, 8, { 0240, 0304, 0311, 0301, 0307, 0317, 0316, 0301 } },
    { 05, 0260, 8, { 0314, 0314, 0331, 0240, 0324, 0317, 0240, 0303 } },
    { 05, 0270, 8, { 0301, 0320, 0324, 0325, 0322, 0305, 0215, 0212 } },
    { 05, 0300, 8, { 0331, 0317, 0325, 0240, 0323, 0324, 0301, 0322 } },
    { 05, 0310, 8, { 0324, 0256, 0215, 0212, 0000, 0215, 0212, 0331 } },
    { 05, 0320, 8, { 0317, 0325, 0240, 0327, 0311, 0316, 0256, 0000 } },
    { 05, 0330, 8, { 0215, 0212, 0311, 0240, 0327, 0311, 0316, 0241 } },
    { 05, 0340, 8, { 0240, 0331, 0317, 0325, 0240, 0310, 0301, 0326 } },
    { 05, 0350, 8, { 0305, 0240, 0316, 0317, 0240, 0320, 0301, 0327 } },
    { 05, 0360, 8, { 0316, 0323, 0256, 0000, 0215, 0212, 0316, 0317 } },
    { 05, 0370, 6, { 0241, 0240, 0316, 0317, 0241, 0000 } },
};

/* The dump loaded into pages 03..05; -1 where the book prints nothing. */
static int page[6][256];

static void load_dump(void)
{
    for (int p = 0; p < 6; p++)
        for (int a = 0; a < 256; a++)
            page[p][a] = -1;
    for (size_t i = 0; i < sizeof hp_dump / sizeof hp_dump[0]; i++)
        for (int j = 0; j < hp_dump[i].n; j++)
            page[hp_dump[i].page][hp_dump[i].addr + j] = hp_dump[i].b[j];
}

START_TEST(tables_match_listing)
{
    load_dump();
    for (int a = 0; a < 5; a++)              /* TEMPORARY DATA */
        ck_assert_int_eq(page[3][a], 0);
    for (int k = 0; k < HP_MODELS; k++) {
        ck_assert_int_eq(hp_model[k][0], page[3][010 + 2 * k]);
        ck_assert_int_eq(hp_model[k][1], page[3][011 + 2 * k]);
        ck_assert_int_eq(hp_model_index[k], page[3][0112 + k]);
    }
    for (int n = 1; n <= HP_MOVES; n++)     /* MOVE finds n at n*4+174 */
        for (int j = 0; j < 4; j++)
            ck_assert_int_eq(hp_move[n - 1][j], page[3][n * 4 + 0174 + j]);
    for (int a = 0; a < HP_MEMORY_SIZE; a++) {
        ck_assert_int_eq(hp_restore[a], page[4][0200 + a]);
        ck_assert_int_eq(hp_restore[a], page[4][a]);    /* as loaded */
    }
    /* NOCP's pointer arithmetic lands on the index table */
    for (int k = 0; k < HP_MODELS; k++)
        ck_assert_int_eq(((010 + 2 * k) >> 1) + 0106, 0112 + k);
}
END_TEST

START_TEST(tables_as_the_prose_describes_them)
{
    /* The book's examples: after 7-4 the board is 340 043, model 1, whose
     * list starts with move 7 (3 to 6), then move 4; move 3 is 100 020
     * 040 000. */
    ck_assert_int_eq(hp_model_find(0340, 0043), 1);
    ck_assert_int_eq(hp_restore[hp_model_index[0]], 7);
    ck_assert_int_eq(hp_restore[hp_model_index[0] + 1], 4);
    static const uint8_t move3[4] = { 0100, 0020, 0040, 0000 };
    ck_assert_mem_eq(hp_move[2], move3, 4);

    /* Each list follows the one before, holds one to three moves and
     * ends in 200; the 33 lists fill 004 000..136 exactly. */
    int at = 0, entries = 0;
    for (int k = 0; k < HP_MODELS; k++) {
        ck_assert_int_eq(hp_model_index[k], at);
        int n = 0;
        while (hp_restore[at] != HP_END) {
            ck_assert_int_ge(hp_restore[at], 1);
            ck_assert_int_le(hp_restore[at], HP_MOVES);
            n++;
            at++;
        }
        ck_assert(n >= 1 && n <= 3);
        entries += n;
        at++;
    }
    ck_assert_int_eq(at, HP_MEMORY_SIZE);
    ck_assert_int_eq(entries, HP_MEMORY_SIZE - HP_MODELS);

    /* The MOVE TABLE's bytes say what the book's table of moves says. */
    for (int n = 1; n <= HP_MOVES; n++) {
        const uint8_t *m = hp_move[n - 1];
        int fm = hp_move_squares[n - 1][0], to = hp_move_squares[n - 1][1];
        if (n == 15) {
            static const uint8_t draw[4] = { 0, 0, 0, 0100 };
            ck_assert_mem_eq(m, draw, 4);
            continue;
        }
        ck_assert_int_eq(m[0], 0200 >> (fm - 1));
        int diagonal = to != fm + 3;
        if (to >= 7) {              /* COMPUTER WINS: the square's code */
            ck_assert_int_eq(m[3], 0260 + to);
            ck_assert_int_eq(m[1], 0);
            ck_assert_int_eq(m[2], 0);
        } else {
            ck_assert_int_eq(m[3], 0);
            ck_assert_int_eq(m[1], 0200 >> (to - 1));
            ck_assert_int_eq(m[2], diagonal ? 1 << (9 - to) : 0);
        }
    }
    /* Models are distinct boards, X only on 1..6, O only on 4..9. */
    for (int k = 0; k < HP_MODELS; k++) {
        ck_assert_int_eq(hp_model[k][0] & 003, 0);
        ck_assert_int_eq(hp_model[k][1] & 0300, 0);
        ck_assert_int_eq(hp_model_find(hp_model[k][0], hp_model[k][1]),
                         k + 1);
    }
}
END_TEST

START_TEST(listed_moves_are_legal_for_their_models)
{
    hp_state st;
    hp_init(&st);
    for (int k = 0; k < HP_MODELS; k++) {
        st.x = hp_model[k][0];
        st.o = hp_model[k][1];
        for (int p = hp_model_index[k]; hp_restore[p] != HP_END; p++) {
            int n = hp_restore[p];
            if (n == 15)
                continue;
            int fm = hp_move_squares[n - 1][0];
            int to = hp_move_squares[n - 1][1];
            ck_assert_int_eq(hp_square(&st, fm), 'X');
            if (to == fm + 3)
                ck_assert_int_eq(hp_square(&st, to), ' ');
            else
                ck_assert_msg(hp_square(&st, to) == 'O' &&
                              abs((to - 1) % 3 - (fm - 1) % 3) == 1,
                              "model %d move %d", k + 1, n);
        }
    }
}
END_TEST

/* The bytes of a message in the dump, parity stripped, up to the zero. */
static void dump_text(int addr, char *out, size_t size)
{
    size_t i = 0;
    for (int a = addr; page[a >> 8][a & 0377] > 0; a++) {
        ck_assert_msg(page[a >> 8][a & 0377] & 0200, "parity at %o", a);
        ck_assert_uint_lt(i + 1, size);
        out[i++] = (char)(page[a >> 8][a & 0377] & 0177);
    }
    out[i] = 0;
}

START_TEST(messages_match_listing)
{
    char text[512];
    int n = 0;
    load_dump();
    for (const hp_msg_entry *m = hp_msg_table; m->text; m++, n++) {
        dump_text(m->addr, text, sizeof text);
        ck_assert_msg(strcmp(text, m->text) == 0, "%s differs: %s", m->label,
                      text);
        int end = m->addr + (int)strlen(m->text);
        ck_assert_int_eq(page[end >> 8][end & 0377], 0);
    }
    ck_assert_int_eq(n, 10);
    /* page 05 and the messages on page 04 are used without a gap */
    int a = 02340;
    for (const hp_msg_entry *m = hp_msg_table; m->text; m++) {
        if (m->addr < 02340)
            continue;
        ck_assert_int_eq(m->addr, a);
        a += (int)strlen(m->text) + 1;
    }
    ck_assert_int_eq(a, 02776);
    /* the starting board sits in the board message's square slots */
    hp_state st;
    hp_init(&st);
    for (int sq = 1; sq <= 9; sq++)
        ck_assert_int_eq(page[3][0300 + hp_board_slot[sq - 1]] & 0177,
                         hp_square(&st, sq));
    /* the start message draws the numbering the engine uses */
    ck_assert_ptr_nonnull(strstr(hp_msg_start, "1^2^3\r\n4^5^6\r\n7^8^9"));
    char win[HP_WIN_TEXT_SIZE];
    hp_win_text(win, 0267);
    ck_assert_str_eq(win, "\r\nI MOVE TO 7,\r\nI WIN! YOU LOSE!");
    ck_assert_int_eq(02411 + HP_MSG_WIN_SLOT, 02425);   /* WIN: LLI 025 */
}
END_TEST

START_TEST(board_as_pbd_prints_it)
{
    hp_state st;
    char b[HP_BOARD_MSG_SIZE];
    hp_init(&st);
    hp_board_msg(&st, '^', b);
    ck_assert_str_eq(b, hp_msg_board);
    st.x = 0160;        /* 2, 3, 4 */
    st.o = 0034;        /* 5, 6, 7 */
    hp_board_msg(&st, '|', b);
    ck_assert_str_eq(b, "\r\n |X|X\r\nX|O|O\r\nO| | \r\nFM ");
}
END_TEST

START_TEST(fm_checks)
{
    hp_state st;
    hp_init(&st);
    for (int c = 0; c < 256; c++) {
        int d = c & 0177;
        int want = (d == '7' || d == '8' || d == '9') ? 0 : HP_NO;
        ck_assert_int_eq(hp_fm(&st, c), want);
        if (!want)
            ck_assert_int_eq(st.fm, d - '0');
    }
    ck_assert_int_eq(hp_fm(&st, -1), HP_NO);
    ck_assert_int_eq(hp_fm(&st, 0x100 | '7'), HP_NO);
    /* an O pawn on every square 4..9: exactly those squares pass */
    st.o = 0077;
    st.x = 0;
    for (int sq = 1; sq <= 9; sq++)
        ck_assert_int_eq(hp_fm(&st, '0' + sq), sq >= 4 ? 0 : HP_NO);
}
END_TEST

/* What the listing accepts as TO after a valid FM, as the prose explains
 * it: forward if no X is there; one to the right (FM - 2) unless that is
 * 7, or one to the left (FM - 4) unless that is 3, if an X is taken. */
static int listing_accepts(const hp_state *st, int fm, int to)
{
    if (to == fm - 3)
        return hp_square(st, to) != 'X';
    if ((to == fm - 2 && to != 7) || (to == fm - 4 && to != 3))
        return hp_square(st, to) == 'X';
    return 0;
}

START_TEST(to_checks)
{
    uint64_t s = 42;
    int accepted = 0, refused = 0;
    for (int round = 0; round < 4000; round++) {
        hp_state st;
        hp_init(&st);
        s = s * 6364136223846793005u + 1442695040888963407u;
        st.x = (uint8_t)((s >> 33) & 0374);
        st.o = (uint8_t)((s >> 45) & 0077);
        st.o &= (uint8_t)~((st.x >> 2 & 007) << 3);     /* no overlap */
        for (int fm = 4; fm <= 9; fm++) {
            if (hp_fm(&st, '0' + fm) != 0)
                continue;
            for (int to = 0; to <= 10; to++) {
                hp_state t = st;
                int r = hp_to(&t, '0' + to);
                int want = to >= 1 && to <= 9 && listing_accepts(&st, fm, to);
                ck_assert_msg((r == 0) == want, "%d-%d", fm, to);
                if (r == 0) {
                    accepted++;
                    ck_assert_int_eq(t.to, to);
                    ck_assert_int_eq(t.cap, to == fm - 3 ? 0
                                             : 0200 >> (to - 1));
                } else {
                    refused++;
                }
            }
        }
    }
    ck_assert_int_gt(accepted, 1000);
    ck_assert_int_gt(refused, 1000);

    /* Every move legal by the book's rules gets through. */
    hp_state st;
    hp_init(&st);
    st.x = 0334;        /* 1, 2, 4, 5, 6 */
    st.o = 0007;
    uint8_t mv[2 * HP_MAX_HMOVES];
    int n = hp_human_moves(&st, mv);
    ck_assert_int_eq(n, 4);             /* 7x5, 8x4, 8x6, 9x5 */
    for (int i = 0; i < n; i++) {
        hp_state t = st;
        ck_assert_int_eq(hp_fm(&t, '0' + mv[2 * i]), 0);
        ck_assert_int_eq(hp_to(&t, '0' + mv[2 * i + 1]), 0);
    }
}
END_TEST

START_TEST(listing_quirks_reach_no_good)
{
    /* "a move forward into a square already occupied by an O pawn" and "a
     * move from square 6 to square 4 in which an X pawn is captured" pass
     * the checks and are caught by the model search. */
    hp_memory mem;
    hp_memory_reset(&mem);
    hp_state st;
    hp_reply r;
    hp_init(&st);
    st.o = 0022;                        /* 5 and 8 */
    ck_assert_int_eq(hp_fm(&st, '8'), 0);
    ck_assert_int_eq(hp_to(&st, '5'), 0);
    ck_assert_int_eq(hp_play(&st, &mem, &r), HP_NO_GOOD);
    ck_assert_int_eq(r.model, 0);
    ck_assert_int_eq(r.struck, -1);

    hp_init(&st);
    st.x = 0320;                        /* 1, 2, 4 */
    st.o = 0013;                        /* 6, 8, 9 */
    ck_assert_int_eq(hp_fm(&st, '6'), 0);
    ck_assert_int_eq(hp_to(&st, '4'), 0);
    ck_assert_int_eq(st.cap, 0020);
    ck_assert_int_eq(hp_play(&st, &mem, &r), HP_NO_GOOD);
    ck_assert_int_eq(st.x, 0300);       /* the X on 4 was taken */
    ck_assert_int_eq(st.o, 0043);       /* 4, 8, 9 */

    /* the wraps the listing does refuse: 9 to 7 and 7 to 3 */
    hp_init(&st);
    st.x = 0344;                        /* 1, 2, 3, 6 */
    ck_assert_int_eq(hp_fm(&st, '7'), 0);
    ck_assert_int_eq(hp_to(&st, '3'), HP_NO);
    st.x = 0340;
    st.o = 0001;
    ck_assert_int_eq(hp_fm(&st, '9'), 0);
    ck_assert_int_eq(hp_to(&st, '7'), HP_NO);
    /* CKCAP's CPI 007 refuses 9-7 before looking at the X board at all:
     * even with the unused bit B1 (where RTLP puts square 7) set */
    st.x = 0342;
    ck_assert_int_eq(hp_to(&st, '7'), HP_NO);
    ck_assert_int_eq(hp_to(&st, '5'), HP_NO);   /* 9x5: no X on 5 */
    ck_assert_int_eq(hp_memory_struck(&mem), 0);
}
END_TEST

/* Play FM-TO through the engine as a dialogue would. */
static int play(hp_state *st, hp_memory *mem, int fm, int to, hp_reply *r)
{
    ck_assert_int_eq(hp_fm(st, '0' + fm), 0);
    ck_assert_int_eq(hp_to(st, '0' + to), 0);
    return hp_play(st, mem, r);
}

START_TEST(human_win_strikes_the_last_move)
{
    /* The book's example: 7 to 4, the machine answers with move 7 (3 to
     * 6), 4 to 2 wins; move 7 is zeroed and next time it plays move 4. */
    hp_memory mem;
    hp_state st;
    hp_reply r;
    hp_memory_reset(&mem);
    hp_init(&st);
    ck_assert_int_eq(play(&st, &mem, 7, 4, &r), HP_GO_ON);
    ck_assert_int_eq(r.model, 1);
    ck_assert_int_eq(r.move, 7);
    ck_assert_int_eq(r.from, 3);
    ck_assert_int_eq(r.to, 6);
    ck_assert_int_eq(st.last, 0);
    ck_assert_int_eq(play(&st, &mem, 4, 2, &r), HP_YOU_WIN);
    ck_assert_int_eq(r.struck, 0);
    ck_assert_int_eq(mem.list[0], 0);
    ck_assert_int_eq(hp_memory_struck(&mem), 1);
    hp_again(&st);
    ck_assert_int_eq(play(&st, &mem, 7, 4, &r), HP_GO_ON);
    ck_assert_int_eq(r.move, 4);
    ck_assert_int_eq(st.last, 1);
}
END_TEST

START_TEST(exhausted_list_concedes_and_strikes_the_move_before)
{
    hp_memory mem;
    hp_state st;
    hp_reply r;
    hp_memory_reset(&mem);
    hp_init(&st);
    /* 8-5; the machine plays 1-4 (model 3); then 9-6 gives model 9 */
    ck_assert_int_eq(play(&st, &mem, 8, 5, &r), HP_GO_ON);
    ck_assert_int_eq(r.move, 1);
    int first = st.last;
    ck_assert_int_eq(first, 010);
    mem.list[036] = 0;                  /* model 9: both moves struck */
    mem.list[037] = 0;
    ck_assert_int_eq(play(&st, &mem, 9, 6, &r), HP_CONCEDE);
    ck_assert_int_eq(r.model, 9);
    ck_assert_int_eq(r.move, 0);
    ck_assert_int_eq(r.struck, first);  /* 1-4 after 8-5 is struck */
    ck_assert_int_eq(mem.list[010], 0);
    hp_again(&st);
    ck_assert_int_eq(play(&st, &mem, 8, 5, &r), HP_GO_ON);
    ck_assert_int_eq(r.move, 2);        /* now 1x5 */

    /* A concession before the machine has moved in this session strikes
     * what 003 004 holds: 000 when loaded, model 1's first move. */
    hp_memory_reset(&mem);
    hp_init(&st);
    mem.list[0] = mem.list[1] = mem.list[2] = 0;
    mem.list[4] = 0;                    /* something else struck too */
    hp_memory fresh = mem;
    ck_assert_int_eq(play(&st, &mem, 7, 4, &r), HP_CONCEDE);
    ck_assert_int_eq(r.struck, 0);
    ck_assert_mem_eq(&mem, &fresh, sizeof mem);
}
END_TEST

START_TEST(machine_wins_draws_and_takes_the_last_pawn)
{
    hp_memory mem;
    hp_state st;
    hp_reply r;
    hp_memory_reset(&mem);

    /* X on 1 and 4, O on 8; 8-5 gives model 27, whose first move 1x5
     * takes the last pawn: I WIN! YOU HAVE NO PAWNS., and that move is
     * struck so that next time it moves 4-7 and wins on the last row. */
    hp_init(&st);
    st.x = 0220;
    st.o = 0002;
    ck_assert_int_eq(play(&st, &mem, 8, 5, &r), HP_NO_PAWNS);
    ck_assert_int_eq(r.model, 27);
    ck_assert_int_eq(r.move, 2);
    ck_assert_int_eq(r.struck, 0115);
    ck_assert_int_eq(st.o, 0);
    ck_assert_int_eq(mem.list[0115], 0);
    hp_init(&st);
    st.x = 0220;
    st.o = 0002;
    ck_assert_int_eq(play(&st, &mem, 8, 5, &r), HP_I_WIN);
    ck_assert_int_eq(r.move, 8);
    ck_assert_int_eq(r.win_char, '7');
    ck_assert_int_eq(r.struck, -1);
    ck_assert_int_eq(st.last, 0116);
    ck_assert_int_eq(hp_memory_struck(&mem), 1);

    /* X on 1 and 3, O on 7 and 9; 7-4 gives model 15: DRAW */
    hp_init(&st);
    st.x = 0240;
    st.o = 0005;
    ck_assert_int_eq(play(&st, &mem, 7, 4, &r), HP_DRAW);
    ck_assert_int_eq(r.model, 15);
    ck_assert_int_eq(r.move, 15);
    ck_assert_int_eq(st.x, 0240);       /* nothing moved */
    ck_assert_int_eq(r.struck, -1);
}
END_TEST

/*
 * The book's three consecutive games, as printed in OPERATING THE HEXPAWN
 * PROGRAM, from the introduction to I WIN! YOU LOSE!.  Normalised as the
 * typesetting needs: blank lines and the spaces at the ends of lines
 * dropped; the listing's '^' (336) shown as the bar the book typeset, and
 * the OCR's 'I' in board rows read as that bar.
 */
static const char *const book_sample[] = {
    "HERE'S THE BOARD", "1|2|3", "4|5|6", "7|8|9", "I'M X, YOU'RE O",
    "MOVE ONE SQUARE FORWARD IF VACANT", "OR ONE SQUARE DIAGONALLY TO CAPTURE",
    "YOU START.",
    "X|X|X", "| |", "O|O|O", "FM 8 TO 5",
    "|X|X", "X|O|", "O| |O", "FM 9 TO 6",
    "| |X", "X|O|X", "O| |", "FM 5 TO 2",
    "YOU WIN.",
    "X|X|X", "| |", "O|O|O", "FM 8 TO 5",
    "|X|X", "X|O|", "O| |O", "FM 9 TO 6",
    "|X|", "X|X|O", "O| |", "FM 7 TO 5",
    "| |", "X|O|X", "| |", "FM 5 TO 2",
    "YOU WIN.",
    "X|X|X", "| |", "O|O|O", "FM 8 TO 5",
    "|X|X", "X|O|", "O| |O", "FM 9 TO 6",
    "|X|", "X|X|O", "O| |", "FM 7 TO 5",
    "I MOVE TO 7,", "I WIN! YOU LOSE!",
    NULL
};

/* A transcript grown as MSG and the echo would print it. */
typedef struct transcript { char s[4096]; size_t n; } transcript;

static void out(transcript *t, const char *s)
{
    size_t k = strlen(s);
    ck_assert_uint_lt(t->n + k, sizeof t->s);
    memcpy(t->s + t->n, s, k + 1);
    t->n += k;
}

static void out_board(transcript *t, const hp_state *st)
{
    char b[HP_BOARD_MSG_SIZE];
    hp_board_msg(st, '^', b);
    out(t, b);
}

START_TEST(book_sample_run)
{
    static const int games[3][5][2] = {
        { { 8, 5 }, { 9, 6 }, { 5, 2 } },
        { { 8, 5 }, { 9, 6 }, { 7, 5 }, { 5, 2 } },
        { { 8, 5 }, { 9, 6 }, { 7, 5 } } };
    /* what the machine answers to each move, and how each game ends */
    static const int replies[3][5] = {
        { 1, 5, 0 }, { 1, 6, 5, 0 }, { 1, 6, 8 } };
    static const int ends[3] = { HP_YOU_WIN, HP_YOU_WIN, HP_I_WIN };
    static const int struck[3] = { 036, 065, -1 };
    static transcript t;
    hp_memory mem;
    hp_state st;
    hp_reply r;

    t.n = 0;
    t.s[0] = 0;
    hp_memory_reset(&mem);
    out(&t, hp_msg_start);
    hp_init(&st);
    for (int g = 0; g < 3; g++) {
        out_board(&t, &st);
        for (int i = 0; games[g][i][0]; i++) {
            char echo[2] = { (char)('0' + games[g][i][0]), 0 };
            ck_assert_int_eq(hp_fm(&st, echo[0]), 0);
            out(&t, echo);
            out(&t, hp_msg_to);
            echo[0] = (char)('0' + games[g][i][1]);
            ck_assert_int_eq(hp_to(&st, echo[0]), 0);
            out(&t, echo);
            int o = hp_play(&st, &mem, &r);
            ck_assert_int_eq(r.move, replies[g][i]);
            if (o == HP_GO_ON) {
                out_board(&t, &st);
                continue;
            }
            ck_assert_int_eq(o, ends[g]);
            ck_assert_int_eq(games[g][i + 1][0], 0);
            ck_assert_int_eq(r.struck, struck[g]);
            if (o == HP_YOU_WIN) {
                out(&t, hp_msg_hwin);
            } else {
                char w[HP_WIN_TEXT_SIZE];
                hp_win_text(w, r.win_char);
                out(&t, w);
            }
            hp_again(&st);
        }
    }
    ck_assert_int_eq(hp_memory_struck(&mem), 2);

    /* compare line by line with the book */
    int line = 0;
    for (char *save = NULL, *l = strtok_r(t.s, "\r\n", &save); l;
         l = strtok_r(NULL, "\r\n", &save)) {
        while (*l == ' ')
            l++;
        for (char *c = l; *c; c++)
            if (*c == '^')
                *c = '|';
        size_t k = strlen(l);
        while (k && l[k - 1] == ' ')
            l[--k] = 0;
        if (!k)
            continue;
        ck_assert_ptr_nonnull(book_sample[line]);
        ck_assert_str_eq(l, book_sample[line]);
        line++;
    }
    ck_assert_ptr_null(book_sample[line]);
}
END_TEST

START_TEST(memory_bytes)
{
    hp_memory mem, back;
    uint8_t buf[HP_MEMORY_BYTES + 4];
    hp_memory_reset(&mem);
    ck_assert(hp_memory_valid(&mem));
    ck_assert_int_eq(hp_memory_struck(&mem), 0);
    mem.list[0] = 0;
    mem.list[036] = 0;
    size_t n = hp_memory_save(&mem, buf, sizeof buf);
    ck_assert_uint_eq(n, HP_MEMORY_BYTES);
    ck_assert_int_eq(hp_memory_load(&back, buf, n), 0);
    ck_assert_mem_eq(&back, &mem, sizeof mem);
    ck_assert_int_eq(hp_memory_struck(&back), 2);
    ck_assert_uint_eq(hp_memory_save(&mem, buf, HP_MEMORY_BYTES - 1), 0);

    /* refused: a wrong header, a wrong length, a terminator zeroed, a move
     * changed into another; the target stays as it was */
    hp_memory keep = back;
    uint8_t bad[HP_MEMORY_BYTES];
    struct { int at; uint8_t v; } hurt[] = {
        { 0, 'X' }, { 2, 2 }, { 3 + 3, 0 }, { 3 + 1, 5 }, { 3 + 1, 0200 },
        { 3 + 0136, 0 }, { 3 + 0135, 7 } };
    for (size_t i = 0; i < sizeof hurt / sizeof hurt[0]; i++) {
        memcpy(bad, buf, n);
        bad[hurt[i].at] = hurt[i].v;
        ck_assert_msg(hp_memory_load(&back, bad, n) < 0, "damage %zu", i);
        ck_assert_mem_eq(&back, &keep, sizeof keep);
    }
    ck_assert_int_lt(hp_memory_load(&back, buf, n - 1), 0);
    ck_assert_int_lt(hp_memory_load(&back, buf, n + 1), 0);

    /* merging keeps every strike of both */
    hp_memory other;
    hp_memory_reset(&other);
    other.list[4] = 0;
    other.list[0] = 0;
    hp_memory_merge(&other, &mem);
    ck_assert_int_eq(hp_memory_struck(&other), 3);
    ck_assert(hp_memory_valid(&other));
    hp_memory_reset(&other);
    ck_assert_mem_eq(other.list, hp_restore, HP_MEMORY_SIZE);
}
END_TEST

START_TEST(state_bytes)
{
    hp_state st, back;
    uint8_t buf[HP_STATE_BYTES];
    hp_init(&st);
    st.x = 0160;
    st.o = 0034;
    st.last = 036;
    ck_assert_uint_eq(hp_state_save(&st, buf, sizeof buf), HP_STATE_BYTES);
    ck_assert_int_eq(hp_state_load(&back, buf, sizeof buf), 0);
    ck_assert_int_eq(back.x, st.x);
    ck_assert_int_eq(back.o, st.o);
    ck_assert_int_eq(back.last, st.last);
    struct { int at; uint8_t v; } hurt[] = {
        { 1, 'M' }, { 2, 9 }, { 3, 0161 }, { 4, 0134 }, { 4, 0074 },
        { 5, HP_MEMORY_SIZE } };
    for (size_t i = 0; i < sizeof hurt / sizeof hurt[0]; i++) {
        uint8_t bad[HP_STATE_BYTES];
        memcpy(bad, buf, sizeof bad);
        bad[hurt[i].at] = hurt[i].v;
        ck_assert_msg(hp_state_load(&back, bad, sizeof bad) < 0, "%zu", i);
    }
    ck_assert_int_lt(hp_state_load(&back, buf, 5), 0);
}
END_TEST

START_TEST(what_it_has_learned)
{
    hp_memory mem;
    hp_learned_model lm[HP_MODELS];
    hp_memory_reset(&mem);
    ck_assert_int_eq(hp_learned(&mem, lm), 0);
    int total = 0;
    for (int k = 0; k < HP_MODELS; k++) {
        ck_assert_int_eq(lm[k].model, k + 1);
        ck_assert_int_eq(lm[k].left, lm[k].n);
        total += lm[k].n;
    }
    ck_assert_int_eq(total, HP_MEMORY_SIZE - HP_MODELS);
    ck_assert_int_eq(lm[0].mv[0].move, 7);
    ck_assert_int_eq(lm[0].mv[0].kind, HP_KIND_STEP);
    ck_assert_int_eq(lm[0].mv[2].kind, HP_KIND_CAPTURE);
    ck_assert_int_eq(lm[3].mv[2].kind, HP_KIND_WIN);
    ck_assert_int_eq(lm[14].mv[0].kind, HP_KIND_DRAW);
    ck_assert_int_eq(lm[14].mv[0].from, 0);
    mem.list[036] = 0;          /* model 9's 2x6 */
    mem.list[037] = 0;          /* and 3x5 */
    ck_assert_int_eq(hp_learned(&mem, lm), 2);
    ck_assert_int_eq(lm[8].left, 0);
    ck_assert(lm[8].mv[0].struck && lm[8].mv[1].struck);
    ck_assert_int_eq(lm[8].mv[0].from, 2);
    ck_assert_int_eq(lm[8].mv[0].to, 6);
    ck_assert_int_eq(lm[8].mv[1].addr, 037);
}
END_TEST

START_TEST(learning_is_a_function_of_the_seed)
{
    for (int opp = HP_OPP_EXHAUSTIVE; opp <= HP_OPP_RANDOM; opp++) {
        hp_learner a, b, c;
        hp_learner_init(&a, opp, 7);
        hp_learner_init(&b, opp, 7);
        hp_learner_init(&c, opp, 8);
        int differ = 0;
        for (int g = 0; g < 300; g++) {
            hp_game_log la, lb, lc;
            hp_learner_play(&a, &la);
            hp_learner_play(&b, &lb);
            hp_learner_play(&c, &lc);
            ck_assert_mem_eq(&la, &lb, sizeof la);
            differ |= memcmp(&la, &lc, sizeof la) != 0;
        }
        ck_assert(differ);
        ck_assert_mem_eq(&a.mem, &b.mem, sizeof a.mem);
    }
}
END_TEST

START_TEST(learning_converges)
{
    /* Against every opponent and several seeds the machine stops losing,
     * every game ends in one of the book's endings or a blocked player,
     * and the legal moves never reach NO GOOD. */
    for (int opp = HP_OPP_EXHAUSTIVE; opp <= HP_OPP_RANDOM; opp++)
        for (uint64_t seed = 0; seed < 6; seed++) {
            hp_learner l;
            hp_learner_init(&l, opp, seed);
            int last_loss = 0, machine = 0;
            for (int g = 1; g <= 1500; g++) {
                hp_game_log log;
                int w = hp_learner_play(&l, &log);
                ck_assert_int_ne(log.outcome, HP_NO_GOOD);
                ck_assert_int_ne(log.outcome, HP_GO_ON);
                if (w == HP_SIDE_HUMAN)
                    last_loss = g;
                machine += w == HP_SIDE_MACHINE;
                if (log.outcome == HP_YOU_WIN || log.outcome == HP_CONCEDE
                    || log.outcome == HP_NO_PAWNS)
                    ck_assert_int_ge(log.struck, 0);
                else
                    ck_assert_int_eq(log.struck, -1);
            }
            ck_assert_msg(last_loss > 0 && last_loss < 750,
                          "opponent %d seed %d: last loss %d", opp,
                          (int)seed, last_loss);
            ck_assert_int_gt(machine, 100);
            ck_assert(hp_memory_valid(&l.mem));
        }
}
END_TEST

/* Run the tool and keep what it printed. */
static int tool(char **text, int argc, char **argv)
{
    return tu_tool(hp_tool_run, text, argc, argv);
}

START_TEST(learn_tool)
{
    char *a, *b, *c;
    char *args[] = { "hexpawn", "learn", "--games", "200", "--opponent",
                     "random", "--seed", "5", NULL };
    ck_assert_int_eq(tool(&a, 8, args), 0);
    ck_assert_int_eq(tool(&b, 8, args), 0);
    ck_assert_str_eq(a, b);
    args[7] = "6";
    ck_assert_int_eq(tool(&c, 8, args), 0);
    ck_assert_str_ne(a, c);
    ck_assert_ptr_nonnull(strstr(a, "game 1: "));
    ck_assert_ptr_nonnull(strstr(a, "game 200: "));
    ck_assert_ptr_null(strstr(a, "game 201: "));
    /* what the run proves (tests/unit/test_hp_proof.c has the rest) */
    ck_assert_ptr_nonnull(strstr(a, "from then on no line of play beats it "
                                    "(proven: "));
    free(a);
    free(b);
    free(c);

    /* the first game against the exhaustive opponent, seed 0, is the
     * book's own first line of reasoning: 7-4 answered by 3-6, then 4-2 */
    char *ex[] = { "hexpawn", "learn", "--games", "1", NULL };
    ck_assert_int_eq(tool(&a, 4, ex), 0);
    ck_assert_ptr_nonnull(strstr(a, "game 1: opponent YOU WIN."));
    ck_assert_ptr_nonnull(strstr(a, " 7-4 4-2  struck 004 000\n"));
    free(a);

    char *help[] = { "hexpawn", "learn", "--help", NULL };
    ck_assert_int_eq(tool(&a, 3, help), 0);
    ck_assert_ptr_nonnull(strstr(a, "usage: ttyarcade hexpawn learn"));
    free(a);
    char *bad1[] = { "hexpawn", "learn", "--opponent", "lazy", NULL };
    ck_assert_int_eq(tool(&a, 4, bad1), 2);
    free(a);
    char *bad2[] = { "hexpawn", "learn", "--games", "0", NULL };
    ck_assert_int_eq(tool(&a, 4, bad2), 2);
    free(a);
    char *bad3[] = { "hexpawn", "unlearn", NULL };
    ck_assert_int_eq(tool(&a, 2, bad3), 2);
    free(a);
    char *tables[] = { "hexpawn", "tables", NULL };
    ck_assert_int_eq(tool(&a, 2, tables), 0);
    ck_assert_ptr_nonnull(strstr(a, "model  1  XXX/O../.OO  340 043"));
    ck_assert_ptr_nonnull(strstr(a, "moves struck: 0\n"));
    free(a);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("hexpawn");
    TCase *tc = tcase_create("engine");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, tables_match_listing);
    tcase_add_test(tc, tables_as_the_prose_describes_them);
    tcase_add_test(tc, listed_moves_are_legal_for_their_models);
    tcase_add_test(tc, messages_match_listing);
    tcase_add_test(tc, board_as_pbd_prints_it);
    tcase_add_test(tc, fm_checks);
    tcase_add_test(tc, to_checks);
    tcase_add_test(tc, listing_quirks_reach_no_good);
    tcase_add_test(tc, human_win_strikes_the_last_move);
    tcase_add_test(tc, exhausted_list_concedes_and_strikes_the_move_before);
    tcase_add_test(tc, machine_wins_draws_and_takes_the_last_pawn);
    tcase_add_test(tc, book_sample_run);
    tcase_add_test(tc, memory_bytes);
    tcase_add_test(tc, state_bytes);
    tcase_add_test(tc, what_it_has_learned);
    tcase_add_test(tc, learning_is_a_function_of_the_seed);
    tcase_add_test(tc, learning_converges);
    tcase_add_test(tc, learn_tool);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
