/*
 * store_tool.c - the contract's storage for engine tools (tty_tool_*):
 * a command-line program with no session opens the store of a data
 * directory itself, and reaches it only through the contract.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "srv.h"
#include "store.h"
#include "tty.h"

/* The tool's handle is the store itself. */
struct tty_tool_store {
    store *st;
};

int tty_tool_open(const char *dir, tty_tool_store **out, const char **where,
                  char *err, size_t errlen)
{
    *out = NULL;
    if (!dir && !(dir = srv_default_data(0))) {
        snprintf(err, errlen, "no data directory (give --data DIR)");
        return TTY_FAILED;
    }
    if (where)
        *where = dir;
    /* A mistyped directory must not be made, and then read as empty. */
    struct stat sb;
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        snprintf(err, errlen, "no data directory %s", dir);
        return TTY_NOTFOUND;
    }
    tty_tool_store *ts = malloc(sizeof *ts);
    if (!ts) {
        snprintf(err, errlen, "out of memory");
        return TTY_NOMEM;
    }
    int rc = store_open(&ts->st, dir, err, errlen);
    if (rc != TTY_OK) {
        free(ts);
        return rc;
    }
    *out = ts;
    return TTY_OK;
}

int tty_tool_table_get(tty_tool_store *ts, const char *name, void **data,
                       size_t *len)
{
    return store_table_get(ts->st, name, data, len);
}

int tty_tool_table_put(tty_tool_store *ts, const char *name,
                       const void *data, size_t len)
{
    return store_table_put(ts->st, name, data, len);
}

void tty_tool_close(tty_tool_store *ts)
{
    if (!ts)
        return;
    store_close(ts->st);
    free(ts);
}
