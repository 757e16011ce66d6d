/*
 * menu_rejoin.c - a player resumes the code of a two-player game that is
 * in play here with their own seat in it (server/lobby/rejoin.h): the
 * seat is theirs again on this line, and the game goes on where it was
 * (server/session/sess_seat.h).  A seat whose line dropped is taken back
 * at once; one whose line is up but silent after the take-over's
 * question, that line told and let go.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>

#include "menu.h"
#include "menu_acct.h"
#include "registry.h"
#include "rejoin.h"
#include "sess_seat.h"
#include "srv.h"

#define MENU_REJOIN_NOTICE "THIS GAME HAS BEEN TAKEN OVER FROM ANOTHER " \
                           "LINE, WHERE IT GOES ON. GOODBYE."

static const char *mrejoin_title(const sess *x)
{
    const tty_game *g = x->game ? tty_game_find(x->game) : NULL;
    return g ? g->title : "TWO-PLAYER";
}

/* The door the seat's player is on: a seat played from another line is
 * on that line's. */
static const char *mrejoin_door(const sess *x)
{
    const sess *line = x->seat_lent ? x->tr : x;
    return line->ops->name;
}

/* The code itself is a key to the save and never written to the log. */
static void mrejoin_log(sess *s, const sess *x, const char *what)
{
    srv_log("rejoin %s %s %s session=%llu: session=%llu", what,
            s->ops->name, s->peer, (unsigned long long)s->id,
            (unsigned long long)x->id);
}

/* 1 if s may know of code's save at all: an account's answers to anyone
 * else as if nothing were saved under it (as a RESUME does). */
static int mrejoin_visible(sess *s, const char *code)
{
    char game[32];
    void *data = NULL;
    size_t len = 0;
    int rc = tty_load(s, code, game, sizeof game, &data, &len);
    free(data);
    return rc != TTY_NOTFOUND;
}

/* Neither seat is s's: a game two play is not taken from either. */
static void mrejoin_refuse(sess *s, const char *code, const rejoin *r)
{
    const sess *x = r->seat;
    mrejoin_log(s, x ? x : r->host, "refused");
    if (!x) {
        tty_printf(s, "THE %s GAME SAVED UNDER %s IS BEING PLAYED BY %s AND "
                      "%s.\nIT CAN BE RESUMED ONCE THEY HAVE LEFT IT; EITHER "
                      "OF THEM MAY TAKE\nTHEIR SEAT OVER FROM ANOTHER LINE.\n",
                   mrejoin_title(r->host), code, r->host->name,
                   r->guest->name);
        return;
    }
    tty_printf(s, "THE %s GAME SAVED UNDER %s WAITS FOR %s, WHOSE LINE\n"
                  "DROPPED. ONLY %s MAY TAKE THAT SEAT BACK: %s.\n",
               mrejoin_title(x), code, x->name, x->name,
               x->account[0] ? "LOGGED IN TO THAT ACCOUNT"
                             : "AS A GUEST OF THAT NAME, FROM THE\n"
                               "ADDRESS THE LINE CAME FROM");
}

/* The seat's line is up: ask, as the take-over does, and let that line
 * go on Y.  0 when the seat waits for s now. */
static int mrejoin_take(sess *s, const char *code, const rejoin *r)
{
    sess *x = r->seat;
    sess_ref(x);                /* the question waits for the player */
    int yes = menu_ask_take_over(s, mrejoin_title(x), mrejoin_door(x),
                                 r->idle_s, NULL);
    /* Meanwhile its line may have dropped (it waits: as good), or its
     * game ended (the code is free to resume). */
    int on = !x->eof && sess_seat_partner(x);
    if (yes && on && !sess_seat_waiting(x)) {
        mrejoin_log(s, x, "takes over");
        sess_seat_let_go(x, MENU_REJOIN_NOTICE);
    }
    sess_unref(x);
    if (!yes)
        return -1;
    if (!on) {
        tty_printf(s, "THAT GAME HAS JUST ENDED ON ITS OTHER LINE. IT IS "
                      "SAVED: RESUME %s AGAIN.\n", code);
        return -1;
    }
    return 0;
}

int menu_rejoin(sess *s, const char *code)
{
    rejoin r;
    int rc = rejoin_find(s, code, &r);
    if (rc == TTY_NOTFOUND)
        return 0;
    if (rc == TTY_BUSY) {
        if (!mrejoin_visible(s, code)) {
            macct_code_failed(s);   /* another account's: no save at all */
            tty_printf(s, "NO GAME IS SAVED UNDER %s.\n", code);
        } else {
            mrejoin_refuse(s, code, &r);
        }
        return -1;
    }
    if (!r.waiting && mrejoin_take(s, code, &r) != 0)
        return -1;
    mrejoin_log(s, r.seat, "takes back");
    if (sess_seat_play(s, r.seat) == TTY_FAILED) {
        tty_printf(s, "THAT GAME HAS JUST ENDED. IT IS SAVED: RESUME %s "
                      "AGAIN.\n", code);
        return -1;
    }
    return 1;
}
