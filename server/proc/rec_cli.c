/*
 * rec_cli.c - `ttyarcade recording ...`: list the index, play a
 * recording on this terminal with its timing, export its .cast file, or
 * apply the retention limits now.  Reads the store directly (the server
 * may be running: SQLite's WAL lets both read).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "conf.h"
#include "opt.h"
#include "rec.h"
#include "rec_cli.h"
#include "replay.h"
#include "srv.h"
#include "store_main.h"

static void rec_cli_usage(FILE *f)
{
    fprintf(f,
        "usage: ttyarcade recording COMMAND [--data DIR]\n"
        "  list [PLAYER]        the recordings, newest first\n"
        "  play ID [--speed N]  play one on this terminal, N times faster\n"
        "                       (pauses longer than 2 s are cut to 2 s)\n"
        "  export ID [-o FILE]  its asciicast v2 file (default: stdout)\n"
        "  prune [--recordings-days N] [--recordings-max-mb N]\n"
        "                       remove the oldest past those limits now\n"
        "DIR as for serve --data (default: the configuration file's data,\n"
        "else $TTYARCADE_DATA or ~/.local/share/ttyarcade; --config FILE,\n"
        "--db URI); nothing is created there.\n");
}

static void rec_cli_row(void *arg, const store_rec_row *r)
{
    (void)arg;
    char when[32];
    time_t t = (time_t)r->start;
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", &tm);
    /* Names were checked when given; the operator's terminal still gets
     * only printable characters. */
    char name[sizeof r->player];
    size_t k = 0;
    for (; r->player[k]; k++)
        name[k] = r->player[k] >= 0x20 && r->player[k] < 0x7f ? r->player[k]
                                                              : '?';
    name[k] = 0;
    printf("%6ld  %-16s %-12s %s  %7.1fs %9ld  %-6s %3dx%-3d %s\n", r->id,
           name, r->game, when, (double)r->duration_ms / 1000, r->size,
           r->term, r->width, r->height, r->result);
}

static char rec_cli_where[4200];     /* where the store was looked for */

static int rec_cli_get(long id, store_rec_row *r, char *path, size_t size)
{
    int rc = store_rec_get(store_main, id, r);
    if (rc == STORE_NOTFOUND) {
        fprintf(stderr, "ttyarcade: no recording %ld in %s\n", id,
                rec_cli_where);
        return -1;
    }
    if (rc != STORE_OK) {
        fprintf(stderr, "ttyarcade: the store in %s cannot be read\n",
                rec_cli_where);
        return -1;
    }
    snprintf(path, size, "%s/recordings/%s", rec_dir(), r->file);
    return 0;
}

static int rec_cli_export(long id, const char *out)
{
    store_rec_row r;
    char path[4096];
    if (rec_cli_get(id, &r, path, sizeof path) != 0)
        return 1;
    FILE *in = fopen(path, "rb");
    if (!in) {
        perror(path);
        return 1;
    }
    FILE *o = out ? fopen(out, "wb") : stdout;
    if (!o) {
        perror(out);
        fclose(in);
        return 1;
    }
    char b[65536];
    size_t n;
    int rc = 0;
    while ((n = fread(b, 1, sizeof b, in)) > 0)
        if (fwrite(b, 1, n, o) != n)
            rc = 1;
    fclose(in);
    if (out ? fclose(o) != 0 : fflush(o) != 0)
        rc = 1;
    return rc;
}

static void rec_cli_sleep(double secs)
{
    if (secs <= 0)
        return;
    struct timespec ts = { (time_t)secs, (long)((secs - (time_t)secs) * 1e9) };
    nanosleep(&ts, NULL);
}

static int rec_cli_play(long id, double speed)
{
    store_rec_row row;
    char path[4096], err[96];
    if (rec_cli_get(id, &row, path, sizeof path) != 0)
        return 1;
    replay r;
    if (replay_load(&r, path, err, sizeof err) != 0) {
        fprintf(stderr, "ttyarcade: %s: %s\n", path, err);
        return 1;
    }
    double prev = 0;
    for (size_t i = 0; i < r.n; i++) {
        double gap = r.ev[i].t - prev;
        prev = r.ev[i].t;
        if (gap > REPLAY_IDLE_MAX)
            gap = REPLAY_IDLE_MAX;
        fflush(stdout);
        rec_cli_sleep(gap / speed);
        /* A resize asks the terminal to take the player's new size
         * (xterm's window operation; a terminal that does not allow it
         * ignores it). */
        if (r.ev[i].width && isatty(STDOUT_FILENO))
            printf("\033[8;%d;%dt", r.ev[i].height, r.ev[i].width);
        fwrite(r.data.p + r.ev[i].off, 1, r.ev[i].len, stdout);
    }
    fflush(stdout);
    replay_free(&r);
    return 0;
}

int rec_cli_main(int argc, char **argv)
{
    const char *data = NULL, *cmd = NULL, *arg = NULL, *out = NULL;
    const char *config = NULL, *db = NULL;
    double speed = 1;
    srv_conf_defaults();
    srv_log_silence();
    for (int i = 1; i < argc; i++) {
        const char *v;
        int r;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            rec_cli_usage(stdout);
            return 0;
        } else if ((v = opt_value(argc, argv, &i, "--data"))) {
            data = v;
        } else if ((v = opt_value(argc, argv, &i, "--db"))) {
            db = v;
        } else if ((v = opt_value(argc, argv, &i, "--config"))) {
            config = v;
        } else if ((v = opt_value(argc, argv, &i, "--speed"))) {
            speed = atof(v);
            if (speed <= 0 || speed > 1000) {
                fprintf(stderr, "ttyarcade: --speed wants a number above 0\n");
                return 2;
            }
        } else if ((v = opt_value(argc, argv, &i, "-o"))) {
            out = v;
        } else if ((r = opt_recordings(argc, argv, &i, &rec_days,
                                       &rec_max_mb)) != 0) {
            if (r < 0)
                return 2;
        } else if (argv[i][0] == '-' || (cmd && arg)) {
            fprintf(stderr, "ttyarcade: unexpected '%s'\n", argv[i]);
            rec_cli_usage(stderr);
            return 2;
        } else if (!cmd) {
            cmd = argv[i];
        } else {
            arg = argv[i];
        }
    }
    if (!cmd) {
        rec_cli_usage(stderr);
        return 2;
    }
    if (conf_where(config, &data, &db) != 0)
        return 1;
    srv.db = db;
    if (store_main_open_existing(data, rec_cli_where,
                                 sizeof rec_cli_where) != 0)
        return 1;
    rec_set_dir(data);
    int rc = 2;
    long id = arg ? strtol(arg, NULL, 10) : 0;
    if (strcmp(cmd, "list") == 0) {
        printf("%6s  %-16s %-12s %-19s  %8s %9s  %-6s %-7s %s\n", "ID",
               "PLAYER", "GAME", "START (UTC)", "LENGTH", "BYTES", "TERM",
               "SIZE", "RESULT");
        int n = store_rec_list(store_main, arg, 0, 0, rec_cli_row, NULL);
        if (n == 0)
            printf("no recordings%s%s in %s\n", arg ? " of " : "",
                   arg ? arg : "", rec_cli_where);
        rc = n < 0;
    } else if ((strcmp(cmd, "play") == 0 || strcmp(cmd, "export") == 0) &&
               id <= 0) {
        fprintf(stderr, "ttyarcade: %s wants a recording's ID (see list)\n",
                cmd);
    } else if (strcmp(cmd, "play") == 0) {
        rc = rec_cli_play(id, speed);
    } else if (strcmp(cmd, "export") == 0) {
        rc = rec_cli_export(id, out);
    } else if (strcmp(cmd, "prune") == 0) {
        int n = rec_prune(store_main, rec_dir(), rec_days, rec_max_mb,
                          (long)time(NULL));
        printf("%d recording%s removed\n", n, n == 1 ? "" : "s");
        rc = 0;
    } else {
        fprintf(stderr, "ttyarcade: no recording command '%s'\n", cmd);
        rec_cli_usage(stderr);
    }
    store_close(store_main);
    store_main = NULL;
    return rc;
}
