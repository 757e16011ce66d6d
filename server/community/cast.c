/*
 * cast.c - writing and reading asciicast v2 lines.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cast.h"

/* Length of a valid UTF-8 sequence at p (n bytes left), or 0. */
static size_t cast_utf8_len(const unsigned char *p, size_t n)
{
    size_t len;
    unsigned min;
    if (p[0] >= 0xc2 && p[0] <= 0xdf) {
        len = 2;
        min = 0x80;
    } else if (p[0] >= 0xe0 && p[0] <= 0xef) {
        len = 3;
        min = 0x800;
    } else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
        len = 4;
        min = 0x10000;
    } else {
        return 0;
    }
    if (n < len)
        return 0;
    unsigned c = p[0] & (0x7f >> len);
    for (size_t i = 1; i < len; i++) {
        if ((p[i] & 0xc0) != 0x80)
            return 0;
        c = c << 6 | (p[i] & 0x3f);
    }
    if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
        return 0;
    return len;
}

void cast_escape(buf *out, const char *text, size_t n)
{
    const unsigned char *p = (const unsigned char *)text;
    char u[8];
    for (size_t i = 0; i < n; i++) {
        unsigned c = p[i];
        if (c == '"' || c == '\\') {
            buf_addc(out, '\\');
            buf_addc(out, (int)c);
        } else if (c == '\n') {
            buf_add(out, "\\n", 2);
        } else if (c == '\r') {
            buf_add(out, "\\r", 2);
        } else if (c < 0x20 || c == 0x7f) {
            snprintf(u, sizeof u, "\\u%04x", c);
            buf_add(out, u, 6);
        } else if (c < 0x80) {
            buf_addc(out, (int)c);
        } else {
            size_t len = cast_utf8_len(p + i, n - i);
            if (len) {
                buf_add(out, p + i, len);
                i += len - 1;
            } else {
                snprintf(u, sizeof u, "\\u%04x", c);
                buf_add(out, u, 6);
            }
        }
    }
}

void cast_header(buf *out, int width, int height, long timestamp,
                 const char *term, const char *title)
{
    char head[128];
    snprintf(head, sizeof head, "{\"version\": 2, \"width\": %d, "
             "\"height\": %d, \"timestamp\": %ld, \"env\": {\"TERM\": \"",
             width, height, timestamp);
    buf_adds(out, head);
    cast_escape(out, term, strlen(term));
    buf_adds(out, "\"}, \"title\": \"");
    cast_escape(out, title, strlen(title));
    buf_adds(out, "\"}\n");
}

void cast_event_line(buf *out, double t, const char *p, size_t n)
{
    char head[48];
    snprintf(head, sizeof head, "[%.6f, \"o\", \"", t);
    buf_adds(out, head);
    cast_escape(out, p, n);
    buf_add(out, "\"]\n", 3);
}

static int cast_number_after(const char *line, const char *key)
{
    const char *k = strstr(line, key);
    if (!k)
        return -1;
    k += strlen(key);
    while (*k == ' ' || *k == ':')
        k++;
    char *end;
    long v = strtol(k, &end, 10);
    return end == k || v < 1 || v > 10000 ? -1 : (int)v;
}

int cast_parse_header(const char *line, int *width, int *height)
{
    if (line[0] != '{' || cast_number_after(line, "\"version\"") != 2)
        return -1;
    *width = cast_number_after(line, "\"width\"");
    *height = cast_number_after(line, "\"height\"");
    return *width > 0 && *height > 0 ? 0 : -1;
}

static int cast_hex4(const char *p, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f')
            v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            v |= (unsigned)(c - 'A' + 10);
        else
            return -1;
    }
    *out = v;
    return 0;
}

static void cast_put_utf8(buf *b, unsigned c)
{
    if (c < 0x80) {
        buf_addc(b, (int)c);
    } else if (c < 0x800) {
        buf_addc(b, (int)(0xc0 | c >> 6));
        buf_addc(b, (int)(0x80 | (c & 0x3f)));
    } else if (c < 0x10000) {
        buf_addc(b, (int)(0xe0 | c >> 12));
        buf_addc(b, (int)(0x80 | (c >> 6 & 0x3f)));
        buf_addc(b, (int)(0x80 | (c & 0x3f)));
    } else {
        buf_addc(b, (int)(0xf0 | c >> 18));
        buf_addc(b, (int)(0x80 | (c >> 12 & 0x3f)));
        buf_addc(b, (int)(0x80 | (c >> 6 & 0x3f)));
        buf_addc(b, (int)(0x80 | (c & 0x3f)));
    }
}

/* A JSON string at *pp (just past its opening quote) into out. */
static int cast_string(const char **pp, buf *out)
{
    const char *p = *pp;
    for (;;) {
        char c = *p++;
        if (!c)
            return -1;
        if (c == '"')
            break;
        if (c != '\\') {
            if (out)
                buf_addc(out, c);
            continue;
        }
        c = *p++;
        unsigned u;
        switch (c) {
        case 'n': u = '\n'; break;
        case 'r': u = '\r'; break;
        case 't': u = '\t'; break;
        case 'b': u = '\b'; break;
        case 'f': u = '\f'; break;
        case '"': case '\\': case '/': u = (unsigned char)c; break;
        case 'u':
            if (cast_hex4(p, &u) != 0)
                return -1;
            p += 4;
            if (u >= 0xd800 && u < 0xdc00 && p[0] == '\\' && p[1] == 'u') {
                unsigned lo;
                if (cast_hex4(p + 2, &lo) == 0 && lo >= 0xdc00 &&
                    lo < 0xe000) {
                    u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
                    p += 6;
                }
            }
            /* U+0080..U+00FF stands for the byte itself (see cast.h). */
            if (out) {
                if (u < 0x100)
                    buf_addc(out, (int)u);
                else
                    cast_put_utf8(out, u);
            }
            continue;
        default:
            return -1;
        }
        if (out)
            buf_addc(out, (int)u);
    }
    *pp = p;
    return 0;
}

int cast_parse_event(const char *line, double *t, buf *data)
{
    const char *p = line;
    while (*p == ' ')
        p++;
    if (*p++ != '[')
        return -1;
    char *end;
    *t = strtod(p, &end);
    if (end == p || *t < 0)
        return -1;
    p = end;
    while (*p == ' ' || *p == ',')
        p++;
    if (*p++ != '"')
        return -1;
    int out = p[0] == 'o' && p[1] == '"';
    int resize = p[0] == 'r' && p[1] == '"';
    if (cast_string(&p, NULL) != 0)
        return -1;
    while (*p == ' ' || *p == ',')
        p++;
    if (*p++ != '"')
        return -1;
    if (cast_string(&p, out || resize ? data : NULL) != 0)
        return -1;
    return out ? 0 : resize ? 2 : 1;
}

void cast_resize_line(buf *out, double t, int width, int height)
{
    char line[64];
    snprintf(line, sizeof line, "[%.6f, \"r\", \"%dx%d\"]\n", t, width,
             height);
    buf_adds(out, line);
}

int cast_parse_size(const buf *data, int *width, int *height)
{
    char text[32];
    size_t n = buf_avail(data);
    if (n == 0 || n >= sizeof text)
        return -1;
    memcpy(text, buf_data(data), n);
    text[n] = 0;
    char x;
    if (sscanf(text, "%d%c%d", width, &x, height) != 3 || x != 'x' ||
        *width < 1 || *height < 1 || *width > 10000 || *height > 10000)
        return -1;
    return 0;
}
