/*
 * admin_int.h - what the operator's socket (admin.c) and its commands
 * about the store (admin_bans.c) share: one connection and its answer.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef ADMIN_INT_H
#define ADMIN_INT_H

#include <stddef.h>
#include <uv.h>

#include "acct.h"
#include "admin.h"
#include "buf.h"
#include "sess.h"

typedef struct admin_conn admin_conn;
struct admin_conn {
    uv_pipe_t pipe;
    uv_timer_t timer;
    uv_write_t wreq;
    uv_work_t work;
    char line[ADMIN_LINE];
    size_t n;
    int done;                   /* a command was taken */
    int handles;                /* open handles; freed at 0 */
    buf reply;
    /* a command waiting for the store: work runs on a worker thread
     * (it may add to reply: the loop does not touch it meanwhile), then
     * after on the loop, which answers */
    void (*run)(admin_conn *c);
    void (*after)(admin_conn *c);
    char range[64], reason[128];
    char key[ACCT_NAME_SIZE], name[ACCT_NAME_SIZE];
    int unban, rc, nbans[2];
    int busy;                   /* a worker holds c: it outlives the
                                   timer */
};

/* One line of the answer. */
#define admin_line(c, ...) \
    (buf_printf(&(c)->reply, __VA_ARGS__), buf_addc(&(c)->reply, '\n'))

/* Run the command's store part, run, on a worker thread (it may add to
 * the answer: the loop does not touch it meanwhile), then after on the
 * loop, then answer: 1, or 0 after an ERR line. */
int admin_store(admin_conn *c, void (*run)(admin_conn *c),
                void (*after)(admin_conn *c));
/* Only printable ASCII reaches the players' terminals and the log. */
void admin_clean(const char *in, char *out, size_t size);
/* The next word of *arg (cut to size), *arg moved past it and its
 * blanks; 0 when there is none. */
int admin_word(const char **arg, char *out, size_t size);
/* End a session as the server's stop does: the player is told why, input
 * ends, and the game saves on its way out. */
void admin_end(sess *s, const char *why);

/* admin_bans.c: 1 when the answer waits for the store. */
int admin_ban(admin_conn *c, const char *arg, int unban);
int admin_lock(admin_conn *c, const char *arg, int unlock);
int admin_bans(admin_conn *c);

#endif
