/*
 * lobby.c - two players meet: the contract's tty_lobby, tty_lobby_release
 * and tty_wait_any.
 *
 * The first to ask for a key waits; the second pairs with it.  The host's
 * coroutine then runs the game for both: the guest's input wakes the
 * host (guest->runner), and the guest's own coroutine sleeps in tty_lobby
 * until the host lets it go.  One game, one coroutine, two terminals.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "invite.h"
#include "lobby.h"
#include "sess.h"
#include "srv.h"
#include "xlobby.h"

static sess *lobby_head;

void lobby_remove(sess *s)
{
    for (sess **pp = &lobby_head; *pp; pp = &(*pp)->lobby_next) {
        if (*pp == s) {
            *pp = s->lobby_next;
            break;
        }
    }
    s->lobby_next = NULL;
    free(s->lobby_key);
    s->lobby_key = NULL;
}

void lobby_add(sess *s, const char *key)
{
    s->lobby_key = strdup(key ? key : "");
    s->lobby_next = lobby_head;
    lobby_head = s;
}

sess *lobby_find(const char *key, long seat)
{
    for (sess *h = lobby_head; h; h = h->lobby_next)
        if (!h->eof && (key ? strcmp(h->lobby_key, key) == 0
                            : h->xseat == seat))
            return h;
    return NULL;
}

void lobby_pair(sess *host, sess *guest)
{
    lobby_remove(host);
    host->lobby_peer = guest;
    host->lobby_guest = guest;
    guest->runner = host;
    guest->lobby_released = 0;
    sess_ref(guest);            /* the host holds its guest */
    sess_wake(host);
}

int lobby_join(sess *io, sess *host)
{
    sess *me = sess_self();
    lobby_pair(host, io);
    while (!io->lobby_released)
        sess_block(me, -1);
    return TTY_LOBBY_GUEST;
}

void lobby_cancel_seated(const char *why)
{
    for (sess *h = lobby_head; h; h = h->lobby_next) {
        if (h->xseat && !h->lobby_cancel) {
            h->lobby_cancel = 1;
            tty_msg(h, why);
            sess_wake(h);
        }
    }
}

int lobby_wait(sess *io, const char *waiting, tty_io **peer)
{
    return lobby_wait_until(io, waiting, peer, 0);
}

int lobby_wait_until(sess *io, const char *waiting, tty_io **peer,
                     uint64_t until_ms)
{
    sess *me = sess_self();
    if (waiting)
        tty_msg(io, waiting);
    for (;;) {
        if (io->lobby_peer) {
            *peer = io->lobby_peer;
            io->lobby_peer = NULL;
            return TTY_LOBBY_HOST;
        }
        if (io->eof) {
            lobby_remove(io);
            return TTY_EOF;
        }
        int k = tty_inkey_timeout(io, 0);
        if (k == TTY_KEY_ESC || k == 'Q' || k == 'q' || io->lobby_cancel) {
            io->lobby_cancel = 0;
            lobby_remove(io);
            return TTY_CANCEL;
        }
        if (k != TTY_TIMEOUT)
            continue;
        uint64_t now = sess_now_ms();
        if (until_ms && now >= until_ms) {
            lobby_remove(io);
            return TTY_TIMEOUT;
        }
        sess_block(me, until_ms ? (int)(until_ms - now) : -1);
    }
}

int tty_lobby(tty_io *io, const char *key, const char *waiting,
              tty_io **peer)
{
    *peer = NULL;
    /* An invitation sent or accepted at the menu: only its two meet. */
    if (io->invite && invite_for(io->invite, key))
        return invite_meet(io, waiting, peer);
    /* Servers sharing a database meet in its lobby table. */
    if (xlobby_active())
        return xlobby_meet(io, key, waiting, peer);
    sess *h = lobby_find(key, 0);
    if (h && h != io)
        return lobby_join(io, h);
    lobby_add(io, key);
    return lobby_wait(io, waiting, peer);
}

void tty_lobby_release(tty_io *peer)
{
    if (!peer || peer->lobby_released)
        return;
    if (peer->far) {            /* a player on another server */
        xlobby_release(peer);
        return;
    }
    if (peer->runner && peer->runner != peer &&
        peer->runner->lobby_guest == peer)
        peer->runner->lobby_guest = NULL;
    peer->runner = peer;
    peer->lobby_released = 1;
    sess_wake(peer);
    sess_unref(peer);
}

typedef struct lobby_any {
    tty_io **ios;
    int n, which;
} lobby_any;

static int lobby_any_ready(void *arg)
{
    lobby_any *a = arg;
    for (int i = 0; i < a->n; i++) {
        tty_io *io = a->ios[i];
        if (io->kcount || io->eof || (io->resized && io->want_resize)) {
            a->which = i;
            return 1;
        }
    }
    return 0;
}

int tty_wait_any(tty_io **ios, int n, int ms)
{
    lobby_any a = { ios, n, 0 };
    return sess_wait(sess_self(), ms > 0 ? ms : -1, lobby_any_ready, &a)
           ? a.which : TTY_TIMEOUT;
}
