/*
 * tnet_proto.c - telnet negotiation on libtelnet.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stddef.h>
#include <stdarg.h>

#include <libtelnet.h>
#include <stdlib.h>
#include <string.h>

#include "tnet_proto.h"

struct tnet_proto {
    telnet_t *tn;
    tnet_cb cb;
    int settled;
    int answered;
    int scan;           /* tnet_scan's state */
    unsigned char cmd;
};

/* What this server will do and what it accepts the client doing; libtelnet
 * answers the client's requests from this table (RFC 1143's Q method). */
static const telnet_telopt_t tnet_opts[] = {
    { TELNET_TELOPT_ECHO, TELNET_WILL, TELNET_DONT },
    { TELNET_TELOPT_SGA, TELNET_WILL, TELNET_DO },
    { TELNET_TELOPT_NAWS, TELNET_WONT, TELNET_DO },
    { TELNET_TELOPT_TTYPE, TELNET_WONT, TELNET_DO },
    { -1, 0, 0 }
};

static void tnet_event(telnet_t *tn, telnet_event_t *ev, void *user)
{
    tnet_proto *p = user;
    (void)tn;
    switch (ev->type) {
    case TELNET_EV_DATA:
        p->cb.data(p->cb.ctx, (const unsigned char *)ev->data.buffer,
                   ev->data.size);
        break;
    case TELNET_EV_SEND:
        p->cb.wire(p->cb.ctx, ev->data.buffer, ev->data.size);
        break;
    case TELNET_EV_DO:
        p->answered = 1;
        if (ev->neg.telopt == TELNET_TELOPT_ECHO)
            p->cb.echo(p->cb.ctx, 0);
        break;
    case TELNET_EV_DONT:
        p->answered = 1;
        if (ev->neg.telopt == TELNET_TELOPT_ECHO)
            p->cb.echo(p->cb.ctx, 1);
        break;
    case TELNET_EV_WILL:
        p->answered = 1;
        if (ev->neg.telopt == TELNET_TELOPT_TTYPE)
            telnet_ttype_send(p->tn);
        break;
    case TELNET_EV_WONT:
        p->answered = 1;
        if (ev->neg.telopt == TELNET_TELOPT_TTYPE)
            p->settled = 1;
        break;
    case TELNET_EV_TTYPE:
        if (ev->ttype.cmd == TELNET_TTYPE_IS && ev->ttype.name) {
            p->cb.ttype(p->cb.ctx, ev->ttype.name);
            p->settled = 1;
        }
        break;
    case TELNET_EV_SUBNEGOTIATION:
        if (ev->sub.telopt == TELNET_TELOPT_NAWS && ev->sub.size == 4) {
            const unsigned char *b = (const unsigned char *)ev->sub.buffer;
            p->cb.naws(p->cb.ctx, b[0] << 8 | b[1], b[2] << 8 | b[3]);
        }
        break;
    case TELNET_EV_ERROR:
        if (p->cb.error)
            p->cb.error(p->cb.ctx, ev->error.msg);
        break;
    default:
        break;
    }
}

tnet_proto *tnet_proto_new(const tnet_cb *cb)
{
    tnet_proto *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->cb = *cb;
    p->tn = telnet_init(tnet_opts, tnet_event, 0, p);
    if (!p->tn) {
        free(p);
        return NULL;
    }
    telnet_negotiate(p->tn, TELNET_WILL, TELNET_TELOPT_ECHO);
    telnet_negotiate(p->tn, TELNET_WILL, TELNET_TELOPT_SGA);
    telnet_negotiate(p->tn, TELNET_DO, TELNET_TELOPT_NAWS);
    telnet_negotiate(p->tn, TELNET_DO, TELNET_TELOPT_TTYPE);
    return p;
}

void tnet_proto_free(tnet_proto *p)
{
    if (!p)
        return;
    telnet_free(p->tn);
    free(p);
}

/*
 * libtelnet reports a refusal of something we asked for (DONT ECHO, WONT
 * TTYPE answering our WILL / DO) by quietly marking the option off, with
 * no event.  A refusal is news to us, though: the client will echo for
 * itself, no terminal type is coming.  So the negotiation commands are
 * also read here, beside libtelnet, skipping subnegotiation data.
 */
static void tnet_scan(tnet_proto *p, const unsigned char *b, size_t n)
{
    enum { TEXT, IAC, OPT, SB, SB_IAC };
    for (size_t i = 0; i < n; i++) {
        unsigned char c = b[i];
        switch (p->scan) {
        case TEXT:
            if (c == TELNET_IAC)
                p->scan = IAC;
            break;
        case IAC:
            if (c >= TELNET_WILL && c <= TELNET_DONT) {
                p->cmd = c;
                p->scan = OPT;
            } else {
                p->scan = c == TELNET_SB ? SB : TEXT;
            }
            break;
        case OPT:
            p->answered = 1;
            if (p->cmd == TELNET_WONT && c == TELNET_TELOPT_TTYPE)
                p->settled = 1;
            if (p->cmd == TELNET_DONT && c == TELNET_TELOPT_ECHO)
                p->cb.echo(p->cb.ctx, 1);
            p->scan = TEXT;
            break;
        case SB:
            if (c == TELNET_IAC)
                p->scan = SB_IAC;
            break;
        case SB_IAC:
            p->scan = c == TELNET_SE ? TEXT : SB;
            break;
        }
    }
}

void tnet_proto_recv(tnet_proto *p, const char *bytes, size_t n)
{
    tnet_scan(p, (const unsigned char *)bytes, n);
    telnet_recv(p->tn, bytes, n);
}

void tnet_proto_send(tnet_proto *p, const char *text, size_t n)
{
    size_t start = 0;
    for (size_t i = 0; i < n; i++) {
        /* NVT: a carriage return that is not part of CR LF goes as CR NUL,
         * or the client would take the next byte as part of it. */
        if (text[i] == '\r' && (i + 1 >= n || text[i + 1] != '\n')) {
            telnet_send(p->tn, text + start, i + 1 - start);
            telnet_send(p->tn, "", 1);
            start = i + 1;
        }
    }
    if (start < n)
        telnet_send(p->tn, text + start, n - start);
}

int tnet_proto_settled(const tnet_proto *p)
{
    return p->settled;
}

int tnet_proto_answered(const tnet_proto *p)
{
    return p->answered;
}
