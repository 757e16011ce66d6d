/*
 * hangman.c - Hangman, the dialogue: the 8008 listing's NEWONE, GUESS,
 * EOWORD and HANGIT walked through on the contract, with the book's
 * messages byte for byte (page 04 of the listing: 215 212 is CR LF),
 * except two: the bytes spell GOODBY! and CONGRADULATIONS!, the sample
 * run prints GOODBYE! and CONGRATULATIONS!, and the sample run is kept
 * (hangman.6 says so).
 *
 * Beyond the book: keys that cannot be a letter are ignored rather than
 * counted (so line-mode clients, which send CR LF after each letter, play
 * too); a letter guessed twice is told rather than counted twice; other
 * word lists; the hall of fame; a full stop (.) at any question leaves
 * the game with the book's GOODBYE!, mid-word too (the listing's only way
 * out was N at WANT A NEW WORD?); a word in play is kept under a resume
 * code after every guess (keep.h) and picked up where it was.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "hangman.h"
#include "hm_round.h"
#include "hm_words.h"
#include "keep.h"
#include "wrap.h"

/* The message table, page 04. */
static const char hm_msg_newone[] = "\r\n\nWANT A NEW WORD? ";   /* 000 */
static const char hm_msg_goodbye[] = "\r\nGOODBYE!";  /* 025: GOODBY! */
static const char hm_msg_guess[] = "\r\nGUESS A LETTER: ";       /* 037 */
static const char hm_msg_nope[] = "\r\nNOPE!  ";                 /* 062 */
static const char hm_msg_good[] = "\r\nGOOD. YOU HAVE:  ";       /* 074 */
static const char hm_msg_congrats[] = "\r\nCONGRATULATIONS!";
                                        /* 120: CONGRADULATIONS! */
/* Not in the book. */
static const char hm_msg_again[] = "\r\nYOU HAVE TRIED THAT LETTER.";

static const tty_hof_metric hm_hof[] = {
    { "solved", "WORDS SOLVED", TTY_HOF_SUM },
    { "misses", "FEWEST MISSES IN A SOLVED WORD", TTY_HOF_MIN },
    { 0, 0, 0 }
};

/* The key that leaves the game from any question (not in the book). */
#define HM_LEAVE '.'

/* INPUTN for a letter: anything else is passed over unechoed.  Returns
 * 'A'..'Z', HM_LEAVE or TTY_EOF. */
static int hm_letter(tty_io *io)
{
    for (;;) {
        int c = tty_inkey(io);
        if (c == TTY_EOF)
            return c;
        if (c == HM_LEAVE) {
            tty_echo(io, c);
            return c;
        }
        if (c >= 'a' && c <= 'z')
            c -= 'a' - 'A';
        if (c >= 'A' && c <= 'Z') {
            tty_echo(io, c);
            return c;
        }
    }
}

/* The word list the operator or the player chose; the book's otherwise. */
static void hm_load_list(tty_io *io, hm_list *list)
{
    const char *name = tty_option(io, "wordlist");
    char *text;
    size_t len;
    if (name && strcmp(name, "scelbi") != 0) {
        int rc = tty_resource(io, "wordlists", name, &text, &len);
        if (rc == 0) {
            if (hm_list_parse(list, text) == 0)
                return;
            hm_list_free(list);
            wrap_print(io, 0, 0, "\r\n(THAT WORD LIST HAS NO WORDS: USING "
                                 "THE BOOK'S.)");
        } else {
            /* Asked for and not there: said, not silently replaced. */
            wrap_print(io, 0, 0, rc == TTY_NOTFOUND
                       ? "\r\n(THAT WORD LIST IS NOT HERE: USING THE "
                         "BOOK'S.)"
                       : "\r\n(THAT WORD LIST CANNOT BE READ: USING THE "
                         "BOOK'S.)");
        }
    }
    hm_list_scelbi(list);
}

/*
 * A word in play, as kept after every guess, version 1: 'H' 'M' 1, the
 * table pointer (2 bytes, little-endian), the letters tried (4 bytes, A =
 * bit 0), the word's length and the word.  The misses and the guesses
 * buffer follow from the word and the letters tried.
 */
enum { HM_SAVE_HEAD = 10, HM_SAVE_MAX = HM_SAVE_HEAD + HM_WORD_MAX };

static size_t hm_save(const hm_movtab *mt, const hm_round *g,
                      uint8_t buf[HM_SAVE_MAX])
{
    size_t n = strlen(g->word);
    buf[0] = 'H';
    buf[1] = 'M';
    buf[2] = 1;
    buf[3] = (uint8_t)(mt->next & 0xff);
    buf[4] = (uint8_t)(mt->next >> 8);
    for (int i = 0; i < 4; i++)
        buf[5 + i] = (uint8_t)(g->tried >> (8 * i));
    buf[9] = (uint8_t)n;
    memcpy(buf + HM_SAVE_HEAD, g->word, n);
    return HM_SAVE_HEAD + n;
}

/* The word and where the table stands, from a save; -1 if it is not one
 * this version wrote. */
static int hm_load(hm_movtab *mt, hm_round *g, const hm_list *list,
                   const uint8_t *buf, size_t len)
{
    if (len < HM_SAVE_HEAD || buf[0] != 'H' || buf[1] != 'M' || buf[2] != 1 ||
        buf[9] < 1 || buf[9] > HM_WORD_MAX ||
        len != (size_t)HM_SAVE_HEAD + buf[9])
        return -1;
    char word[HM_WORD_MAX + 1];
    memcpy(word, buf + HM_SAVE_HEAD, buf[9]);
    word[buf[9]] = 0;
    for (int i = 0; word[i]; i++)
        if (word[i] < 'A' || word[i] > 'Z')
            return -1;
    unsigned long tried = 0;
    for (int i = 0; i < 4; i++)
        tried |= (unsigned long)buf[5 + i] << (8 * i);
    if (tried >> 26)
        return -1;
    hm_round_new(g, word);
    for (int c = 'A'; c <= 'Z'; c++)
        if (tried & (1ul << (c - 'A')))
            hm_guess(g, c);
    if (g->misses >= HM_MISSES || !strchr(g->have, '-'))
        return -1;      /* a finished word is never kept */
    mt->next = buf[3] | buf[4] << 8;
    if (mt->next > list->count)
        mt->next = 0;       /* another list now: from its head */
    mt->counter = g->misses;
    return 0;
}

/* GUESS to the end of one word, kept after every guess.  Returns TTY_EOF
 * on a hang-up (the word stays kept, to be picked up with its code),
 * HM_LEAVE when the player leaves mid-word. */
static int hm_play_word(tty_io *io, hm_movtab *mt, hm_round *gp, keep *k)
{
    hm_round g = *gp;
    char gallows[HM_MISSES + 1];
    uint8_t buf[HM_SAVE_MAX];
    for (;;) {
        wrap_print(io, 0, 0, hm_msg_guess);
        int c = hm_letter(io);
        if (c == TTY_EOF || c == HM_LEAVE)
            return c;
        switch (hm_guess(&g, c)) {
        case HM_AGAIN:
            wrap_print(io, 0, 0, hm_msg_again);
            break;
        case HM_GOOD:
            wrap_print(io, wrap_print(io, 0, 0, hm_msg_good), 0, g.have);
            keep_store(k, io, buf, hm_save(mt, &g, buf));
            break;
        case HM_SOLVED:
            wrap_print(io, wrap_print(io, 0, 0, hm_msg_good), 0, g.have);
            wrap_print(io, 0, 0, hm_msg_congrats);
            keep_forget(k, io);
            tty_hof_add(io, "hangman", "solved", 1, g.word);
            tty_hof_add(io, "hangman", "misses", g.misses, g.word);
            return 0;
        case HM_NOPE:
        case HM_HANGED:
            mt->counter = g.misses;     /* HANGIT counts at 350 */
            wrap_print(io, 0, 0, hm_msg_nope);
            hm_gallows(g.misses, gallows);
            tty_msg(io, gallows);
            if (g.misses >= HM_MISSES) {
                keep_forget(k, io);
                return 0;       /* no dashes left: back to NEWONE */
            }
            keep_store(k, io, buf, hm_save(mt, &g, buf));
            break;
        }
    }
}

static int hm_run(tty_io *io, const tty_launch *launch)
{
    hm_list list;
    hm_movtab mt;
    hm_round g;
    keep k;
    hm_load_list(io, &list);
    hm_movtab_start(&mt);
    keep_init(&k, "hangman", launch);
    int c = 0;
    if (launch && launch->code) {
        if (hm_load(&mt, &g, &list, launch->data, launch->len) != 0) {
            wrap_print(io, 0, 0, "\r\n(THAT SAVE IS NOT A HANGMAN WORD: A "
                                 "NEW GAME.)");
            keep_forget(&k, io);
        } else {
            /* Not in the book: where the word stood. */
            char gallows[HM_MISSES + 1];
            hm_gallows(g.misses, gallows);
            wrap_printf(io, 0, 0, "\r\n(RESUMED.)  YOU HAVE:  %s  %s",
                        g.have, gallows);
            c = hm_play_word(io, &mt, &g, &k);
        }
    }
    while (c != TTY_EOF && c != HM_LEAVE) {
        wrap_print(io, 0, 0, hm_msg_newone);
        c = hm_letter(io);
        if (c == TTY_EOF)
            break;
        if (c == 'N' || c == HM_LEAVE)
            break;
        if (c != 'Y')
            continue;           /* JFZ NEWONE: ask again */
        int w = hm_movtab_next(&mt, &list);
        hm_round_new(&g, list.words[w]);
        c = hm_play_word(io, &mt, &g, &k);
    }
    if (c == HM_LEAVE)
        keep_forget(&k, io);        /* left on purpose: not kept */
    if (c != TTY_EOF) {
        wrap_print(io, 0, 0, hm_msg_goodbye);
        tty_msg(io, "\r\n");
    }
    hm_list_free(&list);
    return 0;
}

const tty_game hm_game = {
    .name = "hangman",
    .title = "HANGMAN",
    .source = "SCELBI 1976",
    .run = hm_run,
    .hof = hm_hof,
};
