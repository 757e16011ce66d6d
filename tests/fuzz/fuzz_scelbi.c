/*
 * fuzz_scelbi.c - the SCELBI games' input handling: any bytes a player can
 * type, on any profile, through the in-memory line (the same session,
 * line discipline and filter as a telnet line).  The first byte picks the
 * game (Space Capture, Hexpawn, Hangman), the profile, the window and how
 * the rest is typed: one key at a time as the game asks, or in bursts far
 * ahead of it (a paste or a pipe, past the key queue) until it runs out
 * and the session hangs up.  Nothing may crash, leak or hang.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdint.h>
#include <stdlib.h>

#include "memline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const games[] = { "spacecapture", "hexpawn",
                                         "hangman" };
    static const char *const profiles[] = { "glass", "ansi", "asr33" };
    if (size < 1 || size > 4096)
        return 0;
    uint8_t pick = data[0];
    memline_opts o = {
        .game = games[(pick & 3) % 3],
        .profile = profiles[(pick >> 2) % 3],
        .seed = (pick >> 4) & 3,
        .burst = (pick & 0x40) ? 97 : 0,    /* typed ahead in bursts */
        .height = (pick & 0x80) ? 12 : 0,   /* too small for a pane */
    };
    size_t len;
    char *out = memline_run(&o, (const char *)data + 1, size - 1, &len);
    free(out);
    return 0;
}
