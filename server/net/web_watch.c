/*
 * web_watch.c - a browser's watcher (see web_watch.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>

#include "watch.h"
#include "web_watch.h"
#include "who.h"

sess *web_watch_find(uint64_t id)
{
    sess *o = who_by_id(id);
    return o && who_listed(o) ? o : NULL;
}

void web_watch_run(sess *s, uint64_t id)
{
    /* Nobody's list shows it: it is a spectator, not a player. */
    watch_tap_of(s)->onlooker = 1;
    char why[160];
    sess *t = web_watch_find(id);
    if (!t) {
        tty_msg(s, "THAT PLAYER HAS GONE.\n");
        return;
    }
    if (watch_target_refusal(t, why, sizeof why)) {
        tty_printf(s, "%s\n", why);
        return;
    }
    watch_seat seat = { .follows = 1 };
    const char *ended = watch_follow(&seat, s, t);
    if (s->eof)
        return;
    /* The player's last screen stays; the reason goes below it (the
     * page's terminal is the player's size: its last line, clamped). */
    if (s->caps.ansi)
        tty_msg(s, "\033[r\033[0m\033[?25h\033[999;1H");
    tty_printf(s, "\n%s\n", ended ? ended : "YOU STOPPED WATCHING.");
}
