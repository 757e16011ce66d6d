/*
 * test_side.c - whose side of a saved two-terminal game (games/side.h):
 * the bytes a save keeps (an account's name or a digest of the side's
 * code, never the code), what unpacking refuses, binding a side on a
 * session (a guest's fresh code, an account's name), and the Gunjin and
 * Backgammon saves that carry the sides, with the saves of the versions
 * before read as proving no side; the failure limits on typing a side's
 * code, for a player on another server too.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "backgammon/bg_ui.h"
#include "gunjin/gj_ui.h"
#include "memline.h"
#include "sess.h"
#include "side.h"
#include "testutil.h"

/* One side bound to an account, the other to a guest's code, as a
 * session binds them. */
typedef struct bound {
    side_keys k;
    const char *account;    /* the host's account, "" for a guest */
} bound;

static void bind_two(tty_io *io, void *ctx)
{
    bound *b = ctx;
    snprintf(io->account, sizeof io->account, "%s", b->account);
    side_bind(&b->k, "gunjin", GJ_RED, io);
    io->account[0] = 0;
    side_bind(&b->k, "gunjin", GJ_BLUE, io);
}

static int in_bytes(const uint8_t *p, size_t n, const char *s)
{
    return memmem(p, n, s, strlen(s)) != NULL;
}

START_TEST(sides_bind_pack_and_unpack)
{
    bound b = { .account = "ann" };
    memline_opts o = { .run = bind_two, .ctx = &b, .seed = 5 };
    free(tu_run(&o, ""));
    ck_assert_int_eq(b.k.how[GJ_RED], SIDE_BY_ACCOUNT);
    ck_assert_str_eq(b.k.account[GJ_RED], "ann");
    ck_assert_int_eq(b.k.how[GJ_BLUE], SIDE_BY_CODE);
    ck_assert_int_eq((int)strlen(b.k.code[GJ_BLUE]), TTY_SIDE_LEN);
    char parsed[TTY_SIDE_SIZE];
    ck_assert_int_eq(tty_side_parse(b.k.code[GJ_BLUE], parsed), 0);
    ck_assert_str_eq(parsed, b.k.code[GJ_BLUE]);
    ck_assert(side_bound(&b.k));

    /* The account's side tells nothing; the guest's its code. */
    char tell[160];
    side_tell(&b.k, GJ_RED, "RED", tell, sizeof tell);
    ck_assert_str_eq(tell, "");
    side_tell(&b.k, GJ_BLUE, "BLUE", tell, sizeof tell);
    ck_assert_ptr_nonnull(strstr(tell, b.k.code[GJ_BLUE]));
    ck_assert_ptr_nonnull(strstr(tell, "SHOWN ONLY TO BLUE"));

    /* The bytes hold the account and the digest, never the code. */
    uint8_t bytes[SIDE_BYTES];
    side_pack(&b.k, bytes);
    ck_assert(in_bytes(bytes, sizeof bytes, "ann"));
    ck_assert(!in_bytes(bytes, sizeof bytes, b.k.code[GJ_BLUE]));
    side_keys back;
    ck_assert_int_eq(side_unpack(&back, bytes), 0);
    ck_assert_int_eq(back.how[GJ_RED], SIDE_BY_ACCOUNT);
    ck_assert_str_eq(back.account[GJ_RED], "ann");
    ck_assert_int_eq(back.how[GJ_BLUE], SIDE_BY_CODE);
    ck_assert_mem_eq(back.hash[GJ_BLUE], b.k.hash[GJ_BLUE], TTY_HASH_SIZE);
    ck_assert_str_eq(back.code[GJ_BLUE], "");  /* known to its player only */

    /* What unpacking refuses: a way of binding there is none of, an
     * account's side without a name, one side bound and not the other. */
    uint8_t bad[SIDE_BYTES];
    memcpy(bad, bytes, sizeof bad);
    bad[0] = 3;
    ck_assert_int_eq(side_unpack(&back, bad), -1);
    memcpy(bad, bytes, sizeof bad);
    bad[1] = 0;
    ck_assert_int_eq(side_unpack(&back, bad), -1);
    memcpy(bad, bytes, sizeof bad);
    memset(bad, 0, SIDE_BYTES / 2);
    ck_assert_int_eq(side_unpack(&back, bad), -1);
    /* Nothing bound at all: a save that proves no side. */
    memset(bad, 0, sizeof bad);
    ck_assert_int_eq(side_unpack(&back, bad), 0);
    ck_assert(!side_bound(&back));

    /* Two guests: each side gets a code of its own. */
    bound g = { .account = "" };
    memline_opts o2 = { .run = bind_two, .ctx = &g, .seed = 6 };
    free(tu_run(&o2, ""));
    ck_assert_int_eq(g.k.how[GJ_RED], SIDE_BY_CODE);
    ck_assert_str_ne(g.k.code[GJ_RED], g.k.code[GJ_BLUE]);
    ck_assert(memcmp(g.k.hash[GJ_RED], g.k.hash[GJ_BLUE], TTY_HASH_SIZE));
}
END_TEST

START_TEST(side_codes_are_typed_as_resume_codes_are)
{
    char c[TTY_SIDE_SIZE];
    ck_assert_int_eq(tty_side_parse("hjk mnp", c), 0);
    ck_assert_str_eq(c, "HJKMNP");
    ck_assert_int_eq(tty_side_parse("HJK-MNP", c), 0);
    ck_assert_str_eq(c, "HJKMNP");
    ck_assert_int_eq(tty_side_parse("BLUE", c), -1);     /* B, L: not used */
    ck_assert_int_eq(tty_side_parse("HJKMN", c), -1);
    ck_assert_int_eq(tty_side_parse("HJKMNPQ", c), -1);
    ck_assert_int_eq(tty_side_parse("", c), -1);
}
END_TEST

/* The failure limits of a side's code (tty_code_refused, tty_code_failed)
 * through the ops the menu hands the session, seen from a fake's side. */
static int refused_calls, failed_calls;
static char refused_addr[64], failed_addr[64];

static int fake_refused(sess *s)
{
    refused_calls++;
    snprintf(refused_addr, sizeof refused_addr, "%s", sess_addr(s));
    return 1;
}

static void fake_failed(sess *s)
{
    failed_calls++;
    snprintf(failed_addr, sizeof failed_addr, "%s", sess_addr(s));
}

/* The session as a player on another server is on the host's: its own
 * peer the relay's, the player's line's in far_peer. */
static void far_codes(tty_io *io, void *ctx)
{
    int *refused = ctx;
    io->far = 1;
    snprintf(io->peer, sizeof io->peer, "relay:two");
    snprintf(io->far_peer, sizeof io->far_peer, "192.0.2.7:4100");
    *refused = tty_code_refused(io);
    tty_code_failed(io);
    io->far = 0;
}

START_TEST(a_far_players_codes_are_counted_by_their_own_address)
{
    static const sess_code_ops fake = {
        .refused = fake_refused,
        .failed = fake_failed,
    };
    sess_set_code_ops(&fake);
    int refused = -1;
    memline_opts o = { .run = far_codes, .ctx = &refused, .seed = 7 };
    free(tu_run(&o, ""));
    sess_set_code_ops(NULL);
    /* Asked and counted, as a player of this server is ... */
    ck_assert_int_eq(refused, 1);
    ck_assert_int_eq(refused_calls, 1);
    ck_assert_int_eq(failed_calls, 1);
    /* ... by the player's own address, not the relay's. */
    ck_assert_str_eq(refused_addr, "192.0.2.7:4100");
    ck_assert_str_eq(failed_addr, "192.0.2.7:4100");
}
END_TEST

/* A save of the version before: the sides' bytes taken out of a save of
 * this one (at at), and the version byte set back. */
static uint8_t *older(const uint8_t *buf, size_t len, size_t at, int version,
                      size_t *out)
{
    uint8_t *old = malloc(len - SIDE_BYTES);
    memcpy(old, buf, at);
    memcpy(old + at, buf + at + SIDE_BYTES, len - at - SIDE_BYTES);
    old[2] = (uint8_t)version;
    *out = len - SIDE_BYTES;
    return old;
}

START_TEST(gunjin_saves_carry_the_sides)
{
    gj_match *m = calloc(1, sizeof *m), *back = calloc(1, sizeof *back);
    gj_setup red, blue;
    gj_rng r;
    gj_rng_seed(&r, 4);
    gj_setup_random(&red, &r);
    gj_setup_random(&blue, &r);
    ck_assert_int_eq(gj_game_init(&m->g, &red, &blue), 0);
    m->mode = GJ_MODE_TWO;
    m->rng.s = 77;
    strcpy(m->name[GJ_RED], "ANN");
    strcpy(m->name[GJ_BLUE], "BOB");
    m->keys.how[GJ_RED] = SIDE_BY_ACCOUNT;
    strcpy(m->keys.account[GJ_RED], "ann");
    m->keys.how[GJ_BLUE] = SIDE_BY_CODE;
    memset(m->keys.hash[GJ_BLUE], 0xa5, TTY_HASH_SIZE);
    strcpy(m->keys.code[GJ_BLUE], "HJKMNP");
    size_t len, oldlen;
    uint8_t *buf = gj_store_pack(m, &len);
    ck_assert_int_eq(buf[2], 2);
    ck_assert(!in_bytes(buf, len, "HJKMNP"));
    ck_assert_int_eq(gj_store_unpack(back, buf, len), 0);
    ck_assert(side_bound(&back->keys));
    ck_assert_str_eq(back->keys.account[GJ_RED], "ann");
    ck_assert_mem_eq(back->keys.hash[GJ_BLUE], m->keys.hash[GJ_BLUE],
                     TTY_HASH_SIZE);
    ck_assert_int_eq(back->g.nhist, m->g.nhist);
    /* sides' bytes that no save writes */
    buf[7 + 8 + 2 * GJ_NAME] = 9;
    ck_assert_int_eq(gj_store_unpack(back, buf, len), -1);
    buf[7 + 8 + 2 * GJ_NAME] = SIDE_BY_ACCOUNT;

    /* version 1 (no sides): read, proving no side */
    uint8_t *old = older(buf, len, 7 + 8 + 2 * GJ_NAME, 1, &oldlen);
    memset(back, 0, sizeof *back);
    ck_assert_int_eq(gj_store_unpack(back, old, oldlen), 0);
    ck_assert(!side_bound(&back->keys));
    ck_assert_int_eq(back->mode, GJ_MODE_TWO);
    ck_assert_str_eq(back->name[GJ_BLUE], "BOB");
    ck_assert_int_eq(back->g.nhist, m->g.nhist);
    free(old);
    free(buf);
    free(m);
    free(back);
}
END_TEST

START_TEST(backgammon_saves_carry_the_sides)
{
    bg_match m, u;
    memset(&m, 0, sizeof m);
    bg_state_new(&m.g, "ANN", "BOB", BG_RULES_ATARI, BG_BLUE);
    bg_state_throw(&m.g, 3, 1);
    m.mode = BG_MODE_TWO;
    m.level = BG_LEVEL_ATARI;
    bg_xrng_seed(&m.rng, 8);
    m.keys.how[BG_BLUE] = SIDE_BY_CODE;
    m.keys.how[BG_GREEN] = SIDE_BY_CODE;
    memset(m.keys.hash[BG_BLUE], 1, TTY_HASH_SIZE);
    memset(m.keys.hash[BG_GREEN], 2, TTY_HASH_SIZE);
    strcpy(m.keys.code[BG_BLUE], "ACDEFH");
    strcpy(m.keys.code[BG_GREEN], "JKMNPQ");
    size_t len, oldlen;
    uint8_t *buf = bg_store_pack(&m, &len);
    ck_assert_int_eq(buf[2], 3);
    ck_assert(!in_bytes(buf, len, "ACDEFH") && !in_bytes(buf, len, "JKMNPQ"));
    memset(&u, 0, sizeof u);
    ck_assert_int_eq(bg_store_unpack(&u, buf, len), 0);
    ck_assert(side_bound(&u.keys));
    ck_assert_mem_eq(u.keys.hash[BG_GREEN], m.keys.hash[BG_GREEN],
                     TTY_HASH_SIZE);
    ck_assert_str_eq(u.g.name[BG_GREEN], "BOB");
    bg_record_free(&u.rec);
    /* one colour bound and the other not: no save of this version */
    buf[19] = SIDE_FREE;
    ck_assert_int_eq(bg_store_unpack(&u, buf, len), -1);
    buf[19] = SIDE_BY_CODE;

    /* version 2 (no colours' bytes): read, proving no side */
    uint8_t *old = older(buf, len, 19, 2, &oldlen);
    memset(&u, 0, sizeof u);
    ck_assert_int_eq(bg_store_unpack(&u, old, oldlen), 0);
    ck_assert(!side_bound(&u.keys));
    ck_assert_int_eq(u.mode, BG_MODE_TWO);
    ck_assert_str_eq(u.g.name[BG_BLUE], "ANN");
    bg_record_free(&u.rec);
    free(old);
    free(buf);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("side");
    TCase *tc = tcase_create("side");
    tcase_add_test(tc, sides_bind_pack_and_unpack);
    tcase_add_test(tc, side_codes_are_typed_as_resume_codes_are);
    tcase_add_test(tc, a_far_players_codes_are_counted_by_their_own_address);
    tcase_add_test(tc, gunjin_saves_carry_the_sides);
    tcase_add_test(tc, backgammon_saves_carry_the_sides);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return tu_run_suite(suite());
}
