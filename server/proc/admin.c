/*
 * admin.c - the server's side of the operator's socket: read one command
 * line (bounded in size and time), act on the loop, answer, close; and
 * the commands about sessions (who, say, kick, stats).  What must reach
 * the store (admin_bans.c: bans, locks) goes to a worker thread and the
 * answer waits for it; nothing here blocks the loop.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "acct.h"
#include "admin.h"
#include "admin_int.h"
#include "ban.h"
#include "buf.h"
#include "srv.h"
#include "presence.h"
#include "store_main.h"
#include "who.h"

#define ADMIN_WAIT_MS 5000
#define ADMIN_SAY_MAX 200
#define ADMIN_MANY 16           /* sessions of one name listed */

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

static void admin_work_run(uv_work_t *w)
{
    admin_conn *c = w->data;
    c->run(c);
}

static void admin_work_done(uv_work_t *w, int status)
{
    admin_conn *c = w->data;
    c->busy = 0;
    if (status != 0)
        admin_line(c, "ERR the store could not be reached");
    else
        c->after(c);
    admin_send(c);
}

/* Run the command's store part on a worker thread: 1 (the answer waits
 * for it), or 0 after an ERR line. */
int admin_store(admin_conn *c, void (*run)(admin_conn *c),
                       void (*after)(admin_conn *c))
{
    if (!store_main) {
        admin_line(c, "ERR this server keeps no store");
        return 0;
    }
    c->run = run;
    c->after = after;
    c->work.data = c;
    if (uv_queue_work(srv_loop, &c->work, admin_work_run, admin_work_done)
        != 0) {
        admin_line(c, "ERR the store could not be reached");
        return 0;
    }
    c->busy = 1;
    return 1;
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

/* Only printable ASCII reaches the players' terminals and the log. */
void admin_clean(const char *in, char *out, size_t size)
{
    size_t j = 0;
    for (; *in && j + 1 < size; in++)
        if (*in >= 0x20 && *in < 0x7f)
            out[j++] = *in;
    out[j] = 0;
}

/* The next word of *arg (cut to size), *arg moved past it and its
 * blanks; 0 when there is none. */
int admin_word(const char **arg, char *out, size_t size)
{
    const char *p = *arg;
    while (*p == ' ')
        p++;
    size_t n = strcspn(p, " ");
    if (!n)
        return 0;
    snprintf(out, size, "%.*s", (int)n, p);
    p += n;
    while (*p == ' ')
        p++;
    *arg = p;
    return 1;
}

/* The sessions an operator names: a session's id (digits, as `who` shows
 * it), or a player's name (every session under it).  How many, in found;
 * 0 after an ERR line. */
static int admin_sessions(admin_conn *c, const char *who, sess **found,
                          int max)
{
    char *end;
    unsigned long long id = strtoull(who, &end, 10);
    if (*who >= '0' && *who <= '9' && !*end) {
        if ((found[0] = who_by_id(id)))
            return 1;
        admin_line(c, "ERR no session %s is on (admin who lists them)", who);
        return 0;
    }
    int n = who_find(who, found, max);
    if (!n)
        admin_line(c, "ERR nobody called '%s' is on", who);
    return n < max ? n : max;
}

/* A session of one name, for kick: one is taken, several are listed and
 * the operator asked to choose. */
static sess *admin_one(admin_conn *c, const char *who, const char *verb)
{
    sess *found[ADMIN_MANY];
    int n = admin_sessions(c, who, found, ADMIN_MANY);
    if (n <= 1)
        return n ? found[0] : NULL;
    char ids[160];
    size_t k = 0;
    for (int i = 1; i < n; i++)         /* oldest first, as ids go */
        for (int j = i; j > 0 && found[j]->id < found[j - 1]->id; j--) {
            sess *t = found[j];
            found[j] = found[j - 1];
            found[j - 1] = t;
        }
    for (int i = 0; i < n && k < sizeof ids; i++)
        k += (size_t)snprintf(ids + k, sizeof ids - k, "%s%llu",
                              i ? ", " : "", (unsigned long long)found[i]->id);
    admin_line(c, "ERR %d sessions are called '%s' (ids %s): %s one by its "
                  "id", n, who, ids, verb);
    return NULL;
}

static void admin_say(admin_conn *c, const char *arg)
{
    char clean[ADMIN_SAY_MAX + 1], msg[ADMIN_SAY_MAX + 64], to[64] = "";
    sess *found[ADMIN_MANY];
    int nfound = -1;                    /* -1: everyone */
    if (strncmp(arg, "--to ", 5) == 0 || strncmp(arg, "--to=", 5) == 0) {
        arg += 5;
        if (!admin_word(&arg, to, sizeof to)) {
            admin_line(c, "ERR say --to ID|NAME TEXT");
            return;
        }
        if (!(nfound = admin_sessions(c, to, found, ADMIN_MANY)))
            return;
    }
    admin_clean(arg, clean, sizeof clean);
    if (!clean[0]) {
        admin_line(c, "ERR say what? (admin say [--to ID|NAME] TEXT)");
        return;
    }
    snprintf(msg, sizeof msg, "FROM THE OPERATOR: %s", clean);
    int n = 0;
    for (sess *s = sess_first(); s; s = s->all_next) {
        if (s->closed || s->eof || s->line_down || s->far)
            continue;
        int k = nfound < 0;
        for (int i = 0; i < nfound && !k; i++)
            k = found[i] == s;
        if (!k)
            continue;
        sess_notice(s, msg, 0);
        n++;
    }
    if (nfound < 0)
        srv_log("admin say to %d: %s", n, clean);
    else
        srv_log("admin say to %s (%d session%s): %s", to, n,
                n == 1 ? "" : "s", clean);
    admin_line(c, "OK told %d", n);
}

/* End a session as the server's stop does: the player is told, input
 * ends, and the game saves on its way out. */
void admin_end(sess *s, const char *why)
{
    sess_notice(s, why, SESS_NOTICE_LAST);
    tty_flush_input(s);
    sess_end_input(s);
}

static void admin_kick(admin_conn *c, const char *who)
{
    char want[64];
    if (!admin_word(&who, want, sizeof want)) {
        admin_line(c, "ERR kick ID|NAME (admin who lists them)");
        return;
    }
    sess *s = admin_one(c, want, "kick");
    if (!s)
        return;
    srv_log("admin kick %s %s session=%llu name=\"%s\"", s->ops->name,
            s->peer, (unsigned long long)s->id, s->name);
    admin_end(s, "THE OPERATOR HAS ENDED YOUR SESSION. YOUR GAME IS BEING "
                 "SAVED.");
    admin_line(c, "OK kicked session %llu (%s, %s %s)",
               (unsigned long long)s->id, s->name, s->ops->name, s->peer);
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
    else if (admin_is(line, "lock", &arg))
        wait = admin_lock(c, arg, 0);
    else if (admin_is(line, "unlock", &arg))
        wait = admin_lock(c, arg, 1);
    else if (admin_is(line, "bans", &arg))
        wait = admin_bans(c);
    else if (admin_is(line, "stats", &arg))
        admin_stats(c);
    else
        admin_line(c, "ERR unknown command (who, say, kick, ban, unban, "
                        "lock, unlock, bans, stats)");
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
    admin_conn *c = t->data;
    /* A command at the store answers when the store does (its own wait
     * is bounded); the worker still holds c. */
    if (!c->busy)
        admin_close(c);
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
