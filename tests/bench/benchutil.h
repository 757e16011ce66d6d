/*
 * benchutil.h - what the benchmarks that start servers share: the
 * server's process, its log and its figures, and keeping echo times.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef BENCHUTIL_H
#define BENCHUTIL_H

#include <stddef.h>
#include <sys/types.h>

/* A file's text (a server's log), NUL-terminated, in a buffer of its own
 * that the next call reuses (at most 256 KiB read); NULL if it cannot be
 * opened. */
char *bench_read(const char *path);
/* Start argv[0] with argv, its standard output and error to the file out
 * (created if need be): its pid, or -1 (after a message). */
pid_t bench_spawn(char *const argv[], const char *out);
/* The port after what ("listen telnet 127.0.0.1:") in a server's log, the
 * last line that names one; 0 if none yet. */
int bench_log_port(const char *log, const char *what);
/* bench_log_port, asking again every 50 ms for 10 s while the server
 * starts; 0 if it never said. */
int bench_wait_port(const char *log, const char *what);
/* Remove a bench's temporary directory and all in it: 0, or -1. */
int bench_rmdir(const char *dir);
/* Let this process open as many files as the hard limit allows: a bench
 * holds both ends of thousands of connections. */
void bench_nofile_max(void);

/* ---- a blocking telnet line, for a bench's threads ---- */

/* A connection from address from (127.0.0.N: a client of its own
 * address) to port on 127.0.0.1, reads timing out after 60 s; -1 if it
 * cannot be made. */
int bench_sock_open(const char *from, int port);
/* Read until one of the NULL-terminated texts arrives, answering telnet's
 * negotiation as a plain telnet at a glass terminal does (the server
 * echoes): its index, or -1 when the line closes or stays silent.  What
 * came after the text is kept for the next wait on the line. */
int bench_sock_until(int fd, const char *const *texts);
/* Close a line of bench_sock_open's, and forget what it kept. */
void bench_sock_close(int fd);
/* Write text: 0, or -1. */
int bench_sock_say(int fd, const char *text);

/* ---- a client program in Node.js (the web's benches) ---- */

/* A program of tests/bench run by node (the ws package from
 * tests/browser/node_modules), with a pipe each way: lines to its stdin,
 * lines from its stdout. */
typedef struct bench_node {
    pid_t pid;
    FILE *to, *from;
} bench_node;
/* Start TTY_TOP's tests/bench/script with args (NULL-terminated), at nice
 * 19 if yield (a load generator that lets the measured client run first);
 * exits the bench if it cannot. */
bench_node bench_node_start(const char *script, char *const args[],
                            int yield);
/* Send one line. */
void bench_node_say(bench_node *d, const char *line);
/* Read lines until one starts with word, into line: 0, or -1 if the
 * program ended first. */
int bench_node_line(bench_node *d, const char *word, char *line,
                    size_t size);
/* Close both pipes and wait for it. */
void bench_node_end(bench_node *d);

/* ---- a process's figures (Linux /proc) ---- */

/* The number after the line of /proc/PID/FILE that starts with key, in
 * the file's unit (KiB for "VmRSS:" in status, "Pss:" in smaps_rollup);
 * -1 if there is none. */
long bench_proc_kib(int pid, const char *file, const char *key);
/* CPU seconds (user and system) a process has used, or with comm its
 * thread of that name (0 when there is none). */
double bench_cpu_s(int pid, const char *comm);

/* ---- echo times ---- */

/* Times in milliseconds, as many as come. */
typedef struct bench_lat {
    double *ms;
    size_t n, cap;
} bench_lat;

void bench_lat_add(bench_lat *l, double ms);
/* Sort them, for bench_lat_pct. */
void bench_lat_sort(bench_lat *l);
/* The pct-th percentile of the sorted times (100: the largest); n > 0. */
double bench_lat_pct(const bench_lat *l, int pct);
void bench_lat_free(bench_lat *l);

#endif
