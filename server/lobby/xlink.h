/*
 * xlink.h - one game's link between two servers (xlobby.h tells the
 * protocol); what xlobby.c (pairing, the player's side) and xfar.c (the
 * far player's session on the host's server) share.  Loop thread only.
 *
 * Lines, each "T LINK ARGS" where LINK is the receiver's number for the
 * link:
 *   J SEAT LINK PROFILE W H ECHOES NAME ACCOUNT PEER   pair me with
 *                    that seat (PEER: the player's line's, which the
 *                    failure limits count the player's codes by)
 *   A LINK HOSTLINK / R LINK                      accepted / refused
 *   K LINK KEY...    keys          Z LINK W H      window size
 *   W LINK GOT WAIT  bytes received, bytes waiting for the line
 *   E LINK           the player's input is over (hang-up, idle, stop)
 *   O LINK BASE64    output        C LINK N        room for N more keys
 *   S LINK CODE      a resume code (starred for watchers)
 *   B LINK 1|0       the player types a secret (keys starred for
 *                    watchers) / no more
 *   L LINK           game over: released;  D LINK  dropped (stalled)
 *   P LINK           still here
 * (takeover.c's Q, H, T, msg.c's M and invite.c's I, V, X go over the
 * same relay: a new line takes a letter none of these use)
 * NAME, ACCOUNT and PEER are base64 ("-" for no account).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef XLINK_H
#define XLINK_H

#include <stddef.h>
#include <stdint.h>

#include "sess.h"

#define XL_WINDOW (SESS_KEYS - 8)   /* keys in flight to the host */
#define XL_PING_MS 1000
#define XL_DEAD_MS 5000
#define XL_JOIN_MS 5000
#define XL_OUT_CHUNK 4800           /* output bytes a line carries */
#define XL_PEER64 128               /* a session's peer in base64 */

enum { XL_HOST = 1, XL_GUEST };
enum { XL_JOINING, XL_OPEN, XL_OVER };
enum { XL_END_NONE, XL_END_RELEASED, XL_END_REFUSED, XL_END_DROPPED,
       XL_END_SILENT, XL_END_LOST };

typedef struct xlink {
    uint32_t id, far_id;        /* mine and the other server's number */
    char server[32];            /* the other server */
    int role, state, end;
    sess *s;                    /* host: the far session; guest: the
                                   player's own */
    uint64_t heard_ms, said_ms;
    struct xlink *next;

    /* the player's side (XL_GUEST) */
    int credit;                 /* keys the host has room for */
    int sent_w, sent_h;
    uint64_t got, told_got;     /* output bytes received, last reported */
    size_t told_wait;
    uint64_t told_ms;           /* when W last said them */
    char code[16];              /* the game's resume code, if told */
    unsigned poke : 1;          /* something for the player's coroutine */

    /* the host's side (XL_HOST) */
    uint64_t sent, far_got;     /* output bytes sent, received there */
    size_t far_wait;            /* waiting for the line there */
    uint64_t pushed, credited;  /* keys queued here, room given back */
    unsigned far_gone : 1;      /* the other end ended: say nothing */
} xlink;

xlink *xlink_new(int role, const char *server, sess *s);
void xlink_free(xlink *l);
xlink *xlink_find(uint32_t id);
/* Send "T FAR_ID fmt..." to the other server (P and the pings count as
 * said). */
void xlink_say(xlink *l, char type, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Every open link is dead (the relay dropped). */
void xlink_all_dead(void);
int xlink_count(void);
/* Once a second: P on links quiet for XL_PING_MS, and links silent for
 * XL_DEAD_MS are dead. */
void xlink_tick(void);

/* xfar.c: the far player's session on the host's server. */
sess *xfar_new(xlink *l, const char *profile, int w, int h, int echoes,
               const char *name, const char *account, const char *peer);
/* A line for a host link. */
void xfar_line(xlink *l, char type, char *args);
/* The link died (silence, the relay dropped). */
void xfar_dead(xlink *l);

/* base64 both ways (libsodium's); 0 or -1. */
int xlink_b64(const void *in, size_t n, char *out, size_t size);
int xlink_unb64(const char *in, void *out, size_t size, size_t *n);

#endif
