/*
 * hm_words.h - Hangman's word table and MOVTAB, the routine that picks the
 * next word.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef HM_WORDS_H
#define HM_WORDS_H

#define HM_WORD_MAX 20  /* the book's buffers hold 8; other lists may be
                           longer */

typedef struct hm_list {
    const char *const *words;   /* in table order */
    int count;
    char *storage;              /* owned text of a loaded list, or NULL */
    char **owned;               /* owned pointer array, or NULL */
} hm_list;

/* The book's list (wordlists/scelbi.txt, compiled in). */
void hm_list_scelbi(hm_list *l);
/* A list from text: one word per line, letters only, '#' starts a comment;
 * lower case is raised; words that are not all letters, or longer than
 * HM_WORD_MAX, are left out.  Takes ownership of text.  0 if it has words. */
int hm_list_parse(hm_list *l, char *text);
void hm_list_free(hm_list *l);

/*
 * MOVTAB: the book keeps a pointer into the word table and a counter that
 * START sets to 1 and every wrong guess raises.  MOVTAB copies words out
 * of the table one after another, as many times as the counter says, and
 * keeps the last: so each new word is the last game's misses further on.
 * At the end of the table (its double zero) the pointer goes back to the
 * start.  A counter of zero (a game won without a miss) is decremented
 * before it is tested, as the 8008's DCB did, and so walks 256 words.
 */
typedef struct hm_movtab {
    int next;       /* index of the word the table pointer addresses */
    int counter;    /* location 350: misses of the last game */
} hm_movtab;

void hm_movtab_start(hm_movtab *m);
/* Returns the chosen word's index; the counter is cleared, as MOVTAB does. */
int hm_movtab_next(hm_movtab *m, const hm_list *l);

#endif
