/*
 * wrap.c - running text broken at blanks (wrap.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wrap.h"

/* The longest line built for wrap_lines (a wider window gets lines this
 * long, which is wide enough for any text); the columns a prompt leaves
 * for the answer. */
enum { WRAP_MAX = 400, WRAP_ANSWER = 10 };

int wrap_width(const tty_caps *c)
{
    int w = c->width - 1;
    if (w > WRAP_MAX)
        w = WRAP_MAX;
    return w < 20 ? 20 : w;
}

/* A character that takes a column (a bell or other control does not). */
static int shows(int ch)
{
    return (unsigned char)ch >= 0x20 && ch != 0x7f;
}

size_t wrap_fit(const char *text, size_t len, int room, size_t *next)
{
    size_t end = len, cols = 0;
    while (end > 0 && text[end - 1] == ' ')
        end--;                  /* blanks at the very end never break */
    for (size_t i = 0; i < end; i++)
        cols += shows(text[i]);
    if (room < 1)
        room = 1;
    if (cols <= (size_t)room) {
        *next = len;
        return len;
    }
    /* The last break that keeps the line within room: before a blank
     * (when something stands before it), or just after a comma. */
    size_t brk = 0, cut = 0, used = 0;
    int seen = 0;
    for (size_t i = 0; i < end; i++) {
        if (text[i] == ' ' && seen)
            brk = i;
        if (!shows(text[i]))
            continue;
        if (used == (size_t)room)
            break;
        used++;
        cut = i + 1;
        if (text[i] != ' ')
            seen = 1;
        if (text[i] == ',' && i + 1 < end)
            brk = i + 1;
    }
    if (brk == 0)
        brk = cut;              /* one word wider than a line: cut it */
    size_t n = brk;
    while (n > 0 && text[n - 1] == ' ')
        n--;
    size_t k = brk;
    while (k < len && text[k] == ' ')
        k++;
    *next = k;
    return n;
}

/* The blanks a line of text begins with. */
static size_t lead(const char *text, size_t len)
{
    size_t n = 0;
    while (n < len && text[n] == ' ')
        n++;
    return n;
}

/* Where a line of text ends: at '\n' or '\r' (or its end). */
static size_t line_len(const char *text)
{
    return strcspn(text, "\r\n");
}

/* The columns of text's first word (up to a blank). */
static int first_word(const char *text, size_t len)
{
    int n = 0;
    for (size_t i = 0; i < len && text[i] != ' '; i++)
        n += shows(text[i]);
    return n;
}

/*
 * The blanks a continued line begins with.  A row of a table (a line that
 * begins with blanks and has two or more together further on) goes on
 * under its second column, where those blanks end; any other line under
 * its own first word, or at 'indent' if that is further in.  Never most
 * of the line.
 */
static int hang(const char *text, size_t len, int indent, int width)
{
    size_t n = lead(text, len);
    size_t h = n > (size_t)indent ? n : (size_t)indent;
    for (size_t i = n; n > 0 && i + 2 < len; i++)
        if (text[i] == ' ' && text[i + 1] == ' ') {
            h = i + lead(text + i, len - i);
            break;
        }
    return h > (size_t)width / 2 ? width / 2 : (int)h;
}

int wrap_lines(const char *text, int width, int col, int indent,
               wrap_line_fn fn, void *ctx)
{
    char line[WRAP_MAX + 1];
    int lines = 0;
    if (width > WRAP_MAX)
        width = WRAP_MAX;
    while (*text) {
        size_t len = line_len(text), pos = 0;
        int h = hang(text, len, indent, width), start = col;
        if (start > 0 && start + first_word(text, len) > width) {
            fn(ctx, "");        /* not even its first word fits after col */
            lines++;
            start = 0;
        }
        do {
            size_t next;
            int pad = pos ? h : 0;
            size_t n = wrap_fit(text + pos, len - pos, width - start - pad,
                                &next);
            if ((size_t)pad + n > WRAP_MAX)
                n = WRAP_MAX - (size_t)pad;
            memset(line, ' ', (size_t)pad);
            memcpy(line + pad, text + pos, n);
            line[pad + n] = 0;
            fn(ctx, line);
            lines++;
            pos += next;
            start = 0;
        } while (pos < len);
        text += len;
        col = 0;
        if (*text == '\r' && text[1] == '\n')
            text++;
        if (*text)
            text++;
    }
    return lines;
}

/* wrap_print to a given width. */
static int print_in(tty_io *io, int width, int col, int indent,
                    const char *text)
{
    while (*text) {
        size_t len = line_len(text), pos = 0;
        int h = hang(text, len, indent, width);
        if (col > 0 && len && col + first_word(text, len) > width) {
            /* Not even its first word fits after what is on the line. */
            tty_print(io, '\n');
            for (col = 0; col < h; col++)
                tty_print(io, ' ');
        }
        for (;;) {
            size_t next;
            size_t n = wrap_fit(text + pos, len - pos, width - col, &next);
            tty_write(io, text + pos, n);
            for (size_t i = 0; i < n; i++)
                col += shows(text[pos + i]);
            pos += next;
            if (pos >= len)
                break;
            tty_print(io, '\n');
            for (col = 0; col < h; col++)
                tty_print(io, ' ');
        }
        text += len;
        if (!*text)
            break;
        /* The text's own end of line, as it wrote it. */
        size_t eol = *text == '\r' && text[1] == '\n' ? 2 : 1;
        tty_write(io, text, eol);
        text += eol;
        col = 0;
    }
    return col;
}

int wrap_print(tty_io *io, int col, int indent, const char *text)
{
    return print_in(io, wrap_width(tty_get_caps(io)), col, indent, text);
}

int wrap_prompt(tty_io *io, const char *prompt)
{
    int width = wrap_width(tty_get_caps(io)) - WRAP_ANSWER;
    return print_in(io, width < 10 ? 10 : width, 0, 0, prompt);
}

int wrap_ask(tty_io *io, const char *question, char *line, size_t size)
{
    wrap_prompt(io, question);
    return tty_ask(io, "", line, size);
}

int wrap_printf(tty_io *io, int col, int indent, const char *fmt, ...)
{
    char small[512], *text = small;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof small && (text = malloc((size_t)n + 1)) != NULL) {
        va_start(ap, fmt);
        vsnprintf(text, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    col = wrap_print(io, col, indent, text ? text : small);
    if (text != small)
        free(text);
    return col;
}
