/*
 * privs.h - `serve --user NAME`: give up root once the listeners are
 * open, so a privileged port (telnet's 23) never means games run as root.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef PRIVS_H
#define PRIVS_H

/* Checks that NAME exists and that the switch is possible (root, or
 * already that user); prints why not and returns -1. */
int privs_check(const char *user);
/* Becomes NAME (groups, gid, uid, for good), after creating the data
 * directory for it if it is missing; then checks that the directory is
 * writable.  Prints why not and returns -1. */
int privs_drop(const char *user, const char *datadir);

#endif
