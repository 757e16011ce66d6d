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
#include <stdlib.h>
#include <string.h>

#include "ck_dialog.h"

void ck_say(ck_session *s, const char *text)
{
    ck_print_wrapped(s, text, 1);
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

void ck_print_wrapped(ck_session *s, const char *text, int upper)
{
    char small[512], *copy = small;
    size_t n = strlen(text);
    if (upper) {
        if (n >= sizeof small && !(copy = malloc(n + 1)))
            copy = small, n = sizeof small - 1;
        for (size_t i = 0; i < n; i++)
            copy[i] = (char)toupper((unsigned char)text[i]);
        copy[n] = 0;
        text = copy;
    }
    /* Broken at blanks (or, in a FEN, after commas) for this terminal;
     * the column carries on from what was said before. */
    s->col = wrap_print(s->io, s->col, 0, text);
    if (copy != small)
        free(copy);
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
    if (!key)
        key = tty_inkey(s->io);
    if (key == TTY_KEY_RETURN)
        s->col = 0;             /* the line ends on the player's Return */
    return key;
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
    ck_say(s, "\n");
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
