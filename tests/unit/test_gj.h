/*
 * test_gj.h - helpers shared by the Gunjin Shogi suites (test_gj_*.c):
 * hand-built positions and set-ups.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef TEST_GJ_H
#define TEST_GJ_H

#include <check.h>
#include <string.h>

#include "gunjin/gj.h"
#include "testutil.h"

/* "B2" -> its square (canonical), failing the test on a typo. */
static inline int tg_sq(const char *name)
{
    int sq = gj_sq_parse(name, 0);
    ck_assert_msg(sq >= 0, "bad square %s", name);
    return sq;
}

/* An empty board: every piece off the board (not in the graveyard). */
static inline void tg_empty(gj_game *g)
{
    memset(g, 0, sizeof *g);
    memset(g->at, -1, sizeof g->at);
    memset(g->sq, -1, sizeof g->sq);
    for (int id = 0; id < GJ_PIECES; id++)
        g->flags[id] = GJ_ALL_TYPES;
}

/* Put piece id (its side is GJ_SIDE_OF(id)) of type on a square. */
static inline int tg_put(gj_game *g, int id, int type, const char *name)
{
    int sq = tg_sq(name);
    ck_assert_int_lt(g->at[sq], 0);
    g->type[id] = (uint8_t)type;
    g->sq[id] = (int8_t)sq;
    g->at[sq] = (int8_t)id;
    return id;
}

/* The destinations as a sorted string of names, "B3 C2". */
static inline const char *tg_names(uint64_t d, char *buf)
{
    char n[3];
    buf[0] = 0;
    for (int sq = 0; sq < GJ_SQUARES; sq++)
        if (d >> sq & 1) {
            if (buf[0])
                strcat(buf, " ");
            strcat(buf, gj_sq_name(sq, n));
        }
    return buf;
}

/* A set-up of the seed's types in order, fixed so the banner sits off the
 * back rank and no mine on a bridge entrance. */
static inline void tg_setup_plain(gj_setup *s)
{
    int k = 0;
    for (int t = 0; t < GJ_TYPES; t++)
        for (int i = 0; i < gj_type_count[t]; i++)
            s->type[k++] = (uint8_t)t;
    /* In type order, the two mines land on 20 and 21 (21 = E4, a bridge
     * entrance) and the banner on 22: move one mine back. */
    uint8_t x = s->type[21];
    s->type[21] = s->type[0];
    s->type[0] = x;
}

/* A game of tg_setup_plain against itself. */
static inline void tg_plain_game(gj_game *g)
{
    gj_setup s;
    tg_setup_plain(&s);
    ck_assert_int_eq(gj_game_init(g, &s, &s), 0);
}

/* out = in with two pieces of different types changed places, both still
 * allowed where they now stand: the same public start, other hidden types. */
static inline void tg_swap_two(const gj_setup *in, gj_setup *out, gj_rng *r)
{
    int x, y;
    do {
        x = (int)gj_rng_below(r, GJ_SIDE_PIECES);
        y = (int)gj_rng_below(r, GJ_SIDE_PIECES);
        *out = *in;
        out->type[x] = in->type[y];
        out->type[y] = in->type[x];
    } while (in->type[x] == in->type[y] ||
             gj_setup_validate(out) != GJ_SETUP_OK);
}

/* Twin games: one red set-up (the computer's or a random one) against a
 * random blue set-up and the same with two blue pieces swapped. */
static inline void tg_twins(gj_game *a, gj_game *b, gj_rng *r, int red_ai)
{
    gj_setup red, blue, blue2;
    if (red_ai)
        gj_ai_setup(&red, r, 0);
    else
        gj_setup_random(&red, r);
    gj_setup_random(&blue, r);
    tg_swap_two(&blue, &blue2, r);
    ck_assert_int_eq(gj_game_init(a, &red, &blue), 0);
    ck_assert_int_eq(gj_game_init(b, &red, &blue2), 0);
}

/* Play m in both twins; 1 while their public records stay the same (the
 * swapped pieces have not yet made a difference). */
static inline int tg_play_twins(gj_game *a, gj_game *b, gj_move m)
{
    gj_rec ra, rb;
    ck_assert_int_eq(gj_play(a, m.from, m.to, &ra), 0);
    return gj_play(b, m.from, m.to, &rb) == 0 &&
           memcmp(&ra, &rb, sizeof ra) == 0;
}

#endif
