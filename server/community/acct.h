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

/* ---- failure limits (acct_limit.c) ---------------------------------- */

/*
 * At most max failures within window_s seconds per key (a client address,
 * or an account's name key); the table holds at most slots keys, and when
 * it is full the key whose last failure is oldest is forgotten.  Loop
 * thread only.
 */
typedef struct acct_limit acct_limit;
acct_limit *acct_limit_new(int max, int window_s, int slots);
void acct_limit_free(acct_limit *l);
/* 1 if key has had max failures within the window before now_ms. */
int acct_limit_blocked(acct_limit *l, const char *key, uint64_t now_ms);
/* Count one failure for key. */
void acct_limit_fail(acct_limit *l, const char *key, uint64_t now_ms);
/* Failures of key counted within the window. */
int acct_limit_count(acct_limit *l, const char *key, uint64_t now_ms);

/* The server's two tables, made by acct_limits_open from the options
 * (--fail-max, --fail-window). */
extern acct_limit *acct_by_addr, *acct_by_name;
extern int acct_fail_max, acct_fail_window;
void acct_limits_open(void);

/* The host part of a session's peer ("10.0.0.1:5000" -> "10.0.0.1"). */
void acct_peer_host(const char *peer, char *out, size_t size);

#endif
