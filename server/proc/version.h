/*
 * version.h - which ttyarcade this is: `git describe` and the commit at
 * build time, or what a tarball made by `git archive` wrote into
 * dist/version ("unknown" when neither is there).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef VERSION_H
#define VERSION_H

extern const char ttyarcade_version[];
extern const char ttyarcade_commit[];

#endif
