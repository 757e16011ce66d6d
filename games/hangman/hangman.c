/*
 * hangman.c - Hangman, the dialogue: the 8008 listing's NEWONE, GUESS,
 * EOWORD and HANGIT walked through on the contract, with the book's
 * messages byte for byte (page 04 of the listing: 215 212 is CR LF).
 *
 * Beyond the book: keys that cannot be a letter are ignored rather than
 * counted (so line-mode clients, which send CR LF after each letter, play
 * too); a letter guessed twice is told rather than counted twice; other
 * word lists; the hall of fame.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "hangman.h"
#include "hm_round.h"
#include "hm_words.h"

/* The message table, page 04. */
static const char hm_msg_newone[] = "\r\n\nWANT A NEW WORD? ";   /* 000 */
static const char hm_msg_goodbye[] = "\r\nGOODBYE!";             /* 025 */
static const char hm_msg_guess[] = "\r\nGUESS A LETTER: ";       /* 037 */
static const char hm_msg_nope[] = "\r\nNOPE!  ";                 /* 062 */
static const char hm_msg_good[] = "\r\nGOOD. YOU HAVE:  ";       /* 074 */
static const char hm_msg_congrats[] = "\r\nCONGRATULATIONS!";    /* 120 */
/* Not in the book. */
static const char hm_msg_again[] = "\r\nYOU HAVE TRIED THAT LETTER.";

static const tty_hof_metric hm_hof[] = {
    { "solved", "WORDS SOLVED", TTY_HOF_SUM },
    { "misses", "FEWEST MISSES IN A SOLVED WORD", TTY_HOF_MIN },
    { 0, 0, 0 }
};

/* INPUTN for a letter: anything else is passed over unechoed.  Returns
 * 'A'..'Z' or TTY_EOF. */
static int hm_letter(tty_io *io)
{
    for (;;) {
        int c = tty_inkey(io);
        if (c == TTY_EOF)
            return c;
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
            tty_msg(io, "\r\n(THAT WORD LIST HAS NO WORDS: USING THE "
                        "BOOK'S.)");
        } else {
            /* Asked for and not there: said, not silently replaced. */
            tty_msg(io, rc == TTY_NOTFOUND
                        ? "\r\n(THAT WORD LIST IS NOT HERE: USING THE "
                          "BOOK'S.)"
                        : "\r\n(THAT WORD LIST CANNOT BE READ: USING THE "
                          "BOOK'S.)");
        }
    }
    hm_list_scelbi(list);
}

/* GUESS to the end of one word.  Returns TTY_EOF on a hang-up. */
static int hm_play_word(tty_io *io, hm_movtab *mt, const char *word)
{
    hm_round g;
    char gallows[HM_MISSES + 1];
    hm_round_new(&g, word);
    for (;;) {
        tty_msg(io, hm_msg_guess);
        int c = hm_letter(io);
        if (c == TTY_EOF)
            return c;
        switch (hm_guess(&g, c)) {
        case HM_AGAIN:
            tty_msg(io, hm_msg_again);
            break;
        case HM_GOOD:
            tty_msg(io, hm_msg_good);
            tty_msg(io, g.have);
            break;
        case HM_SOLVED:
            tty_msg(io, hm_msg_good);
            tty_msg(io, g.have);
            tty_msg(io, hm_msg_congrats);
            tty_hof_add(io, "hangman", "solved", 1, g.word);
            tty_hof_add(io, "hangman", "misses", g.misses, g.word);
            return 0;
        case HM_NOPE:
        case HM_HANGED:
            mt->counter = g.misses;     /* HANGIT counts at 350 */
            tty_msg(io, hm_msg_nope);
            hm_gallows(g.misses, gallows);
            tty_msg(io, gallows);
            if (g.misses >= HM_MISSES)
                return 0;       /* no dashes left: back to NEWONE */
            break;
        }
    }
}

static int hm_run(tty_io *io, const tty_launch *launch)
{
    (void)launch;
    hm_list list;
    hm_movtab mt;
    hm_load_list(io, &list);
    hm_movtab_start(&mt);
    for (;;) {
        tty_msg(io, hm_msg_newone);
        int c = hm_letter(io);
        if (c == TTY_EOF)
            break;
        if (c == 'N') {
            tty_msg(io, hm_msg_goodbye);
            tty_msg(io, "\r\n");
            break;
        }
        if (c != 'Y')
            continue;           /* JFZ NEWONE: ask again */
        int w = hm_movtab_next(&mt, &list);
        if (hm_play_word(io, &mt, list.words[w]) == TTY_EOF)
            break;
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
