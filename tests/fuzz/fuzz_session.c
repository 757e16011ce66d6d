/*
 * fuzz_session.c - a whole session fed arbitrary keys: the menu, then
 * whichever game the keys choose, through the in-memory line.  Nothing a
 * player types may crash the server.
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
    memline_opts o = { .seed = 1, .profile = size && data[0] & 1 ? "asr33"
                                                                  : "glass" };
    size_t len;
    char *out = memline_run(&o, (const char *)data, size, &len);
    free(out);
    return 0;
}
