/*
 * fuzz_telnet.c - bytes from the network through the telnet protocol and
 * the line discipline, and the keys' echo back through the profile
 * filters: nothing a client sends may crash the server or make it send
 * malformed telnet.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "ldisc.h"
#include "profile.h"
#include "tnet_proto.h"

typedef struct fz {
    ldisc ld;
    pfilter pf;
    buf wire, echo;
} fz;

static void fz_key(void *ctx, int key)
{
    fz *f = ctx;
    char c = (char)(key & 0x7f);
    if (key >= 0x20 && key < 0x7f)
        pfilter_run(&f->pf, &c, 1, &f->echo);
    else if (key == '\r')
        pfilter_run(&f->pf, "\n", 1, &f->echo);
}

static void fz_wire(void *ctx, const char *p, size_t n)
{
    buf_add(&((fz *)ctx)->wire, p, n);
}

static void fz_data(void *ctx, const unsigned char *p, size_t n)
{
    fz *f = ctx;
    ldisc_feed(&f->ld, p, n, fz_key, f);
}

static void fz_ttype(void *ctx, const char *name)
{
    fz *f = ctx;
    const profile *p = profile_for_ttype(name);
    pfilter_init(&f->pf, p, p->width);
    f->ld.upper = (unsigned)p->upper;
}

static void fz_naws(void *ctx, int w, int h) { (void)ctx; (void)w; (void)h; }
static void fz_echo(void *ctx, int remote) { (void)ctx; (void)remote; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f;
    memset(&f, 0, sizeof f);
    pfilter_init(&f.pf, profile_find("asr33"), 72);
    tnet_cb cb = { &f, fz_wire, fz_data, fz_ttype, fz_naws, fz_echo, NULL };
    tnet_proto *p = tnet_proto_new(&cb);
    /* Feed in two pieces so state carried across reads is exercised. */
    size_t half = size / 2;
    tnet_proto_recv(p, (const char *)data, half);
    tnet_proto_recv(p, (const char *)data + half, size - half);
    ldisc_timeout(&f.ld, fz_key, &f);
    /* Whatever was echoed goes back out as telnet text. */
    tnet_proto_send(p, buf_data(&f.echo), buf_avail(&f.echo));
    /* And so do the raw bytes, every value among them: the server never
     * sends a lone IAC (every 0xff of text is doubled) nor a bare CR (it
     * is followed by LF or NUL). */
    size_t mark = buf_avail(&f.wire);
    tnet_proto_send(p, (const char *)data, size);
    const unsigned char *w = (const unsigned char *)buf_data(&f.wire) + mark;
    size_t n = buf_avail(&f.wire) - mark;
    for (size_t i = 0; i < n; i++) {
        if (w[i] == 0xff) {
            if (i + 1 >= n || w[i + 1] != 0xff)
                abort();
            i++;
        } else if (w[i] == '\r' && (i + 1 >= n ||
                                    (w[i + 1] != '\n' && w[i + 1] != 0))) {
            abort();
        }
    }
    tnet_proto_free(p);
    buf_free(&f.wire);
    buf_free(&f.echo);
    return 0;
}
