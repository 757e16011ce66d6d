/*
 * resource.h - the share directory and the resources in it.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef RESOURCE_H
#define RESOURCE_H

#include "tty.h"

#define RESOURCE_NAME 32
#define RESOURCE_MAX (4 << 20)

const char *resource_share(void);
/* Names (without .txt) of KIND's resources, sorted; from a coroutine. */
int resource_list(tty_io *io, const char *kind, char (*names)[RESOURCE_NAME],
                  int max);

#endif
