/*
 * hold.c - which session plays which resume code (see hold.h).
 *
 * A handful of codes are in play at once per session at most, and a few
 * thousand in all: a linked list searched from the head is enough, and
 * each entry goes when its session's game returns.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hold.h"

typedef struct hold {
    char code[TTY_CODE_SIZE];
    sess *by;
    struct hold *next;
} hold;

static hold *hold_head;

sess *hold_holder(const char *code)
{
    for (hold *h = hold_head; h; h = h->next)
        if (strcmp(h->code, code) == 0)
            return h->by;
    return NULL;
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
    h->next = hold_head;
    hold_head = h;
    return TTY_OK;
}

void hold_release(sess *s)
{
    for (hold **pp = &hold_head; *pp;) {
        hold *h = *pp;
        if (h->by == s) {
            *pp = h->next;
            free(h);
        } else {
            pp = &h->next;
        }
    }
}
