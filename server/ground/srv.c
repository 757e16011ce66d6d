/*
 * srv.c - process-wide settings and the log.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "logq.h"
#include "srv.h"

srv_conf srv;
uv_loop_t *srv_loop;
int srv_stopping;
static FILE *srv_logf;
static int srv_log_off;
static char *srv_log_path;      /* --log FILE, for srv_log_reopen */

void srv_conf_defaults(void)
{
    for (int i = 0; i < SRV_OPTS; i++)
        free(srv.opts[i].value);
    free(srv.motd);
    memset(&srv, 0, sizeof srv);
    srv.max_sessions = 10000;
    srv.max_per_addr = 64;
    srv.idle_ms = 30 * 60 * 1000;
    srv.line_max = 80;
    srv.out_high = 32 * 1024;
    srv.stall_ms = 60 * 1000;
    srv.stack_kib = 256;
    srv.pace_scale = 1;
    srv.store_wait_ms = 5000;
    srv.keepalive_s = 60;
    srv.default_game = "hangman";   /* Return at the menu plays this */
}

void srv_set_option(const char *key, const char *value)
{
    int slot = -1;
    for (int i = 0; i < SRV_OPTS; i++) {
        if (srv.opts[i].value && strcmp(srv.opts[i].key, key) == 0) {
            slot = i;
            break;
        }
        if (!srv.opts[i].value && slot < 0)
            slot = i;
    }
    if (slot < 0)
        return;
    free(srv.opts[slot].value);
    srv.opts[slot].value = value ? strdup(value) : NULL;
    if (value)
        snprintf(srv.opts[slot].key, sizeof srv.opts[slot].key, "%s", key);
}

void srv_set_motd(const char *text)
{
    free(srv.motd);
    srv.motd = text && *text ? strdup(text) : NULL;
}

const char *srv_option(const char *key)
{
    for (int i = 0; i < SRV_OPTS; i++)
        if (srv.opts[i].value && strcmp(srv.opts[i].key, key) == 0)
            return srv.opts[i].value;
    return NULL;
}

void srv_log_open(FILE *f)
{
    srv_logf = f;
    srv_log_off = 0;
}

int srv_log_open_path(const char *path)
{
    FILE *f = *path ? fopen(path, "a") : NULL;
    if (!f)
        return -1;
    char *copy = strdup(path);
    if (!copy) {
        fclose(f);
        return -1;
    }
    if (srv_logf && srv_logf != stderr)
        fclose(srv_logf);
    free(srv_log_path);
    srv_log_path = copy;
    srv_log_open(f);
    return 0;
}

const char *srv_log_name(void)
{
    return srv_log_path;
}

int srv_log_open_fd(const char *path)
{
    /* Without O_NONBLOCK a FIFO nobody reads would hold the open forever;
     * with it, that open fails (ENXIO) and the old log is kept.  Once
     * open, the descriptor blocks again as fopen's did: the log's writer
     * thread counts on whole writes. */
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK |
                  O_CLOEXEC, 0666);
    if (fd < 0)
        return -1;
    int fl = fcntl(fd, F_GETFL);
    if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

int srv_log_reopen_take(int fd)
{
    if (!srv_log_path) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    /* The old file may have been moved away by a log rotator: a new one
     * takes its name; if that failed, logging goes on into the old one. */
    if (fd < 0)
        return -2;
    if (srv_logf && srv_logf != stderr) {
        /* The log's writer thread may be writing to the old descriptor
         * this moment: the new file takes over the same descriptor number
         * (dup2 is atomic), so no write can land in a file or socket that
         * reuses a closed number. */
        fflush(srv_logf);
        int rc = dup2(fd, fileno(srv_logf));
        close(fd);
        return rc < 0 ? -2 : 0;
    }
    FILE *f = fdopen(fd, "a");
    if (!f) {
        close(fd);
        return -2;
    }
    srv_logf = f;
    return 0;
}

int srv_log_fd(void)
{
    FILE *f = srv_logf ? srv_logf : stderr;
    int fd = fileno(f);
    return fd >= 0 ? fd : 2;
}

void srv_log_silence(void)
{
    srv_log_off = 1;
}

void srv_log(const char *fmt, ...)
{
    if (srv_log_off)
        return;
    FILE *f = srv_logf ? srv_logf : stderr;
    char line[1024];
    time_t now = time(NULL);
    struct tm tm;
    size_t n = strftime(line, sizeof line, "%Y-%m-%dT%H:%M:%S ",
                        localtime_r(&now, &tm));
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(line + n, sizeof line - n - 1, fmt, ap);
    va_end(ap);
    if (k < 0)
        return;
    n += (size_t)k < sizeof line - n - 1 ? (size_t)k : sizeof line - n - 2;
    line[n++] = '\n';
    /* Written by the log's own thread: a log nobody reads never stops
     * the loop (lines are dropped and counted instead). */
    int fd = fileno(f);
    if (fd < 0) {
        /* A stream with no descriptor (a test's memory stream) cannot
         * block: write it here. */
        fwrite(line, 1, n, f);
        fflush(f);
        return;
    }
    logq_put(fd, line, n);
}

const char *srv_default_data(int make)
{
    static char path[4096];
    const char *env = getenv("TTYARCADE_DATA");
    if (env && *env)
        return env;
    /* Without a home, a default would land wherever the server happened
     * to be started: refuse rather than scatter databases. */
    const char *home = getenv("HOME");
    if (!home || home[0] != '/') {
        fprintf(stderr, "ttyarcade: HOME is %s: give the data directory "
                "with --data DIR or $TTYARCADE_DATA\n",
                home && *home ? "not an absolute path" : "not set");
        return NULL;
    }
    snprintf(path, sizeof path, "%s/.local/share/ttyarcade", home);
    if (!make)
        return path;
    /* ~/.local/share may not exist yet on a fresh account. */
    char parent[4096];
    snprintf(parent, sizeof parent, "%s/.local", home);
    mkdir(parent, 0777);
    strncat(parent, "/share", sizeof parent - strlen(parent) - 1);
    mkdir(parent, 0777);
    return path;
}
