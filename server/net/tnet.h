/*
 * tnet.h - telnet listeners.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef TNET_H
#define TNET_H

#include <sys/socket.h>

/* Listen on "[ADDR:]PORT" (see netspec.h); pace: the line speed its
 * sessions' output is paced to (0: none). */
int tnet_listen(const char *spec, int pace);
/* Stop accepting (shutdown). */
void tnet_stop(void);

#endif
