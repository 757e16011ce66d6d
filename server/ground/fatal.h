/*
 * fatal.h - a line in the log when the server dies of a fatal signal.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef FATAL_H
#define FATAL_H

/* From now on a crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT: a fault,
 * or an abort() in the server or a library) writes "fatal: signal N" to
 * the log's descriptor before the process ends as it would have (the
 * handlers found, a sanitizer's for one, still run); a log that takes
 * nothing for a second (a pipe nobody reads) loses the line instead of
 * holding the process.  Call once the log
 * is open; a log reopened later keeps its descriptor number (srv.c). */
void fatal_install(void);

#endif
