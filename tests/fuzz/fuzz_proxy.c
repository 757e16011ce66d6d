/*
 * fuzz_proxy.c - any bytes where a PROXY protocol header is expected: the
 * parser never reads past what it was given, never claims more bytes than
 * arrived, and a header it took names an address the log can print.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "proxyproto.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* A copy of exactly the bytes given, so a read past them is caught. */
    unsigned char *b = malloc(size ? size : 1);
    if (!b)
        return 0;
    memcpy(b, data, size);
    pp_result r;
    memset(&r, 0, sizeof r);
    int rc = pp_parse(b, size, &r);
    if (rc == PP_DONE) {
        if (r.used == 0 || r.used > size || r.used > PP_MAX)
            abort();
        char host[64], peer[80];
        if (!r.local)
            pp_name(&r.src, host, sizeof host, peer, sizeof peer);
    } else if (rc == PP_MORE && size >= PP_MAX) {
        abort();                    /* must decide within PP_MAX bytes */
    }
    free(b);
    return 0;
}
