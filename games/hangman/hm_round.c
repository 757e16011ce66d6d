/*
 * hm_round.c - the rules of one Hangman word.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "hm_round.h"

void hm_round_new(hm_round *g, const char *word)
{
    memset(g, 0, sizeof *g);
    size_t n = strlen(word);
    if (n > HM_WORD_MAX)
        n = HM_WORD_MAX;
    memcpy(g->word, word, n);
    memset(g->have, '-', n);    /* DASHFL: the guesses buffer is hyphens */
}

enum hm_result hm_guess(hm_round *g, int letter)
{
    unsigned long bit = 1ul << (letter - 'A');
    if (g->tried & bit)
        return HM_AGAIN;
    g->tried |= bit;
    /* SCAN / CKMTCH: every position that matches is copied across. */
    int match = 0;
    for (int i = 0; g->word[i]; i++) {
        if (g->word[i] == letter) {
            g->have[i] = (char)letter;
            match = 1;
        }
    }
    if (match)
        return strchr(g->have, '-') ? HM_GOOD : HM_SOLVED;
    g->misses++;
    return g->misses >= HM_MISSES ? HM_HANGED : HM_NOPE;
}

void hm_gallows(int misses, char out[HM_MISSES + 1])
{
    static const char hangman[] = "HANGMAN!";  /* page 03, 340 */
    if (misses > HM_MISSES)
        misses = HM_MISSES;
    for (int i = 0; i < HM_MISSES; i++)
        out[i] = i < misses ? hangman[i] : '-';
    out[HM_MISSES] = 0;
}
