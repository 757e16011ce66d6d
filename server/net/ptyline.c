/*
 * ptyline.c - pseudo-terminals for local or serial attach.
 *
 * `--pty N` opens N ptys and keeps them for the life of the server.  A
 * session starts when the far side types Return; when the far side closes
 * the slave, the session ends and the pty waits for the next one.  Linux
 * reports a pty whose slave is closed as hung up (POLLHUP, read gives
 * EIO) until something opens the slave again, and polling such an fd
 * would spin, so a hung-up pty is looked at with a slow timer instead.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "fdline.h"
#include "menu.h"
#include "ptyline.h"
#include "sess.h"
#include "srv.h"

#define PTY_HUP_POLL_MS 200

typedef struct ptyslot {
    int idx;
    fdline line;
    char slave[64];
    char link[PATH_MAX];
    uv_timer_t hup_timer;
    sess *s;
} ptyslot;

static ptyslot *pty_slots;
static int pty_count;
static const profile *pty_profile;
static int pty_pace;

static void pty_wait_reopen(ptyslot *p);

/* ---- the session's line --------------------------------------------- */

static void pty_send(sess *s, const char *data, size_t n)
{
    ptyslot *p = s->tr;
    fdline_send(&p->line, data, n);
}

static size_t pty_backlog(sess *s)
{
    ptyslot *p = s->tr;
    return fdline_backlog(&p->line);
}

static void pty_close(sess *s)
{
    ptyslot *p = s->tr;
    if (!s->line_down)
        fdline_pump(&p->line);
    buf_free(&p->line.wq);
    p->line.held = 0;
    p->s = NULL;
    sess_unref(s);
    if (s->line_down)
        pty_wait_reopen(p);
    else
        fdline_watch(&p->line); /* still attached: ready for the next Return */
}

/* Typed (or pasted) further ahead than the game reads: leave it in the
 * pty until the game takes keys. */
static void pty_hold(sess *s, int on)
{
    ptyslot *p = s->tr;
    if (!s->line_down)
        fdline_hold(&p->line, on);
}

static const sess_ops pty_ops = {
    .name = "pty",
    .send = pty_send,
    .backlog = pty_backlog,
    .close = pty_close,
    .hold = pty_hold,
};

static void pty_session(sess *s)
{
    menu_main(s);
}

static void pty_start(ptyslot *p)
{
    if (srv_stopping || sess_count() >= srv.max_sessions)
        return;
    p->s = sess_new(&pty_ops, p, p->link[0] ? p->link : p->slave,
                    pty_profile);
    sess_set_strip8(p->s, 1);
    if (pty_pace)
        sess_set_baud(p->s, pty_pace, 0);
    srv_log("start pty %s session=%llu", p->s->peer,
            (unsigned long long)p->s->id);
    sess_start(p->s, pty_session);
}

static void pty_read(fdline *l, unsigned char *chunk, size_t n)
{
    ptyslot *p = l->owner;
    if (p->s) {
        sess_input(p->s, chunk, n);
        return;
    }
    /* Idle: the session begins with Return; anything before it is line
     * noise from whatever attached. */
    if (sess_line_wants_return(chunk, n))
        pty_start(p);
}

static void pty_hangup(fdline *l)
{
    ptyslot *p = l->owner;
    if (p->s)
        sess_line_down(p->s);   /* pty_close follows when the game ends */
    else
        pty_wait_reopen(p);
}

static void pty_progress(fdline *l)
{
    ptyslot *p = l->owner;
    if (p->s)
        sess_output_progress(p->s);
}

/* ---- hung up: wait for the slave to be opened again ----------------- */

static void pty_hup_check(uv_timer_t *t)
{
    ptyslot *p = t->data;
    struct pollfd pfd = { p->line.fd, POLLIN, 0 };
    if (poll(&pfd, 1, 0) >= 0 && !(pfd.revents & POLLHUP)) {
        uv_timer_stop(&p->hup_timer);
        fdline_watch(&p->line);
    }
}

static void pty_wait_reopen(ptyslot *p)
{
    fdline_stop(&p->line);
    if (!srv_stopping)
        uv_timer_start(&p->hup_timer, pty_hup_check, PTY_HUP_POLL_MS,
                       PTY_HUP_POLL_MS);
}

/* ---- setting up ----------------------------------------------------- */

/* Raw mode on the slave side: no echo, no line editing, no newline
 * mapping and no signals; the session does all of that itself. */
static int pty_make_raw(const char *slave)
{
    int fd = open(slave, O_RDWR | O_NOCTTY);
    if (fd < 0)
        return -1;
    struct termios t;
    if (tcgetattr(fd, &t) == 0) {
        cfmakeraw(&t);
        tcsetattr(fd, TCSANOW, &t);
    }
    close(fd);
    return 0;
}

int ptyline_open(int n, const char *link_dir, const profile *prof, int pace)
{
    pty_profile = prof;
    pty_pace = pace;
    pty_slots = calloc((size_t)n, sizeof *pty_slots);
    if (!pty_slots)
        return -1;
    for (int i = 0; i < n; i++) {
        ptyslot *p = &pty_slots[i];
        p->idx = i;
        int master = posix_openpt(O_RDWR | O_NOCTTY | O_NONBLOCK);
        if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0 ||
            ptsname_r(master, p->slave, sizeof p->slave) != 0) {
            fprintf(stderr, "ttyarcade: cannot open a pty: %s\n",
                    strerror(errno));
            return -1;
        }
        fcntl(master, F_SETFD, FD_CLOEXEC);
        pty_make_raw(p->slave);
        if (link_dir) {
            snprintf(p->link, sizeof p->link, "%s/ttyarcade%d", link_dir, i);
            unlink(p->link);
            if (symlink(p->slave, p->link) != 0) {
                fprintf(stderr, "ttyarcade: cannot link %s: %s\n", p->link,
                        strerror(errno));
                return -1;
            }
        }
        fdline_init(&p->line, master);
        p->line.owner = p;
        p->line.on_read = pty_read;
        p->line.on_hangup = pty_hangup;
        p->line.on_progress = pty_progress;
        uv_timer_init(srv_loop, &p->hup_timer);
        p->hup_timer.data = p;
        srv_log("listen pty %s%s%s", p->slave, p->link[0] ? " link " : "",
                p->link);
        pty_count++;
        /* Our own raw-mode open and close left it hung up. */
        pty_wait_reopen(p);
    }
    return 0;
}

void ptyline_stop(void)
{
    for (int i = 0; i < pty_count; i++) {
        ptyslot *p = &pty_slots[i];
        uv_timer_stop(&p->hup_timer);
        if (!p->s)
            fdline_stop(&p->line);
        if (p->link[0])
            unlink(p->link);
    }
}
