/*
 * invite.h - inviting a named player to a two-player game, as FIBS's
 * "invite NAME" and "join NAME".
 *
 * The inviter names a player who is on and a game at the menu (M, I),
 * under the messages' rules: the invitee must take messages from the
 * inviter, and invitations count against the messages' rate.  The game
 * starts at its two-terminal step; its tty_lobby finds the invitation on
 * the session and waits under a key of this invitation alone (never the
 * open lobby's, so nobody choosing the game there is paired with it),
 * seated in the shared lobby when servers share one.  Only then is the
 * invitee told, between prompts, on this server or, through the relay,
 * on theirs, whose memory keeps the invitation until it is taken,
 * declined or lapses.  The invitee's JOIN starts the same game, whose
 * tty_lobby pairs with exactly that waiter: here by its session, on
 * another server by its seat (the shared lobby's J line, which the
 * inviter's server refuses to anyone but the invitee).  The inviter's
 * wait ends with a DECLINE, with Q or Escape, a hang-up, or after
 * invite_wait_s; the invitation lapses with it.
 *
 * An account is invited by its key, on whichever server it is on.  A
 * guest's name is nobody's own (two guests may share it, and another may
 * take it the moment one leaves), so a guest is invited as the session
 * that bears the name when the invitation is made (the inviter chooses
 * when several do): only that session sees, joins or declines it, and it
 * lapses for good, the inviter told the guest is not on, when that
 * session ends or takes another name.
 *
 * The relay's lines (xlobby.c hands them here); names in hexadecimal:
 *   I ID SESSION SEAT GAME FROM TO   an invitation for TO (an account's
 *                              key: guests are invited on their server)
 *   V ID SESSION WHY           to the inviter's server: D declined, G
 *                              the invitee is not on there
 *   X ID                       to the invitee's server: withdrawn
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef INVITE_H
#define INVITE_H

#include <stdint.h>

#include "sess.h"

/* How long an inviter waits at most (--invite-wait; 300 seconds). */
extern int invite_wait_s;
#define INVITE_KEY 96

enum { INVITE_SEND, INVITE_JOIN };

typedef struct invite {
    int role;                   /* INVITE_SEND: the inviter's; else kept
                                   for the invitee, or taken to join */
    uint64_t id;                /* numbered by the inviter's server */
    char game[16];              /* the game's name: "backgammon" */
    char key[INVITE_KEY];       /* the lobby key of these two alone */
    char from[SESS_NAME];       /* the inviter's name, safe to show */
    char server[32];            /* the inviter's server ("": this one) */
    uint64_t session;           /* the inviter's session there */
    long seat;                  /* its seat in the shared lobby (0: none) */
    char to[SESS_NAME];         /* the invitee: an account's key, or the
                                   name of a guest on this server */
    char to_name[SESS_NAME];    /* as shown */
    int to_account;
    uint64_t to_session;        /* a guest's: its session here (0 for an
                                   account, which any of its sessions
                                   answers) */
    char to_server[32];         /* where the invitee was told ("": here) */
    long expires;               /* unix seconds */
    int why;                    /* the inviter's: 'D' declined, 'G' gone */
    struct invite *next;
} invite;

/* A game's title as said ("BACKGAMMON"), or its name if unknown. */
const char *invite_title(const char *game);
/* Fill inv as s's invitation of a player to game: an account (its key
 * and name as msg_admit found them), or the guest who is session guest
 * (NULL when to_account). */
void invite_init(sess *s, invite *inv, const char *game, const char *to,
                 const char *to_name, int to_account, const sess *guest);
/* The guests on this server called name, but for self: how many, the
 * first max in found, those on longest first (as the players' list has
 * them). */
int invite_guests(const sess *self, const char *name, sess **found, int max);
/* 1 if inv's invitee is on to be told: its account on this server or on
 * another one sharing the lobby, or its guest's session still on here
 * under the name invited. */
int invite_reachable(const invite *inv);
/* 1 if the invitation k is for the player of session s. */
int invite_is_for(const invite *k, const sess *s);
/* Keep a copy of inv for its invitee (0), or -1 when too many are kept.
 * One from the same inviter to the same invitee replaces the one before. */
int invite_keep(const invite *inv);
/* Session s ends (gone) or may have taken another name: the invitations
 * of a guest bound to it that no longer name it lapse, and their inviters
 * are told the guest is not on. */
void invite_left(const sess *s, int gone);
/* 1 when tty_lobby's key is the invitation's game (a fresh game). */
int invite_for(const invite *inv, const char *key);
/* tty_lobby for a session with an invitation (io->invite). */
int invite_meet(sess *io, const char *waiting, tty_io **peer);
/* The invitations kept for s, newest first: how many, copies of the first
 * max in out (those past their time are dropped). */
int invite_list(sess *s, invite *out, int max);
/* Take the invitation from the player called from (NULL: the newest) off
 * s's list into *out: 0, or -1 if there is none. */
int invite_take(sess *s, const char *from, invite *out);
/* Tell the inviter that an invitation taken off the list is declined. */
void invite_decline(const invite *inv);
/* 1 if the far player (name, account key "" for a guest) is the one the
 * waiting inviter's invitation is for: an account's, never a guest's
 * (a guest is invited on this server, and joins here). */
int invite_admits(const invite *inv, const char *name, const char *account);
/* A relay line of the invitations' (I, V, X); 1 if it was one. */
int invite_relay_line(const char *from, char type, char *args);

#endif
