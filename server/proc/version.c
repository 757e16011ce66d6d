/*
 * version.c - the version make wrote into build/gen/tty_version.h
 * (version.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "tty_version.h"
#include "version.h"

const char ttyarcade_version[] = TTY_VERSION;
const char ttyarcade_commit[] = TTY_COMMIT;
