/*
 * benchutil.h - what the benchmarks that start servers share.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef BENCHUTIL_H
#define BENCHUTIL_H

#include <sys/types.h>

/* A file's text (a server's log), NUL-terminated, in a buffer of its own
 * that the next call reuses (at most 256 KiB read); NULL if it cannot be
 * opened. */
char *bench_read(const char *path);
/* Start argv[0] with argv, its standard output and error to the file out
 * (created if need be): its pid, or -1 (after a message). */
pid_t bench_spawn(char *const argv[], const char *out);

#endif
