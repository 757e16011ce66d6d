/*
 * ck_say.c - how the dialogue speaks: upper case on every terminal (a
 * Model 33 has nothing else, and the other games' dialogues agree),
 * lines kept within the terminal's width, the robots' names, and the
 * one-key questions of the S0 notes, each with its default.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ck_dialog.h"

void ck_say(ck_session *s, const char *text)
{
    for (; *text; text++)
        tty_print(s->io, toupper((unsigned char)*text));
}

void ck_sayf(ck_session *s, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    ck_say(s, buf);
}

/* Where to break a line that is too long: after the last blank or comma
 * that leaves at most 'room' characters; 'room' itself if there is none. */
static size_t ck_break_at(const char *line, size_t len, size_t room)
{
    if (len <= room)
        return len;
    for (size_t i = room; i > 0; i--)
        if (line[i] == ' ' || line[i - 1] == ',')
            return i;
    return room;
}

void ck_print_wrapped(ck_session *s, const char *text, int upper)
{
    const tty_caps *c = tty_get_caps(s->io);
    /* One column short of the margin, so that no terminal wraps by
     * itself before the line ends. */
    size_t room = c->width > 20 ? (size_t)c->width - 1 : 71;
    while (*text) {
        const char *nl = strchr(text, '\n');
        size_t len = nl ? (size_t)(nl - text) : strlen(text);
        while (len > room) {
            size_t cut = ck_break_at(text, len, room);
            for (size_t i = 0; i < cut; i++)
                tty_print(s->io, upper ? toupper((unsigned char)text[i])
                                       : text[i]);
            tty_print(s->io, '\n');
            text += cut;
            len -= cut;
            while (len && *text == ' ') {
                text++;
                len--;
            }
        }
        for (size_t i = 0; i < len; i++)
            tty_print(s->io, upper ? toupper((unsigned char)text[i])
                                   : text[i]);
        text += len;
        if (*text == '\n') {
            tty_print(s->io, '\n');
            text++;
        }
    }
}

void ck_move_upper(const ck_pos *p, ck_move m, char out[CK_MOVE_TEXT])
{
    if (ck_move_text(p, m, CK_TEXT_FULL, out) < 0)
        snprintf(out, CK_MOVE_TEXT, "?");
    for (char *t = out; *t; t++)
        *t = (char)toupper((unsigned char)*t);
}

const char *ck_level_title(int level)
{
    static const char *const titles[CK_NLEVELS] = {
        "HELPFUL ROBOT TOM", "SILENT ROBOT DICK", "MIGHTY ROBOT HARRY",
        "THE EXPERT LEVEL"
    };
    return level >= 0 && level < CK_NLEVELS ? titles[level] : titles[0];
}

const char *ck_side_name(int side)
{
    return side == CK_BLACK ? "BLACK" : "RED";
}

int ck_key(ck_session *s)
{
    int key = s->pending;
    s->pending = 0;
    return key ? key : tty_inkey(s->io);
}

void ck_drop_line(ck_session *s)
{
    s->pending = 0;
    for (;;) {
        int key = tty_inkey_timeout(s->io, 0);
        if (key == TTY_TIMEOUT || key == TTY_EOF || key == TTY_KEY_RETURN)
            return;
    }
}

int ck_ask_key(ck_session *s, const char *question)
{
    ck_say(s, question);
    int key;
    while ((key = ck_key(s)) == TTY_KEY_RESIZE) {
        /* The screen was laid out again: ask again. */
        ck_view_resize(s);
        ck_say(s, question);
    }
    if (key == TTY_EOF)
        return TTY_EOF;
    int printable = key > ' ' && key < 0x7f;
    if (printable)
        tty_echo(s->io, key);
    tty_print(s->io, '\n');
    /* A line-mode client sends the key with its Return: that Return is
     * not the answer to the next question.  Any other key typed ahead is
     * kept for it. */
    if (printable) {
        int next = tty_inkey_timeout(s->io, 0);
        if (next != TTY_TIMEOUT && next != TTY_KEY_RETURN)
            s->pending = next;
    }
    return printable ? toupper(key) : 0;
}
