/*
 * tnet.h - telnet listeners.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef TNET_H
#define TNET_H

#include <sys/socket.h>

/* Where "[ADDR:]PORT" says to listen: ADDR an IPv4 or IPv6 address
 * ([IPv6] with a port) or a host name (its first address); none: every
 * address (IPv6 "::", which takes IPv4 too where the system allows);
 * PORT 0..65535, digits only.  0, or -1 after a message naming the
 * option. */
int tnet_parse(const char *spec, struct sockaddr_storage *addr, int *any);
/* Listen on "[ADDR:]PORT" (see tnet_parse); pace: the line speed its
 * sessions' output is paced to (0: none). */
int tnet_listen(const char *spec, int pace);
/* Stop accepting (shutdown). */
void tnet_stop(void);

#endif
