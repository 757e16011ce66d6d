/*
 * opt.c - shared option parsing.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "opt.h"
#include "profile.h"
#include "resource.h"
#include "srv.h"

/* A missing value is said here and comes back as "", which every caller
 * refuses: the message names the option either way. */
const char *opt_value(int argc, char **argv, int *i, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(argv[*i], name, n) != 0)
        return NULL;
    if (argv[*i][n] == '=')
        return argv[*i] + n + 1;
    if (argv[*i][n] != 0)
        return NULL;
    if (*i + 1 >= argc) {
        fprintf(stderr, "ttyarcade: %s needs a value\n", name);
        return "";
    }
    return argv[++*i];
}

int opt_number(const char *s, long lo, long hi, long *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

int opt_int(int argc, char **argv, int *i, const char *name, long lo,
            long hi, int *out)
{
    const char *v = opt_value(argc, argv, i, name);
    long n;
    if (!v)
        return 0;
    if (opt_number(v, lo, hi, &n) != 0) {
        fprintf(stderr, "ttyarcade: %s wants a number %ld..%ld, not '%s'\n",
                name, lo, hi, v);
        return -1;
    }
    *out = (int)n;
    return 1;
}

/*
 * --wordlist FILE is a path, wherever it points (a bare name is a file in
 * the current directory, not an installed list: those are chosen from the
 * menu).  It must be readable now; it is kept absolute, so the game finds
 * it whatever the directory the server runs in.  Only a bare word (no
 * slash, no dot) that is no file here names an installed list (the menu's
 * names: animals, scelbi...).
 */
int opt_wordlist_find(const char *v, const char *share, char *keep,
                      size_t keepsize, char *why, size_t n)
{
    struct stat st;
    FILE *f = NULL;
    const char *err = NULL;
    if (!*v) {
        snprintf(why, n, "--wordlist wants a file");
        return -1;
    }
    if (stat(v, &st) != 0 && errno == ENOENT && !strpbrk(v, "/.") &&
        strlen(v) < RESOURCE_NAME) {
        char path[4096];
        snprintf(path, sizeof path, "%s/wordlists/%s.txt", share, v);
        if (access(path, R_OK) == 0) {
            snprintf(keep, keepsize, "%s", v);
            return 0;
        }
        snprintf(why, n, "cannot read word list '%s': no such file here, "
                         "nor an installed list of that name", v);
        return -1;
    }
    if (stat(v, &st) != 0)
        err = strerror(errno);
    else if (S_ISDIR(st.st_mode))
        err = "it is a directory";
    else if (!(f = fopen(v, "r")))
        err = strerror(errno);
    if (err) {
        snprintf(why, n, "cannot read word list '%s': %s", v, err);
        return -1;
    }
    fclose(f);
    char abs[PATH_MAX];
    snprintf(keep, keepsize, "%s", realpath(v, abs) ? abs : v);
    return 0;
}

int opt_wordlist(const char *v, int apply, char *why, size_t n)
{
    char keep[PATH_MAX];
    if (opt_wordlist_find(v, resource_share(), keep, sizeof keep, why, n)
        != 0)
        return -1;
    if (apply)
        srv_set_option("wordlist", keep);
    return 0;
}

int opt_counter_ok(const char *v)
{
    /* Space Capture's register L, value by value (games read it with
     * tty_option "counter"). */
    const char *p = v;
    for (;;) {
        char *end;
        long n = strtol(p, &end, 10);
        if (end == p || n < 0 || n > 255 || (*end && *end != ','))
            return 0;
        if (!*end)
            return 1;
        p = end + 1;
    }
}

int opt_seed(const char *v, uint64_t *out)
{
    char *end;
    unsigned long long n = strtoull(v, &end, 10);
    if (!*v || *end || *v == '-')
        return -1;
    *out = n;
    return 0;
}

int opt_recordings(int argc, char **argv, int *i, int *days, int *max_mb)
{
    const char *v;
    long n;
    if ((v = opt_value(argc, argv, i, "--recordings-days"))) {
        if (opt_number(v, 0, 100000, &n) != 0) {
            fprintf(stderr, "ttyarcade: --recordings-days wants 0..100000 "
                            "days (0: keep them all)\n");
            return -1;
        }
        *days = (int)n;
        return 1;
    }
    if ((v = opt_value(argc, argv, i, "--recordings-max-mb"))) {
        if (opt_number(v, 0, 100000000, &n) != 0) {
            fprintf(stderr, "ttyarcade: --recordings-max-mb wants 0..100000000"
                            " MiB (0: no limit)\n");
            return -1;
        }
        *max_mb = (int)n;
        return 1;
    }
    return 0;
}

int opt_common(int argc, char **argv, int *i, const char **data)
{
    const char *v;
    long n;
    if ((v = opt_value(argc, argv, i, "--seed"))) {
        if (opt_seed(v, &srv.seed) != 0) {
            fprintf(stderr, "ttyarcade: --seed wants a number\n");
            return -1;
        }
        srv.seeded = 1;
        return 1;
    }
    if ((v = opt_value(argc, argv, i, "--data"))) {
        if (!*v) {
            fprintf(stderr, "ttyarcade: --data wants a directory\n");
            return -1;
        }
        *data = v;
        return 1;
    }
    if ((v = opt_value(argc, argv, i, "--db"))) {
        if (!*v)
            return -1;
        srv.db = v;
        return 1;
    }
    if ((v = opt_value(argc, argv, i, "--wordlist"))) {
        char why[512];
        if (opt_wordlist(v, 1, why, sizeof why) != 0) {
            fprintf(stderr, "ttyarcade: %s\n", why);
            return -1;
        }
        return 1;
    }
    if ((v = opt_value(argc, argv, i, "--counter"))) {
        if (!opt_counter_ok(v)) {
            fprintf(stderr, "ttyarcade: --counter wants numbers 0 to "
                            "255 separated by commas\n");
            return -1;
        }
        srv_set_option("counter", v);
        return 1;
    }
    if ((v = opt_value(argc, argv, i, "--share"))) {
        if (!*v) {
            fprintf(stderr, "ttyarcade: --share wants a directory\n");
            return -1;
        }
        srv_set_option("share", v);
        return 1;
    }
    if ((v = opt_value(argc, argv, i, "--log"))) {
        if (srv_log_open_path(v) != 0) {
            fprintf(stderr, "ttyarcade: --log: cannot open '%s'\n", v);
            return -1;
        }
        return 1;
    }
    if ((v = opt_value(argc, argv, i, "--idle"))) {
        if (opt_number(v, 0, 86400 * 7, &n) != 0) {
            fprintf(stderr, "ttyarcade: --idle wants seconds\n");
            return -1;
        }
        srv.idle_ms = (int)(n * 1000);
        return 1;
    }
    return 0;
}

const profile *opt_profile(const char *name)
{
    const profile *p = profile_find(name);
    if (!p)
        fprintf(stderr, "ttyarcade: no profile '%s' (asr33, glass, ansi)\n",
                name);
    return p;
}
