/*
 * rcode.c - making and reading resume codes.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <string.h>

#include "rcode.h"

const char rcode_alphabet[] = "ACDEFHJKMNPQRTUVWXY3479";

void rcode_make(rng *r, char code[TTY_CODE_SIZE])
{
    size_t n = sizeof rcode_alphabet - 1;
    for (int i = 0; i < TTY_CODE_LEN; i++)
        code[i] = rcode_alphabet[rng_below(r, (uint32_t)n)];
    code[TTY_CODE_LEN] = 0;
}

int tty_code_parse(const char *typed, char code[TTY_CODE_SIZE])
{
    int n = 0;
    for (const char *p = typed; *p; p++) {
        int c = toupper((unsigned char)*p);
        if (c == ' ' || c == '-' || c == '\t')
            continue;   /* players write codes in groups */
        if (!strchr(rcode_alphabet, c) || c == 0 || n == TTY_CODE_LEN)
            return -1;
        code[n++] = (char)c;
    }
    code[n] = 0;
    return n == TTY_CODE_LEN ? 0 : -1;
}
