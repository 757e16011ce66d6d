/*
 * gj_edit.c - the line editor every terminal state shares: the contract's
 * editor (tty_edit, with tty_getline's manners), fed one key at a time
 * because tty_getline would wait on one terminal while the other one's
 * player might type or hang up.  On the ANSI board screen nothing is
 * echoed (TTY_EDIT_SILENT): the screen shows the line being typed.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>

#include "gj_ui.h"

void gj_edit_clear(gj_term *t)
{
    tty_edit_set(&t->ed, "");
}

int gj_edit_key(gj_term *t, int key)
{
    /* The screen comes and goes with the window's size. */
    tty_edit_flags(&t->ed, t->screen ? TTY_EDIT_SILENT : 0);
    switch (tty_edit_feed(&t->ed, key)) {
    case TTY_EDIT_DONE:
        for (char *c = t->line; *c; c++)
            *c = (char)toupper((unsigned char)*c);
        t->prompted = 0;
        return 1;
    case TTY_EDIT_FRESH:
        t->prompted = 0;                /* the prompt comes again */
        return 0;
    default:
        return 0;
    }
}

void gj_edit_prompt(gj_term *t, const char *prompt)
{
    if (t->screen || t->prompted)
        return;
    wrap_prompt(t->io, prompt);
    tty_edit_redraw(&t->ed);
    t->prompted = 1;
}
