/*
 * test_typeahead.c - keys typed or piped far ahead of the game: none is
 * lost (the line is read only as fast as the game takes keys), and CKINP
 * spun on as the book spins on it lets the loop run.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "sess.h"
#include "testutil.h"
#include "tty.h"

typedef struct keylog {
    int keys[4096];
    int n;
    int held_seen;      /* the line was told to stop reading */
    int after_flush;    /* keys read after tty_flush_input (-1: no flush) */
} keylog;

static void read_all(tty_io *io, void *ctx)
{
    keylog *k = ctx;
    for (;;) {
        int key = tty_inkey(io);
        if (key == TTY_EOF)
            return;
        if (io->holding)
            k->held_seen = 1;
        if (k->n < 4096)
            k->keys[k->n] = key;
        k->n++;
    }
}

static char *burst_run(void (*fn)(tty_io *, void *), void *ctx,
                       const char *input, size_t len, int burst)
{
    memline_opts o = { .run = fn, .ctx = ctx, .seed = 1, .burst = burst };
    char *out = memline_run(&o, input, len, NULL);
    ck_assert_ptr_nonnull(out);
    return out;
}

START_TEST(a_burst_past_the_queue_loses_no_key)
{
    static keylog k;
    memset(&k, 0, sizeof k);
    char in[1000];
    memset(in, 'a', sizeof in);
    for (int i = 0; i < 1000; i += 97)
        in[i] = (char)('A' + i % 26);
    in[999] = 'z';
    free(burst_run(read_all, &k, in, sizeof in, 1000));
    ck_assert_int_eq(k.n, 1000);
    ck_assert_int_eq(k.held_seen, 1);
    for (int i = 0; i < 1000; i++)
        ck_assert_int_eq(k.keys[i], (unsigned char)in[i]);
}
END_TEST

START_TEST(small_bursts_keep_their_order)
{
    static keylog k;
    memset(&k, 0, sizeof k);
    char in[3000];
    for (int i = 0; i < 3000; i++)
        in[i] = (char)('a' + i % 26);
    free(burst_run(read_all, &k, in, sizeof in, 61));
    ck_assert_int_eq(k.n, 3000);
    for (int i = 0; i < 3000; i++)
        ck_assert_int_eq(k.keys[i], 'a' + i % 26);
}
END_TEST

START_TEST(a_sequence_split_by_the_full_queue_is_one_key)
{
    static keylog k;
    memset(&k, 0, sizeof k);
    char in[300];
    memset(in, 'b', 255);
    memcpy(in + 255, "\033[Ac\r\nd", 7);
    free(burst_run(read_all, &k, in, 262, 262));
    ck_assert_int_eq(k.n, 259);
    ck_assert_int_eq(k.keys[254], 'b');
    ck_assert_int_eq(k.keys[255], TTY_KEY_UP);
    ck_assert_int_eq(k.keys[256], 'c');
    ck_assert_int_eq(k.keys[257], TTY_KEY_RETURN);     /* CR LF: one */
    ck_assert_int_eq(k.keys[258], 'd');
}
END_TEST

START_TEST(an_escape_and_a_key_at_the_full_queue_are_both_kept)
{
    /* ESC x is two keys from one byte (the x): the queue must have room
     * for both wherever the burst leaves it */
    for (int lead = 250; lead <= 258; lead++) {
        static keylog k;
        memset(&k, 0, sizeof k);
        char in[300];
        memset(in, 'b', (size_t)lead);
        memcpy(in + lead, "\033xyz", 4);
        free(burst_run(read_all, &k, in, (size_t)lead + 4, lead + 4));
        ck_assert_int_eq(k.n, lead + 4);
        ck_assert_int_eq(k.keys[lead - 1], 'b');
        ck_assert_int_eq(k.keys[lead], TTY_KEY_ESC);
        ck_assert_int_eq(k.keys[lead + 1], 'x');
        ck_assert_int_eq(k.keys[lead + 3], 'z');
    }
}
END_TEST

static void read_one_then_flush(tty_io *io, void *ctx)
{
    keylog *k = ctx;
    k->keys[k->n++] = tty_inkey(io);
    tty_flush_input(io);
    k->after_flush = 0;
    while (tty_inkey(io) != TTY_EOF)
        k->after_flush++;
}

START_TEST(flushing_forgets_held_bytes_too)
{
    static keylog k;
    memset(&k, 0, sizeof k);
    char in[800];
    memset(in, 'x', sizeof in);
    free(burst_run(read_one_then_flush, &k, in, sizeof in, 800));
    ck_assert_int_eq(k.n, 1);
    ck_assert_int_eq(k.after_flush, 0);
}
END_TEST

START_TEST(hangman_reads_a_long_script_to_the_end)
{
    /* 400 "no thanks"-that-is-not-N answers, then N: every one is asked
     * and answered, and the game says goodbye. */
    char in[402];
    memset(in, 'K', 400);
    in[400] = 'N';
    memline_opts o = { .game = "hangman", .seed = 1, .burst = 4096 };
    char *out = memline_run(&o, in, 401, NULL);
    ck_assert_ptr_nonnull(out);
    ck_assert_int_eq(tu_count(out, "WANT A NEW WORD? "), 401);
    ck_assert_ptr_nonnull(strstr(out, "WANT A NEW WORD? N\r\nGOODBYE!"));
    free(out);
}
END_TEST

/* ---- CKINP ---------------------------------------------------------- */

typedef struct spin { long count; int key; } spin;

static void spin_on_ckinp(tty_io *io, void *ctx)
{
    spin *sp = ctx;
    /* The book's idiom: count in L until a key is waiting. */
    while (!tty_ckinp(io))
        sp->count++;
    sp->key = tty_inputn(io);
}

START_TEST(a_ckinp_loop_lets_the_key_arrive)
{
    /* The typist types only when the loop turns: were CKINP never to
     * yield, this would spin forever. */
    spin sp = { 0, 0 };
    memline_opts o = { .run = spin_on_ckinp, .ctx = &sp, .seed = 1,
                       .eager = 1 };
    char *out = memline_run(&o, "x", 1, NULL);
    ck_assert_ptr_nonnull(out);
    ck_assert_int_eq(sp.key, 'x');
    ck_assert_str_eq(out, "x");
    free(out);
}
END_TEST

START_TEST(a_ckinp_loop_ends_at_a_hangup)
{
    spin sp = { 0, 0 };
    memline_opts o = { .run = spin_on_ckinp, .ctx = &sp, .seed = 1,
                       .eager = 1 };
    free(memline_run(&o, "", 0, NULL));
    ck_assert_int_eq(sp.key, TTY_EOF);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("typeahead");
    TCase *t = tcase_create("typeahead");
    tcase_add_test(t, a_burst_past_the_queue_loses_no_key);
    tcase_add_test(t, small_bursts_keep_their_order);
    tcase_add_test(t, a_sequence_split_by_the_full_queue_is_one_key);
    tcase_add_test(t, an_escape_and_a_key_at_the_full_queue_are_both_kept);
    tcase_add_test(t, flushing_forgets_held_bytes_too);
    tcase_add_test(t, hangman_reads_a_long_script_to_the_end);
    tcase_add_test(t, a_ckinp_loop_lets_the_key_arrive);
    tcase_add_test(t, a_ckinp_loop_ends_at_a_hangup);
    suite_add_tcase(s, t);
    return tu_run_suite(s);
}
