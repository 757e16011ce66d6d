/*
 * netspec.c - parse a listener's "[ADDR:]PORT".
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uv.h>

#include "netspec.h"

int netspec_parse(const char *opt, const char *spec,
                  struct sockaddr_storage *addr, int *any)
{
    char host[256] = "";
    const char *port = spec;
    const char *colon = strrchr(spec, ':');
    if (colon) {
        size_t n = (size_t)(colon - spec);
        if (n >= sizeof host) {
            fprintf(stderr, "ttyarcade: %s '%s': the address is too "
                    "long\n", opt, spec);
            return -1;
        }
        memcpy(host, spec, n);
        host[n] = 0;
        port = colon + 1;
        /* [::1]:2323 */
        if (host[0] == '[') {
            char *end = strchr(host, ']');
            if (!end || end[1]) {
                fprintf(stderr, "ttyarcade: %s '%s': an IPv6 address "
                        "in brackets wants its closing ]\n", opt, spec);
                return -1;
            }
            *end = 0;
            memmove(host, host + 1, strlen(host));
        }
    }
    /* Digits only: atoi took "abc" for port 0 (a random port) and
     * "24615x" for 24615. */
    char *end;
    long portn = strtol(port, &end, 10);
    if (!*port || *end || port[0] == '-' || port[0] == '+' || portn < 0 ||
        portn > 65535) {
        fprintf(stderr, "ttyarcade: %s '%s': the port must be a "
                "number 0..65535\n", opt, spec);
        return -1;
    }
    memset(addr, 0, sizeof *addr);
    *any = !host[0];
    int rc;
    if (!host[0]) {
        /* Both families on one socket where the system allows it. */
        rc = uv_ip6_addr("::", (int)portn, (struct sockaddr_in6 *)addr);
    } else if (strchr(host, ':')) {
        rc = uv_ip6_addr(host, (int)portn, (struct sockaddr_in6 *)addr);
    } else if (uv_ip4_addr(host, (int)portn, (struct sockaddr_in *)addr) ==
               0) {
        rc = 0;
    } else {
        /* A host name (localhost, the machine's name): its first address.
         * This is start-up, before the loop runs: blocking is fine. */
        struct addrinfo hints = { .ai_family = AF_UNSPEC,
                                  .ai_socktype = SOCK_STREAM };
        struct addrinfo *res = NULL;
        int gai = getaddrinfo(host, NULL, &hints, &res);
        if (gai != 0 || !res) {
            fprintf(stderr, "ttyarcade: %s '%s': cannot resolve '%s': "
                    "%s\n", opt, spec, host, gai_strerror(gai));
            return -1;
        }
        memcpy(addr, res->ai_addr, res->ai_addrlen);
        if (addr->ss_family == AF_INET6)
            ((struct sockaddr_in6 *)addr)->sin6_port = htons((uint16_t)portn);
        else
            ((struct sockaddr_in *)addr)->sin_port = htons((uint16_t)portn);
        freeaddrinfo(res);
        rc = 0;
    }
    if (rc != 0) {
        fprintf(stderr, "ttyarcade: %s '%s': '%s' is not an address\n",
                opt, spec, host);
        return -1;
    }
    return 0;
}
