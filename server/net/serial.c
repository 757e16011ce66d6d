/*
 * serial.c - serial lines: a teletype on a current-loop adapter, a glass
 * terminal on RS-232, a USB serial adapter, with no getty and no shell in
 * between.
 *
 * `--serial DEV[:BAUD[:FRAMING[:xon]]]` opens DEV in raw mode at BAUD.
 * The UART always runs 8 data bits; a 7-bit framing (7E1, 7O1, 7M1, 7S1,
 * with 2 stop bits where asked) is made in software by putting the parity
 * in the eighth bit, which is the same on the wire, works on every UART
 * and on a pty standing in for one (a pty has no UART).  Parity is
 * stripped on input.  Output is paced to the line's speed by the session,
 * so a pty gets what a real line would.  XON/XOFF from the far end
 * (":xon") stops and restarts the output.
 *
 * When the device goes away (a USB adapter unplugged, the far end of a
 * pty closed) its session ends, saving its game; nothing else is
 * disturbed, and the device is opened again once it is back.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include "fdline.h"
#include "menu.h"
#include "serial.h"
#include "sess.h"
#include "srv.h"

#define SERIAL_MAX 16
#define SERIAL_RETRY_MS 1000

typedef struct serial_line {
    char dev[PATH_MAX];
    serial_framing fr;
    int xon;
    fdline line;
    uv_timer_t retry;
    sess *s;
    int logged_absent;
} serial_line;

static serial_line serial_lines[SERIAL_MAX];
static int serial_count;
static const profile *serial_profile;

static const struct { int baud; speed_t code; } serial_speeds[] = {
    { 50, B50 }, { 75, B75 }, { 110, B110 }, { 134, B134 }, { 150, B150 },
    { 200, B200 }, { 300, B300 }, { 600, B600 }, { 1200, B1200 },
    { 1800, B1800 }, { 2400, B2400 }, { 4800, B4800 }, { 9600, B9600 },
    { 19200, B19200 }, { 38400, B38400 }, { 0, 0 }
};

/* ---- framing -------------------------------------------------------- */

int serial_parse(const char *spec, char *dev, size_t devsize,
                 serial_framing *fr, int *xon)
{
    char copy[PATH_MAX + 64];
    snprintf(copy, sizeof copy, "%s", spec);
    fr->baud = 9600;
    fr->data = 8;
    fr->parity = 'N';
    fr->stop = 1;
    *xon = 0;
    char *field[4] = { copy, NULL, NULL, NULL };
    for (int i = 1; i < 4; i++) {
        char *colon = field[i - 1] ? strchr(field[i - 1], ':') : NULL;
        if (!colon)
            break;
        *colon = 0;
        field[i] = colon + 1;
    }
    if (!field[0][0])
        return -1;
    snprintf(dev, devsize, "%s", field[0]);
    if (field[1] && field[1][0]) {
        char *end;
        long b = strtol(field[1], &end, 10);
        int ok = 0;
        for (int i = 0; serial_speeds[i].baud; i++)
            ok |= serial_speeds[i].baud == b;
        if (*end || !ok || b < 110)
            return -1;
        fr->baud = (int)b;
    }
    if (field[2] && field[2][0]) {
        const char *f = field[2];
        char par = (char)(f[1] >= 'a' ? f[1] - 32 : f[1]);
        if (strlen(f) != 3 || (f[0] != '7' && f[0] != '8') ||
            !strchr("NEOMS", par) || (f[2] != '1' && f[2] != '2'))
            return -1;
        if (f[0] == '8' && par != 'N')
            return -1;      /* eight data bits and a parity bit: no */
        if (f[0] == '7' && par == 'N')
            return -1;      /* seven bits need a parity to fill the eighth */
        fr->data = f[0] - '0';
        fr->parity = par;
        fr->stop = f[2] - '0';
    }
    if (field[3]) {
        if (strcmp(field[3], "xon") != 0)
            return -1;
        *xon = 1;
    }
    return 0;
}

int serial_bits_per_char(const serial_framing *fr)
{
    return 1 + fr->data + (fr->parity != 'N') + fr->stop;
}

unsigned char serial_with_parity(unsigned char c, char parity)
{
    c &= 0x7f;
    int ones = __builtin_popcount(c);
    switch (parity) {
    case 'E': return (ones & 1) ? (unsigned char)(c | 0x80) : c;
    case 'O': return (ones & 1) ? c : (unsigned char)(c | 0x80);
    case 'M': return (unsigned char)(c | 0x80);
    default:  return c;     /* 'S': space, the eighth bit always 0 */
    }
}

/* ---- the session's line --------------------------------------------- */

static void serial_send(sess *s, const char *p, size_t n)
{
    serial_line *l = s->tr;
    if (l->fr.data == 8) {
        fdline_send(&l->line, p, n);
        return;
    }
    char chunk[512];
    while (n) {
        size_t k = n < sizeof chunk ? n : sizeof chunk;
        for (size_t i = 0; i < k; i++)
            chunk[i] = (char)serial_with_parity((unsigned char)p[i],
                                                l->fr.parity);
        fdline_send(&l->line, chunk, k);
        p += k;
        n -= k;
    }
}

static size_t serial_backlog(sess *s)
{
    serial_line *l = s->tr;
    return fdline_backlog(&l->line);
}

static void serial_reopen_later(serial_line *l);

static void serial_close(sess *s)
{
    serial_line *l = s->tr;
    if (!s->line_down)
        fdline_pump(&l->line);
    l->s = NULL;
    l->line.held = 0;
    sess_unref(s);
    if (l->line.fd >= 0)
        fdline_watch(&l->line);     /* ready for the next Return */
}

/* Leave what the far end sends ahead in the device until the game takes
 * keys.  Not with XON/XOFF: its DC1 and DC3 must be seen at once, and a
 * teletype's own typing is slow enough to hold in memory. */
static void serial_hold(sess *s, int on)
{
    serial_line *l = s->tr;
    if (!l->xon && !s->line_down && l->line.fd >= 0)
        fdline_hold(&l->line, on);
}

static const sess_ops serial_ops = {
    .name = "serial",
    .send = serial_send,
    .backlog = serial_backlog,
    .close = serial_close,
    .hold = serial_hold,
};

static void serial_session(sess *s)
{
    menu_main(s);
}

static void serial_start(serial_line *l)
{
    if (srv_stopping || sess_count() >= srv.max_sessions)
        return;
    l->s = sess_new(&serial_ops, l, l->dev, serial_profile);
    sess_set_strip8(l->s, 1);
    sess_set_baud(l->s, l->fr.baud, serial_bits_per_char(&l->fr));
    srv_log("start serial %s session=%llu", l->dev,
            (unsigned long long)l->s->id);
    sess_start(l->s, serial_session);
}

static void serial_read(fdline *fl, unsigned char *p, size_t n)
{
    serial_line *l = fl->owner;
    if (l->xon) {
        /* DC3 stops our output, DC1 starts it again; neither is a key. */
        size_t k = 0;
        for (size_t i = 0; i < n; i++) {
            int c = p[i] & 0x7f;
            if ((c == 0x13 || c == 0x11) && l->s)
                sess_pause_output(l->s, c == 0x13);
            else if (c != 0x13 && c != 0x11)
                p[k++] = p[i];
        }
        n = k;
    }
    if (!n)
        return;
    if (l->s)
        sess_input(l->s, p, n);
    else if (sess_line_wants_return(p, n))
        serial_start(l);
}

static void serial_progress(fdline *fl)
{
    serial_line *l = fl->owner;
    if (l->s)
        sess_output_progress(l->s);
}

static void serial_hangup(fdline *fl)
{
    serial_line *l = fl->owner;
    srv_log("serial %s: the line is gone", l->dev);
    fdline_close_fd(&l->line);
    if (l->s)
        sess_line_down(l->s);   /* its game saves; serial_close follows */
    serial_reopen_later(l);
}

/* ---- opening (and opening again) ------------------------------------ */

static int serial_configure(int fd, const serial_framing *fr)
{
    struct termios t;
    if (tcgetattr(fd, &t) != 0)
        return -1;
    cfmakeraw(&t);
    t.c_cflag &= ~(tcflag_t)(CSIZE | PARENB | PARODD | CSTOPB | CRTSCTS);
    t.c_cflag |= CS8 | CREAD | CLOCAL;
    if (fr->stop == 2)
        t.c_cflag |= CSTOPB;
    t.c_iflag &= ~(tcflag_t)(IXON | IXOFF | IXANY | ISTRIP | INPCK);
    t.c_cc[VMIN] = 1;
    t.c_cc[VTIME] = 0;
    speed_t code = B9600;
    for (int i = 0; serial_speeds[i].baud; i++)
        if (serial_speeds[i].baud == fr->baud)
            code = serial_speeds[i].code;
    cfsetispeed(&t, code);
    cfsetospeed(&t, code);
    return tcsetattr(fd, TCSANOW, &t);
}

static int serial_try_open(serial_line *l)
{
    int fd = open(l->dev, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        if (!l->logged_absent)
            srv_log("serial %s: %s (trying again every second)", l->dev,
                    strerror(errno));
        l->logged_absent = 1;
        return -1;
    }
    if (serial_configure(fd, &l->fr) != 0) {
        srv_log("serial %s: not a terminal device: %s", l->dev,
                strerror(errno));
        close(fd);
        l->logged_absent = 1;
        return -1;
    }
    l->logged_absent = 0;
    fdline_init(&l->line, fd);
    l->line.owner = l;
    l->line.on_read = serial_read;
    l->line.on_hangup = serial_hangup;
    l->line.on_progress = serial_progress;
    fdline_watch(&l->line);
    srv_log("listen serial %s %d baud %d%c%d%s", l->dev, l->fr.baud,
            l->fr.data, l->fr.parity, l->fr.stop, l->xon ? " xon" : "");
    return 0;
}

static void serial_retry(uv_timer_t *t)
{
    serial_line *l = t->data;
    if (srv_stopping || l->s)
        return;     /* a session still unwinding holds the line */
    if (serial_try_open(l) == 0)
        uv_timer_stop(&l->retry);
}

static void serial_reopen_later(serial_line *l)
{
    if (!srv_stopping)
        uv_timer_start(&l->retry, serial_retry, SERIAL_RETRY_MS,
                       SERIAL_RETRY_MS);
}

int serial_open(const char *spec, const profile *prof)
{
    serial_profile = prof;
    if (serial_count == SERIAL_MAX) {
        fprintf(stderr, "ttyarcade: at most %d serial lines\n", SERIAL_MAX);
        return -1;
    }
    serial_line *l = &serial_lines[serial_count];
    memset(l, 0, sizeof *l);
    l->line.fd = -1;
    if (serial_parse(spec, l->dev, sizeof l->dev, &l->fr, &l->xon) != 0) {
        fprintf(stderr, "ttyarcade: bad --serial '%s' (DEV[:BAUD[:FRAMING"
                        "[:xon]]], e.g. /dev/ttyUSB0:110:7E2)\n", spec);
        return -1;
    }
    uv_timer_init(srv_loop, &l->retry);
    l->retry.data = l;
    serial_count++;
    if (serial_try_open(l) != 0)
        serial_reopen_later(l);
    return 0;
}

int serial_reframe(const char *spec, int apply)
{
    char dev[sizeof serial_lines[0].dev];
    serial_framing fr;
    int xon;
    if (serial_parse(spec, dev, sizeof dev, &fr, &xon) != 0)
        return -1;
    for (int i = 0; i < serial_count; i++) {
        serial_line *l = &serial_lines[i];
        if (strcmp(l->dev, dev) != 0)
            continue;
        if (!apply || (fr.baud == l->fr.baud && fr.data == l->fr.data &&
                       fr.parity == l->fr.parity && fr.stop == l->fr.stop &&
                       xon == l->xon))
            return 0;
        l->fr = fr;
        l->xon = xon;
        if (l->line.fd >= 0 && serial_configure(l->line.fd, &l->fr) != 0)
            srv_log("serial %s: %s", l->dev, strerror(errno));
        if (l->s)
            sess_set_baud(l->s, l->fr.baud, serial_bits_per_char(&l->fr));
        srv_log("serial %s now %d baud %d%c%d%s", l->dev, l->fr.baud,
                l->fr.data, l->fr.parity, l->fr.stop, l->xon ? " xon" : "");
        return 0;
    }
    return -1;
}

void serial_stop(void)
{
    for (int i = 0; i < serial_count; i++) {
        uv_timer_stop(&serial_lines[i].retry);
        if (!serial_lines[i].s && serial_lines[i].line.fd >= 0)
            fdline_stop(&serial_lines[i].line);
    }
}
