/*
 * gj_edit.c - the line editor every terminal state shares.  tty_getline
 * would wait on one terminal while the other one's player might type or
 * hang up, so lines are built here one key at a time, with the same
 * manners: echo, erase (shown as \X on paper, where nothing can be taken
 * back), ^U for the whole line, a bell when the line is full.  On the ANSI
 * board screen nothing is echoed: the screen shows the line being typed.
 * Nor to a client that echoes for itself (caps->client_echoes), just as in
 * tty_getline: it has shown the keys, erasures and Return already.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>

#include "gj_ui.h"

void gj_edit_clear(gj_term *t)
{
    t->len = 0;
    t->line[0] = 0;
}

int gj_edit_key(gj_term *t, int key)
{
    tty_io *io = t->io;
    int echo = !t->screen && !t->caps->client_echoes;
    if (key == TTY_KEY_RETURN) {
        if (echo)
            tty_msg(io, "\n");
        t->line[t->len] = 0;
        for (int i = 0; i < t->len; i++)
            t->line[i] = (char)toupper((unsigned char)t->line[i]);
        t->len = 0;
        t->prompted = 0;
        return 1;
    }
    if (key == TTY_KEY_ERASE) {
        if (!t->len)
            return 0;
        t->len--;
        if (echo)
            tty_msg(io, t->caps->paper ? "\\" : "\b \b");
        if (echo && t->caps->paper)
            tty_print(io, t->line[t->len]);
        t->line[t->len] = 0;
        return 0;
    }
    if (key == 21) {                    /* ^U: the whole line again */
        if (t->len && echo && t->caps->paper) {
            tty_msg(io, " ^U\n");
            t->prompted = 0;            /* the prompt comes again */
        } else if (echo) {
            for (int i = 0; i < t->len; i++)
                tty_msg(io, "\b \b");
        }
        gj_edit_clear(t);
        return 0;
    }
    if (key < 0x20 || key >= 0x7f)
        return 0;
    if (t->len >= GJ_LINE - 1) {
        if (echo)
            tty_print(io, '\a');
        return 0;
    }
    if (t->caps->upper_only)
        key = toupper(key);
    t->line[t->len++] = (char)key;
    t->line[t->len] = 0;
    if (echo)
        tty_echo(io, key);
    return 0;
}

void gj_edit_prompt(gj_term *t, const char *prompt)
{
    if (t->screen || t->prompted)
        return;
    tty_msg(t->io, prompt);
    for (int i = 0; i < t->len; i++)
        tty_echo(t->io, t->line[i]);
    t->prompted = 1;
}
