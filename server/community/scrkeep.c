/*
 * scrkeep.c - the kept screen: the output since the last full clear, a
 * libvterm screen when that grows past its bound, or the tail of the roll.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>
#include <vterm.h>

#include "scrkeep.h"

static const char keep_clear[] = "\033[2J";

static void scrkeep_reset(scrkeep *k)
{
    buf_free(&k->text);
    if (k->vt)
        vterm_free(k->vt);
    k->vt = NULL;
    k->match = 0;
    k->cleared = 0;
}

void scrkeep_free(scrkeep *k)
{
    scrkeep_reset(k);
    k->ansi = 0;
}

size_t scrkeep_size(const scrkeep *k)
{
    return k->text.cap + (k->vt ? (size_t)k->rows * (size_t)k->cols * 40 : 0);
}

/* libvterm takes a run of text on the stack (4 bytes a character), and
 * this runs on a session's coroutine: small pieces keep it to a few KiB. */
static void scrkeep_vt_write(scrkeep *k, const char *p, size_t n)
{
    while (n) {
        size_t m = n < 512 ? n : 512;
        vterm_input_write(k->vt, p, m);
        p += m;
        n -= m;
    }
}

/* The screen outgrew the text: from now on libvterm holds it. */
static void scrkeep_to_vt(scrkeep *k, int rows, int cols)
{
    k->rows = rows > 0 ? rows : 24;
    k->cols = cols > 0 ? cols : 80;
    k->vt = vterm_new(k->rows, k->cols);
    vterm_set_utf8(k->vt, 1);
    VTermScreen *scr = vterm_obtain_screen(k->vt);
    vterm_screen_reset(scr, 1);
    scrkeep_vt_write(k, buf_data(&k->text), buf_avail(&k->text));
    buf_free(&k->text);
}

static void scrkeep_add_ansi(scrkeep *k, int rows, int cols, const char *p,
                          size_t n)
{
    if (!n)
        return;
    if (k->vt) {
        if (rows != k->rows || cols != k->cols) {
            k->rows = rows;
            k->cols = cols;
            vterm_set_size(k->vt, rows, cols);
        }
        scrkeep_vt_write(k, p, n);
        return;
    }
    buf_add(&k->text, p, n);
    if (buf_avail(&k->text) > SCRKEEP_MAX)
        scrkeep_to_vt(k, rows, cols);
}

/* Where the roll's last SCRKEEP_PAGE lines begin. */
static size_t scrkeep_page_start(const buf *text)
{
    const char *d = buf_data(text);
    size_t at = buf_avail(text);
    int lines = 0;
    while (at > 0 && lines <= SCRKEEP_PAGE)
        if (d[--at] == '\n')
            lines++;
    return lines > SCRKEEP_PAGE ? at + 1 : at;
}

/* Keep the last SCRKEEP_PAGE lines once the roll passes twice the bound of
 * what a page can hold, so trimming is rare. */
static void scrkeep_add_paper(scrkeep *k, const char *p, size_t n)
{
    buf_add(&k->text, p, n);
    if (buf_avail(&k->text) <= 16 * 1024)
        return;
    size_t len = buf_avail(&k->text), at = scrkeep_page_start(&k->text);
    if (len - at > 8 * 1024)
        at = len - 8 * 1024;
    buf_consume(&k->text, at);
}

void scrkeep_feed(scrkeep *k, int ansi, int rows, int cols, const char *p,
               size_t n)
{
    if ((unsigned)(ansi != 0) != k->ansi) {
        scrkeep_reset(k);
        k->ansi = ansi != 0;
    }
    if (!ansi) {
        scrkeep_add_paper(k, p, n);
        return;
    }
    /* Whatever came before a full clear no longer shows. */
    size_t from = 0;
    for (size_t i = 0; i < n; i++) {
        if (p[i] == keep_clear[k->match]) {
            if (++k->match < sizeof keep_clear - 1)
                continue;
            scrkeep_reset(k);
            k->cleared = 1;
            buf_add(&k->text, "\033[H\033[2J", 7);
            from = i + 1;
        } else {
            k->match = p[i] == keep_clear[0];
        }
    }
    scrkeep_add_ansi(k, rows, cols, p + from, n - from);
}

static void scrkeep_utf8(buf *out, uint32_t c)
{
    char b[4];
    int n;
    if (c < 0x80) {
        b[0] = (char)c;
        n = 1;
    } else if (c < 0x800) {
        b[0] = (char)(0xc0 | c >> 6);
        b[1] = (char)(0x80 | (c & 0x3f));
        n = 2;
    } else if (c < 0x10000) {
        b[0] = (char)(0xe0 | c >> 12);
        b[1] = (char)(0x80 | (c >> 6 & 0x3f));
        b[2] = (char)(0x80 | (c & 0x3f));
        n = 3;
    } else {
        b[0] = (char)(0xf0 | c >> 18);
        b[1] = (char)(0x80 | (c >> 12 & 0x3f));
        b[2] = (char)(0x80 | (c >> 6 & 0x3f));
        b[3] = (char)(0x80 | (c & 0x3f));
        n = 4;
    }
    buf_add(out, b, (size_t)n);
}

static void scrkeep_sgr(buf *out, const VTermScreenCell *c)
{
    char sgr[64];
    int n = snprintf(sgr, sizeof sgr, "\033[0");
    if (c->attrs.bold)
        n += snprintf(sgr + n, sizeof sgr - (size_t)n, ";1");
    if (c->attrs.underline)
        n += snprintf(sgr + n, sizeof sgr - (size_t)n, ";4");
    if (c->attrs.blink)
        n += snprintf(sgr + n, sizeof sgr - (size_t)n, ";5");
    if (c->attrs.reverse)
        n += snprintf(sgr + n, sizeof sgr - (size_t)n, ";7");
    if (VTERM_COLOR_IS_INDEXED(&c->fg) && !VTERM_COLOR_IS_DEFAULT_FG(&c->fg)
        && c->fg.indexed.idx < 8)
        n += snprintf(sgr + n, sizeof sgr - (size_t)n, ";3%d",
                      c->fg.indexed.idx);
    if (VTERM_COLOR_IS_INDEXED(&c->bg) && !VTERM_COLOR_IS_DEFAULT_BG(&c->bg)
        && c->bg.indexed.idx < 8)
        n += snprintf(sgr + n, sizeof sgr - (size_t)n, ";4%d",
                      c->bg.indexed.idx);
    snprintf(sgr + n, sizeof sgr - (size_t)n, "m");
    buf_adds(out, sgr);
}

/* The libvterm screen written out cell by cell: each row from its first
 * column, attributes only where they change, the cursor last. */
static void scrkeep_render(scrkeep *k, buf *out)
{
    VTermScreen *scr = vterm_obtain_screen(k->vt);
    char tmp[32];
    char last[64] = "";
    for (int r = 0; r < k->rows; r++) {
        snprintf(tmp, sizeof tmp, "\033[%d;1H", r + 1);
        buf_adds(out, tmp);
        for (int c = 0; c < k->cols; c++) {
            VTermScreenCell cell;
            VTermPos pos = { r, c };
            if (!vterm_screen_get_cell(scr, pos, &cell))
                continue;
            buf attr = { 0 };
            scrkeep_sgr(&attr, &cell);
            buf_addc(&attr, 0);
            if (strcmp(buf_data(&attr), last) != 0) {
                snprintf(last, sizeof last, "%s", buf_data(&attr));
                buf_adds(out, last);
            }
            buf_free(&attr);
            if (!cell.chars[0])
                buf_addc(out, ' ');
            for (int i = 0; i < VTERM_MAX_CHARS_PER_CELL && cell.chars[i];
                 i++)
                scrkeep_utf8(out, cell.chars[i]);
            if (cell.width > 1)
                c += cell.width - 1;
        }
    }
    VTermPos cur;
    vterm_state_get_cursorpos(vterm_obtain_state(k->vt), &cur);
    snprintf(tmp, sizeof tmp, "\033[0m\033[%d;%dH", cur.row + 1, cur.col + 1);
    buf_adds(out, tmp);
}

void scrkeep_redraw(scrkeep *k, buf *out)
{
    if (!k->ansi) {
        size_t len = buf_avail(&k->text), at = scrkeep_page_start(&k->text);
        if (len > at)
            buf_add(out, buf_data(&k->text) + at, len - at);
        return;
    }
    buf_add(out, "\033[r\033[0m\033[H\033[2J", 14);
    if (k->vt)
        scrkeep_render(k, out);
    else if (buf_avail(&k->text))
        buf_add(out, buf_data(&k->text), buf_avail(&k->text));
}
