/*
 * xlink.c - the links of this server's cross-server games: numbering,
 * sending through the relay, and base64 for what is not plain text.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "relay.h"
#include "xlink.h"

static xlink *xlink_head;
static uint32_t xlink_next_id = 1;
static int xlink_n;

xlink *xlink_new(int role, const char *server, sess *s)
{
    xlink *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->id = xlink_next_id++;
    if (!xlink_next_id)
        xlink_next_id = 1;
    snprintf(l->server, sizeof l->server, "%s", server);
    l->role = role;
    l->s = s;
    l->heard_ms = l->said_ms = sess_now_ms();
    l->credit = XL_WINDOW;
    l->sent_w = -1;
    l->next = xlink_head;
    xlink_head = l;
    xlink_n++;
    return l;
}

void xlink_free(xlink *l)
{
    if (!l)
        return;
    for (xlink **pp = &xlink_head; *pp; pp = &(*pp)->next) {
        if (*pp == l) {
            *pp = l->next;
            xlink_n--;
            break;
        }
    }
    free(l);
}

xlink *xlink_find(uint32_t id)
{
    for (xlink *l = xlink_head; l; l = l->next)
        if (l->id == id)
            return l;
    return NULL;
}

int xlink_count(void)
{
    return xlink_n;
}

void xlink_say(xlink *l, char type, const char *fmt, ...)
{
    char line[RELAY_LINE_MAX + 1];
    int n = snprintf(line, sizeof line, "%c %u", type, (unsigned)l->far_id);
    if (fmt && *fmt) {
        line[n++] = ' ';
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(line + n, sizeof line - (size_t)n, fmt, ap);
        va_end(ap);
    }
    relay_send(l->server, line);
    l->said_ms = sess_now_ms();
}

/* The other end is gone (end says how the player is told). */
static void xlink_dead(xlink *l, int end)
{
    if (l->role == XL_HOST) {
        xfar_dead(l);
    } else {
        l->state = XL_OVER;
        l->end = end;
        sess_wake(l->s);
    }
}

void xlink_all_dead(void)
{
    for (xlink *l = xlink_head, *next; l; l = next) {
        next = l->next;
        if (l->state != XL_OVER)
            xlink_dead(l, XL_END_LOST);
    }
}


void xlink_tick(void)
{
    uint64_t now = sess_now_ms();
    for (xlink *l = xlink_head, *next; l; l = next) {
        next = l->next;
        if (l->state != XL_OPEN || (l->role == XL_HOST && l->far_gone))
            continue;
        if (now - l->heard_ms >= XL_DEAD_MS) {
            xlink_dead(l, XL_END_SILENT);
            continue;
        }
        if (now - l->said_ms >= XL_PING_MS)
            xlink_say(l, 'P', NULL);
    }
}

int xlink_b64(const void *in, size_t n, char *out, size_t size)
{
    if (sodium_base64_encoded_len(n, sodium_base64_VARIANT_ORIGINAL) > size)
        return -1;
    sodium_bin2base64(out, size, in, n, sodium_base64_VARIANT_ORIGINAL);
    return 0;
}

int xlink_unb64(const char *in, void *out, size_t size, size_t *n)
{
    return sodium_base642bin(out, size, in, strlen(in), NULL, n, NULL,
                             sodium_base64_VARIANT_ORIGINAL);
}
