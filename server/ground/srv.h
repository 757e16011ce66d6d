/*
 * srv.h - what the whole process shares: the loop, the operator's
 * settings and the log.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef SRV_H
#define SRV_H

#include <stdint.h>
#include <stdio.h>
#include <uv.h>

#define SRV_OPTS 16

typedef struct srv_conf {
    uint64_t seed;
    int seeded;                 /* --seed given */
    int max_sessions;           /* --max-sessions */
    int max_per_addr;           /* --max-per-address */
    int idle_ms;                /* --idle (0: never) */
    int line_max;               /* longest input line */
    int out_high;               /* output backlog that suspends a game */
    int stall_ms;               /* a line that takes nothing this long is
                                   dropped */
    int stack_kib;              /* coroutine stack (address space) */
    int store_wait_ms;          /* how long a save waits for a database
                                   another process has locked */
    int pace_scale;             /* --pace-scale: every paced line this many
                                   times faster (tests) */
    int keepalive_s;            /* --keepalive: a silent line is probed
                                   after this long and found dead within
                                   twice it (0: never) */
    const char *default_game;
    const char *db;             /* --db: a postgresql:// URI or sqlite:DIR
                                   (NULL: SQLite in the data directory) */
    struct { char key[16]; char *value; } opts[SRV_OPTS];
    char *motd;                 /* --motd: the text every player is shown
                                   after the banner (NULL: none) */
} srv_conf;

extern srv_conf srv;
extern uv_loop_t *srv_loop;
extern int srv_stopping;

void srv_conf_defaults(void);
/* Operator options games read through tty_option (e.g. "wordlist");
 * value NULL removes one. */
void srv_set_option(const char *key, const char *value);
/* The message of the day (copied; NULL or "": none). */
void srv_set_motd(const char *text);
const char *srv_option(const char *key);

/* The session log: one line per session start and end. */
void srv_log_open(FILE *f);
/* Open --log FILE (appending) and remember its name; -1 if it cannot. */
int srv_log_open_path(const char *path);
/* Reopening the log (after a log rotator moved it), in two steps so that
 * a reload opens the file on a worker thread and never on the loop:
 * srv_log_name is the --log file's name (NULL when the log is no named
 * file; it never changes once serving, so any thread may read it);
 * srv_log_open_fd opens a log file for appending on any thread, without
 * waiting on a FIFO that has no reader: a descriptor, or -1; and
 * srv_log_reopen_take (the loop) puts that descriptor in the old one's
 * place: 0, -1 when the log is no named file, -2 when fd is -1 or the
 * swap failed (the old file is kept). */
const char *srv_log_name(void);
int srv_log_open_fd(const char *path);
int srv_log_reopen_take(int fd);
/* The descriptor the log is written to (standard error's when the log is
 * a stream without one). */
int srv_log_fd(void);
/* No log (ttyarcade play, unless --log is given). */
void srv_log_silence(void);
void srv_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The default data directory: $TTYARCADE_DATA or ~/.local/share/ttyarcade;
 * NULL (after a message) when HOME is unset or relative.  store_main_open
 * takes NULL as that failure.  make: create ~/.local/share if need be (a
 * server about to make its data directory there; a command that only
 * reads makes nothing). */
const char *srv_default_data(int make);

#endif
