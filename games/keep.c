/*
 * keep.c - a game under a resume code, saved after every move (keep.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "keep.h"
#include "wrap.h"

void keep_init(keep *k, const char *game, const tty_launch *launch)
{
    k->game = game;
    k->code[0] = 0;
    if (launch && launch->code)
        strncat(k->code, launch->code, TTY_CODE_LEN);
}

int keep_store(keep *k, tty_io *io, const void *data, size_t len)
{
    if (k->code[0])
        return tty_save_as(io, k->code, k->game, data, len) == 0
                   ? 0 : TTY_FAILED;
    if (tty_save(io, k->game, data, len, k->code) != 0) {
        k->code[0] = 0;
        return TTY_FAILED;
    }
    /* Told only now that the save has committed, so it is never a lie. */
    wrap_printf(io, 0, 0, "\r\n(RESUME CODE %s: THIS GAME IS KEPT UNDER IT IF "
                          "THE LINE DROPS.)", k->code);
    return 0;
}

void keep_forget(keep *k, tty_io *io)
{
    if (k->code[0])
        tty_forget(io, k->code);
    k->code[0] = 0;
}
