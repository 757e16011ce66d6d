/*
 * xlobby.c - the lobby of servers sharing a database, and the player's
 * side of a game hosted on another server (the protocol is in xlobby.h
 * and xlink.h; the host's side of the link is xfar.c).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hold.h"
#include "invite.h"
#include "lobby.h"
#include "msg.h"
#include "presence.h"
#include "relay.h"
#include "srv.h"
#include "store_main.h"
#include "takeover.h"
#include "watch.h"
#include "xlink.h"
#include "xlobby.h"

static char xl_server[32];
static int xl_started;
static uv_timer_t xl_timer;

int xlobby_active(void)
{
    return xl_started && relay_up();
}

int xlobby_links(void)
{
    return xlink_count();
}

const char *xlobby_server(void)
{
    return xl_server;
}

/* ---- the store's lobby, from the player's coroutine ------------------ */

typedef struct xl_call {
    enum { XC_MEET, XC_LEAVE } op;
    const char *key;
    long session, seat_id;
    store_lobby_seat seat;
    int rc;
} xl_call;

static void xl_call_run(void *arg, const volatile int *cancel)
{
    xl_call *c = arg;
    (void)cancel;
    long now = (long)time(NULL);
    if (c->op == XC_MEET)
        c->rc = store_lobby_meet(store_main, c->key, xl_server, c->session,
                                 now, now - 3L * presence_beat_seconds(),
                                 &c->seat);
    else
        c->rc = store_lobby_leave(store_main, c->seat_id);
}

static int xl_store(sess *io, xl_call *c)
{
    tty_work(io, xl_call_run, c);       /* finishes even after a hang-up */
    if (c->rc != TTY_OK && c->rc != TTY_NOTFOUND)
        srv_log("lobby: the shared lobby failed for session=%llu: %s",
                (unsigned long long)io->id, store_error());
    return c->rc;
}

/* ---- the player's side of a game on another server ------------------- */

static int xl_guest_ready(void *arg)
{
    xlink *l = arg;
    sess *s = l->s;
    return l->poke || l->state != XL_OPEN || s->eof ||
           (s->kcount && l->credit > 0) ||
           (s->caps.width != l->sent_w || s->caps.height != l->sent_h);
}

/* Send what the player did, and report the line's progress. */
static void xl_guest_step(xlink *l)
{
    sess *s = l->s;
    if (s->caps.width != l->sent_w || s->caps.height != l->sent_h) {
        l->sent_w = s->caps.width;
        l->sent_h = s->caps.height;
        xlink_say(l, 'Z', "%d %d", l->sent_w, l->sent_h);
    }
    s->resized = 0;
    if (s->kcount && l->credit > 0) {
        char line[SESS_KEYS * 4 + 16];
        size_t n = 0;
        int sent = 0;
        while (s->kcount && l->credit > 0) {
            n += (size_t)snprintf(line + n, sizeof line - n, "%s%d",
                                  sent ? " " : "", s->keys[s->khead]);
            s->khead = (s->khead + 1) % SESS_KEYS;
            s->kcount--;
            l->credit--;
            sent++;
        }
        xlink_say(l, 'K', "%s", line);
        sess_refill(s);
    }
    /* The host's game waits while too much is unreported or unwritten,
     * and drops a line that shows no progress for the stall time: say
     * where the line is at least every second while it moves (a
     * teletype drains 4 KiB in minutes), at once when a lot has moved or
     * all is written. */
    size_t wait = sess_backlog(s);
    uint64_t now = sess_now_ms();
    size_t moved = wait > l->told_wait ? wait - l->told_wait
                                       : l->told_wait - wait;
    int changed = l->got != l->told_got || wait != l->told_wait;
    if (changed && (l->got - l->told_got >= 4096 || moved >= 4096 ||
                    (wait == 0 && l->told_wait != 0) ||
                    now - l->told_ms >= 1000)) {
        xlink_say(l, 'W', "%llu %zu", (unsigned long long)l->got, wait);
        l->told_got = l->got;
        l->told_wait = wait;
        l->told_ms = now;
    }
}

static void xl_guest_tell_end(xlink *l)
{
    sess *s = l->s;
    if (l->end == XL_END_SILENT || l->end == XL_END_LOST) {
        tty_msg(s, l->end == XL_END_SILENT
                       ? "\nTHE SERVER RUNNING THIS GAME HAS STOPPED "
                         "ANSWERING.\n"
                       : "\nTHIS SERVER HAS LOST ITS LINK TO THE SERVER "
                         "RUNNING THIS GAME.\n");
        if (l->code[0])
            tty_printf(s, "THE GAME IS SAVED UNDER RESUME CODE %s: EITHER "
                          "PLAYER MAY RESUME IT.\n", l->code);
    } else if (l->end == XL_END_DROPPED) {
        sess_line_down(s);
    }
}

/* The player's coroutine while the game runs elsewhere.  TTY_LOBBY_GUEST
 * when it is over, TTY_EOF if the player went. */
static int xl_guest_run(xlink *l)
{
    sess *s = l->s, *me = sess_self();
    srv_log("relay join %s session=%llu", l->server,
            (unsigned long long)s->id);
    for (;;) {
        l->poke = 0;
        if (l->state != XL_OPEN)
            break;
        if (s->eof) {
            xlink_say(l, 'E', NULL);
            l->state = XL_OVER;
            break;
        }
        xl_guest_step(l);
        /* while output waits for the line, look again to report it */
        sess_wait(me, sess_backlog(s) || l->got != l->told_got ? 100 : -1,
                  xl_guest_ready, l);
    }
    xl_guest_tell_end(l);
    srv_log("relay leave %s session=%llu", l->server,
            (unsigned long long)s->id);
    s->xlink = NULL;
    xlink_free(l);
    return s->eof ? TTY_EOF : TTY_LOBBY_GUEST;
}

static int xl_join_ready(void *arg)
{
    xlink *l = arg;
    return l->state != XL_JOINING || l->s->eof;
}

/* Ask the seat's server to pair us: 1 accepted, 0 refused or no answer. */
static int xl_ask(sess *io, const store_lobby_seat *seat, xlink **out)
{
    xlink *l = xlink_new(XL_GUEST, seat->server, io);
    if (!l)
        return 0;
    char name[64], account[64], addr[XL_PEER64];
    xlink_b64(io->name, strlen(io->name), name, sizeof name);
    /* The host counts the player's wrong codes by this address. */
    xlink_b64(io->peer, strlen(io->peer), addr, sizeof addr);
    if (io->account[0])
        xlink_b64(io->account, strlen(io->account), account, sizeof account);
    else
        snprintf(account, sizeof account, "-");
    /* J goes to the seat, not to a link: its link number is the seat. */
    l->far_id = (uint32_t)seat->id;
    xlink_say(l, 'J', "%u %s %d %d %d %s %s %s", (unsigned)l->id,
              io->caps.profile, io->caps.width, io->caps.height,
              io->caps.client_echoes, name, account, addr);
    l->far_id = 0;
    sess_wait(sess_self(), XL_JOIN_MS, xl_join_ready, l);
    if (l->state == XL_OPEN) {
        io->xlink = l;
        *out = l;
        return 1;
    }
    xlink_free(l);
    return 0;
}

int xlobby_meet(sess *io, const char *key, const char *waiting,
                tty_io **peer)
{
    for (int round = 0; round < 6; round++) {
        xl_call c = { .op = XC_MEET, .key = key, .session = (long)io->id };
        int rc = xl_store(io, &c);
        if (rc != TTY_OK && rc != TTY_NOTFOUND) {
            tty_msg(io, "THE LOBBY CANNOT BE REACHED JUST NOW.\n");
            return TTY_CANCEL;
        }
        if (rc == TTY_NOTFOUND) {
            /* Seated: wait here for a player from any server. */
            io->xseat = c.seat.id;
            rc = TTY_EOF;
            if (!tty_hungup(io)) {
                lobby_add(io, key);
                rc = lobby_wait(io, waiting, peer);
            }
            long seat = io->xseat;
            io->xseat = 0;
            if (rc == TTY_LOBBY_HOST)
                return rc;
            /* Gone or given up: free the seat (a player who claimed it
             * meanwhile is refused, and tries again). */
            xlobby_unseat(io, seat);
            return tty_hungup(io) ? TTY_EOF : TTY_CANCEL;
        }
        /* Claimed a seat. */
        if (strcmp(c.seat.server, xl_server) == 0) {
            sess *h = lobby_find(NULL, c.seat.id);
            if (h && h != io)
                return lobby_join(io, h);
            continue;           /* its player just left: again */
        }
        xlink *l = NULL;
        if (xl_ask(io, &c.seat, &l))
            return xl_guest_run(l);
        if (tty_hungup(io))
            return TTY_EOF;
    }
    tty_msg(io, "THE LOBBY IS BUSY: TRY AGAIN IN A MOMENT.\n");
    return TTY_CANCEL;
}

long xlobby_seat(sess *io, const char *key)
{
    xl_call c = { .op = XC_MEET, .key = key, .session = (long)io->id };
    /* A key nobody else asks for is never claimed: a new seat or none. */
    return xl_store(io, &c) == TTY_NOTFOUND ? c.seat.id : -1;
}

void xlobby_unseat(sess *io, long seat)
{
    xl_call leave = { .op = XC_LEAVE, .seat_id = seat };
    xl_store(io, &leave);
}

int xlobby_join_seat(sess *io, const char *server, long seat)
{
    store_lobby_seat st = { .id = seat };
    snprintf(st.server, sizeof st.server, "%s", server);
    xlink *l = NULL;
    if (xl_ask(io, &st, &l))
        return xl_guest_run(l);
    return tty_hungup(io) ? TTY_EOF : TTY_CANCEL;
}

/* ---- the host's side: a game over, a code told ----------------------- */

void xlobby_release(sess *far)
{
    if (far->runner && far->runner != far &&
        far->runner->lobby_guest == far)
        far->runner->lobby_guest = NULL;
    far->runner = far;
    far->lobby_released = 1;
    if (!far->closed) {
        far->closed = 1;
        far->ops->close(far);   /* says L, and the link's reference */
    }
    sess_unref(far);            /* the host's */
}

/* ---- lines from other servers ---------------------------------------- */

/* J SEAT LINK PROFILE W H ECHOES NAME ACCOUNT PEER, for a seat of ours.
 * A request without the player's peer is not answered: its player's
 * wrong codes could not be counted here (servers on one database run one
 * version). */
static void xl_join(const char *from, unsigned long seat, char *args)
{
    unsigned long their = 0;
    char prof[16], name64[64], acct64[64], peer64[XL_PEER64];
    int w = 0, h = 0, echoes = 0;
    if (sscanf(args, "%lu %15s %d %d %d %63s %63s %127s", &their, prof, &w,
               &h, &echoes, name64, acct64, peer64) != 8 || !their)
        return;
    xlink reply = { .far_id = (uint32_t)their };
    snprintf(reply.server, sizeof reply.server, "%s", from);
    sess *host = seat ? lobby_find(NULL, (long)seat) : NULL;
    char name[SESS_NAME] = "", account[SESS_NAME] = "";
    char peer[sizeof host->far_peer];
    size_t n = 0;
    if (xlink_unb64(name64, name, sizeof name - 1, &n) == 0)
        name[n] = 0;
    else
        host = NULL;
    if (xlink_unb64(peer64, peer, sizeof peer - 1, &n) == 0 && n)
        peer[n] = 0;
    else
        host = NULL;
    if (strcmp(acct64, "-") != 0) {
        if (xlink_unb64(acct64, account, sizeof account - 1, &n) == 0)
            account[n] = 0;
        else
            host = NULL;
    }
    /* A seat an invitation holds is for its invitee alone. */
    if (host && host->invite && !invite_admits(host->invite, name, account))
        host = NULL;
    if (!host) {
        xlink_say(&reply, 'R', NULL);
        return;
    }
    /* What is shown of the far player (and logged) is made safe here
     * too. */
    for (char *p = name; *p; p++)
        if (*p < 0x20 || *p > 0x7e)
            *p = '?';
    for (char *p = peer; *p; p++)
        if (*p <= 0x20 || *p > 0x7e)
            *p = '?';
    xlink *l = xlink_new(XL_HOST, from, NULL);
    sess *far = l ? xfar_new(l, prof, w, h, echoes, name, account, peer)
                  : NULL;
    if (!far) {
        xlink_free(l);
        xlink_say(&reply, 'R', NULL);
        return;
    }
    l->far_id = (uint32_t)their;
    l->state = XL_OPEN;
    far->game = host->game;
    xlink_say(l, 'A', "%u", (unsigned)l->id);
    srv_log("relay start %s session=%llu host=%llu name=%s", from,
            (unsigned long long)far->id, (unsigned long long)host->id,
            far->name);
    lobby_pair(host, far);
}

static void xl_guest_line(xlink *l, char type, char *args)
{
    sess *s = l->s;
    switch (type) {
    case 'A':
        if (l->state == XL_JOINING) {
            l->far_id = (uint32_t)strtoul(args, NULL, 10);
            l->state = XL_OPEN;
        }
        break;
    case 'R':
        if (l->state == XL_JOINING) {
            l->state = XL_OVER;
            l->end = XL_END_REFUSED;
        }
        break;
    case 'O': {
        static char bytes[XL_OUT_CHUNK + 16];
        size_t n = 0;
        if (l->state == XL_OPEN &&
            xlink_unb64(args, bytes, sizeof bytes, &n) == 0) {
            sess_emit_wire(s, bytes, n);
            l->got += n;
        }
        break;
    }
    case 'C':
        l->credit += (int)strtol(args, NULL, 10);
        if (l->credit > XL_WINDOW)
            l->credit = XL_WINDOW;
        break;
    case 'S':
        if (strlen(args) < sizeof l->code) {
            snprintf(l->code, sizeof l->code, "%s", args);
            watch_secret(s, l->code);
        }
        break;
    case 'B':
        watch_hush(s, args[0] == '1');
        break;
    case 'L':
    case 'D':
        l->state = XL_OVER;
        l->end = type == 'L' ? XL_END_RELEASED : XL_END_DROPPED;
        break;
    default:
        break;
    }
    l->poke = 1;
    sess_wake(s);
}

static void xl_line(const char *from, char *line)
{
    char type = line[0];
    if (!type || line[1] != ' ')
        return;
    if (takeover_line(from, type, line + 2) ||
        msg_relay_line(from, type, line + 2) ||
        invite_relay_line(from, type, line + 2))
        return;
    char *args;
    unsigned long id = strtoul(line + 2, &args, 10);
    if (*args == ' ')
        args++;
    if (type == 'J') {
        xl_join(from, id, args);
        return;
    }
    xlink *l = xlink_find((uint32_t)id);
    if (!l || strcmp(l->server, from) != 0 || l->state == XL_OVER) {
        /* An acceptance that came after the asker gave up waiting: the
         * host must not keep a player who is not there. */
        if (type == 'A') {
            xlink late = { .far_id = (uint32_t)strtoul(args, NULL, 10) };
            snprintf(late.server, sizeof late.server, "%s", from);
            if (late.far_id)
                xlink_say(&late, 'E', NULL);
        }
        return;
    }
    l->heard_ms = sess_now_ms();
    if (l->role == XL_HOST) {
        xfar_line(l, type, args);
    } else {
        xl_guest_line(l, type, args);
    }
}

static void xl_relay_state(int up)
{
    if (up) {
        /* The connection's holds went with the old one. */
        hold_relay_up();
        return;
    }
    xlink_all_dead();
    /* A request to pair with a seat of ours may have been lost with the
     * connection: nobody would find its waiter again. */
    lobby_cancel_seated("\nTHE LOBBY LOST ITS LINK TO THE OTHER SERVERS.\n");
}

/* Pings and silence, once a second. */
static void xl_tick(uv_timer_t *t)
{
    (void)t;
    xlink_tick();
}

void xlobby_start(const char *server)
{
    const char *uri = store_shared_uri(store_main);
    if (!uri)
        return;
    snprintf(xl_server, sizeof xl_server, "%s", server);
    relay_start(uri, server, xl_line, xl_relay_state);
    uv_timer_init(srv_loop, &xl_timer);
    uv_timer_start(&xl_timer, xl_tick, 1000, 1000);
    uv_unref((uv_handle_t *)&xl_timer);
    xl_started = 1;
}

void xlobby_stop(void)
{
    if (!xl_started)
        return;
    uv_timer_stop(&xl_timer);
    relay_stop();
    xl_started = 0;
}
