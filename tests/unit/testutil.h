/*
 * testutil.h - small helpers the unit suites share.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef TESTUTIL_H
#define TESTUTIL_H

#include <stddef.h>
#include <stdio.h>
#include <sys/wait.h>

#include "memline.h"

/* A fresh directory under $TMPDIR (or /tmp); removed by tu_rmdir. */
void tu_tempdir(char *out, size_t size);
void tu_rmdir(const char *dir);
/* A fresh directory in tu_dir for each test of the case: made before the
 * test, removed after it (a Check checked fixture, so in the test's own
 * process). */
struct TCase;
extern char tu_dir[256];
void tu_tempdir_each(struct TCase *tc);
/* Run a session on the in-memory line; the output with the teletype's
 * padding NULs taken out (malloc'd). */
char *tu_run(const memline_opts *o, const char *input);
/* tu_run for a test: a session that gives no output fails it. */
char *tu_run_ok(const memline_opts *o, const char *input);
/* The resume code told after the first marker in out, into code (the
 * test fails if the marker is not there); where the text goes on after
 * the code. */
const char *tu_code(const char *out, const char *marker,
                    char code[TTY_CODE_SIZE]);
/* A file of the source tree ($TTY_TOP, set by make), malloc'd. */
char *tu_read_top(const char *path);
/* Run a Check suite; the exit status for main (0: every test passed). */
struct Suite;
int tu_run_suite(struct Suite *s);
/* Count of non-overlapping occurrences of needle in hay. */
int tu_count(const char *hay, const char *needle);
/* Does out say words, wherever its lines were broken?  Line ends and runs
 * of blanks count as one blank in both (running text wrapped to a
 * terminal, games/wrap.h). */
int tu_says(const char *out, const char *words);
/* Run a command-line tool that prints to the streams it is given; what it
 * printed on out goes to *text (malloc'd), err is thrown away. */
typedef int (*tu_tool_fn)(FILE *out, FILE *err, int argc, char **argv);
int tu_tool(tu_tool_fn fn, char **text, int argc, char **argv);
/* Run a tool's main that prints on the process's own stdout; what it
 * printed goes to out (NUL-terminated, cut to size), and its stderr too
 * when with_err, otherwise thrown away. */
typedef int (*tu_main_fn)(int argc, char **argv);
int tu_tool_stdio(tu_main_fn fn, char *out, size_t size, int with_err,
                  int argc, char **argv);
/* A PostgreSQL of the suite's own (tests/pg/pgtmp.sh, on a unix socket in
 * a temporary directory), removed when the suite's process exits; its
 * conninfo in out.  Exits if it cannot start. */
void tu_pg_start(char *out, size_t size);
/* pgtmp.sh stop|restart on it: the command's exit status. */
int tu_pg(const char *verb);
/* A game's hall of fame as a session on the data directory prints it
 * (malloc'd). */
char *tu_hof(const char *data, const char *game);

#endif
