/*
 * rcode.c - making and reading resume codes.
 *
 * A code is the only key a guest's save has, so it must not be guessed:
 * 23^10 codes (about 4e13, 2^45) drawn from the operating system's
 * randomness, on top of the failure limits (acct_limit.c).  Only --seed,
 * which asks for transcripts that repeat, draws them from the session's
 * seeded generator.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <sodium.h>
#include <string.h>

#include "rcode.h"
#include "srv.h"

const char rcode_alphabet[] = "ACDEFHJKMNPQRTUVWXY3479";

void rcode_draw(rng *r, char *out, int n)
{
    uint32_t k = (uint32_t)(sizeof rcode_alphabet - 1);
    /* sodium_init may be called again and from any thread; it fails only
     * when the system has no randomness to give. */
    int seeded = srv.seeded || sodium_init() < 0;
    for (int i = 0; i < n; i++)
        out[i] = rcode_alphabet[seeded ? rng_below(r, k)
                                       : randombytes_uniform(k)];
    out[n] = 0;
}

void rcode_make(rng *r, char code[TTY_CODE_SIZE])
{
    char raw[RCODE_CHARS + 1];
    rcode_draw(r, raw, RCODE_CHARS);
    memcpy(code, raw, RCODE_GROUP);
    code[RCODE_GROUP] = '-';
    memcpy(code + RCODE_GROUP + 1, raw + RCODE_GROUP, RCODE_CHARS - RCODE_GROUP);
    code[RCODE_CHARS + 1] = 0;
}

/* The characters of a typed code without the blanks and dashes players
 * write between groups, upper case: how many (at most max), or -1 when
 * one is not of the alphabet. */
static int rcode_raw(const char *typed, char *raw, int max)
{
    int n = 0;
    for (const char *p = typed; *p; p++) {
        int c = toupper((unsigned char)*p);
        if (c == ' ' || c == '-' || c == '\t')
            continue;   /* players write codes in groups */
        if (!strchr(rcode_alphabet, c) || c == 0 || n == max)
            return -1;
        raw[n++] = (char)c;
    }
    return n;
}

int tty_code_parse(const char *typed, char code[TTY_CODE_SIZE])
{
    char raw[RCODE_CHARS + 1];
    int n = rcode_raw(typed, raw, RCODE_CHARS);
    if (n == RCODE_OLD_CHARS) {
        memcpy(code, raw, (size_t)n);
        code[n] = 0;
        return 0;
    }
    if (n != RCODE_CHARS)
        return -1;
    memcpy(code, raw, RCODE_GROUP);
    code[RCODE_GROUP] = '-';
    memcpy(code + RCODE_GROUP + 1, raw + RCODE_GROUP, RCODE_CHARS - RCODE_GROUP);
    code[RCODE_CHARS + 1] = 0;
    return 0;
}

int tty_side_parse(const char *typed, char code[TTY_SIDE_SIZE])
{
    char raw[TTY_SIDE_LEN + 1];
    if (rcode_raw(typed, raw, TTY_SIDE_LEN) != TTY_SIDE_LEN)
        return -1;
    memcpy(code, raw, TTY_SIDE_LEN);
    code[TTY_SIDE_LEN] = 0;
    return 0;
}
