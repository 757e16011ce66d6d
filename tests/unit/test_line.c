/*
 * test_line.c - the line discipline (bytes to keys), the profile filters
 * (game text to wire bytes) and the telnet negotiation (bytes in, replies
 * out), each fed bytes directly.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ldisc.h"
#include "profile.h"
#include "tnet_proto.h"
#include "tty.h"
#include "testutil.h"

/* ---- ldisc ---------------------------------------------------------- */

typedef struct keys { int k[64]; int n; } keys;

static void keys_add(void *ctx, int key)
{
    keys *ks = ctx;
    if (ks->n < 64)
        ks->k[ks->n++] = key;
}

static keys feed(ldisc *ld, const char *bytes, size_t n)
{
    keys ks = { .n = 0 };
    ldisc_feed(ld, (const unsigned char *)bytes, n, keys_add, &ks);
    return ks;
}

START_TEST(returns_in_every_form_are_one_key)
{
    ldisc ld = { 0 };
    /* CR LF, CR NUL, LF, CR: four Returns between the letters. */
    keys ks = feed(&ld, "A\r\nB\r\0C\nD\rE", 12);
    int want[] = { 'A', '\r', 'B', '\r', 'C', '\r', 'D', '\r', 'E' };
    ck_assert_int_eq(ks.n, 9);
    for (int i = 0; i < 9; i++)
        ck_assert_int_eq(ks.k[i], want[i]);
}

START_TEST(cr_then_lf_split_across_reads_is_one_return)
{
    ldisc ld = { 0 };
    keys a = feed(&ld, "Y\r", 2);
    keys b = feed(&ld, "\n", 1);
    ck_assert_int_eq(a.n, 2);
    ck_assert_int_eq(a.k[1], TTY_KEY_RETURN);
    ck_assert_int_eq(b.n, 0);
    /* Two Returns in a row are two Returns. */
    keys c = feed(&ld, "\r\r", 2);
    ck_assert_int_eq(c.n, 2);
}

START_TEST(backspace_and_rubout_erase)
{
    ldisc ld = { 0 };
    keys ks = feed(&ld, "A\bB\x7f", 4);
    ck_assert_int_eq(ks.n, 4);
    ck_assert_int_eq(ks.k[1], TTY_KEY_ERASE);
    ck_assert_int_eq(ks.k[3], TTY_KEY_ERASE);
}

START_TEST(ansi_keys_become_key_codes)
{
    ldisc ld = { 0 };
    static const char seq[] =
        "\033[A\033[B\033OC\033OD\033[5~\033[1;5H\033Op\033Oy";
    keys ks = feed(&ld, seq, sizeof seq - 1);
    int want[] = { TTY_KEY_UP, TTY_KEY_DOWN, TTY_KEY_RIGHT, TTY_KEY_LEFT,
                   TTY_KEY_PGUP, TTY_KEY_HOME, '0', '9' };
    ck_assert_int_eq(ks.n, 8);
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(ks.k[i], want[i]);
}

START_TEST(lone_escape_waits_for_the_timer)
{
    ldisc ld = { 0 };
    keys ks = feed(&ld, "\033", 1);
    ck_assert_int_eq(ks.n, 0);
    ck_assert(ldisc_pending(&ld));
    ldisc_timeout(&ld, keys_add, &ks);
    ck_assert_int_eq(ks.n, 1);
    ck_assert_int_eq(ks.k[0], TTY_KEY_ESC);
    /* Escape then a letter: both. */
    keys b = feed(&ld, "\033x", 2);
    ck_assert_int_eq(b.n, 2);
    ck_assert_int_eq(b.k[0], TTY_KEY_ESC);
    ck_assert_int_eq(b.k[1], 'x');
}

START_TEST(teletype_folds_and_parity_is_stripped)
{
    ldisc ld = { .upper = 1, .strip8 = 1 };
    /* 'y' with its parity bit set, as a 7M1 line sends it. */
    char bytes[] = { 'y' | (char)0x80, 'e', (char)('\r' | 0x80) };
    keys ks = feed(&ld, bytes, 3);
    ck_assert_int_eq(ks.n, 3);
    ck_assert_int_eq(ks.k[0], 'Y');
    ck_assert_int_eq(ks.k[1], 'E');
    ck_assert_int_eq(ks.k[2], TTY_KEY_RETURN);
}

START_TEST(eight_bit_bytes_are_dropped_without_strip)
{
    ldisc ld = { 0 };
    keys ks = feed(&ld, "\xc3\xa9Z", 3);   /* UTF-8 e-acute, then Z */
    ck_assert_int_eq(ks.n, 1);
    ck_assert_int_eq(ks.k[0], 'Z');
}

/* ---- profile filters ------------------------------------------------ */

static char *filt(const char *profname, const char *text, size_t *n)
{
    pfilter f;
    buf out = { 0 };
    const profile *p = profile_find(profname);
    pfilter_init(&f, p, p->width);
    pfilter_run(&f, text, strlen(text), &out);
    buf_addc(&out, 0);
    *n = buf_avail(&out) - 1;
    char *r = malloc(buf_avail(&out));
    memcpy(r, buf_data(&out), buf_avail(&out));
    buf_free(&out);
    return r;
}

START_TEST(glass_turns_newline_into_cr_lf)
{
    size_t n;
    char *r = filt("glass", "ab\ncd\r\nef", &n);
    ck_assert_int_eq(n, 10);
    ck_assert_mem_eq(r, "ab\r\ncd\r\nef", 10);
    free(r);
}

START_TEST(asr33_pads_folds_and_wraps)
{
    size_t n;
    char *r = filt("asr33", "hi{}\nx", &n);
    /* upper case, { } as the Model 33 prints them, two NULs after CR LF */
    ck_assert_int_eq(n, 9);
    ck_assert_mem_eq(r, "HI[]\r\n\0\0X", 9);
    free(r);
    char line[100];
    memset(line, 'A', 80);
    line[80] = 0;
    r = filt("asr33", line, &n);
    /* 72 columns, then a new line for the other 8 */
    ck_assert_int_eq(n, 72 + 4 + 8);
    ck_assert_mem_eq(r + 72, "\r\n\0\0", 4);
    free(r);
}

START_TEST(asr33_expands_tabs)
{
    size_t n;
    char *r = filt("asr33", "A\tB", &n);
    ck_assert_str_eq(r, "A       B");
    free(r);
}

START_TEST(escape_sequences_take_no_column)
{
    pfilter f;
    buf out = { 0 };
    const profile *p = profile_find("asr33");
    pfilter_init(&f, p, 10);
    const char *text = "\033[1;1HABCDEFGHIJ";
    pfilter_run(&f, text, strlen(text), &out);
    ck_assert_int_eq(f.col, 10);
    /* the sequence is passed untouched (no case fold) */
    ck_assert_mem_eq(buf_data(&out), "\033[1;1H", 6);
    buf_free(&out);
}

START_TEST(ttype_picks_the_profile)
{
    ck_assert_str_eq(profile_for_ttype("XTERM-256COLOR")->name, "ansi");
    ck_assert_str_eq(profile_for_ttype("vt100")->name, "ansi");
    ck_assert_str_eq(profile_for_ttype("screen")->name, "ansi");
    ck_assert_str_eq(profile_for_ttype("DUMB")->name, "glass");
    ck_assert_str_eq(profile_for_ttype("UNKNOWN")->name, "glass");
    ck_assert_str_eq(profile_for_ttype("tty33")->name, "asr33");
    /* DEC's terminals draw in one colour, but the VT340 and VT525 */
    ck_assert_int_eq(profile_for_ttype("vt100")->color, 0);
    ck_assert_int_eq(profile_for_ttype("DEC-VT220")->color, 0);
    ck_assert_int_eq(profile_for_ttype("vt525")->color, 1);
    ck_assert_int_eq(profile_for_ttype("xterm")->color, 1);
    ck_assert_int_eq(profile_for_ttype("screen")->color, 1);
    ck_assert_int_eq(profile_find("ansi")->color, 1);
}

/* ---- telnet negotiation -------------------------------------------- */

typedef struct tn_log {
    buf wire, data;
    char ttype[64];
    int w, h, echo;
} tn_log;

static void tn_wire(void *c, const char *p, size_t n)
{
    buf_add(&((tn_log *)c)->wire, p, n);
}
static void tn_data(void *c, const unsigned char *p, size_t n)
{
    buf_add(&((tn_log *)c)->data, p, n);
}
static void tn_ttype(void *c, const char *name)
{
    snprintf(((tn_log *)c)->ttype, 64, "%s", name);
}
static void tn_naws(void *c, int w, int h)
{
    ((tn_log *)c)->w = w;
    ((tn_log *)c)->h = h;
}
static void tn_echo(void *c, int remote)
{
    ((tn_log *)c)->echo = remote ? 2 : 1;
}

static tnet_proto *tn_new(tn_log *log)
{
    memset(log, 0, sizeof *log);
    tnet_cb cb = { log, tn_wire, tn_data, tn_ttype, tn_naws, tn_echo, NULL };
    return tnet_proto_new(&cb);
}

#define IAC "\xff"

START_TEST(server_opens_with_its_offers)
{
    tn_log log;
    tnet_proto *p = tn_new(&log);
    /* WILL ECHO, WILL SGA, DO NAWS, DO TTYPE */
    const char want[] = IAC "\xfb\x01" IAC "\xfb\x03" IAC "\xfd\x1f"
                        IAC "\xfd\x18";
    ck_assert_int_eq(buf_avail(&log.wire), 12);
    ck_assert_mem_eq(buf_data(&log.wire), want, 12);
    ck_assert(!tnet_proto_answered(p));
    tnet_proto_free(p);
    buf_free(&log.wire);
}

START_TEST(client_answers_and_tells_its_terminal)
{
    tn_log log;
    tnet_proto *p = tn_new(&log);
    buf_free(&log.wire);
    /* DO ECHO, DO SGA, WILL NAWS, WILL TTYPE */
    const char reply[] = IAC "\xfd\x01" IAC "\xfd\x03" IAC "\xfb\x1f"
                         IAC "\xfb\x18";
    tnet_proto_recv(p, reply, 12);
    ck_assert(tnet_proto_answered(p));
    ck_assert_int_eq(log.echo, 1);      /* the server echoes */
    /* WILL TTYPE is answered with SB TTYPE SEND */
    const char send[] = IAC "\xfa\x18\x01" IAC "\xf0";
    ck_assert_int_eq(buf_avail(&log.wire), 6);
    ck_assert_mem_eq(buf_data(&log.wire), send, 6);
    ck_assert(!tnet_proto_settled(p));
    const char naws[] = IAC "\xfa\x1f\x00\x84\x00\x2b" IAC "\xf0";
    tnet_proto_recv(p, naws, 9);
    ck_assert_int_eq(log.w, 132);
    ck_assert_int_eq(log.h, 43);
    const char is[] = IAC "\xfa\x18\x00" "XTERM" IAC "\xf0";
    tnet_proto_recv(p, is, 11);
    ck_assert_str_eq(log.ttype, "XTERM");
    ck_assert(tnet_proto_settled(p));
    /* Text after the negotiation is the player's. */
    tnet_proto_recv(p, "Y\r\n", 3);
    ck_assert_int_eq(buf_avail(&log.data), 3);
    tnet_proto_free(p);
    buf_free(&log.wire);
    buf_free(&log.data);
}

START_TEST(client_refusing_everything_still_talks)
{
    tn_log log;
    tnet_proto *p = tn_new(&log);
    const char refuse[] = IAC "\xfe\x01" IAC "\xfe\x03" IAC "\xfc\x1f"
                          IAC "\xfc\x18";
    tnet_proto_recv(p, refuse, 12);
    ck_assert_int_eq(log.echo, 2);      /* the client echoes for itself */
    ck_assert(tnet_proto_settled(p));   /* no terminal type is coming */
    tnet_proto_recv(p, "HELLO\r\n", 7);
    ck_assert_int_eq(buf_avail(&log.data), 7);
    tnet_proto_free(p);
    buf_free(&log.wire);
    buf_free(&log.data);
}

START_TEST(output_escapes_iac_and_bare_cr)
{
    tn_log log;
    tnet_proto *p = tn_new(&log);
    buf_free(&log.wire);
    tnet_proto_send(p, "A\xff" "B\rC\r\n", 7);
    const char want[] = "A\xff\xff" "B\r\0C\r\n";
    ck_assert_int_eq(buf_avail(&log.wire), 9);
    ck_assert_mem_eq(buf_data(&log.wire), want, 9);
    tnet_proto_free(p);
    buf_free(&log.wire);
}

int main(void)
{
    Suite *s = suite_create("line");
    TCase *ld = tcase_create("ldisc");
    tcase_add_test(ld, returns_in_every_form_are_one_key);
    tcase_add_test(ld, cr_then_lf_split_across_reads_is_one_return);
    tcase_add_test(ld, backspace_and_rubout_erase);
    tcase_add_test(ld, ansi_keys_become_key_codes);
    tcase_add_test(ld, lone_escape_waits_for_the_timer);
    tcase_add_test(ld, teletype_folds_and_parity_is_stripped);
    tcase_add_test(ld, eight_bit_bytes_are_dropped_without_strip);
    suite_add_tcase(s, ld);
    TCase *pf = tcase_create("profile");
    tcase_add_test(pf, glass_turns_newline_into_cr_lf);
    tcase_add_test(pf, asr33_pads_folds_and_wraps);
    tcase_add_test(pf, asr33_expands_tabs);
    tcase_add_test(pf, escape_sequences_take_no_column);
    tcase_add_test(pf, ttype_picks_the_profile);
    suite_add_tcase(s, pf);
    TCase *tn = tcase_create("telnet");
    tcase_add_test(tn, server_opens_with_its_offers);
    tcase_add_test(tn, client_answers_and_tells_its_terminal);
    tcase_add_test(tn, client_refusing_everything_still_talks);
    tcase_add_test(tn, output_escapes_iac_and_bare_cr);
    suite_add_tcase(s, tn);
    return tu_run_suite(s);
}
