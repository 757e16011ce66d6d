/*
 * benchutil.c - what the benchmarks that start servers share (see
 * benchutil.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>

#include "benchutil.h"

extern char **environ;

char *bench_read(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    static char buf[1 << 18];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    return buf;
}

pid_t bench_spawn(char *const argv[], const char *out)
{
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, out, O_WRONLY | O_CREAT, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    pid_t pid;
    int rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) {
        perror(argv[0]);
        return -1;
    }
    return pid;
}
