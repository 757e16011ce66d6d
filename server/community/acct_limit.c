/*
 * acct_limit.c - counting failed logins and failed resume codes.
 *
 * Each key (a client's address, or an account) keeps the times of its
 * last failures in a small ring; it is refused while max of them lie
 * within the window, a sliding window, so waiting out the window always
 * lets a forgetful player back in.  The table is bounded: a flood of new
 * addresses evicts the key whose last failure is oldest, never grows the
 * server.  Everything here runs on the loop thread.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "acct.h"
#include "strhash.h"

#define ACCT_LIMIT_RING 64      /* the largest max a table honours */
#define ACCT_LIMIT_KEY 64
#define ACCT_LIMIT_PROBE 8

typedef struct acct_slot {
    char key[ACCT_LIMIT_KEY];   /* "" when free */
    uint64_t at[ACCT_LIMIT_RING];
    int next, n;                /* ring position, failures held */
    uint64_t last;
} acct_slot;

struct acct_limit {
    int max;
    uint64_t window_ms;
    int nslots;
    acct_slot *slots;
};

acct_limit *acct_by_addr, *acct_by_name;
int acct_fail_max = 10, acct_fail_window = 600;

acct_limit *acct_limit_new(int max, int window_s, int slots)
{
    acct_limit *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->max = max < 1 ? 1 : max > ACCT_LIMIT_RING ? ACCT_LIMIT_RING : max;
    l->window_ms = (uint64_t)(window_s > 0 ? window_s : 1) * 1000;
    l->nslots = slots > ACCT_LIMIT_PROBE ? slots : ACCT_LIMIT_PROBE;
    l->slots = calloc((size_t)l->nslots, sizeof *l->slots);
    if (!l->slots) {
        free(l);
        return NULL;
    }
    return l;
}

void acct_limit_free(acct_limit *l)
{
    if (!l)
        return;
    free(l->slots);
    free(l);
}

/* Failures of a slot still inside the window. */
static int acct_slot_live(const acct_limit *l, const acct_slot *s,
                          uint64_t now)
{
    int live = 0;
    for (int i = 0; i < s->n; i++)
        if (now < s->at[i] + l->window_ms)
            live++;
    return live;
}

/* The key's slot, or (make) a slot for it: a free one, an expired one, or
 * the one among its probes whose last failure is oldest. */
static acct_slot *acct_limit_find(acct_limit *l, const char *key,
                                  uint64_t now, int make)
{
    uint32_t h = str_hash(key);
    acct_slot *victim = NULL;
    int victim_free = 0;
    for (int i = 0; i < ACCT_LIMIT_PROBE; i++) {
        acct_slot *s = &l->slots[(h + (uint32_t)i) % (uint32_t)l->nslots];
        if (s->key[0] && strcmp(s->key, key) == 0)
            return s;
        if (!make || victim_free)
            continue;
        if (!s->key[0] || !acct_slot_live(l, s, now)) {
            victim = s;
            victim_free = 1;
        } else if (!victim || s->last < victim->last) {
            victim = s;
        }
    }
    if (!victim)
        return NULL;
    memset(victim, 0, sizeof *victim);
    strncpy(victim->key, key, sizeof victim->key - 1);
    return victim;
}

int acct_limit_count(acct_limit *l, const char *key, uint64_t now_ms)
{
    if (!l || !key || !key[0])
        return 0;
    acct_slot *s = acct_limit_find(l, key, now_ms, 0);
    return s ? acct_slot_live(l, s, now_ms) : 0;
}

int acct_limit_blocked(acct_limit *l, const char *key, uint64_t now_ms)
{
    return l && acct_limit_count(l, key, now_ms) >= l->max;
}

void acct_limit_fail(acct_limit *l, const char *key, uint64_t now_ms)
{
    if (!l || !key || !key[0])
        return;
    acct_slot *s = acct_limit_find(l, key, now_ms, 1);
    s->at[s->next] = now_ms;
    s->next = (s->next + 1) % l->max;
    if (s->n < l->max)
        s->n++;
    s->last = now_ms;
}

void acct_limits_open(void)
{
    if (!acct_by_addr)
        acct_by_addr = acct_limit_new(acct_fail_max, acct_fail_window, 4096);
    if (!acct_by_name)
        acct_by_name = acct_limit_new(acct_fail_max, acct_fail_window, 4096);
}

void acct_peer_host(const char *peer, char *out, size_t size)
{
    const char *colon = strrchr(peer, ':');
    size_t n = colon ? (size_t)(colon - peer) : strlen(peer);
    if (peer[0] != '[' && colon && strchr(peer, ':') != colon)
        n = strlen(peer);       /* a bare IPv6 address: no port */
    if (n >= size)
        n = size - 1;
    memcpy(out, peer, n);
    out[n] = 0;
}
