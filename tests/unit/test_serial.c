/*
 * test_serial.c - serial framings, software parity bit by bit, and the
 * pacer: output never faster than the line allows.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <uv.h>

#include "serial.h"
#include "sess.h"
#include "srv.h"
#include "testutil.h"

START_TEST(specs_parse_with_defaults)
{
    char dev[64];
    serial_framing fr;
    int xon;
    ck_assert_int_eq(serial_parse("/dev/ttyUSB0", dev, sizeof dev, &fr, &xon),
                     0);
    ck_assert_str_eq(dev, "/dev/ttyUSB0");
    ck_assert_int_eq(fr.baud, 9600);
    ck_assert_int_eq(fr.data, 8);
    ck_assert_int_eq(fr.parity, 'N');
    ck_assert_int_eq(fr.stop, 1);
    ck_assert_int_eq(xon, 0);
    ck_assert_int_eq(serial_parse("/dev/ttyS0:110:7e2:xon", dev, sizeof dev,
                                  &fr, &xon), 0);
    ck_assert_int_eq(fr.baud, 110);
    ck_assert_int_eq(fr.data, 7);
    ck_assert_int_eq(fr.parity, 'E');
    ck_assert_int_eq(fr.stop, 2);
    ck_assert_int_eq(xon, 1);
    ck_assert_int_eq(serial_bits_per_char(&fr), 11);    /* 10 cps at 110 */
    ck_assert_int_eq(serial_parse("/dev/x:1200:7M1", dev, sizeof dev, &fr,
                                  &xon), 0);
    ck_assert_int_eq(serial_bits_per_char(&fr), 10);
}

START_TEST(bad_specs_are_refused)
{
    char dev[64];
    serial_framing fr;
    int xon;
    const char *bad[] = { "", ":9600", "/dev/x:123", "/dev/x:50",
                          "/dev/x:9600:8E1", "/dev/x:9600:7N1",
                          "/dev/x:9600:7X1", "/dev/x:9600:7E3",
                          "/dev/x:9600:7E1:rts", "/dev/x:fast", 0 };
    for (int i = 0; bad[i]; i++)
        ck_assert_msg(serial_parse(bad[i], dev, sizeof dev, &fr, &xon) != 0,
                      "accepted %s", bad[i]);
}

START_TEST(parity_bit_by_bit)
{
    for (int c = 0; c < 128; c++) {
        int ones = __builtin_popcount((unsigned)c);
        unsigned char e = serial_with_parity((unsigned char)c, 'E');
        unsigned char o = serial_with_parity((unsigned char)c, 'O');
        ck_assert_int_eq(e & 0x7f, c);
        ck_assert_int_eq(o & 0x7f, c);
        ck_assert_int_eq(__builtin_popcount(e) % 2, 0);
        ck_assert_int_eq(__builtin_popcount(o) % 2, 1);
        ck_assert_int_eq(serial_with_parity((unsigned char)c, 'M'), c | 0x80);
        ck_assert_int_eq(serial_with_parity((unsigned char)(c | 0x80), 'S'),
                         c);
        ck_assert_int_eq((e >> 7) & 1, ones & 1);
    }
    /* The SCELBI listings' bytes: with mark parity 'A' is 301, CR 215. */
    ck_assert_int_eq(serial_with_parity('A', 'M'), 0301);
    ck_assert_int_eq(serial_with_parity('\r', 'M'), 0215);
}

/* ---- the pacer ------------------------------------------------------ */

typedef struct pace_log {
    uint64_t at[4096];
    int n;
} pace_log;

static void pace_sent(void *ctx, const char *p, size_t n)
{
    pace_log *log = ctx;
    uint64_t now = uv_hrtime();
    for (size_t i = 0; i < n && log->n < 4096; i++)
        log->at[log->n++] = now;
}

static void print_lines(tty_io *io, void *ctx)
{
    (void)ctx;
    for (int i = 0; i < 6; i++)
        tty_msg(io, "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG'S BACK\n");
    tty_drain(io);
}

/* Characters a second, as a line analyser would measure it: over every
 * stretch of at least a second, the characters that started after the
 * first one, divided by the time since it.  The highest such rate. */
static double fastest_rate(const pace_log *log)
{
    double most = 0;
    for (int i = 0; i < log->n; i++)
        for (int j = i + 1; j < log->n; j++) {
            uint64_t span = log->at[j] - log->at[i];
            if (span < 1000000000ull)
                continue;
            double rate = (double)(j - i) * 1e9 / (double)span;
            if (rate > most)
                most = rate;
        }
    return most;
}

START_TEST(pacing_never_exceeds_1200_baud)
{
    static pace_log log;
    log.n = 0;
    memline_opts o = { .run = print_lines, .seed = 1, .baud = 1200,
                       .sent = pace_sent, .ctx = &log };
    free(tu_run(&o, ""));
    ck_assert_int_eq(log.n, 6 * 52);
    /* 1200 baud, 10 bits a character: 120 characters a second at most
     * (to the nearest character) */
    ck_assert_double_lt(fastest_rate(&log), 120.5);
    /* and all of it did go: 312 characters need 311/120 s at least */
    uint64_t took = log.at[log.n - 1] - log.at[0];
    ck_assert_uint_ge(took, 311ull * 1000000000ull / 120 - 20000000ull);
}

START_TEST(a_teletype_line_is_ten_characters_a_second)
{
    static pace_log log;
    log.n = 0;
    memline_opts o = { .run = print_lines, .seed = 1, .baud = 110,
                       .sent = pace_sent, .ctx = &log };
    srv_conf_defaults();
    srv.pace_scale = 10;    /* the same line ten times faster */
    free(tu_run(&o, ""));
    srv_conf_defaults();
    ck_assert_int_eq(log.n, 6 * 52);
    ck_assert_double_lt(fastest_rate(&log), 100.5);
    /* and it was paced at all: 311/100 s at least */
    uint64_t took = log.at[log.n - 1] - log.at[0];
    ck_assert_uint_ge(took, 311ull * 1000000000ull / 100 - 20000000ull);
}

/* The line's speed changes while a message waits for its next character
 * (as the teletype page's "b" arrives, from outside the game): what waits
 * goes at the new speed at once, all of it when the line is unpaced. */
typedef struct speed_change {
    sess *s;
    uv_timer_t t;
    size_t waiting, left;
} speed_change;

static void change_speed(uv_timer_t *t)
{
    speed_change *c = t->data;
    c->waiting = buf_avail(&c->s->out);
    sess_set_baud(c->s, 0, 0);
    c->left = buf_avail(&c->s->out);
    uv_close((uv_handle_t *)t, NULL);
}

static void print_then_wait(tty_io *io, void *ctx)
{
    speed_change *c = ctx;
    c->s = (sess *)io;
    uv_timer_init(srv_loop, &c->t);
    c->t.data = c;
    uv_timer_start(&c->t, change_speed, 100, 0);
    tty_msg(io, "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG'S BACK\n");
    tty_sleep(io, 300);
}

START_TEST(a_speed_changed_mid_message_applies_to_the_rest)
{
    speed_change c = { 0 };
    memline_opts o = { .run = print_then_wait, .seed = 1, .baud = 110,
                       .ctx = &c };
    char *out = tu_run(&o, "");
    /* 100 ms into a 5-second message at 110 baud: most of it waited */
    ck_assert_uint_gt(c.waiting, 40);
    ck_assert_uint_eq(c.left, 0);
    ck_assert_str_eq(out,
                     "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG'S BACK\r\n");
    free(out);
}

int main(void)
{
    Suite *s = suite_create("serial");
    TCase *fr = tcase_create("framing");
    tcase_add_test(fr, specs_parse_with_defaults);
    tcase_add_test(fr, bad_specs_are_refused);
    tcase_add_test(fr, parity_bit_by_bit);
    suite_add_tcase(s, fr);
    TCase *pace = tcase_create("pacing");
    tcase_set_timeout(pace, 30);
    tcase_add_test(pace, pacing_never_exceeds_1200_baud);
    tcase_add_test(pace, a_teletype_line_is_ten_characters_a_second);
    tcase_add_test(pace, a_speed_changed_mid_message_applies_to_the_rest);
    suite_add_tcase(s, pace);
    return tu_run_suite(s);
}
