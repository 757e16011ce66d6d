/*
 * hold.c - which session plays which resume code (see hold.h).
 *
 * Servers sharing a database hold codes across servers too, through the
 * relay (relay_hold: a lock that dies with the server that took it).  A
 * code is listed here before the database is asked, so two sessions of
 * this server never both ask (the relay's connection would grant the
 * lock twice).  If the relay is down, the code is held here only, as on
 * one server: play goes on, and the log says so.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hold.h"
#include "relay.h"
#include "srv.h"
#include "strhash.h"

/* A few thousand codes in play at once: a table of chains by the code's
 * hash finds one in a step or two, and each session keeps a chain of its
 * own, so a game's end lets go of its codes without looking at anyone
 * else's (a save and a release are per move and per game, and a linear
 * list cost every player's save a walk over every other player). */
#define HOLD_BUCKETS 4096

typedef struct hold {
    char code[TTY_CODE_SIZE];
    sess *by;
    unsigned shared : 1;        /* the relay's lock is ours */
    struct hold *next;          /* in its bucket */
    struct hold *mine;          /* the next of by's */
} hold;

static hold *hold_table[HOLD_BUCKETS];

static hold **hold_bucket(const char *code)
{
    return &hold_table[str_hash(code) % HOLD_BUCKETS];
}

static hold *hold_find(const char *code)
{
    for (hold *h = *hold_bucket(code); h; h = h->next)
        if (strcmp(h->code, code) == 0)
            return h;
    return NULL;
}

sess *hold_holder(const char *code)
{
    hold *h = hold_find(code);
    return h ? h->by : NULL;
}

/* The holder waits in the lobby under "GAME:CODE": the one partner it
 * waits for may resume the code with it. */
static int hold_waits_for_partner(const sess *by, const char *code)
{
    if (!by->lobby_key)
        return 0;
    const char *colon = strrchr(by->lobby_key, ':');
    return colon && strcmp(colon + 1, code) == 0;
}

/* Take gone out of its bucket and its session's chain, and free it. */
static void hold_unlist(hold *gone)
{
    for (hold **pp = hold_bucket(gone->code); *pp; pp = &(*pp)->next) {
        if (*pp == gone) {
            *pp = gone->next;
            break;
        }
    }
    for (hold **pp = (hold **)&gone->by->holds; *pp; pp = &(*pp)->mine) {
        if (*pp == gone) {
            *pp = gone->mine;
            break;
        }
    }
    free(gone);
}

typedef struct hold_wait {
    sess *me;
    int done, answer;
} hold_wait;

static void hold_answered(void *arg, int answer)
{
    hold_wait *w = arg;
    w->answer = answer;
    w->done = 1;
    sess_wake(w->me);
}

int hold_take(sess *s, const char *code, sess **holder)
{
    sess *by = hold_holder(code);
    if (holder)
        *holder = by;
    if (by == s)
        return TTY_OK;
    if (by)
        return hold_waits_for_partner(by, code) ? TTY_OK : TTY_BUSY;
    hold *h = calloc(1, sizeof *h);
    if (!h)
        return TTY_NOMEM;
    snprintf(h->code, sizeof h->code, "%s", code);
    h->by = s;
    hold **bucket = hold_bucket(code);
    h->next = *bucket;
    *bucket = h;
    h->mine = s->holds;
    s->holds = h;
    sess *me = sess_self();
    if (!me || !relay_up())
        return TTY_OK;
    /* Another server may be playing it. */
    hold_wait w = { .me = me };
    relay_hold(code, hold_answered, &w);
    while (!w.done)
        sess_block(me, -1);
    switch (w.answer) {
    case RELAY_HELD:
        h->shared = 1;
        return TTY_OK;
    case RELAY_BUSY:
        hold_unlist(h);
        return TTY_BUSY;
    case RELAY_PARTNER:         /* its holder waits for this player */
        hold_unlist(h);
        return TTY_OK;
    default:
        /* The session, never the code: a code is a key to its save. */
        srv_log("hold session=%llu: the relay is down, held on this server "
                "only", (unsigned long long)s->id);
        return TTY_OK;
    }
}

void hold_release(sess *s)
{
    while (s->holds) {
        hold *h = s->holds;
        if (h->shared)
            relay_unhold(h->code);
        hold_unlist(h);
    }
}

/* A code held again after the relay came back. */
typedef struct hold_again {
    char code[TTY_CODE_SIZE];
} hold_again;

static void hold_regained(void *arg, int answer)
{
    hold_again *a = arg;
    hold *h = hold_find(a->code);
    if (answer == RELAY_HELD) {
        if (h && !h->shared)
            h->shared = 1;
        else
            relay_unhold(a->code);      /* let go meanwhile */
    } else if (h && answer == RELAY_BUSY) {
        srv_log("hold session=%llu: taken on another server while the "
                "relay was down", (unsigned long long)h->by->id);
    }
    free(a);
}

void hold_relay_up(void)
{
    for (int b = 0; b < HOLD_BUCKETS; b++) {
        for (hold *h = hold_table[b]; h; h = h->next) {
            h->shared = 0;      /* the old connection's locks are gone */
            hold_again *a = calloc(1, sizeof *a);
            if (!a)
                continue;
            snprintf(a->code, sizeof a->code, "%s", h->code);
            relay_hold(a->code, hold_regained, a);
        }
    }
}
