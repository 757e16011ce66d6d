/*
 * hp_reset.c - the operator's commands on the shared memory a data
 * directory keeps (hp_shared.c writes it while people play):
 *
 *   ttyarcade hexpawn reset [--data DIR]    back to "its initial state of
 *                                           ignorance", as RSTR did when
 *                                           the 8008 program was started
 *   ttyarcade hexpawn learned [--data DIR]  what it has learned so far
 *
 * A command-line program with no session, so it opens the data
 * directory's store itself, through the contract's tool calls; SQLite's
 * locking makes that safe beside a running server, whose players pick the
 * reset memory up when their next game starts.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include <stdlib.h>
#include <string.h>

#include "hp.h"
#include "tty.h"

/* The stored memory: 1 if one was found, 0 if none is stored yet (*mem is
 * then the initial state), -1 if it cannot be read. */
static int hp_stored(tty_tool_store *st, hp_memory *mem)
{
    void *data = NULL;
    size_t len = 0;
    int rc = tty_tool_table_get(st, HP_MEMORY_TABLE, &data, &len);
    hp_memory_reset(mem);
    if (rc == TTY_NOTFOUND)
        return 0;
    if (rc != TTY_OK)
        return -1;
    rc = hp_memory_load(mem, data, len) == 0 ? 1 : -1;
    free(data);
    return rc;
}

int hp_tool_store(FILE *out, FILE *err, int argc, char **argv)
{
    const char *cmd = argv[1], *dir = NULL;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--data") && i + 1 < argc) {
            dir = argv[++i];
        } else if (!strncmp(argv[i], "--data=", 7)) {
            dir = argv[i] + 7;
        } else {
            fprintf(err, "hexpawn %s: bad argument '%s'\n", cmd, argv[i]);
            return 2;
        }
    }
    /* A mistyped directory is never made and "reset". */
    char msg[256];
    tty_tool_store *st;
    if (tty_tool_open(dir, &st, &dir, msg, sizeof msg) != TTY_OK) {
        fprintf(err, "hexpawn %s: %s\n", cmd, msg);
        return 1;
    }
    hp_memory mem;
    int found = hp_stored(st, &mem);
    int rc = 0;
    if (!strcmp(cmd, "learned")) {
        if (found < 0)
            fprintf(err, "hexpawn learned: the stored memory in %s cannot "
                    "be read\n", dir);
        else
            hp_tool_models(out, &mem);
        rc = found < 0;
    } else {
        int before = found > 0 ? hp_memory_struck(&mem) : 0;
        uint8_t bytes[HP_MEMORY_BYTES];
        hp_memory_reset(&mem);
        size_t n = hp_memory_save(&mem, bytes, sizeof bytes);
        if (tty_tool_table_put(st, HP_MEMORY_TABLE, bytes, n) != TTY_OK) {
            fprintf(err, "hexpawn reset: cannot write to %s\n", dir);
            rc = 1;
        } else {
            fprintf(out, "hexpawn: the memory in %s is back in its initial "
                    "state of ignorance (%s%d of %d moves were struck out)\n",
                    dir, found < 0 ? "it could not be read; " : "", before,
                    hp_memory_moves());
        }
    }
    tty_tool_close(st);
    return rc;
}
