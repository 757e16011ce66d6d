/*
 * acct_pw.c - passwords: the rules, and Argon2id through libsodium.
 *
 * crypto_pwhash_str with Argon2id at the INTERACTIVE limits: about 64 MiB
 * and two passes, tens of milliseconds on one core.  That is what makes an
 * offline guess expensive, and also why a hash never runs on the loop
 * thread: the menu hands it to the worker pool (tty_work) and every other
 * player goes on meanwhile.  The MODERATE limits (256 MiB, about a second)
 * would let four logins at once hold a gigabyte on a two-core server.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <pthread.h>
#include <sodium.h>
#include <string.h>

#include "acct.h"

_Static_assert(ACCT_HASH_SIZE == crypto_pwhash_STRBYTES,
               "ACCT_HASH_SIZE must hold an encoded Argon2 hash");

static pthread_once_t acct_pw_once = PTHREAD_ONCE_INIT;
static int acct_pw_ready;

static void acct_pw_init_once(void)
{
    acct_pw_ready = sodium_init() >= 0;
}

int acct_pw_init(void)
{
    pthread_once(&acct_pw_once, acct_pw_init_once);
    return acct_pw_ready ? 0 : -1;
}

int acct_pw_check(const char *pw, const char **why)
{
    size_t n = strlen(pw);
    const char *dummy;
    if (!why)
        why = &dummy;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)pw[i];
        if (c < 0x20 || c > 0x7e) {
            *why = "A PASSWORD MAY HOLD ONLY CHARACTERS A TELETYPE CAN TYPE.";
            return -1;
        }
    }
    if (n < ACCT_PW_MIN) {
        *why = "A PASSWORD NEEDS AT LEAST 6 CHARACTERS.";
        return -1;
    }
    if (n > ACCT_PW_MAX) {
        *why = "A PASSWORD IS AT MOST 64 CHARACTERS.";
        return -1;
    }
    return 0;
}

int acct_pw_hash(const char *pw, char hash[ACCT_HASH_SIZE])
{
    if (acct_pw_init() != 0)
        return -1;
    return crypto_pwhash_str_alg(hash, pw, strlen(pw),
                                 crypto_pwhash_OPSLIMIT_INTERACTIVE,
                                 crypto_pwhash_MEMLIMIT_INTERACTIVE,
                                 crypto_pwhash_ALG_ARGON2ID13) == 0 ? 0 : -1;
}

int acct_pw_verify(const char *hash, const char *pw)
{
    if (acct_pw_init() != 0)
        return 0;
    return crypto_pwhash_str_verify(hash, pw, strlen(pw)) == 0;
}

void acct_pw_wipe(void *p, size_t n)
{
    sodium_memzero(p, n);
}
