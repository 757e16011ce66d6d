/*
 * serve_opt.h - the options of `ttyarcade serve`: one table
 * (serve_opts[], serve_opt.c) read by the command line and by the
 * configuration file alike, and the reload on SIGHUP (serve_conf.c).
 *
 * An option is one row: its name (--NAME on the command line, NAME = in
 * the file), the name of its value for the usage, its flags, the function
 * that takes its value, and its help.  SERVE_OPT_REPEAT: it may be given
 * many times (each --telnet is one more listener); otherwise the last
 * value given wins.  SERVE_OPT_LIVE: a SIGHUP that finds its value changed
 * in the file applies it at once; any other change is logged as needing
 * a restart.
 *
 * The setter takes the value (apply 1) or only judges it (apply 0: a
 * reload checks every changed value before it applies any), and returns 0,
 * or -1 after saying why with serve_opt_fail.  A live option's setter is
 * also called with value NULL when its key left the file: back to the
 * default.  A whole-number option needs no setter of its own: serve_set_int
 * with the row's to, lo, hi (and scale, unit).
 *
 * An option whose value names a file the setter reads (--motd, --wordlist)
 * has a reader too, which does all of that file's input: at start the
 * setter calls it, but on a reload it runs on libuv's pool before any
 * setter is called (a file that does not answer, a FIFO with no writer or
 * a hung network file system, must never hold up the loop), and the
 * setter takes what it found (serve_opt_use_reads).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef SERVE_OPT_H
#define SERVE_OPT_H

#include <stdio.h>

#include "profile.h"

#define SERVE_MAX_LINES 32
/* The most rows serve_opts[] may have (the table is checked against it
 * when built): the per-option state of serve_opt.c and serve_conf.c is
 * this long. */
#define SERVE_OPTS_MAX 64

enum { SERVE_OPT_REPEAT = 1, SERVE_OPT_LIVE = 2 };

typedef struct serve_opt serve_opt;
typedef int (*serve_opt_fn)(const serve_opt *o, const char *value,
                            int apply);
/* Read the file value names, on any thread (installed word lists are
 * under share): 0 and what the setter takes in *got (malloc'd), or -1 with
 * why. */
typedef int (*serve_read_fn)(const char *value, const char *share,
                             char **got, char *why, size_t n);
struct serve_opt {
    const char *name;           /* "max-sessions" */
    const char *arg;            /* "N": the value, as the usage names it */
    unsigned flags;             /* SERVE_OPT_REPEAT | SERVE_OPT_LIVE */
    serve_opt_fn set;
    const char *help;           /* lines joined by '\n' */
    /* serve_set_int's: the value's place, its range, what it is
     * multiplied by (seconds into ms), and how a bad one is refused
     * ("--NAME wants UNIT", or by default "--NAME wants a number LO..HI") */
    int *to;
    long lo, hi;
    int scale;
    const char *unit;
    serve_read_fn read;         /* the value names a file the setter reads */
};

/* One value's file, as a reload read it on the pool: the reader's answer
 * (rc, got, why). */
typedef struct serve_got {
    const serve_opt *o;
    char *value;
    int rc;
    char *got;
    char why[600];
} serve_got;

extern const serve_opt serve_opts[];
/* A repeatable live option's whole new list on a reload (--serial):
 * 0 applied, 1 it needs a restart. */
int serve_opt_relist(const serve_opt *o, const char *const *v, int n);
const serve_opt *serve_opt_find(const char *name);
int serve_set_int(const serve_opt *o, const char *value, int apply);
/* Say why a value is refused (the caller prints it, with the file and line
 * it came from, or logs it on a reload). */
void serve_opt_fail(const char *fmt, ...) __attribute__((format(printf, 1,
                                                                   2)));
/* What serve_opt_fail said since serve_opt_clear ("" if nothing: the
 * setter's own helper printed its message itself). */
const char *serve_opt_why(void);
void serve_opt_clear(void);
/* Every whole-number option's value now, as its default for a reload
 * that finds its key gone (called once, before any option is taken). */
void serve_opt_keep_defaults(void);
/* The files a reload read on the pool, for the setters to take instead of
 * reading (got[0..n), which stays the caller's); NULL: none, the setters
 * read for themselves (at start, before the loop serves anyone).  A value
 * not among them is refused, never read on the loop. */
void serve_opt_use_reads(const serve_got *got, int n);
void serve_usage(FILE *f);

/* What the options ask serve_main to open at start. */
typedef struct serve_plan {
    const char *data, *user, *server_name, *ssh_hostkey, *pty_link;
    const char *telnet[SERVE_MAX_LINES];
    int telnet_pace[SERVE_MAX_LINES];
    int ntelnet;
    const char *ssh[SERVE_MAX_LINES];
    int nssh;
    const char *serial[SERVE_MAX_LINES];
    int nserial;
    const profile *serial_prof, *pty_prof;
    int npty, pty_pace;
    int pace;                   /* --pace: for the lines that follow */
    int nhttp;
    int beat_s;                 /* --heartbeat */
    int ssh_grace;              /* --ssh-grace (0: the default) */
} serve_plan;
extern serve_plan serve_cfg;

/* The command line and the configuration file (--config FILE, or the
 * default file when it is there), the command line winning: a key given
 * there takes none of the file's lines (a repeatable option's lines are
 * all replaced).  -1: go on and serve; otherwise the exit status (0 after
 * --help, 2 after a message naming the option, or the file and line). */
int serve_conf_start(int argc, char **argv);
/* SIGHUP, in three steps so that no file is read on the loop:
 * serve_conf_reload_prepare (the loop) notes what is in effect and which
 * files a reload reads (NULL: out of memory); serve_conf_reload_read (a
 * worker thread, and nothing else runs with it) reads the configuration
 * file again and every file its options name (the message of the day, a
 * word list); serve_conf_reload_apply (the loop) applies what changed that
 * can change live, and logs what changed and what needs a restart.  A file
 * that cannot be read or has a bad line changes nothing (and is logged).
 * serve_conf_reload_reading (any thread) names the file being read now
 * (NULL: none), for the log to say which one takes long. */
typedef struct serve_reread serve_reread;
serve_reread *serve_conf_reload_prepare(void);
void serve_conf_reload_read(serve_reread *r);
const char *serve_conf_reload_reading(serve_reread *r);
void serve_conf_reload_apply(serve_reread *r);
void serve_conf_reload_free(serve_reread *r);
/* The configuration file's path (read at start, or looked for), and
 * whether one was read at start. */
const char *serve_conf_path(void);
int serve_conf_read(void);

#endif
