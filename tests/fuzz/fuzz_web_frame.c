/*
 * fuzz_web_frame.c - a client's bytes, anything at all, through the
 * relay's reading of WebSocket frames (web_frame.h), in pieces the input
 * chooses.  What passes is always the start of what came, the same
 * whatever the pieces, and never more than the input; once a stop is
 * given nothing passes again; the Close it makes is always a frame it
 * reads.
 *
 * Input: one byte of piece size (1 + byte), then the client's bytes.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "web_frame.h"

/* Everything that passes, fed in pieces of step; *stopped at a stop. */
static size_t fz_feed(const uint8_t *in, size_t n, size_t step,
                      unsigned char *out, int *stopped)
{
    unsigned char piece[257];
    web_frame f;
    memset(&f, 0, sizeof f);
    size_t got = 0;
    *stopped = 0;
    for (size_t at = 0; at < n; at += step) {
        size_t take = n - at < step ? n - at : step, nout;
        int rc = web_frame_feed(&f, in + at, take, piece, &nout);
        if (nout > take + 1)
            abort();
        memcpy(out + got, piece, nout);
        got += nout;
        if (rc < 0) {
            *stopped = 1;
            if (web_frame_feed(&f, in, n < 256 ? n : 256, piece, &nout) != -1 ||
                nout)
                abort();
            break;
        }
    }
    return got;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    size_t step = 1 + (size_t)data[0];
    const uint8_t *in = data + 1;
    size_t n = size - 1;
    unsigned char *a = malloc(n + 1), *b = malloc(n + 1);
    if (!a || !b)
        abort();
    int sa, sb;
    size_t na = fz_feed(in, n, step, a, &sa);
    size_t nb = fz_feed(in, n, 1, b, &sb);
    if (na > n || na != nb || sa != sb || memcmp(a, in, na) != 0 ||
        memcmp(b, in, nb) != 0)
        abort();
    free(a);
    free(b);
    unsigned char c[8 + 123], out[8 + 123 + 1];
    char reason[130];
    size_t r = n < sizeof reason - 1 ? n : sizeof reason - 1;
    for (size_t i = 0; i < r; i++)
        reason[i] = in[i] ? (char)in[i] : 'x';
    reason[r] = 0;
    size_t cn = web_frame_close(c, 1002, reason), nout;
    web_frame f;
    memset(&f, 0, sizeof f);
    if (cn > sizeof c || web_frame_feed(&f, c, cn, out, &nout) != 0 ||
        nout != cn)
        abort();
    return 0;
}
