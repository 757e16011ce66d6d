/*
 * menu_typed.c - telling what a player typed where a list number, a
 * deletion or a resume code may come, by its shape.
 *
 * A list number is one to three digits, a deletion D and one to three
 * digits; a resume code has the shape tty_code_parse reads (ten letters
 * and digits, most often with their dash, or an old six).  Several code
 * characters are digits (3, 4, 7, 9), so a code may begin with one, or
 * with D and a digit: it is its length that tells it from a number, never
 * its first character.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "menu.h"

/* 1 if p holds 1 to 3 digits and nothing else. */
static int menu_small_number(const char *p, size_t n)
{
    if (n < 1 || n > 3)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)p[i]))
            return 0;
    return 1;
}

int menu_typed(const char *line, int *number, char code[TTY_CODE_SIZE])
{
    while (*line == ' ')
        line++;
    size_t n = strlen(line);
    while (n && line[n - 1] == ' ')
        n--;
    if (menu_small_number(line, n)) {
        *number = atoi(line);
        return MENU_TYPED_NUMBER;
    }
    if ((line[0] == 'D' || line[0] == 'd') &&
        menu_small_number(line + 1, n - 1)) {
        *number = atoi(line + 1);
        return MENU_TYPED_DELETE;
    }
    char trimmed[64];
    if (n >= sizeof trimmed)
        return MENU_TYPED_OTHER;
    memcpy(trimmed, line, n);
    trimmed[n] = 0;
    if (n && tty_code_parse(trimmed, code) == 0)
        return MENU_TYPED_CODE;
    return MENU_TYPED_OTHER;
}
