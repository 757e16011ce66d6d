/*
 * menu_keys.c - a player's SSH keys, from the menu.
 *
 * A player logged in with their password (over telnet or SSH) pastes the
 * line of their public key file (~/.ssh/id_ed25519.pub); from then on
 * `ssh NAME@host` logs them in with that key.  The line is checked with
 * libssh before it is stored; the list shows each key's SHA256
 * fingerprint, as ssh-keygen -l prints it.  The store runs on a worker
 * thread (tty_work), as the account questions do.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "menu_keys.h"
#include "srv.h"
#include "sshd_pubkey.h"
#include "store_main.h"

#define MKEYS_LINE 2100         /* a pasted line: an RSA key's is long */

typedef struct mkeys_job {
    enum { MK_LIST, MK_ADD, MK_DELETE } op;
    const char *account;
    store_key_row rows[STORE_KEYS_MAX];
    int n;
    long id;
    const store_key_row *add;
    int rc;
} mkeys_job;

static void mkeys_run(void *arg, const volatile int *cancel)
{
    mkeys_job *j = arg;
    (void)cancel;
    switch (j->op) {
    case MK_LIST:
        j->n = store_key_list(store_main, j->account, j->rows, STORE_KEYS_MAX);
        j->rc = j->n < 0 ? STORE_ERROR : STORE_OK;
        break;
    case MK_ADD:
        j->rc = store_key_add(store_main, j->account, j->add->type,
                              j->add->blob, j->add->comment);
        break;
    case MK_DELETE:
        j->rc = store_key_delete(store_main, j->account, j->id);
        break;
    }
}

int mkeys_offered(sess *s)
{
    return s->account[0] && store_main && srv_option("ssh_port");
}

/* A long line, typed or pasted: tty_getline stops at 80 characters. */
static int mkeys_read(sess *s, char *buf, size_t size)
{
    size_t len = 0;
    int echo = !s->caps.client_echoes;
    for (;;) {
        int key = tty_inkey(s);
        if (key == TTY_EOF)
            return TTY_EOF;
        if (key == TTY_KEY_RETURN) {
            if (echo)
                tty_print(s, '\n');
            buf[len] = 0;
            return (int)len;
        }
        if (key == TTY_KEY_ERASE) {
            if (len) {
                len--;
                if (echo)
                    tty_msg(s, "\b \b");
            }
            continue;
        }
        if (key < 0x20 || key > 0x7e || len + 1 >= size)
            continue;
        buf[len++] = (char)key;
        if (echo)
            tty_print(s, key);
    }
}

static void mkeys_add(sess *s, mkeys_job *j)
{
    char *line = malloc(MKEYS_LINE);
    store_key_row *k = calloc(1, sizeof *k);
    if (!line || !k) {
        free(line);
        free(k);
        return;
    }
    tty_msg(s, "PASTE THE LINE OF YOUR PUBLIC KEY FILE (FOR EXAMPLE "
               "~/.ssh/id_ed25519.pub), THEN RETURN:\n");
    int n = mkeys_read(s, line, MKEYS_LINE);
    if (n > 0) {
        if (sshd_pubkey_parse(line, k->type, sizeof k->type, k->blob,
                              sizeof k->blob, k->comment,
                              sizeof k->comment) != 0) {
            tty_msg(s, "THAT IS NOT AN OPENSSH PUBLIC KEY LINE (TYPE, KEY "
                       "AND COMMENT, AS IN A .PUB FILE).\n");
        } else {
            j->op = MK_ADD;
            j->add = k;
            if (tty_work(s, mkeys_run, j) != TTY_EOF) {
                char fp[SSHD_FP_SIZE];
                sshd_pubkey_fingerprint(k->type, k->blob, fp, sizeof fp);
                if (j->rc == STORE_OK) {
                    tty_printf(s, "KEY ADDED: %s\n", fp);
                    srv_log("ssh key added %s session=%llu account=%s %s",
                            s->peer, (unsigned long long)s->id, s->account,
                            fp);
                } else if (j->rc == STORE_EXISTS) {
                    tty_msg(s, "YOU HAVE THAT KEY ALREADY.\n");
                } else if (j->rc == STORE_NOTFOUND) {
                    tty_printf(s, "AT MOST %d KEYS: DELETE ONE FIRST.\n",
                               STORE_KEYS_MAX);
                } else {
                    tty_msg(s, "THE KEY COULD NOT BE STORED JUST NOW.\n");
                }
            }
        }
    }
    free(line);
    free(k);
}

static void mkeys_delete(sess *s, mkeys_job *j)
{
    char line[16];
    if (!j->n) {
        tty_msg(s, "THERE IS NO KEY TO DELETE.\n");
        return;
    }
    tty_printf(s, "DELETE WHICH KEY (1-%d, RETURN: NONE)? ", j->n);
    int n = tty_getline(s, line, sizeof line, 0);
    if (n <= 0)
        return;
    int k = atoi(line);
    if (k < 1 || k > j->n) {
        tty_printf(s, "TYPE A NUMBER FROM 1 TO %d.\n", j->n);
        return;
    }
    char fp[SSHD_FP_SIZE];
    sshd_pubkey_fingerprint(j->rows[k - 1].type, j->rows[k - 1].blob, fp,
                            sizeof fp);
    j->op = MK_DELETE;
    j->id = j->rows[k - 1].id;
    if (tty_work(s, mkeys_run, j) == TTY_EOF)
        return;
    if (j->rc == STORE_OK) {
        tty_printf(s, "KEY %d DELETED.\n", k);
        srv_log("ssh key deleted %s session=%llu account=%s %s", s->peer,
                (unsigned long long)s->id, s->account, fp);
    } else {
        tty_msg(s, "THE KEY COULD NOT BE DELETED JUST NOW.\n");
    }
}

void mkeys_menu(sess *s)
{
    mkeys_job *j = calloc(1, sizeof *j);
    char line[16];
    if (!j)
        return;
    j->account = s->account;
    for (;;) {
        j->op = MK_LIST;
        if (tty_work(s, mkeys_run, j) == TTY_EOF)
            break;
        if (j->rc != STORE_OK) {
            tty_msg(s, "THE KEYS CANNOT BE READ JUST NOW.\n");
            break;
        }
        tty_printf(s, "\nSSH KEYS (LOG IN WITH: ssh -p %s %s@THIS-HOST):\n",
                   srv_option("ssh_port"), s->account);
        for (int i = 0; i < j->n; i++) {
            char fp[SSHD_FP_SIZE];
            sshd_pubkey_fingerprint(j->rows[i].type, j->rows[i].blob, fp,
                                    sizeof fp);
            tty_printf(s, "  %2d  %s %s %s\n", i + 1, j->rows[i].type, fp,
                       j->rows[i].comment);
        }
        if (!j->n)
            tty_msg(s, "  NONE YET\n");
        tty_msg(s, "A: ADD A KEY, D: DELETE ONE, RETURN: BACK? ");
        int n = tty_getline(s, line, sizeof line, 0);
        if (n <= 0)
            break;
        int c = toupper((unsigned char)line[0]);
        if (c == 'A')
            mkeys_add(s, j);
        else if (c == 'D')
            mkeys_delete(s, j);
        else
            tty_msg(s, "TYPE A, D OR RETURN.\n");
        if (s->eof)
            break;
    }
    free(j);
}
