/*
 * tty_side.c - the contract's calls that bind a side of a two-player save
 * to its player (games/tty.h, "Whose side of a two-player save"): the
 * account a session is logged in to, a side's secret code, its digest,
 * hushing the watchers while one is typed, and the failure limits on
 * typing one.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <sodium.h>
#include <string.h>

#include "rcode.h"
#include "sess.h"

const char *tty_account(tty_io *io)
{
    return io->account;
}

void tty_side_code(tty_io *io, char code[TTY_SIDE_SIZE])
{
    /* The code generator of resume codes: never the game's dice, so a
     * seeded game throws the same with or without the codes drawn. */
    rcode_draw(&io->code_rng, code, TTY_SIDE_LEN);
    sess_secret(io, code);
}

void tty_side_known(tty_io *io, const char code[TTY_SIDE_SIZE])
{
    sess_secret(io, code);
}

void tty_secret_hash(const void *p, size_t n, uint8_t out[TTY_HASH_SIZE])
{
    /* BLAKE2b under a key of the project's own, so a digest here is never
     * the digest of the same bytes anywhere else. */
    static const unsigned char key[] = "ttyarcade side of a save";
    if (sodium_init() < 0) {
        /* No randomness in the system: the digest needs none. */
    }
    crypto_generichash(out, TTY_HASH_SIZE, p, n, key, sizeof key - 1);
}

void tty_hush(tty_io *io, int on)
{
    sess_hush(io, on);
}

static const sess_code_ops *tty_code_ops;

void sess_set_code_ops(const sess_code_ops *ops)
{
    tty_code_ops = ops;
}

/* A player on another server is counted here, where the code is checked,
 * as a player of this server is: under their account and their own
 * address (sess_addr: the one their server saw, which came with the
 * link), never the relay's, which every player of that server shares.
 * The counts are the shared store's, so a limit reached on one server
 * holds on every other. */
int tty_code_refused(tty_io *io)
{
    if (!tty_code_ops)
        return 0;
    return tty_code_ops->refused(io);
}

void tty_code_failed(tty_io *io)
{
    if (tty_code_ops)
        tty_code_ops->failed(io);
}
