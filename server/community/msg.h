/*
 * msg.h - players writing to each other.
 *
 * A message goes to a player by name.  To an account it is kept in the
 * store (seen at once by the player's sessions that are on, on this
 * server or, through the relay, on another sharing the database; shown at
 * the next login otherwise, with a count in the menu).  To a guest who is
 * on this server it is shown, never kept.  The rules: at most
 * MSG_BODY_MAX printable characters (no control characters, no escape
 * sequences: it is drawn on another's terminal); at most MSG_RATE_MAX
 * messages a minute from one sender (the store's limits, so every server
 * counts them); an account may take messages from everyone, from
 * accounts only (the default: no guests), or from nobody, and may block
 * names.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef MSG_H
#define MSG_H

#include "sess.h"

#define MSG_BODY_MAX 80         /* a line the menu reads: 80 at most */
/* Messages one sender (an account, or a guest's address) may send a
 * minute (--message-rate; 10). */
extern int msg_rate_max;

/* Who may write to an account (its setting "messages"). */
enum { MSG_FROM_ACCOUNTS, MSG_FROM_EVERYONE, MSG_FROM_NOBODY };
const char *msg_policy_name(int policy);   /* "accounts", ... */
int msg_policy_parse(const char *name);    /* or MSG_FROM_ACCOUNTS */

/* What became of a message. */
enum {
    MSG_SHOWN = 0,      /* on the recipient's screen now */
    MSG_KEPT,           /* kept for the recipient's next login */
    MSG_NO_ONE,         /* no account and nobody on of that name */
    MSG_REFUSED,        /* the recipient takes none from this sender */
    MSG_BAD_TEXT,       /* empty, too long, or with control characters */
    MSG_TOO_MANY,       /* the sender's rate */
    MSG_FAILED          /* the store failed */
};
/* 0 if text may be a message, else MSG_BAD_TEXT. */
int msg_check(const char *text);
/* Send from session s to the player called `to` (from s's coroutine: the
 * store is asked on a worker). */
int msg_send(sess *s, const char *to, const char *text);
/* Whom msg_admit found: an account (its key and its name as registered),
 * or else a name that may be a guest's on this server. */
typedef struct msg_whom {
    char key[SESS_NAME];
    char name[SESS_NAME];
    int account;
} msg_whom;
/* May s write to `to` now, as msg_send would (it counts against the
 * sender's rate, which invitations share)?  MSG_SHOWN with *whom filled,
 * or MSG_REFUSED, MSG_TOO_MANY, MSG_FAILED.  From s's coroutine. */
int msg_admit(sess *s, const char *to, msg_whom *whom);
/* Put a line between the prompts of every session of this server logged
 * in to account (or, account NULL, of a guest called name); how many. */
int msg_show_local(const char *account, const char *name, const char *line);
/* The other server a player of this name is on, as presence last read:
 * 1 with it in server. */
int msg_server_of(const char *name, char server[32]);
/* A name as the relay's lines carry it (it may hold spaces): hexadecimal,
 * and back (0, or -1 if hex is not one that fits size). */
void msg_hex(char *out, size_t size, const char *s);
int msg_unhex(char *out, size_t size, const char *hex);
/* Show the account's new messages on session s and mark them seen; how
 * many (from its coroutine). */
int msg_show_new(sess *s);
/* A relay line of the messages' (M) from another server; 1 if it was one
 * (the lobby hands every line here). */
int msg_relay_line(const char *from, char type, char *args);

#endif
