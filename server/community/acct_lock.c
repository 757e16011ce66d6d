/*
 * acct_lock.c - the operator's lock on an account: `ttyarcade admin lock
 * NAME [REASON]`.  A locked account logs in no more, by password or by
 * key, from the menu or over SSH, until `admin unlock NAME`; the reason is
 * kept with the date, and `admin bans` lists it beside the address bans.
 *
 * It is a ban by account, kept in the store's bans table under the range
 * "account:KEY" (ban.h), so every server sharing the database honours it
 * at the next login.  It is not the failure limits (acct_limit.c, lifted
 * by `ttyarcade account unlock NAME`), which shut an account's password
 * logins for a window by themselves after too many wrong passwords.
 *
 * The calls wait for the store: call them on a worker thread.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>

#include "acct.h"
#include "ban.h"

static void acct_lock_range(const char *key, char *out, size_t size)
{
    snprintf(out, size, "%s%s", BAN_ACCOUNT, key);
}

int acct_lock(store *st, const char *key, const char *reason)
{
    char range[ACCT_NAME_SIZE + sizeof BAN_ACCOUNT];
    acct_lock_range(key, range, sizeof range);
    return store_ban_add(st, range, reason ? reason : "");
}

int acct_lock_lift(store *st, const char *key)
{
    char range[ACCT_NAME_SIZE + sizeof BAN_ACCOUNT];
    acct_lock_range(key, range, sizeof range);
    return store_ban_remove(st, range);
}

int acct_locked(store *st, const char *key, char *reason, size_t size)
{
    char range[ACCT_NAME_SIZE + sizeof BAN_ACCOUNT], why[8];
    long at;
    acct_lock_range(key, range, sizeof range);
    int rc = store_ban_get(st, range, reason ? reason : why,
                           reason ? size : sizeof why, &at);
    return rc == TTY_OK ? 1 : rc == TTY_NOTFOUND ? 0 : rc;
}
