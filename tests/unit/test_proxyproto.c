/*
 * test_proxyproto.c - the PROXY protocol parser: v1 and v2 headers, what
 * follows them, headers that arrive a byte at a time, and refusals; and
 * the address ranges that name trusted proxies and bans.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <arpa/inet.h>
#include <check.h>
#include <netinet/in.h>
#include <string.h>

#include "cidr.h"
#include "proxyproto.h"
#include "testutil.h"

static int parse(const char *s, size_t n, pp_result *r)
{
    memset(r, 0, sizeof *r);
    return pp_parse((const unsigned char *)s, n, r);
}

START_TEST(v1_tcp4)
{
    const char *h = "PROXY TCP4 192.0.2.7 127.0.0.1 40000 2323\r\nhello";
    pp_result r;
    ck_assert_int_eq(parse(h, strlen(h), &r), PP_DONE);
    ck_assert_uint_eq(r.used, strlen(h) - 5);
    ck_assert_int_eq(r.local, 0);
    char host[64], peer[80];
    pp_name(&r.src, host, sizeof host, peer, sizeof peer);
    ck_assert_str_eq(host, "192.0.2.7");
    ck_assert_str_eq(peer, "192.0.2.7:40000");
}
END_TEST

START_TEST(v1_tcp6_and_unknown)
{
    const char *h = "PROXY TCP6 2001:db8::5 ::1 65535 23\r\n";
    pp_result r;
    ck_assert_int_eq(parse(h, strlen(h), &r), PP_DONE);
    char host[64], peer[80];
    pp_name(&r.src, host, sizeof host, peer, sizeof peer);
    ck_assert_str_eq(peer, "[2001:db8::5]:65535");
    h = "PROXY UNKNOWN\r\n";
    ck_assert_int_eq(parse(h, strlen(h), &r), PP_DONE);
    ck_assert_int_eq(r.local, 1);
    ck_assert_uint_eq(r.used, strlen(h));
}
END_TEST

START_TEST(v1_byte_by_byte)
{
    const char *h = "PROXY TCP4 10.1.2.3 10.0.0.1 1 2\r\n";
    pp_result r;
    for (size_t n = 1; n < strlen(h); n++)
        ck_assert_int_eq(parse(h, n, &r), PP_MORE);
    ck_assert_int_eq(parse(h, strlen(h), &r), PP_DONE);
}
END_TEST

START_TEST(v1_refused)
{
    static const char *bad[] = {
        "PROXY TCP4 1.2.3.4 5.6.7.8 1\r\n",          /* a field short */
        "PROXY TCP4 1.2.3.999 5.6.7.8 1 2\r\n",      /* not an address */
        "PROXY TCP4 ::1 ::1 1 2\r\n",                /* family mismatch */
        "PROXY TCP4 1.2.3.4 5.6.7.8 65536 2\r\n",    /* port range */
        "PROXY TCP4 1.2.3.4 5.6.7.8 01 2\r\n",       /* leading zero */
        "PROXY TCP4  1.2.3.4 5.6.7.8 1 2\r\n",       /* two spaces */
        "PROXY UDP4 1.2.3.4 5.6.7.8 1 2\r\n",
        "PROXY TCP4 1.2.3.4 5.6.7.8 1 2\x1b\r\n",    /* control byte */
        "proxy TCP4 1.2.3.4 5.6.7.8 1 2\r\n",
        "\xff\xfd\x18",                              /* a telnet client */
        "GET / HTTP/1.1\r\n",
    };
    pp_result r;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(parse(bad[i], strlen(bad[i]), &r) == PP_BAD,
                      "taken: %s", bad[i]);
    /* A line that never ends is refused at the specification's limit. */
    char longl[200];
    memset(longl, '1', sizeof longl);
    memcpy(longl, "PROXY TCP4 ", 11);
    ck_assert_int_eq(parse(longl, 106, &r), PP_MORE);
    ck_assert_int_eq(parse(longl, sizeof longl, &r), PP_BAD);
}
END_TEST

static size_t v2(unsigned char *b, unsigned cmd, unsigned famproto,
                 const void *addr, size_t alen, size_t tlv)
{
    static const unsigned char sig[12] = { 0x0D, 0x0A, 0x0D, 0x0A, 0x00,
        0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A };
    memcpy(b, sig, 12);
    b[12] = (unsigned char)(0x20 | cmd);
    b[13] = (unsigned char)famproto;
    size_t len = alen + tlv;
    b[14] = (unsigned char)(len >> 8);
    b[15] = (unsigned char)len;
    memcpy(b + 16, addr, alen);
    memset(b + 16 + alen, 0, tlv);
    return 16 + len;
}

START_TEST(v2_inet_and_inet6)
{
    unsigned char b[PP_MAX + 64];
    unsigned char a4[12] = { 198, 51, 100, 9, 127, 0, 0, 1, 0x9c, 0x40,
                             0x09, 0x13 };
    size_t n = v2(b, 1, 0x11, a4, sizeof a4, 5);   /* with a TLV's room */
    memcpy(b + n, "XY", 2);
    pp_result r;
    ck_assert_int_eq(pp_parse(b, n + 2, &r), PP_DONE);
    ck_assert_uint_eq(r.used, n);
    char host[64], peer[80];
    pp_name(&r.src, host, sizeof host, peer, sizeof peer);
    ck_assert_str_eq(peer, "198.51.100.9:40000");
    for (size_t k = 1; k < n; k++)
        ck_assert_int_eq(pp_parse(b, k, &r), PP_MORE);

    unsigned char a6[36] = { 0 };
    a6[0] = 0x20; a6[1] = 0x01; a6[2] = 0x0d; a6[3] = 0xb8; a6[15] = 9;
    a6[31] = 1;
    a6[32] = 0x01; a6[33] = 0x02;
    n = v2(b, 1, 0x21, a6, sizeof a6, 0);
    ck_assert_int_eq(pp_parse(b, n, &r), PP_DONE);
    pp_name(&r.src, host, sizeof host, peer, sizeof peer);
    ck_assert_str_eq(peer, "[2001:db8::9]:258");
}
END_TEST

START_TEST(v2_local_and_refused)
{
    unsigned char b[PP_MAX + 64];
    pp_result r;
    size_t n = v2(b, 0, 0x00, "", 0, 0);
    ck_assert_int_eq(pp_parse(b, n, &r), PP_DONE);
    ck_assert_int_eq(r.local, 1);
    unsigned char a4[12] = { 0 };
    n = v2(b, 1, 0x12, a4, sizeof a4, 0);            /* UDP */
    ck_assert_int_eq(pp_parse(b, n, &r), PP_BAD);
    n = v2(b, 1, 0x11, a4, 8, 0);                    /* too short */
    ck_assert_int_eq(pp_parse(b, n, &r), PP_BAD);
    n = v2(b, 2, 0x11, a4, sizeof a4, 0);            /* no such command */
    ck_assert_int_eq(pp_parse(b, n, &r), PP_BAD);
    n = v2(b, 1, 0x11, a4, sizeof a4, PP_MAX);       /* longer than taken */
    ck_assert_int_eq(pp_parse(b, 16, &r), PP_BAD);
    b[12] = 0x11;                                    /* version 1 */
    ck_assert_int_eq(pp_parse(b, 16, &r), PP_BAD);
}
END_TEST

START_TEST(ranges)
{
    cidr c;
    char out[64];
    ck_assert_int_eq(cidr_parse("192.0.2.77/24", &c), 0);
    cidr_format(&c, out, sizeof out);
    ck_assert_str_eq(out, "192.0.2.0/24");
    ck_assert_int_eq(cidr_match_host(&c, "192.0.2.200"), 1);
    ck_assert_int_eq(cidr_match_host(&c, "192.0.3.1"), 0);
    /* a dual-stack listener names IPv4 clients in IPv6 form */
    ck_assert_int_eq(cidr_match_host(&c, "[::ffff:192.0.2.5]"), 1);
    ck_assert_int_eq(cidr_match_host(&c, "[2001:db8::1]"), 0);
    ck_assert_int_eq(cidr_parse("[2001:db8::1]", &c), 0);
    cidr_format(&c, out, sizeof out);
    ck_assert_str_eq(out, "2001:db8::1");
    ck_assert_int_eq(cidr_parse("2001:db8::/33", &c), 0);
    ck_assert_int_eq(cidr_match_host(&c, "[2001:db8:7fff::1]"), 1);
    ck_assert_int_eq(cidr_match_host(&c, "[2001:db8:8000::1]"), 0);
    ck_assert_int_eq(cidr_parse("0.0.0.0/0", &c), 0);
    ck_assert_int_eq(cidr_match_host(&c, "203.0.113.1"), 1);
    ck_assert_int_eq(cidr_match_host(&c, "not-an-address"), -1);
    static const char *bad[] = { "", "1.2.3.4/33", "1.2.3.4/", "1.2.3/8",
        "::1/129", "1.2.3.4/-1", "[1.2.3.4", "host.example", "1.2.3.4/8x" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(cidr_parse(bad[i], &c) == -1, "taken: %s", bad[i]);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("proxyproto");
    TCase *tc = tcase_create("parse");
    tcase_add_test(tc, v1_tcp4);
    tcase_add_test(tc, v1_tcp6_and_unknown);
    tcase_add_test(tc, v1_byte_by_byte);
    tcase_add_test(tc, v1_refused);
    tcase_add_test(tc, v2_inet_and_inet6);
    tcase_add_test(tc, v2_local_and_refused);
    tcase_add_test(tc, ranges);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
