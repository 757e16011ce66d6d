/*
 * ptyline.h - pseudo-terminal lines.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef PTYLINE_H
#define PTYLINE_H

#include "profile.h"

/* Open n ptys; link_dir (may be NULL) gets stable symlinks ttyarcade0..;
 * pace: the line speed their output is paced to (0: none). */
int ptyline_open(int n, const char *link_dir, const profile *prof, int pace);
/* Start no more sessions; remove the symlinks. */
void ptyline_stop(void);

#endif
