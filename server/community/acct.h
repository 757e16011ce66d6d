/*
 * acct.h - player identity: the rules a name must keep, password hashing,
 * and the counters that stop anyone guessing passwords or resume codes.
 *
 * Identity sits beside the menu and above storage: the menu asks, these
 * functions judge, store_acct.c keeps.  Games never see any of it; they
 * see tty_player_name() only.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef ACCT_H
#define ACCT_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "sess.h"
#include "store.h"

/* ---- names (acct_name.c) -------------------------------------------- */

#define ACCT_NAME_MAX 16                 /* characters */
#define ACCT_NAME_SIZE (ACCT_NAME_MAX + 1)

/*
 * 0 if name may be a player's name: 1 to 16 printable ASCII characters
 * (space to tilde), no blank at either end.  Otherwise -1 and *why, a
 * message for the player in upper case.  Anything that could drive a
 * terminal (control characters, escape sequences, bytes above 126) fails.
 */
int acct_name_check(const char *name, const char **why);
/* The key names are unique under: the name folded to lower case. */
void acct_name_key(const char *name, char key[ACCT_NAME_SIZE]);
/* 1 if name is "GUEST" in any case (the name of everyone unnamed; it is
 * never registered). */
int acct_name_is_guest(const char *name);
/*
 * Copy a stored name for showing to other players: every byte that is not
 * printable ASCII becomes '?', and it is cut to ACCT_NAME_MAX.  Names are
 * checked when typed; this guards what older versions stored.
 */
void acct_name_show(const char *stored, char out[ACCT_NAME_SIZE]);
/* The same for any text shown to others (a game, a server's name): cut to
 * fit size, NUL included. */
void acct_text_show(const char *in, char *out, size_t size);

/* ---- passwords (acct_pw.c) ------------------------------------------ */

#define ACCT_PW_MIN 6
#define ACCT_PW_MAX 64
#define ACCT_HASH_SIZE 128      /* crypto_pwhash_STRBYTES */

/* Initialise libsodium once (any thread, before the first hash). */
int acct_pw_init(void);
/* 0 if pw may be a password (ACCT_PW_MIN..ACCT_PW_MAX printable
 * characters); -1 and *why otherwise. */
int acct_pw_check(const char *pw, const char **why);
/*
 * Argon2id at libsodium's interactive limits (about 64 MiB and a few
 * tens of milliseconds): these block, so the server calls them on worker
 * threads.  hash: 0 or -1 (out of memory).  verify: 1 if pw matches.
 */
int acct_pw_hash(const char *pw, char hash[ACCT_HASH_SIZE]);
int acct_pw_verify(const char *hash, const char *pw);
/* Wipe a password from memory. */
void acct_pw_wipe(void *p, size_t n);

/* ---- limits (acct_limit.c) ------------------------------------------ */

/*
 * Failed logins and failed resume codes count per client address (an IPv6
 * address per /64) and per account; new accounts per address and per
 * network (IPv4 /24, IPv6 /48).  The counts are in the store, shared by
 * every server on the database and kept across restarts; an event counts
 * until its window has passed, and nothing else removes it.  The calls
 * wait for the store: call them on a worker thread.  Who can lock whom
 * out: anyone can stop password logins to an account for the window by
 * failing fail_max times at it (the owner still logs in with an SSH key,
 * and the operator's `ttyarcade account unlock NAME` lifts it at once);
 * an address is stopped only by failures from its own /64.
 */
typedef struct acct_limits {
    int fail_max, fail_window;          /* --fail-max, --fail-window (s) */
    int reg_max, reg_net_max;           /* --register-max, --register-net-max */
    int reg_window;                     /* --register-window (s) */
} acct_limits;
extern acct_limits acct_lim;

enum {
    ACCT_OPEN = 0,
    ACCT_LIMITED_ADDR,          /* this address (or /64) */
    ACCT_LIMITED_ACCT,          /* this account */
    ACCT_LIMITED_NET            /* this network (new accounts) */
};
/* ACCT_OPEN, ACCT_LIMITED_ADDR or ACCT_LIMITED_ACCT (acct_key "" or NULL:
 * the address alone), or negative when the store cannot say (refuse). */
int acct_fail_blocked(store *st, const char *host, const char *acct_key);
/* Count one failure for host and acct_key: TTY_OK or negative. */
int acct_fail_count(store *st, const char *host, const char *acct_key);
/* Count a new account from host: ACCT_OPEN (counted: go on),
 * ACCT_LIMITED_ADDR or ACCT_LIMITED_NET, or negative. */
int acct_register_count(store *st, const char *host);
/* Whether a new account from host would be refused now (nothing is
 * counted): ACCT_OPEN, ACCT_LIMITED_ADDR or ACCT_LIMITED_NET, or
 * negative. */
int acct_register_blocked(store *st, const char *host);
/* Forget an account's failures (the operator's unlock). */
int acct_unlock(store *st, const char *acct_key);

/* ---- the operator's lock (acct_lock.c) ------------------------------- */

/*
 * An account the operator has locked (`admin lock NAME REASON`) logs in
 * no more at all, by password or by key, until unlocked; the reason is
 * kept with the date.  Not the failure limits above, which lift by
 * themselves (or by `ttyarcade account unlock`).  Worker thread.
 */
int acct_lock(store *st, const char *key, const char *reason);
/* TTY_OK, or TTY_NOTFOUND when it was not locked. */
int acct_lock_lift(store *st, const char *key);
/* 1 locked (its reason in reason, when not NULL), 0 not, or negative when
 * the store cannot say (refuse the login). */
int acct_locked(store *st, const char *key, char *reason, size_t size);

/* The keys a host is counted under: its address ("10.0.0.1"; an IPv6
 * address's /64, "2001:db8:1:2::/64"; an IPv4-mapped address as IPv4),
 * and its network for new accounts ("10.0.0.0/24", "2001:db8:1::/48").
 * A host that is no address (a pty's path) is its own key. */
void acct_addr_key(const char *host, char *out, size_t size);
void acct_net_key(const char *host, char *out, size_t size);

/* ---- the hashing gate (acct_hash.c) --------------------------------- */

/*
 * Every password hash (a login's check, a new account's or password's
 * hash) passes here: at most acct_hash_max run at once (--hash-max; 0, the
 * default, means one per core), at most acct_hash_queue wait (--hash-queue),
 * logins before the others; past that a request is refused as busy.
 * Loop thread.
 */
enum { ACCT_HASH_LOGIN, ACCT_HASH_NEW };
extern int acct_hash_max, acct_hash_queue;
typedef struct acct_hash_req acct_hash_req;
/* Run fn(arg) on a worker thread in its turn, then done(arg) on the loop:
 * TTY_OK, or TTY_BUSY at once when the queue is full (fn and done never
 * run). */
int acct_hash_submit(int prio, void (*fn)(void *arg),
                     void (*done)(void *arg), void *arg);
/* From a session's coroutine: run fn(arg) in its turn and wait for it:
 * TTY_OK, TTY_BUSY (the queue is full), or TTY_EOF (the player hung up
 * before its turn came: fn never ran). */
int acct_hash_run(sess *s, int prio, void (*fn)(void *arg), void *arg);
/* acct_hash_max was raised: start what waits, as far as it allows. */
void acct_hash_kick(void);
/* Running, queued and refused hashes, for /metrics (a metrics source). */
void acct_hash_metrics(buf *out);

/* The host part of a session's peer ("10.0.0.1:5000" -> "10.0.0.1"). */
void acct_peer_host(const char *peer, char *out, size_t size);

#endif
