/*
 * opt.c - shared option parsing.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "opt.h"
#include "profile.h"
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

int opt_common(int argc, char **argv, int *i, const char **data)
{
    const char *v;
    long n;
    if ((v = opt_value(argc, argv, i, "--seed"))) {
        char *end;
        srv.seed = strtoull(v, &end, 10);
        if (!*v || *end) {
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
    if ((v = opt_value(argc, argv, i, "--wordlist"))) {
        if (!*v) {
            fprintf(stderr, "ttyarcade: --wordlist wants a file\n");
            return -1;
        }
        /* A path is checked now (a name is looked up in the share
         * directory when a game asks for it). */
        if (strchr(v, '/') && access(v, R_OK) != 0) {
            fprintf(stderr, "ttyarcade: --wordlist '%s': %s\n", v,
                    strerror(errno));
            return -1;
        }
        srv_set_option("wordlist", v);
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
