/*
 * opt.h - the options every subcommand shares, parsed one at a time.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef OPT_H
#define OPT_H

#include <stddef.h>
#include <stdint.h>

/* If argv[*i] is an option common to serve and play (--seed, --data, --db,
 * --wordlist, --share, --log, --idle), apply it, advance *i and return 1;
 * 0 if it is not one; -1 (after a message) if its value is missing or bad.
 * *data receives --data. */
int opt_common(int argc, char **argv, int *i, const char **data);
/* --recordings-days N and --recordings-max-mb N (serve, and `recording
 * prune`), as opt_common: 1 taken, 0 not one, -1 after a message. */
int opt_recordings(int argc, char **argv, int *i, int *days, int *max_mb);
/* The value of an option at argv[*i] (--name VALUE or --name=VALUE). */
const char *opt_value(int argc, char **argv, int *i, const char *name);
int opt_number(const char *s, long lo, long hi, long *out);
/* A whole-number option name (lo..hi) at argv[*i] into *out: 1 taken, 0
 * not this option, -1 after a message naming it. */
int opt_int(int argc, char **argv, int *i, const char *name, long lo,
            long hi, int *out);
/* --wordlist's value: a readable file (kept as its absolute path) or an
 * installed list's name.  0 (and, with apply, the option set), or -1 with
 * why. */
int opt_wordlist(const char *v, int apply, char *why, size_t n);
/* The same check, on any thread: installed lists are looked for under
 * share; 0 and what to keep (the absolute path or the list's name) in
 * keep, or -1 with why. */
int opt_wordlist_find(const char *v, const char *share, char *keep,
                      size_t keepsize, char *why, size_t n);
/* --counter's value: numbers 0..255 separated by commas. */
int opt_counter_ok(const char *v);
/* --seed's value: 0 and *out, or -1. */
int opt_seed(const char *v, uint64_t *out);
/* The profile a --*profile option names; NULL after a message. */
struct profile;
const struct profile *opt_profile(const char *name);

#endif
