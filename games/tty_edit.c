/*
 * tty_edit.c - the line editor of the contract (games/tty.h): echo, erase,
 * ^U and Return, one key at a time, with one policy per profile.
 *
 * It lives in games/ rather than in the session because it needs nothing
 * but the contract itself (tty_print, tty_msg, tty_echo, tty_get_caps):
 * it holds no session state and never waits, so the same code serves
 * tty_getline in the server and every game that reads two terminals or
 * keys of its own between the keys of a line.  Before it, five editors
 * (tty_getline, two in checkers, Gunjin's, backgammon's) each had their
 * own ^U; glass got ESC [ K from one of them.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "tty.h"

enum { TTY_EDIT_KILL = 21 };    /* ^U */

static int tty_edit_printable(int key)
{
    return key >= 0x20 && key < 0x7f;
}

/* Whether the editor prints anything for what the player typed: not when
 * silent, nor to a far end that has shown the keys itself. */
static int tty_edit_echoes(const tty_edit *ed)
{
    return !(ed->flags & TTY_EDIT_SILENT) &&
           !tty_get_caps(ed->io)->client_echoes;
}

static void tty_edit_clear(tty_edit *ed)
{
    ed->len = 0;
    ed->ended = 0;
    if (ed->size)
        ed->buf[0] = 0;
}

/* The line was handed over: the next key the editor takes starts anew. */
static void tty_edit_fresh(tty_edit *ed)
{
    if (ed->ended)
        tty_edit_clear(ed);
}

/* Store one character; 0 when the line is full. */
static int tty_edit_put(tty_edit *ed, int c)
{
    if (ed->len + 1 >= ed->size)
        return 0;
    if (c >= 'a' && c <= 'z' &&
        ((ed->flags & TTY_EDIT_UPPER) || tty_get_caps(ed->io)->upper_only))
        c -= 'a' - 'A';
    ed->buf[ed->len++] = (char)c;
    ed->buf[ed->len] = 0;
    return 1;
}

void tty_edit_begin(tty_edit *ed, tty_io *io, char *buf, size_t size,
                    int flags)
{
    ed->io = io;
    ed->buf = buf;
    ed->size = size;
    ed->flags = flags;
    tty_edit_clear(ed);
}

void tty_edit_flags(tty_edit *ed, int flags)
{
    ed->flags = flags;
}

int tty_edit_length(const tty_edit *ed)
{
    return (int)ed->len;
}

/* Tell the session what the line shows after the prompt (tty_typed):
 * nothing, when the editor prints nothing of it. */
static void tty_edit_shown(tty_edit *ed)
{
    if (tty_edit_echoes(ed))
        tty_typed(ed->io, ed->buf, ed->len);
}

int tty_edit_done(tty_edit *ed)
{
    tty_typed(ed->io, NULL, 0);
    /* The far end that echoes showed the Return too; for a line ended by
     * some other key it has moved on to a new line of its own when the
     * player presses Return there (a line-mode client sends nothing
     * before). */
    if (tty_edit_echoes(ed))
        tty_print(ed->io, '\n');
    /* buf keeps the line for the caller; the editor is empty again. */
    int n = (int)ed->len;
    ed->len = 0;
    ed->ended = 1;
    return n;
}

/* ^U: the whole line.  Each profile takes it back as it can. */
static int tty_edit_kill(tty_edit *ed)
{
    size_t n = ed->len;
    tty_edit_clear(ed);
    if (!n || !tty_edit_echoes(ed))
        return TTY_EDIT_TAKEN;
    tty_edit_shown(ed);
    const tty_caps *caps = tty_get_caps(ed->io);
    if (caps->paper) {
        /* Nothing printed can be taken back: say so and start again
         * below. */
        tty_msg(ed->io, " ^U\n");
        return TTY_EDIT_FRESH;
    }
    if (caps->ansi) {
        tty_printf(ed->io, "\033[%zuD\033[K", n);
        return TTY_EDIT_TAKEN;
    }
    /* A glass terminal has no cursor control, only the backspace. */
    for (size_t i = 0; i < n; i++)
        tty_msg(ed->io, "\b \b");
    return TTY_EDIT_TAKEN;
}

static int tty_edit_erase(tty_edit *ed)
{
    if (!ed->len)
        return TTY_EDIT_TAKEN;
    char gone = ed->buf[--ed->len];
    ed->buf[ed->len] = 0;
    if (!tty_edit_echoes(ed))
        return TTY_EDIT_TAKEN;
    tty_edit_shown(ed);
    if (tty_get_caps(ed->io)->paper) {
        /* Paper cannot be unprinted: say what was taken back. */
        tty_print(ed->io, '\\');
        tty_print(ed->io, gone);
    } else {
        tty_msg(ed->io, "\b \b");
    }
    return TTY_EDIT_TAKEN;
}

int tty_edit_feed(tty_edit *ed, int key)
{
    if (key != TTY_KEY_RETURN && key != TTY_KEY_ERASE &&
        key != TTY_EDIT_KILL && !tty_edit_printable(key))
        return TTY_EDIT_OTHER;
    tty_edit_fresh(ed);
    if (key == TTY_KEY_RETURN) {
        tty_edit_done(ed);
        return TTY_EDIT_DONE;
    }
    if (key == TTY_KEY_ERASE)
        return tty_edit_erase(ed);
    if (key == TTY_EDIT_KILL)
        return tty_edit_kill(ed);
    if (!tty_edit_put(ed, key)) {
        if (tty_edit_echoes(ed))
            tty_print(ed->io, '\a');    /* the line is full */
        return TTY_EDIT_TAKEN;
    }
    /* Told before the echo: the first key marks where the prompt ends. */
    tty_edit_shown(ed);
    if (!(ed->flags & TTY_EDIT_SILENT))
        tty_echo(ed->io, key);
    return TTY_EDIT_TAKEN;
}

void tty_edit_redraw(tty_edit *ed)
{
    if (!(ed->flags & TTY_EDIT_SILENT) && ed->len) {
        tty_typed(ed->io, ed->buf, ed->len);
        tty_write(ed->io, ed->buf, ed->len);
    }
}

void tty_edit_set(tty_edit *ed, const char *text)
{
    tty_edit_clear(ed);
    while (*text && tty_edit_put(ed, (unsigned char)*text))
        text++;
}

void tty_edit_type(tty_edit *ed, const char *text)
{
    tty_edit_fresh(ed);
    for (; *text; text++) {
        if (!tty_edit_put(ed, (unsigned char)*text))
            break;
        if (!(ed->flags & TTY_EDIT_SILENT)) {
            tty_typed(ed->io, ed->buf, ed->len);
            tty_print(ed->io, ed->buf[ed->len - 1]);
        }
    }
}
