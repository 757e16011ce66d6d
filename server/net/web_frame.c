/*
 * web_frame.c - the client frames' mask bit (see web_frame.h).
 *
 * A frame (RFC 6455 5.2): byte 0 FIN, RSV, opcode; byte 1 MASK and a
 * 7-bit length, 126 or 127 meaning 2 or 8 bytes of length follow; the
 * 4-byte masking key when MASK is set; then the payload.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <string.h>

#include "web_frame.h"

enum {
    WEB_FRAME_HEAD0,            /* a frame's first byte */
    WEB_FRAME_HEAD1,            /* MASK and the 7-bit length (first held) */
    WEB_FRAME_LEN,              /* the extended length */
    WEB_FRAME_KEY,              /* the masking key */
    WEB_FRAME_PAYLOAD,
    WEB_FRAME_BAD,              /* an unmasked frame came: nothing more */
};

/* The length is known: the key comes next. */
static void web_frame_sized(web_frame *f)
{
    f->part = WEB_FRAME_KEY;
    f->left = 4;
}

/* The key has passed: the payload, or the next frame if it has none. */
static void web_frame_keyed(web_frame *f)
{
    f->part = f->payload ? WEB_FRAME_PAYLOAD : WEB_FRAME_HEAD0;
    f->left = f->payload;
}

int web_frame_feed(web_frame *f, const unsigned char *in, size_t n,
                   unsigned char *out, size_t *nout)
{
    size_t o = 0, i = 0;
    *nout = 0;
    if (f->part == WEB_FRAME_BAD)
        return -1;
    while (i < n) {
        unsigned char c = in[i];
        switch (f->part) {
        case WEB_FRAME_HEAD0:
            f->first = c;
            f->part = WEB_FRAME_HEAD1;
            i++;
            continue;           /* held until MASK is seen */
        case WEB_FRAME_HEAD1:
            if (!(c & 0x80)) {
                f->part = WEB_FRAME_BAD;
                *nout = o;
                return -1;
            }
            out[o++] = f->first;
            out[o++] = c;
            i++;
            f->payload = c & 0x7f;
            if (f->payload >= 126) {
                f->left = f->payload == 126 ? 2 : 8;
                f->payload = 0;
                f->part = WEB_FRAME_LEN;
            } else {
                web_frame_sized(f);
            }
            continue;
        case WEB_FRAME_LEN:
            f->payload = f->payload << 8 | c;
            out[o++] = c;
            i++;
            if (--f->left == 0)
                web_frame_sized(f);
            continue;
        case WEB_FRAME_KEY:
            out[o++] = c;
            i++;
            if (--f->left == 0)
                web_frame_keyed(f);
            continue;
        default: {              /* WEB_FRAME_PAYLOAD: in bulk */
            size_t take = n - i;
            if ((uint64_t)take > f->left)
                take = (size_t)f->left;
            memcpy(out + o, in + i, take);
            o += take;
            i += take;
            f->left -= take;
            if (f->left == 0)
                f->part = WEB_FRAME_HEAD0;
            continue;
        }
        }
    }
    *nout = o;
    return 0;
}

size_t web_frame_close(unsigned char *out, unsigned code, const char *reason)
{
    size_t r = strlen(reason);
    if (r > 123)
        r = 123;
    out[0] = 0x88;                      /* FIN, Close */
    out[1] = (unsigned char)(0x80 | (2 + r));
    /* A key of zeros is a key (RFC 6455 5.3 asks only that a browser's
     * be unpredictable): the payload reads as written. */
    memset(out + 2, 0, 4);
    out[6] = (unsigned char)(code >> 8);
    out[7] = (unsigned char)code;
    memcpy(out + 8, reason, r);
    return 8 + r;
}
