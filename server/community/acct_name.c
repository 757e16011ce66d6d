/*
 * acct_name.c - what a player's name may be.
 *
 * A name is printed on other players' terminals (the hall of fame, the
 * lobby), so it may hold nothing a terminal would obey: printable ASCII
 * only.  Names are unique without regard to case, and a teletype prints
 * them in upper case anyway.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>
#include <strings.h>

#include "acct.h"

static int acct_printable(unsigned char c)
{
    return c >= 0x20 && c <= 0x7e;
}

int acct_name_check(const char *name, const char **why)
{
    size_t n = strlen(name);
    const char *dummy;
    if (!why)
        why = &dummy;
    for (size_t i = 0; i < n; i++) {
        if (!acct_printable((unsigned char)name[i])) {
            *why = "A NAME MAY HOLD ONLY LETTERS, DIGITS, SPACES AND "
                   "PUNCTUATION: NO CONTROL CHARACTERS OR ESCAPE SEQUENCES.";
            return -1;
        }
    }
    if (n == 0) {
        *why = "A NAME NEEDS AT LEAST ONE CHARACTER.";
        return -1;
    }
    if (n > ACCT_NAME_MAX) {
        *why = "A NAME IS AT MOST 16 CHARACTERS.";
        return -1;
    }
    if (name[0] == ' ' || name[n - 1] == ' ') {
        *why = "A NAME MAY NOT BEGIN OR END WITH A SPACE.";
        return -1;
    }
    return 0;
}

void acct_name_key(const char *name, char key[ACCT_NAME_SIZE])
{
    size_t i = 0;
    for (; name[i] && i < ACCT_NAME_MAX; i++) {
        char c = name[i];
        key[i] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
    key[i] = 0;
}

int acct_name_is_guest(const char *name)
{
    return strcasecmp(name, "GUEST") == 0;
}

void acct_text_show(const char *in, char *out, size_t size)
{
    size_t i = 0;
    for (; in && in[i] && i + 1 < size; i++)
        out[i] = acct_printable((unsigned char)in[i]) ? in[i] : '?';
    out[i] = 0;
}

void acct_name_show(const char *stored, char out[ACCT_NAME_SIZE])
{
    acct_text_show(stored, out, ACCT_NAME_MAX + 1);
}
