/*
 * takeover.c - taking a game over from a silent line (see takeover.h).
 *
 * The relay's lines:
 *   Q NONCE CODE ACCOUNT        to every server: who plays CODE?  ACCOUNT
 *                               is the asker's key, or "-" for a guest
 *   H NONCE DOOR IDLE OWNER     the answer of the server whose session
 *                               holds it (OWNER 1: the same account)
 *   T NONCE CODE ACCOUNT        to that server: end it, it is taken over
 * The server that holds the code judges a T again by its own session
 * (owner, or idle long enough), so no server ends a game on another's
 * word alone.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hold.h"
#include "relay.h"
#include "srv.h"
#include "takeover.h"

int takeover_idle_s = 300;

#define TAKEOVER_ASK_MS 2000    /* how long other servers may take to say */
#define TAKEOVER_WAIT_MS 15000  /* for the old game to save and let go */
#define TAKEOVER_NOTICE "THIS GAME HAS BEEN TAKEN OVER FROM ANOTHER LINE. " \
                        "EVERY MOVE YOU MADE IS SAVED. GOODBYE."

/* A question to other servers that waits for its answer. */
typedef struct takeover_ask {
    unsigned long nonce;
    takeover *t;
    int answered;
    sess *waiter;
    struct takeover_ask *next;
} takeover_ask;

static takeover_ask *takeover_asks;
static unsigned long takeover_nonce;

static long takeover_idle_of(const sess *h)
{
    uint64_t now = sess_now_ms();
    return now > h->input_ms ? (long)((now - h->input_ms) / 1000) : 0;
}

static void takeover_describe(sess *h, const char *account, takeover *t)
{
    t->holder = h;
    t->server[0] = 0;
    snprintf(t->door, sizeof t->door, "%s", h->ops->name);
    t->idle_s = takeover_idle_of(h);
    t->owner = account && account[0] && h->account[0] &&
               strcmp(account, h->account) == 0;
}

int takeover_allowed(const takeover *t)
{
    return t->owner || t->idle_s >= takeover_idle_s;
}

static int takeover_answered(void *arg)
{
    takeover_ask *a = arg;
    return a->answered || tty_hungup(a->waiter);
}

int takeover_find(sess *s, const char *code, takeover *t)
{
    memset(t, 0, sizeof *t);
    sess *h = hold_holder(code);
    if (h && h != s && !h->far) {
        takeover_describe(h, s->account, t);
        return TTY_OK;
    }
    if (!relay_up())
        return TTY_NOTFOUND;
    takeover_ask a = { .nonce = ++takeover_nonce, .t = t, .waiter = s };
    char line[128];
    snprintf(line, sizeof line, "Q %lu %s %s", a.nonce, code,
             s->account[0] ? s->account : "-");
    if (relay_send(RELAY_ALL, line) != 0)
        return TTY_NOTFOUND;
    a.next = takeover_asks;
    takeover_asks = &a;
    sess_wait(s, TAKEOVER_ASK_MS, takeover_answered, &a);
    for (takeover_ask **pp = &takeover_asks; *pp; pp = &(*pp)->next)
        if (*pp == &a) {
            *pp = a.next;
            break;
        }
    return a.answered ? TTY_OK : TTY_NOTFOUND;
}

/* Tell session h that its game is taken over, and end its input: its
 * game saves and returns, and its code is let go.  The code is a key to
 * the save and never written to the log. */
static void takeover_end(sess *h, const char *by)
{
    srv_log("taken over %s %s session=%llu by %s", h->ops->name, h->peer,
            (unsigned long long)h->id, by);
    sess_notice(h, TAKEOVER_NOTICE, SESS_NOTICE_LAST);
    sess_end_input(h);
}

int takeover_take(sess *s, const char *code, const takeover *t)
{
    char by[96];
    snprintf(by, sizeof by, "session=%llu", (unsigned long long)s->id);
    if (t->holder) {
        takeover_end(t->holder, by);
    } else if (t->server[0]) {
        char line[128];
        snprintf(line, sizeof line, "T 0 %s %s", code,
                 s->account[0] ? s->account : "-");
        relay_send(t->server, line);
    }
    /* The old game saves and returns; then the code is ours to take (on
     * another server, once its hold there has gone).  The old session may
     * be gone by then: only the code is looked at. */
    uint64_t until = sess_now_ms() + TAKEOVER_WAIT_MS;
    for (;;) {
        if (tty_hungup(s))
            return TTY_EOF;
        if (!hold_holder(code) && hold_take(s, code, NULL) == TTY_OK)
            return TTY_OK;
        if (sess_now_ms() >= until)
            return TTY_BUSY;
        sess_block(s, t->holder ? 50 : 250);
    }
}

/* ---- lines from other servers ----------------------------------------- */

/* A Q or T line: the session here that holds its code, with *t what the
 * asker may know of it, or NULL when none does. */
static sess *takeover_parse(char *args, unsigned long *nonce, char *code,
                            takeover *t)
{
    char account[SESS_NAME];
    if (sscanf(args, "%lu %11s %16s", nonce, code, account) != 3)
        return NULL;
    sess *h = hold_holder(code);
    if (!h || h->far)
        return NULL;            /* not ours: another server answers */
    takeover_describe(h, strcmp(account, "-") ? account : NULL, t);
    return h;
}

static void takeover_q(const char *from, char *args)
{
    unsigned long nonce;
    char code[TTY_CODE_SIZE];
    takeover t;
    if (!takeover_parse(args, &nonce, code, &t))
        return;
    char line[128];
    snprintf(line, sizeof line, "H %lu %s %ld %d", nonce, t.door, t.idle_s,
             t.owner);
    relay_send(from, line);
}

static void takeover_h(const char *from, char *args)
{
    unsigned long nonce;
    char door[16];
    long idle;
    int owner;
    if (sscanf(args, "%lu %15s %ld %d", &nonce, door, &idle, &owner) != 4)
        return;
    for (takeover_ask *a = takeover_asks; a; a = a->next) {
        if (a->nonce != nonce || a->answered)
            continue;
        takeover *t = a->t;
        t->holder = NULL;
        snprintf(t->server, sizeof t->server, "%s", from);
        /* the door's name is shown to the player: only what a door is
         * called passes */
        snprintf(t->door, sizeof t->door, "%s",
                 strspn(door, "abcdefghijklmnopqrstuvwxyz") == strlen(door)
                     ? door : "?");
        t->idle_s = idle;
        t->owner = owner != 0;
        a->answered = 1;
        sess_wake(a->waiter);
        return;
    }
}

static void takeover_t(const char *from, char *args)
{
    unsigned long nonce;
    char code[TTY_CODE_SIZE];
    takeover t;
    sess *h = takeover_parse(args, &nonce, code, &t);
    if (!h)
        return;
    if (!takeover_allowed(&t)) {
        srv_log("take-over of session=%llu refused: asked by %s, its line "
                "idle %lds", (unsigned long long)h->id, from, t.idle_s);
        return;
    }
    char by[64];
    snprintf(by, sizeof by, "server %s", from);
    takeover_end(h, by);
}

int takeover_line(const char *from, char type, char *args)
{
    switch (type) {
    case 'Q': takeover_q(from, args); return 1;
    case 'H': takeover_h(from, args); return 1;
    case 'T': takeover_t(from, args); return 1;
    }
    return 0;
}
