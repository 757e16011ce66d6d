/*
 * ck_book.c - first moves and book replies.
 *
 * The seven first moves are all of black's legal moves.  The replies are
 * published, sound answers, chosen from:
 *  - R. L. Fortman, "The First Twenty Moves" (booklets, 1977-80), one
 *    part per first move (Edinburgh, Double Corner, Denny, Kelso, 11-15,
 *    11-16, 12-16), for which replies are strongest and which weakest;
 *  - the "Checkers Openings" pages of albionalumni.org (9-13: "22-18 is
 *    considered to be the strongest reply, although other replies, such
 *    as 24-19 are adequate");
 *  - W. F. Ryan, "Tricks Traps & Shots of the Checkerboard", Kelso lines
 *    as reprinted in The Checker Maven (10-15 21-17, 10-15 22-18).
 * Replies the sources call weakest (9-13 21-17, 11-15 21-17) are left out;
 * fewer than four are stored where the sources named fewer sound ones.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "ck_book.h"

const ck_book_line ck_book[CK_BOOK_FIRSTS] = {
    /* Edinburgh: 22-18 strongest, 24-19 adequate (albionalumni). */
    { 9, 13, "Edinburgh", { { 22, 18 }, { 24, 19 } } },
    /* Double Corner: 22-18 the only reply with an edge, 22-17 the
     * non-committal one (Fortman, Double Corner part), the others about
     * even. */
    { 9, 14, "Double Corner", { { 22, 18 }, { 22, 17 }, { 23, 19 },
                                { 24, 19 } } },
    /* Denny: "24-19, 23-19 and 22-17 lead to the more sustaining attacks",
     * 22-18 "a secondary attack" (Fortman, Denny part). */
    { 10, 14, "Denny", { { 24, 19 }, { 23, 19 }, { 22, 17 }, { 22, 18 } } },
    /* Kelso: Ryan's main lines. */
    { 10, 15, "Kelso", { { 22, 18 }, { 21, 17 } } },
    /* Single Corner group: the centre replies (Fortman, 11-15 part; 21-17 is
     * "the weakest of the White replies"). */
    { 11, 15, "Old Faithful", { { 23, 19 }, { 22, 18 }, { 22, 17 },
                                { 23, 18 } } },
    /* Bristol: 24-20 the classic reply; 21-17 "about even"; of the 22-18
     * lines only 10-15 was discarded as unsound (Fortman, 11-16 part). */
    { 11, 16, "Bristol", { { 24, 20 }, { 22, 18 }, { 21, 17 } } },
    /* Dundee: 21-17 "virtually an even position" (Fortman, 12-16 part);
     * 24-20 the usual reply. */
    { 12, 16, "Dundee", { { 24, 20 }, { 21, 17 } } },
};

static ck_move ck_book_move(int from, int to)
{
    ck_move m = { 0, (uint8_t)(from - 1), (uint8_t)(to - 1) };
    return m;
}

ck_move ck_book_first(ck_rng *rng)
{
    const ck_book_line *b = &ck_book[ck_rng_below(rng, CK_BOOK_FIRSTS)];
    return ck_book_move(b->from, b->to);
}

int ck_book_reply(const ck_pos *p, ck_rng *rng, ck_move *m)
{
    for (int i = 0; i < CK_BOOK_FIRSTS; i++) {
        const ck_book_line *b = &ck_book[i];
        ck_pos q;
        ck_pos_start(&q);
        ck_make(&q, ck_book_move(b->from, b->to));
        if (!ck_pos_equal(&q, p))
            continue;
        int n = 0;
        while (n < CK_BOOK_REPLIES && b->reply[n][0])
            n++;
        int k = (int)ck_rng_below(rng, (uint32_t)n);
        *m = ck_book_move(b->reply[k][0], b->reply[k][1]);
        return 1;
    }
    return 0;
}
