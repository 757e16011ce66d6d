/*
 * sshd_auth.c - who may log in over SSH, and as whom.
 *
 * A registered name logs in with its password or with one of the public
 * keys its player added from the menu (K); it goes straight to the menu
 * as that player.  A name nobody has registered (and "guest") gets in
 * with no password: OpenSSH's client tries the "none" method first, so
 * `ssh guest@host` reaches a session that asks the player's name as
 * telnet does.  Password and keyboard-interactive requests for such a
 * name succeed as well, so a client told to prefer them still gets in.
 *
 * Looking a name up and checking a password (Argon2id, tens of
 * milliseconds) run on the libuv thread pool, a password in its turn at
 * the hashing gate the menu's logins pass too (acct_hash.c); the
 * request's libssh message is held meanwhile and answered when the worker
 * is done, and the connection reads nothing more until then.  Wrong
 * passwords (and bad key signatures) count toward the same failure limits
 * as the menu's, in the store, by address and by account; a connection
 * gets SSHD_AUTH_TRIES.  A public key is never refused for the limits:
 * while a guesser holds an account's password logins shut, its owner
 * still gets in with a key.
 *
 * Passwords are compared in upper case, as the menu reads them (a Model
 * 33 has no lower case, and the same password must open the account from
 * any terminal).  They are wiped after use and never logged.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acct.h"
#include "menu.h"
#include "metrics.h"
#include "srv.h"
#include "sshd_int.h"
#include "store_main.h"

typedef struct sshd_job {
    uv_work_t req;
    sshd_conn *c;
    ssh_message m;
    int method;
    int pk_state;               /* publickey: a query, or signed */
    char key[ACCT_NAME_SIZE];   /* the name's key */
    char name[STORE_NAME_SIZE]; /* the account's name as registered */
    char hash[ACCT_HASH_SIZE];
    char pw[ACCT_PW_MAX + 2];
    char ktype[STORE_KEY_TYPE];
    char *kblob;
    char host[64];              /* the client's address, for the limits */
    int limited;                /* ACCT_OPEN, or why the limits refuse */
    int locked;                 /* the operator locked the account (1) or
                                   the store cannot say (negative) */
    int store_rc;               /* of the lookup */
    int ok;                     /* password right, or key listed */
} sshd_job;

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

static void sshd_auth_ok(sshd_conn *c, ssh_message m, const sshd_job *j)
{
    c->guest = j == NULL;
    if (j) {
        snprintf(c->account, sizeof c->account, "%s", j->key);
        snprintf(c->name, sizeof c->name, "%s", j->name);
    }
    c->state = SSHD_CHANNEL;
    if (j)
        metrics_event(METRICS_LOGIN, METRICS_OK);
    srv_log("ssh %s: authenticated %s%s by %s", c->peer,
            j ? "account=" : "guest", j ? j->key : "",
            sshd_method_name(ssh_message_subtype(m)));
    ssh_message_auth_reply_success(m, 0);
    ssh_message_free(m);
}

/* Refuse, offering what a registered name may use. */
static void sshd_auth_no(sshd_conn *c, ssh_message m)
{
    ssh_set_auth_methods(c->ss, SSH_AUTH_METHOD_PASSWORD |
                                    SSH_AUTH_METHOD_PUBLICKEY);
    ssh_message_reply_default(m);
    ssh_message_free(m);
}

/* A wrong password or signature (the worker has counted it toward the
 * limits): counted against the connection. */
static void sshd_auth_failed(sshd_conn *c, const char *key)
{
    metrics_login_failure();
    metrics_event(METRICS_LOGIN, METRICS_FAILED);
    srv_log("login failed ssh %s account=%s", c->peer, key ? key : "-");
    if (++c->fails >= SSHD_AUTH_TRIES)
        sshd_conn_drop(c, "too many failed authentications");
}

/* ---- the worker ----------------------------------------------------- */

static void sshd_job_run(void *arg)
{
    sshd_job *j = arg;
    int password = j->method == SSH_AUTH_METHOD_PASSWORD;
    j->limited = password ? acct_fail_blocked(store_main, j->host, j->key)
                          : ACCT_OPEN;
    j->store_rc = j->limited == ACCT_OPEN
                      ? store_acct_get(store_main, j->key, j->name, j->hash)
                      : STORE_ERROR;
    if (j->store_rc == STORE_OK)
        j->locked = acct_locked(store_main, j->key, NULL, 0);
    if (j->store_rc == STORE_OK && !j->locked) {
        if (password)
            j->ok = acct_pw_check(j->pw, NULL) == 0 &&
                    acct_pw_verify(j->hash, j->pw);
        else if (j->method == SSH_AUTH_METHOD_PUBLICKEY && j->kblob)
            j->ok = store_key_has(store_main, j->key, j->ktype, j->kblob) ==
                    STORE_OK;
        /* A wrong password, or a listed key whose signature fails. */
        if (password ? !j->ok
                     : j->ok && j->pk_state != SSH_PUBLICKEY_STATE_NONE &&
                           j->pk_state != SSH_PUBLICKEY_STATE_VALID)
            acct_fail_count(store_main, j->host, j->key);
    }
    acct_pw_wipe(j->pw, sizeof j->pw);
    acct_pw_wipe(j->hash, sizeof j->hash);
}

static void sshd_job_work(uv_work_t *req)
{
    sshd_job_run(req->data);
}

static void sshd_job_free(sshd_job *j)
{
    if (j->kblob)
        ssh_string_free_char(j->kblob);
    acct_pw_wipe(j, sizeof *j);
    free(j);
}

/* Back on the loop: answer the held request. */
static void sshd_job_answer(sshd_job *j, int status)
{
    sshd_conn *c = j->c;
    ssh_message m = j->m;
    c->auth_busy = 0;
    c->held = NULL;
    if (status != 0 || c->line_lost) {
        ssh_message_free(m);
        sshd_job_free(j);
        sshd_conn_kick(c);      /* the connection goes now */
        return;
    }
    if (j->locked) {
        /* No way in at all for a locked account, nor a guest's under its
         * name. */
        srv_log("refused ssh %s: account %s is %s", c->peer, j->key,
                j->locked > 0 ? "locked" : "unreadable");
        sshd_auth_no(c, m);
    } else if (j->limited != ACCT_OPEN) {
        srv_log("refused ssh %s: too many failed logins%s%s", c->peer,
                j->limited == ACCT_LIMITED_ACCT ? " for account " : "",
                j->limited == ACCT_LIMITED_ACCT ? j->key : "");
        metrics_event(METRICS_LOGIN, METRICS_LIMITED);
        sshd_auth_no(c, m);
    } else if (j->store_rc != STORE_OK) {
        /* Not registered (or the accounts cannot be read just now: play
         * as a guest, as the menu offers). */
        if (j->method == SSH_AUTH_METHOD_PUBLICKEY)
            sshd_auth_no(c, m);
        else
            sshd_auth_ok(c, m, NULL);
    } else if (j->method == SSH_AUTH_METHOD_PASSWORD) {
        if (j->ok) {
            sshd_auth_ok(c, m, j);
        } else {
            sshd_auth_no(c, m);
            sshd_auth_failed(c, j->key);
        }
    } else if (j->method == SSH_AUTH_METHOD_PUBLICKEY) {
        if (!j->ok) {
            /* an unknown key is not a guess: the client offers each of
             * its keys in turn */
            sshd_auth_no(c, m);
        } else if (j->pk_state == SSH_PUBLICKEY_STATE_NONE) {
            ssh_message_auth_reply_pk_ok_simple(m);
            ssh_message_free(m);
        } else if (j->pk_state == SSH_PUBLICKEY_STATE_VALID) {
            sshd_auth_ok(c, m, j);
        } else {
            sshd_auth_no(c, m);         /* a signature that does not verify */
            sshd_auth_failed(c, j->key);
        }
    } else {
        sshd_auth_no(c, m);             /* none, keyboard-interactive */
    }
    sshd_job_free(j);
    sshd_conn_kick(c);
}

static void sshd_job_done(uv_work_t *req, int status)
{
    sshd_job_answer(req->data, status);
}

static void sshd_job_hashed(void *arg)
{
    sshd_job_answer(arg, 0);
}

/* ---- requests ------------------------------------------------------- */

/* libssh 0.10 marks the auth message accessors deprecated in favour of
 * its server callbacks, which must answer at once; a deferred answer
 * needs the message (see sshd_conn.c). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
void sshd_auth_request(sshd_conn *c, ssh_message m)
{
    const char *user = ssh_message_auth_user(m);
    int method = ssh_message_subtype(m);
    const char *why;
    snprintf(c->user, sizeof c->user, "%s", user ? user : "");
    /* A name that cannot be registered is a guest's without a lookup. */
    if (!store_main || acct_name_check(c->user, &why) != 0 ||
        acct_name_is_guest(c->user)) {
        if (method == SSH_AUTH_METHOD_PUBLICKEY)
            sshd_auth_no(c, m);
        else
            sshd_auth_ok(c, m, NULL);
        return;
    }
    sshd_job *j = calloc(1, sizeof *j);
    if (!j) {
        sshd_auth_no(c, m);
        return;
    }
    j->c = c;
    j->m = m;
    j->method = method;
    acct_name_key(c->user, j->key);
    snprintf(j->host, sizeof j->host, "%s", c->host);
    if (method == SSH_AUTH_METHOD_PASSWORD) {
        const char *pw = ssh_message_auth_password(m);
        size_t n = 0;
        for (; pw && pw[n] && n + 1 < sizeof j->pw; n++)
            j->pw[n] = (char)toupper((unsigned char)pw[n]);
        j->pw[n] = 0;
    } else if (method == SSH_AUTH_METHOD_PUBLICKEY) {
        ssh_key k = ssh_message_auth_pubkey(m);
        const char *t = k ? ssh_key_type_to_char(ssh_key_type(k)) : NULL;
        j->pk_state = ssh_message_auth_publickey_state(m);
        if (t && ssh_pki_export_pubkey_base64(k, &j->kblob) == SSH_OK)
            snprintf(j->ktype, sizeof j->ktype, "%s", t);
    }
    c->auth_busy = 1;
    c->held = m;
    j->req.data = j;
    /* A password is hashed in its turn at the gate; a key is looked up. */
    int rc = method == SSH_AUTH_METHOD_PASSWORD
                 ? acct_hash_submit(ACCT_HASH_LOGIN, sshd_job_run,
                                    sshd_job_hashed, j)
                 : uv_queue_work(srv_loop, &j->req, sshd_job_work,
                                 sshd_job_done);
    if (rc != 0) {
        if (rc == TTY_BUSY) {
            srv_log("busy ssh %s: too many password hashes wait", c->peer);
            metrics_event(METRICS_LOGIN, METRICS_BUSY);
        }
        c->auth_busy = 0;
        c->held = NULL;
        sshd_auth_no(c, m);
        sshd_job_free(j);
    }
}

#pragma GCC diagnostic pop

/* ---- the session ---------------------------------------------------- */

static void sshd_session_main(sess *s)
{
    menu_main(s);
}

void sshd_auth_start_session(sshd_conn *c)
{
    if (c->account[0]) {
        char shown[ACCT_NAME_SIZE];
        acct_name_show(c->name, shown);     /* others see it: no controls */
        snprintf(c->s->name, sizeof c->s->name, "%s", shown);
        snprintf(c->s->account, sizeof c->s->account, "%s", c->account);
        srv_log("login ssh %s session=%llu account=%s", c->peer,
                (unsigned long long)c->s->id, c->account);
    }
    sess_start(c->s, sshd_session_main);
}
