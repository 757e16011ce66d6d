/*
 * admin_bans.c - the operator's commands that reach the store: ban and
 * unban an address range, lock and unlock an account (a ban by account,
 * acct_lock.c), and the list of both with their dates and reasons.  Each
 * answers once its commit (or read) is done on a worker thread.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "admin_int.h"
#include "ban.h"
#include "srv.h"
#include "store_main.h"

/* ---- bans by address -------------------------------------------------- */

static void admin_ban_work(admin_conn *c)
{
    c->rc = c->unban ? store_ban_remove(store_main, c->range)
                     : store_ban_add(store_main, c->range, c->reason);
}

static void admin_ban_done(admin_conn *c)
{
    if (c->rc != 0 && !(c->unban && c->rc == STORE_NOTFOUND))
        admin_line(c, "ERR the ban could not be stored; it holds until "
                        "the server stops");
    else
        admin_line(c, "OK %s %s", c->unban ? "unbanned" : "banned",
                     c->range);
}

/* 1 when the answer waits for the store. */
int admin_ban(admin_conn *c, const char *arg, int unban)
{
    char spec[64];
    cidr r;
    if (!admin_word(&arg, spec, sizeof spec)) {
        admin_line(c, "ERR %s ADDR[/PREFIX]", unban ? "unban" : "ban");
        return 0;
    }
    if (cidr_parse(spec, &r) != 0) {
        admin_line(c, "ERR '%s' is not an address or ADDR/PREFIX (an "
                      "account is locked: admin lock NAME)", spec);
        return 0;
    }
    cidr_format(&r, c->range, sizeof c->range);
    if (unban) {
        if (ban_remove(&r) != 0) {
            admin_line(c, "ERR %s is not banned", c->range);
            return 0;
        }
        srv_log("admin unban %s", c->range);
    } else {
        if (ban_add(&r) != 0) {
            admin_line(c, "ERR the ban list is full (%d)", BAN_MAX);
            return 0;
        }
        admin_clean(arg, c->reason, sizeof c->reason);
        srv_log("admin ban %s%s%s", c->range, c->reason[0] ? " " : "",
                c->reason);
        /* Whoever is on from there now goes too. */
        for (sess *s = sess_first(); s; s = s->all_next) {
            char host[64];
            acct_peer_host(s->peer, host, sizeof host);
            if (!s->closed && !s->eof && cidr_match_host(&r, host) == 1) {
                admin_end(s, "YOUR ADDRESS IS BARRED FROM THIS ARCADE. "
                             "YOUR GAME IS BEING SAVED.");
                admin_line(c, "ended session %llu (%s, %s)",
                           (unsigned long long)s->id, s->name, s->peer);
            }
        }
    }
    c->unban = unban;
    if (!admin_store(c, admin_ban_work, admin_ban_done)) {
        admin_line(c, "ERR the ban could not be stored");
        return 0;
    }
    return 1;
}

/* ---- locks: bans by account -------------------------------------------- */

static void admin_lock_work(admin_conn *c)
{
    if (c->unban) {
        c->rc = acct_lock_lift(store_main, c->key);
        return;
    }
    c->rc = store_acct_get(store_main, c->key, c->name, NULL);
    if (c->rc == STORE_OK)
        c->rc = acct_lock(store_main, c->key, c->reason);
}

static void admin_lock_done(admin_conn *c)
{
    if (c->rc == STORE_NOTFOUND) {
        admin_line(c, c->unban ? "ERR the account '%s' is not locked"
                               : "ERR no account is called '%s'", c->key);
        return;
    }
    if (c->rc != STORE_OK) {
        admin_line(c, "ERR the store refused: %s", c->unban ? "unlock"
                                                            : "lock");
        return;
    }
    if (c->unban) {
        srv_log("admin unlock account=%s", c->key);
        admin_line(c, "OK unlocked %s", c->key);
        return;
    }
    srv_log("admin lock account=%s%s%s", c->key, c->reason[0] ? " " : "",
            c->reason);
    /* Whoever plays as the account now goes. */
    for (sess *s = sess_first(); s; s = s->all_next)
        if (!s->closed && !s->eof && !s->far &&
            strcmp(s->account, c->key) == 0) {
            admin_end(s, "THE OPERATOR HAS LOCKED YOUR ACCOUNT. YOUR GAME "
                         "IS BEING SAVED.");
            admin_line(c, "ended session %llu (%s, %s)",
                       (unsigned long long)s->id, s->name, s->peer);
        }
    admin_line(c, "OK locked %s", c->name);
}

int admin_lock(admin_conn *c, const char *arg, int unlock)
{
    const char *why;
    char name[64];
    if (!admin_word(&arg, name, sizeof name)) {
        admin_line(c, "ERR %s NAME%s", unlock ? "unlock" : "lock",
                   unlock ? "" : " [REASON]");
        return 0;
    }
    if (acct_name_check(name, &why) != 0) {
        admin_line(c, "ERR '%s' is no account's name", name);
        return 0;
    }
    acct_name_key(name, c->key);
    admin_clean(arg, c->reason, sizeof c->reason);
    c->unban = unlock;
    return admin_store(c, admin_lock_work, admin_lock_done);
}

/* ---- the list of bans ---------------------------------------------------- */

static void admin_ban_row(void *arg, const char *range, const char *reason,
                          long at)
{
    admin_conn *c = arg;
    char when[32], why[sizeof c->reason], what[64];
    time_t t = (time_t)at;
    struct tm tm;
    if (!localtime_r(&t, &tm) ||
        !strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm))
        snprintf(when, sizeof when, "?");
    int account = strncmp(range, BAN_ACCOUNT, sizeof BAN_ACCOUNT - 1) == 0;
    admin_clean(account ? range + sizeof BAN_ACCOUNT - 1 : range, what,
                sizeof what);
    admin_clean(reason, why, sizeof why);
    admin_line(c, "%-8s %-20s %-16s  %s", account ? "account" : "address",
               what, when, why[0] ? why : "-");
    c->nbans[account]++;
}

static void admin_bans_work(admin_conn *c)
{
    admin_line(c, "KIND     BANNED               SINCE             REASON");
    c->rc = store_ban_list(store_main, admin_ban_row, c);
}

static void admin_bans_done(admin_conn *c)
{
    if (c->rc != STORE_OK)
        admin_line(c, "ERR the bans could not be read");
    else
        admin_line(c, "OK %d address%s banned, %d account%s locked",
                   c->nbans[0], c->nbans[0] == 1 ? "" : "es", c->nbans[1],
                   c->nbans[1] == 1 ? "" : "s");
}

int admin_bans(admin_conn *c)
{
    return admin_store(c, admin_bans_work, admin_bans_done);
}
