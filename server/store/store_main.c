/*
 * store_main.c - the process's one store: --db when given, else SQLite in
 * the data directory.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "srv.h"
#include "store_main.h"

store *store_main;

/* Warn when the data directory, or the database in it, is open to other
 * users: the database holds password hashes and every resume code.  One
 * this server made is never (store_sqlite.c); one made by hand, or by an
 * older version, may be. */
static void store_main_check_modes(const char *dir)
{
    char path[4096];
    const char *paths[2] = { dir, path };
    snprintf(path, sizeof path, "%s/ttyarcade.db", dir);
    for (int i = 0; i < 2; i++) {
        struct stat sb;
        if (stat(paths[i], &sb) != 0 || !(sb.st_mode & 077))
            continue;
        fprintf(stderr, "ttyarcade: warning: %s is open to other users "
                "(mode %03o); it holds password hashes and resume codes: "
                "chmod %s %s\n", paths[i], (unsigned)(sb.st_mode & 0777),
                i ? "600" : "700", paths[i]);
        srv_log("warning: %s is open to other users (mode %03o)", paths[i],
                (unsigned)(sb.st_mode & 0777));
    }
}

int store_main_open(const char *dir)
{
    char err[600];
    if (!dir)
        return -1;      /* srv_default_data has said why */
    /* With --db elsewhere the data directory still holds the admin
     * socket; SQLite makes it itself. */
    if (srv.db && mkdir(dir, 0700) != 0 && errno != EEXIST) {
        fprintf(stderr, "ttyarcade: cannot create %s: %s\n", dir,
                strerror(errno));
        return -1;
    }
    int rc = store_open(&store_main, srv.db ? srv.db : dir, err, sizeof err);
    if (rc != TTY_OK) {
        fprintf(stderr, "ttyarcade: %s\n"
                "ttyarcade: saved games need a %s the server can write "
                "(--data DIR or --db URI)\n", err,
                srv.db ? "database" : "data directory");
        return -1;
    }
    store_set_wait(store_main, srv.store_wait_ms);
    store_main_check_modes(dir);
    return 0;
}

int store_main_open_existing(const char *dir, char *where, size_t n)
{
    char db[4200];
    struct stat sb;
    if (!dir)
        return -1;      /* srv_default_data has said why */
    if (srv.db) {
        /* Never the URI itself: it may carry a password. */
        snprintf(where, n, "the database of --db");
    } else {
        snprintf(where, n, "%s", dir);
        snprintf(db, sizeof db, "%s/ttyarcade.db", dir);
        if (stat(db, &sb) != 0) {
            fprintf(stderr, "ttyarcade: no database in %s (no %s): give the "
                    "server's data directory with --data DIR, or data = in "
                    "its configuration file\n", dir, db);
            return -1;
        }
    }
    char err[600];
    if (store_open(&store_main, srv.db ? srv.db : dir, err, sizeof err) !=
        TTY_OK) {
        fprintf(stderr, "ttyarcade: %s\n", err);
        return -1;
    }
    store_set_wait(store_main, srv.store_wait_ms);
    return 0;
}
