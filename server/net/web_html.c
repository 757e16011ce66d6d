/*
 * web_html.c - escaping and the pages' frame (see web_html.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "web_html.h"

void web_html_text(buf *b, const char *s)
{
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        switch (c) {
        case '&': buf_adds(b, "&amp;"); break;
        case '<': buf_adds(b, "&lt;"); break;
        case '>': buf_adds(b, "&gt;"); break;
        case '"': buf_adds(b, "&quot;"); break;
        case '\'': buf_adds(b, "&#39;"); break;
        default:
            if (c < 0x20 || c >= 0x7f)
                buf_adds(b, "&#xFFFD;");
            else
                buf_addc(b, c);
        }
    }
}

void web_html_printf(buf *b, const char *fmt, ...)
{
    char small[256], *p = small;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof small) {
        p = malloc((size_t)n + 1);
        if (!p)
            return;
        va_start(ap, fmt);
        vsnprintf(p, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    web_html_text(b, p);
    if (p != small)
        free(p);
}

void web_json_text(buf *b, const char *s)
{
    if (!s) {
        buf_adds(b, "null");
        return;
    }
    buf_addc(b, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            buf_addc(b, '\\');
            buf_addc(b, c);
        } else if (c < 0x20 || c >= 0x7f) {
            buf_printf(b, "\\u%04x", c);
        } else {
            buf_addc(b, c);
        }
    }
    buf_addc(b, '"');
}

void web_url_part(buf *b, const char *s)
{
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
            (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
            c == '~')
            buf_addc(b, c);
        else
            buf_printf(b, "%%%02X", c);
    }
}

void web_url_segment(buf *b, const char *s)
{
    int dots = s && *s && strspn(s, ".") == strlen(s);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '/' || c == '~' || (c == '.' && dots))
            buf_printf(b, "~%02X", c);
        else {
            char one[2] = { (char)c, 0 };
            web_url_part(b, one);
        }
    }
}

static int web_html_hex(int c)
{
    return c >= '0' && c <= '9' ? c - '0'
         : c >= 'A' && c <= 'F' ? c - 'A' + 10
         : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

int web_url_segment_read(const char *in, char *out, size_t size)
{
    size_t n = 0;
    for (; *in; in++) {
        int c = (unsigned char)*in;
        if (c == '~' && web_html_hex(in[1]) >= 0 && web_html_hex(in[2]) >= 0) {
            c = web_html_hex(in[1]) * 16 + web_html_hex(in[2]);
            in += 2;
        }
        if (n + 1 >= size)
            return -1;
        out[n++] = (char)c;
    }
    out[n] = 0;
    return 0;
}

void web_html_player(buf *b, const char *name, int link)
{
    if (link) {
        buf_adds(b, "<a href=\"/player/");
        web_url_segment(b, name);
        buf_adds(b, "\">");
    }
    web_html_text(b, name);
    if (link)
        buf_adds(b, "</a>");
}

void web_html_thead(buf *b, const char *cls, const char *cols)
{
    buf_printf(b, "<table class=\"%s\">\n<thead><tr>", cls);
    while (*cols) {
        size_t n = strcspn(cols, "|");
        buf_printf(b, "<th scope=\"col\">%.*s</th>", (int)n, cols);
        cols += n + (cols[n] == '|');
    }
    buf_adds(b, "</tr></thead>\n<tbody>\n");
}

void web_html_tend(buf *b)
{
    buf_adds(b, "</tbody>\n</table>\n");
}

static const struct { const char *path, *label; } web_html_nav[] = {
    { "/", "Play" },
    { "/who", "Who is on" },
    { "/recordings", "Recordings" },
    { "/hall", "Hall of fame" },
    { NULL, NULL },
};

void web_html_begin(buf *b, const char *title, const char *here,
                    const char *head)
{
    buf_adds(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
                "<meta charset=\"utf-8\">\n"
                "<meta name=\"viewport\" content=\"width=device-width, "
                "initial-scale=1\">\n<title>");
    web_html_text(b, title);
    buf_adds(b, " - ttyarcade</title>\n"
                "<link rel=\"stylesheet\" href=\"/site.css\">\n");
    if (head)
        buf_adds(b, head);
    buf_adds(b, "</head>\n<body>\n<header>\n<nav>\n<span class=\"arcade\">"
                "TTYARCADE</span>\n");
    for (int i = 0; web_html_nav[i].path; i++) {
        int cur = here && strcmp(here, web_html_nav[i].path) == 0;
        buf_printf(b, "<a href=\"%s\"%s>%s</a>\n", web_html_nav[i].path,
                   cur ? " class=\"here\"" : "",
                   web_html_nav[i].label);
    }
    buf_adds(b, "</nav>\n</header>\n<main>\n<h1>");
    web_html_text(b, title);
    buf_adds(b, "</h1>\n");
}

void web_html_end(buf *b)
{
    buf_adds(b, "</main>\n</body>\n</html>\n");
}

void web_html_when(char *out, size_t size, long t)
{
    time_t tt = (time_t)t;
    struct tm tm;
    if (!t || !gmtime_r(&tt, &tm) ||
        !strftime(out, size, "%Y-%m-%d %H:%M UTC", &tm))
        snprintf(out, size, "never");
}

void web_html_duration(char *out, size_t size, long ms)
{
    long s = ms / 1000;
    if (s < 3600)
        snprintf(out, size, "%ldm%02lds", s / 60, s % 60);
    else
        snprintf(out, size, "%ldh%02ldm", s / 3600, s / 60 % 60);
}
