/*
 * side.h - whose side of a saved two-terminal game: each side bound to
 * its player when the sides are dealt, and proved by each player when the
 * game is resumed.
 *
 * Both players resume a two-terminal game with its one resume code, so
 * the code says which game, never which side.  A side played by someone
 * logged in to an account belongs to that account: on resume the account
 * gets its side without a question, and a player whose account played
 * neither side is refused.  A guest's side gets a code of its own
 * (tty_side_code), shown on that side's terminal only; on resume a guest
 * is asked for it, and a wrong one is refused before anything of the game
 * is shown.  The save keeps the account's name, or a digest of the side's
 * code (tty_secret_hash), never the code itself.
 *
 * Saves made before sides were bound prove no side: the game asks which
 * side the way it did then, once, and binds both sides from then on.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef SIDE_H
#define SIDE_H

#include <stddef.h>
#include <stdint.h>

#include "tty.h"

#define SIDE_ACCT 17            /* an account's name key and a NUL */
enum { SIDE_FREE = 0, SIDE_BY_ACCOUNT = 1, SIDE_BY_CODE = 2 };

typedef struct side_keys {
    uint8_t how[2];             /* SIDE_FREE (an old save), _BY_ACCOUNT or
                                   _BY_CODE, by side */
    char account[2][SIDE_ACCT]; /* SIDE_BY_ACCOUNT: whose */
    uint8_t hash[2][TTY_HASH_SIZE]; /* SIDE_BY_CODE: the code's digest */
    char code[2][TTY_SIDE_SIZE];    /* the code itself while it is known
                                       (dealt or typed this sitting), to
                                       show its side again; never saved */
} side_keys;

/* Bytes side_pack writes: per side, how, the account (16 bytes, NUL
 * padded) and the digest. */
#define SIDE_BYTES (2 * (1 + (SIDE_ACCT - 1) + TTY_HASH_SIZE))

/* The sides as bytes (SIDE_BYTES of them) and back; side_unpack is -1 on
 * bytes no side_pack wrote. */
void side_pack(const side_keys *k, uint8_t out[SIDE_BYTES]);
int side_unpack(side_keys *k, const uint8_t in[SIDE_BYTES]);

/* Bind side to the player on io: their account, or a fresh code.  game
 * ("gunjin") is mixed into the digest. */
void side_bind(side_keys *k, const char *game, int side, tty_io *io);
/* Bind both sides when the sides are dealt: host_side to the host's
 * player, the other to the guest's. */
void side_bind_both(side_keys *k, const char *game, int host_side,
                    tty_io *host, tty_io *guest);
/* 1 when a side of the save is bound (a save of this version). */
int side_bound(const side_keys *k);

/* What side's player must keep to resume it, one sentence for the
 * game's own message ("" when the side is an account's): name is the
 * side's ("RED"). */
void side_tell(const side_keys *k, int side, const char *name, char *out,
               size_t size);

/*
 * On resume, from the host's coroutine: each of the two terminals proves
 * its side (the host first), by its account or by typing its side's code
 * (watchers see stars).
 *   0         *host_side is the host's side, the guest plays the other;
 *   1         refused: both were told why and that the game stays saved;
 *             nothing of the game was shown;
 *   SIDE_OLD  the save binds no side: the caller decides the old way and
 *             binds both sides (side_bind);
 *   TTY_EOF   a player hung up (the other is told).
 */
enum { SIDE_OLD = 2 };
int side_prove(side_keys *k, const char *game, tty_io *host, tty_io *guest,
               int *host_side);

/*
 * The whole resume of a two-terminal save, from the host's coroutine:
 * side_prove, and for a save that proves no side, old(ctx) (the game's
 * way before: the host's side, or TTY_EOF), after which both sides are
 * bound and each player is shown their side's new code (names: the
 * sides' names, "RED" and "BLUE").  0 with *host_side set, 1 refused
 * (both told), TTY_EOF after a hang-up (the other told).
 */
int side_resume(side_keys *k, const char *game, const char *const names[2],
                tty_io *host, tty_io *guest, int (*old)(void *ctx),
                void *ctx, int *host_side);

#endif
