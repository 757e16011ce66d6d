/*
 * benchutil.c - what the benchmarks that start servers share (see
 * benchutil.h).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <dirent.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

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

int bench_log_port(const char *log, const char *what)
{
    char line[256];
    int port = 0;
    FILE *f = fopen(log, "r");
    while (f && fgets(line, sizeof line, f)) {
        char *p = strstr(line, what);
        if (p)
            port = atoi(p + strlen(what));
    }
    if (f)
        fclose(f);
    return port;
}

int bench_wait_port(const char *log, const char *what)
{
    for (int i = 0; i < 200; i++) {
        int port = bench_log_port(log, what);
        if (port)
            return port;
        usleep(50000);
    }
    return 0;
}

int bench_rmdir(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

void bench_nofile_max(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
}

/* ---- a process's figures ---- */

long bench_proc_kib(int pid, const char *file, const char *key)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/%s", pid, file);
    FILE *f = fopen(path, "r");
    long v = -1;
    if (!f)
        return -1;
    size_t n = strlen(key);
    while (fgets(line, sizeof line, f))
        if (strncmp(line, key, n) == 0) {
            v = atol(line + n);
            break;
        }
    fclose(f);
    return v;
}

/* utime and stime of a stat file (fields 14 and 15, counted after the
 * command's closing parenthesis, which may hold spaces), in seconds. */
static double stat_cpu_s(const char *path)
{
    char buf[1024];
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *p = strrchr(buf, ')');
    unsigned long ut = 0, st = 0;
    if (p)
        sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu",
               &ut, &st);
    return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}

double bench_cpu_s(int pid, const char *comm)
{
    char path[512];
    if (!comm) {
        snprintf(path, sizeof path, "/proc/%d/stat", pid);
        return stat_cpu_s(path);
    }
    snprintf(path, sizeof path, "/proc/%d/task", pid);
    DIR *d = opendir(path);
    struct dirent *e;
    double v = 0;
    while (d && (e = readdir(d))) {
        char name[64] = "";
        snprintf(path, sizeof path, "/proc/%d/task/%s/comm", pid, e->d_name);
        FILE *f = fopen(path, "r");
        if (!f)
            continue;
        int match = fgets(name, sizeof name, f) &&
                    strncmp(name, comm, strlen(comm)) == 0;
        fclose(f);
        if (match) {
            snprintf(path, sizeof path, "/proc/%d/task/%s/stat", pid,
                     e->d_name);
            v = stat_cpu_s(path);
        }
    }
    if (d)
        closedir(d);
    return v;
}

/* ---- echo times ---- */

void bench_lat_add(bench_lat *l, double ms)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 4096;
        l->ms = realloc(l->ms, l->cap * sizeof *l->ms);
    }
    l->ms[l->n++] = ms;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

void bench_lat_sort(bench_lat *l)
{
    qsort(l->ms, l->n, sizeof *l->ms, cmp_double);
}

double bench_lat_pct(const bench_lat *l, int pct)
{
    size_t i = l->n * (size_t)pct / 100;
    return l->ms[i < l->n ? i : l->n - 1];
}

void bench_lat_free(bench_lat *l)
{
    free(l->ms);
    l->ms = NULL;
    l->n = l->cap = 0;
}
