/*
 * fuzz_scelbi.c - Space Capture's and Hexpawn's input handling: any bytes
 * a player can type, on any profile, through the in-memory line (the same
 * session, line discipline and filter as a telnet line).  The first byte
 * picks the game, the profile and the window; the rest is typed one key at
 * a time until it runs out and the session hangs up.  Nothing may crash,
 * leak or hang.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdint.h>
#include <stdlib.h>

#include "memline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const games[] = { "spacecapture", "hexpawn" };
    static const char *const profiles[] = { "glass", "ansi", "asr33" };
    if (size < 1 || size > 4096)
        return 0;
    uint8_t pick = data[0];
    memline_opts o = {
        .game = games[pick & 1],
        .profile = profiles[(pick >> 1) % 3],
        .seed = pick >> 3,
        .height = (pick & 0x80) ? 12 : 0,   /* too small for a pane */
    };
    size_t len;
    char *out = memline_run(&o, (const char *)data + 1, size - 1, &len);
    free(out);
    return 0;
}
