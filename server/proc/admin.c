/*
 * admin.c - the server's side of the operator's socket: read one command
 * line (bounded in size and time), act on the loop, answer, close.
 * Storing a ban is a commit, so it goes to a worker thread and the answer
 * waits for it; nothing here blocks the loop.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "admin.h"
#include "ban.h"
#include "buf.h"
#include "srv.h"
#include "presence.h"
#include "store_main.h"
#include "who.h"

#define ADMIN_WAIT_MS 5000
#define ADMIN_SAY_MAX 200

typedef struct admin_conn {
    uv_pipe_t pipe;
    uv_timer_t timer;
    uv_write_t wreq;
    uv_work_t work;
    char line[ADMIN_LINE];
    size_t n;
    int done;                   /* a command was taken */
    int handles;                /* open handles; freed at 0 */
    buf reply;
    /* a ban or unban waiting for its commit */
    char range[64], reason[128];
    int unban, rc;
} admin_conn;

static uv_pipe_t admin_server;
static int admin_listening;
static char admin_path[4200];
static uint64_t admin_started_ms;

static void admin_handle_closed(uv_handle_t *h)
{
    admin_conn *c = h->data;
    if (--c->handles == 0) {
        buf_free(&c->reply);
        free(c);
    }
}

static void admin_close(admin_conn *c)
{
    if (!uv_is_closing((uv_handle_t *)&c->pipe))
        uv_close((uv_handle_t *)&c->pipe, admin_handle_closed);
    if (!uv_is_closing((uv_handle_t *)&c->timer))
        uv_close((uv_handle_t *)&c->timer, admin_handle_closed);
}

/* One line of the answer. */
#define admin_line(c, ...) \
    (buf_printf(&(c)->reply, __VA_ARGS__), buf_addc(&(c)->reply, '\n'))

static void admin_written(uv_write_t *req, int status)
{
    (void)status;
    admin_close(req->data);
}


static void admin_send(admin_conn *c)
{
    uv_timer_stop(&c->timer);
    uv_buf_t b = uv_buf_init((char *)buf_data(&c->reply),
                             (unsigned)buf_avail(&c->reply));
    c->wreq.data = c;
    if (uv_write(&c->wreq, (uv_stream_t *)&c->pipe, &b, 1, admin_written) != 0)
        admin_close(c);
}

/* ---- the commands ---------------------------------------------------- */

typedef struct admin_who_others {
    admin_conn *c;
    int n;
} admin_who_others;

static void admin_who_other(void *arg, const store_presence_row *r)
{
    admin_who_others *aw = arg;
    char line[256];
    who_remote_line(r, line, sizeof line);
    admin_line(aw->c, "%s", line);
    aw->n++;
}

static void admin_who(admin_conn *c)
{
    char line[256];
    int n = 0;
    admin_line(c, "%s", who_header());
    for (sess *s = sess_first(); s; s = s->all_next) {
        if (s->closed || s->far)    /* listed by the player's own server */
            continue;
        who_line(s, line, sizeof line);
        admin_line(c, "%s", line);
        n++;
    }
    admin_who_others aw = { c, 0 };
    presence_each(admin_who_other, &aw);
    if (aw.n)
        admin_line(c, "OK %d on line, %d on the other servers", n, aw.n);
    else
        admin_line(c, "OK %d on line", n);
}

/* Only printable ASCII reaches the players' terminals. */
static void admin_clean(const char *in, char *out, size_t size)
{
    size_t j = 0;
    for (; *in && j + 1 < size; in++)
        if (*in >= 0x20 && *in < 0x7f)
            out[j++] = *in;
    out[j] = 0;
}

static void admin_say(admin_conn *c, const char *text)
{
    char clean[ADMIN_SAY_MAX + 1], msg[ADMIN_SAY_MAX + 64];
    admin_clean(text, clean, sizeof clean);
    if (!clean[0]) {
        admin_line(c, "ERR say what? (admin say TEXT)");
        return;
    }
    snprintf(msg, sizeof msg, "FROM THE OPERATOR: %s", clean);
    int n = 0;
    for (sess *s = sess_first(); s; s = s->all_next) {
        if (s->closed || s->eof || s->line_down || s->far)
            continue;
        sess_notice(s, msg, 0);
        n++;
    }
    srv_log("admin say to %d: %s", n, clean);
    admin_line(c, "OK told %d", n);
}

/* End a session as the server's stop does: the player is told, input
 * ends, and the game saves on its way out. */
static void admin_end(sess *s, const char *why)
{
    sess_notice(s, why, SESS_NOTICE_LAST);
    tty_flush_input(s);
    sess_end_input(s);
}

static void admin_kick(admin_conn *c, const char *name)
{
    sess *s = *name ? who_find(name) : NULL;
    if (!s) {
        admin_line(c, "ERR nobody called '%s' is on", name);
        return;
    }
    srv_log("admin kick %s %s session=%llu", s->ops->name, s->peer,
            (unsigned long long)s->id);
    admin_end(s, "THE OPERATOR HAS ENDED YOUR SESSION. YOUR GAME IS BEING "
                 "SAVED.");
    admin_line(c, "OK kicked %s", s->name);
}

static void admin_ban_work(uv_work_t *w)
{
    admin_conn *c = w->data;
    c->rc = c->unban ? store_ban_remove(store_main, c->range)
                     : store_ban_add(store_main, c->range, c->reason);
}

static void admin_ban_done(uv_work_t *w, int status)
{
    admin_conn *c = w->data;
    if (status != 0 || (c->rc != 0 && !(c->unban && c->rc == STORE_NOTFOUND)))
        admin_line(c, "ERR the ban could not be stored; it holds until "
                        "the server stops");
    else
        admin_line(c, "OK %s %s", c->unban ? "unbanned" : "banned",
                     c->range);
    admin_send(c);
}

/* 1 when the answer waits for the store. */
static int admin_ban(admin_conn *c, const char *arg, int unban)
{
    char spec[64];
    const char *sp = strchr(arg, ' ');
    size_t len = sp ? (size_t)(sp - arg) : strlen(arg);
    cidr r;
    if (len == 0 || len >= sizeof spec) {
        admin_line(c, "ERR %s ADDR[/PREFIX]", unban ? "unban" : "ban");
        return 0;
    }
    memcpy(spec, arg, len);
    spec[len] = 0;
    if (cidr_parse(spec, &r) != 0) {
        admin_line(c, "ERR '%s' is not an address or ADDR/PREFIX", spec);
        return 0;
    }
    cidr_format(&r, c->range, sizeof c->range);
    if (unban) {
        if (ban_remove(&r) != 0) {
            admin_line(c, "ERR %s is not banned", c->range);
            return 0;
        }
        srv_log("admin unban %s", c->range);
    } else {
        if (ban_add(&r) != 0) {
            admin_line(c, "ERR the ban list is full (%d)", BAN_MAX);
            return 0;
        }
        admin_clean(sp ? sp + 1 : "", c->reason, sizeof c->reason);
        srv_log("admin ban %s%s%s", c->range, c->reason[0] ? " " : "",
                c->reason);
        /* Whoever is on from there now goes too. */
        for (sess *s = sess_first(); s; s = s->all_next) {
            char host[64];
            snprintf(host, sizeof host, "%s", s->peer);
            char *colon = strrchr(host, ':');
            if (colon)
                *colon = 0;
            if (!s->closed && !s->eof && cidr_match_host(&r, host) == 1) {
                admin_end(s, "YOUR ADDRESS IS BARRED FROM THIS ARCADE. "
                             "YOUR GAME IS BEING SAVED.");
                admin_line(c, "ended %s (%s)", s->name, s->peer);
            }
        }
    }
    c->unban = unban;
    c->work.data = c;
    if (uv_queue_work(srv_loop, &c->work, admin_ban_work, admin_ban_done)
        != 0) {
        admin_line(c, "ERR the ban could not be stored");
        return 0;
    }
    return 1;
}

static void admin_bans(admin_conn *c)
{
    char r[64];
    for (int i = 0; i < ban_count(); i++) {
        ban_get(i, r, sizeof r);
        admin_line(c, "%s", r);
    }
    admin_line(c, "OK %d banned", ban_count());
}

/* Counts by one key of a session. */
static void admin_count(admin_conn *c, const char *what,
                        const char *(*key)(const sess *s))
{
    const char *names[64];
    int counts[64], k = 0;
    for (sess *s = sess_first(); s; s = s->all_next) {
        if (s->closed || s->far)
            continue;
        const char *v = key(s);
        int i = 0;
        while (i < k && strcmp(names[i], v) != 0)
            i++;
        if (i == k && k < 64) {
            names[k] = v;
            counts[k++] = 0;
        }
        if (i < k)
            counts[i]++;
    }
    for (int i = 0; i < k; i++)
        admin_line(c, "%s %s %d", what, names[i], counts[i]);
}

static const char *admin_key_transport(const sess *s)
{
    return s->ops->name;
}

static const char *admin_key_game(const sess *s)
{
    return s->playing && s->game ? s->game : "(menu)";
}

static const char *admin_key_profile(const sess *s)
{
    return s->prof->name;
}

static void admin_stats(admin_conn *c)
{
    admin_line(c, "uptime_seconds %llu",
                 (unsigned long long)((sess_now_ms() - admin_started_ms) /
                                      1000));
    admin_line(c, "sessions %d", sess_count());
    admin_line(c, "max_sessions %d", srv.max_sessions);
    admin_count(c, "transport", admin_key_transport);
    admin_count(c, "game", admin_key_game);
    admin_count(c, "profile", admin_key_profile);
    admin_line(c, "bans %d", ban_count());
    admin_line(c, "OK");
}

static int admin_is(const char *line, const char *cmd, const char **arg)
{
    size_t n = strlen(cmd);
    if (strncmp(line, cmd, n) != 0 || (line[n] != 0 && line[n] != ' '))
        return 0;
    *arg = line + n + (line[n] == ' ');
    return 1;
}

static void admin_run(admin_conn *c)
{
    const char *arg;
    int wait = 0;
    char *line = c->line;
    while (*line == ' ')
        line++;
    if (admin_is(line, "who", &arg))
        admin_who(c);
    else if (admin_is(line, "say", &arg))
        admin_say(c, arg);
    else if (admin_is(line, "kick", &arg))
        admin_kick(c, arg);
    else if (admin_is(line, "ban", &arg))
        wait = admin_ban(c, arg, 0);
    else if (admin_is(line, "unban", &arg))
        wait = admin_ban(c, arg, 1);
    else if (admin_is(line, "bans", &arg))
        admin_bans(c);
    else if (admin_is(line, "stats", &arg))
        admin_stats(c);
    else
        admin_line(c, "ERR unknown command (who, say, kick, ban, unban, "
                        "bans, stats)");
    if (!wait)
        admin_send(c);
}

static void admin_alloc(uv_handle_t *h, size_t hint, uv_buf_t *b)
{
    (void)hint;
    admin_conn *c = h->data;
    b->base = c->line + c->n;
    b->len = sizeof c->line - 1 - c->n;
}

static void admin_read(uv_stream_t *st, ssize_t nread, const uv_buf_t *b)
{
    (void)b;
    admin_conn *c = st->data;
    if (c->done)
        return;
    if (nread < 0) {
        admin_close(c);
        return;
    }
    c->n += (size_t)nread;
    c->line[c->n] = 0;
    char *nl = memchr(c->line, '\n', c->n);
    if (!nl && c->n < sizeof c->line - 1)
        return;
    c->done = 1;
    uv_read_stop(st);
    if (!nl) {
        admin_line(c, "ERR the command is too long");
        admin_send(c);
        return;
    }
    *nl = 0;
    if (nl > c->line && nl[-1] == '\r')
        nl[-1] = 0;
    admin_run(c);
}

static void admin_late(uv_timer_t *t)
{
    admin_close(t->data);
}

static void admin_accept(uv_stream_t *server, int status)
{
    if (status < 0)
        return;
    admin_conn *c = calloc(1, sizeof *c);
    if (!c)
        return;
    uv_pipe_init(srv_loop, &c->pipe, 0);
    uv_timer_init(srv_loop, &c->timer);
    c->pipe.data = c->timer.data = c;
    c->handles = 2;
    if (uv_accept(server, (uv_stream_t *)&c->pipe) != 0) {
        admin_close(c);
        return;
    }
    uv_timer_start(&c->timer, admin_late, ADMIN_WAIT_MS, 0);
    uv_read_start((uv_stream_t *)&c->pipe, admin_alloc, admin_read);
}

int admin_listen(const char *datadir)
{
    admin_started_ms = sess_now_ms();
    int n = snprintf(admin_path, sizeof admin_path, "%s/%s", datadir,
                     ADMIN_SOCKET);
    if (n >= 108) {
        /* sockaddr_un holds no more; say so rather than bind elsewhere */
        srv_log("admin: %s is too long a path for a socket; no admin "
                "socket", admin_path);
        return -1;
    }
    /* A socket left by a server that died is removed; one that answers
     * belongs to a live server on the same data directory. */
    int probe = admin_probe(admin_path);
    if (probe >= 0) {
        close(probe);
        srv_log("admin: another server answers on %s; no admin socket here",
                admin_path);
        return -1;
    }
    unlink(admin_path);
    uv_pipe_init(srv_loop, &admin_server, 0);
    mode_t old = umask(0177);
    int rc = uv_pipe_bind(&admin_server, admin_path);
    umask(old);
    if (rc == 0)
        rc = chmod(admin_path, 0600) == 0 ? 0 : uv_translate_sys_error(errno);
    if (rc == 0)
        rc = uv_listen((uv_stream_t *)&admin_server, 16, admin_accept);
    if (rc != 0) {
        fprintf(stderr, "ttyarcade: cannot listen on %s: %s\n", admin_path,
                uv_strerror(rc));
        uv_close((uv_handle_t *)&admin_server, NULL);
        return -1;
    }
    admin_listening = 1;
    srv_log("listen admin %s", admin_path);
    return 0;
}

void admin_stop(void)
{
    if (!admin_listening)
        return;
    admin_listening = 0;
    uv_close((uv_handle_t *)&admin_server, NULL);
    unlink(admin_path);
}
