/*
 * test_web_gate.c - the web door's gate: which pages may open a session
 * (Origin against Host, --http-origin), and which address a session is
 * counted and logged under (X-Forwarded-For only from --http-trust-proxy
 * addresses); and the URL table.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <string.h>

#include "testutil.h"
#include "web_gate.h"
#include "web_route.h"

START_TEST(the_pages_own_server_may)
{
    web_gate g = { 0 };
    ck_assert(web_gate_origin_ok(&g, "http://127.0.0.1:8080",
                                 "127.0.0.1:8080"));
    ck_assert(web_gate_origin_ok(&g, "https://Games.Example.org",
                                 "games.example.org"));
    /* no Origin: not a browser */
    ck_assert(web_gate_origin_ok(&g, NULL, "x"));
    ck_assert(web_gate_origin_ok(&g, "", "x"));
}
END_TEST

START_TEST(another_site_may_not)
{
    web_gate g = { 0 };
    ck_assert(!web_gate_origin_ok(&g, "http://evil.example",
                                  "127.0.0.1:8080"));
    /* same host, another port is another origin */
    ck_assert(!web_gate_origin_ok(&g, "http://127.0.0.1:9999",
                                  "127.0.0.1:8080"));
    /* a prefix is not the host */
    ck_assert(!web_gate_origin_ok(&g, "http://games.example.org.evil",
                                  "games.example.org"));
    ck_assert(!web_gate_origin_ok(&g, "http://games.example",
                                  "games.example.org"));
    ck_assert(!web_gate_origin_ok(&g, "null", "games.example.org"));
    ck_assert(!web_gate_origin_ok(&g, "file://", "games.example.org"));
    ck_assert(!web_gate_origin_ok(&g, "http://a/b", "a"));
    ck_assert(!web_gate_origin_ok(&g, "http://a", NULL));
}
END_TEST

START_TEST(listed_origins_may)
{
    web_gate g = { 0 };
    ck_assert_int_eq(web_gate_allow_origin(&g, "https://arcade.example"), 0);
    ck_assert_int_eq(web_gate_allow_origin(&g, "not an origin"), -1);
    ck_assert(web_gate_origin_ok(&g, "https://arcade.example", "x:1"));
    ck_assert(web_gate_origin_ok(&g, "https://ARCADE.example/", "x:1"));
    ck_assert(!web_gate_origin_ok(&g, "http://arcade.example", "x:1"));
    ck_assert_int_eq(web_gate_allow_origin(&g, "*"), 0);
    ck_assert(web_gate_origin_ok(&g, "http://anywhere", "x:1"));
}
END_TEST

START_TEST(forwarded_for_only_from_trusted_proxies)
{
    web_gate g = { 0 };
    char out[64];
    /* nobody trusted: the header is the client's word only */
    web_gate_client(&g, "192.0.2.7", "203.0.113.9", out, sizeof out);
    ck_assert_str_eq(out, "192.0.2.7");
    ck_assert_int_eq(web_gate_trust_proxy(&g, "127.0.0.1"), 0);
    ck_assert_int_eq(web_gate_trust_proxy(&g, "10.0.0.0/8"), 0);
    ck_assert_int_eq(web_gate_trust_proxy(&g, "fd00::/8"), 0);
    ck_assert_int_eq(web_gate_trust_proxy(&g, "10.0.0.0/33"), -1);
    ck_assert_int_eq(web_gate_trust_proxy(&g, "proxy.example"), -1);
    web_gate_client(&g, "127.0.0.1", "203.0.113.9", out, sizeof out);
    ck_assert_str_eq(out, "203.0.113.9");
    /* the mapped form a dual-stack socket reports */
    web_gate_client(&g, "::ffff:127.0.0.1", "203.0.113.9", out, sizeof out);
    ck_assert_str_eq(out, "203.0.113.9");
    /* a client's own forged entry stays left of what the proxies saw */
    web_gate_client(&g, "127.0.0.1", "1.2.3.4, 203.0.113.9, 10.1.2.3", out,
                    sizeof out);
    ck_assert_str_eq(out, "203.0.113.9");
    web_gate_client(&g, "fd12::1", " 2001:db8::5 ", out, sizeof out);
    ck_assert_str_eq(out, "2001:db8::5");
    /* junk in the header is passed over */
    web_gate_client(&g, "127.0.0.1", "\033[2J, nonsense", out, sizeof out);
    ck_assert_str_eq(out, "127.0.0.1");
    /* an untrusted peer's header is not read */
    web_gate_client(&g, "192.0.2.7", "203.0.113.9", out, sizeof out);
    ck_assert_str_eq(out, "192.0.2.7");
    ck_assert(web_gate_is_proxy(&g, "10.200.3.4"));
    ck_assert(!web_gate_is_proxy(&g, "11.0.0.1"));
}
END_TEST

START_TEST(the_url_table)
{
    ck_assert_int_eq(web_route_find("/")->kind, WEB_ROUTE_FILE);
    ck_assert_str_eq(web_route_find("/teletype")->file, "teletype.html");
    ck_assert_int_eq(web_route_find("/ws")->kind, WEB_ROUTE_WS);
    ck_assert_ptr_null(web_route_find("/../etc/passwd"));
    ck_assert_ptr_null(web_route_find("/term.js/"));
    ck_assert_ptr_null(web_route_find(NULL));
    /* every file row names a file under the web root, none outside */
    for (const web_route *r = web_routes; r->path; r++)
        if (r->kind == WEB_ROUTE_FILE)
            ck_assert(r->file[0] != '/' && !strstr(r->file, ".."));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("web_gate");
    TCase *o = tcase_create("origin");
    tcase_add_test(o, the_pages_own_server_may);
    tcase_add_test(o, another_site_may_not);
    tcase_add_test(o, listed_origins_may);
    suite_add_tcase(s, o);
    TCase *a = tcase_create("address");
    tcase_add_test(a, forwarded_for_only_from_trusted_proxies);
    suite_add_tcase(s, a);
    TCase *r = tcase_create("routes");
    tcase_add_test(r, the_url_table);
    suite_add_tcase(s, r);
    return tu_run_suite(s);
}
