/*
 * watch.c - the output tap: watchers, their bounded queues, the kept
 * screen and the recording's feed; who may watch whom.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rec.h"
#include "srv.h"
#include "watch.h"

void (*watch_forbid_hook)(sess *s, int forbid);

/* Games whose screen shows what the other side must not see: nobody
 * watches them while they are on (the opponent could watch too). */
static const char *const watch_hidden_games[] = { "gunjin", NULL };

watch_tap *watch_tap_of(sess *s)
{
    if (!s->tap)
        s->tap = calloc(1, sizeof *s->tap);
    if (!s->tap)
        abort();
    return s->tap;
}

int watch_game_hides(const char *game)
{
    for (int i = 0; game && watch_hidden_games[i]; i++)
        if (strcmp(game, watch_hidden_games[i]) == 0)
            return 1;
    return 0;
}

int watch_hidden(const sess *s)
{
    return s->playing && watch_game_hides(s->game);
}

int watch_count(const sess *s)
{
    return s->tap ? s->tap->nseats : 0;
}

int watch_forbidden(const sess *s)
{
    for (int i = 0; i < SESS_OPTS; i++)
        if (s->opts[i].value && strcmp(s->opts[i].key, "watch") == 0)
            return strcmp(s->opts[i].value, "no") == 0;
    return 0;
}

/* End every watch of s, telling each watcher why. */
static void watch_end_all(sess *s, const char *why)
{
    watch_tap *t = s->tap;
    if (!t)
        return;
    while (t->seats) {
        watch_seat *seat = t->seats;
        t->seats = seat->next;
        seat->next = NULL;
        seat->target = NULL;
        seat->why = why;
        if (seat->w->tap)
            seat->w->tap->watching = NULL;
        sess_wake(seat->w);
    }
    t->nseats = 0;
}

/* The player is told how many watch: at the right end of the top line
 * of an ANSI screen (the cursor put back; a game's title line keeps its
 * left part, and the prompt line at the bottom is left alone), a line of
 * its own on paper. */
static void watch_tell_count(sess *s)
{
    int n = watch_count(s);
    /* A crowd arriving must not fill the player's paper: every change up
     * to 5, then each ten to 100, then each hundred. */
    if (s->eof || s->line_down ||
        !(n <= 5 || (n < 100 && n % 10 == 0) || n % 100 == 0))
        return;
    char msg[96];
    if (s->caps.ansi && s->caps.width >= 40) {
        char text[32];
        if (n)
            snprintf(text, sizeof text, "*** %d WATCHING ***", n);
        else
            snprintf(text, sizeof text, "*** NOBODY WATCHING ***");
        int k = snprintf(msg, sizeof msg, "\0337\033[1;%dH\033[0m%23s\0338",
                         s->caps.width - 22, text);
        sess_emit(s, msg, (size_t)k);
        sess_flush(s);
    } else {
        /* A notice, so the line the player types is printed again. */
        if (n)
            snprintf(msg, sizeof msg, "%d WATCHING (V IN THE MENU FORBIDS "
                     "IT)", n);
        else
            snprintf(msg, sizeof msg, "NOBODY IS WATCHING NOW");
        sess_notice(s, msg, 0);
    }
}

void watch_set_forbidden(sess *s, int forbid)
{
    sess_set_option(s, "watch", forbid ? "no" : NULL);
    if (forbid && watch_count(s)) {
        watch_end_all(s, "THE PLAYER HAS FORBIDDEN WATCHING.");
        watch_tell_count(s);
    }
    if (watch_forbid_hook)
        watch_forbid_hook(s, forbid);
}

/* An ANSI player's bytes show right only on an ANSI screen at least as
 * large; paper's on anything. */
static int watch_fits(const sess *w, const sess *t)
{
    return !t->caps.ansi || (w->caps.ansi && w->caps.width >= t->caps.width &&
                             w->caps.height >= t->caps.height);
}

const char *watch_refusal(sess *w, sess *t, char *why, size_t size)
{
    if (t == w)
        return snprintf(why, size, "YOU CANNOT WATCH YOURSELF."), why;
    if (watch_target_refusal(t, why, size))
        return why;
    if (t->caps.ansi) {
        if (!w->caps.ansi)
            return snprintf(why, size, "THAT PLAYER HAS AN ANSI SCREEN; "
                            "CHOOSE T (TERMINAL) ANSI TO WATCH."), why;
        if (w->caps.width < t->caps.width || w->caps.height < t->caps.height)
            return snprintf(why, size, "THAT PLAYER'S SCREEN IS %dX%d, "
                            "YOURS %dX%d: YOURS MUST BE AS LARGE.",
                            t->caps.width, t->caps.height, w->caps.width,
                            w->caps.height), why;
    }
    return NULL;
}

const char *watch_target_refusal(const sess *t, char *why, size_t size)
{
    if (t->closed || t->eof || t->line_down)
        return snprintf(why, size, "THAT PLAYER HAS GONE."), why;
    if (watch_forbidden(t))
        return snprintf(why, size, "THAT PLAYER DOES NOT WANT TO BE "
                        "WATCHED."), why;
    if (t->tap && t->tap->watching)
        return snprintf(why, size, "THAT PLAYER IS WATCHING SOMEONE "
                        "ELSE."), why;
    if (watch_hidden(t))
        return snprintf(why, size, "%s HIDES EACH SIDE'S PIECES: IT "
                        "CANNOT BE WATCHED WHILE IT IS ON.",
                        "GUNJIN SHOGI"), why;
    return NULL;
}

static int watch_keep_check(sess *s, watch_tap *t);

/* A watcher whose screen follows the player's (a browser's) is told the
 * size in the stream itself, before the bytes drawn at it, as xterm's
 * "resize the window" CSI 8 ; rows ; cols t (rows 0: paper, which has no
 * bottom). */
static void watch_tell_size(watch_seat *seat)
{
    const sess *t = seat->target;
    char seq[40];
    int n = snprintf(seq, sizeof seq, "\033[8;%d;%dt",
                     t->caps.paper ? 0 : t->caps.height, t->caps.width);
    sess_emit_raw(seat->w, seq, (size_t)n);
}

static void watch_send_redraw(watch_seat *seat)
{
    watch_keep_check(seat->target, watch_tap_of(seat->target));
    if (seat->follows)
        watch_tell_size(seat);
    buf b = { 0 };
    scrkeep_redraw(&watch_tap_of(seat->target)->keep, &b);
    sess_emit_raw(seat->w, buf_data(&b), buf_avail(&b));
    buf_free(&b);
    seat->behind = 0;
}

void watch_join(watch_seat *seat, sess *w, sess *target)
{
    watch_tap *t = watch_tap_of(target);
    /* seat->follows is the caller's to set */
    seat->w = w;
    seat->target = target;
    seat->behind = 0;
    seat->why = NULL;
    seat->next = t->seats;
    t->seats = seat;
    t->nseats++;
    watch_tap_of(w)->watching = seat;
    /* Who watches whom, named as the log names players. */
    srv_log("watch %s %s session=%llu name=\"%s\" watches session=%llu "
            "name=\"%s\"", w->ops->name, w->peer, (unsigned long long)w->id,
            w->name, (unsigned long long)target->id, target->name);
    watch_send_redraw(seat);
    sess_flush(w);
    watch_tell_count(target);
}

void watch_leave(watch_seat *seat)
{
    sess *t = seat->target;
    if (seat->w->tap)
        seat->w->tap->watching = NULL;
    srv_log("watch end %s %s session=%llu name=\"%s\"%s", seat->w->ops->name,
            seat->w->peer, (unsigned long long)seat->w->id, seat->w->name,
            t ? "" : " (the watch was ended)");
    if (!t)
        return;
    for (watch_seat **pp = &t->tap->seats; *pp; pp = &(*pp)->next) {
        if (*pp == seat) {
            *pp = seat->next;
            t->tap->nseats--;
            break;
        }
    }
    seat->target = NULL;
    watch_tell_count(t);
}

const char *watch_follow(watch_seat *seat, sess *w, sess *t)
{
    watch_join(seat, w, t);
    for (;;) {
        int k = tty_inkey_timeout(w, 0);
        if (k == TTY_EOF || k == 'q' || k == 'Q' || k == TTY_KEY_ESC)
            break;
        if (!seat->target)
            break;
        watch_catch_up(seat);
        if (k == TTY_TIMEOUT) {
            /* Woken by a key, the watch ending, or (only when behind)
             * the line draining; the time limit is a safety net. */
            w->timer_fired = 0;
            w->wants_key = !seat->behind;
            sess_block(w, 5000);
            w->wants_key = 0;
        }
    }
    const char *ended = seat->target ? NULL : seat->why;
    watch_leave(seat);
    return ended;
}

int watch_catch_up(watch_seat *seat)
{
    if (!seat->behind || !seat->target)
        return 0;
    if (sess_backlog(seat->w) > WATCH_QMAX / 4)
        return 0;
    watch_send_redraw(seat);
    sess_flush(seat->w);
    return 1;
}

static void watch_secret_one(sess *s, const char *code)
{
    watch_tap *t = watch_tap_of(s);
    size_t len = strlen(code);
    /* the codes of this version, and six-letter ones of earlier saves */
    if ((len != TTY_CODE_LEN && len != 6) || len >= sizeof t->secrets[0])
        return;
    for (int i = 0; i < WATCH_SECRETS; i++)
        if (strcmp(t->secrets[i], code) == 0)
            return;
    memmove(t->secrets[1], t->secrets[0],
            sizeof t->secrets[0] * (WATCH_SECRETS - 1));
    snprintf(t->secrets[0], sizeof t->secrets[0], "%s", code);
}

void watch_secret(sess *io, const char *code)
{
    /* The game's terminals: its host and the host's guest (a game has at
     * most two), whichever of them saved; never a walk over everyone. */
    sess *host = io->runner ? io->runner : io;
    sess *those[3] = { io, host, host->lobby_guest };
    for (int i = 0; i < 3; i++) {
        sess *o = those[i];
        if (!o || (i > 0 && o == io) || (i == 2 && o == host))
            continue;
        /* A player on another server is watched there: the line that
         * carries the screen tells that server the code. */
        if (o->ops->secret)
            o->ops->secret(o, code);
        else
            watch_secret_one(o, code);
    }
}

void watch_hush(sess *s, int on)
{
    watch_tap_of(s)->hush = on != 0;
}

/* What a hiding game left on the screen or the paper is not shown to
 * whoever watches after it (a kept game's army would be).  Returns
 * whether the game now hides. */
static int watch_keep_check(sess *s, watch_tap *t)
{
    int hidden = watch_hidden(s);
    if (t->hid && !hidden)
        scrkeep_free(&t->keep);
    t->hid = hidden;
    return hidden;
}

/* Resume codes in the bytes others will get become ******. */
static void watch_mask(watch_tap *t, char *q, size_t n)
{
    for (int i = 0; i < WATCH_SECRETS; i++) {
        if (!t->secrets[i][0])
            continue;
        char *at = q;
        size_t len = strlen(t->secrets[i]);
        while ((at = memmem(at, n - (size_t)(at - q), t->secrets[i], len))) {
            memset(at, '*', len);
            at += len;
        }
    }
}

static void watch_tap_feed(sess *s, const char *p, size_t n)
{
    if (!n)
        return;
    watch_tap *t = watch_tap_of(s);
    size_t at = buf_avail(&t->pending);
    buf_add(&t->pending, p, n);
    if (!t->hush)
        return;
    /* What the player types now is a secret: letters and digits as *. */
    char *q = t->pending.p + t->pending.off + at;
    for (size_t i = 0; i < n; i++)
        if ((q[i] >= '0' && q[i] <= '9') || (q[i] >= 'A' && q[i] <= 'Z') ||
            (q[i] >= 'a' && q[i] <= 'z'))
            q[i] = '*';
}

/* Everything a run of the player's coroutine printed goes to the kept
 * screen, the recording and the watchers at once, after the player's
 * own bytes are on the line: a crowd costs the player no time, and a
 * code printed a character at a time is whole when it is masked. */
void watch_tap_flush(sess *s)
{
    watch_tap *t = s->tap;
    if (!t || !buf_avail(&t->pending))
        return;
    size_t n = buf_avail(&t->pending);
    char *p = t->pending.p + t->pending.off;
    watch_mask(t, p, n);
    int hidden = watch_keep_check(s, t);
    scrkeep_feed(&t->keep, s->caps.ansi, s->caps.height, s->caps.width, p, n);
    if (t->rec)
        rec_data(t->rec, p, n);
    if (t->seats && hidden)
        watch_end_all(s, "THE GAME STARTING NOW HIDES EACH SIDE'S PIECES: "
                         "IT CANNOT BE WATCHED.");
    int dropped = 0;
    for (watch_seat **pp = &t->seats; *pp;) {
        watch_seat *seat = *pp;
        if (!seat->follows && !watch_fits(seat->w, s)) {
            /* The player's screen outgrew the watcher's, or became ANSI
             * for a watcher on paper: the bytes would not show right. */
            *pp = seat->next;
            t->nseats--;
            seat->next = NULL;
            seat->target = NULL;
            seat->why = "THE PLAYER'S TERMINAL NO LONGER SUITS YOURS.";
            if (seat->w->tap)
                seat->w->tap->watching = NULL;
            sess_wake(seat->w);
            dropped = 1;
            continue;
        }
        pp = &seat->next;
        if (seat->behind)
            continue;
        if (sess_backlog(seat->w) + n > WATCH_QMAX) {
            /* Too far behind: skip until its line drains, then redraw. */
            seat->behind = 1;
            sess_wake(seat->w);
            continue;
        }
        sess_emit_raw(seat->w, p, n);
    }
    buf_free(&t->pending);
    if (dropped)
        watch_tell_count(s);
}

static void watch_tap_free(sess *s)
{
    watch_tap *t = s->tap;
    if (!t)
        return;
    watch_end_all(s, "THE PLAYER HAS LEFT.");
    if (t->watching)
        watch_leave(t->watching);
    if (t->rec)
        rec_end(s, "hangup");
    scrkeep_free(&t->keep);
    buf_free(&t->pending);
    free(t);
    s->tap = NULL;
}

/* The recording is told the new size after the bytes sent before it. */
static void watch_tap_resize(sess *s)
{
    watch_tap *t = s->tap;
    if (!t)
        return;
    watch_tap_flush(s);
    if (t->rec)
        rec_resize(t->rec, s->caps.width, s->caps.height);
    for (watch_seat *seat = t->seats; seat; seat = seat->next)
        if (seat->follows && !seat->behind)
            watch_tell_size(seat);
}

/* A new line takes s's place (a seat of a two-player game taken back):
 * it is shown what a watcher who joins would be, unless the kept screen
 * is one an ANSI terminal drew and the line is paper or glass. */
static void watch_tap_show(sess *s, sess *line)
{
    watch_tap *t = s->tap;
    if (!t)
        return;
    watch_tap_flush(s);
    watch_keep_check(s, t);
    if (t->keep.ansi && !line->caps.ansi)
        return;
    buf b = { 0 };
    scrkeep_redraw(&t->keep, &b);
    sess_emit_raw(line, buf_data(&b), buf_avail(&b));
    buf_free(&b);
}

void watch_metrics(buf *out)
{
    int n = 0;
    for (sess *s = sess_first(); s; s = s->all_next)
        if (!s->closed && s->tap && s->tap->watching)
            n++;
    buf_printf(out, "# HELP ttyarcade_watchers Sessions watching another "
                    "player's game now.\n"
                    "# TYPE ttyarcade_watchers gauge\n"
                    "ttyarcade_watchers %d\n", n);
}

void watch_init(void)
{
    static const sess_tap_ops ops = {
        .feed = watch_tap_feed,
        .flush = watch_tap_flush,
        .free = watch_tap_free,
        .secret = watch_secret,
        .resize = watch_tap_resize,
        .show = watch_tap_show,
        .hush = watch_hush,
    };
    sess_set_tap(&ops);
}
