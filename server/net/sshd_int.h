/*
 * sshd_int.h - what the SSH transport's files share: one connection's
 * state, from the accepted socket through key exchange, authentication
 * and the shell channel to the session it carries.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef SSHD_INT_H
#define SSHD_INT_H

#include <libssh/callbacks.h>
#include <libssh/libssh.h>
#include <libssh/server.h>
#include <uv.h>

#include "buf.h"
#include "proxyproto.h"
#include "sess.h"
#include "store.h"

#define SSHD_CLOSE_MS 5000      /* to flush the last words, then cut */
#define SSHD_REFUSE_MS 1000     /* a refused client's time to read why */
#define SSHD_REFUSING_MAX 64    /* refused connections lingering at once;
                                   past that, refusals just close */
#define SSHD_AUTH_TRIES 6       /* failed authentications per connection */
#define SSHD_USER 64

typedef enum sshd_state {
    SSHD_PROXY,                 /* reading a trusted proxy's header */
    SSHD_KEX,                   /* version lines and key exchange */
    SSHD_AUTH,                  /* user authentication */
    SSHD_CHANNEL,               /* authenticated: waiting for a shell */
    SSHD_SHELL,                 /* a session runs on the channel */
    SSHD_CLOSING,               /* flushing, then gone */
    SSHD_REFUSED                /* told why in a DISCONNECT, draining */
} sshd_state;

typedef struct sshd_conn {
    uv_poll_t poll;
    uv_timer_t timer;           /* login grace, then keepalives, then the
                                   close bound */
    uint64_t heard_ms;          /* when the client last sent anything */
    int fd;
    int handles;                /* libuv handles not yet closed */
    sshd_state state;
    ssh_session ss;
    ssh_channel ch;
    struct ssh_channel_callbacks_struct ccb;
    sess *s;
    char peer[80], host[64];
    char user[SSHD_USER];       /* the name the client logged in with */
    char account[STORE_NAME_SIZE];  /* a registered name's key, once
                                       proven */
    char name[STORE_NAME_SIZE];     /* and the name as registered */
    int guest;                  /* authenticated without a password */
    int fails;                  /* failed authentications */
    /* terminal from pty-req */
    int pty;
    char term[32];
    int width, height;
    /* output the session handed us, not yet in the channel */
    buf out;
    unsigned depth;             /* inside libssh: no re-entry, no free */
    unsigned want_close : 1;    /* close once out of libssh */
    unsigned line_lost : 1;     /* the peer is gone */
    unsigned auth_busy : 1;     /* a reply waits for a worker thread */
    unsigned input_held : 1;    /* the session's key queue is full */
    unsigned freed_ssh : 1;
    ssh_message held;           /* the auth request being judged */
    pp_result *pp;              /* the PROXY header being read */
    unsigned char *ppbuf;
    size_t ppn;
    struct sshd_conn *next, *prev;  /* every connection */
} sshd_conn;

extern ssh_bind sshd_bind;
extern int sshd_grace_ms;        /* from connect to a shell (login grace) */

/* sshd_conn.c */
void sshd_conn_accept(int fd, const struct sockaddr_storage *peer);
/* Re-enter the connection's state machine (after a deferred reply). */
void sshd_conn_kick(sshd_conn *c);
/* End the connection now (the session, if any, sees a hang-up). */
void sshd_conn_drop(sshd_conn *c, const char *why);
/* Drop every connection not yet carrying a session (shutdown). */
void sshd_conn_stop_all(void);

/* sshd_auth.c: judges one SSH_REQUEST_AUTH message; it replies at once or
 * sets c->auth_busy and replies later, calling sshd_conn_kick. */
void sshd_auth_request(sshd_conn *c, ssh_message msg);
/* A connection authenticated as a guest or an account: the session
 * starts with that identity. */
void sshd_auth_start_session(sshd_conn *c);

/* sshd_key.c */
int sshd_key_load(const char *data_dir, const char *keyfile, ssh_key *out);

#endif
