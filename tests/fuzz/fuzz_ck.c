/*
 * fuzz_ck.c - the checkers dialogue's input handling: any bytes a player
 * can type (moves, commands, cursor keys, SETUP's positions and lists) on
 * any profile and window, through the in-memory line.  The first byte
 * picks the profile, the window and Tom or Dick (the robots that answer
 * in milliseconds: Harry's second a move would only slow the search for
 * crashes, and EXPERT is broken up for the same reason); the rest is typed a key at a time until it runs out and the
 * session hangs up.  Nothing may crash, leak or hang.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "memline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const profiles[] = { "glass", "ansi", "asr33" };
    if (size < 1 || size > 4096)
        return 0;
    uint8_t pick = data[0];
    char *keys = malloc(size + 1);
    if (!keys)
        return 0;
    /* the level question takes the first key */
    keys[0] = (pick & 1) ? 'D' : 'T';
    memcpy(keys + 1, data + 1, size - 1);
    /* and the expert level (five seconds a move) is not to be had */
    for (size_t i = 1; i + 6 <= size; i++)
        if (strncasecmp(keys + i, "EXPERT", 6) == 0)
            keys[i + 1] = 'Y';
    memline_opts o = {
        .game = "checkers",
        .profile = profiles[(pick >> 1) % 3],
        .seed = pick >> 3,
        .height = (pick & 0x80) ? 12 : 0,   /* too small for a pane */
    };
    size_t len;
    char *out = memline_run(&o, keys, size, &len);
    free(out);
    free(keys);
    return 0;
}
