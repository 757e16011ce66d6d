/*
 * sess_seat.c - a seat of a two-player game kept for its player when the
 * line drops, and played from a new line (see sess_seat.h).
 *
 * A seat's ops stand in for a transport: while it waits, ops that send
 * nowhere ("detached"); while a line is lent to it, ops that write to
 * that session's line ("rejoined", tr the lending session).  Either way
 * the seat holds one reference for its line, as a transport does, given
 * back by close when the session ends.  The wait is the seat's idle
 * timer: a seat without a line types nothing, so the timer has no other
 * use until the seat ends.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "sess_seat.h"
#include "srv.h"

int sess_seat_wait_s = 120;

/* ---- the seat's line ------------------------------------------------- */

static void seat_none_send(sess *s, const char *p, size_t n)
{
    (void)s;
    (void)p;
    (void)n;
}

static size_t seat_none_backlog(sess *s)
{
    (void)s;
    return 0;
}

static void seat_none_close(sess *s)
{
    sess_unref(s);
}

static const sess_ops seat_none_ops = {
    .name = "detached",
    .send = seat_none_send,
    .backlog = seat_none_backlog,
    .close = seat_none_close,
};

static sess *seat_line(const sess *s)
{
    return s->tr;
}

/* Through the seat's profile filter and past its tap already: the
 * lending line's own queue and pacing take it as wire bytes. */
static void seat_lent_send(sess *s, const char *p, size_t n)
{
    sess_emit_raw(seat_line(s), p, n);
}

static size_t seat_lent_backlog(sess *s)
{
    return sess_backlog(seat_line(s));
}

/* The line goes back to its own session, which is woken to see it. */
static void seat_unlend(sess *s)
{
    sess *line = seat_line(s);
    s->ops = &seat_none_ops;
    s->tr = NULL;
    s->seat_lent = 0;
    line->seat = NULL;
    sess_wake(line);
    sess_unref(line);           /* the seat's hold on it */
}

static void seat_lent_close(sess *s)
{
    seat_unlend(s);
    sess_unref(s);
}

/* The game took keys: the pump may pass on more. */
static void seat_lent_took(sess *s)
{
    sess_wake(seat_line(s));
}

static const sess_ops seat_lent_ops = {
    .name = "rejoined",
    .send = seat_lent_send,
    .backlog = seat_lent_backlog,
    .close = seat_lent_close,
    .took = seat_lent_took,
};

/* ---- waiting --------------------------------------------------------- */

sess *sess_seat_partner(sess *s)
{
    if (s->far)
        return NULL;
    if (s->runner && s->runner != s) {     /* a guest: its host runs it */
        sess *host = s->runner;
        return host->lobby_guest == s && !host->far ? host : NULL;
    }
    sess *guest = s->lobby_guest;
    return guest && guest->runner == s && !guest->far ? guest : NULL;
}

int sess_seat_waiting(const sess *s)
{
    return s->seat_waits;
}

/* "2 MIN", "90 SEC": how long, as a notice says it. */
static void seat_span(int secs, char *out, size_t size)
{
    if (secs >= 60 && secs % 60 == 0)
        snprintf(out, size, "%d MIN", secs / 60);
    else
        snprintf(out, size, "%d SEC", secs);
}

static const char *seat_game(const sess *s)
{
    return s->game ? s->game : "-";
}

static void seat_wait_over(uv_timer_t *t)
{
    sess *s = t->data;
    srv_log("detached session=%llu game=%s name=\"%s\": ended after the "
            "wait of %ds", (unsigned long long)s->id, seat_game(s), s->name,
            sess_seat_wait_s);
    s->seat_abandoned = 1;      /* before its game reads the end of input */
    sess_line_down(s);          /* waiting: down for good now */
}

/* s has no line from now (the one on door is gone): it waits for its
 * player; tell: the other player is told so. */
static void seat_wait(sess *s, const char *door, int tell)
{
    s->ops = &seat_none_ops;
    s->tr = NULL;
    s->seat_waits = 1;
    s->holding = 0;
    s->out_paused = 0;
    buf_free(&s->out);
    pacer_stop(&s->pace);
    uv_timer_start(&s->idle_timer, seat_wait_over,
                   (uint64_t)sess_seat_wait_s * 1000, 0);
    srv_log("detached %s %s session=%llu game=%s name=\"%s\": the seat "
            "waits %ds for its player", door, s->peer,
            (unsigned long long)s->id, seat_game(s), s->name,
            sess_seat_wait_s);
    sess *other = sess_seat_partner(s);
    if (tell && other) {
        char span[24], msg[SESS_NOTICE_MAX];
        seat_span(sess_seat_wait_s, span, sizeof span);
        snprintf(msg, sizeof msg, "%s'S LINE DROPPED. THE GAME GOES ON IF "
                 "%s IS BACK WITHIN %s.", s->name, s->name, span);
        sess_notice(other, msg, 0);
    }
}

/* s may wait for its player: its game is on with a partner here who has
 * not left it. */
static int seat_may_wait(sess *s)
{
    if (s->eof || s->closed || srv_stopping || sess_seat_wait_s <= 0)
        return 0;
    sess *other = sess_seat_partner(s);
    return other && !other->eof;
}

int sess_seat_line_down(sess *s)
{
    if (s->seat_lent) {
        /* The line it is played from is the one that stalled: that line
         * goes, and its pump leaves the seat waiting again. */
        sess_line_down(seat_line(s));
        return 1;
    }
    if (s->seat_waits || s->line_down || !seat_may_wait(s))
        return 0;
    const char *door = s->ops->name;
    sess_ref(s);                /* the seat's own, for the line it will get */
    s->line_down = 1;           /* the transport closes at once: the line is
                                   dead, nothing waits to be flushed */
    s->ops->close(s);           /* the transport's reference goes with it */
    s->line_down = 0;
    seat_wait(s, door, 1);
    return 1;
}

void sess_seat_let_go(sess *s, const char *why)
{
    if (s->seat_waits || s->eof)
        return;
    sess_notice(s, why, SESS_NOTICE_LAST);    /* flushes */
    srv_log("taken over %s %s session=%llu game=%s name=\"%s\": its seat "
            "goes to a new line", s->ops->name, s->peer,
            (unsigned long long)s->id, seat_game(s), s->name);
    if (s->seat_lent) {
        /* A line lent to it already: that session ends, told why. */
        sess *line = seat_line(s);
        const char *door = line->ops->name;
        seat_unlend(s);
        sess_end_input(line);
        seat_wait(s, door, 0);
        return;
    }
    const char *door = s->ops->name;
    sess_ref(s);
    s->ops->close(s);           /* what it was told goes out, then it closes */
    seat_wait(s, door, 0);
}

/* ---- played from another line ---------------------------------------- */

/* The line's terminal becomes the seat's: a profile or a size that
 * changes reaches the game as a resize (an ANSI game redraws). */
static void seat_terminal(sess *line, sess *seat)
{
    if (seat->prof != line->prof) {
        seat->win_width = line->win_width;
        seat->win_height = line->win_height;
        sess_set_profile(seat, line->prof);
        if (seat->caps.ansi) {
            seat->resized = 1;
            sess_wake(seat->runner);
        }
    }
    if (line->caps.ansi && (seat->caps.width != line->caps.width ||
                            seat->caps.height != line->caps.height))
        sess_set_size(seat, line->caps.width, line->caps.height);
    if (seat->caps.baud != line->caps.baud ||
        seat->bits_per_char != line->bits_per_char)
        sess_set_baud(seat, line->caps.baud, line->bits_per_char);
    seat->caps.client_echoes = line->caps.client_echoes;
    line->resized = 0;
}

/* Keys typed on the line go to the seat's queue while it has room (the
 * seat's took op asks for more); the line's own queue then takes what
 * its transport held back. */
static void seat_keys(sess *line, sess *seat)
{
    int moved = 0;
    while (line->kcount && seat->kcount < SESS_KEYS) {
        seat->keys[(seat->khead + seat->kcount) % SESS_KEYS] =
            line->keys[line->khead];
        seat->kcount++;
        line->khead = (line->khead + 1) % SESS_KEYS;
        line->kcount--;
        moved = 1;
    }
    if (!moved)
        return;
    seat->input_ms = line->input_ms;
    sess_refill(line);
    sess_wake(seat->runner);
}

static int seat_pump_ready(void *arg)
{
    sess *line = arg, *seat = line->seat;
    if (!seat)
        return 1;               /* its game is over, or taken elsewhere */
    if (line->eof)              /* dropped, or input over: once for each */
        return line->line_down || !seat->eof;
    return line->resized || (line->kcount && seat->kcount < SESS_KEYS);
}

int sess_seat_play(sess *line, sess *seat)
{
    if (!seat->seat_waits || seat->eof || line->seat)
        return TTY_FAILED;
    uv_timer_stop(&seat->idle_timer);
    seat->seat_waits = 0;
    seat->seat_lent = 1;
    seat->ops = &seat_lent_ops;
    seat->tr = line;
    sess_ref(line);             /* the seat's hold on its line */
    line->seat = seat;
    snprintf(seat->peer, sizeof seat->peer, "%s", line->peer);
    srv_log("rejoined session=%llu game=%s name=\"%s\" on %s %s "
            "session=%llu", (unsigned long long)seat->id, seat_game(seat),
            seat->name, line->ops->name, line->peer,
            (unsigned long long)line->id);
    /* What the player's screen showed, as a watcher who joins gets it;
     * then the new terminal is the seat's. */
    sess_tap_show(seat, line);
    seat_terminal(line, seat);
    char msg[SESS_NOTICE_MAX];
    sess *other = sess_seat_partner(seat);
    if (other) {
        snprintf(msg, sizeof msg, "YOU ARE BACK IN YOUR GAME AGAINST %s.",
                 other->name);
        sess_notice(seat, msg, 0);
        snprintf(msg, sizeof msg, "%s IS BACK: THE GAME GOES ON.",
                 seat->name);
        sess_notice(other, msg, 0);
    }
    for (;;) {
        sess_wait(line, -1, seat_pump_ready, line);
        if (!(seat = line->seat))
            return line->eof ? TTY_EOF : 0;
        seat_terminal(line, seat);
        seat_keys(line, seat);
        if (line->line_down)
            break;
        /* Input over on the line (idle, kicked, the server stopping):
         * the seat's too; its game's last words still come here. */
        if (line->eof && !seat->eof)
            sess_end_input(seat);
    }
    /* The line dropped: the seat waits for its player again, if it
     * still may. */
    const char *door = line->ops->name;
    seat_unlend(seat);
    if (seat_may_wait(seat)) {
        seat_wait(seat, door, 1);
    } else {
        seat->seat_waits = 1;
        sess_line_down(seat);
    }
    return TTY_EOF;
}

/* Only the wait running out says so: a save or a quit is the game's own
 * end, a server that keeps no seat (--rejoin-wait 0) ends a game at a
 * hang-up saved, and a server stopping ends every game alike. */
int tty_abandoned(tty_io *io)
{
    return io->seat_abandoned && tty_hungup(io);
}

void sess_seat_over(sess *s)
{
    if ((!s->seat_lent && !s->seat_waits) || s->line_down)
        return;                 /* no seat, or one that has ended already */
    if (s->seat_lent) {
        sess *line = seat_line(s);
        sess_flush(s);
        srv_log("rejoined session=%llu game=%s name=\"%s\": the game is "
                "over, session=%llu has its line back",
                (unsigned long long)s->id, seat_game(s), s->name,
                (unsigned long long)line->id);
        seat_unlend(s);
    } else {
        srv_log("detached session=%llu game=%s name=\"%s\": the game is "
                "over while the seat waits", (unsigned long long)s->id,
                seat_game(s), s->name);
    }
    uv_timer_stop(&s->idle_timer);
    s->seat_waits = 1;          /* no line of its own: down for good */
    sess_line_down(s);
}
