/*
 * stdioline.h - a session on this process's stdin and stdout.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef STDIOLINE_H
#define STDIOLINE_H

#include "sess.h"

/* p NULL: from $TERM when stdout is a terminal, else glass. */
sess *stdioline_open(const profile *p);

#endif
