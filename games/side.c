/*
 * side.c - whose side of a saved two-terminal game (side.h): binding each
 * side to its player, the bytes a save keeps of it, and the proof asked
 * of each player on resume.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "side.h"
#include "wrap.h"

/* Wrong codes a player may type before the resume is refused.  A code is
 * one of 23^6 (about 1.5e8); each try costs both lines a resume, and
 * counts toward the failure limits of resume codes (tty_code_failed). */
enum { SIDE_TRIES = 3 };
/* side_prove's own answers beside a side and TTY_EOF. */
enum { SIDE_NONE = -100 };

void side_pack(const side_keys *k, uint8_t out[SIDE_BYTES])
{
    uint8_t *p = out;
    for (int s = 0; s < 2; s++) {
        *p++ = k->how[s];
        memset(p, 0, SIDE_ACCT - 1);
        if (k->how[s] == SIDE_BY_ACCOUNT)
            memcpy(p, k->account[s], strnlen(k->account[s], SIDE_ACCT - 1));
        p += SIDE_ACCT - 1;
        if (k->how[s] == SIDE_BY_CODE)
            memcpy(p, k->hash[s], TTY_HASH_SIZE);
        else
            memset(p, 0, TTY_HASH_SIZE);
        p += TTY_HASH_SIZE;
    }
}

int side_unpack(side_keys *k, const uint8_t in[SIDE_BYTES])
{
    side_keys got;
    memset(&got, 0, sizeof got);
    const uint8_t *p = in;
    for (int s = 0; s < 2; s++) {
        got.how[s] = *p++;
        if (got.how[s] > SIDE_BY_CODE)
            return -1;
        memcpy(got.account[s], p, SIDE_ACCT - 1);
        p += SIDE_ACCT - 1;
        memcpy(got.hash[s], p, TTY_HASH_SIZE);
        p += TTY_HASH_SIZE;
        /* An account's side names one; another names none. */
        if ((got.how[s] == SIDE_BY_ACCOUNT) != (got.account[s][0] != 0))
            return -1;
    }
    /* Both sides are bound together, or neither (an old save). */
    if ((got.how[0] == SIDE_FREE) != (got.how[1] == SIDE_FREE))
        return -1;
    *k = got;
    return 0;
}

/* The digest a save keeps of a side's code: of the game's name and the
 * side too, so a code proves that side of that game's saves only. */
static void side_digest(const char *game, int side, const char *code,
                        uint8_t out[TTY_HASH_SIZE])
{
    char text[64];
    int n = snprintf(text, sizeof text, "%s:%d:%s", game, side, code);
    tty_secret_hash(text, (size_t)n, out);
}

/* Compared in the same time whatever the digests hold. */
static int side_same(const uint8_t *a, const uint8_t *b)
{
    uint8_t d = 0;
    for (int i = 0; i < TTY_HASH_SIZE; i++)
        d |= (uint8_t)(a[i] ^ b[i]);
    return d == 0;
}

void side_bind(side_keys *k, const char *game, int side, tty_io *io)
{
    const char *acct = tty_account(io);
    memset(k->account[side], 0, SIDE_ACCT);
    memset(k->hash[side], 0, TTY_HASH_SIZE);
    k->code[side][0] = 0;
    if (acct[0]) {
        k->how[side] = SIDE_BY_ACCOUNT;
        snprintf(k->account[side], SIDE_ACCT, "%s", acct);
        return;
    }
    k->how[side] = SIDE_BY_CODE;
    tty_side_code(io, k->code[side]);
    side_digest(game, side, k->code[side], k->hash[side]);
}

void side_bind_both(side_keys *k, const char *game, int host_side,
                    tty_io *host, tty_io *guest)
{
    side_bind(k, game, host_side, host);
    side_bind(k, game, !host_side, guest);
}

int side_bound(const side_keys *k)
{
    return k->how[0] != SIDE_FREE && k->how[1] != SIDE_FREE;
}

void side_tell(const side_keys *k, int side, const char *name, char *out,
               size_t size)
{
    if (k->how[side] == SIDE_BY_CODE && k->code[side][0])
        snprintf(out, size, "YOUR SIDE'S CODE IS %s, SHOWN ONLY TO %s: TO "
                 "RESUME %s, BOTH CODES ARE NEEDED.", k->code[side], name,
                 name);
    else if (size)
        out[0] = 0;
}

/* The side io's account played and nobody has taken, or -1. */
static int account_side(const side_keys *k, tty_io *io, const int taken[2])
{
    const char *acct = tty_account(io);
    for (int s = 0; acct[0] && s < 2; s++)
        if (k->how[s] == SIDE_BY_ACCOUNT && !taken[s] &&
            !strcmp(k->account[s], acct))
            return s;
    return -1;
}

static int code_side_free(const side_keys *k, const int taken[2])
{
    return (k->how[0] == SIDE_BY_CODE && !taken[0]) ||
           (k->how[1] == SIDE_BY_CODE && !taken[1]);
}

/* Ask io for its side's code: the side, SIDE_NONE (refused; io was told
 * why) or TTY_EOF. */
static int ask_code(side_keys *k, const char *game, tty_io *io,
                    tty_io *other, const int taken[2])
{
    char line[40], code[TTY_SIDE_SIZE];
    tty_msg(other, "\nTHE OTHER PLAYER IS SHOWING WHICH SIDE IS THEIRS...\n");
    wrap_print(io, 0, 0, "\nEACH SIDE OF THIS GAME HAS A CODE OF ITS OWN, "
                         "SHOWN ONLY TO ITS PLAYER WITH THE RESUME CODE.\n");
    for (int tries = 1; tries <= SIDE_TRIES; tries++) {
        /* The failure limits of resume codes hold for these too. */
        int refused = tty_code_refused(io);
        if (refused)
            return refused < 0 ? TTY_EOF : SIDE_NONE;
        wrap_prompt(io, "YOUR SIDE'S CODE (RETURN: GIVE UP)? ");
        /* Watchers and the recording see the code typed as stars. */
        tty_hush(io, 1);
        int n = tty_ask(io, "", line, sizeof line);
        tty_hush(io, 0);
        if (n < 0)
            return TTY_EOF;
        if (n == 0) {
            wrap_print(io, 0, 0, "WITHOUT YOUR SIDE'S CODE THIS GAME CANNOT "
                                 "BE RESUMED.\n");
            return SIDE_NONE;
        }
        if (tty_side_parse(line, code) != 0) {
            wrap_print(io, 0, 0, "THAT IS NOT A SIDE'S CODE: IT IS 6 "
                                 "LETTERS AND DIGITS, SUCH AS HJKMNP.\n");
            continue;
        }
        for (int s = 0; s < 2; s++) {
            uint8_t d[TTY_HASH_SIZE];
            if (k->how[s] != SIDE_BY_CODE || taken[s])
                continue;
            side_digest(game, s, code, d);
            if (side_same(d, k->hash[s])) {
                /* side_tell shows it again when the game is saved:
                 * watchers and the recording must get stars then too. */
                tty_side_known(io, code);
                memcpy(k->code[s], code, sizeof code);
                return s;
            }
        }
        tty_code_failed(io);
        wrap_print(io, 0, 0, "THAT IS NOT THE CODE OF A SIDE OF THIS GAME "
                             "STILL TO BE TAKEN.\n");
    }
    return SIDE_NONE;
}

/* Why a player who could not show a side is refused. */
static void refuse_why(const side_keys *k, tty_io *io, const int taken[2])
{
    /* The side the account played, taken or not. */
    static const int none[2] = { 0, 0 };
    int mine = account_side(k, io, none);
    if (mine >= 0 && taken[mine])
        wrap_print(io, 0, 0, "YOUR ACCOUNT'S SIDE IS TAKEN ON THE OTHER "
                             "TERMINAL, AND THE OTHER SIDE IS NOT YOURS.\n");
    else
        wrap_print(io, 0, 0, "YOU PLAYED NEITHER SIDE OF THIS GAME: ONLY "
                             "THE ACCOUNTS THAT PLAYED IT MAY RESUME IT.\n");
}

int side_prove(side_keys *k, const char *game, tty_io *host, tty_io *guest,
               int *host_side)
{
    if (!side_bound(k))
        return SIDE_OLD;
    tty_io *io[2] = { host, guest };
    int taken[2] = { 0, 0 }, got[2];
    /* Accounts first: a logged-in player is never asked. */
    for (int i = 0; i < 2; i++)
        if ((got[i] = account_side(k, io[i], taken)) >= 0)
            taken[got[i]] = 1;
    for (int i = 0; i < 2; i++) {
        if (got[i] >= 0)
            continue;
        if (code_side_free(k, taken)) {
            got[i] = ask_code(k, game, io[i], io[!i], taken);
        } else {
            refuse_why(k, io[i], taken);
            got[i] = SIDE_NONE;
        }
        if (got[i] == TTY_EOF) {
            tty_msg(io[!i], "THE OTHER PLAYER HAS HUNG UP. THE GAME STAYS "
                            "SAVED.\n");
            return TTY_EOF;
        }
        if (got[i] == SIDE_NONE) {
            tty_msg(io[i], "THE GAME STAYS SAVED.\n");
            wrap_print(io[!i], 0, 0, "\nTHE OTHER PLAYER COULD NOT SHOW "
                                     "THAT A SIDE OF THIS GAME IS THEIRS. "
                                     "THE GAME STAYS SAVED.\n");
            return 1;
        }
        taken[got[i]] = 1;
    }
    *host_side = got[0];
    return 0;
}

int side_resume(side_keys *k, const char *game, const char *const names[2],
                tty_io *host, tty_io *guest, int (*old)(void *ctx),
                void *ctx, int *host_side)
{
    int rc = side_prove(k, game, host, guest, host_side);
    if (rc != SIDE_OLD)
        return rc;
    int side = old(ctx);
    if (side < 0) {
        tty_msg(guest, "THE OTHER PLAYER HAS HUNG UP.\n");
        return TTY_EOF;
    }
    /* Bound from now on; the codes are new to the players (a new game's
     * come with its resume code). */
    side_bind_both(k, game, side, host, guest);
    for (int s = 0; s < 2; s++) {
        char tell[160];
        side_tell(k, s, names[s], tell, sizeof tell);
        if (tell[0])
            wrap_printf(s == side ? host : guest, 0, 0, "\n%s\n", tell);
    }
    *host_side = side;
    return 0;
}
