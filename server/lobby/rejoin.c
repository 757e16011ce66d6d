/*
 * rejoin.c - who may take back a seat of a two-player game (rejoin.h).
 *
 * The code of a two-player game is held by its host (hold.h: the save is
 * made through the host's handle), so the host and the host's guest are
 * the two seats to look at; never a walk over every session.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>
#include <strings.h>

#include "acct.h"
#include "hold.h"
#include "rejoin.h"
#include "sess_seat.h"
#include "takeover.h"

/* The same address part of a peer ("host:port", "[v6]:port", a bare
 * IPv6 address), as the per-address limits read it. */
static int rejoin_same_host(const char *a, const char *b)
{
    char ha[sizeof ((sess *)0)->peer], hb[sizeof ha];
    acct_peer_host(a, ha, sizeof ha);
    acct_peer_host(b, hb, sizeof hb);
    return strcmp(ha, hb) == 0;
}

static long rejoin_idle(const sess *x)
{
    uint64_t now = sess_now_ms();
    return now > x->input_ms ? (long)((now - x->input_ms) / 1000) : 0;
}

/* 1 if the player on s proves seat x theirs. */
static int rejoin_proves(const sess *s, const sess *x)
{
    if (x->account[0])
        return s->account[0] && strcmp(s->account, x->account) == 0;
    if (strcasecmp(s->name, x->name) != 0)
        return 0;
    return rejoin_idle(x) >= takeover_idle_s ||
           (sess_seat_waiting(x) && rejoin_same_host(s->peer, x->peer));
}

static void rejoin_fill(rejoin *r, sess *x)
{
    r->seat = x;
    r->waiting = sess_seat_waiting(x);
    r->idle_s = rejoin_idle(x);
}

int rejoin_find(sess *s, const char *code, rejoin *r)
{
    memset(r, 0, sizeof *r);
    sess *host = hold_holder(code);
    sess *guest = host ? sess_seat_partner(host) : NULL;
    if (!guest || host == s || guest == s || host->runner != host)
        return TTY_NOTFOUND;
    r->host = host;
    r->guest = guest;
    sess *seats[2] = { host, guest };
    /* A seat that waits first: it is the one its player left. */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < 2; i++) {
            sess *x = seats[i];
            if (x->eof || sess_seat_waiting(x) != (pass == 0))
                continue;
            if (rejoin_proves(s, x)) {
                rejoin_fill(r, x);
                return TTY_OK;
            }
        }
    for (int i = 0; i < 2; i++)
        if (sess_seat_waiting(seats[i]) && !seats[i]->eof)
            rejoin_fill(r, seats[i]);
    return TTY_BUSY;
}
