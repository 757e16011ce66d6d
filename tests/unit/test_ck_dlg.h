/*
 * test_ck_dlg.h - what the suites of the checkers dialogue share: a
 * session run on the in-memory line, reading the dialogue's answers, and
 * a scripted player who reads the output to choose each move.
 *
 * The line types the script a key at a time whenever the game waits for
 * one, so each one-key question takes exactly one key of the script.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef TEST_CK_DLG_H
#define TEST_CK_DLG_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memline.h"
#include "testutil.h"

/* A checkers session: its output (malloc'd). */
static inline char *tck_run_opts(const memline_opts *o, const char *keys)
{
    char *out = tu_run(o, keys);
    ck_assert_ptr_nonnull(out);
    return out;
}

static inline char *tck_run(const char *profile, unsigned seed,
                            const char *keys)
{
    memline_opts o = { .game = "checkers", .profile = profile,
                       .seed = seed };
    return tck_run_opts(&o, keys);
}

/* The text after the last occurrence of 'mark', up to the end of its
 * line, in out (static; "" if none). */
static inline const char *tck_last(const char *out, const char *mark)
{
    static char line[4096];
    const char *p = NULL, *q = out;
    while ((q = strstr(q, mark)))
        p = q++;
    line[0] = 0;
    if (!p)
        return line;
    p += strlen(mark);
    size_t n = strcspn(p, "\r\n");
    if (n >= sizeof line)
        n = sizeof line - 1;
    memcpy(line, p, n);
    line[n] = 0;
    return line;
}

/* The first word of the last 'mark' line (a move: "11-15", "15X22"),
 * without a trailing full stop. */
static inline void tck_first_word(const char *out, const char *mark,
                                  char *word, size_t size)
{
    const char *line = tck_last(out, mark);
    size_t n = strcspn(line, " .");
    ck_assert_msg(n > 0 && n < size, "no move after %s", mark);
    memcpy(word, line, n);
    word[n] = 0;
}

/*
 * Play a game to its end from the script 'start' (the questions' answers
 * and anything before the first move): before each of its moves the
 * player types 'ask' ("MOVES" or "HINT") and plays the first move of the
 * answer ("YOUR MOVES: ..." or "TRY ...").  Each turn replays the session
 * from the start, which a seed makes the same each time.  When the game
 * is over the player declines another game.  Returns the whole session's
 * output (malloc'd); keys gets the script.
 */
static inline char *tck_play(const memline_opts *o, const char *start,
                             const char *ask, char *keys, size_t size)
{
    const char *mark = strcmp(ask, "HINT") == 0 ? "TRY " : "YOUR MOVES: ";
    snprintf(keys, size, "%s", start);
    for (int turn = 0; turn < 300; turn++) {
        char script[16384];
        snprintf(script, sizeof script, "%s%s\r", keys, ask);
        char *out = tck_run_opts(o, script);
        if (strstr(out, "THE GAME IN PDN:")) {
            free(out);
            size_t k = strlen(keys);
            snprintf(keys + k, size - k, "N");
            return tck_run_opts(o, keys);
        }
        char move[32];
        tck_first_word(out, mark, move, sizeof move);
        free(out);
        size_t k = strlen(keys);
        ck_assert_uint_lt(k + strlen(move) + 2, size);
        snprintf(keys + k, size - k, "%s\r", move);
    }
    ck_abort_msg("the game did not end in 300 moves");
    return NULL;
}

/* The eight lines of the last board printed with black at the bottom
 * (static). */
static inline const char *tck_last_board(const char *out)
{
    static char board[1024];
    const char *p = NULL, *q = out;
    while ((q = strstr(q, "\r\n   4 ")))
        p = q++;
    ck_assert_ptr_nonnull(p);
    const char *end = p + 2 + strcspn(p + 2, "\r");
    const char *start = p;
    for (int lines = 0; lines < 7; lines++) {
        do
            start--;
        while (start > out && *start != '\n');
    }
    size_t n = (size_t)(end - start);
    ck_assert_uint_lt(n, sizeof board);
    memcpy(board, start, n);
    board[n] = 0;
    return board;
}

/* 1 if every line of out is at most 'width' columns. */
static inline int tck_fits(const char *out, int width)
{
    int col = 0;
    for (const char *p = out; *p; p++) {
        if (*p == '\r' || *p == '\n') {
            col = 0;
        } else if (*p == '\b') {
            col = col ? col - 1 : 0;
        } else if ((unsigned char)*p >= ' ' && ++col > width) {
            return 0;
        }
    }
    return 1;
}

#endif
