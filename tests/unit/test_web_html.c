/*
 * test_web_html.c - what the site's pages make of the text they are
 * given: every name escaped as HTML (nothing in it can open a tag or end
 * an attribute), as JSON, and as a URL; a name with slashes or dots
 * comes back from /player/NAME as it went, whatever libwebsockets
 * folds; the pages' frame; and the answer bodies shared by a cache.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "web_html.h"
#include "web_out.h"

/* b's text, NUL-terminated, then b emptied. */
static char *text_of(buf *b, char *out, size_t size)
{
    snprintf(out, size, "%.*s", (int)buf_avail(b), buf_data(b));
    buf_free(b);
    return out;
}

START_TEST(html_escapes_every_name)
{
    buf b = { 0 };
    char t[256];
    web_html_text(&b, "<script>alert(\"x\")</script>&'");
    ck_assert_str_eq(text_of(&b, t, sizeof t),
                     "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"
                     "&amp;&#39;");
    /* a control byte or one past ASCII cannot reach the page as it is */
    web_html_text(&b, "A\033[2J\x7f\xc3\xa9" "B");
    ck_assert_str_eq(text_of(&b, t, sizeof t),
                     "A&#xFFFD;[2J&#xFFFD;&#xFFFD;&#xFFFD;B");
    web_html_text(&b, NULL);
    ck_assert_str_eq(text_of(&b, t, sizeof t), "");
    web_html_printf(&b, "%s=%d", "<b>", 7);
    ck_assert_str_eq(text_of(&b, t, sizeof t), "&lt;b&gt;=7");
    /* longer than its first buffer */
    char big[600];
    memset(big, '<', sizeof big - 1);
    big[sizeof big - 1] = 0;
    web_html_printf(&b, "%s", big);
    ck_assert_uint_eq(buf_avail(&b), 4 * (sizeof big - 1));
    buf_free(&b);
    web_html_player(&b, "A<B", 0);
    ck_assert_str_eq(text_of(&b, t, sizeof t), "A&lt;B");
    web_html_player(&b, "A<B", 1);
    ck_assert_str_eq(text_of(&b, t, sizeof t),
                     "<a href=\"/player/A%3CB\">A&lt;B</a>");
}
END_TEST

START_TEST(json_strings)
{
    buf b = { 0 };
    char t[256];
    web_json_text(&b, "say \"hi\"\\\n\x01\xe9");
    ck_assert_str_eq(text_of(&b, t, sizeof t),
                     "\"say \\\"hi\\\"\\\\\\u000a\\u0001\\u00e9\"");
    web_json_text(&b, NULL);
    ck_assert_str_eq(text_of(&b, t, sizeof t), "null");
    web_json_text(&b, "</script>");
    ck_assert_str_eq(text_of(&b, t, sizeof t), "\"</script>\"");
}
END_TEST

START_TEST(url_parts)
{
    buf b = { 0 };
    char t[256];
    web_url_part(&b, "A b+c/d?e#f%~._-Z9");
    ck_assert_str_eq(text_of(&b, t, sizeof t),
                     "A%20b%2Bc%2Fd%3Fe%23f%25~._-Z9");
}
END_TEST

/* What lws hands the server for a path: %XX decoded, "+" a space. */
static void lws_decoded(const char *url, char *out, size_t size)
{
    size_t n = 0;
    for (const char *p = url; *p && n + 1 < size; p++) {
        if (*p == '%' && p[1] && p[2]) {
            char hex[3] = { p[1], p[2], 0 };
            out[n++] = (char)strtol(hex, NULL, 16);
            p += 2;
        } else {
            out[n++] = *p == '+' ? ' ' : *p;
        }
    }
    out[n] = 0;
}

START_TEST(names_survive_the_path)
{
    static const char *const names[] = {
        "ANN", "A/../B", "..", ".", "A//B", "J.R.", "~X~", "A+B C",
        "100%", "<I>&\"Q'</I>", "?#", NULL
    };
    for (int i = 0; names[i]; i++) {
        buf b = { 0 };
        char seg[256], decoded[256], back[64];
        web_url_segment(&b, names[i]);
        text_of(&b, seg, sizeof seg);
        /* nothing lws would fold: no slash, no segment of dots */
        ck_assert_ptr_null(strchr(seg, '/'));
        lws_decoded(seg, decoded, sizeof decoded);
        ck_assert_ptr_null(strchr(decoded, '/'));
        ck_assert(strspn(decoded, ".") != strlen(decoded));
        ck_assert_int_eq(web_url_segment_read(decoded, back, sizeof back),
                         0);
        ck_assert_str_eq(back, names[i]);
    }
    char small[4];
    ck_assert_int_eq(web_url_segment_read("ABCDEF", small, sizeof small),
                     -1);
}
END_TEST

START_TEST(the_pages_frame)
{
    buf b = { 0 };
    web_html_begin(&b, "Who <is> on", "/who", "<meta name=\"x\">\n");
    web_html_end(&b);
    char t[2048];
    text_of(&b, t, sizeof t);
    ck_assert(strncmp(t, "<!DOCTYPE html>\n<html lang=\"en\">", 32) == 0);
    ck_assert_ptr_nonnull(strstr(t, "<title>Who &lt;is&gt; on - ttyarcade"
                                    "</title>"));
    ck_assert_ptr_nonnull(strstr(t, "<meta name=\"x\">\n</head>"));
    ck_assert_ptr_nonnull(strstr(t, "<a href=\"/who\" class=\"here\">"));
    ck_assert_ptr_nonnull(strstr(t, "<a href=\"/hall\">"));
    ck_assert_ptr_nonnull(strstr(t, "<h1>Who &lt;is&gt; on</h1>"));
    ck_assert_ptr_nonnull(strstr(t, "</main>\n</body>\n</html>\n"));
    char d[32];
    web_html_duration(d, sizeof d, 65000);
    ck_assert_str_eq(d, "1m05s");
    web_html_duration(d, sizeof d, 3725000);
    ck_assert_str_eq(d, "1h02m");
    web_html_when(d, sizeof d, 0);
    ck_assert_str_eq(d, "never");
    web_html_when(d, sizeof d, 86400);
    ck_assert_str_eq(d, "1970-01-02 00:00 UTC");
}
END_TEST

START_TEST(shared_bodies)
{
    buf b = { 0 };
    buf_adds(&b, "<p>hello</p>");
    web_body *body = web_body_take(&b);
    ck_assert_uint_eq(buf_avail(&b), 0);
    ck_assert_uint_eq(body->len, 12);
    ck_assert_int_eq(memcmp(body->data, "<p>hello</p>", 12), 0);
    /* a cache's reference and an answer's */
    web_reply *r = web_reply_body(200, "text/html", body);
    ck_assert_int_eq(body->refs, 2);
    web_conn c = { .reply = r };
    web_out_gone(&c);
    ck_assert_ptr_null(c.reply);
    ck_assert_int_eq(body->refs, 1);
    web_body_unref(body);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("web_html");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, html_escapes_every_name);
    tcase_add_test(tc, json_strings);
    tcase_add_test(tc, url_parts);
    tcase_add_test(tc, names_survive_the_path);
    tcase_add_test(tc, the_pages_frame);
    tcase_add_test(tc, shared_bodies);
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
