/*
 * fuzz_saves.c - reading a saved game's bytes: Gunjin Shogi's and
 * Backgammon's saves (the versions before too) and the sides of a
 * two-terminal game in them (games/side.h).  The first byte picks the
 * game; the rest is the save.  A save is read back from the store, where
 * a damaged disk or an old version may have left anything: nothing may
 * crash, leak or read past the bytes, and whatever is accepted packs
 * again.  The seeds are saves of two-terminal games that
 * tests/expect/sides.exp left in its database's saves table (0, Gunjin
 * Shogi, or 1, Backgammon, before each), each also cut to the version
 * before (the sides' 66 bytes taken out, the version byte one less), and
 * a Gunjin save's sides alone (2).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backgammon/bg_ui.h"
#include "gunjin/gj_ui.h"

static void gunjin(const uint8_t *p, size_t n)
{
    gj_match *m = calloc(1, sizeof *m);
    if (!m)
        return;
    if (gj_store_unpack(m, p, n) == 0) {
        size_t len;
        free(gj_store_pack(m, &len));
    }
    free(m);
}

static void backgammon(const uint8_t *p, size_t n)
{
    bg_match *m = calloc(1, sizeof *m);
    if (!m)
        return;
    if (bg_store_unpack(m, p, n) == 0) {
        size_t len;
        free(bg_store_pack(m, &len));
    }
    bg_record_free(&m->rec);
    free(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 65536)
        return 0;
    /* An exact copy, so that reading one byte past the save is caught. */
    uint8_t *p = malloc(size - 1 ? size - 1 : 1);
    if (!p)
        return 0;
    memcpy(p, data + 1, size - 1);
    switch (data[0] % 3) {
    case 0:
        gunjin(p, size - 1);
        break;
    case 1:
        backgammon(p, size - 1);
        break;
    default:
        if (size - 1 >= SIDE_BYTES) {
            side_keys k;
            uint8_t again[SIDE_BYTES];
            if (side_unpack(&k, p) == 0)
                side_pack(&k, again);
        }
        break;
    }
    free(p);
    return 0;
}
