/*
 * admin.h - the operator's socket: `ttyarcade admin ...` talks to the
 * running server over DATA/admin.sock (mode 0600, so only the server's
 * own user, or root, may steer it).
 *
 * Protocol: the client sends one line, a command and its arguments; the
 * server answers with lines, the last "OK ..." or "ERR why", and closes.
 *   who | say [--to ID|NAME] TEXT | kick ID|NAME |
 *   ban ADDR[/PREFIX] [REASON] | unban ADDR[/PREFIX] |
 *   lock NAME [REASON] | unlock NAME | bans | stats
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef ADMIN_H
#define ADMIN_H

#define ADMIN_SOCKET "admin.sock"
#define ADMIN_LINE 1024

/* Listens on DIR/admin.sock.  -1 (with a message) if it cannot. */
int admin_listen(const char *datadir);
void admin_stop(void);

/* A connected socket to the server at path, or -1 (errno set). */
int admin_probe(const char *path);

/* `ttyarcade admin COMMAND ... [--data DIR]`. */
int admin_main(int argc, char **argv);

#endif
