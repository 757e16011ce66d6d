/*
 * acct_limit.c - counting failed logins and failed resume codes, and new
 * accounts, so that nobody can guess passwords or codes, or register
 * without end.
 *
 * The counts are the store's (store_limit_*): every server sharing the
 * database counts together, a restart forgets nothing, and an event counts
 * until its window has passed, whatever arrives meanwhile; the store keeps
 * at most max events of a key, so a flood of other names or addresses
 * costs rows but pushes nothing out.  A key is refused while max events
 * lie within the window (a sliding window: waiting it out always lets a
 * forgetful player back in).
 *
 * An address is counted as its host alone for IPv4; an IPv6 host counts
 * for its whole /64, which one machine usually holds entirely.  New
 * accounts are counted per address and per network (an IPv4 /24, an IPv6
 * /48), since one host may hold many addresses of its network.
 *
 * These wait for the store: call them on a worker thread.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "acct.h"

acct_limits acct_lim = {
    .fail_max = 10, .fail_window = 600,
    .reg_max = 5, .reg_net_max = 20, .reg_window = 3600,
};

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

/* host as an address: 4 or 16 bytes in a (an IPv4-mapped IPv6 address
 * is its IPv4), or 0 if it is none (a pty's path). */
static int acct_host_bytes(const char *host, unsigned char a[16])
{
    char text[64];
    size_t n = strlen(host);
    if (n >= 2 && host[0] == '[' && host[n - 1] == ']') {
        host++;
        n -= 2;
    }
    if (n >= sizeof text)
        return 0;
    memcpy(text, host, n);
    text[n] = 0;
    if (inet_pton(AF_INET, text, a) == 1)
        return 4;
    if (inet_pton(AF_INET6, text, a) != 1)
        return 0;
    static const unsigned char mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0,
                                              0, 0, 0xff, 0xff };
    if (memcmp(a, mapped, 12) == 0) {
        memmove(a, a + 12, 4);
        return 4;
    }
    return 16;
}

/* The key of the network of bits4 (IPv4) or bits6 (IPv6) bits that host
 * is in: "10.0.0.1" or "10.0.0.0/24", "2001:db8:1:2::/64"; a host that is
 * no address is its own key. */
static void acct_prefix_key(const char *host, int bits4, int bits6,
                            char *out, size_t size)
{
    unsigned char a[16];
    int len = acct_host_bytes(host, a);
    if (!len) {
        snprintf(out, size, "%s", host);
        return;
    }
    int bits = len == 4 ? bits4 : bits6;
    for (int i = 0; i < len; i++) {
        int keep = bits - i * 8;
        if (keep <= 0)
            a[i] = 0;
        else if (keep < 8)
            a[i] &= (unsigned char)(0xff << (8 - keep));
    }
    char text[INET6_ADDRSTRLEN];
    inet_ntop(len == 4 ? AF_INET : AF_INET6, a, text, sizeof text);
    if (bits == len * 8)
        snprintf(out, size, "%s", text);
    else
        snprintf(out, size, "%s/%d", text, bits);
}

void acct_addr_key(const char *host, char *out, size_t size)
{
    acct_prefix_key(host, 32, 64, out, size);
}

void acct_net_key(const char *host, char *out, size_t size)
{
    acct_prefix_key(host, 24, 48, out, size);
}

int acct_fail_blocked(store *st, const char *host, const char *acct_key)
{
    char addr[64];
    long now = (long)time(NULL);
    acct_addr_key(host, addr, sizeof addr);
    int n = store_limit_count(st, "login-addr", addr, now);
    if (n < 0)
        return n;
    if (n >= acct_lim.fail_max)
        return ACCT_LIMITED_ADDR;
    if (!acct_key || !acct_key[0])
        return ACCT_OPEN;
    n = store_limit_count(st, "login-acct", acct_key, now);
    if (n < 0)
        return n;
    return n >= acct_lim.fail_max ? ACCT_LIMITED_ACCT : ACCT_OPEN;
}

int acct_fail_count(store *st, const char *host, const char *acct_key)
{
    char addr[64];
    long now = (long)time(NULL), until = now + acct_lim.fail_window;
    acct_addr_key(host, addr, sizeof addr);
    int rc = store_limit_add(st, "login-addr", addr, now, until,
                             acct_lim.fail_max);
    if (rc >= 0 && acct_key && acct_key[0])
        rc = store_limit_add(st, "login-acct", acct_key, now, until,
                             acct_lim.fail_max);
    return rc < 0 ? rc : TTY_OK;
}

int acct_register_count(store *st, const char *host)
{
    char addr[64], net[64];
    long now = (long)time(NULL), until = now + acct_lim.reg_window;
    acct_addr_key(host, addr, sizeof addr);
    acct_net_key(host, net, sizeof net);
    /* The address first: one refused there is not counted against its
     * whole network (only its own count grows when the network is full). */
    int rc = store_limit_add(st, "reg-addr", addr, now, until,
                             acct_lim.reg_max);
    if (rc < 0)
        return rc;
    if (rc >= acct_lim.reg_max)
        return ACCT_LIMITED_ADDR;
    rc = store_limit_add(st, "reg-net", net, now, until,
                         acct_lim.reg_net_max);
    if (rc < 0)
        return rc;
    return rc >= acct_lim.reg_net_max ? ACCT_LIMITED_NET : ACCT_OPEN;
}

int acct_register_blocked(store *st, const char *host)
{
    char addr[64], net[64];
    long now = (long)time(NULL);
    acct_addr_key(host, addr, sizeof addr);
    acct_net_key(host, net, sizeof net);
    int n = store_limit_count(st, "reg-net", net, now);
    if (n < 0)
        return n;
    if (n >= acct_lim.reg_net_max)
        return ACCT_LIMITED_NET;
    n = store_limit_count(st, "reg-addr", addr, now);
    if (n < 0)
        return n;
    return n >= acct_lim.reg_max ? ACCT_LIMITED_ADDR : ACCT_OPEN;
}

int acct_unlock(store *st, const char *acct_key)
{
    return store_limit_clear(st, "login-acct", acct_key);
}
