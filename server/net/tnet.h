/*
 * tnet.h - telnet listeners.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef TNET_H
#define TNET_H

/* Listen on "[ADDR:]PORT" (ADDR may be IPv4, IPv6 or [IPv6]; none: all);
 * pace: the line speed its sessions' output is paced to (0: none). */
int tnet_listen(const char *spec, int pace);
/* Stop accepting (shutdown). */
void tnet_stop(void);

#endif
