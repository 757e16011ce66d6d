/*
 * sshd_conn.c - one SSH connection, from the accepted socket to the end
 * of its session: an optional PROXY header, libssh's key exchange, user
 * authentication (sshd_auth.c), one "session" channel with its pty and
 * shell requests, and the bytes between that channel and a session.
 *
 * libssh runs non-blocking: whenever libuv reports the socket readable
 * (or writable while libssh has output queued), sshd_step lets libssh read
 * what is there and takes the requests it parsed from its message queue.
 * Nothing here waits.  The message API (rather than libssh's server
 * callbacks) is used because it lets an authentication reply wait for a
 * password hash on a worker thread.
 *
 * libssh is never re-entered from its own callbacks, and a connection is
 * never freed while libssh is on the stack: closing from inside (c->depth
 * > 0) only marks the connection, and sshd_step acts on the mark.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "admit.h"
#include "metrics.h"
#include "ppstep.h"
#include "srv.h"
#include "sshd.h"
#include "sshd_int.h"

#define SSHD_CHUNK 16384        /* most handed to the channel at once */

static sshd_conn *sshd_conns;

static void sshd_step(sshd_conn *c);
static void sshd_teardown(sshd_conn *c);

int sshd_pending(void)
{
    int n = 0;
    for (sshd_conn *c = sshd_conns; c; c = c->next)
        if (c->state < SSHD_SHELL)
            n++;
    return n;
}

/* Connections of this host not yet carrying a session (those that do
 * are counted as sessions). */
static int sshd_pending_from(const sshd_conn *self)
{
    int n = 0;
    for (sshd_conn *c = sshd_conns; c; c = c->next)
        if (c != self && c->state < SSHD_SHELL &&
            strcmp(c->host, self->host) == 0)
            n++;
    return n;
}

/* ---- the poll and its events ---------------------------------------- */

static void sshd_poll_cb(uv_poll_t *p, int status, int events);

/* Read unless a reply is pending on a worker or the session's key queue
 * is full (back-pressure); write while libssh holds output the kernel did
 * not take. */
static void sshd_poll_update(sshd_conn *c)
{
    if (c->state == SSHD_CLOSING && c->line_lost)
        return;
    if (uv_is_closing((uv_handle_t *)&c->poll))
        return;
    int ev = c->auth_busy || c->input_held ? 0 : UV_READABLE;
    if (c->ss && c->state != SSHD_PROXY &&
        (ssh_get_poll_flags(c->ss) & SSH_WRITE_PENDING))
        ev |= UV_WRITABLE;
    if (ev)
        uv_poll_start(&c->poll, ev, sshd_poll_cb);
    else
        uv_poll_stop(&c->poll);
}

static void sshd_poll_cb(uv_poll_t *p, int status, int events)
{
    sshd_conn *c = p->data;
    if (status < 0)
        c->line_lost = 1;
    if (events & UV_READABLE)
        c->heard_ms = uv_now(srv_loop);
    sshd_step(c);
}

/* ---- output: session -> channel ------------------------------------- */

static void sshd_write_out(sshd_conn *c)
{
    size_t wrote = 0;
    c->depth++;
    while (buf_avail(&c->out) && c->ch && !c->line_lost) {
        /* what libssh could not hand the kernel is the backlog that
         * matters: add nothing until it is gone */
        if (ssh_get_status(c->ss) & SSH_WRITE_PENDING)
            break;
        uint32_t win = ssh_channel_window_size(c->ch);
        size_t n = buf_avail(&c->out);
        if (n > win)
            n = win;
        if (n > SSHD_CHUNK)
            n = SSHD_CHUNK;
        if (!n)
            break;
        int w = ssh_channel_write(c->ch, buf_data(&c->out), (uint32_t)n);
        if (w < 0) {
            c->line_lost = 1;
            break;
        }
        if (w == 0)
            break;
        buf_consume(&c->out, (size_t)w);
        wrote += (size_t)w;
    }
    c->depth--;
    if (wrote && c->s)
        sess_output_progress(c->s);
}

static void sshd_send(sess *s, const char *p, size_t n)
{
    sshd_conn *c = s->tr;
    if (c->line_lost || c->state != SSHD_SHELL)
        return;
    buf_add(&c->out, p, n);
    if (!c->depth) {
        sshd_write_out(c);
        sshd_poll_update(c);
    }
}

static size_t sshd_backlog(sess *s)
{
    sshd_conn *c = s->tr;
    return buf_avail(&c->out);
}

static void sshd_close_timeout(uv_timer_t *t)
{
    sshd_conn *c = t->data;
    c->line_lost = 1;       /* the client stopped reading: cut */
    sshd_teardown(c);
}

/* The session is over; what it said last goes out, then the channel
 * closes (the client exits), then the connection. */
static void sshd_close(sess *s)
{
    sshd_conn *c = s->tr;
    c->state = SSHD_CLOSING;
    c->want_close = 1;
    uv_timer_start(&c->timer, sshd_close_timeout, SSHD_CLOSE_MS, 0);
    if (!c->depth)
        sshd_step(c);
}

/* The session's key queue is full (on) or has room again: stop or
 * resume reading the socket. */
static void sshd_hold(sess *s, int on)
{
    sshd_conn *c = s->tr;
    c->input_held = on != 0;
    if (!c->depth && !c->line_lost)
        sshd_poll_update(c);
}

static const sess_ops sshd_ops = {
    .name = "ssh",
    .send = sshd_send,
    .backlog = sshd_backlog,
    .close = sshd_close,
    .hold = sshd_hold,
};

/* ---- the channel ---------------------------------------------------- */

static int sshd_on_data(ssh_session ss, ssh_channel ch, void *data,
                        uint32_t len, int is_stderr, void *ud)
{
    sshd_conn *c = ud;
    (void)ss;
    (void)ch;
    if (c->s && !is_stderr && c->state == SSHD_SHELL)
        sess_input(c->s, data, len);
    return (int)len;
}

static void sshd_on_eof(ssh_session ss, ssh_channel ch, void *ud)
{
    sshd_conn *c = ud;
    (void)ss;
    (void)ch;
    /* No more input (ssh -T with its input closed): the game ends as at a
     * hang-up, but may still say goodbye. */
    if (c->s)
        sess_end_input(c->s);
    else
        c->line_lost = 1;
}

static void sshd_on_close(ssh_session ss, ssh_channel ch, void *ud)
{
    sshd_conn *c = ud;
    (void)ss;
    (void)ch;
    c->line_lost = 1;
}

/* A client behind a proxy whose TCP the proxy answers: after a silent
 * keepalive period a keepalive request goes, which every client answers;
 * three periods without a word and the line is dead. */
static void sshd_keepalive_tick(uv_timer_t *t)
{
    sshd_conn *c = t->data;
    uint64_t quiet = uv_now(srv_loop) - c->heard_ms;
    uint64_t period = (uint64_t)srv.keepalive_s * 1000;
    if (c->line_lost || c->state != SSHD_SHELL || c->depth)
        return;
    if (quiet >= 3 * period) {
        sshd_conn_drop(c, "no answer to keepalives: the line is dead");
        return;
    }
    if (quiet >= period) {
        c->depth++;
        ssh_send_keepalive(c->ss);
        c->depth--;
        sshd_conn_kick(c);
    }
}

static void sshd_start_shell(sshd_conn *c)
{
    const profile *p = c->pty ? profile_for_ttype(c->term)
                              : profile_find("glass");
    c->state = SSHD_SHELL;
    uv_timer_stop(&c->timer);       /* the login grace is over */
    c->heard_ms = uv_now(srv_loop);
    if (srv.keepalive_s > 0) {
        uint64_t ms = (uint64_t)srv.keepalive_s * 1000;
        uv_timer_start(&c->timer, sshd_keepalive_tick, ms, ms);
    }
    c->s = sess_new(&sshd_ops, c, c->peer, p);
    if (c->pty) {
        sess_set_size(c->s, c->width, c->height);
        sess_set_client_echoes(c->s, 0);    /* a pty in raw mode: we echo */
    } else {
        sess_set_client_echoes(c->s, 1);    /* the client's terminal does */
    }
    srv_log("start ssh %s session=%llu user=%s%s", c->peer,
            (unsigned long long)c->s->id, c->account[0] ? c->account : "-",
            c->pty ? "" : " no-pty");
    sshd_auth_start_session(c);
}

/* The pty request's terminal and size.  libssh 0.10 marks these message
 * accessors deprecated in favour of channel callbacks, but it calls those
 * only for a session with server callbacks, and with server callbacks it
 * no longer queues messages, which the deferred authentication reply
 * needs (see the top of this file). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static void sshd_pty_of(sshd_conn *c, ssh_message m)
{
    const char *term = ssh_message_channel_request_pty_term(m);
    if (ssh_message_subtype(m) == SSH_CHANNEL_REQUEST_PTY)
        snprintf(c->term, sizeof c->term, "%s", term ? term : "");
    c->width = ssh_message_channel_request_pty_width(m);
    c->height = ssh_message_channel_request_pty_height(m);
}
#pragma GCC diagnostic pop

/* One request libssh parsed; every one is answered (want_reply is
 * honoured by libssh) and freed, except authentication, which
 * sshd_auth_request owns. */
static void sshd_message(sshd_conn *c, ssh_message m)
{
    int type = ssh_message_type(m), sub = ssh_message_subtype(m);
    switch (type) {
    case SSH_REQUEST_AUTH:
        if (c->state == SSHD_AUTH) {
            sshd_auth_request(c, m);
            return;
        }
        break;
    case SSH_REQUEST_CHANNEL_OPEN:
        if (c->state == SSHD_CHANNEL && sub == SSH_CHANNEL_SESSION &&
            !c->ch) {
            c->ch = ssh_message_channel_request_open_reply_accept(m);
            if (c->ch) {
                ssh_callbacks_init(&c->ccb);
                c->ccb.userdata = c;
                c->ccb.channel_data_function = sshd_on_data;
                c->ccb.channel_eof_function = sshd_on_eof;
                c->ccb.channel_close_function = sshd_on_close;
                ssh_set_channel_callbacks(c->ch, &c->ccb);
            }
            ssh_message_free(m);
            return;
        }
        /* port forwarding (direct-tcpip), X11, a second channel */
        srv_log("ssh %s: channel of type %d refused", c->peer, sub);
        break;
    case SSH_REQUEST_CHANNEL:
        if (!c->ch || ssh_message_channel_request_channel(m) != c->ch)
            break;
        switch (sub) {
        case SSH_CHANNEL_REQUEST_PTY:
            if (c->state != SSHD_CHANNEL)
                break;
            c->pty = 1;
            sshd_pty_of(c, m);
            ssh_message_channel_request_reply_success(m);
            ssh_message_free(m);
            return;
        case SSH_CHANNEL_REQUEST_WINDOW_CHANGE:
            sshd_pty_of(c, m);
            if (c->s)
                sess_set_size(c->s, c->width, c->height);
            ssh_message_channel_request_reply_success(m);
            ssh_message_free(m);
            return;
        case SSH_CHANNEL_REQUEST_SHELL:
            if (c->state != SSHD_CHANNEL)
                break;
            ssh_message_channel_request_reply_success(m);
            ssh_message_free(m);
            sshd_start_shell(c);
            return;
        case SSH_CHANNEL_REQUEST_EXEC:
        case SSH_CHANNEL_REQUEST_SUBSYSTEM:
            /* games only: no commands, no sftp */
            srv_log("ssh %s: %s refused", c->peer,
                    sub == SSH_CHANNEL_REQUEST_EXEC ? "exec" : "subsystem");
            break;
        default:
            /* env, x11-req, auth-agent-req@openssh.com, signals */
            break;
        }
        break;
    default:
        /* service requests are accepted by the default reply; global
         * requests (tcpip-forward) are refused by it */
        break;
    }
    ssh_message_reply_default(m);
    ssh_message_free(m);
}

/* ---- admission ------------------------------------------------------ */

static int sshd_refusing(void)
{
    int n = 0;
    for (sshd_conn *c = sshd_conns; c; c = c->next)
        if (c->state == SSHD_REFUSED)
            n++;
    return n;
}

static void sshd_refused_over(uv_timer_t *t)
{
    sshd_teardown(t->data);
}

static void sshd_put32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

/* Tell a refused client why, in words its user sees: OpenSSH's client
 * prints a DISCONNECT's text ("Received disconnect from ...: 11: SORRY,
 * THE ARCADE IS FULL..."), and one may be sent right after the version
 * line, before any key exchange, as a packet in the clear (RFC 4253, 6:
 * no cipher and no MAC yet).  libssh queues its packets until a key
 * exchange has run, so this one is built here.  The socket is then shut
 * for writing and drained a moment, so the client's unread bytes do not
 * make the kernel reset the connection before the words arrive. */
static void sshd_refuse(sshd_conn *c, const char *line)
{
    unsigned char pkt[256];
    char banner[64];
    size_t n = 0;
    while (line[n] && line[n] != '\r' && line[n] != '\n' && n < 160)
        n++;
    if (sshd_refusing() >= SSHD_REFUSING_MAX) {
        c->line_lost = 1;
        sshd_teardown(c);
        return;
    }
    /* payload: DISCONNECT (1), reason BY_APPLICATION (11), the text, an
     * empty language tag; padded to a multiple of 8 with at least 4 */
    size_t payload = 1 + 4 + 4 + n + 4;
    size_t pad = 8 - (4 + 1 + payload) % 8;
    if (pad < 4)
        pad += 8;
    memset(pkt, 0, sizeof pkt);
    sshd_put32(pkt, (uint32_t)(1 + payload + pad));
    pkt[4] = (unsigned char)pad;
    pkt[5] = 1;
    sshd_put32(pkt + 6, 11);
    sshd_put32(pkt + 10, (uint32_t)n);
    memcpy(pkt + 14, line, n);
    sshd_put32(pkt + 14 + n, 0);
    int blen = snprintf(banner, sizeof banner, "SSH-2.0-libssh_%s\r\n",
                        ssh_version(0));
    ssize_t w = send(c->fd, banner, (size_t)blen, MSG_DONTWAIT | MSG_NOSIGNAL);
    if (w == blen)
        w = send(c->fd, pkt, 4 + 1 + payload + pad,
                 MSG_DONTWAIT | MSG_NOSIGNAL);
    (void)w;
    shutdown(c->fd, SHUT_WR);
    c->state = SSHD_REFUSED;
    uv_timer_start(&c->timer, sshd_refused_over, SSHD_REFUSE_MS, 0);
    uv_poll_start(&c->poll, UV_READABLE, sshd_poll_cb);
}

/* A refused client's bytes are read and dropped until it closes. */
static void sshd_drain(sshd_conn *c)
{
    char scratch[4096];
    ssize_t n;
    while ((n = recv(c->fd, scratch, sizeof scratch, MSG_DONTWAIT)) > 0)
        ;
    if (n == 0 || (errno != EAGAIN && errno != EINTR))
        sshd_teardown(c);
}

static void sshd_grace_over(uv_timer_t *t)
{
    sshd_conn *c = t->data;
    srv_log("ssh %s: %s", c->peer, c->state == SSHD_PROXY
                                       ? "no valid PROXY header"
                                       : "login grace time over");
    if (c->state == SSHD_PROXY)
        metrics_refused(METRICS_REFUSED_PROXY);
    c->line_lost = 1;
    sshd_teardown(c);
}

/* The peer is known (its own address or the proxy's client): apply the
 * limits, then start the key exchange. */
static void sshd_admit(sshd_conn *c)
{
    /* Key exchanges under way count as the sessions they will be. */
    const char *refusal = admit_check(c->peer, c->host, sshd_pending() - 1,
                                      sshd_pending_from(c));
    if (refusal) {
        sshd_refuse(c, refusal);
        return;
    }
    /* libssh gets a copy of the socket and closes it when it likes (on
     * an error or the peer's close, before ssh_free); the poll keeps
     * watching c->fd, ours, closed only after the poll is.  Had both been
     * one descriptor, a poll started after libssh closed it would reach
     * epoll with a closed or reused number, and libuv aborts then. */
    int lib = fcntl(c->fd, F_DUPFD_CLOEXEC, 3);
    c->ss = lib >= 0 ? ssh_new() : NULL;
    if (!c->ss || ssh_bind_accept_fd(sshd_bind, c->ss, lib) != SSH_OK) {
        srv_log("ssh %s: cannot start: %s", c->peer,
                c->ss ? ssh_get_error(sshd_bind) : "out of memory");
        if (lib >= 0 && (!c->ss || ssh_get_fd(c->ss) != lib))
            close(lib);     /* else ssh_free closes it */
        c->line_lost = 1;
        sshd_teardown(c);
        return;
    }
    ssh_set_blocking(c->ss, 0);
    ssh_set_auth_methods(c->ss, SSH_AUTH_METHOD_PASSWORD |
                                    SSH_AUTH_METHOD_PUBLICKEY);
    c->state = SSHD_KEX;
    uv_timer_start(&c->timer, sshd_grace_over, (uint64_t)sshd_grace_ms, 0);
    sshd_step(c);
}

/* A trusted proxy's header: peek, and take exactly the header's bytes,
 * so what follows stays in the kernel for libssh. */
static void sshd_proxy_read(sshd_conn *c)
{
    size_t room = PP_MAX - c->ppn;
    ssize_t n = recv(c->fd, c->ppbuf + c->ppn, room, MSG_PEEK);
    if (n < 0 && (errno == EAGAIN || errno == EINTR))
        return;
    int rc = PP_BAD;
    pp_result r;
    memset(&r, 0, sizeof r);
    if (n > 0)
        rc = pp_parse(c->ppbuf, c->ppn + (size_t)n, &r);
    size_t take = 0;
    if (rc == PP_DONE)
        take = r.used - c->ppn;
    else if (rc == PP_MORE && c->ppn + (size_t)n < PP_MAX)
        take = (size_t)n;   /* all of it is header so far */
    else
        rc = PP_BAD;
    if (rc != PP_BAD &&
        recv(c->fd, c->ppbuf + c->ppn, take, 0) != (ssize_t)take)
        rc = PP_BAD;
    if (rc == PP_BAD) {
        srv_log("refused %s: no valid PROXY header", c->peer);
        metrics_refused(METRICS_REFUSED_PROXY);
        c->line_lost = 1;
        sshd_teardown(c);
        return;
    }
    c->ppn += take;
    if (rc == PP_MORE)
        return;
    if (!r.local)
        pp_name(&r.src, c->host, sizeof c->host, c->peer, sizeof c->peer);
    free(c->ppbuf);
    c->ppbuf = NULL;
    uv_timer_stop(&c->timer);
    sshd_admit(c);
}

void sshd_conn_accept(int fd, const struct sockaddr_storage *peer)
{
    sshd_conn *c = calloc(1, sizeof *c);
    if (!c) {
        close(fd);
        return;
    }
    c->fd = fd;
    pp_name(peer, c->host, sizeof c->host, c->peer, sizeof c->peer);
    uv_poll_init_socket(srv_loop, &c->poll, fd);
    uv_timer_init(srv_loop, &c->timer);
    c->poll.data = c->timer.data = c;
    c->handles = 2;
    c->next = sshd_conns;
    if (sshd_conns)
        sshd_conns->prev = c;
    sshd_conns = c;
    if (pp_trusted((const struct sockaddr *)peer)) {
        c->state = SSHD_PROXY;
        c->ppbuf = malloc(PP_MAX);
        if (!c->ppbuf) {
            sshd_teardown(c);
            return;
        }
        uv_timer_start(&c->timer, sshd_grace_over, PP_WAIT_MS, 0);
        uv_poll_start(&c->poll, UV_READABLE, sshd_poll_cb);
        return;
    }
    sshd_admit(c);
}

/* ---- the state machine ---------------------------------------------- */

static int sshd_ssh_lost(sshd_conn *c)
{
    if (!ssh_is_connected(c->ss))
        return 1;
    if (ssh_get_status(c->ss) & (SSH_CLOSED | SSH_CLOSED_ERROR))
        return 1;
    return ssh_get_error_code(c->ss) == SSH_FATAL;
}

static void sshd_step(sshd_conn *c)
{
    if (c->state == SSHD_REFUSED) {
        if (!uv_is_closing((uv_handle_t *)&c->poll))
            sshd_drain(c);
        return;
    }
    if (c->state == SSHD_PROXY) {
        if (c->line_lost)
            sshd_teardown(c);
        else
            sshd_proxy_read(c);
        return;
    }
    if (!c->ss || uv_is_closing((uv_handle_t *)&c->poll))
        return;
    c->depth++;
    if (c->state == SSHD_KEX && !c->line_lost) {
        int rc = ssh_handle_key_exchange(c->ss);
        if (rc == SSH_OK)
            c->state = SSHD_AUTH;
        else if (rc != SSH_AGAIN)
            c->line_lost = 1;
    }
    if (c->state > SSHD_KEX && !c->line_lost) {
        ssh_message m;
        while (!c->auth_busy && !c->line_lost &&
               (m = ssh_message_get(c->ss)) != NULL)
            sshd_message(c, m);
        if (ssh_get_poll_flags(c->ss) & SSH_WRITE_PENDING)
            ssh_blocking_flush(c->ss, 0);
    }
    if (!c->line_lost && sshd_ssh_lost(c))
        c->line_lost = 1;
    c->depth--;
    if (!c->line_lost)
        sshd_write_out(c);
    if (c->state == SSHD_CLOSING && !c->line_lost && c->ch &&
        !buf_avail(&c->out) && !ssh_channel_is_closed(c->ch)) {
        /* everything is in the channel: end it; OpenSSH's client exits */
        c->depth++;
        ssh_channel_request_send_exit_status(c->ch, 0);
        ssh_channel_send_eof(c->ch);
        ssh_channel_close(c->ch);
        c->depth--;
    }
    if (c->line_lost) {
        uv_poll_stop(&c->poll);     /* a dead socket stays readable */
        if (c->s && !c->want_close)
            sess_line_down(c->s);   /* its close comes back here */
        else
            sshd_teardown(c);
        return;
    }
    /* With a channel, the client answers our close with its own and
     * goes (line_lost above); a DISCONNECT from us could make OpenSSH's
     * client exit before it prints the last output. */
    if (c->state == SSHD_CLOSING && !c->ch &&
        !(ssh_get_poll_flags(c->ss) & SSH_WRITE_PENDING)) {
        sshd_teardown(c);
        return;
    }
    sshd_poll_update(c);
}

void sshd_conn_kick(sshd_conn *c)
{
    if (!c->depth)
        sshd_step(c);
}

void sshd_conn_drop(sshd_conn *c, const char *why)
{
    srv_log("ssh %s: %s", c->peer, why);
    c->line_lost = 1;
    if (!c->depth)
        sshd_step(c);
}

/* ---- the end -------------------------------------------------------- */

static void sshd_handle_closed(uv_handle_t *h)
{
    sshd_conn *c = h->data;
    if (--c->handles > 0)
        return;
    if (c->held)
        ssh_message_free(c->held);
    if (c->ss) {
        if (!c->line_lost)
            ssh_disconnect(c->ss);
        ssh_free(c->ss);    /* closes libssh's copy of the socket */
    }
    if (c->fd >= 0)
        close(c->fd);
    buf_free(&c->out);
    free(c->ppbuf);
    sess *s = c->s;
    free(c);
    if (s)
        sess_unref(s);
}

static void sshd_teardown(sshd_conn *c)
{
    if (uv_is_closing((uv_handle_t *)&c->poll))
        return;
    if (c->s && !c->want_close) {
        /* the session still holds c: it lets go through sshd_close */
        c->line_lost = 1;
        sess_line_down(c->s);
        return;
    }
    if (c->auth_busy) {
        /* a worker still judges a password for c: finish after it */
        c->line_lost = 1;
        return;
    }
    if (c->prev)
        c->prev->next = c->next;
    else
        sshd_conns = c->next;
    if (c->next)
        c->next->prev = c->prev;
    c->state = SSHD_CLOSING;
    uv_poll_stop(&c->poll);
    uv_timer_stop(&c->timer);
    uv_close((uv_handle_t *)&c->poll, sshd_handle_closed);
    uv_close((uv_handle_t *)&c->timer, sshd_handle_closed);
}

void sshd_conn_stop_all(void)
{
    for (sshd_conn *c = sshd_conns, *next; c; c = next) {
        next = c->next;
        if (c->state < SSHD_SHELL) {
            c->line_lost = 1;
            if (!c->depth)
                sshd_teardown(c);
        }
    }
}
