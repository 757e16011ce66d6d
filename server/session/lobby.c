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

#include "sess.h"
#include "srv.h"

static sess *lobby_head;

static void lobby_remove(sess *s)
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

int tty_lobby(tty_io *io, const char *key, const char *waiting,
              tty_io **peer)
{
    sess *me = sess_self();
    *peer = NULL;
    for (sess *h = lobby_head; h; h = h->lobby_next) {
        if (h == io || h->eof || strcmp(h->lobby_key, key) != 0)
            continue;
        lobby_remove(h);
        h->lobby_peer = io;
        h->lobby_guest = io;
        io->runner = h;
        io->lobby_released = 0;
        sess_ref(io);           /* the host holds its guest */
        sess_wake(h);
        while (!io->lobby_released)
            sess_block(me, -1);
        return TTY_LOBBY_GUEST;
    }
    io->lobby_key = strdup(key);
    io->lobby_next = lobby_head;
    lobby_head = io;
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
        if (k == TTY_KEY_ESC || k == 'Q' || k == 'q') {
            lobby_remove(io);
            return TTY_CANCEL;
        }
        if (k == TTY_TIMEOUT)
            sess_block(me, -1);
    }
}

void tty_lobby_release(tty_io *peer)
{
    if (!peer || peer->lobby_released)
        return;
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
