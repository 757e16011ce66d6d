/*
 * sess.c - session lifecycle, the coroutine scheduler, input and output
 * queues, pacing, idle timeout.
 *
 * The loop never runs game code directly: events mark a session's
 * coroutine ready and one idle handle resumes the ready ones, so a game
 * is never re-entered from inside another game's call and output from a
 * whole burst of game code goes out in one write.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "hold.h"
#include "metrics.h"
#include "sess.h"
#include "sess_seat.h"
#include "srv.h"

/* Keys are queued in two bytes each (sess.h). */
_Static_assert(TTY_KEY_RESIZE <= 0xffff, "a key fits the queue");

static sess *sess_all;
static sess *sess_tail;          /* the oldest: the list's other end */
static int sess_live;
static uint64_t sess_next_id;
/* Every live session by its id, chained in buckets: ids are handed out
 * in order, so id % SESS_ID_BUCKETS spreads them evenly and a lookup
 * (an invitation's or a watcher's session) walks a few, not them all. */
#define SESS_ID_BUCKETS 4096
static sess *sess_ids[SESS_ID_BUCKETS];
static sess *sess_ready_head, *sess_ready_tail;
static sess *sess_dirty;
static uv_idle_t sess_sched;
static int sess_sched_init;
static __thread sess *sess_running;
static const sess_tap_ops *sess_tap;

static void sess_schedule(uv_idle_t *h);
static void sess_paced(pacer *p);
static void sess_idle_fire(uv_timer_t *t);

uint64_t sess_now_ms(void)
{
    return uv_now(srv_loop);
}

void sess_set_tap(const sess_tap_ops *ops)
{
    sess_tap = ops;
}

void sess_secret(sess *io, const char *code)
{
    if (sess_tap && sess_tap->secret)
        sess_tap->secret(io, code);
}

void sess_hush(sess *io, int on)
{
    if (io->ops->hush) {
        /* What was printed before goes first, so the far end hushes
         * exactly the keys typed from now on. */
        sess_flush(io);
        io->ops->hush(io, on);
    } else if (sess_tap && sess_tap->hush) {
        sess_tap->hush(io, on);
    }
}

void sess_tap_show(sess *s, sess *line)
{
    if (sess_tap && sess_tap->show)
        sess_tap->show(s, line);
}

/* ---- creation and teardown ------------------------------------------ */

static void sess_timer_closed(uv_handle_t *h)
{
    sess *s = h->data;
    assert(s->timers_open > 0);
    if (--s->timers_open == 0) {
        for (int i = 0; i < SESS_OPTS; i++)
            free(s->opts[i].value);
        free(s->lobby_key);
        free(s);
    }
}

static void sess_arm_idle(sess *s)
{
    /* A seat without a line of its own: its wait, or its line's idle
     * time, is what counts (sess_seat.c). */
    if (srv.idle_ms <= 0 || s->eof || s->seat_waits || s->seat_lent)
        return;
    /* Warn a minute before (or halfway, for short test timeouts). */
    int warn = srv.idle_ms > 120000 ? srv.idle_ms - 60000 : srv.idle_ms / 2;
    s->warned_idle = 0;
    uv_timer_start(&s->idle_timer, sess_idle_fire, (uint64_t)warn, 0);
}

sess *sess_new(const sess_ops *ops, void *tr, const char *peer,
               const profile *p)
{
    sess *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->id = sess_next_id++;
    s->ops = ops;
    s->tr = tr;
    snprintf(s->peer, sizeof s->peer, "%s", peer);
    s->started_ms = sess_now_ms();
    s->input_ms = s->started_ms;
    s->runner = s;
    s->refs = 1;
    s->bits_per_char = 10;
    snprintf(s->name, sizeof s->name, "GUEST");
    sess_set_id(s, s->id);
    uv_timer_t *timers[] = { &s->wait_timer, &s->idle_timer, &s->esc_timer };
    for (int i = 0; i < 3; i++) {
        uv_timer_init(srv_loop, timers[i]);
        timers[i]->data = s;
        s->timers_open++;
    }
    pacer_init(&s->pace, sess_paced, s);
    sess_shown_reset(s, 1);
    sess_set_profile(s, p);
    s->all_next = sess_all;
    if (sess_all)
        sess_all->all_prev = s;
    else
        sess_tail = s;
    sess_all = s;
    sess_live++;
    metrics_session_started(ops->name);
    sess_arm_idle(s);
    return s;
}

static void sess_id_unlink(sess *s)
{
    sess **pp = &sess_ids[s->id % SESS_ID_BUCKETS];
    while (*pp && *pp != s)
        pp = &(*pp)->id_next;
    if (*pp)
        *pp = s->id_next;
    s->id_next = NULL;
}

sess *sess_id_chain(uint64_t id)
{
    return sess_ids[id % SESS_ID_BUCKETS];
}

void sess_set_id(sess *s, uint64_t id)
{
    sess_id_unlink(s);          /* nothing to do the first time */
    s->id = id;
    s->id_next = sess_ids[id % SESS_ID_BUCKETS];
    sess_ids[id % SESS_ID_BUCKETS] = s;
    if (srv.seeded) {
        rng_seed(&s->rng, srv.seed, id);
        rng_seed(&s->code_rng, srv.seed ^ 0x636f646573ull, id);
        s->seeded = 1;
    } else {
        uint64_t t = uv_hrtime();
        rng_seed(&s->rng, t, id);
        rng_seed(&s->code_rng, t * 31 + (uint64_t)(uintptr_t)s, id);
    }
}

void sess_ref(sess *s)
{
    assert(s->refs > 0);        /* a session being freed is not revived */
    s->refs++;
}

void sess_unref(sess *s)
{
    assert(s->refs > 0);        /* one unref too many frees it twice */
    if (--s->refs > 0)
        return;
    if (s->all_prev)
        s->all_prev->all_next = s->all_next;
    else
        sess_all = s->all_next;
    if (s->all_next)
        s->all_next->all_prev = s->all_prev;
    else
        sess_tail = s->all_prev;
    sess_id_unlink(s);
    sess_live--;
    if (sess_tap && sess_tap->free)
        sess_tap->free(s);
    buf_free(&s->out);
    buf_free(&s->held);
    pacer_close(&s->pace);
    uv_timer_t *timers[] = { &s->wait_timer, &s->idle_timer, &s->esc_timer };
    for (int i = 0; i < 3; i++)
        uv_close((uv_handle_t *)timers[i], sess_timer_closed);
}

sess *sess_first(void)
{
    return sess_all;
}

sess *sess_last(void)
{
    return sess_tail;
}

int sess_count(void)
{
    return sess_live;
}

const char *sess_addr(const sess *s)
{
    return s->far ? s->far_peer : s->peer;
}

int sess_count_peer(const char *host)
{
    int n = 0;
    size_t len = strlen(host);
    /* A line lent to a seat counts once: as the seat, which took its
     * address. */
    for (sess *s = sess_all; s; s = s->all_next)
        if (!s->closed && !s->seat && strncmp(s->peer, host, len) == 0 &&
            s->peer[len] == ':')
            n++;
    return n;
}

/* ---- the scheduler -------------------------------------------------- */

static void sess_trampoline(void *arg)
{
    sess *s = arg;
    s->main(s);
    /* Output still on its way (paced: a teletype prints GOODBYE at ten
     * characters a second) is given its time before the line closes, or
     * the last words would be lost; a line that takes nothing is waited
     * for no longer than the stall time. */
    uint64_t until = sess_now_ms() + (uint64_t)srv.stall_ms;
    sess_flush(s);
    while (!s->line_down && sess_backlog(s) > 0 && sess_now_ms() < until) {
        s->timer_fired = 0;
        sess_block(s, 100);
    }
}

void sess_start(sess *s, void (*main)(sess *s))
{
    if (!sess_sched_init) {
        uv_idle_init(srv_loop, &sess_sched);
        sess_sched_init = 1;
    }
    s->main = main;
    s->co = coro_new(sess_trampoline, s, (size_t)srv.stack_kib * 1024);
    if (!s->co)
        abort();
    sess_ref(s);                /* the coroutine's reference */
    s->blocked = 1;
    sess_wake(s);
}

void sess_wake(sess *s)
{
    if (!s->blocked || s->on_ready)
        return;
    s->blocked = 0;
    s->on_ready = 1;
    s->ready_next = NULL;
    if (sess_ready_tail)
        sess_ready_tail->ready_next = s;
    else
        sess_ready_head = s;
    sess_ready_tail = s;
    uv_idle_start(&sess_sched, sess_schedule);
}

static void sess_flush_dirty(void)
{
    while (sess_dirty) {
        sess *s = sess_dirty;
        sess_dirty = s->dirty_next;
        s->on_dirty = 0;
        sess_flush(s);
    }
}

static void sess_finish(sess *s)
{
    /* A host that ended without letting its guest go lets it go now (a
     * host has one guest at most: no walk over every session). */
    if (s->lobby_guest && s->lobby_guest->runner == s)
        tty_lobby_release(s->lobby_guest);
    uint64_t ms = sess_now_ms() - s->started_ms;
    srv_log("end %s %s session=%llu game=%s duration=%llu.%01llus "
            "name=\"%s\"", s->ops->name, s->peer, (unsigned long long)s->id,
            s->game ? s->game : "-", (unsigned long long)(ms / 1000),
            (unsigned long long)(ms % 1000 / 100), s->name);
    /* Whatever ran on it (a game, a test's hook) has returned: no code
     * stays held by a session that is gone. */
    hold_release(s);
    coro_free(s->co);
    s->co = NULL;
    uv_timer_stop(&s->idle_timer);
    uv_timer_stop(&s->wait_timer);
    s->eof = 1;
    sess_flush(s);
    if (!s->closed) {
        s->closed = 1;
        s->ops->close(s);   /* the transport's reference goes with it */
    }
    sess_unref(s);          /* the coroutine's reference */
}

static void sess_schedule(uv_idle_t *h)
{
    (void)h;
    /* One pass runs the sessions ready when it began; one woken meanwhile
     * (a game yielding in CKINP) runs on the next loop turn, after the
     * loop has polled for input and signals. */
    sess *last = sess_ready_tail;
    while (sess_ready_head) {
        sess *s = sess_ready_head;
        int was_last = s == last;
        sess_ready_head = s->ready_next;
        if (!sess_ready_head)
            sess_ready_tail = NULL;
        s->on_ready = 0;
        assert(s->co && !coro_finished(s->co)); /* never woken once over */
        sess_running = s;
        coro_resume(s->co);
        sess_running = NULL;
        sess_flush_dirty();
        if (coro_finished(s->co))
            sess_finish(s);
        if (was_last)
            break;
    }
    if (!sess_ready_head)
        uv_idle_stop(&sess_sched);
}

sess *sess_self(void)
{
    if (!sess_running)
        abort();    /* a contract call outside a game's coroutine */
    return sess_running;
}

static void sess_wait_timeout(uv_timer_t *t)
{
    sess *s = t->data;
    s->timer_fired = 1;
    sess_wake(s);
}

void sess_block(sess *me, int ms)
{
    if (ms > 0 && !me->timer_fired)
        uv_timer_start(&me->wait_timer, sess_wait_timeout, (uint64_t)ms, 0);
    me->blocked = 1;
    sess_flush_dirty();
    coro_yield();
    uv_timer_stop(&me->wait_timer);
}

/* Let the loop run one turn and come back: CKINP's way of not waiting
 * without holding up everyone else. */
void sess_yield(sess *me)
{
    me->blocked = 1;
    me->polling = 1;
    sess_wake(me);
    sess_flush_dirty();
    coro_yield();
    me->polling = 0;
}

int sess_wait(sess *me, int ms, int (*done)(void *arg), void *arg)
{
    uint64_t deadline = ms > 0 ? sess_now_ms() + (uint64_t)ms : 0;
    me->timer_fired = 0;
    for (;;) {
        if (done(arg))
            return 1;
        if (ms == 0 || me->timer_fired)
            return 0;
        int wait = -1;
        if (ms > 0) {
            uint64_t now = sess_now_ms();
            if (now >= deadline)
                return 0;
            wait = (int)(deadline - now);
        }
        sess_block(me, wait);
    }
}

/* ---- input ---------------------------------------------------------- */

static void sess_key(void *ctx, int key)
{
    sess *s = ctx;
    s->keys[(s->khead + s->kcount) % SESS_KEYS] = key;
    s->kcount++;
}

static void sess_esc_fire(uv_timer_t *t)
{
    sess *s = t->data;
    if (s->kcount < SESS_KEYS)
        ldisc_timeout(&s->ld, sess_key, s);
    else    /* no room for the Escape yet: ask again shortly */
        uv_timer_start(&s->esc_timer, sess_esc_fire, 40, 0);
    sess_wake(s->runner);
}

/* A lone Escape is a key only if no sequence follows it promptly. */
static void sess_esc_arm(sess *s)
{
    if (ldisc_pending(&s->ld))
        uv_timer_start(&s->esc_timer, sess_esc_fire, 40, 0);
    else
        uv_timer_stop(&s->esc_timer);
}

/*
 * Turn held bytes into keys one byte at a time until the queue is full:
 * every key emitted is queued, none dropped.  A script piped in faster
 * than the game reads it waits in the held bytes, and the transport stops
 * reading (back-pressure) until the game has taken keys again.
 */
void sess_refill(sess *s)
{
    size_t n = buf_avail(&s->held), i = 0;
    /* One byte makes at most two keys (an Escape that turns out to be
     * alone, then the key after it): stop one short of full. */
    while (i < n && s->kcount < SESS_KEYS - 1) {
        const unsigned char *p = (const unsigned char *)buf_data(&s->held);
        ldisc_feed(&s->ld, p + i++, 1, sess_key, s);
    }
    if (i) {
        buf_consume(&s->held, i);
        sess_esc_arm(s);
    }
    int full = buf_avail(&s->held) > 0;
    if (full != (int)s->holding && !s->closed) {
        s->holding = full ? 1 : 0;
        if (s->ops->hold)
            s->ops->hold(s, full);
    }
    if (s->ops->took && !s->closed)
        s->ops->took(s);
}

void sess_input(sess *s, const unsigned char *p, size_t n)
{
    if (s->eof)
        return;
    s->input_ms = sess_now_ms();
    metrics_bytes_in(s->ops->name, n);
    sess_arm_idle(s);
    if (!buf_avail(&s->held) && s->kcount + n + 1 <= SESS_KEYS) {
        /* room for every key these bytes can make: one each, and one
         * more for an Escape left pending before them */
        ldisc_feed(&s->ld, p, n, sess_key, s);
        sess_esc_arm(s);
    } else {
        buf_add(&s->held, p, n);
        sess_refill(s);
    }
    sess_wake(s->runner);
}

int sess_line_wants_return(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int c = p[i] & 0x7f;   /* whatever the parity */
        if (c == '\r' || c == '\n')
            return 1;
    }
    return 0;
}

void sess_end_input(sess *s)
{
    if (s->eof)
        return;
    s->eof = 1;
    uv_timer_stop(&s->idle_timer);
    sess_wake(s->runner);
    if (s->runner != s)
        sess_wake(s);
}

void sess_line_down(sess *s)
{
    if (sess_seat_line_down(s))
        return;     /* kept for its player, without a line */
    s->line_down = 1;
    buf_free(&s->out);
    pacer_stop(&s->pace);
    sess_end_input(s);
    /* A session that never started a coroutine has nobody to finish it. */
    if (!s->co && !s->closed) {
        s->closed = 1;
        s->ops->close(s);
    }
}

static void sess_idle_fire(uv_timer_t *t)
{
    sess *s = t->data;
    if (!s->warned_idle) {
        int left = srv.idle_ms > 120000 ? 60 : srv.idle_ms / 2000;
        char msg[128];
        snprintf(msg, sizeof msg,
                 "NOTHING TYPED FOR A WHILE: THIS SESSION ENDS IN %d "
                 "SECONDS UNLESS YOU TYPE SOMETHING", left);
        sess_notice(s, msg, 0);
        s->warned_idle = 1;
        uv_timer_start(&s->idle_timer, sess_idle_fire,
                       (uint64_t)(srv.idle_ms > 120000 ? 60000
                                                       : srv.idle_ms / 2),
                       0);
        return;
    }
    sess_notice(s, "SESSION ENDED: IDLE TOO LONG", SESS_NOTICE_LAST);
    srv_log("idle %s %s session=%llu", s->ops->name, s->peer,
            (unsigned long long)s->id);
    sess_end_input(s);
}

/* ---- output --------------------------------------------------------- */

size_t sess_backlog(sess *s)
{
    return buf_avail(&s->out) + (s->line_down ? 0 : s->ops->backlog(s));
}

void sess_output_progress(sess *s)
{
    s->progress_ms = sess_now_ms();
    /* A game suspended on a full queue may go on (one waiting for a key
     * has nothing to do with it: a watcher's copies must not wake it). */
    if (s->runner->blocked && !s->runner->wants_key)
        sess_wake(s->runner);
    if (s->seat)        /* the seat played from this line moved too */
        sess_output_progress(s->seat);
}

static uint64_t sess_cps_x1000(const sess *s)
{
    /* characters per 1000 s, so 110 baud with 11 bits is exactly 10 cps;
     * --pace-scale speeds every line up alike (for tests) */
    return (uint64_t)s->caps.baud * (uint64_t)srv.pace_scale * 1000 /
           (uint64_t)s->bits_per_char;
}

/* Hand the line what the pacer lets go now; it calls back when more may
 * go. */
static void sess_pace_now(sess *s)
{
    if (s->out_paused)
        return;     /* XON will start it again */
    size_t n = pacer_take(&s->pace, sess_cps_x1000(s), buf_avail(&s->out));
    if (n) {
        if (!s->seat_lent)  /* counted once: on the line it is lent */
            metrics_bytes_out(s->ops->name, n);
        s->ops->send(s, buf_data(&s->out), n);
        buf_consume(&s->out, n);
        sess_output_progress(s);
    }
}

static void sess_paced(pacer *p)
{
    sess_pace_now(p->owner);
}

static void sess_flush_line(sess *s)
{
    if (s->line_down || s->seat_waits) {
        buf_free(&s->out);
        return;
    }
    if (!buf_avail(&s->out) || s->out_paused)
        return;
    if (s->caps.baud > 0) {
        sess_pace_now(s);
        return;
    }
    if (!s->seat_lent)
        metrics_bytes_out(s->ops->name, buf_avail(&s->out));
    s->ops->send(s, buf_data(&s->out), buf_avail(&s->out));
    buf_consume(&s->out, buf_avail(&s->out));
}

void sess_flush(sess *s)
{
    sess_flush_line(s);
    /* The player's bytes first, then the watchers' copies. */
    if (s->tap && sess_tap)
        sess_tap->flush(s);
}

void sess_emit(sess *s, const char *p, size_t n)
{
    if (s->line_down)
        return;
    size_t before = buf_avail(&s->out);
    sess_shown_feed(s, p, n);
    pfilter_run(&s->pf, p, n, &s->out);
    /* What the player will receive, for watchers and the recording. */
    if (buf_avail(&s->out) > before && sess_tap)
        sess_tap->feed(s, buf_data(&s->out) + before,
                       buf_avail(&s->out) - before);
    if (!s->on_dirty) {
        s->on_dirty = 1;
        s->dirty_next = sess_dirty;
        sess_dirty = s;
    }
    /* A game that prints faster than the line takes it waits here, so a
     * client that stops reading costs a bounded queue; one that takes
     * nothing for stall_ms is dropped. */
    sess *me = sess_running;
    if (!me || s->eof)
        return;
    if (sess_backlog(s) <= (size_t)srv.out_high)
        return;
    sess_flush_dirty();
    s->progress_ms = sess_now_ms();
    while (!s->line_down && !s->eof &&
           sess_backlog(s) > (size_t)srv.out_high / 2) {
        if (s->out_paused)
            s->progress_ms = sess_now_ms();     /* held by XOFF: waiting */
        if (sess_now_ms() - s->progress_ms >= (uint64_t)srv.stall_ms) {
            srv_log("stalled %s %s session=%llu: dropped", s->ops->name,
                    s->peer, (unsigned long long)s->id);
            sess_line_down(s);
            break;
        }
        me->timer_fired = 0;
        sess_block(me, 1000);
    }
}

/* Bytes past the profile filter: to the line now, or at the end of this
 * turn when a coroutine runs; tap: the watchers and the recording see
 * them too. */
static void sess_emit_past_filter(sess *s, const char *p, size_t n, int tap)
{
    if (s->line_down || !n)
        return;
    buf_add(&s->out, p, n);
    sess_shown_feed(s, p, n);
    if (tap && sess_tap)
        sess_tap->feed(s, p, n);
    if (!sess_running) {
        sess_flush(s);
        return;
    }
    if (!s->on_dirty) {
        s->on_dirty = 1;
        s->dirty_next = sess_dirty;
        sess_dirty = s;
    }
}

void sess_emit_raw(sess *s, const char *p, size_t n)
{
    sess_emit_past_filter(s, p, n, 0);
}

void sess_emit_wire(sess *s, const char *p, size_t n)
{
    sess_emit_past_filter(s, p, n, 1);
}

/* ---- settings ------------------------------------------------------- */

void sess_set_profile(sess *s, const profile *p)
{
    /* A screen that can be addressed takes the window the client last
     * reported, even if it reported it before the profile became ANSI
     * (NAWS comes before TTYPE has settled); paper and glass keep their
     * fixed margins. */
    int width = p->ansi && s->win_width ? s->win_width
              : s->prof && s->caps.ansi && p->ansi ? s->caps.width : p->width;
    int height = p->ansi && s->win_width ? s->win_height
               : s->prof && s->caps.ansi && p->ansi ? s->caps.height
                                                    : p->height;
    int changed = s->prof && (width != s->caps.width ||
                              height != s->caps.height);
    s->prof = p;
    sess_shown_reset(s, 0);     /* another terminal: where is its cursor? */
    s->caps.profile = p->name;
    s->caps.width = width;
    s->caps.height = height;
    if (changed && sess_tap && sess_tap->resize)
        sess_tap->resize(s);
    s->caps.ansi = p->ansi;
    s->caps.color = p->color;
    s->caps.upper_only = p->upper;
    s->caps.paper = p->paper;
    s->ld.upper = p->upper;
    pfilter_init(&s->pf, p, width);
}

void sess_set_size(sess *s, int width, int height)
{
    if (width < 20 || height < 5)
        return;
    if (width > 400)
        width = 400;
    if (height > 200)
        height = 200;
    /* Kept whatever the profile: sess_set_profile applies it when the
     * profile becomes ANSI.  Paper and glass keep their fixed margins. */
    s->win_width = width;
    s->win_height = height;
    if (!s->caps.ansi)
        return;
    if (width == s->caps.width && height == s->caps.height)
        return;
    s->caps.width = width;
    s->caps.height = height;
    s->resized = 1;
    if (sess_tap && sess_tap->resize)
        sess_tap->resize(s);
    sess_wake(s->runner);
}

void sess_set_baud(sess *s, int baud, int bits_per_char)
{
    s->caps.baud = baud;
    if (bits_per_char <= 0)     /* a Model 33 at 110 has two stop bits */
        bits_per_char = baud > 0 && baud <= 110 ? 11 : 10;
    s->bits_per_char = bits_per_char;
    /* The speed can change while output waits for the old speed's next
     * character (the web page's speed chosen mid-message): it goes at the
     * new speed from now.  Left to the old timer, an unpaced line would
     * never be woken again, and a slower one would wait out the old
     * schedule's times recomputed at the new speed. */
    pacer_restart(&s->pace);
    sess_flush_line(s);
}

void sess_pause_output(sess *s, int paused)
{
    if (s->out_paused == (unsigned)(paused != 0))
        return;
    s->out_paused = paused != 0;
    if (paused)
        pacer_stop(&s->pace);
    else
        sess_flush(s);
    if (s->seat)        /* XOFF holds the seat played from this line too */
        sess_pause_output(s->seat, paused);
}

void sess_set_client_echoes(sess *s, int on)
{
    s->caps.client_echoes = on != 0;
}

void sess_set_strip8(sess *s, int on)
{
    s->ld.strip8 = on != 0;
}

void sess_forget_keys(sess *s)
{
    s->khead = 0;
    s->kcount = 0;
    buf_free(&s->held);         /* typed ahead too, only not yet keys */
    sess_refill(s);             /* the line may be read again */
}

void sess_set_option(sess *s, const char *key, const char *value)
{
    for (int i = 0; i < SESS_OPTS; i++) {
        if (s->opts[i].value && strcmp(s->opts[i].key, key) == 0) {
            free(s->opts[i].value);
            s->opts[i].value = value ? strdup(value) : NULL;
            return;
        }
    }
    if (!value)
        return;
    for (int i = 0; i < SESS_OPTS; i++) {
        if (!s->opts[i].value) {
            snprintf(s->opts[i].key, sizeof s->opts[i].key, "%s", key);
            s->opts[i].value = strdup(value);
            return;
        }
    }
}
