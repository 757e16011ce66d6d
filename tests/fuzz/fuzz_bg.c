/*
 * fuzz_bg.c - the Backgammon dialogue's input handling: any bytes a
 * player can type in a game (moves in every form, UNDO, RESET, ID, SETUP
 * with any text, BOARD, HELP, SAVE, EXPORT, ROLL, DOUBLE, TAKE, PASS,
 * BEAVER, ^L, ^U, erase) through the in-memory line.  The first byte picks
 * the answers to the opening questions (one player as blue or as green,
 * either rules, a match or money play, the hot seat, now and then the
 * demo, which only watches), the profile, the window and the seed; the
 * rest is typed a key at a time until it runs out and the line drops,
 * which saves nothing here (no data directory).  Nothing may crash, leak
 * or hang.  The questions are not left to the fuzzer: a demo it named
 * into being could be paced at seconds a turn, or played by the expert
 * level, and one input would take minutes; test_bg_play.c covers them.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "memline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const profiles[] = { "glass", "asr33", "ansi",
                                            "ansi" };
    static const char *const starts[] = {
        "1\r\r\r\r\r",               /* blue against ATARI, ATARI rules */
        "1\rATARI\rBOB\r\rS\r3\r",    /* green against ATARI, a 3-point
                                       match */
        "2\r\r\r\r",                 /* the hot seat */
        "4\r\r\r0\r",                /* the demo, level 1, no pause */
        "2\r\r\rS\r0\r\r\r",          /* the hot seat, money, Jacoby and
                                       beavers: doubles, beavers, passes */
        "2\r\r\rS\r2\r"              /* the hot seat, a 2-point match: the
                                       Crawford game comes soon */
    };
    if (size < 1 || size > 2048)
        return 0;
    uint8_t pick = data[0];
    const char *start = starts[pick % 6];
    size_t n = strlen(start);
    char *keys = malloc(n + size);
    if (!keys)
        return 0;
    memcpy(keys, start, n);
    memcpy(keys + n, data + 1, size - 1);
    memline_opts o = {
        .game = "backgammon",
        .profile = profiles[(pick >> 2) % 4],
        .seed = pick >> 4,
        .height = (pick & 0x40) ? 12 : 0,  /* an ANSI window too small */
    };
    size_t len;
    char *out = memline_run(&o, keys, n + size - 1, &len);
    free(out);
    free(keys);
    return 0;
}
