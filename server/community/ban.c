/*
 * ban.c - the in-memory copy of the bans table.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "ban.h"
#include "srv.h"

static cidr ban_list[BAN_MAX];
static int ban_n;

static int ban_find(const cidr *c)
{
    for (int i = 0; i < ban_n; i++)
        if (ban_list[i].family == c->family &&
            ban_list[i].prefix == c->prefix &&
            memcmp(ban_list[i].addr, c->addr, sizeof c->addr) == 0)
            return i;
    return -1;
}

int ban_add(const cidr *c)
{
    if (ban_find(c) >= 0)
        return 0;
    if (ban_n == BAN_MAX)
        return -1;
    ban_list[ban_n++] = *c;
    return 0;
}

int ban_remove(const cidr *c)
{
    int i = ban_find(c);
    if (i < 0)
        return -1;
    ban_list[i] = ban_list[--ban_n];
    return 0;
}

int ban_match(const char *host)
{
    for (int i = 0; i < ban_n; i++)
        if (cidr_match_host(&ban_list[i], host) == 1)
            return 1;
    return 0;
}

int ban_count(void)
{
    return ban_n;
}

void ban_get(int i, char *out, size_t size)
{
    cidr_format(&ban_list[i], out, size);
}

static void ban_loaded(void *arg, const char *range, const char *reason,
                       long at)
{
    (void)reason;
    (void)at;
    cidr c;
    if (cidr_parse(range, &c) == 0 && ban_add(&c) == 0)
        ++*(int *)arg;
    else
        srv_log("store: ignored ban '%s'", range);
}

int ban_load(store *st)
{
    int n = 0;
    ban_n = 0;
    int rc = store_ban_list(st, ban_loaded, &n);
    if (rc == 0 && n)
        srv_log("bans: %d address ranges", n);
    return rc;
}
