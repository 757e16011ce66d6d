/*
 * test_gj_play.h - what the Gunjin Shogi dialogue suites (test_gj_play*.c)
 * share: scripts of candidate moves, the resume code a transcript gives,
 * and the boards a transcript prints.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef TEST_GJ_PLAY_H
#define TEST_GJ_PLAY_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "vt.h"

/*
 * A player who tries single steps from every square of its half, the
 * front first (forward, sideways, back), over and over: the dialogue
 * refuses the illegal ones and plays the first legal one, so the script
 * plays a whole game without knowing the position.  rounds: how many
 * times the list is typed.
 */
static inline char *tgp_marcher(int red, int rounds)
{
    static const int red_ranks[] = { 4, 3, 2, 1, 5, 6, 7, 8 };
    static const int blue_ranks[] = { 5, 6, 7, 8, 4, 3, 2, 1 };
    const int *ranks = red ? red_ranks : blue_ranks;
    int fwd = red ? 1 : -1;
    size_t cap = (size_t)rounds * 8 * 6 * 4 * 7 + 1, n = 0;
    char *s = malloc(cap);
    for (int k = 0; k < rounds; k++)
        for (int i = 0; i < 8; i++)
            for (int f = 0; f < 6; f++) {
                int df[] = { 0, -1, 1, 0 }, dr[] = { fwd, 0, 0, -fwd };
                for (int d = 0; d < 4; d++) {
                    int nf = f + df[d], nr = ranks[i] + dr[d];
                    if (nf < 0 || nf > 5 || nr < 1 || nr > 8)
                        continue;
                    n += (size_t)snprintf(s + n, cap - n, "%c%d-%c%d\r",
                                          'A' + f, ranks[i], 'A' + nf, nr);
                }
            }
    return s;
}

/* prefix followed by the marcher's moves, malloc'd. */
static inline char *tgp_script(const char *prefix, int red, int rounds)
{
    char *m = tgp_marcher(red, rounds);
    char *s = malloc(strlen(prefix) + strlen(m) + 1);
    strcpy(s, prefix);
    strcat(s, m);
    free(m);
    return s;
}

/* The resume code after "marker" in a transcript, into code[TTY_CODE_SIZE]. */
static inline int tgp_code(const char *out, const char *marker, char *code)
{
    const char *p = strstr(out, marker);
    if (!p)
        return -1;
    p += strlen(marker);
    memcpy(code, p, TTY_CODE_LEN);
    code[TTY_CODE_LEN] = 0;
    return 0;
}

/* The last occurrence of needle in hay. */
static inline const char *tgp_last(const char *hay, const char *needle)
{
    const char *last = NULL;
    for (const char *p = hay; (p = strstr(p, needle)); p++)
        last = p;
    return last;
}

/* The eight rank rows of the last board printed before "upto" in out
 * (malloc'd), NULL if none. */
static inline char *tgp_board_before(const char *out, const char *upto)
{
    const char *end = upto ? strstr(out, upto) : out + strlen(out);
    const char *river = NULL;
    if (!end)
        return NULL;
    for (const char *p = out; (p = strstr(p, "\n     ~~~~")) && p < end; p++)
        river = p;
    if (!river)
        return NULL;
    const char *a = river;              /* the end of rank row 5 (or 4) */
    for (int i = 0; i < 4 && a > out; i++)
        do
            a--;
        while (a > out && *a != '\n');
    const char *b = river + 1;
    for (int i = 0; i < 5 && *b; i++) {
        const char *nl = strchr(b, '\n');
        b = nl ? nl + 1 : b + strlen(b);
    }
    size_t n = (size_t)(b - (a + 1));
    char *copy = malloc(n + 1);
    memcpy(copy, a + 1, n);
    copy[n] = 0;
    return copy;
}

/* The screen as the game left it, before it handed the terminal back to
 * the menu (the game's last act: the cursor shown again; the menu's own
 * reset follows it), on the shared test VT100 (vt.h) at 80 x 24. */
static inline void tgp_vt_game(vt *t, const char *out)
{
    const char *menu = tgp_last(out, "\0337\033[r\0338");
    size_t upto = menu ? (size_t)(menu - out) : strlen(out);
    char *game = strndup(out, upto);
    const char *end = tgp_last(game, "\033[?25h");
    vt_init(t, 80, 24);
    vt_feed(t, game, end ? (size_t)(end - game) : upto);
    free(game);
}

/* Is text anywhere on the screen (within one row)? */
static inline int tgp_vt_has(vt *t, const char *text)
{
    return vt_shows(t, text);
}

#endif
