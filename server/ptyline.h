/*
 * ptyline.h - pseudo-terminal lines.
 */
#ifndef PTYLINE_H
#define PTYLINE_H

#include "profile.h"

/* Open n ptys; link_dir (may be NULL) gets stable symlinks ttyarcade0.. */
int ptyline_open(int n, const char *link_dir, const profile *prof);
/* Start no more sessions; remove the symlinks. */
void ptyline_stop(void);

#endif
