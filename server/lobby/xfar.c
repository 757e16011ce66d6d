/*
 * xfar.c - on the host's server, the player on another server: a session
 * with no line of its own whose "transport" is the link (xlink.h).
 *
 * The game prints to it as to any guest; its profile filter (the far
 * player's profile, by name) has run by the time send is called, so the
 * far server writes the bytes as they come.  Its backlog is what the far
 * server has not yet put on the player's line, so the host's game waits
 * for a slow line there as it would here, and a line that takes nothing
 * for the stall time is dropped (D).  It has no idle timer: the player's
 * own server keeps that and says E.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "srv.h"
#include "xlink.h"

static void xfar_send(sess *s, const char *p, size_t n)
{
    xlink *l = s->xlink;
    if (!l || l->state != XL_OPEN || l->far_gone)
        return;
    char b64[XL_OUT_CHUNK * 4 / 3 + 8];
    while (n) {
        size_t take = n < XL_OUT_CHUNK ? n : XL_OUT_CHUNK;
        if (xlink_b64(p, take, b64, sizeof b64) != 0)
            return;
        xlink_say(l, 'O', "%s", b64);
        l->sent += take;
        p += take;
        n -= take;
    }
}

static size_t xfar_backlog(sess *s)
{
    xlink *l = s->xlink;
    if (!l || l->state != XL_OPEN || l->far_gone)
        return 0;
    return (size_t)(l->sent - l->far_got) + l->far_wait;
}

static void xfar_close(sess *s)
{
    xlink *l = s->xlink;
    if (l) {
        /* What the game said last (why a resume was refused, THE GAME
         * STAYS SAVED) goes before the line that ends the link: the
         * player's server writes nothing that comes after it. */
        if (l->state == XL_OPEN && !l->far_gone && !s->line_down)
            sess_flush(s);
        if (l->state == XL_OPEN && !l->far_gone)
            xlink_say(l, s->line_down ? 'D' : 'L', NULL);
        srv_log("relay end %s session=%llu", l->server,
                (unsigned long long)s->id);
        xlink_free(l);
        s->xlink = NULL;
    }
    sess_unref(s);
}

/* The game took keys: give room back, in bunches, but at once when the
 * queue is empty (the player is typing one key at a time). */
static void xfar_took(sess *s)
{
    xlink *l = s->xlink;
    if (!l || l->state != XL_OPEN || l->far_gone)
        return;
    uint64_t taken = l->pushed - s->kcount;
    uint64_t give = taken - l->credited;
    if (give && (s->kcount == 0 || give >= XL_WINDOW / 4)) {
        xlink_say(l, 'C', "%llu", (unsigned long long)give);
        l->credited = taken;
    }
}

/* The code a game gave its player: the player's own server masks it for
 * the watchers and the recording there. */
static void xfar_secret(sess *far, const char *code)
{
    xlink *l = far->xlink;
    if (l && l->state == XL_OPEN && !l->far_gone &&
        strlen(code) < sizeof l->code && strspn(code, "ABCDEFGHIJKLMNOP"
                                                "QRSTUVWXYZ0123456789-") ==
                                             strlen(code))
        xlink_say(l, 'S', "%s", code);
}

/* The player types a secret (a side's code): their own server shows the
 * keys to the watchers and the recording there as stars. */
static void xfar_hush(sess *far, int on)
{
    xlink *l = far->xlink;
    if (l && l->state == XL_OPEN && !l->far_gone)
        xlink_say(l, 'B', "%d", on ? 1 : 0);
}

static const sess_ops xfar_ops = {
    .name = "relay",
    .send = xfar_send,
    .backlog = xfar_backlog,
    .close = xfar_close,
    .took = xfar_took,
    .secret = xfar_secret,
    .hush = xfar_hush,
};

/* peer is the player's line's on their server: the session's own is the
 * relay, for the logs; the failure limits count by peer (sess_addr). */
sess *xfar_new(xlink *l, const char *profile_name, int w, int h, int echoes,
               const char *name, const char *account, const char *peer)
{
    const profile *p = profile_find(profile_name);
    if (!p)
        p = profile_find("glass");
    char relay[64];
    snprintf(relay, sizeof relay, "relay:%s", l->server);
    sess *s = sess_new(&xfar_ops, l, relay, p);
    if (!s)
        return NULL;
    s->far = 1;
    s->xlink = l;
    l->s = s;
    uv_timer_stop(&s->idle_timer);
    sess_set_size(s, w, h);
    s->resized = 0;
    sess_set_client_echoes(s, echoes);
    snprintf(s->name, sizeof s->name, "%s", name);
    snprintf(s->account, sizeof s->account, "%s", account);
    snprintf(s->far_peer, sizeof s->far_peer, "%s", peer);
    return s;
}

void xfar_dead(xlink *l)
{
    l->far_gone = 1;
    l->state = XL_OVER;
    if (l->s)
        sess_end_input(l->s);
}

void xfar_line(xlink *l, char type, char *args)
{
    sess *s = l->s;
    if (!s || l->far_gone)
        return;
    switch (type) {
    case 'K': {
        char *p = args, *end;
        int n = 0;
        for (;;) {
            long k = strtol(p, &end, 10);
            if (end == p)
                break;
            p = end;
            /* keys of the contract only, and never past the window the
             * far end was given */
            if (k < 0 || k > TTY_KEY_RESIZE || s->kcount >= SESS_KEYS)
                continue;
            s->keys[(s->khead + s->kcount) % SESS_KEYS] = (int)k;
            s->kcount++;
            l->pushed++;
            n++;
        }
        if (n) {
            s->input_ms = sess_now_ms();
            sess_wake(s->runner);
        }
        break;
    }
    case 'Z': {
        int w = 0, h = 0;
        if (sscanf(args, "%d %d", &w, &h) == 2)
            sess_set_size(s, w, h);
        break;
    }
    case 'W': {
        unsigned long long got = 0, wait = 0;
        if (sscanf(args, "%llu %llu", &got, &wait) == 2 && got <= l->sent) {
            l->far_got = got;
            l->far_wait = (size_t)wait;
            sess_output_progress(s);
        }
        break;
    }
    case 'E':
        l->far_gone = 1;
        l->state = XL_OVER;
        sess_end_input(s);
        break;
    default:    /* P: heard_ms is enough */
        break;
    }
}
