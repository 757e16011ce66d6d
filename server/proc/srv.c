/*
 * srv.c - process-wide settings, the log and the store.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "logq.h"
#include "srv.h"

srv_conf srv;
uv_loop_t *srv_loop;
store *srv_store;
int srv_stopping;
static FILE *srv_logf;
static int srv_log_off;

void srv_conf_defaults(void)
{
    for (int i = 0; i < SRV_OPTS; i++)
        free(srv.opts[i].value);
    memset(&srv, 0, sizeof srv);
    srv.max_sessions = 10000;
    srv.max_per_addr = 64;
    srv.idle_ms = 30 * 60 * 1000;
    srv.line_max = 80;
    srv.out_high = 32 * 1024;
    srv.stall_ms = 60 * 1000;
    srv.stack_kib = 256;
    srv.pace_scale = 1;
    srv.default_game = "hangman";   /* Return at the menu plays this */
}

void srv_set_option(const char *key, const char *value)
{
    for (int i = 0; i < SRV_OPTS; i++) {
        if (!srv.opts[i].value || strcmp(srv.opts[i].key, key) == 0) {
            snprintf(srv.opts[i].key, sizeof srv.opts[i].key, "%s", key);
            free(srv.opts[i].value);
            srv.opts[i].value = strdup(value);
            return;
        }
    }
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
    logq_put(fileno(f), line, n);
}

int srv_open_store(const char *dir)
{
    char err[512];
    if (store_open(&srv_store, dir, err, sizeof err) != STORE_OK) {
        fprintf(stderr, "ttyarcade: %s\n", err);
        return -1;
    }
    return 0;
}

const char *srv_default_data(void)
{
    static char path[4096];
    const char *env = getenv("TTYARCADE_DATA");
    if (env && *env)
        return env;
    const char *home = getenv("HOME");
    snprintf(path, sizeof path, "%s/.local/share/ttyarcade",
             home && *home ? home : ".");
    /* ~/.local/share may not exist yet on a fresh account. */
    char parent[4096];
    snprintf(parent, sizeof parent, "%s/.local", home && *home ? home : ".");
    mkdir(parent, 0777);
    strncat(parent, "/share", sizeof parent - strlen(parent) - 1);
    mkdir(parent, 0777);
    return path;
}
