/*
 * msg.c - players writing to each other (see msg.h).
 *
 * The relay's line, to the server a recipient is on:
 *   M ID KEY NAME BODY      KEY and NAME in hexadecimal (a name may hold
 *                           spaces), BODY the rest of the line
 * That server shows it to the account's sessions there and marks it
 * seen.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "acct.h"
#include "msg.h"
#include "presence.h"
#include "relay.h"
#include "srv.h"
#include "store_main.h"
#include "store_people.h"

#define MSG_SHOW_MAX 20         /* new messages shown at once */

int msg_rate_max = 10;

static const char *const msg_policies[] = { "accounts", "everyone", "nobody" };

const char *msg_policy_name(int policy)
{
    return policy >= 0 && policy < 3 ? msg_policies[policy] : "accounts";
}

int msg_policy_parse(const char *name)
{
    for (int i = 0; i < 3; i++)
        if (name && strcasecmp(name, msg_policies[i]) == 0)
            return i;
    return MSG_FROM_ACCOUNTS;
}

int msg_check(const char *text)
{
    size_t n = strlen(text);
    if (n == 0 || n > MSG_BODY_MAX)
        return MSG_BAD_TEXT;
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)text[i] < 0x20 || (unsigned char)text[i] > 0x7e)
            return MSG_BAD_TEXT;
    return 0;
}

/* The line a message is shown as, on the recipient's terminal. */
static void msg_line(char *out, size_t size, const char *sender,
                     const char *body, long sent)
{
    char name[ACCT_NAME_SIZE], when[16] = "";
    acct_name_show(sender, name);
    time_t t = (time_t)sent;
    struct tm tm;
    if (sent && localtime_r(&t, &tm))
        strftime(when, sizeof when, " AT %H:%M", &tm);
    snprintf(out, size, "MESSAGE FROM %s%s: %s", name, when, body);
}

int msg_show_local(const char *account, const char *name, const char *line)
{
    int shown = 0;
    for (sess *o = sess_first(); o; o = o->all_next) {
        if (o->closed || o->eof || o->far)
            continue;
        int it = account ? strcmp(o->account, account) == 0
                         : !o->account[0] && strcasecmp(o->name, name) == 0;
        if (!it)
            continue;
        sess_notice(o, line, 0);
        shown++;
    }
    return shown;
}

/* ---- the store's part, on a worker -------------------------------------- */

typedef struct msg_job {
    char sender_key[64];        /* the account, or the address of a guest */
    char sender_acct[ACCT_NAME_SIZE];
    char sender_name[ACCT_NAME_SIZE];
    char key[ACCT_NAME_SIZE];   /* the recipient's */
    char name[ACCT_NAME_SIZE];  /* the recipient's as registered */
    const char *text;
    long now, id;
    int result;                 /* MSG_* so far, or -1: go on */
    int found;                  /* the recipient is an account */
} msg_job;

static void msg_store_run(void *arg, const volatile int *cancel)
{
    msg_job *j = arg;
    (void)cancel;
    j->result = -1;
    int n = store_limit_add(store_main, "msg", j->sender_key, j->now,
                            j->now + 60, msg_rate_max);
    if (n < 0) {
        j->result = MSG_FAILED;
        return;
    }
    if (n >= msg_rate_max) {
        j->result = MSG_TOO_MANY;
        return;
    }
    long created, seen;
    int rc = store_acct_info(store_main, j->key, j->name, &created, &seen);
    if (rc == TTY_NOTFOUND)
        return;                 /* not an account: perhaps a guest on */
    if (rc != TTY_OK) {
        j->result = MSG_FAILED;
        return;
    }
    j->found = 1;
    char v[STORE_SETTING_SIZE];
    int policy = store_setting_get(store_main, j->key, "messages", v) ==
                         TTY_OK ? msg_policy_parse(v) : MSG_FROM_ACCOUNTS;
    char from[ACCT_NAME_SIZE];
    acct_name_key(j->sender_name, from);
    if (policy == MSG_FROM_NOBODY ||
        (policy == MSG_FROM_ACCOUNTS && !j->sender_acct[0]) ||
        store_block_has(store_main, j->key, from) > 0) {
        j->result = MSG_REFUSED;
        return;
    }
    if (!j->text)
        return;                 /* msg_admit: only the rules were asked */
    j->id = store_msg_add(store_main, j->key, j->sender_name, j->sender_acct,
                          j->text, j->now);
    if (j->id < 0)
        j->result = MSG_FAILED;
}

typedef struct msg_seen_job {
    uv_work_t work;
    char key[ACCT_NAME_SIZE];
    long id;
} msg_seen_job;

static void msg_seen_run(uv_work_t *w)
{
    msg_seen_job *j = w->data;
    store_msg_seen(store_main, j->key, j->id);
}

static void msg_seen_done(uv_work_t *w, int status)
{
    (void)status;
    free(w->data);
}

/* Mark a message seen, off the loop (its recipient has it on screen). */
static void msg_mark_seen(const char *key, long id)
{
    msg_seen_job *j = calloc(1, sizeof *j);
    if (!j)
        return;
    snprintf(j->key, sizeof j->key, "%s", key);
    j->id = id;
    j->work.data = j;
    if (uv_queue_work(srv_loop, &j->work, msg_seen_run, msg_seen_done) != 0)
        free(j);
}

/* ---- sending ------------------------------------------------------------ */

/* The other server a player of this name is on, as presence last read. */
typedef struct msg_where {
    const char *name;
    char server[32];
} msg_where;

static void msg_where_row(void *arg, const store_presence_row *r)
{
    msg_where *w = arg;
    if (!w->server[0] && strcasecmp(r->name, w->name) == 0)
        snprintf(w->server, sizeof w->server, "%s", r->server);
}

int msg_server_of(const char *name, char server[32])
{
    msg_where w = { .name = name };
    presence_each(msg_where_row, &w);
    snprintf(server, 32, "%s", w.server);
    return w.server[0] != 0;
}

void msg_hex(char *out, size_t size, const char *s)
{
    size_t k = 0;
    for (; *s && k + 2 < size; s++, k += 2)
        snprintf(out + k, 3, "%02x", (unsigned char)*s);
    out[k] = 0;
}

/* The sender's rate and the recipient's rules, on a worker; j->text NULL
 * asks only that.  -1 to go on, or MSG_* (MSG_FAILED without a store or
 * after a hang-up). */
static int msg_job_run(sess *s, const char *to, msg_job *j)
{
    if (!store_main)
        return MSG_FAILED;
    j->now = (long)time(NULL);
    snprintf(j->sender_acct, sizeof j->sender_acct, "%s", s->account);
    snprintf(j->sender_name, sizeof j->sender_name, "%s", s->name);
    if (s->account[0])
        snprintf(j->sender_key, sizeof j->sender_key, "%s", s->account);
    else
        acct_peer_host(s->peer, j->sender_key, sizeof j->sender_key);
    acct_name_key(to, j->key);
    if (tty_work(s, msg_store_run, j) == TTY_EOF)
        return MSG_FAILED;
    return j->result;
}

int msg_admit(sess *s, const char *to, msg_whom *whom)
{
    msg_job j = { .text = NULL };
    int rc = msg_job_run(s, to, &j);
    if (rc >= 0)
        return rc;
    snprintf(whom->key, sizeof whom->key, "%s", j.key);
    snprintf(whom->name, sizeof whom->name, "%s", j.found ? j.name : to);
    whom->account = j.found;
    return MSG_SHOWN;
}

int msg_send(sess *s, const char *to, const char *text)
{
    if (msg_check(text) != 0)
        return MSG_BAD_TEXT;
    msg_job j = { .text = text };
    int rc = msg_job_run(s, to, &j);
    if (rc >= 0)
        return rc;
    char line[MSG_BODY_MAX + 64];
    msg_line(line, sizeof line, s->name, text, j.now);
    if (!j.found) {
        /* A guest of that name, on this server: shown, never kept.  Only
         * a recipient who takes messages from everyone hears a guest;
         * a guest has no choices, so takes them all. */
        return msg_show_local(NULL, to, line) ? MSG_SHOWN : MSG_NO_ONE;
    }
    srv_log("message %s %s session=%llu to=%s", s->ops->name, s->peer,
            (unsigned long long)s->id, j.key);
    if (msg_show_local(j.key, NULL, line)) {
        msg_mark_seen(j.key, j.id);
        return MSG_SHOWN;
    }
    char server[32];
    if (msg_server_of(j.name, server)) {
        char hk[2 * ACCT_NAME_SIZE + 1], hn[2 * ACCT_NAME_SIZE + 1];
        char relay[MSG_BODY_MAX + 160];
        msg_hex(hk, sizeof hk, j.key);
        msg_hex(hn, sizeof hn, s->name);
        snprintf(relay, sizeof relay, "M %ld %s %s %ld %s", j.id, hk, hn,
                 j.now, text);
        if (relay_send(server, relay) == 0)
            return MSG_SHOWN;
    }
    return MSG_KEPT;
}

/* ---- a message from another server ----------------------------------------- */

int msg_unhex(char *out, size_t size, const char *hex)
{
    size_t n = strlen(hex), k = 0;
    if (n % 2 || n / 2 >= size)
        return -1;
    for (size_t i = 0; i < n; i += 2) {
        unsigned v;
        if (sscanf(hex + i, "%2x", &v) != 1)
            return -1;
        out[k++] = (char)v;
    }
    out[k] = 0;
    return 0;
}

int msg_relay_line(const char *from, char type, char *args)
{
    if (type != 'M')
        return 0;
    long id, sent;
    char hk[64], hn[64], key[ACCT_NAME_SIZE], name[ACCT_NAME_SIZE];
    int at = 0;
    (void)from;
    if (sscanf(args, "%ld %63s %63s %ld %n", &id, hk, hn, &sent, &at) != 4 ||
        !at || msg_unhex(key, sizeof key, hk) != 0 ||
        msg_unhex(name, sizeof name, hn) != 0 || msg_check(args + at) != 0)
        return 1;
    char line[MSG_BODY_MAX + 64];
    msg_line(line, sizeof line, name, args + at, sent);
    if (msg_show_local(key, NULL, line))
        msg_mark_seen(key, id);
    return 1;
}

/* ---- new messages at a login ------------------------------------------------ */

typedef struct msg_list_job {
    char key[ACCT_NAME_SIZE];
    store_msg rows[MSG_SHOW_MAX];
    int n;
} msg_list_job;

static void msg_list_run(void *arg, const volatile int *cancel)
{
    msg_list_job *j = arg;
    (void)cancel;
    j->n = store_msg_list(store_main, j->key, 1, j->rows, MSG_SHOW_MAX);
    if (j->n > 0)
        store_msg_seen(store_main, j->key, j->rows[j->n - 1].id);
}

int msg_show_new(sess *s)
{
    if (!s->account[0] || !store_main)
        return 0;
    msg_list_job *j = calloc(1, sizeof *j);
    if (!j)
        return 0;
    snprintf(j->key, sizeof j->key, "%s", s->account);
    int n = 0;
    if (tty_work(s, msg_list_run, j) != TTY_EOF && j->n > 0) {
        n = j->n;
        for (int i = 0; i < n; i++) {
            char line[MSG_BODY_MAX + 64];
            msg_line(line, sizeof line, j->rows[i].sender, j->rows[i].body,
                     j->rows[i].sent);
            tty_printf(s, "%s\n", line);
        }
    }
    free(j);
    return n;
}
