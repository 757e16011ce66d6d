/*
 * fuzz_gj.c - the Gunjin Shogi dialogue's input handling: any bytes a
 * player can type (moves, commands, set-up lines, cursor keys, answers)
 * through the in-memory line.  The first byte picks the versus mode (the
 * computer, the random opponent or the hot seat: the lobby would only
 * wait, the demo only watch), the profile, the window and the seed; the
 * rest is typed a key at a time until it runs out and the line drops,
 * which saves nothing here (no data directory).  Nothing may crash, leak
 * or hang.  The full ANSI screen is picked rarely: its replays pause a
 * real 150 ms a frame.
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
                                            "glass" };
    if (size < 1 || size > 4096)
        return 0;
    uint8_t pick = data[0];
    char *keys = malloc(size + 2);
    if (!keys)
        return 0;
    keys[0] = (char)('1' + pick % 3);
    keys[1] = '\r';
    memcpy(keys + 2, data + 1, size - 1);
    int full = (pick & 0x60) == 0x60;
    memline_opts o = {
        .game = "gunjin",
        .profile = full ? "ansi" : profiles[(pick >> 2) % 4],
        .seed = pick >> 4,
        .height = full ? 0 : 12,    /* an ANSI window too small: lines */
    };
    size_t len;
    char *out = memline_run(&o, keys, size + 1, &len);
    free(out);
    free(keys);
    return 0;
}
