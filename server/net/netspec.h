/*
 * netspec.h - where a listener option ("[ADDR:]PORT") says to listen, the
 * one reading of it for --telnet, --ssh and --http.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef NETSPEC_H
#define NETSPEC_H

#include <sys/socket.h>

/* ADDR is an IPv4 or IPv6 address ([IPv6] with a port) or a host name
 * (its first address); none: every address (IPv6 "::", which takes IPv4
 * too where the system allows, *any set); PORT 0..65535, digits only.
 * 0, or -1 after a message naming opt. */
int netspec_parse(const char *opt, const char *spec,
                  struct sockaddr_storage *addr, int *any);

#endif
