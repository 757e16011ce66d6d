/*
 * fuzz_session.c - a whole session fed arbitrary keys: the menu, then
 * whichever game the keys choose, through the in-memory line, on paper,
 * glass or ANSI, with an operator's notice arriving between two of the
 * keys (the notice path reads whatever the game and the editor printed).
 * Nothing a player types may crash the server.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "memline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;   /* long scripts add time, not coverage */
    static const char *const profiles[] = { "glass", "asr33", "ansi",
                                            "glass" };
    memline_opts o = { .seed = 1,
                       .profile = profiles[size ? data[0] & 3 : 0],
                       .notice_after = size > 1 ? data[1] % 48 + 1 : 0,
                       .notice = "FROM THE OPERATOR: A NOTICE" };
    size_t len;
    char *out = memline_run(&o, (const char *)data, size, &len);
    free(out);
    return 0;
}
