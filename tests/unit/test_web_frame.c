/*
 * test_web_frame.c - the relay's reading of a client's WebSocket frames:
 * masked frames pass whole, however the bytes are split; a frame's first
 * byte waits for its second; an unmasked frame stops the stream before
 * its first byte; lengths of 7, 16 and 64 bits; and the Close the relay
 * hands libwebsockets in its place.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <string.h>

#include "testutil.h"
#include "web_frame.h"

/* A masked frame of opcode op with n bytes of payload (the key 1 2 3 4;
 * the payload's bytes are not looked at). */
static size_t masked(unsigned char *out, int op, size_t n)
{
    size_t i = 0;
    out[i++] = (unsigned char)(0x80 | op);
    if (n < 126) {
        out[i++] = (unsigned char)(0x80 | n);
    } else if (n < 65536) {
        out[i++] = 0x80 | 126;
        out[i++] = (unsigned char)(n >> 8);
        out[i++] = (unsigned char)n;
    } else {
        out[i++] = 0x80 | 127;
        for (int s = 56; s >= 0; s -= 8)
            out[i++] = (unsigned char)((unsigned long long)n >> s);
    }
    for (int k = 1; k <= 4; k++)
        out[i++] = (unsigned char)k;
    memset(out + i, 'p', n);
    return i + n;
}

static unsigned char in[140000], out[140000];

/* Feed in in pieces of step bytes; what passed into out, -1 at a stop. */
static long feed(web_frame *f, const unsigned char *bytes, size_t n,
                 size_t step, unsigned char *to)
{
    static unsigned char piece[sizeof in + 1];
    size_t got = 0;
    for (size_t at = 0; at < n; at += step) {
        size_t take = n - at < step ? n - at : step, nout;
        int rc = web_frame_feed(f, bytes + at, take, piece, &nout);
        memcpy(to + got, piece, nout);
        got += nout;
        if (rc < 0)
            return -1 - (long)got;
    }
    return (long)got;
}

START_TEST(masked_frames_pass_whole)
{
    size_t n = masked(in, 2, 5);
    n += masked(in + n, 1, 200);            /* a 16-bit length */
    n += masked(in + n, 9, 0);              /* a ping, empty */
    n += masked(in + n, 2, 70000);          /* a 64-bit length */
    n += masked(in + n, 8, 2);              /* a close */
    const size_t steps[] = { 1, 2, 3, 7, 13, 4096, sizeof in };
    for (size_t s = 0; s < sizeof steps / sizeof steps[0]; s++) {
        web_frame f = { 0 };
        ck_assert_int_eq(feed(&f, in, n, steps[s], out), (long)n);
        ck_assert(memcmp(in, out, n) == 0);
    }
}
END_TEST

START_TEST(the_first_byte_waits_for_the_second)
{
    web_frame f = { 0 };
    size_t n = masked(in, 2, 5), nout;
    ck_assert_int_eq(web_frame_feed(&f, in, 1, out, &nout), 0);
    ck_assert_uint_eq(nout, 0);
    ck_assert_int_eq(web_frame_feed(&f, in + 1, n - 1, out, &nout), 0);
    ck_assert_uint_eq(nout, n);
    ck_assert(memcmp(in, out, n) == 0);
}
END_TEST

START_TEST(an_unmasked_frame_stops_before_it)
{
    /* 82 05 'iZED\r', the mask bit clear, after a masked frame */
    size_t n = masked(in, 2, 3);
    const unsigned char bad[] = { 0x82, 0x05, 'i', 'Z', 'E', 'D', '\r' };
    memcpy(in + n, bad, sizeof bad);
    const size_t steps[] = { 1, 2, 5, sizeof in };
    for (size_t s = 0; s < sizeof steps / sizeof steps[0]; s++) {
        web_frame f = { 0 };
        ck_assert_int_eq(feed(&f, in, n + sizeof bad, steps[s], out),
                         -1 - (long)n);
        ck_assert(memcmp(in, out, n) == 0);
        /* and nothing after it */
        size_t nout;
        ck_assert_int_eq(web_frame_feed(&f, in, n, out, &nout), -1);
        ck_assert_uint_eq(nout, 0);
    }
}
END_TEST

START_TEST(the_close_in_its_place)
{
    unsigned char c[8 + 123];
    size_t n = web_frame_close(c, 1002, "unmasked frame");
    ck_assert_uint_eq(n, 8 + 14);
    ck_assert_uint_eq(c[0], 0x88);          /* FIN, Close */
    ck_assert_uint_eq(c[1], 0x80 | 16);     /* masked, 16 bytes */
    ck_assert_uint_eq(c[6] << 8 | c[7], 1002);
    ck_assert(memcmp(c + 8, "unmasked frame", 14) == 0);
    /* it is a frame the reading takes */
    web_frame f = { 0 };
    size_t nout;
    ck_assert_int_eq(web_frame_feed(&f, c, n, out, &nout), 0);
    ck_assert_uint_eq(nout, n);
    char longer[200];
    memset(longer, 'r', sizeof longer - 1);
    longer[sizeof longer - 1] = 0;
    ck_assert_uint_eq(web_frame_close(c, 1002, longer), 8 + 123);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("web_frame");
    TCase *t = tcase_create("frames");
    tcase_add_test(t, masked_frames_pass_whole);
    tcase_add_test(t, the_first_byte_waits_for_the_second);
    tcase_add_test(t, an_unmasked_frame_stops_before_it);
    tcase_add_test(t, the_close_in_its_place);
    suite_add_tcase(s, t);
    return tu_run_suite(s);
}
