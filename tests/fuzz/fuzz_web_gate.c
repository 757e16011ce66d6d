/*
 * fuzz_web_gate.c - header values from anyone on the network through the
 * web door's gate: Origin, Host, X-Forwarded-For and the operator's lists
 * parsed from arbitrary bytes.  Nothing may crash, read past a value or
 * write past the output; the client address is always an address (or the
 * peer itself); no listed origin means only the page's own host may pass.
 *
 * Input: fields separated by NUL: origin, host, peer, x-forwarded-for,
 * then any number of --http-trust-proxy and --http-origin values.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <arpa/inet.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "web_gate.h"
#include "web_route.h"

#define FZ_FIELDS 12

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *copy = malloc(size + 1);
    if (!copy)
        return 0;
    memcpy(copy, data, size);
    copy[size] = 0;
    const char *f[FZ_FIELDS];
    int n = 0;
    const char *p = copy;
    while (n < FZ_FIELDS) {
        f[n++] = p;
        size_t len = strlen(p);
        if (p + len >= copy + size)
            break;
        p += len + 1;
    }
    while (n < 4)
        f[n++] = "";
    web_gate g;
    memset(&g, 0, sizeof g);
    /* Without lists: only the page's own host, or no Origin at all. */
    int ok = web_gate_origin_ok(&g, f[0], f[1]);
    if (ok && f[0][0]) {
        const char *a = strstr(f[0], "://");
        if (!a || strncasecmp(a + 3, f[1], strlen(f[1])) != 0)
            abort();
    }
    for (int i = 4; i < n; i++) {
        if (i % 2)
            web_gate_allow_origin(&g, f[i]);
        else
            web_gate_trust_proxy(&g, f[i]);
    }
    web_gate_origin_ok(&g, f[0], f[1]);
    web_gate_is_proxy(&g, f[2]);
    char out[64];
    memset(out, 'Z', sizeof out);
    web_gate_client(&g, f[2], f[3][0] ? f[3] : NULL, out, sizeof out);
    if (!memchr(out, 0, sizeof out))
        abort();
    unsigned char bin[16];
    if (strcmp(out, f[2]) != 0 && strncmp(out, f[2], sizeof out - 1) != 0 &&
        inet_pton(AF_INET, out, bin) != 1 &&
        inet_pton(AF_INET6, out, bin) != 1)
        abort();
    web_route_find(f[0]);
    free(copy);
    return 0;
}
