/*
 * test_gj_ai.c - the opponents: the seed's random one and the computer
 * one, which plays from a view only (so never from hidden types), always
 * legally, takes a win when it sees one, and beats the random opponent.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>

#include "test_gj.h"

enum { R0 = 0, B0 = GJ_SIDE_PIECES };

START_TEST(random_opponent_plays_every_legal_move)
{
    gj_game *g = malloc(sizeof *g);
    gj_view *v = malloc(sizeof *v);
    tg_plain_game(g);
    gj_view_build(g, GJ_RED, v);
    gj_move all[GJ_MAX_MOVES];
    int n = gj_view_moves(v, all), hits[GJ_MAX_MOVES] = { 0 };
    ck_assert_int_gt(n, 1);
    gj_rng r;
    gj_rng_seed(&r, 4);
    for (int i = 0; i < 200 * n; i++) {
        gj_move m;
        ck_assert_int_eq(gj_ai_random(v, &r, &m), 0);
        ck_assert(gj_is_legal(g, m.from, m.to));
        for (int j = 0; j < n; j++)
            hits[j] += all[j].from == m.from && all[j].to == m.to;
    }
    for (int j = 0; j < n; j++)
        ck_assert_int_gt(hits[j], 100);
    free(g);
    free(v);
}
END_TEST

START_TEST(computer_setup_is_valid)
{
    gj_rng r;
    gj_rng_seed(&r, 6);
    for (int i = 0; i < 300; i++) {
        gj_setup s;
        gj_ai_setup(&s, &r, 0);
        ck_assert_int_eq(gj_setup_validate(&s), GJ_SETUP_OK);
        ck_assert_int_eq(s.type[2], GJ_MINE);          /* in the HQ */
    }
}
END_TEST

START_TEST(computer_takes_the_hq)
{
    gj_game g;
    gj_view *v = malloc(sizeof *v);
    tg_empty(&g);
    tg_put(&g, R0, GJ_CAPTAIN, "B8");
    tg_put(&g, R0 + 1, GJ_GENERAL, "A4");
    tg_put(&g, B0, GJ_SPY, "F6");
    tg_put(&g, B0 + 1, GJ_COLONEL, "A5");
    g.turn = GJ_RED;
    gj_view_build(&g, GJ_RED, v);
    gj_move m;
    ck_assert_int_eq(gj_ai_choose(v, 0, &m), 0);
    ck_assert_int_eq(m.from, tg_sq("B8"));
    ck_assert_int_eq(m.to, tg_sq("C8"));
    free(v);
}
END_TEST

START_TEST(computer_stops_when_cancelled)
{
    gj_game *g = malloc(sizeof *g);
    gj_view *v = malloc(sizeof *v);
    tg_plain_game(g);
    gj_view_build(g, GJ_RED, v);
    volatile int cancel = 1;
    gj_ai_opts o = { &cancel, 0, 0, 0 };
    gj_move m;
    ck_assert_int_eq(gj_ai_choose(v, &o, &m), 0);
    ck_assert(gj_is_legal(g, m.from, m.to));
    /* Cancelled, it stops after the first candidate: the first legal move
     * of the view, which is not what a full search would choose here (so
     * a search that ignored the flag would fail this). */
    gj_move all[GJ_MAX_MOVES], full;
    ck_assert_int_gt(gj_view_moves(v, all), 1);
    ck_assert_int_eq(m.from, all[0].from);
    ck_assert_int_eq(m.to, all[0].to);
    ck_assert_int_eq(gj_ai_choose(v, 0, &full), 0);
    ck_assert(full.from != all[0].from || full.to != all[0].to);
    /* Nothing to move: -1. */
    tg_plain_game(g);
    for (int id = 0; id < GJ_SIDE_PIECES; id++)
        if (g->type[id] != GJ_MINE && g->type[id] != GJ_BANNER) {
            g->at[g->sq[id]] = -1;
            g->sq[id] = -1;
        }
    gj_view_build(g, GJ_RED, v);
    ck_assert_int_eq(gj_ai_choose(v, 0, &m), -1);
    ck_assert_int_eq(gj_ai_random(v, 0, &m), -1);
    free(g);
    free(v);
}
END_TEST

/*
 * Same public record, different hidden blue types: the computer playing
 * red must choose the same move, since all it gets is red's view.
 */
START_TEST(computer_reads_only_its_view)
{
    gj_rng r;
    gj_rng_seed(&r, 13);
    gj_game *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    gj_view *va = malloc(sizeof *va), *vb = malloc(sizeof *vb);
    int compared = 0;
    for (int i = 0; i < 30; i++) {
        tg_twins(a, b, &r, 1);
        for (int same = 1; same && a->result == GJ_PLAYING;) {
            gj_move ma, mb;
            gj_view_build(a, a->turn, va);
            gj_view_build(b, b->turn, vb);
            if (a->turn == GJ_RED) {
                ck_assert_int_eq(gj_ai_choose(va, 0, &ma), 0);
                ck_assert_int_eq(gj_ai_choose(vb, 0, &mb), 0);
                ck_assert_mem_eq(&ma, &mb, sizeof ma);
                compared++;
            } else {
                gj_ai_random(va, &r, &ma);
            }
            same = tg_play_twins(a, b, ma);
        }
    }
    ck_assert_int_gt(compared, 200);
    free(a);
    free(b);
    free(va);
    free(vb);
}
END_TEST

START_TEST(computer_beats_the_random_opponent)
{
    gj_game *g = malloc(sizeof *g);
    gj_view *v = malloc(sizeof *v);
    int won = 0, games = 40;
    for (int i = 0; i < games; i++) {
        int me = i & 1;
        gj_rng r;
        gj_rng_seed(&r, 1000 + (uint64_t)i);
        gj_setup s[2];
        gj_ai_setup(&s[me], &r, 0);
        gj_setup_random(&s[!me], &r);
        gj_game_init(g, &s[0], &s[1]);
        gj_ai_opts o = { 0, 0, &r, 0 };
        while (g->result == GJ_PLAYING) {
            gj_move m;
            gj_view_build(g, g->turn, v);
            if (g->turn == me)
                ck_assert_int_eq(gj_ai_choose(v, &o, &m), 0);
            else
                ck_assert_int_eq(gj_ai_random(v, &r, &m), 0);
            ck_assert_int_eq(gj_play(g, m.from, m.to, 0), 0);
        }
        won += g->result != GJ_DRAW && g->winner == me;
    }
    ck_assert_int_ge(won, games * 9 / 10);
    free(g);
    free(v);
}
END_TEST

/* ---- the guard of the headquarters ------------------------------------ */

/* Put an enemy piece whose intelligence so far is 'flags'. */
static void tg_enemy(gj_game *g, int id, int type, const char *sq,
                     uint16_t flags)
{
    tg_put(g, id, type, sq);
    g->flags[id] = flags;
}

#define TB(t) GJ_TYPE_BIT(t)

/* An empty board but for what the guard's positions share: red's Tank on
 * E5 and Captain on A4, a red Landmine on 'mine', a blue Colonel on A8
 * and the bait, a blue Second Lieutenant (known) the Tank could take on
 * E6; red to move. */
static void bait(gj_game *g, const char *mine)
{
    tg_empty(g);
    tg_put(g, R0 + 1, GJ_TANK, "E5");
    tg_put(g, R0 + 2, GJ_CAPTAIN, "A4");
    tg_put(g, R0 + 3, GJ_MINE, mine);
    tg_enemy(g, B0 + 1, GJ_2LT, "E6", TB(GJ_2LT));
    tg_put(g, B0 + 3, GJ_COLONEL, "A8");
    g->turn = GJ_RED;
}

/* What the computer plays for red in g, at a level. */
static gj_move choose(const gj_game *g, int level)
{
    gj_view *v = malloc(sizeof *v);
    gj_view_build(g, g->turn, v);
    gj_ai_opts o = { 0, 0, 0, level };
    gj_move m;
    ck_assert_int_eq(gj_ai_choose(v, &o, &m), 0);
    free(v);
    return m;
}

START_TEST(guard_comes_home_before_an_officer_is_beside_the_hq)
{
    /* Red's HQ is empty and a blue Captain (known from its fights) is two
     * steps from it, on B2; red's General is boxed in on F1, two steps
     * from the HQ too.  If red does anything else, the Captain steps
     * beside the HQ and walks in the move after, whatever red does then.
     * The General must start back now (F1-E1, then into the HQ, where it
     * beats any officer but a General).  The bait: a Second Lieutenant
     * the Tank on E5 could take. */
    gj_game g;
    bait(&g, "A1");
    tg_put(&g, R0, GJ_GENERAL, "F1");
    tg_enemy(&g, B0, GJ_CAPTAIN, "B2", TB(GJ_CAPTAIN));
    tg_enemy(&g, B0 + 2, GJ_MINE, "F8", TB(GJ_MINE) | TB(GJ_BANNER));
    gj_move m = choose(&g, 0);
    ck_assert_int_eq(m.from, tg_sq("F1"));
    ck_assert_int_eq(m.to, tg_sq("E1"));
    /* the earlier computer took the bait */
    m = choose(&g, GJ_AI_PLAIN);
    ck_assert_int_eq(m.from, tg_sq("E5"));
    ck_assert_int_eq(m.to, tg_sq("E6"));
}
END_TEST

START_TEST(guard_drives_out_what_holds_the_hq_for_an_officer)
{
    /* A blue Engineer cleared red's HQ mine and stands in the HQ: while it
     * does, blue's officers cannot step in, but the Captain beside the HQ
     * on D2 will the move after it steps out.  Red's General beside the
     * HQ takes the Engineer and holds the HQ itself; the bait is a blue
     * Major General the General could take on A1. */
    gj_game g;
    bait(&g, "F1");
    tg_put(&g, R0, GJ_GENERAL, "B1");
    tg_enemy(&g, B0, GJ_ENGINEER, "C1", TB(GJ_ENGINEER));
    tg_enemy(&g, B0 + 4, GJ_CAPTAIN, "D2", TB(GJ_CAPTAIN));
    tg_enemy(&g, B0 + 5, GJ_MAJGEN, "A1", TB(GJ_MAJGEN));
    gj_move m = choose(&g, 0);
    ck_assert_int_eq(m.from, tg_sq("B1"));
    ck_assert_int_eq(m.to, tg_sq("C1"));
    m = choose(&g, GJ_AI_PLAIN);
    ck_assert_int_eq(m.to, tg_sq("A1"));    /* the bait, and the game */
}
END_TEST

START_TEST(guard_keeps_the_hq_when_an_officer_may_be_beside_it)
{
    /* Red's Lieutenant General holds the HQ; beside it on D2 stands a
     * blue piece that may be any officer up to a Colonel.  The Tank it
     * could take on B1 is worth more than most pieces, but taking it
     * leaves the HQ to whatever stands on D2. */
    gj_game g;
    tg_empty(&g);
    tg_put(&g, R0, GJ_LTGEN, "C1");
    tg_put(&g, R0 + 1, GJ_CAPTAIN, "A4");
    tg_put(&g, R0 + 2, GJ_MINE, "F1");
    tg_enemy(&g, B0, GJ_MAJOR, "D2",
             TB(GJ_2LT) | TB(GJ_1LT) | TB(GJ_CAPTAIN) | TB(GJ_MAJOR) |
             TB(GJ_LTCOL) | TB(GJ_COLONEL));
    tg_enemy(&g, B0 + 1, GJ_TANK, "B1", TB(GJ_TANK));
    tg_put(&g, B0 + 3, GJ_COLONEL, "A8");
    g.turn = GJ_RED;
    gj_move m = choose(&g, 0);
    ck_assert(m.from != tg_sq("C1") || m.to == tg_sq("D2"));
}
END_TEST

/*
 * The guard's rule, checked from outside: when some move leaves no enemy
 * piece beside red's HQ that may (by red's intelligence: its mask) be an
 * officer able to take it, whatever the fights of that move turn out to
 * be, the computer plays such a move.
 */

/* The enemy types a fight of our type a against enemy piece e could end
 * in outcome o with, on board at (a Banner fights as the piece behind). */
static uint16_t fight_types(const gj_view *v, const int8_t at[GJ_SQUARES],
                            const uint16_t *mask, int a, int e, int o)
{
    int foe = GJ_SIDE_OF(e), sq = v->piece[e].sq;
    uint16_t can = 0;
    for (int t = 0; t < GJ_TYPES; t++) {
        if (!(mask[e] >> t & 1))
            continue;
        int d = t;
        if (t == GJ_BANNER) {
            int behind = gj_canon(sq + (foe == GJ_RED ? -GJ_FILES : GJ_FILES));
            int j = behind >= 0 ? at[behind] : -1;
            if (j < 0 || GJ_SIDE_OF(j) != foe) {
                if (o == GJ_ATTACKER)
                    can |= TB(t);
                continue;
            }
            for (int u = 0; u < GJ_TYPES; u++)
                if (mask[j] >> u & 1 && gj_outcome(a, u) == o)
                    can |= TB(t);
            continue;
        }
        if (gj_outcome(a, d) == o)
            can |= TB(t);
    }
    return can;
}

static int hq_open(const gj_view *v, const int8_t at[GJ_SQUARES],
                   const uint16_t *mask)
{
    int me = v->me, hq = gj_hq(me), holder = at[hq];
    if (holder >= 0 && GJ_SIDE_OF(holder) != me)
        return 0;
    int d = holder < 0 ? -1 : gj_fights_as(at, v->type, hq);
    for (int sq = 0; sq < GJ_SQUARES; sq++) {
        int e = at[sq];
        if (e < 0 || GJ_SIDE_OF(e) == me ||
            !(gj_dests(at, !me, sq, GJ_SPY) & GJ_BIT(hq)))
            continue;
        for (int t = 0; t < GJ_MINE; t++)
            if (mask[e] >> t & 1 && gj_is_officer(t) &&
                (d < 0 || gj_outcome(t, d) == GJ_ATTACKER))
                return 1;
    }
    return 0;
}

static int keeps_shut(const gj_view *v, gj_move m)
{
    int mover = v->at[m.from], target = v->at[m.to], a = v->type[mover];
    int wins = m.to == gj_hq(!v->me) && gj_is_officer(a);
    uint16_t mask[GJ_PIECES];
    for (int i = 0; i < GJ_PIECES; i++)
        mask[i] = v->piece[i].mask;
    for (int o = GJ_MOVED; o <= GJ_BOTH; o++) {
        uint16_t can = target < 0 ? (o == GJ_MOVED ? 1 : 0)
                     : o == GJ_MOVED ? 0
                     : fight_types(v, v->at, mask, a, target, o);
        if (!can || (wins && (o == GJ_MOVED || o == GJ_ATTACKER)))
            continue;
        int8_t at[GJ_SQUARES];
        uint16_t after[GJ_PIECES];
        memcpy(at, v->at, sizeof at);
        memcpy(after, mask, sizeof after);
        at[m.from] = -1;
        if (o == GJ_DEFENDER)
            after[target] = can;        /* what beat ours, still there */
        else
            at[m.to] = o == GJ_BOTH ? -1 : (int8_t)mover;
        if (hq_open(v, at, after))
            return 0;
    }
    return 1;
}

/* A random square of ranks lo..hi that is a position and empty. */
static int free_square(const gj_game *g, gj_rng *r, int lo, int hi)
{
    for (;;) {
        int sq = GJ_SQ((int)gj_rng_below(r, GJ_FILES),
                       lo + (int)gj_rng_below(r, (uint32_t)(hi - lo + 1)));
        if (gj_is_pos(sq) && g->at[sq] < 0)
            return sq;
    }
}

static void put_at(gj_game *g, int id, int type, int sq, uint16_t flags)
{
    g->type[id] = (uint8_t)type;
    g->sq[id] = (int8_t)sq;
    g->at[sq] = (int8_t)id;
    g->flags[id] = flags;
}

START_TEST(guard_never_leaves_the_hq_open_when_it_can_shut_it)
{
    /* Positions built at random around red's HQ: a blue piece that may be
     * an officer beside it, the HQ empty or held by a red piece, red and
     * blue pieces near by, some known from their fights. */
    gj_rng r;
    gj_rng_seed(&r, 77);
    gj_game *g = malloc(sizeof *g);
    gj_view *v = malloc(sizeof *v);
    int tested = 0, plain_open = 0;
    for (int trial = 0; trial < 400; trial++) {
        tg_empty(g);
        static const char *const beside[] = { "B1", "E1", "C2", "D2" };
        int hq = gj_hq(GJ_RED);
        /* the blue piece beside the HQ: one of a few officers, perhaps
         * something else as well */
        uint16_t may = 0;
        while (!(may & GJ_OFFICERS))
            may = (uint16_t)(gj_rng_below(&r, 0x4000) & 0x3fff);
        put_at(g, B0, GJ_MAJOR, tg_sq(beside[gj_rng_below(&r, 4)]), may);
        if (gj_rng_below(&r, 2))
            put_at(g, R0, (int)gj_rng_below(&r, GJ_MINE), hq, 0);
        for (int k = 1; k < 9; k++)
            put_at(g, R0 + k, (int)gj_rng_below(&r, GJ_MINE),
                   free_square(g, &r, 0, 2), 0);
        put_at(g, R0 + 9, GJ_MINE, free_square(g, &r, 0, 3), 0);
        for (int k = 1; k < 7; k++) {
            uint16_t f = gj_rng_below(&r, 3) ? GJ_ALL_TYPES
                       : GJ_TYPE_BIT(gj_rng_below(&r, GJ_MINE));
            put_at(g, B0 + k, GJ_CAPTAIN, free_square(g, &r, 1, 7), f);
        }
        g->turn = GJ_RED;
        gj_view_build(g, GJ_RED, v);
        gj_move all[GJ_MAX_MOVES], m;
        int n = gj_view_moves(v, all), can = 0, cannot = 0;
        for (int k = 0; k < n; k++) {
            int shut = keeps_shut(v, all[k]);
            can |= shut;
            cannot |= !shut;
        }
        if (!can || !cannot)
            continue;           /* nothing to choose between */
        gj_ai_opts o = { 0, 0, &r, 0 };
        ck_assert_int_eq(gj_ai_choose(v, &o, &m), 0);
        ck_assert_msg(keeps_shut(v, m), "trial %d", trial);
        tested++;
        gj_ai_opts plain = { 0, 0, &r, GJ_AI_PLAIN };
        ck_assert_int_eq(gj_ai_choose(v, &plain, &m), 0);
        plain_open += !keeps_shut(v, m);
    }
    ck_assert_int_gt(tested, 100);
    /* The earlier computer left it open in some of them. */
    ck_assert_int_gt(plain_open, 0);
    free(g);
    free(v);
}
END_TEST

/*
 * A game the computer lost to the headquarters rusher (bench_gj, seed 1,
 * game 45, after 45 plies; turned half round so that the computer is
 * red).  Red's HQ mine is gone and its Engineer stands in the HQ; the
 * General is on E2, two steps from it, and a blue piece that may be any
 * officer up to a Lieutenant Colonel (it is one) is on B3, three steps
 * away.  The Engineer must step out and the General come round by E1:
 * three moves, just in time if red starts now.  The guard counted a cover
 * one move late as half a cover, and judged the position after the
 * enemy's answer as if the enemy moved next again (an officer beside an
 * empty HQ counted as in, the General beside it or not): it attacked B3
 * with the Major (A3-B3), lost it, and the Lieutenant Colonel walked in
 * six plies later.  Against the rusher, whatever its tie breaks, the HQ
 * must hold.
 */
/* A piece of the position: its type, square and (blue's) intelligence. */
typedef struct tg_piece { uint8_t type; char sq[3]; uint16_t flags; } tg_piece;

static void lost_to_the_rusher(gj_game *g)
{
    static const tg_piece red[] = {
        { GJ_CAPTAIN, "A2", 0 },
        { GJ_2LT, "B2", 0 },
        { GJ_GENERAL, "E2", 0 },
        { GJ_ENGINEER, "C1", 0 },
        { GJ_MAJOR, "A3", 0 },
        { GJ_MINE, "D2", 0 },
        { GJ_LTCOL, "F2", 0 },
        { GJ_1LT, "F4", 0 },
        { GJ_CAPTAIN, "D4", 0 },
        { GJ_SPY, "E3", 0 },
        { GJ_ENGINEER, "A4", 0 },
        { GJ_TANK, "E4", 0 },
    };
    static const tg_piece blue[] = {
        { GJ_2LT, "F8", 0x7fff },
        { GJ_MINE, "E8", 0x7fff },
        { GJ_LTCOL, "B3", 0x3fff },
        { GJ_TANK, "B8", 0x7fff },
        { GJ_1LT, "A8", 0x7fff },
        { GJ_CAPTAIN, "F7", 0xffff },
        { GJ_MAJOR, "D7", 0xffff },
        { GJ_CAVALRY, "F6", 0xffff },
        { GJ_BANNER, "C6", 0xffff },
        { GJ_MINE, "F5", 0xffff },
        { GJ_2LT, "C5", 0xffff },
    };
    /* the graveyard's intelligence: what red knows of blue's dead */
    static const uint16_t dead[] = {
        0x8400, 0x3800, 0xc3ff, 0xc3ff, 0xc3ff, 0xc3ff,
        0x3000, 0x8400, 0x0fff, 0x2000, 0x87ff, 0xc3ff
    };
    int nred = (int)(sizeof red / sizeof red[0]);
    int nblue = (int)(sizeof blue / sizeof blue[0]);
    tg_empty(g);
    for (int k = 0; k < nred; k++)
        tg_put(g, R0 + k, red[k].type, red[k].sq);
    for (int k = 0; k < nblue; k++)
        tg_enemy(g, B0 + k, blue[k].type, blue[k].sq, blue[k].flags);
    for (int k = 0; k < GJ_SIDE_PIECES - nblue; k++)
        g->flags[B0 + nblue + k] = dead[k];
    g->turn = GJ_RED;
}

START_TEST(guard_brings_the_general_home_in_time)
{
    gj_game *g = malloc(sizeof *g);
    gj_view *v = malloc(sizeof *v);
    for (uint64_t seed = 1; seed <= 8; seed++) {
        gj_rng r;
        gj_rng_seed(&r, seed);
        lost_to_the_rusher(g);
        for (int ply = 0; ply < 24 && g->result == GJ_PLAYING; ply++) {
            gj_move m;
            gj_view_build(g, g->turn, v);
            if (g->turn == GJ_RED) {
                gj_ai_opts o = { 0, 0, &r, 0 };
                ck_assert_int_eq(gj_ai_choose(v, &o, &m), 0);
            } else {
                ck_assert_int_eq(gj_ai_rush(v, &r, &m), 0);
            }
            ck_assert_int_eq(gj_play(g, m.from, m.to, 0), 0);
        }
        ck_assert_msg(g->result == GJ_PLAYING || g->winner == GJ_RED,
                      "seed %d: blue won after %d plies", (int)seed,
                      g->nhist);
    }
    free(g);
    free(v);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("gj_ai");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, random_opponent_plays_every_legal_move);
    tcase_add_test(tc, computer_setup_is_valid);
    tcase_add_test(tc, computer_takes_the_hq);
    tcase_add_test(tc, computer_stops_when_cancelled);
    tcase_add_test(tc, computer_reads_only_its_view);
    tcase_add_test(tc, computer_beats_the_random_opponent);
    tcase_add_test(tc, guard_comes_home_before_an_officer_is_beside_the_hq);
    tcase_add_test(tc, guard_drives_out_what_holds_the_hq_for_an_officer);
    tcase_add_test(tc, guard_keeps_the_hq_when_an_officer_may_be_beside_it);
    tcase_add_test(tc, guard_never_leaves_the_hq_open_when_it_can_shut_it);
    tcase_add_test(tc, guard_brings_the_general_home_in_time);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
