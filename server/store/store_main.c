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

int store_main_open(const char *dir)
{
    char err[600];
    if (!dir)
        return -1;      /* srv_default_data has said why */
    /* With --db elsewhere the data directory still holds the admin
     * socket; SQLite makes it itself. */
    if (srv.db && mkdir(dir, 0777) != 0 && errno != EEXIST) {
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
    return 0;
}
