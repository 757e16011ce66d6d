/*
 * hm_round.h - one game of Hangman: the word buffer, the guesses buffer and
 * the misses, as the book's SCAN, EOWORD and HANGIT routines keep them.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef HM_ROUND_H
#define HM_ROUND_H

#include "hm_words.h"

#define HM_MISSES 8     /* eight wrong guesses spell HANGMAN! */

typedef struct hm_round {
    char word[HM_WORD_MAX + 1];  /* the word buffer (page 03, 360) */
    char have[HM_WORD_MAX + 1];  /* the guesses buffer (370): a hyphen for
                                    each letter not yet found */
    int misses;                  /* the counter at 350 */
    unsigned long tried;         /* letters guessed, A = bit 0 */
} hm_round;

enum hm_result {
    HM_GOOD,        /* GOOD. YOU HAVE: and the guesses buffer */
    HM_SOLVED,      /* ... and no hyphen left: CONGRATULATIONS! */
    HM_NOPE,        /* NOPE! and part of HANGMAN! */
    HM_HANGED,      /* the eighth miss: all of HANGMAN! */
    HM_AGAIN        /* a letter already guessed: told, not counted */
};

void hm_round_new(hm_round *g, const char *word);
/* letter is 'A'..'Z'. */
enum hm_result hm_guess(hm_round *g, int letter);
/* HANGMR and MRDASH: the first `misses` characters of HANGMAN! and a
 * hyphen for each one still to come. */
void hm_gallows(int misses, char out[HM_MISSES + 1]);

#endif
