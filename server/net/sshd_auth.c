/*
 * sshd_auth.c - who may log in over SSH, and as whom.
 *
 * A name nobody has registered (and "guest") gets in with no password:
 * OpenSSH's client tries the "none" method first, so `ssh guest@host`
 * goes straight to a session that asks the player's name as telnet does.
 * Password and keyboard-interactive requests for such a name succeed as
 * well, so a client told to prefer them still gets in.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <string.h>

#include "menu.h"
#include "srv.h"
#include "sshd_int.h"

static const char *sshd_method_name(int method)
{
    switch (method) {
    case SSH_AUTH_METHOD_NONE: return "none";
    case SSH_AUTH_METHOD_PASSWORD: return "password";
    case SSH_AUTH_METHOD_PUBLICKEY: return "publickey";
    case SSH_AUTH_METHOD_INTERACTIVE: return "keyboard-interactive";
    default: return "other";
    }
}

static void sshd_auth_ok(sshd_conn *c, ssh_message m, int guest)
{
    c->guest = guest;
    c->state = SSHD_CHANNEL;
    srv_log("ssh %s: authenticated %s by %s", c->peer,
            guest ? "guest" : c->account,
            sshd_method_name(ssh_message_subtype(m)));
    ssh_message_auth_reply_success(m, 0);
    ssh_message_free(m);
}

void sshd_auth_request(sshd_conn *c, ssh_message m)
{
    const char *user = ssh_message_auth_user(m);
    int method = ssh_message_subtype(m);
    snprintf(c->user, sizeof c->user, "%s", user ? user : "");
    if (method == SSH_AUTH_METHOD_NONE || method == SSH_AUTH_METHOD_PASSWORD ||
        method == SSH_AUTH_METHOD_INTERACTIVE) {
        sshd_auth_ok(c, m, 1);
        return;
    }
    /* a key proves nothing for a name without an account: the client
     * moves on to the next method */
    ssh_message_reply_default(m);
    ssh_message_free(m);
}

static void sshd_guest_main(sess *s)
{
    menu_main(s);
}

void sshd_auth_start_session(sshd_conn *c)
{
    sess_start(c->s, sshd_guest_main);
}
