/*
 * ptyline.c - pseudo-terminals for local or serial attach.
 *
 * `--pty N` opens N ptys and keeps them for the life of the server.  A
 * session starts when the far side types Return; when the far side closes
 * the slave, the session ends and the pty waits for the next one.  Linux
 * reports a pty whose slave is closed as hung up (POLLHUP, read gives
 * EIO) until something opens the slave again, and polling such an fd
 * would spin, so a hung-up pty is looked at with a slow timer instead.
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

#include "menu.h"
#include "ptyline.h"
#include "sess.h"
#include "srv.h"

#define PTY_HUP_POLL_MS 200

typedef struct ptyslot {
    int idx;
    int master;
    char slave[64];
    char link[PATH_MAX];
    uv_poll_t poll;
    uv_timer_t hup_timer;
    int poll_events;
    sess *s;
    buf wq;             /* waiting for the master to take it */
} ptyslot;

static ptyslot *pty_slots;
static int pty_count;
static const profile *pty_profile;

static void pty_watch(ptyslot *p);
static void pty_wait_reopen(ptyslot *p);

/* ---- writing -------------------------------------------------------- */

static void pty_pump(ptyslot *p)
{
    while (buf_avail(&p->wq)) {
        ssize_t n = write(p->master, buf_data(&p->wq), buf_avail(&p->wq));
        if (n > 0) {
            buf_consume(&p->wq, (size_t)n);
            if (p->s)
                sess_output_progress(p->s);
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno != EAGAIN)
            buf_free(&p->wq);   /* the far side is gone; reading will say */
        break;
    }
}

static void pty_send(sess *s, const char *data, size_t n)
{
    ptyslot *p = s->tr;
    buf_add(&p->wq, data, n);
    pty_pump(p);
    if (buf_avail(&p->wq))
        pty_watch(p);   /* now also for writable */
}

static size_t pty_backlog(sess *s)
{
    ptyslot *p = s->tr;
    return buf_avail(&p->wq);
}

static void pty_close(sess *s)
{
    ptyslot *p = s->tr;
    if (!s->line_down)
        pty_pump(p);
    buf_free(&p->wq);
    p->s = NULL;
    sess_unref(s);
    if (s->line_down)
        pty_wait_reopen(p);
    else
        pty_watch(p);   /* still attached: ready for the next Return */
}

static const sess_ops pty_ops = { "pty", pty_send, pty_backlog, pty_close };

/* ---- reading -------------------------------------------------------- */

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
    p->s->ld.strip8 = 1;
    srv_log("start pty %s session=%llu", p->s->peer,
            (unsigned long long)p->s->id);
    sess_start(p->s, pty_session);
}

static void pty_hangup(ptyslot *p)
{
    uv_poll_stop(&p->poll);
    p->poll_events = 0;
    if (p->s)
        sess_line_down(p->s);   /* pty_close follows when the game ends */
    else
        pty_wait_reopen(p);
}

static void pty_event(uv_poll_t *h, int status, int events)
{
    ptyslot *p = h->data;
    if (status < 0 || (events & UV_DISCONNECT)) {
        pty_hangup(p);
        return;
    }
    if (events & UV_WRITABLE) {
        pty_pump(p);
        if (!buf_avail(&p->wq))
            pty_watch(p);
    }
    if (!(events & UV_READABLE))
        return;
    unsigned char chunk[4096];
    ssize_t n = read(p->master, chunk, sizeof chunk);
    if (n < 0 && (errno == EAGAIN || errno == EINTR))
        return;
    if (n <= 0) {
        pty_hangup(p);
        return;
    }
    if (p->s) {
        sess_input(p->s, chunk, (size_t)n);
        return;
    }
    /* Idle: the session begins with Return; anything before it is line
     * noise from whatever attached. */
    for (ssize_t i = 0; i < n; i++) {
        int c = chunk[i] & 0x7f;
        if (c == '\r' || c == '\n') {
            pty_start(p);
            break;
        }
    }
}

static void pty_watch(ptyslot *p)
{
    int events = UV_READABLE | UV_DISCONNECT;
    if (buf_avail(&p->wq))
        events |= UV_WRITABLE;
    if (p->poll_events != events) {
        p->poll_events = events;
        uv_poll_start(&p->poll, events, pty_event);
    }
}

/* ---- hung up: wait for the slave to be opened again ----------------- */

static void pty_hup_check(uv_timer_t *t)
{
    ptyslot *p = t->data;
    struct pollfd pfd = { p->master, POLLIN, 0 };
    if (poll(&pfd, 1, 0) >= 0 && !(pfd.revents & POLLHUP)) {
        uv_timer_stop(&p->hup_timer);
        pty_watch(p);
    }
}

static void pty_wait_reopen(ptyslot *p)
{
    uv_poll_stop(&p->poll);
    p->poll_events = 0;
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

int ptyline_open(int n, const char *link_dir, const profile *prof)
{
    pty_profile = prof;
    pty_slots = calloc((size_t)n, sizeof *pty_slots);
    if (!pty_slots)
        return -1;
    for (int i = 0; i < n; i++) {
        ptyslot *p = &pty_slots[i];
        p->idx = i;
        p->master = posix_openpt(O_RDWR | O_NOCTTY | O_NONBLOCK);
        if (p->master < 0 || grantpt(p->master) != 0 ||
            unlockpt(p->master) != 0 ||
            ptsname_r(p->master, p->slave, sizeof p->slave) != 0) {
            fprintf(stderr, "ttyarcade: cannot open a pty: %s\n",
                    strerror(errno));
            return -1;
        }
        fcntl(p->master, F_SETFD, FD_CLOEXEC);
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
        uv_poll_init(srv_loop, &p->poll, p->master);
        uv_timer_init(srv_loop, &p->hup_timer);
        p->poll.data = p->hup_timer.data = p;
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
            uv_poll_stop(&p->poll);
        if (p->link[0])
            unlink(p->link);
    }
}
